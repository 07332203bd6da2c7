import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HOTELS } from "../hotels";
import { PRICE_FILE_COLUMNS, parsePriceFile, type PriceRow } from "../pricing/csv";
import { initialDraft, setFlightTime, setLegDate, withTripMode } from "../booking/draft";
import type { BookingDraft } from "../booking/fields";
import { parisInstant, parisParts, formatParisDateTime } from "../booking/paris-time";
import { departureProposalOf } from "../booking/rules";
import { SUMMARY_MARK } from "../booking/summary";
import { bookingFormSchema } from "../booking/validation";
import { changeFormSchema } from "./change-form";
import { readStoredDetails } from "../booking/model";
import { draftFromBooking, storedColumns } from "../booking/wire";
import { changeText, describeChanges, editableOf, legsInReminderChanged, type Editable } from "./change-description";
import { changeLayout } from "./change-layout";
import { changeClosedReason, followTakeoff, overlayChanges, planChange, type ChangeRequest } from "./changes";
import { PHONE_ONLY_FIELDS, phoneOnlyChanges } from "./phone-only";
import { activeCapacities, FIRST_FLEET } from "../fleet";
import { ENGLISH_MANAGE, ENGLISH_WORDS } from "~/lib/test-support/booking-words";

const FLEET = activeCapacities(FIRST_FLEET);

// What a traveller may change online (docs/product.md, Managing a booking): the booking form's own
// rules on the stored booking with the post laid over it; date, route and passengers by phone.

const now = new Date("2026-05-10T10:00:00Z"); // 12:00 in Paris, 10 May 2026
const PHONE = "+33 1 23 45 67 89";
const CDG = "Charles de Gaulle Airport (CDG)";
const DISNEY = "Disneyland Paris";
const BEAUVAIS = "Beauvais Airport (BVA)";

/** CDG → Disneyland: 65 minutes out and 70 back, delays 30 and 150; 95700 at CDG, 77700 and 77144 at Disneyland. */
const ROWS: readonly PriceRow[] = parsePriceFile(
  [
    PRICE_FILE_COLUMNS.join(";"),
    ...[1, 2].flatMap((trip) =>
      [1, 2].flatMap((pay) => [
        `0;${CDG};${DISNEY};${trip};${pay};65;70;30;150;1;2;${4000 * trip};${5800 * trip};7500;9000;10500;12000;13300;14400;7900;1700;95700;77700,77144;;;`,
        `1;${CDG};${DISNEY};${trip};${pay};65;70;30;150;1;2;;;;;;;;;;;95700;77700,77144;1;8;${9000 * trip}`,
        `0;${BEAUVAIS};${DISNEY};${trip};${pay};95;95;30;150;1;2;${9900 * trip};${11000 * trip};12000;13000;14000;15000;16000;17000;12000;2500;60000;77700;;;`,
      ]),
    ),
  ].join("\n"),
).rows;

const DISNEYLAND_HOTEL = HOTELS.find((h) => h.slug === "disneyland-hotel")!;
const OTHER_ZONE_HOTEL = HOTELS.find((h) => h.zip === "77600")!;
const ZONE_HOTEL_77144 = HOTELS.find((h) => h.zip === "77144");

interface Options {
  roundTrip?: boolean;
  kind?: "shuttle" | "private";
  landing?: string;
  takeoff?: string;
  day?: number;
  edits?: BookingDraft;
}

/** A CDG → Disneyland booking as the form posts it: landing 10:15 (flight AF007 from New York), to the Disneyland Hotel. */
function bookingDraft(o: Options = {}): BookingDraft {
  let draft = initialDraft(
    { depart: CDG, arrive: DISNEY, depart_type: "1", arrive_type: "2", nb_pax: "2", private_shuttle: o.kind === "private" ? "1" : "0" },
    { now },
  );
  draft = setLegDate(draft, 1, { year: 2026, month: 5, day: o.day ?? 20 });
  draft = setFlightTime(draft, "pu", 1, o.landing ?? "10:15");
  Object.assign(draft, {
    lastname: "Martin",
    firstname: "Claire",
    email: "claire@example.com",
    phone_mobile: "+33612345678",
    city_vol_pu_1: "New York",
    num_vol_pu_1: "AF007",
    hotel_drop_1: DISNEYLAND_HOTEL.name,
    hotel_n_drop_1: String(DISNEYLAND_HOTEL.id),
    address_drop_1: DISNEYLAND_HOTEL.address,
    zip_drop_1: DISNEYLAND_HOTEL.zip,
    info_t1: "Child seat please",
    info_pax_luggage: "One golf bag",
    submission_token: "token-1",
  });
  if (o.roundTrip) {
    draft = withTripMode(draft, true);
    draft = setLegDate(draft, 2, { year: 2026, month: 5, day: (o.day ?? 20) + 5 });
    draft = setFlightTime(draft, "drop", 2, o.takeoff ?? "18:00");
    draft.num_vol_drop_2 = "AF008";
  }
  return { ...draft, ...o.edits };
}

/** The stored row of a booking made from a draft: its columns, and its details as the database gives them back. */
function storedRow(draft: BookingDraft, extra: Partial<ChangeRequest["row"]> = {}): ChangeRequest["row"] {
  const booking = bookingFormSchema({ now, rows: ROWS }).parse(draft);
  return {
    ...storedColumns(booking),
    submissionToken: booking.submissionToken,
    details: JSON.parse(JSON.stringify({ customer: booking.customer, legs: booking.legs, luggage: booking.luggage })),
    bookingStatus: "new",
    firstPickupAt: booking.legs[0]!.pickupAt,
    ...extra,
  };
}

/** The change form's own post for a booking: every field it shows, with the booking's values. */
function formPost(row: ChangeRequest["row"]): Record<string, string> {
  const draft = draftFromBooking(row.details, row)!;
  return Object.fromEntries(changeLayout(draft).fields.map((f) => [f, draft[f] ?? ""]));
}

function plan(row: ChangeRequest["row"], posted: Record<string, string>, at = now) {
  const form = changeFormSchema.parse(posted);
  return planChange({ row, form, posted, now: at, rows: ROWS, fleet: FLEET, phone: PHONE, words: ENGLISH_WORDS, manage: ENGLISH_MANAGE });
}

describe("draftFromBooking", () => {
  it.each([
    ["one way", {}],
    ["round trip", { roundTrip: true }],
    ["private round trip", { roundTrip: true, kind: "private" as const, landing: "22:45", takeoff: "08:30" }],
  ])("gives back the stored booking (%s) through the booking form's schema", (_name, options) => {
    const row = storedRow(bookingDraft(options));
    const draft = draftFromBooking(row.details, row)!;
    const again = bookingFormSchema({ now, rows: ROWS }).parse(draft);
    expect(JSON.parse(JSON.stringify({ customer: again.customer, legs: again.legs, luggage: again.luggage }))).toEqual(row.details);
  });

  it("gives a booking's notes without the passengers-and-luggage block", () => {
    const row = storedRow(bookingDraft());
    expect(readStoredDetails(row.details)!.legs[0]!.info).toContain(SUMMARY_MARK);
    expect(draftFromBooking(row.details, row)!.info_t1).toBe("Child seat please");
  });

  it.each([
    ["nothing", null],
    ["no legs", { customer: {}, legs: [], luggage: {} }],
    ["a text", "details"],
  ])("is null for details of another shape (%s)", (_name, details) => {
    const row = storedRow(bookingDraft());
    expect(draftFromBooking(details, row)).toBeNull();
  });

  it("holds for any booking the form can make (fast-check)", () => {
    const quarter = (min: number, max: number) =>
      fc
        .integer({ min: min * 4, max: max * 4 })
        .map((q) => `${String(Math.floor(q / 4)).padStart(2, "0")}:${String((q % 4) * 15).padStart(2, "0")}`);
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.constantFrom("shuttle" as const, "private" as const),
        quarter(6, 21),
        quarter(9, 23),
        fc.integer({ min: 12, max: 30 }),
        fc.record({ check_in_luggage: fc.integer({ min: 0, max: 10 }), cabin_bag: fc.integer({ min: 0, max: 10 }) }),
        fc.string({ maxLength: 40 }),
        (roundTrip, kind, landing, takeoff, day, luggage, note) => {
          const edits = { check_in_luggage: String(luggage.check_in_luggage), cabin_bag: String(luggage.cabin_bag), info_t1: note };
          const draft = bookingDraft({ roundTrip, kind, landing, takeoff, day, edits });
          const parsed = bookingFormSchema({ now, rows: ROWS }).safeParse(draft);
          fc.pre(parsed.success);
          const row = storedRow(draft);
          const again = bookingFormSchema({ now, rows: ROWS }).parse(draftFromBooking(row.details, row));
          expect(JSON.parse(JSON.stringify({ customer: again.customer, legs: again.legs, luggage: again.luggage }))).toEqual(row.details);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("changeLayout: what the form shows", () => {
  it("shows a one-way booking's flight, hotel, note, phone and luggage", () => {
    const row = storedRow(bookingDraft());
    const layout = changeLayout(draftFromBooking(row.details, row)!);
    expect(layout.fields).toEqual(
      expect.arrayContaining([
        "horaire_vol_pu_1",
        "num_vol_pu_1",
        "city_vol_pu_1",
        "hotel_n_drop_1",
        "hotel_drop_1",
        "address_drop_1",
        "zip_drop_1",
        "info_t1",
        "phone_mobile",
        "check_in_luggage",
        "cabin_bag",
        "stroller_single",
        "stroller_double",
        "info_pax_luggage",
      ]),
    );
    for (const field of PHONE_ONLY_FIELDS) expect(layout.fields).not.toContain(field);
    expect(layout).toMatchObject({ roundTrip: false, legs: [{ leg: 1 }] });
  });

  it("shows the return's own flight and note; its address follows the outbound's", () => {
    const row = storedRow(bookingDraft({ roundTrip: true }));
    const layout = changeLayout(draftFromBooking(row.details, row)!);
    expect(layout.legs.map((l) => l.leg)).toEqual([1, 2]);
    expect(layout.roundTrip).toBe(true);
    const ret = layout.legs[1]!;
    expect(ret.ends[0]).toMatchObject({ flight: false, follows: true, fields: {} });
    expect(ret.ends[1]!.fields).toEqual({ horaireVol: "horaire_vol_drop_2", numVol: "num_vol_drop_2" });
    expect(layout.fields).toContain("info_t2");
  });
});

describe("planChange", () => {
  const row = storedRow(bookingDraft());

  it("changes nothing for the form's own post unchanged", () => {
    expect(plan(row, formPost(row))).toEqual({ ok: true, changes: [], next: null });
  });

  it("changes nothing for an empty post (every field left out keeps its value)", () => {
    expect(plan(row, {})).toEqual({ ok: true, changes: [], next: null });
  });

  it.each([
    ["num_vol_pu_1", "af008", "Transfer, pick-up flight number: AF007 → AF008", false],
    ["city_vol_pu_1", "Boston", "Transfer, pick-up flight arriving from: New York → Boston", false],
    ["horaire_vol_pu_1", "11:30", "Transfer, pick-up landing time: 10:15 → 11:30", true],
    ["info_t1", "Two child seats", "Transfer, note: Child seat please → Two child seats", false],
    ["info_t1", "", "Transfer, note: Child seat please → (none)", false],
    ["phone_mobile", "+44 7700 900123", "Mobile phone: +33612345678 → +44 7700 900123", false],
    ["check_in_luggage", "2", "Check-in luggage: 1 → 2", false],
    ["cabin_bag", "0", "Cabin bags: 1 → 0", false],
    ["stroller_single", "1", "Single strollers: 0 → 1", false],
    ["info_pax_luggage", "Two golf bags", "Luggage note: One golf bag → Two golf bags", false],
    ["address_drop_1", "Rue de la Marnière, door B", "Transfer, drop-off address: Rue de la Marnière → Rue de la Marnière, door B", true],
  ])("changes %s to %s: %s", (field, value, text, forDriver) => {
    const result = plan(row, { ...formPost(row), [field]: value });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.changes.map((c) => changeText(c, false))).toEqual([text]);
    expect(result.changes[0]!.forDriver).toBe(forDriver);
    expect(result.next).not.toBeNull();
  });

  it("moves the pick-up with the landing time, and keeps the stored price's trip", () => {
    const result = plan(row, { ...formPost(row), horaire_vol_pu_1: "11:30" });
    if (!result.ok) throw new Error("refused");
    const at = parisInstant({ year: 2026, month: 5, day: 20, hour: 11, minute: 30 });
    expect(result.next!.firstPickupAt).toEqual(at);
    expect(result.next!.details.legs[0]!.pickupAt).toEqual(at);
    expect(result.next!.details.legs[0]!.pickup.flightTime).toBe("11:30");
    expect(result.next!.returnPickupAt).toBeNull();
  });

  it("writes the luggage summary of a leg's notes anew when the luggage changes", () => {
    const result = plan(row, { ...formPost(row), check_in_luggage: "2" });
    if (!result.ok) throw new Error("refused");
    const info = result.next!.details.legs[0]!.info;
    expect(info).toContain("Child seat please");
    expect(info).toContain("Luggage: 2 check-in");
    expect(info.split(SUMMARY_MARK)).toHaveLength(2);
  });

  it("fills a hotel picked from the list, without JavaScript, and unpicks one typed over", () => {
    if (!ZONE_HOTEL_77144) return;
    const picked = plan(row, { ...formPost(row), hotel_n_drop_1: String(ZONE_HOTEL_77144.id) });
    if (!picked.ok) throw new Error(JSON.stringify(picked));
    expect(picked.next!.details.legs[0]!.dropoff).toMatchObject({
      hotel: ZONE_HOTEL_77144.name,
      hotelId: ZONE_HOTEL_77144.id,
      address: ZONE_HOTEL_77144.address,
      zip: ZONE_HOTEL_77144.zip,
    });
    const typed = plan(row, { ...formPost(row), hotel_drop_1: "Chez Marie", address_drop_1: "1 rue de Paris", zip_drop_1: "77144" });
    if (!typed.ok) throw new Error(JSON.stringify(typed));
    expect(typed.next!.details.legs[0]!.dropoff).toMatchObject({
      hotel: "Chez Marie",
      hotelId: null,
      address: "1 rue de Paris",
      zip: "77144",
    });
  });

  it.each([
    [
      "a postcode outside the route's area",
      { hotel_n_drop_1: "", hotel_drop_1: "Hôtel du Louvre", address_drop_1: "Place André Malraux", zip_drop_1: "75001" },
      "zip_drop_1",
      /^75001 is outside this route's area \(77700, 77144\)\. To be dropped off elsewhere, call us on \+33 1 23 45 67 89\.$/,
    ],
    [
      "a hotel of another area",
      { hotel_n_drop_1: String(OTHER_ZONE_HOTEL.id) },
      "hotel_n_drop_1",
      /hotel is not one of the hotels offered for this route/,
    ],
    ["a hotel number that names no hotel", { hotel_n_drop_1: "9999" }, "hotel_n_drop_1", /hotel is not one of the hotels offered/],
    ["a hotel number that is no number", { hotel_n_drop_1: "x1" }, "hotel_n_drop_1", /hotel is not one of the hotels offered/],
    [
      "a flight time off the quarter hour",
      { horaire_vol_pu_1: "10:07" },
      "horaire_vol_pu_1",
      /^The pick-up flight time must be in 15-minute intervals\.$/,
    ],
    ["a landing outside the shuttle's hours", { horaire_vol_pu_1: "23:30" }, "horaire_vol_pu_1", /must be between 05:30 and 21:30/],
    [
      "more luggage than two shuttle seats include",
      { check_in_luggage: "3" },
      "check_in_luggage",
      /needs more room than the vehicle booked\. To change it, call us on/,
    ],
    ["no flight number", { num_vol_pu_1: " " }, "num_vol_pu_1", /^Please enter the pick-up flight number\.$/],
    ["no address", { hotel_n_drop_1: "", address_drop_1: "" }, "address_drop_1", /^Please enter the drop-off address\.$/],
    ["a short phone", { phone_mobile: "+33" }, "phone_mobile", /^Please enter your phone number\.$/],
    ["eleven bags", { check_in_luggage: "11" }, "check_in_luggage", /between 0 and 10 check-in luggage/],
    ["a count that is no number", { cabin_bag: "two" }, "cabin_bag", /between 0 and 10 cabin bags/],
  ])("refuses %s, at its field", (_name, edits, field, message) => {
    const result = plan(row, { ...formPost(row), ...edits });
    expect(result.ok).toBe(false);
    if (result.ok || result.reason !== "invalid") throw new Error(JSON.stringify(result));
    expect(result.problems.some((p) => p.field === field && message.test(p.message))).toBe(true);
  });

  it("accepts the postcode the booking already has, and one of the route's area", () => {
    expect(plan(row, { ...formPost(row), hotel_n_drop_1: "", hotel_drop_1: "Private flat", zip_drop_1: "77700" }).ok).toBe(true);
    expect(plan(row, { ...formPost(row), hotel_n_drop_1: "", hotel_drop_1: "Private flat", zip_drop_1: "77144" }).ok).toBe(true);
    expect(plan(row, { ...formPost(row), hotel_n_drop_1: "", hotel_drop_1: "Private flat", zip_drop_1: " 77144 " }).ok).toBe(true);
  });

  const AREA_ONLY =
    /^Please enter the drop-off postcode alone, as its 5 digits: one of this route's area \(77700, 77144\)\. To be dropped off elsewhere, call us on \+33 1 23 45 67 89\.$/;
  const OUTSIDE = (zip: string) => new RegExp(`^${zip} is outside this route's area \\(77700, 77144\\)\\. To be dropped off elsewhere`);

  it.each([
    // A code of the area followed or preceded by anything else is not that code.
    ["77700 Paris 75001", AREA_ONLY],
    ["77144 Magny", AREA_ONLY],
    ["77700-75001", AREA_ONLY],
    ["Chessy 77700", AREA_ONLY],
    ["77700\n75001", AREA_ONLY],
    ["7770", AREA_ONLY],
    ["777000", AREA_ONLY],
    ["77 700", AREA_ONLY],
    ["F-77700", AREA_ONLY],
    ["７７７００", AREA_ONLY],
    ["seventy", AREA_ONLY],
    // Five digits, but not the area's.
    ["75001", OUTSIDE("75001")],
    ["77600", OUTSIDE("77600")],
    ["00000", OUTSIDE("00000")],
  ])("refuses the postcode %j for an address typed, at the postcode field", (zip, message) => {
    const result = plan(row, {
      ...formPost(row),
      hotel_n_drop_1: "",
      hotel_drop_1: "Private flat",
      address_drop_1: "1 rue de Paris",
      zip_drop_1: zip,
    });
    if (result.ok || result.reason !== "invalid") throw new Error(JSON.stringify(result));
    expect(result.problems).toEqual([{ field: "zip_drop_1", message: expect.stringMatching(message) }]);
  });

  it("accepts exactly the area's codes among five-digit postcodes (fast-check)", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{5}$/), (zip) => {
        const result = plan(row, { ...formPost(row), hotel_n_drop_1: "", hotel_drop_1: "Private flat", zip_drop_1: zip });
        return result.ok === (zip === "77700" || zip === "77144");
      }),
      { numRuns: 200 },
    );
  });

  it("accepts no postcode that holds anything besides one of the area's codes (fast-check)", () => {
    const extra = fc.string({ minLength: 1, maxLength: 8 }).filter((t) => t.trim() !== "");
    fc.assert(
      fc.property(fc.constantFrom("77700", "77144"), extra, fc.boolean(), (code, text, before) => {
        const zip = before ? `${text}${code}` : `${code}${text}`;
        fc.pre(zip.trim() !== code && zip.trim() !== DISNEYLAND_HOTEL.zip);
        const result = plan(row, { ...formPost(row), hotel_n_drop_1: "", hotel_drop_1: "Private flat", zip_drop_1: zip });
        return !result.ok && result.reason === "invalid" && result.problems.some((p) => p.field === "zip_drop_1");
      }),
      { numRuns: 200 },
    );
  });

  it.each([
    ["the date", { french_date_pu_t1: "21/05/2026" }],
    ["the date, as yyyy-MM-dd", { date_pu_t1: "2026-05-21" }],
    ["the pick-up place", { depart: BEAUVAIS }],
    ["a leg's place", { lieu_pu_1: BEAUVAIS }],
    ["the kind", { shuttle_private: "Private" }],
    ["the trip type", { nb_trajet: "2", aller_retour: "2" }],
    ["the adults", { pax_adult_t1: "3" }],
    ["the party", { nb_pax_adults: "1" }],
    ["an end's kind", { type_drop_t1: "1" }],
    ["the pick-up time", { time_h_pu_t1: "9" }],
  ])("refuses a post that changes %s, by phone", (_name, edits) => {
    const result = plan(row, { ...formPost(row), num_vol_pu_1: "AF008", ...edits });
    expect(result).toEqual({
      ok: false,
      reason: "phone",
      message: "Date, route and passengers are changed by phone: call us on +33 1 23 45 67 89. Nothing was changed.",
    });
  });

  it("takes a post that repeats the booking's own date, route and passengers, in any spelling", () => {
    const result = plan(row, {
      ...formPost(row),
      num_vol_pu_1: "AF008",
      depart: "Charles_de_Gaulle_Airport_(CDG)",
      french_date_pu_t1: "20/05/2026",
      date_pu_t1: "2026-05-20",
      date_jour_pu_t1: "20",
      pax_adult_t1: "02",
      shuttle_private: "Shuttle",
    });
    expect(result.ok).toBe(true);
  });

  it.each([
    ["cancelled", "This booking is cancelled"],
    ["completed", "This transfer has taken place"],
    ["no_show", "This booking is closed"],
  ])("refuses any change of a booking %s", (status, words) => {
    const result = plan(storedRow(bookingDraft(), { bookingStatus: status }), { ...formPost(row), num_vol_pu_1: "AF008" });
    expect(result).toMatchObject({ ok: false, reason: "closed" });
    if (!result.ok && result.reason === "closed") expect(result.message).toContain(words);
  });

  it("refuses any change after the deadline, and a landing time that brings the first pick-up within it", () => {
    // Pick-up 20/05 10:15; the deadline is 19/05 10:15 (Paris), a minute past it is too late.
    const late = parisInstant({ year: 2026, month: 5, day: 19, hour: 10, minute: 16 });
    const closed = plan(row, { ...formPost(row), num_vol_pu_1: "AF008" }, late);
    expect(closed).toMatchObject({ ok: false, reason: "closed" });
    if (!closed.ok && closed.reason === "closed") expect(closed.message).toContain("until 19/05/2026 10:15 (Paris time)");
    const justBefore = new Date(late.getTime() - 60 * 60_000);
    expect(plan(row, { ...formPost(row), num_vol_pu_1: "AF008" }, justBefore).ok).toBe(true);
    const earlier = plan(row, { ...formPost(row), horaire_vol_pu_1: "08:00" }, justBefore);
    expect(earlier).toMatchObject({ ok: false, reason: "invalid" });
    if (!earlier.ok && earlier.reason === "invalid") {
      expect(earlier.problems).toEqual([{ field: "horaire_vol_pu_1", message: expect.stringContaining("less than 24 hours from now") }]);
    }
  });
});

describe("legsInReminderChanged: the legs whose reminder reads differently", () => {
  const oneWay = storedRow(bookingDraft());
  const both = storedRow(bookingDraft({ roundTrip: true }));
  it.each<[string, ChangeRequest["row"], Record<string, string>, number[]]>([
    ["a flight number", oneWay, { num_vol_pu_1: "AF008" }, [1]],
    ["the city the flight comes from", oneWay, { city_vol_pu_1: "Boston" }, [1]],
    ["a landing time (and so the pick-up)", oneWay, { horaire_vol_pu_1: "11:30" }, [1]],
    ["a drop-off address", oneWay, { address_drop_1: "Rue de la Marnière, door B" }, [1]],
    ["the note only", oneWay, { info_t1: "Two child seats" }, []],
    ["the phone and the luggage only", oneWay, { phone_mobile: "+44 7700 900123", check_in_luggage: "2", info_pax_luggage: "Skis" }, []],
    ["the return's take-off time (and its pick-up)", both, { horaire_vol_drop_2: "19:30" }, [2]],
    ["the return's flight number and the outbound's note", both, { num_vol_drop_2: "AF010", info_t1: "Two child seats" }, [2]],
    ["both legs' flights", both, { num_vol_pu_1: "AF008", num_vol_drop_2: "AF010" }, [1, 2]],
  ])("%s", (_what, row, edits, legs) => {
    const result = plan(row, { ...formPost(row), ...edits });
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(legsInReminderChanged(result.changes)).toEqual(legs);
  });
});

describe("planChange on a booking whose first pick-up column is empty", () => {
  const row = storedRow(bookingDraft(), { firstPickupAt: null });

  it("takes the change while the first leg's instant in the details is more than 24 hours away", () => {
    const result = plan(row, { ...formPost(row), num_vol_pu_1: "AF008" });
    expect(result.ok).toBe(true);
  });

  it("refuses it once that instant is within 24 hours", () => {
    const result = plan(row, { ...formPost(row), num_vol_pu_1: "AF008" }, new Date("2026-05-19T09:00:00Z"));
    expect(result).toMatchObject({ ok: false, reason: "closed" });
    if (!result.ok && "message" in result) expect(result.message).toMatch(/^Details can be changed online until 24 hours before/);
  });
});

describe("planChange on a round trip", () => {
  const row = storedRow(bookingDraft({ roundTrip: true }));

  it("changes the return's take-off time and its pick-up with it", () => {
    const result = plan(row, { ...formPost(row), horaire_vol_drop_2: "19:30" });
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(result.changes.map((c) => changeText(c, true))).toEqual([
      "Return (leg 2), drop-off take-off time: 18:00 → 19:30",
      expect.stringMatching(/^Return \(leg 2\), pick-up: 25\/05\/2026 \d\d:\d\d \(Paris time\) → 25\/05\/2026 \d\d:\d\d \(Paris time\)$/),
    ]);
    const before = new Date(readStoredDetails(row.details)!.legs[1]!.pickupAt);
    expect(result.next!.returnPickupAt!.getTime() - before.getTime()).toBe(90 * 60_000);
    expect(result.next!.firstPickupAt).toEqual(row.firstPickupAt);
  });

  it("moves the return's hotel with the outbound's, on both legs", () => {
    if (!ZONE_HOTEL_77144) return;
    const result = plan(row, { ...formPost(row), hotel_n_drop_1: String(ZONE_HOTEL_77144.id) });
    if (!result.ok) throw new Error(JSON.stringify(result));
    const [out, back] = result.next!.details.legs;
    expect(out!.dropoff.hotel).toBe(ZONE_HOTEL_77144.name);
    expect(back!.pickup.hotel).toBe(ZONE_HOTEL_77144.name);
    expect(result.changes.filter((c) => c.what === "pick-up hotel").map((c) => c.leg)).toEqual([2]);
    expect(result.changes.filter((c) => c.what === "drop-off hotel").map((c) => c.leg)).toEqual([1]);
  });

  it("names the leg of a leg's problem, and no leg for the traveller's own", () => {
    const result = plan(row, { ...formPost(row), num_vol_pu_1: " ", num_vol_drop_2: " ", phone_mobile: "+33" });
    if (result.ok || result.reason !== "invalid") throw new Error(JSON.stringify(result));
    expect(result.problems).toEqual([
      { field: "phone_mobile", message: "Please enter your phone number." },
      { field: "num_vol_pu_1", message: "Outbound (leg 1): Please enter the pick-up flight number." },
      { field: "num_vol_drop_2", message: "Return (leg 2): Please enter the drop-off flight number." },
    ]);
  });

  it("refuses a return picked up before the outbound arrives", () => {
    const day = bookingDraft({ roundTrip: true, day: 20 });
    const same = storedRow({ ...setLegDate(day, 2, { year: 2026, month: 5, day: 20 }), horaire_vol_drop_2: "23:45" });
    const result = plan(same, { ...formPost(same), horaire_vol_pu_1: "21:30", horaire_vol_drop_2: "12:00" });
    expect(result).toMatchObject({ ok: false, reason: "invalid" });
  });
});

describe("followTakeoff", () => {
  it.each([
    ["18:00", "14:00", "19:30", "15:30"],
    ["08:00", "05:15", "09:15", "06:30"],
    ["01:00", "22:30", "00:15", "21:45"],
  ])("a take-off moved from %s: the pick-up %s moves with it (to %s: %s)", (was, pickup, to, expected) => {
    const [h, m] = pickup.split(":");
    const before: BookingDraft = { type_pu_t2: "2", type_drop_t2: "1", horaire_vol_drop_2: was, time_h_pu_t2: h!, time_m_pu_t2: m! };
    const next = followTakeoff({ ...before, horaire_vol_drop_2: to }, before, 2);
    expect(`${next.time_h_pu_t2}:${next.time_m_pu_t2}`).toBe(expected);
  });

  it("leaves a booking without a pick-up time as it is (the proposal follows by itself)", () => {
    const before: BookingDraft = { horaire_vol_drop_2: "18:00", time_h_pu_t2: "", time_m_pu_t2: "" };
    const next = { ...before, horaire_vol_drop_2: "19:00" };
    expect(followTakeoff(next, before, 2)).toBe(next);
  });
});

describe("changeClosedReason: the deadline, with now, across the clock changes", () => {
  const paris = (year: number, month: number, day: number, hour: number, minute = 0) => parisInstant({ year, month, day, hour, minute });
  it.each([
    // Clocks go forward on 29 March 2026: 24 hours before 10:00 (summer) is 09:00 (winter) the day before.
    [paris(2026, 3, 29, 10), paris(2026, 3, 28, 8, 59), true],
    [paris(2026, 3, 29, 10), paris(2026, 3, 28, 9, 0), true],
    [paris(2026, 3, 29, 10), paris(2026, 3, 28, 9, 1), false],
    // Clocks go back on 25 October 2026: 24 hours before 10:00 (winter) is 11:00 (summer) the day before.
    [paris(2026, 10, 25, 10), paris(2026, 10, 24, 10, 59), true],
    [paris(2026, 10, 25, 10), paris(2026, 10, 24, 11, 0), true],
    [paris(2026, 10, 25, 10), paris(2026, 10, 24, 11, 1), false],
    [paris(2026, 5, 20, 10, 15), paris(2026, 5, 19, 10, 14), true],
    [paris(2026, 5, 20, 10, 15), paris(2026, 5, 21, 10, 15), false],
  ])("first pick-up %s, now %s: open %s", (pickup, at, open) => {
    expect(
      changeClosedReason({ bookingStatus: "confirmed", firstPickupAt: pickup, details: null }, at, PHONE, ENGLISH_MANAGE) === null,
    ).toBe(open);
  });

  it("says until when, in Paris time, and gives the phone", () => {
    const reason = changeClosedReason(
      { bookingStatus: "driver_assigned", firstPickupAt: paris(2026, 10, 25, 10), details: null },
      paris(2026, 10, 24, 12),
      PHONE,
      ENGLISH_MANAGE,
    );
    expect(reason).toBe(
      "Details can be changed online until 24 hours before the first pick-up, that is until 24/10/2026 11:00 (Paris time). For a change now, call us on +33 1 23 45 67 89.",
    );
  });

  it("holds exactly while 24 hours or more remain, whatever the status of a booking still open (fast-check)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.integer({ min: -72 * 60, max: 72 * 60 }),
        fc.constantFrom("new", "confirmed", "driver_assigned"),
        (pickupMs, minutesBefore, status) => {
          const at = new Date(pickupMs - 24 * 3_600_000 - minutesBefore * 60_000);
          expect(
            changeClosedReason({ bookingStatus: status, firstPickupAt: new Date(pickupMs), details: null }, at, PHONE, ENGLISH_MANAGE) ===
              null,
          ).toBe(minutesBefore >= 0);
        },
      ),
    );
  });

  it("is closed without a first pick-up", () => {
    expect(changeClosedReason({ bookingStatus: "new", firstPickupAt: null, details: null }, now, PHONE, ENGLISH_MANAGE)).toContain(
      "cannot be changed online",
    );
    expect(
      changeClosedReason(
        { bookingStatus: "new", firstPickupAt: null, details: { legs: [{ pickupAt: "soon" }] } },
        now,
        PHONE,
        ENGLISH_MANAGE,
      ),
    ).toContain("cannot be changed online");
  });

  it("reads the first pick-up from the details when its column is empty, as the cancel and the booking's page do", () => {
    const pickup = paris(2026, 10, 25, 10);
    const stored = storedRow(bookingDraft()).details as { legs: object[] };
    const details = { ...stored, legs: [{ ...stored.legs[0], pickupAt: pickup.toISOString() }] };
    expect(
      changeClosedReason({ bookingStatus: "confirmed", firstPickupAt: null, details }, paris(2026, 10, 24, 11, 0), PHONE, ENGLISH_MANAGE),
    ).toBeNull();
    expect(
      changeClosedReason({ bookingStatus: "confirmed", firstPickupAt: null, details }, paris(2026, 10, 24, 12), PHONE, ENGLISH_MANAGE),
    ).toBe(
      "Details can be changed online until 24 hours before the first pick-up, that is until 24/10/2026 11:00 (Paris time). For a change now, call us on +33 1 23 45 67 89.",
    );
  });
});

describe("phoneOnlyChanges", () => {
  const row = storedRow(bookingDraft({ roundTrip: true }));
  const draft = draftFromBooking(row.details, row)!;

  it("finds nothing in a post that repeats the booking's own values of every phone-only field (fast-check)", () => {
    fc.assert(
      fc.property(fc.subarray([...PHONE_ONLY_FIELDS]), (fields) => {
        const posted = Object.fromEntries(fields.map((f) => [f, draft[f] ?? ""]));
        expect(phoneOnlyChanges(draft, posted)).toEqual([]);
      }),
    );
  });

  it("finds every phone-only field a post changes (fast-check)", () => {
    fc.assert(
      fc.property(fc.subarray([...PHONE_ONLY_FIELDS], { minLength: 1 }), (fields) => {
        const posted = Object.fromEntries(fields.map((f) => [f, `${draft[f] ?? ""}x`]));
        expect(phoneOnlyChanges(draft, posted)).toEqual(fields);
      }),
    );
  });
});

describe("describeChanges", () => {
  const row = storedRow(bookingDraft({ roundTrip: true }));
  const before = editableOf(readStoredDetails(row.details)!);

  it("finds nothing between a booking and itself", () => {
    expect(describeChanges(before, before)).toEqual([]);
  });

  it("tells the driver of a child seat change, and not of a luggage change", () => {
    const after: Editable = structuredClone(before);
    after.luggage.baby_seat = 1;
    after.luggage.cabin_bag = before.luggage.cabin_bag + 1;
    expect(describeChanges(before, after).map((c) => [c.what, c.forDriver])).toEqual([
      ["cabin bags", false],
      ["baby seats", true],
    ]);
  });

  it("finds exactly the values that differ, each once, with the old and new values (fast-check)", () => {
    const text = fc.string({ maxLength: 12 });
    fc.assert(
      fc.property(
        fc.record({
          phone: fc.option(text, { nil: undefined }),
          note1: fc.option(text, { nil: undefined }),
          number2: fc.option(text, { nil: undefined }),
          bags: fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }),
        }),
        (edit) => {
          const after: Editable = structuredClone(before);
          if (edit.phone !== undefined) after.phone = edit.phone;
          if (edit.note1 !== undefined) after.legs[0]!.note = edit.note1;
          if (edit.number2 !== undefined) after.legs[1]!.dropoff.flightNumber = edit.number2;
          if (edit.bags !== undefined) after.luggage.check_in_luggage = edit.bags;
          const changes = describeChanges(before, after);
          const expected = [
            edit.note1 !== undefined && edit.note1 !== before.legs[0]!.note ? "note" : null,
            edit.number2 !== undefined && edit.number2 !== before.legs[1]!.dropoff.flightNumber ? "drop-off flight number" : null,
            edit.phone !== undefined && edit.phone !== before.phone ? "mobile phone" : null,
            edit.bags !== undefined && edit.bags !== before.luggage.check_in_luggage ? "check-in luggage" : null,
          ].filter((w) => w !== null);
          expect(changes.map((c) => c.what)).toEqual(expected);
          for (const c of changes) expect(c.before).not.toBe(c.after);
        },
      ),
    );
  });
});

describe("overlayChanges", () => {
  it("ignores fields the booking's form does not show", () => {
    const row = storedRow(bookingDraft());
    const draft = draftFromBooking(row.details, row)!;
    const next = overlayChanges(draft, { hotel_pu_1: "A hotel at the airport", num_vol_drop_1: "XX1", info_t2: "Return note" });
    expect(next).toEqual(draft);
  });
});

describe("changeFormSchema", () => {
  it.each([
    ["a note too long", { info_t1: "x".repeat(1001) }, "info_t1"],
    ["a NUL character", { num_vol_pu_1: "AF\u0000" }, "num_vol_pu_1"],
    ["a number for text", { phone_mobile: 33 }, "phone_mobile"],
  ])("refuses %s at its field", (_name, post, field) => {
    const result = changeFormSchema.safeParse(post);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues.map((i) => i.path[0])).toEqual([field]);
  });

  it("drops fields it does not know", () => {
    expect(changeFormSchema.parse({ info_t1: "x", depart: "Beauvais" })).toEqual({ info_t1: "x" });
  });
});

describe("the pick-up terminal", () => {
  const row = storedRow(bookingDraft());

  it("is on the form of a pick-up at an airport, with 'not known yet' first", () => {
    const layout = changeLayout(draftFromBooking(row.details, row)!);
    expect(layout.legs[0]!.ends[0]!.fields.terminal).toBe("terminal_pu_1");
    expect(layout.legs[0]!.ends[0]!.terminals).toEqual(["", "1", "2A", "2B", "2C", "2D", "2E", "2F", "2G", "3"]);
  });

  it("changes, for the driver too", () => {
    const result = plan(row, { ...formPost(row), terminal_pu_1: "2E" });
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(result.changes.map((c) => changeText(c, false))).toEqual(["Transfer, pick-up terminal: not known yet → 2E"]);
    expect(result.changes[0]!.forDriver).toBe(true);
    expect(result.next!.details.legs[0]!.pickup.terminal).toBe("2E");
  });

  it("is refused when the airport has no such terminal", () => {
    const result = plan(row, { ...formPost(row), terminal_pu_1: "2Z" });
    expect(result).toMatchObject({ ok: false, reason: "invalid", problems: [{ field: "terminal_pu_1" }] });
  });
});

describe("a departure's pick-up time", () => {
  /** Disneyland → CDG, taking off at 18:00, picked up 30 minutes before the form's proposal. */
  function departure(): ChangeRequest["row"] {
    let draft = initialDraft({ depart: DISNEY, arrive: CDG, depart_type: "2", arrive_type: "1", nb_pax: "2" }, { now });
    draft = setLegDate(draft, 1, { year: 2026, month: 5, day: 20 });
    draft = setFlightTime(draft, "drop", 1, "18:00");
    Object.assign(draft, {
      lastname: "Martin",
      firstname: "Claire",
      email: "claire@example.com",
      phone_mobile: "+33612345678",
      city_vol_drop_1: "New York",
      num_vol_drop_1: "AF008",
      hotel_pu_1: DISNEYLAND_HOTEL.name,
      hotel_n_pu_1: String(DISNEYLAND_HOTEL.id),
      address_pu_1: DISNEYLAND_HOTEL.address,
      zip_pu_1: DISNEYLAND_HOTEL.zip,
      submission_token: "token-departure",
    });
    const proposal = departureProposalOf(draft, 1, ROWS)!.proposal;
    const chosen = new Date(proposal.getTime() - 30 * 60_000);
    const p = parisParts(chosen);
    return storedRow({ ...draft, time_h_pu_t1: String(p.hour), time_m_pu_t1: String(p.minute) });
  }

  it("keeps its distance from the take-off when the take-off time moves", () => {
    const row = departure();
    const before = readStoredDetails(row.details)!.legs[0]!;
    expect(before.pickupTime).not.toBeNull();
    const result = plan(row, { ...formPost(row), horaire_vol_drop_1: "19:15" });
    if (!result.ok) throw new Error(JSON.stringify(result));
    const after = result.next!.details.legs[0]!;
    expect(result.changes.map((c) => changeText(c, false))).toEqual([
      "Transfer, drop-off take-off time: 18:00 → 19:15",
      `Transfer, pick-up: ${formatParisDateTime(new Date(before.pickupAt))} (Paris time) → ${formatParisDateTime(new Date(after.pickupAt))} (Paris time)`,
    ]);
    expect(new Date(after.pickupAt).getTime() - new Date(before.pickupAt).getTime()).toBe(75 * 60_000);
    expect(result.next!.firstPickupAt).toEqual(new Date(after.pickupAt));
    expect(after.pickupTime).not.toBe(before.pickupTime);
  });

  it("changes nothing else for a flight number", () => {
    const row = departure();
    const result = plan(row, { ...formPost(row), num_vol_drop_1: "AF010" });
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(result.next!.details.legs[0]!.pickupAt).toEqual(readStoredDetails(row.details)!.legs[0]!.pickupAt);
  });
});
