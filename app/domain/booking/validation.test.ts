import { describe, expect, it } from "vitest";
import { initialDraft, type BookingDraft } from "./draft";
import { PRICE_FILE_COLUMNS, parsePriceFile, type PriceRow } from "../pricing/csv";
import { say } from "./messages";
import {
  bookingFormSchema,
  bookingIssue,
  issueText,
  markupParts,
  phoneWarnings,
  pickupMoment,
  stripMarkup,
  validateDraft,
} from "./validation";
import { ENGLISH_WORDS } from "~/lib/test-support/booking-words";

// 12:00 in Paris, 10 May 2026.
const now = new Date("2026-05-10T10:00:00Z");

/** No price-file rows: every route takes the default durations and delays (45/45/30/135 minutes). */
const NO_ROWS: readonly PriceRow[] = [];
const DEFAULT_TIMING = { duree: 45, delaiDepart: 30, delaiArrive: 135 };

/** A price file of rows written as the shipped file writes them (columns in PRICE_FILE_COLUMNS order). */
function fileRows(lines: string[]): readonly PriceRow[] {
  return parsePriceFile([PRICE_FILE_COLUMNS.join(";"), ...lines].join("\n")).rows;
}

/**
 * CDG → Disneyland Paris: shuttle one way and round trip, by card, 65 minutes out and 70 back,
 * delays 30 and 150, Disneyland's postal codes 77700 and 77144.
 */
const CDG_DISNEY_ROWS = fileRows([
  "0;Charles de Gaulle Airport (CDG);Disneyland Paris;1;2;65;70;30;150;1;2;4000;5800;7500;9000;10500;12000;13300;14400;7900;1700;95700;77700,77144;;;",
  "0;Charles de Gaulle Airport (CDG);Disneyland Paris;2;2;65;70;30;150;1;2;7600;11000;14300;17100;20000;22800;25300;27400;15000;3200;95700;77700,77144;;;",
]);

/** A posted number of 400 nines: Number() reads it as Infinity. */
const NINES = "9".repeat(400);

function oneWay(extra: BookingDraft = {}): BookingDraft {
  return {
    ...initialDraft(
      { depart: "Charles_de_Gaulle_Airport_(CDG)", arrive: "Disneyland_Paris", depart_type: "1", arrive_type: "2", nb_pax: "2" },
      { now },
    ),
    lastname: "Martin",
    firstname: "Claire",
    email: "claire@example.com",
    phone_mobile: "+33612345678",
    french_date_pu_t1: "20/05/2026",
    horaire_vol_pu_1: "10:15",
    city_vol_pu_1: "New York",
    num_vol_pu_1: "AF007",
    address_drop_1: "Rue de la Marnière",
    zip_drop_1: "77700",
    ...extra,
  };
}

function roundTrip(extra: BookingDraft = {}): BookingDraft {
  return oneWay({
    nb_trajet: "2",
    aller_retour: "2",
    lieu_pu_2: "Disneyland Paris",
    type_pu_t2: "2",
    lieu_drop_2: "Charles de Gaulle Airport (CDG)",
    type_drop_t2: "1",
    pax_adult_t2: "2",
    pax_child_t2: "0",
    pax_baby_t2: "0",
    french_date_pu_t2: "25/05/2026",
    address_pu_2: "Rue de la Marnière",
    zip_pu_2: "77700",
    horaire_vol_drop_2: "18:00",
    city_vol_drop_2: "New York",
    num_vol_drop_2: "AF008",
    ...extra,
  });
}

const messages = (draft: BookingDraft, at = now) =>
  validateDraft(draft, { now: at, rows: NO_ROWS }, ENGLISH_WORDS).errors.map((e) => stripMarkup(e.message));
const errors = (draft: BookingDraft, at = now) => validateDraft(draft, { now: at, rows: NO_ROWS }, ENGLISH_WORDS).errors;

describe("a complete draft", () => {
  it("passes one way and round trip", () => {
    expect(errors(oneWay())).toEqual([]);
    expect(errors(roundTrip())).toEqual([]);
  });

  it("parses into a typed booking", () => {
    const booking = bookingFormSchema({ now, rows: NO_ROWS }).parse({ ...roundTrip(), prix_cb: "8000", unknown_field: "dropped" });
    expect(booking.kind).toBe("shuttle");
    expect(booking.roundTrip).toBe(true);
    expect(booking.passengers).toEqual({ adults: 2, children: 0, babies: 0, total: 2 });
    expect(booking.luggage).toMatchObject({ checkIn: 1, cabin: 1, strollerSingle: 0, strollerDouble: 0 });
    expect(booking.postedPrices.cb).toBe(8000);
    expect(booking.legs).toHaveLength(2);
    expect(booking.legs[0]).toMatchObject({ date: "2026-05-20", durationMinutes: 45, pickupTime: null });
    expect(booking.legs[0]!.pickup).toMatchObject({ kind: "flight", flightTime: "10:15", flightNumber: "AF007" });
    expect(booking.legs[0]!.dropoff).toMatchObject({ kind: "address", zip: "77700" });
    expect(booking.legs[0]!.pickupAt.toISOString()).toBe("2026-05-20T08:15:00.000Z");
    // Return: takeoff 18:00 − (135 + 45) min = 15:00 Paris.
    expect(booking.legs[1]!.pickupAt.toISOString()).toBe("2026-05-25T13:00:00.000Z");
    expect(booking).not.toHaveProperty("fields");
    expect(JSON.stringify(booking)).not.toContain("dropped");
  });

  it("treats missing posted fields as empty and rejects non-text", () => {
    expect(messages({ lastname: "x" })).toContain("USER - Please enter your first name.");
    const bad = bookingFormSchema({ now, rows: NO_ROWS }).safeParse({ ...oneWay(), lastname: 42 });
    expect(bad.success).toBe(false);
    const [issue] = bad.error?.issues ?? [];
    expect(issue?.path).toEqual(["lastname"]);
    expect(issueText(issue!, ENGLISH_WORDS)).toBe("USER - This field must be text.");
  });
});

describe("messages, word for word", () => {
  it.each([
    [{ lastname: " " }, "lastname", "USER - Please enter your last name."],
    [{ firstname: "" }, "firstname", "USER - Please enter your first name."],
    [{ email: "" }, "email", "USER - Please enter a valid email."],
    [{ pax_adult_t1: "0", pax_child_t1: "1" }, "pax_adult_t1", "USER - Please enter a minimun adult pax."],
    [{ phone_mobile: "+336" }, "phone_mobile", "USER - Please enter your phone number."],
    [{ french_date_pu_t1: "" }, "french_date_pu_t1", "FIRST STEP -  Date Departure (t1) is required."],
    [{ french_date_pu_t1: "31/02/2026" }, "french_date_pu_t1", "FIRST STEP - Date input not valid."],
    [{ french_date_pu_t1: "2026-05-20" }, "french_date_pu_t1", "FIRST STEP - Date input not valid."],
    [
      { french_date_pu_t1: "10/05/2026" },
      "french_date_pu_t1",
      "FIRST STEP - Date Departure (t1) must be between 11/05/2026 and 10/08/2026.",
    ],
    [
      { french_date_pu_t1: "11/08/2026" },
      "french_date_pu_t1",
      "FIRST STEP - Date Departure (t1) must be between 11/05/2026 and 10/08/2026.",
    ],
    [
      { french_date_pu_t1: "11/05/2026", horaire_vol_pu_1: "07:45" },
      "french_date_pu_t1",
      "FIRST STEP - Reservation must be made at least 20 hours before departure.",
    ],
    [{ pax_adult_t1: "0" }, "pax_adult_t1", "FIRST STEP - Please enter at least 1 passenger."],
    [{ pax_adult_t1: "51" }, "pax_adult_t1", "FIRST STEP - Please enter between 1 and 50 adults."],
    [{ pax_adult_t1: "two" }, "pax_adult_t1", "FIRST STEP - Please enter between 1 and 50 adults."],
    [{ pax_child_t1: "51" }, "pax_child_t1", "FIRST STEP - Please enter between 0 and 50 children."],
    [{ pax_baby_t1: "-1" }, "pax_baby_t1", "FIRST STEP - Please enter between 0 and 50 babies."],
    [{ check_in_luggage: "11" }, "check_in_luggage", "FIRST STEP - Please enter between 0 and 10 check-in luggage."],
    [{ cabin_bag: "11" }, "cabin_bag", "FIRST STEP - Please enter between 0 and 10 cabin bags."],
    [{ stroller_single: "11" }, "stroller_single", "FIRST STEP - Please enter between 0 and 10 single strollers."],
    [{ stroller_double: "x" }, "stroller_double", "FIRST STEP - Please enter between 0 and 10 double strollers."],
    [
      { horaire_vol_pu_1: "05:15" },
      "horaire_vol_pu_1",
      "FIRST STEP - Departure flight time must be between 05:30 and 21:30. You entered: 05:15",
    ],
    [{ horaire_vol_pu_1: "" }, "horaire_vol_pu_1", "FIRST STEP - Please enter the pick-up flight time."],
    [{ horaire_vol_pu_1: "25:00" }, "horaire_vol_pu_1", "FIRST STEP - Please enter a valid pick-up flight time (HH:MM)."],
    [{ horaire_vol_pu_1: "10:20" }, "horaire_vol_pu_1", "FIRST STEP - The pick-up flight time must be in 15-minute intervals."],
    [{ city_vol_pu_1: "" }, "city_vol_pu_1", "FIRST STEP - Please enter the pick-up flight origin city."],
    [{ num_vol_pu_1: "" }, "num_vol_pu_1", "FIRST STEP - Please enter the pick-up flight number."],
    [{ address_drop_1: "" }, "address_drop_1", "FIRST STEP - Please enter the drop-off address."],
    [{ zip_drop_1: "" }, "zip_drop_1", "FIRST STEP - Please enter the drop-off zip code."],
  ])("%o → %s: %s", (change, field, message) => {
    const found = errors(oneWay(change));
    expect(found.map((e) => stripMarkup(e.message))).toContain(message);
    expect(found.find((e) => stripMarkup(e.message) === message)?.field).toBe(field);
  });

  it.each([
    [{ type_pu_t1: "2", address_pu_1: "", zip_pu_1: "" }, "address_pu_1", "FIRST STEP - Please enter the pick-up address."],
    [{ type_pu_t1: "2", address_pu_1: "x", zip_pu_1: "" }, "zip_pu_1", "FIRST STEP - Please enter the pick-up zip code."],
    [{ type_drop_t1: "1", horaire_vol_drop_1: "" }, "horaire_vol_drop_1", "FIRST STEP - Please enter the drop-off flight time."],
    [{ type_drop_t1: "1", city_vol_drop_1: "" }, "city_vol_drop_1", "FIRST STEP - Please enter the drop-off flight destination city."],
    [{ type_drop_t1: "1", num_vol_drop_1: "" }, "num_vol_drop_1", "FIRST STEP - Please enter the drop-off flight number."],
    [{ type_pu_t1: "2", address_pu_1: "a", zip_pu_1: "1" }, "time_h_pu_t1", "FIRST STEP - Please enter the pick-up time."],
    [
      { type_pu_t1: "2", address_pu_1: "a", zip_pu_1: "1", time_h_pu_t1: "30" },
      "time_h_pu_t1",
      "FIRST STEP - Please enter a valid pick-up time (HH:MM).",
    ],
  ])("ends: %o → %s: %s", (change, field, message) => {
    const found = errors(oneWay(change));
    expect(found.find((e) => stripMarkup(e.message) === message)?.field).toBe(field);
  });

  it.each([
    [{ french_date_pu_t2: "" }, "french_date_pu_t2", "SECOND STEP -  Date Departure (t2) is required."],
    [{ french_date_pu_t2: "xx" }, "french_date_pu_t2", "SECOND STEP - Date input not valid."],
    // The return runs to 2 months ahead only.
    [
      { french_date_pu_t2: "11/07/2026" },
      "french_date_pu_t2",
      "SECOND STEP - Date Departure (t2) must be between 11/05/2026 and 10/07/2026.",
    ],
    [{ french_date_pu_t2: "15/05/2026" }, "french_date_pu_t2", "SECOND STEP - The return date cannot be before the departure date."],
    [
      { horaire_vol_drop_2: "07:45" },
      "horaire_vol_drop_2",
      "SECOND STEP - Departure flight time must be between 08:00 and 23:45. You entered: 07:45",
    ],
    [{ address_pu_2: "" }, "address_pu_2", "SECOND STEP - Please enter the pick-up address."],
    [{ pax_adult_t2: "0" }, "pax_adult_t2", "SECOND STEP - Please enter at least 1 passenger."],
    [{ pax_adult_t2: "0", pax_child_t2: "1" }, "pax_adult_t2", "SECOND STEP - Please enter between 1 and 50 adults."],
  ])("round trip: %o → %s: %s", (change, field, message) => {
    const found = errors(roundTrip(change));
    expect(found.find((e) => stripMarkup(e.message) === message)?.field).toBe(field);
  });

  it("leaves leg 2 unchecked one way", () => {
    expect(errors(oneWay({ french_date_pu_t2: "nonsense" }))).toEqual([]);
  });

  it("orders USER, then FIRST STEP, then SECOND STEP", () => {
    const found = messages(roundTrip({ lastname: "", french_date_pu_t1: "", french_date_pu_t2: "", email: "" }));
    expect(found).toEqual([
      "USER - Please enter your last name.",
      "USER - Please enter a valid email.",
      "FIRST STEP -  Date Departure (t1) is required.",
      "SECOND STEP -  Date Departure (t2) is required.",
    ]);
    const prefixes = messages(roundTrip({ lastname: "", zip_drop_1: "", zip_pu_2: "" })).map((m) => m.split(" - ")[0]);
    expect(prefixes).toEqual(["USER", "FIRST STEP", "SECOND STEP"]);
  });
});

describe("each issue's part", () => {
  /** Each issue as its field, the part it carries, and its text after the prefix. */
  const issuesOf = (input: unknown) => {
    const result = bookingFormSchema({ now, rows: NO_ROWS }).safeParse(input);
    return (result.error?.issues ?? []).map((issue) => {
      const { part, message } = bookingIssue(issue);
      return { field: issue.path[0], part, text: say(ENGLISH_WORDS, message) };
    });
  };

  it("names leg 2 for a leg-2 rule, leg 1 for leg 1's, the customer for the customer's", () => {
    expect(issuesOf(roundTrip({ lastname: "", zip_drop_1: "", zip_pu_2: "" }))).toEqual([
      { field: "lastname", part: "customer", text: "Please enter your last name." },
      { field: "zip_drop_1", part: 1, text: "Please enter the drop-off zip code." },
      { field: "zip_pu_2", part: 2, text: "Please enter the pick-up zip code." },
    ]);
  });

  it("follows the rule, not its field: no adult is the customer's, luggage is leg 1's", () => {
    const found = issuesOf(oneWay({ pax_adult_t1: "0", pax_child_t1: "1", cabin_bag: "11" }));
    expect(found).toContainEqual({ field: "pax_adult_t1", part: "customer", text: "Please enter a minimun adult pax." });
    expect(found).toContainEqual({ field: "cabin_bag", part: 1, text: "Please enter between 0 and 10 cabin bags." });
  });

  it("gives zod's own checks of a field that field's part", () => {
    const found = issuesOf({ ...roundTrip(), lastname: 5, num_vol_drop_2: "x".repeat(2001), city_vol_drop_2: "a\u0000b" });
    expect(found).toContainEqual({ field: "lastname", part: "customer", text: "This field must be text." });
    expect(found).toContainEqual({ field: "num_vol_drop_2", part: 2, text: "This field is too long." });
    expect(found).toContainEqual({ field: "city_vol_drop_2", part: 2, text: "This field holds a character we cannot read." });
  });

  it("is the part whose prefix the message's words start with", () => {
    const result = bookingFormSchema({ now, rows: NO_ROWS }).safeParse(
      roundTrip({ lastname: "", pax_adult_t1: "0", french_date_pu_t1: "", french_date_pu_t2: "xx", cabin_bag: "x" }),
    );
    const issues = result.error?.issues ?? [];
    expect(issues.length).toBeGreaterThan(3);
    const prefixes = { customer: "USER - ", 1: "FIRST STEP - ", 2: "SECOND STEP - " };
    for (const issue of issues) {
      const { part, message } = bookingIssue(issue);
      expect(issueText(issue, ENGLISH_WORDS)).toBe(prefixes[part] + say(ENGLISH_WORDS, message));
    }
  });
});

describe("flight windows per transfer kind", () => {
  it.each([
    ["Shuttle", "pu", "05:15", "05:30", "21:30", false],
    ["Shuttle", "pu", "05:30", "05:30", "21:30", true],
    ["Shuttle", "pu", "21:30", "05:30", "21:30", true],
    ["Shuttle", "pu", "21:45", "05:30", "21:30", false],
    ["Private", "pu", "04:30", "04:30", "23:00", true],
    ["Private", "pu", "04:15", "04:30", "23:00", false],
    ["Private", "pu", "23:00", "04:30", "23:00", true],
    ["Private", "pu", "23:15", "04:30", "23:00", false],
    ["Shuttle", "drop", "07:45", "08:00", "23:45", false],
    ["Shuttle", "drop", "23:45", "08:00", "23:45", true],
    ["Private", "drop", "07:45", "08:00", "23:45", false],
    ["Private", "drop", "08:00", "08:00", "23:45", true],
  ] as const)("%s %s flight at %s (window %s–%s): ok %s", (kind, end, time, min, max, ok) => {
    const base =
      end === "pu"
        ? oneWay({ shuttle_private: kind, horaire_vol_pu_1: time })
        : oneWay({
            shuttle_private: kind,
            type_pu_t1: "2",
            address_pu_1: "Hotel",
            zip_pu_1: "75001",
            type_drop_t1: "1",
            horaire_vol_drop_1: time,
            city_vol_drop_1: "Rome",
            num_vol_drop_1: "AZ1",
          });
    const expected = `FIRST STEP - Departure flight time must be between **${min}** and **${max}**. You entered: **${time}**`;
    const found = errors(base).map((e) => e.message);
    if (ok) expect(found).toEqual([]);
    else expect(found).toContain(expected);
  });
});

describe("gap rule (both ends flights)", () => {
  const flights = (landing: string, takeoff: string, extra: BookingDraft = {}) =>
    oneWay({
      type_drop_t1: "1",
      horaire_vol_pu_1: landing,
      horaire_vol_drop_1: takeoff,
      city_vol_drop_1: "Rome",
      num_vol_drop_1: "AZ1",
      ...extra,
    });

  it.each([
    // 30 + 45 + 135 = 210 minutes needed.
    ["10:00", "13:30", null],
    ["10:00", "13:15", "3h30"],
    ["10:00", "09:00", "3h30"],
    ["10:00", "16:00", null],
  ])("landing %s, takeoff %s → %s", (landing, takeoff, needed) => {
    const found = messages(flights(landing, takeoff));
    const gapMessages = found.filter((m) => m.includes("insufficient"));
    expect(gapMessages).toEqual(
      needed ? [`FIRST STEP - The delay between pickup and drop-off is insufficient. Time needed: ${needed}`] : [],
    );
  });

  it("takes the leg's duration and delays from the route's price-file row, never from the post", () => {
    // 30 + 65 + 150 = 245 minutes needed, whatever the post says.
    const posts: BookingDraft[] = [
      {},
      { duree_t1: "1", delai_depart_t1: "0", delai_arrive_t1: "0", duree_aller: "1" },
      { duree_t1: NINES },
    ];
    for (const posted of posts) {
      const found = validateDraft(flights("10:00", "14:00", posted), { now, rows: CDG_DISNEY_ROWS }, ENGLISH_WORDS).errors;
      expect(found).toEqual([
        {
          field: "horaire_vol_drop_1",
          message: "FIRST STEP - The delay between pickup and drop-off is insufficient. Time needed: **4h05**",
        },
      ]);
    }
    expect(validateDraft(flights("10:00", "14:15"), { now, rows: CDG_DISNEY_ROWS }, ENGLISH_WORDS).errors).toEqual([]);
  });
});

describe("20-hour lead time, in Paris time, across daylight-saving changes", () => {
  const hotelToHotel = (date: string, time: string) => {
    const [h, m] = time.split(":");
    return oneWay({
      type_pu_t1: "2",
      address_pu_1: "1 rue de Rivoli",
      zip_pu_1: "75001",
      french_date_pu_t1: date,
      time_h_pu_t1: h ?? "",
      time_m_pu_t1: m ?? "",
    });
  };
  const lead = "FIRST STEP - Reservation must be made at least 20 hours before departure.";

  it.each([
    // Spring forward 29 March 2026: 28 March 07:00 CET is 06:00 UTC.
    [
      "private landing",
      "2026-03-28T06:00:00Z",
      oneWay({ shuttle_private: "Private", french_date_pu_t1: "29/03/2026", horaire_vol_pu_1: "04:30" }),
      true,
    ],
    // 28 March 07:45 CET → 29 March 04:30 CEST is 19 h 45 real minutes (20 h 45 on the wall clock).
    [
      "private landing",
      "2026-03-28T06:45:00Z",
      oneWay({ shuttle_private: "Private", french_date_pu_t1: "29/03/2026", horaire_vol_pu_1: "04:30" }),
      false,
    ],
    ["hotel pickup exactly 20 h", "2026-03-28T05:00:00Z", hotelToHotel("29/03/2026", "03:00"), true],
    ["hotel pickup 1 min short", "2026-03-28T05:01:00Z", hotelToHotel("29/03/2026", "03:00"), false],
    // Fall back 25 October 2026: 24 October 08:00 CEST (06:00 UTC) → 25 October 03:30 CET is 20 h 30.
    ["hotel pickup after fall back", "2026-10-24T06:00:00Z", hotelToHotel("25/10/2026", "03:30"), true],
    // 24 October 07:45 CEST → 25 October 02:30 (first occurrence, CEST) is 18 h 45.
    ["hotel pickup in the repeated hour", "2026-10-24T05:45:00Z", hotelToHotel("25/10/2026", "02:30"), false],
    [
      "shuttle landing after fall back",
      "2026-10-24T08:30:00Z",
      oneWay({ french_date_pu_t1: "25/10/2026", horaire_vol_pu_1: "05:30" }),
      true,
    ],
    [
      "shuttle landing after fall back, late",
      "2026-10-24T08:31:00Z",
      oneWay({ french_date_pu_t1: "25/10/2026", horaire_vol_pu_1: "05:30" }),
      false,
    ],
    // 2027: spring forward 28 March, fall back 31 October.
    // 27 March 07:31 CET → 28 March 04:30 CEST is 19 h 59 (20 h 59 on the wall clock).
    [
      "2027 spring private landing",
      "2027-03-27T06:31:00Z",
      oneWay({ shuttle_private: "Private", french_date_pu_t1: "28/03/2027", horaire_vol_pu_1: "04:30" }),
      false,
    ],
    [
      "2027 spring private landing, in time",
      "2027-03-27T06:30:00Z",
      oneWay({ shuttle_private: "Private", french_date_pu_t1: "28/03/2027", horaire_vol_pu_1: "04:30" }),
      true,
    ],
    ["2027 spring landing", "2027-03-27T07:30:00Z", oneWay({ french_date_pu_t1: "28/03/2027", horaire_vol_pu_1: "05:30" }), true],
    ["2027 spring landing short", "2027-03-27T07:31:00Z", oneWay({ french_date_pu_t1: "28/03/2027", horaire_vol_pu_1: "05:30" }), false],
    ["2027 autumn", "2027-10-30T08:30:00Z", oneWay({ french_date_pu_t1: "31/10/2027", horaire_vol_pu_1: "05:30" }), true],
    ["2027 autumn short", "2027-10-30T08:31:00Z", oneWay({ french_date_pu_t1: "31/10/2027", horaire_vol_pu_1: "05:30" }), false],
  ])("%s, now %s", (_label, at, draft, allowed) => {
    expect(messages(draft, new Date(at)).includes(lead)).toBe(!allowed);
  });

  it("measures to takeoff − (delai_arrive + duree) when only the drop-off is a flight", () => {
    const draft = oneWay({
      type_pu_t1: "2",
      address_pu_1: "Hotel",
      zip_pu_1: "75001",
      type_drop_t1: "1",
      horaire_vol_drop_1: "12:00",
      city_vol_drop_1: "Rome",
      num_vol_drop_1: "AZ1",
      french_date_pu_t1: "29/03/2026",
    });
    // 12:00 CEST − 180 min = 09:00 CEST = 07:00 UTC.
    expect(pickupMoment(draft, 1, DEFAULT_TIMING)?.toISOString()).toBe("2026-03-29T07:00:00.000Z");
    expect(messages(draft, new Date("2026-03-28T11:00:00Z"))).toEqual([]);
    expect(messages(draft, new Date("2026-03-28T11:01:00Z"))).toEqual([lead]);
  });

  it("gives the same answer whatever the machine's time zone", () => {
    // Now is fixed as an instant; the test suite also runs under TZ=America/Los_Angeles and Asia/Tokyo.
    expect(pickupMoment(oneWay(), 1, DEFAULT_TIMING)?.toISOString()).toBe("2026-05-20T08:15:00.000Z");
  });
});

describe("phone warnings (not blocking)", () => {
  it.each([
    [{}, []],
    [{ phone_mobile: "" }, ["Missing phone number or country data."]],
    [{ phoneCountryFormat: "" }, ["Missing phone number or country data."]],
    [{ phoneCountryCode: "fra" }, ["Invalid country code."]],
    [{ phone_mobile: "+3361234567" }, []],
    [{ phone_mobile: "+336123456" }, []],
    [
      { phone_mobile: "+33612345" },
      ["Phone number +33612345 is incorrect length. Expected 11 digits. Format must be +.. . .. .. .. .. for France"],
    ],
    [
      { phone_mobile: "+1 555 12", phoneCountryCode: "us", phoneCountryName: "", phoneCountryFormat: "+. (...) ...-...." },
      ["Phone number +155512 is incorrect length. Expected 11 digits. Format must be +. (...) ...-.... for US"],
    ],
  ])("%o → %o", (change, expected) => {
    expect(phoneWarnings(oneWay(change), ENGLISH_WORDS).map((w) => w.message)).toEqual(expected);
  });

  it("names the country in the page's language when given its names", () => {
    const [warning] = phoneWarnings(oneWay({ phone_mobile: "+33612345" }), ENGLISH_WORDS, { FR: "Frankrijk" });
    expect(warning?.message).toMatch(/ for Frankrijk$/);
  });

  it("never blocks", () => {
    const result = validateDraft(oneWay({ phone_mobile: "+3361234" }), { now, rows: NO_ROWS }, ENGLISH_WORDS);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]!.field).toBe("phone_mobile");
  });
});

describe("bold markup", () => {
  it("strips and splits", () => {
    const msg = "A **b** c **d**";
    expect(stripMarkup(msg)).toBe("A b c d");
    expect(markupParts(msg)).toEqual([
      { text: "A ", bold: false },
      { text: "b", bold: true },
      { text: " c ", bold: false },
      { text: "d", bold: true },
    ]);
    expect(markupParts("plain")).toEqual([{ text: "plain", bold: false }]);
  });
});
