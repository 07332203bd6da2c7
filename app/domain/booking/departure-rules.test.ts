import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PRICE_FILE_COLUMNS, parsePriceFile, type PriceRow } from "../pricing/csv";
import { initialDraft, mirrorReturnLeg, setFlightTime, setLegDate, setPickupClock, withTripMode, type BookingDraft } from "./draft";
import { parisInstant, parisParts } from "./paris-time";
import { departureProposalOf, pickupMoment, legTiming } from "./rules";
import { bookingFormSchema, stripMarkup, validateDraft } from "./validation";
import { ENGLISH_WORDS } from "~/lib/test-support/booking-words";

// The departure's proposed pick-up time and its rule (docs/product.md, Booking rules and Time
// rules): a hotel → airport leg is proposed takeoff − (arrival delay + journey), rounded down to
// the quarter hour; the traveller may keep it or choose a quarter hour up to 3 hours earlier.

// 12:00 in Paris, 10 May 2026.
const now = new Date("2026-05-10T10:00:00Z");

const CDG = "Charles de Gaulle Airport (CDG)";
const DISNEY = "Disneyland Paris";

/** Disneyland → CDG, shuttle, by card, one way and round trip: 75 minutes each way, delays 30 and 120. */
function rowsWith(duration: number, delayArrive: number): readonly PriceRow[] {
  return parsePriceFile(
    [
      PRICE_FILE_COLUMNS.join(";"),
      ...[1, 2].map(
        (trip) =>
          `0;${DISNEY};${CDG};${trip};2;${duration};${duration};30;${delayArrive};2;1;4000;5800;7500;9000;10500;12000;13300;14400;7900;1700;77700,77144;95700;;;`,
      ),
    ].join("\n"),
  ).rows;
}
const ROWS = rowsWith(75, 120);

/** A hotel → CDG booking for two on 20 May 2026, taking off at 14:30: proposed pick-up 11:15. */
function departure(extra: BookingDraft = {}, date = { year: 2026, month: 5, day: 20 }, takeoff = "14:30"): BookingDraft {
  let draft = initialDraft({ depart: "Disneyland_Paris", arrive: "Charles_de_Gaulle_Airport_(CDG)", nb_pax: "2" }, { now });
  draft = setLegDate(draft, 1, date);
  draft = setFlightTime(draft, "drop", 1, takeoff);
  return {
    ...draft,
    lastname: "Martin",
    firstname: "Claire",
    email: "claire@example.com",
    phone_mobile: "+33612345678",
    address_pu_1: "Rue de la Marnière",
    zip_pu_1: "77700",
    city_vol_drop_1: "Rome",
    num_vol_drop_1: "AZ1",
    submission_token: "token-1",
    ...extra,
  };
}

const time = (text: string): BookingDraft => {
  const [h, m] = text.split(":");
  return { time_h_pu_t1: h ?? "", time_m_pu_t1: m ?? "" };
};

const errorsOf = (draft: BookingDraft, at = now, rows = ROWS) =>
  validateDraft(draft, { now: at, rows }, ENGLISH_WORDS).errors.map((e) => ({ field: e.field, message: stripMarkup(e.message) }));
const parse = (draft: BookingDraft, at = now, rows = ROWS) => bookingFormSchema({ now: at, rows }).parse(draft);

const LATE = "FIRST STEP - To be at the airport in time for your 14:30 flight, pick-up must be at 11:15 at the latest.";

describe("the proposal", () => {
  it("is takeoff − (delai_arrive + duree) of the route's row, rounded down to the quarter hour", () => {
    const proposal = departureProposalOf(departure(), 1, ROWS);
    expect(proposal?.proposal.toISOString()).toBe("2026-05-20T09:15:00.000Z");
    // 14:30 − (120 + 70) = 11:20, rounded down.
    expect(departureProposalOf(departure(), 1, rowsWith(70, 120))?.proposal.toISOString()).toBe("2026-05-20T09:15:00.000Z");
  });

  it("is asked only of a departure with its date and takeoff", () => {
    expect(departureProposalOf(departure({ french_date_pu_t1: "", date_pu_t1: "" }), 1, ROWS)).toBeNull();
    expect(departureProposalOf(departure({ horaire_vol_drop_1: "", time_vol_drop_t1: "", minute_vol_drop_t1: "" }), 1, ROWS)).toBeNull();
    expect(departureProposalOf(departure({ type_pu_t1: "1" }), 1, ROWS)).toBeNull();
  });
});

describe("the pick-up time of a departure", () => {
  it("left empty (a post or a stored draft from before the proposal), the proposal is the pick-up", () => {
    expect(errorsOf(departure())).toEqual([]);
    const leg = parse(departure()).legs[0]!;
    expect(leg.pickupAt.toISOString()).toBe("2026-05-20T09:15:00.000Z");
    expect(leg.pickupTime).toBeNull();
    expect(leg.date).toBe("2026-05-20");
  });

  it.each([
    ["the proposal kept", "11:15", "2026-05-20T09:15:00.000Z"],
    ["an earlier quarter hour", "10:30", "2026-05-20T08:30:00.000Z"],
    ["3 hours earlier exactly", "08:15", "2026-05-20T06:15:00.000Z"],
    ["the hour alone (as the legacy fields allow)", "10:", "2026-05-20T08:00:00.000Z"],
  ])("admits %s (%s), stored as the traveller's time", (_label, given, iso) => {
    const draft = departure(time(given));
    expect(errorsOf(draft)).toEqual([]);
    const leg = parse(draft).legs[0]!;
    expect(leg.pickupAt.toISOString()).toBe(iso);
    const p = parisParts(leg.pickupAt);
    expect(leg.pickupTime).toBe(`${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`);
  });

  it.each([
    ["a later quarter hour", "11:30", LATE],
    ["after the flight", "15:00", LATE],
    [
      "more than 3 hours earlier",
      "08:00",
      "FIRST STEP - Pick-up can be at most 3 hours before the proposed 11:15: at 08:15 at the earliest.",
    ],
    ["off the quarter hour", "10:20", "FIRST STEP - The pick-up time must be in 15-minute intervals."],
    ["not a time", "ab:cd", "FIRST STEP - Please enter a valid pick-up time (HH:MM)."],
    ["a minute alone", ":30", "FIRST STEP - Please enter a valid pick-up time (HH:MM)."],
    ["an hour of 400 nines", `${"9".repeat(400)}:00`, "FIRST STEP - Please enter a valid pick-up time (HH:MM)."],
  ])("refuses %s (%s) on the pick-up time", (_label, given, message) => {
    expect(errorsOf(departure(time(given)))).toEqual([{ field: "time_h_pu_t1", message }]);
  });

  it("the message keeps its bold times for the error list", () => {
    const [error] = validateDraft(departure(time("11:30")), { now, rows: ROWS }, ENGLISH_WORDS).errors;
    expect(error?.message).toBe(
      "FIRST STEP - To be at the airport in time for your **14:30** flight, pick-up must be at **11:15** at the latest.",
    );
  });

  it("the 20-hour rule measures the traveller's time, not the proposal", () => {
    // 20 hours before 11:15 CEST (09:15 UTC) on 20 May is 13:15 UTC on 19 May.
    const at = new Date("2026-05-19T13:15:00Z");
    expect(errorsOf(departure(time("11:15")), at)).toEqual([]);
    expect(errorsOf(departure(time("10:30")), at)).toEqual([
      { field: "french_date_pu_t1", message: "FIRST STEP - Reservation must be made at least 20 hours before departure." },
    ]);
    expect(errorsOf(departure(time("11:15")), new Date(at.getTime() + 60_000)).map((e) => e.field)).toEqual(["french_date_pu_t1"]);
  });

  it("a pick-up the evening before the flight, across the spring change: the leg's date stays the flight's", () => {
    // 29/03/2026 08:00 CEST less (150 + 400) minutes is 21:50 CET on 28 March, proposed 21:45.
    const rows = rowsWith(400, 150);
    const at = new Date("2026-03-20T10:00:00Z");
    const early = (given?: string) => departure(given ? time(given) : {}, { year: 2026, month: 3, day: 29 }, "08:00");
    expect(departureProposalOf(early(), 1, rows)?.proposal.toISOString()).toBe("2026-03-28T20:45:00.000Z");
    expect(errorsOf(early(), at, rows)).toEqual([]);
    expect(errorsOf(early("22:00"), at, rows)).toEqual([
      {
        field: "time_h_pu_t1",
        message: "FIRST STEP - To be at the airport in time for your 08:00 flight, pick-up must be at 21:45 on 28/03/2026 at the latest.",
      },
    ]);
    expect(errorsOf(early("18:30"), at, rows)).toEqual([
      {
        field: "time_h_pu_t1",
        message:
          "FIRST STEP - Pick-up can be at most 3 hours before the proposed 21:45 on 28/03/2026: at 18:45 on 28/03/2026 at the earliest.",
      },
    ]);
    const leg = parse(early("19:00"), at, rows).legs[0]!;
    expect(leg.date).toBe("2026-03-29");
    expect(leg.pickupAt.toISOString()).toBe("2026-03-28T18:00:00.000Z");
    expect(leg.pickupTime).toBe("19:00");
  });

  it("a hotel-to-hotel leg keeps its own rule: any HH:MM, required", () => {
    const hotels = departure({ type_drop_t1: "2", address_drop_1: "Somewhere", zip_drop_1: "95700", ...time("10:20") });
    expect(errorsOf(hotels)).toEqual([]);
    expect(errorsOf({ ...hotels, ...time(":") })[0]?.message).toBe("FIRST STEP - Please enter the pick-up time.");
  });

  it("the return is picked up after the outbound arrives, the traveller's time counted", () => {
    // CDG → Disneyland and back, no price-file row (45-minute journeys, 135 minutes before a flight):
    // landing at 10:15 arrives at 11:00; the return for a 15:00 flight is proposed at 12:00.
    const out = setFlightTime(
      setLegDate(initialDraft({ depart: CDG, arrive: DISNEY, type_trajet: "2", nb_pax: "2" }, { now }), 1, {
        year: 2026,
        month: 5,
        day: 20,
      }),
      "pu",
      1,
      "10:15",
    );
    const base = mirrorReturnLeg(
      withTripMode(
        {
          ...out,
          lastname: "Martin",
          firstname: "Claire",
          email: "claire@example.com",
          phone_mobile: "+33612345678",
          city_vol_pu_1: "New York",
          num_vol_pu_1: "AF007",
          address_drop_1: "Rue de la Marnière",
          zip_drop_1: "77700",
        },
        true,
      ),
    );
    const back = (given: string) =>
      setPickupClock(
        { ...setFlightTime(setLegDate(base, 2, { year: 2026, month: 5, day: 20 }), "drop", 2, "15:00"), num_vol_drop_2: "AF008" },
        2,
        { hour: Number(given.slice(0, 2)), minute: Number(given.slice(3)) },
      );
    expect(validateDraft(back("11:15"), { now, rows: [] }, ENGLISH_WORDS).errors).toEqual([]);
    expect(validateDraft(back("11:00"), { now, rows: [] }, ENGLISH_WORDS).errors.map((e) => stripMarkup(e.message))).toEqual([
      "SECOND STEP - The return pick-up must be after the outbound arrival (11:00).",
    ]);
  });

  const hours = fc.oneof(fc.integer({ min: 0, max: 23 }).map(String), fc.constantFrom("", "24", "x", "007"));
  const minutes = fc.oneof(
    fc.constantFrom("0", "00", "15", "30", "45"),
    fc.integer({ min: 0, max: 59 }).map(String),
    fc.constantFrom("", "60", "x"),
  );

  it("whatever the pick-up time fields hold, a booking let through is picked up on a quarter hour within 3 hours before the proposal", () => {
    const proposal = parisInstant({ year: 2026, month: 5, day: 20, hour: 11, minute: 15 }).getTime();
    fc.assert(
      fc.property(hours, minutes, (h, m) => {
        const draft = departure({ time_h_pu_t1: h, time_m_pu_t1: m });
        const parsed = bookingFormSchema({ now, rows: ROWS }).safeParse(draft);
        const moment = pickupMoment(draft, 1, legTiming(draft, 1, ROWS));
        if (!parsed.success) return;
        const at = parsed.data.legs[0]!.pickupAt.getTime();
        expect(at).toBe(moment?.getTime());
        expect(at).toBeLessThanOrEqual(proposal);
        expect(proposal - at).toBeLessThanOrEqual(3 * 3_600_000);
        expect(parisParts(new Date(at)).minute % 15).toBe(0);
      }),
      { numRuns: 400 },
    );
  });
});
