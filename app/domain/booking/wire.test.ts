import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HOTELS } from "../hotels";
import { PRICE_FILE_COLUMNS, parsePriceFile, type PriceRow } from "../pricing/csv";
import { initialDraft, setFlightTime, setLegDate, withCounts, withTripMode } from "./draft";
import type { BookingDraft } from "./fields";
import { readStoredDetails, storedDetails } from "./model";
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
}

/** A CDG → Disneyland booking as the form posts it, from one choice of its values. */
function draftOf(c: Choice): BookingDraft {
  let draft = initialDraft(
    { depart: CDG, arrive: DISNEY, depart_type: "1", arrive_type: "2", nb_pax: "2", private_shuttle: c.kind === "private" ? "1" : "0" },
    { now: NOW },
  );
  draft = setLegDate(draft, 1, { year: 2026, month: 5, day: c.day });
  draft = setFlightTime(draft, "pu", 1, c.landing);
  Object.assign(draft, {
    lastname: c.names[0],
    firstname: c.names[1],
    email: "claire@example.com",
    phone_mobile: "+33612345678",
    city_vol_pu_1: "New York",
    num_vol_pu_1: c.flight,
    hotel_drop_1: HOTEL.name,
    hotel_n_drop_1: String(HOTEL.id),
    address_drop_1: HOTEL.address,
    zip_drop_1: HOTEL.zip,
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
    draft = withTripMode(draft, true);
    draft = setLegDate(draft, 2, { year: 2026, month: 5, day: c.day + 3 });
    draft = setFlightTime(draft, "drop", 2, c.takeoff);
    draft.num_vol_drop_2 = "AF008";
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

  it("gives no draft for details that are not a booking's", () => {
    const columns = columnsOf(bookingFormSchema({ now: NOW, rows: ROWS }).parse(draftOf(CLAIRE)));
    expect(draftFromBooking({ legs: [], luggage: {} }, columns)).toBeNull();
  });
});
