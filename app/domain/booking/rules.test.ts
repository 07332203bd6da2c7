import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hotelBySlug } from "../hotels";
import { PRICE_FILE_COLUMNS, parsePriceFile, type PriceRow } from "../pricing/csv";
import { quote } from "../pricing/pricing";
import { countOf, initialDraft, mirrorReturnLeg, setFlightTime, setLegDate, withCounts, withTripMode } from "./draft";
import { DRAFT_FIELDS, type BookingDraft } from "./fields";
import { priceRequestOf } from "./price-request";
import { editAddressEnd, pickHotel } from "./quote";
import { SUMMARY_MARK, appendLuggageSummary, luggageSummary } from "./summary";
import { isOneEmailAddress } from "./rules";
import { bookingFormSchema, bookingPriceRequest, stripMarkup, validateDraft, type Booking } from "./validation";
import { ENGLISH_WORDS } from "~/lib/test-support/booking-words";

// The rules that hold the trust boundary (docs/product.md, Booking rules): the server stores only
// what the form could have sent, or refuses, and takes every derived value from the price file.

// 12:00 in Paris, 10 May 2026.
const now = new Date("2026-05-10T10:00:00Z");

const CDG = "Charles de Gaulle Airport (CDG)";
const DISNEY = "Disneyland Paris";
const BEAUVAIS = "Beauvais Airport (BVA)";

/**
 * CDG → Disneyland Paris, shuttle and private, one way and round trip, card and cash: 65 minutes
 * out and 70 back, delays 30 and 150; postal codes 95700 at CDG, 77700 and 77144 at Disneyland.
 * Beauvais → Disneyland is dearer, so a booking priced on the wrong route shows.
 */
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

/** A complete CDG → Disneyland booking for two adults, landing at 10:15 on 20 May, as the form posts it. */
function oneWay(extra: BookingDraft = {}, query: Record<string, string> = {}): BookingDraft {
  let draft = initialDraft({ depart: CDG, arrive: DISNEY, depart_type: "1", arrive_type: "2", nb_pax: "2", ...query }, { now });
  draft = setLegDate(draft, 1, { year: 2026, month: 5, day: 20 });
  draft = setFlightTime(draft, "pu", 1, "10:15");
  return {
    ...draft,
    lastname: "Martin",
    firstname: "Claire",
    email: "claire@example.com",
    phone_mobile: "+33612345678",
    city_vol_pu_1: "New York",
    num_vol_pu_1: "AF007",
    address_drop_1: "Rue de la Marnière",
    zip_drop_1: "77700",
    submission_token: "token-1",
    ...extra,
  };
}

/** The same, round trip: the return is the outbound mirrored by the form, leaving on 25 May at 18:00. */
function roundTrip(extra: BookingDraft = {}): BookingDraft {
  let draft = mirrorReturnLeg(withTripMode(oneWay(), true));
  draft = setLegDate(draft, 2, { year: 2026, month: 5, day: 25 });
  draft = setFlightTime(draft, "drop", 2, "18:00");
  return { ...draft, num_vol_drop_2: "AF008", ...extra };
}

/** A leg's date fields for a day of May 2026, as setLegDate writes them. */
function dateFields(leg: 1 | 2, day: number): BookingDraft {
  return setLegDate({}, leg, { year: 2026, month: 5, day });
}

const schema = bookingFormSchema({ now, rows: ROWS });
const problems = (draft: BookingDraft) => validateDraft(draft, { now, rows: ROWS }, ENGLISH_WORDS).errors;
const messages = (draft: BookingDraft) => problems(draft).map((e) => stripMarkup(e.message));
const NINES = "9".repeat(400);

describe("what the form sends passes", () => {
  it("one way and round trip, and the typed booking takes its places and timings from the route", () => {
    expect(problems(oneWay())).toEqual([]);
    expect(problems(roundTrip())).toEqual([]);
    const booking = schema.parse(roundTrip());
    expect(booking.legs.map((l) => [l.pickup.place, l.dropoff.place])).toEqual([
      [CDG, DISNEY],
      [DISNEY, CDG],
    ]);
    expect(booking.legs.map((l) => [l.durationMinutes, l.delayDepartMinutes, l.delayArriveMinutes])).toEqual([
      [65, 30, 150],
      [70, 30, 150],
    ]);
    expect(booking.legs.map((l) => l.passengers)).toEqual([booking.passengers, booking.passengers]);
  });
});

describe("a post that contradicts itself is refused, naming the field", () => {
  it.each([
    [
      "lieu_pu_1 rewritten to Beauvais",
      oneWay({ lieu_pu_1: BEAUVAIS }),
      "lieu_pu_1",
      `FIRST STEP - The pick-up place must be the start of the route, ${CDG}.`,
    ],
    [
      "lieu_drop_1 elsewhere",
      oneWay({ lieu_drop_1: "Paris" }),
      "lieu_drop_1",
      `FIRST STEP - The drop-off place must be the end of the route, ${DISNEY}.`,
    ],
    [
      "an end that is neither a flight nor an address",
      oneWay({ type_pu_t1: "3" }),
      "type_pu_t1",
      "FIRST STEP - The pick-up place must be a flight or an address, as the form offers.",
    ],
    [
      "pax_t1 and pax_adult_t1 of 40 for a party of 2",
      oneWay({ pax_adult_t1: "40", pax_t1: "40" }),
      "pax_adult_t1",
      "FIRST STEP - The passengers of this leg differ from the party booked.",
    ],
    [
      "nb_pax_adults of 3 for a leg of 2",
      oneWay({ nb_pax_adults: "3", nb_pax_total: "3" }),
      "pax_adult_t1",
      "FIRST STEP - The passengers of this leg differ from the party booked.",
    ],
    [
      "pax_t1 that is not the leg's total",
      oneWay({ pax_t1: "5" }),
      "pax_adult_t1",
      "FIRST STEP - The passengers of this leg differ from the party booked.",
    ],
    [
      "a return leg of 3 adults for a party of 2",
      roundTrip({ pax_adult_t2: "3", pax_t2: "3" }),
      "pax_adult_t2",
      "SECOND STEP - The passengers of this leg differ from the party booked.",
    ],
    [
      "a return from elsewhere",
      roundTrip({ lieu_pu_2: BEAUVAIS }),
      "lieu_pu_2",
      `SECOND STEP - The return must start where the outbound leg ends, ${DISNEY}.`,
    ],
    [
      "a return to elsewhere",
      roundTrip({ lieu_drop_2: "Paris" }),
      "lieu_drop_2",
      `SECOND STEP - The return must end where the outbound leg starts, ${CDG}.`,
    ],
    [
      "a return whose pick-up kind is not the outbound drop-off's",
      roundTrip({ type_pu_t2: "1" }),
      "type_pu_t2",
      "SECOND STEP - The return's pick-up must be the same kind of place as the outbound drop-off.",
    ],
    [
      "a kind the form does not offer",
      oneWay({ shuttle_private: "Private " }),
      "shuttle_private",
      "FIRST STEP - Please choose Shuttle or Private.",
    ],
    [
      "a trip type the form does not offer",
      oneWay({ nb_trajet: "3", aller_retour: "3" }),
      "nb_trajet",
      "FIRST STEP - Please choose one way or round trip.",
    ],
    [
      "aller_retour that contradicts nb_trajet",
      oneWay({ aller_retour: "2" }),
      "nb_trajet",
      "FIRST STEP - Please choose one way or round trip.",
    ],
    [
      "a hotel that does not exist",
      oneWay({ hotel_n_drop_1: "999" }),
      "hotel_n_drop_1",
      "FIRST STEP - The drop-off hotel is not one of the hotels offered for this route.",
    ],
    [
      "a hotel outside the route's postal codes",
      oneWay({ hotel_n_drop_1: "19" }),
      "hotel_n_drop_1",
      "FIRST STEP - The drop-off hotel is not one of the hotels offered for this route.",
    ],
    ["a flight hour of 400 nines", oneWay({ time_vol_pu_t1: NINES }), "time_vol_pu_t1", "FIRST STEP - This field must be a whole number."],
    [
      "a date part that is not a number",
      oneWay({ date_jour_pu_t1: "1e3" }),
      "date_jour_pu_t1",
      "FIRST STEP - This field must be a whole number.",
    ],
    ["a child count of 400 nines", oneWay({ pax_child_t1: NINES }), "pax_child_t1", "FIRST STEP - Please enter between 0 and 50 children."],
    [
      "a pickup hour of 400 nines",
      oneWay({ type_pu_t1: "2", address_pu_1: "1 rue de Rivoli", zip_pu_1: "75001", time_h_pu_t1: NINES, time_m_pu_t1: "0" }),
      "time_h_pu_t1",
      "FIRST STEP - Please enter a valid pick-up time (HH:MM).",
    ],
  ])("%s", (_label, draft, field, message) => {
    const found = problems(draft);
    expect(found.map((e) => stripMarkup(e.message))).toContain(message);
    expect(found.find((e) => stripMarkup(e.message) === message)?.field).toBe(field);
    expect(schema.safeParse(draft).success).toBe(false);
  });

  it("keeps a hotel offered for the route, and the hotel a booking link preselected", () => {
    // Picked from the list: the form fills the hotel's name, address and zip with its number.
    expect(problems(oneWay({ hotel_n_drop_1: "1", hotel_drop_1: "Disneyland Hotel" }))).toEqual([]);
    // Hotel 19 (zip 77600) is not in the route's zones, but a link may preselect it.
    const mercure = hotelBySlug("mercure-marne-la-vallee-bussy-saint-georges")!;
    const linked = oneWay({ address_drop_1: mercure.address, zip_drop_1: mercure.zip }, { hotel: mercure.slug });
    expect(linked.hotel_n_drop_1).toBe(String(mercure.id));
    expect(problems(linked)).toEqual([]);
  });
});

describe("a replay the form cannot produce is refused, naming what differs", () => {
  // Disney Newport Bay Club (3) picked on leg 1's drop-off, as pickHotel fills it.
  const NEWPORT = {
    hotel_n_drop_1: "3",
    hotel_drop_1: "Disney Newport Bay Club",
    address_drop_1: "Avenue Robert Schuman",
    zip_drop_1: "77700",
  };

  it.each([
    [
      "a return pick-up address other than the outbound drop-off's",
      roundTrip({ address_pu_2: "99 Avenue Ailleurs" }),
      "address_pu_2",
      "SECOND STEP - The return's pick-up address must be the outbound drop-off's, as the form copies it.",
    ],
    [
      "a return pick-up zip other than the outbound drop-off's",
      roundTrip({ zip_pu_2: "75001" }),
      "zip_pu_2",
      "SECOND STEP - The return's pick-up zip code must be the outbound drop-off's, as the form copies it.",
    ],
    [
      "a return pick-up hotel name other than the outbound drop-off's",
      roundTrip({ hotel_pu_2: "Other Hotel" }),
      "hotel_pu_2",
      "SECOND STEP - The return's pick-up hotel name must be the outbound drop-off's, as the form copies it.",
    ],
    [
      "a return pick-up hotel number with no hotel on the outbound",
      roundTrip({ hotel_n_pu_2: "1" }),
      "hotel_n_pu_2",
      "SECOND STEP - The return's pick-up hotel picked must be the outbound drop-off's, as the form copies it.",
    ],
    [
      "a return drop-off flight city other than the outbound pick-up's",
      roundTrip({ city_vol_drop_2: "Tokyo" }),
      "city_vol_drop_2",
      "SECOND STEP - The return's drop-off flight city must be the outbound pick-up's, as the form copies it.",
    ],
    ["a mobile phone with letters", oneWay({ phone_mobile: "call me maybe" }), "phone_mobile", "USER - Please enter your phone number."],
    [
      "a mobile phone with a line break",
      oneWay({ phone_mobile: "+33612345678\r\nBcc: x" }),
      "phone_mobile",
      "USER - Please enter your phone number.",
    ],
    ["a mobile phone without its +", oneWay({ phone_mobile: "0612345678" }), "phone_mobile", "USER - Please enter your phone number."],
    ["a mobile phone with dashes", oneWay({ phone_mobile: "+33-6-12-34-56-78" }), "phone_mobile", "USER - Please enter your phone number."],
    [
      "a phone country that is not a two-letter code",
      oneWay({ phoneCountryCode: "x".repeat(2000) }),
      "phone_mobile",
      "USER - Please choose your phone number's country from the list.",
    ],
    [
      "a phone country with a line break",
      oneWay({ phoneCountryCode: "fr\r\n" }),
      "phone_mobile",
      "USER - Please choose your phone number's country from the list.",
    ],
    [
      "a phone country no list offers",
      oneWay({ phoneCountryCode: "qq" }),
      "phone_mobile",
      "USER - Please choose your phone number's country from the list.",
    ],
    ["a country that is not a code", oneWay({ country: "France\r\nX" }), "country", "USER - Please choose your country from the list."],
    ["a country in lower case", oneWay({ country: "fr" }), "country", "USER - Please choose your country from the list."],
    [
      "a picked hotel number beside another hotel's name",
      oneWay({ ...NEWPORT, hotel_drop_1: "Disneyland Hotel" }),
      "hotel_n_drop_1",
      "FIRST STEP - The drop-off hotel's name, address and zip code must be those of the hotel picked.",
    ],
    [
      "a picked hotel number beside another address",
      oneWay({ ...NEWPORT, address_drop_1: "Rue de la Marnière" }),
      "hotel_n_drop_1",
      "FIRST STEP - The drop-off hotel's name, address and zip code must be those of the hotel picked.",
    ],
    [
      "a picked hotel number beside another zip",
      oneWay({ ...NEWPORT, zip_drop_1: "77144" }),
      "hotel_n_drop_1",
      "FIRST STEP - The drop-off hotel's name, address and zip code must be those of the hotel picked.",
    ],
    [
      // Out at 10:15, 65 minutes: arrives 11:20. Back the same day for a 12:00 flight: picked up at
      // 12:00 − 150 − 70 minutes = 08:20, proposed rounded down: 08:15.
      "a same-day return picked up before the outbound arrives",
      roundTrip({ ...dateFields(2, 20), horaire_vol_drop_2: "12:00", time_vol_drop_t2: "12", minute_vol_drop_t2: "00" }),
      "french_date_pu_t2",
      "SECOND STEP - The return pick-up must be after the outbound arrival (11:20).",
    ],
    [
      // A 15:00 flight: 15:00 − 220 minutes is 11:20, the outbound arrival itself; the proposal,
      // rounded down, is 11:15, before it.
      "a same-day return whose proposal is just before the outbound arrives",
      roundTrip({ ...dateFields(2, 20), horaire_vol_drop_2: "15:00", time_vol_drop_t2: "15", minute_vol_drop_t2: "00" }),
      "french_date_pu_t2",
      "SECOND STEP - The return pick-up must be after the outbound arrival (11:20).",
    ],
  ])("%s", (_label, draft, field, message) => {
    const found = problems(draft);
    expect(found.map((e) => stripMarkup(e.message))).toContain(message);
    expect(found.find((e) => stripMarkup(e.message) === message)?.field).toBe(field);
    expect(schema.safeParse(draft).success).toBe(false);
  });

  it.each([
    ["a mobile phone as the phone control writes it (E.164)", { phone_mobile: "+33612345678" }],
    ["a mobile phone as the control shows it, with spaces", { phone_mobile: "+33 6 12 34 56 78" }],
    ["another phone country of the list", { phoneCountryCode: "gb" }],
    ["another postal country of the list", { country: "DE" }],
    ["no postal country (the select shows France)", { country: "" }],
    ["a picked hotel with its own name, address and zip", NEWPORT],
  ])("admits %s", (_label, edits) => {
    expect(problems(oneWay(edits))).toEqual([]);
  });

  it("admits a same-day return picked up after the outbound arrives", () => {
    // Picked up at 15:15 − 220 minutes = 11:35, proposed rounded down: 11:30, after the 11:20 arrival.
    const draft = roundTrip({ ...dateFields(2, 20), horaire_vol_drop_2: "15:15", time_vol_drop_t2: "15", minute_vol_drop_t2: "15" });
    expect(problems(draft)).toEqual([]);
  });

  it("the form's own edits of a round trip with a picked hotel stay valid", () => {
    // Picked, then the address retyped: the pick is dropped, and the return follows leg 1.
    const picked = mirrorReturnLeg(pickHotel(roundTrip(), "drop", 1, 3));
    expect(problems(picked)).toEqual([]);
    const retyped = mirrorReturnLeg(editAddressEnd(picked, "drop", 1, "address", "2 Place d'Ailleurs"));
    expect(retyped.hotel_n_drop_1).toBe("");
    expect(problems(retyped)).toEqual([]);
  });
});

describe("the booking stores what the form would have sent", () => {
  it("the price file's own place names, whatever spelling matched", () => {
    const booking = schema.parse(
      roundTrip({
        depart: "charles_de_gaulle_airport_(cdg)",
        lieu_pu_1: "CHARLES DE GAULLE AIRPORT (CDG)",
        lieu_drop_2: "charles de gaulle  airport (cdg)",
      }),
    );
    expect([booking.depart, booking.arrive]).toEqual([CDG, DISNEY]);
    expect(booking.legs.map((l) => [l.pickup.place, l.dropoff.place])).toEqual([
      [CDG, DISNEY],
      [DISNEY, CDG],
    ]);
  });

  it("flight numbers in capitals, as the form writes them", () => {
    const booking = schema.parse(roundTrip({ num_vol_pu_1: "af007", num_vol_drop_2: "af 8" }));
    expect(booking.legs.map((l) => [l.pickup.flightNumber, l.dropoff.flightNumber])).toEqual([
      ["AF007", ""],
      ["", "AF 8"],
    ]);
  });

  it.each([
    ["a posted block alone", `${SUMMARY_MARK}\r\nPassengers: 40 adults, 0 children, 0 babies.`, ""],
    ["a posted block after a note, CRLF", `Terminal 2E.\r\n\r\n${SUMMARY_MARK}\r\nPassengers: 40 adults.`, "Terminal 2E."],
    ["a posted block inside a note", `Terminal 2E. ${SUMMARY_MARK} Passengers: 40 adults.\nMore`, "Terminal 2E."],
    ["a note without a block", "Terminal 2E.", "Terminal 2E."],
  ])("notes: %s is replaced by the booking's own summary", (_label, posted, own) => {
    const booking = schema.parse(oneWay({ info_t1: posted }));
    const summary = `${SUMMARY_MARK}\n${luggageSummary(booking, 1)}`;
    expect(booking.legs[0]!.info).toBe(own === "" ? summary : `${own}\n\n${summary}`);
    expect(booking.legs[0]!.info).toContain("Passengers: 2 adults");
    expect(booking.legs[0]!.info).not.toContain("40 adults");
  });

  it("notes: what the form posts (its summary appended, line breaks as CRLF) is stored as the form wrote it", () => {
    const draft = oneWay({ info_t1: "Terminal 2E." });
    const posted = appendLuggageSummary(draft, schema.parse(draft));
    const crlf = { ...posted, info_t1: posted.info_t1!.replace(/\n/g, "\r\n") };
    expect(schema.parse(crlf).legs[0]!.info).toBe(posted.info_t1);
  });
});

describe("the e-mail is one address", () => {
  it.each([
    "one@example.com, two@example.com, three@example.com",
    "one@example.com;two@example.com",
    "Claire <claire@example.com>",
    "claire@example",
    "claire",
    "claire@@example.com",
    `${"a".repeat(243)}@example.com`,
  ])("%j is refused with the e-mail message", (email) => {
    expect(messages(oneWay({ email }))).toEqual(["USER - Please enter a valid email."]);
  });

  it.each(["claire@example.com", "claire.martin+booking@mail.example.co.uk", `${"a".repeat(64)}@example.com`])("%j passes", (email) => {
    expect(problems(oneWay({ email }))).toEqual([]);
  });

  it("never accepts a string holding a comma, a semicolon, angle brackets or whitespace", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.constantFrom(",", ";", "<", ">", " ", "\n"),
        fc.string({ maxLength: 40 }),
        (a, sep, b) => {
          expect(isOneEmailAddress(`${a}${sep}${b}`)).toBe(false);
        },
      ),
    );
  });
});

describe("durations and delays come from the price file, never the post", () => {
  const TIMING_FIELDS = DRAFT_FIELDS.filter((f) => /^(duree|delai)_/.test(f));

  it("a duree_t1 of 400 nines is ignored: same answers, same booking, timed from the file", () => {
    // Only the drop-off is a flight: the 20-hour rule measures from takeoff − (delay + duration).
    const base = oneWay({
      type_pu_t1: "1",
      type_drop_t1: "1",
    });
    const dropFlight = setFlightTime(
      {
        ...oneWay(),
        type_pu_t1: "2",
        address_pu_1: "1 rue de Rivoli",
        zip_pu_1: "75001",
        type_drop_t1: "1",
        city_vol_drop_1: "Rome",
        num_vol_drop_1: "AZ1",
      },
      "drop",
      1,
      "12:00",
    );
    for (const draft of [base, dropFlight, oneWay(), roundTrip()]) {
      const tampered = { ...draft, duree_t1: NINES, duree_aller: NINES, delai_arrive_t1: NINES, delai_minimum_reservation: "0" };
      expect(problems(tampered)).toEqual(problems(draft));
    }
    const booking = schema.parse({ ...dropFlight, duree_t1: NINES });
    // 20 May, takeoff 12:00 CEST − (150 + 65) minutes = 08:25 CEST, proposed rounded down to the
    // quarter hour: 08:15 CEST = 06:15 UTC (no pick-up time given: the proposal is the pick-up).
    expect(booking.legs[0]!.pickupAt.toISOString()).toBe("2026-05-20T06:15:00.000Z");
    expect(booking.legs[0]!.durationMinutes).toBe(65);
  });

  it("whatever the posted timing fields hold, the rules and the booking are the same", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(oneWay(), roundTrip()),
        fc.dictionary(fc.constantFrom(...TIMING_FIELDS), fc.oneof(fc.string({ maxLength: 12 }), fc.constant(NINES), fc.nat().map(String))),
        (draft, timing) => {
          const tampered = { ...draft, ...timing };
          expect(problems(tampered)).toEqual(problems(draft));
          expect(JSON.stringify(schema.parse(tampered))).toBe(JSON.stringify(schema.parse(draft)));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("every booking the schema lets through matches its route and party", () => {
  /** Fields an attacker rewrites: places, kinds, counts, totals, the trip and the hours. */
  const TAMPERED = [
    "lieu_pu_1",
    "lieu_drop_1",
    "lieu_pu_2",
    "lieu_drop_2",
    "type_pu_t1",
    "type_drop_t1",
    "type_pu_t2",
    "type_drop_t2",
    "pax_t1",
    "pax_adult_t1",
    "pax_child_t1",
    "pax_t2",
    "pax_adult_t2",
    "nb_pax_adults",
    "nb_pax_children",
    "nb_pax_total",
    "nb_trajet",
    "aller_retour",
    "shuttle_private",
    "hotel_n_drop_1",
    "email",
  ];
  const value = fc.oneof(
    fc.constantFrom("", "0", "1", "2", "3", "40", "-1", "2.5", NINES, "Private", "Shuttle", CDG, DISNEY, BEAUVAIS, "a@b.co, c@d.co"),
    fc.string({ maxLength: 8 }),
  );

  function matches(booking: Booking): string[] {
    const wrong: string[] = [];
    const [first, second] = booking.legs;
    if (first?.pickup.place !== booking.depart || first.dropoff.place !== booking.arrive) wrong.push("leg 1 places");
    if (booking.roundTrip !== (booking.legs.length === 2)) wrong.push("leg count");
    if (second && (second.pickup.place !== booking.arrive || second.dropoff.place !== booking.depart)) wrong.push("leg 2 places");
    if (second && (second.pickup.kind !== first?.dropoff.kind || second.dropoff.kind !== first.pickup.kind)) wrong.push("leg 2 kinds");
    for (const leg of booking.legs)
      if (JSON.stringify(leg.passengers) !== JSON.stringify(booking.passengers)) wrong.push(`leg ${leg.leg} party`);
    const counts = [booking.passengers.adults, booking.passengers.children, booking.passengers.babies];
    if (!counts.every((n) => Number.isSafeInteger(n) && n >= 0 && n <= 50)) wrong.push("counts");
    if (!isOneEmailAddress(booking.customer.email)) wrong.push("email");
    return wrong;
  }

  it("under any rewrite of up to four fields", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(fc.tuple(fc.constantFrom(...TAMPERED), value), { maxLength: 4 }), (round, edits) => {
        const draft = { ...(round ? roundTrip() : oneWay()), ...Object.fromEntries(edits) };
        const parsed = schema.safeParse(draft);
        if (parsed.success) expect(matches(parsed.data)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it("and the server's price request is the booking's own, never the posted fields'", () => {
    const draft = oneWay({ lieu_pu_1: BEAUVAIS });
    expect(schema.safeParse(draft).success).toBe(false);
    const booking = schema.parse(oneWay({ prix_cb: "1", prix_cash: "1" }));
    expect(bookingPriceRequest(booking)).toEqual({
      from: CDG,
      to: DISNEY,
      kind: "shuttle",
      tripType: 1,
      party: { adults: 2, children: 0, babies: 0 },
    });
    expect(quote(ROWS, bookingPriceRequest(booking)).cb).toBe(5800);
    expect(quote(ROWS, priceRequestOf(withCounts(oneWay()), []))).toMatchObject({ cb: 5800 });
  });
});

describe("one count parser", () => {
  it.each([
    ["", 0],
    ["0", 0],
    [" 12 ", 12],
    ["999999", 999_999],
    ["1000000", NaN],
    [NINES, NaN],
    ["1e3", NaN],
    ["0x1F", NaN],
    ["-1", NaN],
    ["2.5", NaN],
    ["１２", NaN],
  ])("countOf(%j) = %d", (text, expected) => {
    expect(countOf(text)).toBe(expected);
  });

  it("gives a safe whole number or NaN, never Infinity, for any text", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\d{1,500}$/)), (text) => {
        const n = countOf(text);
        expect(Number.isNaN(n) || (Number.isSafeInteger(n) && n >= 0)).toBe(true);
      }),
    );
  });

  it("is what the form's price, the rules and the booking all read", () => {
    const draft = withCounts(oneWay({ pax_child_t1: "two" }));
    expect(priceRequestOf(draft, []).party.children).toBeNaN();
    expect(quote(ROWS, priceRequestOf(draft, [])).cb).toBe(0);
    expect(messages(draft)).toContain("FIRST STEP - Please enter between 0 and 50 children.");
  });
});

describe("child seats", () => {
  /** Two adults with `children` and `babies`, asking for these seats. */
  const family = (children: number, babies: number, [baby, child, booster]: [number, number, number]) =>
    withCounts(
      oneWay({
        pax_child_t1: String(children),
        pax_baby_t1: String(babies),
        baby_seat: String(baby),
        child_seat: String(child),
        booster_seat: String(booster),
      }),
    );

  it("stores the seats a family asks for", () => {
    expect(schema.parse(family(1, 1, [1, 0, 1])).childSeats).toEqual({ baby: 1, child: 0, booster: 1 });
  });

  it("stores no seats when none is asked", () => {
    expect(schema.parse(oneWay()).childSeats).toEqual({ baby: 0, child: 0, booster: 0 });
  });

  it.each<[string, number, number, [number, number, number], string | null]>([
    ["3 boosters for 1 child", 1, 0, [0, 0, 3], "booster_seat"],
    ["a baby seat with no child", 0, 0, [1, 0, 0], "booster_seat"],
    ["5 baby seats", 3, 2, [5, 0, 0], "baby_seat"],
    ["one seat of each for 3 children", 3, 0, [1, 1, 1], null],
    ["4 boosters for 4 children", 4, 0, [0, 0, 4], null],
  ])("%s: refused at %s", (_what, children, babies, seats, field) => {
    const fields = problems(family(children, babies, seats)).map((p) => p.field);
    if (field === null) expect(fields).toEqual([]);
    else expect(fields).toContain(field);
  });

  it("says how many seats were asked for how many children and babies", () => {
    expect(messages(family(1, 0, [0, 0, 3]))).toContain(
      "FIRST STEP - You asked for 3 child seats for 1 child or baby: there can be no more seats than children and babies.",
    );
  });

  it("takes exactly the seats of 0 to 4 each that the children and babies need", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 3 }),
        fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 })),
        (children, babies, seats) => {
          const seatProblems = problems(family(children, babies, seats)).filter((p) => p.field?.endsWith("_seat"));
          const fits = seats.every((n) => n <= 4) && seats[0] + seats[1] + seats[2] <= children + babies;
          expect(seatProblems.length === 0).toBe(fits);
        },
      ),
      { numRuns: 200 },
    );
  });
});
