import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HOTELS, type Hotel } from "../hotels";
import { PRICE_FILE_COLUMNS, parsePriceFile, type PriceRow } from "../pricing/csv";
import { PRIVATE, SHUTTLE, initialDraft, setFlightTime, setLegDate, withCounts, withTripMode } from "./draft";
import { DRAFT_FIELDS, endFields, type BookingDraft } from "./fields";
import { readStoredDetails, storedDetails } from "./model";
import { formatFrenchDate, isoDate, parseFrenchDate, parseIsoDate, type ParisDate } from "./paris-time";
import { bookingFormSchema, type Booking } from "./validation";
import { bookingFromDraft, draftFromBooking, storedColumns } from "./wire";

// The adapter between the model and the booking form's wire names: a stored booking written back
// as the form's draft reads as the same booking again.

const NOW = new Date("2026-05-10T10:00:00Z");
const CDG = "Charles de Gaulle Airport (CDG)";
const DISNEY = "Disneyland Paris";
const ROWS: readonly PriceRow[] = parsePriceFile(
  [
    PRICE_FILE_COLUMNS.join(";"),
    ...[1, 2].flatMap((trip) =>
      [1, 2].flatMap((pay) => [
        `0;${CDG};${DISNEY};${trip};${pay};65;70;30;150;1;2;${4000 * trip};${5800 * trip};7500;9000;10500;12000;13300;14400;7900;1700;95700;77700,77144;;;`,
        `1;${CDG};${DISNEY};${trip};${pay};65;70;30;150;1;2;;;;;;;;;;;95700;77700,77144;1;8;${9000 * trip}`,
      ]),
    ),
  ].join("\n"),
).rows;
const HOTEL = HOTELS.find((h) => h.slug === "disneyland-hotel")!;
/** A hotel outside the route's zones (77600): the form admits it only when the booking link names it, as a hotel card's does. */
const LINKED_HOTEL = HOTELS.find((h) => h.slug === "mercure-marne-la-vallee-bussy-saint-georges")!;

interface Choice {
  roundTrip: boolean;
  kind: "shuttle" | "private";
  day: number;
  landing: string;
  takeoff: string;
  adults: number;
  children: number;
  babies: number;
  checkIn: number;
  cabin: number;
  strollers: [number, number];
  seats: [number, number, number];
  names: [string, string];
  note: string;
  luggageNote: string;
  flight: string;
  /** The outbound leg: from the airport to the resort (the default), or from the resort to the airport. */
  outbound?: "arrival" | "departure";
  /** A hotel the booking link names, outside the route's zones; else the resort's Disneyland Hotel. */
  linkedHotel?: Hotel;
}

/** A CDG ⇄ Disneyland booking as the form posts it, from one choice of its values. */
function draftOf(c: Choice): BookingDraft {
  const departure = c.outbound === "departure";
  const [airport, resort] = departure ? (["drop", "pu"] as const) : (["pu", "drop"] as const);
  const hotel = c.linkedHotel ?? HOTEL;
  let draft = initialDraft(
    {
      depart: departure ? DISNEY : CDG,
      arrive: departure ? CDG : DISNEY,
      depart_type: departure ? "2" : "1",
      arrive_type: departure ? "1" : "2",
      nb_pax: "2",
      private_shuttle: c.kind === "private" ? "1" : "0",
      ...(c.linkedHotel ? { hotel: c.linkedHotel.slug } : {}),
    },
    { now: NOW },
  );
  draft = setLegDate(draft, 1, { year: 2026, month: 5, day: c.day });
  draft = setFlightTime(draft, airport, 1, departure ? c.takeoff : c.landing);
  const flight = endFields(airport, 1);
  const stay = endFields(resort, 1);
  Object.assign(draft, {
    lastname: c.names[0],
    firstname: c.names[1],
    email: "claire@example.com",
    phone_mobile: "+33612345678",
    [flight.cityVol]: "New York",
    [flight.numVol]: c.flight,
    [stay.hotel]: hotel.name,
    [stay.hotelN]: String(hotel.id),
    [stay.address]: hotel.address,
    [stay.zip]: hotel.zip,
    pax_adult_t1: String(c.adults),
    pax_child_t1: String(c.children),
    pax_baby_t1: String(c.babies),
    check_in_luggage: String(c.checkIn),
    cabin_bag: String(c.cabin),
    stroller_single: String(c.strollers[0]),
    stroller_double: String(c.strollers[1]),
    baby_seat: String(c.seats[0]),
    child_seat: String(c.seats[1]),
    booster_seat: String(c.seats[2]),
    info_t1: c.note,
    info_pax_luggage: c.luggageNote,
    submission_token: "token-1",
  });
  if (c.roundTrip) {
    // The return runs the outbound backwards: its flight is at the end where the outbound's hotel was.
    draft = withTripMode(draft, true);
    draft = setLegDate(draft, 2, { year: 2026, month: 5, day: c.day + 3 });
    draft = setFlightTime(draft, resort, 2, departure ? c.landing : c.takeoff);
    draft[endFields(resort, 2).numVol] = "AF008";
  }
  return withCounts(draft);
}

/** Claire Martin and a friend, landing at 10:15 on 20 May, one way by shuttle. */
const CLAIRE: Choice = {
  roundTrip: false,
  kind: "shuttle",
  day: 20,
  landing: "10:15",
  takeoff: "18:00",
  adults: 2,
  children: 0,
  babies: 0,
  checkIn: 2,
  cabin: 1,
  strollers: [0, 0],
  seats: [0, 0, 0],
  names: ["Martin", "Claire"],
  note: "",
  luggageNote: "",
  flight: "AF007",
};

const quarter = fc
  .tuple(fc.integer({ min: 6, max: 21 }), fc.constantFrom(0, 15, 30, 45))
  .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
const word = fc.stringMatching(/^[A-Za-zÀ-ÿ' -]{1,20}$/).filter((s) => s.trim() !== "");
const note = fc.stringMatching(/^[A-Za-z0-9 ,.!?'-]{0,40}$/);

const choices: fc.Arbitrary<Choice> = fc.record({
  roundTrip: fc.boolean(),
  kind: fc.constantFrom("shuttle" as const, "private" as const),
  day: fc.integer({ min: 12, max: 25 }),
  landing: quarter,
  takeoff: quarter,
  adults: fc.integer({ min: 1, max: 4 }),
  children: fc.integer({ min: 0, max: 2 }),
  babies: fc.integer({ min: 0, max: 1 }),
  checkIn: fc.integer({ min: 0, max: 4 }),
  cabin: fc.integer({ min: 0, max: 4 }),
  strollers: fc.tuple(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 1 })),
  seats: fc.tuple(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 1 })),
  names: fc.tuple(word, word),
  note,
  luggageNote: note,
  flight: fc.stringMatching(/^[A-Z]{2}[0-9]{2,4}$/),
});

/** Drafts of every shape the form posts: one way or round trip, from or to the airport, the hotel in the route's zones or named by the link. */
const shapes: fc.Arbitrary<Choice> = fc
  .tuple(choices, fc.constantFrom("arrival" as const, "departure" as const), fc.boolean())
  .map(([choice, outbound, linked]) => ({ ...choice, outbound, ...(linked ? { linkedHotel: LINKED_HOTEL } : {}) }));

/**
 * The posted fields the server deliberately does not take from the post, each group with why: it
 * takes them from the price file, from another field, or not at all, so a post may carry anything
 * in them. Every other field the form posts is read.
 */
const NOT_TAKEN_FROM_THE_POST: readonly (readonly [fields: readonly string[], why: string])[] = [
  [["prix_cb", "prix_cash", "prix_t1", "prix_t2"], "the prices: the server prices the booking from the price file"],
  [
    ["duree_aller", "duree_retour", "duree_t1", "duree_t2", "delai_depart", "delai_arrive"],
    "the journey times and delays: the route's, from the price file",
  ],
  [["delai_depart_t1", "delai_arrive_t1", "delai_depart_t2", "delai_arrive_t2"], "each leg's delays: the route's too"],
  [["delai_minimum_reservation"], "the lead time: the rules' own 20 hours"],
  [["nb_pax_total"], "the party's total: the sum of its counts, which are read"],
  [["cp_depart", "cp_arrive"], "the route's postcodes: the price file's"],
  [["phone", "phoneMobile"], "copies of the mobile (phone_mobile), which is the one read"],
  [["phoneHome", "fax_number"], "asked by no form"],
  [["phoneCountryName", "phoneCountryFormat"], "only the phone warning uses them, and it never blocks"],
  [
    [
      "date_pu_t1",
      "date_jour_pu_t1",
      "date_mois_pu_t1",
      "date_annee_pu_t1",
      "date_pu_t2",
      "date_jour_pu_t2",
      "date_mois_pu_t2",
      "date_annee_pu_t2",
    ],
    "copies of the leg's typed date (french_date_pu), which wins",
  ],
  [
    ["time_vol_pu_t1", "minute_vol_pu_t1", "time_vol_drop_t1", "minute_vol_drop_t1"],
    "the flight time's hour and minute: copies of the flight time (horaire_vol), which wins",
  ],
  [["time_vol_pu_t2", "minute_vol_pu_t2", "time_vol_drop_t2", "minute_vol_drop_t2"], "the same on the return"],
];

function nextDay(date: ParisDate): ParisDate {
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

/** Another value a form could post instead: the other choice, the next number, day or quarter hour, another country, or other words. */
function otherValue(value: string): string {
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseIsoDate(value) : null;
  const french = parseFrenchDate(value);
  const clock = /^(\d{2}):(\d{2})$/.exec(value);
  if (value === SHUTTLE || value === PRIVATE) return value === SHUTTLE ? PRIVATE : SHUTTLE;
  if (value === "1" || value === "2") return value === "1" ? "2" : "1";
  if (/^\d+$/.test(value)) return String(Number(value) + 1);
  if (iso) return isoDate(nextDay(iso));
  if (french) return formatFrenchDate(nextDay(french));
  if (clock) return `${clock[1]}:${String((Number(clock[2]) + 15) % 60).padStart(2, "0")}`;
  if (/^[A-Za-z]{2}$/.test(value)) return value === value.toLowerCase() ? "de" : "DE";
  if (/^\+\d+$/.test(value)) return `${value.slice(0, -1)}${(Number(value.slice(-1)) + 1) % 10}`;
  return value === "" ? "1" : `${value} B`;
}

/** What the server keeps of a checked booking: its row's columns, its token and its details (the legs included). */
function keptOf(booking: Booking): string {
  return JSON.stringify({ columns: storedColumns(booking), token: booking.submissionToken, details: storedDetails(booking) });
}

/** The stored columns of a checked booking that the draft is rebuilt with. */
function columnsOf(booking: Booking) {
  return { ...storedColumns(booking), submissionToken: booking.submissionToken };
}

describe("the wire adapter", () => {
  it("reads a stored booking, written back as the form's draft, as the same booking (model → wire → model)", () => {
    let checked = 0;
    fc.assert(
      fc.property(choices, (choice) => {
        const parsed = bookingFormSchema({ now: NOW, rows: ROWS }).safeParse(draftOf(choice));
        fc.pre(parsed.success);
        if (!parsed.success) return;
        checked += 1;
        const stored = readStoredDetails(JSON.parse(JSON.stringify(storedDetails(parsed.data))))!;
        const draft = draftFromBooking(stored, columnsOf(parsed.data))!;
        const again = bookingFromDraft(draft, ROWS)!;
        expect(storedDetails(again)).toEqual(stored);
      }),
      { numRuns: 150 },
    );
    expect(checked).toBeGreaterThan(50);
  });

  it("reads every field the form posts, but the ones the server deliberately does not take from the post", () => {
    const notTaken = new Set(NOT_TAKEN_FROM_THE_POST.flatMap(([fields]) => fields));
    const schema = bookingFormSchema({ now: NOW, rows: ROWS });
    const outcome = (draft: BookingDraft) => {
      const parsed = schema.safeParse(draft);
      return parsed.success ? keptOf(parsed.data) : "refused";
    };
    // A field of a leg or an end is read only in the drafts that have it (the return of a round
    // trip, the flight of a flight end): each field is asked to be read in some draft of `shapes`.
    const read = new Set<string>();
    let checked = 0;
    fc.assert(
      fc.property(shapes, (choice) => {
        const draft = draftOf(choice);
        const before = outcome(draft);
        fc.pre(before !== "refused");
        checked += 1;
        for (const field of DRAFT_FIELDS) {
          if (read.has(field) && !notTaken.has(field)) continue;
          if (outcome({ ...draft, [field]: otherValue(draft[field] ?? "") }) !== before) read.add(field);
        }
      }),
      { numRuns: 120 },
    );
    expect(checked).toBeGreaterThan(60);
    expect([...notTaken].filter((field) => !DRAFT_FIELDS.includes(field))).toEqual([]);
    // A posted field the adapter drops, and that is not in the list, fails here.
    expect(DRAFT_FIELDS.filter((field) => !notTaken.has(field) && !read.has(field))).toEqual([]);
    // The list holds only fields that are indeed not read.
    expect([...notTaken].filter((field) => read.has(field))).toEqual([]);
  });

  it("gives no draft for details that are not a booking's", () => {
    const columns = columnsOf(bookingFormSchema({ now: NOW, rows: ROWS }).parse(draftOf(CLAIRE)));
    expect(draftFromBooking({ legs: [], luggage: {} }, columns)).toBeNull();
  });
});
