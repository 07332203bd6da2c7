import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TERMINALS } from "../terminals";
import { initialDraft, mirrorReturnLeg, setFlightTime, setLegDate, withTripMode, type BookingDraft } from "./draft";
import { DRAFT_FIELDS } from "./fields";
import { restoreDraft } from "./restore";
import { airportOfPlace, pickupAirport, withOfferedTerminals } from "./terminal";
import { bookingFormSchema, stripMarkup, validateDraft } from "./validation";
import { ENGLISH_WORDS } from "~/lib/test-support/booking-words";

// The pick-up terminal (docs/product.md, Booking screen and Booking rules): asked for a pick-up
// from a flight at an airport, one of that airport's terminals or "Not known yet" (empty).

const now = new Date("2026-05-10T10:00:00Z");
const CDG = "Charles de Gaulle Airport (CDG)";
const DISNEY = "Disneyland Paris";
const CDG_MESSAGE =
  "The pick-up terminal must be a terminal of Paris Charles de Gaulle Airport (1, 2A, 2B, 2C, 2D, 2E, 2F, 2G, 3), or 'Not known yet'.";
const NOT_AIRPORT = "A terminal is asked only for a pick-up from a flight at an airport: please leave it empty.";

const customer = { lastname: "Martin", firstname: "Claire", email: "claire@example.com", phone_mobile: "+33612345678" };

/** CDG → Disneyland for two, landing at 10:15 on 20 May 2026. */
function arrival(extra: BookingDraft = {}, roundTrip = false): BookingDraft {
  let draft = initialDraft({ depart: CDG, arrive: DISNEY, nb_pax: "2" }, { now });
  draft = setFlightTime(setLegDate(draft, 1, { year: 2026, month: 5, day: 20 }), "pu", 1, "10:15");
  draft = {
    ...draft,
    ...customer,
    city_vol_pu_1: "New York",
    num_vol_pu_1: "AF007",
    address_drop_1: "Rue de la Marnière",
    zip_drop_1: "77700",
  };
  if (roundTrip) {
    draft = mirrorReturnLeg(withTripMode(draft, true));
    draft = { ...setFlightTime(setLegDate(draft, 2, { year: 2026, month: 5, day: 25 }), "drop", 2, "18:00"), num_vol_drop_2: "AF008" };
  }
  return { ...draft, ...extra };
}

/** Disneyland → CDG for two, taking off at 14:30 on 20 May 2026; round trip back on 25 May landing at 10:00. */
function departure(extra: BookingDraft = {}, roundTrip = false): BookingDraft {
  let draft = initialDraft({ depart: DISNEY, arrive: CDG, nb_pax: "2" }, { now });
  draft = setFlightTime(setLegDate(draft, 1, { year: 2026, month: 5, day: 20 }), "drop", 1, "14:30");
  draft = { ...draft, ...customer, city_vol_drop_1: "Rome", num_vol_drop_1: "AZ1", address_pu_1: "Rue de la Marnière", zip_pu_1: "77700" };
  if (roundTrip) {
    draft = mirrorReturnLeg(withTripMode(draft, true));
    draft = { ...setFlightTime(setLegDate(draft, 2, { year: 2026, month: 5, day: 25 }), "pu", 2, "10:00"), num_vol_pu_2: "AZ2" };
  }
  return { ...draft, ...extra };
}

const errorsOf = (draft: BookingDraft) =>
  validateDraft(draft, { now, rows: [] }, ENGLISH_WORDS).errors.map((e) => ({ field: e.field, message: stripMarkup(e.message) }));
const parse = (draft: BookingDraft) => bookingFormSchema({ now, rows: [] }).parse(draft);
/** The terminals the form offers at the outbound's pick-up (EndFields): the pick-up airport's own, none elsewhere. */
const terminalsOffered = (draft: BookingDraft): readonly string[] => {
  const airport = pickupAirport(draft, 1);
  return airport ? TERMINALS[airport.code] : [];
};

describe("the terminal question", () => {
  it("is a draft field, posted with the rest", () => {
    expect(DRAFT_FIELDS).toContain("terminal_pu_1");
    expect(DRAFT_FIELDS).toContain("terminal_pu_2");
    expect(DRAFT_FIELDS.filter((f) => f.startsWith("terminal_"))).toEqual(["terminal_pu_1", "terminal_pu_2"]);
  });

  it("is asked for a pick-up from a flight at an airport, with that airport's terminals", () => {
    expect(pickupAirport(arrival(), 1)?.code).toBe("CDG");
    expect(terminalsOffered(arrival())).toEqual(["1", "2A", "2B", "2C", "2D", "2E", "2F", "2G", "3"]);
    expect(terminalsOffered({ ...arrival(), lieu_pu_1: "Orly Airport (ORY)" })).toEqual(["1", "2", "3", "4"]);
    expect(terminalsOffered({ ...arrival(), lieu_pu_1: "beauvais_airport_(bva)" })).toEqual(["1", "2"]);
  });

  it("is not asked for a drop-off, an address pick-up, or a flight end at a place that is no airport", () => {
    expect(pickupAirport(departure(), 1)).toBeNull();
    expect(terminalsOffered(departure())).toEqual([]);
    expect(pickupAirport({ ...departure(), type_pu_t1: "1" }, 1)).toBeNull();
    expect(airportOfPlace("Paris")).toBeUndefined();
    expect(airportOfPlace("Charles_de_Gaulle_Airport_(CDG)")?.code).toBe("CDG");
  });

  it("on a round trip from a hotel, is asked of the return's pick-up", () => {
    expect(pickupAirport(departure({}, true), 1)).toBeNull();
    expect(pickupAirport(departure({}, true), 2)?.code).toBe("CDG");
  });
});

describe("the terminal rule and the stored booking", () => {
  it.each(["", ...TERMINALS.CDG])("a CDG pick-up takes %j, stored on the pick-up end", (terminal) => {
    const booking = parse(arrival({ terminal_pu_1: terminal }));
    expect(booking.legs[0]!.pickup.terminal).toBe(terminal);
    expect(booking.legs[0]!.dropoff.terminal).toBe("");
  });

  it("a booking without the field (a post from before the question) stores it not known", () => {
    const draft = arrival();
    delete draft.terminal_pu_1;
    expect(parse(draft).legs[0]!.pickup.terminal).toBe("");
  });

  it.each([
    ["an Orly terminal", "4"],
    ["a terminal no airport has", "2H"],
    ["a terminal in lower case", "2e"],
    ["another text", "Terminal 2E"],
  ])("a CDG pick-up refuses %s (%j) with a clear message, on the terminal", (_label, terminal) => {
    expect(errorsOf(arrival({ terminal_pu_1: terminal }))).toEqual([{ field: "terminal_pu_1", message: `FIRST STEP - ${CDG_MESSAGE}` }]);
  });

  it("a terminal on a pick-up that is not at an airport is refused", () => {
    expect(errorsOf(departure({ terminal_pu_1: "1" }))).toEqual([{ field: "terminal_pu_1", message: `FIRST STEP - ${NOT_AIRPORT}` }]);
  });

  it("the return's pick-up at the airport takes its own terminal", () => {
    const booking = parse(departure({ terminal_pu_2: "2E" }, true));
    expect(booking.legs.map((l) => [l.pickup.terminal, l.dropoff.terminal])).toEqual([
      ["", ""],
      ["2E", ""],
    ]);
    expect(errorsOf(departure({ terminal_pu_2: "9" }, true))).toEqual([
      { field: "terminal_pu_2", message: `SECOND STEP - ${CDG_MESSAGE}` },
    ]);
    expect(errorsOf(arrival({ terminal_pu_2: "2E" }, true))).toEqual([{ field: "terminal_pu_2", message: `SECOND STEP - ${NOT_AIRPORT}` }]);
  });

  it("whatever text is posted, a booking let through holds one of the pick-up airport's terminals or none", () => {
    const allowed = ["", ...TERMINALS.CDG];
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...allowed, ...TERMINALS.ORY, ...TERMINALS.BVA, " 2E ", "2E\u0000"), fc.string({ maxLength: 6 })),
        (terminal) => {
          const parsed = bookingFormSchema({ now, rows: [] }).safeParse(arrival({ terminal_pu_1: terminal }));
          expect(parsed.success).toBe(allowed.includes(terminal.trim()) && !terminal.includes("\u0000"));
          if (parsed.success) expect(allowed).toContain(parsed.data.legs[0]!.pickup.terminal);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("the form's draft", () => {
  it("keeps an offered terminal and clears one the form no longer offers", () => {
    expect(withOfferedTerminals(arrival({ terminal_pu_1: "2E" })).terminal_pu_1).toBe("2E");
    expect(withOfferedTerminals(arrival({ terminal_pu_1: "4" })).terminal_pu_1).toBe("");
    expect(withOfferedTerminals(departure({ terminal_pu_1: "2E" })).terminal_pu_1).toBe("");
    const unchanged = arrival({ terminal_pu_1: "2E" });
    expect(withOfferedTerminals(unchanged)).toBe(unchanged);
  });

  it("is restored from browser storage with its terminal, on a reload and on a new link for the route", () => {
    const fresh = initialDraft({ depart: CDG, arrive: DISNEY, nb_pax: "2" }, { now });
    const stored = arrival({ terminal_pu_1: "2E" });
    expect(restoreDraft(fresh, stored, { sameLink: true }).terminal_pu_1).toBe("2E");
    expect(withOfferedTerminals(restoreDraft(fresh, stored, { sameLink: false })).terminal_pu_1).toBe("2E");
    // A new link making the pick-up an address: the terminal goes with the flight.
    const byAddress = initialDraft({ depart: CDG, arrive: DISNEY, depart_type: "2" }, { now });
    expect(withOfferedTerminals(restoreDraft(byAddress, stored, { sameLink: false })).terminal_pu_1).toBe("");
  });
});
