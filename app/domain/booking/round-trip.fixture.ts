/**
 * The booking the e-mail tests share (paid-emails, staff-emails, booking-lines): Alice Martin's
 * private round trip from Charles de Gaulle to Disneyland Paris in July 2026, its details as the
 * database gives them back, the site that writes about it and a meeting points file. Test data only:
 * no application module imports it.
 */
import { mailWordsIn } from "~/lib/test-support/booking-words";
import type { BookingEmailInput, EmailSite } from "./email-frame";
import type { BookingLeg, StoredDetails } from "./model";
import { MEETING_POINTS_HEADER, parseMeetingPoints } from "../meeting-points";
import { staffLanguage } from "~/lib/email-site.server";

export const site: EmailSite = {
  siteName: "Navette Paris",
  businessEmail: "booking@navette.example",
  phone: "+33 1 99 00 12 34",
  siteUrl: "https://navette.example",
  words: mailWordsIn,
  staff: staffLanguage("en"),
};

/** The details column as JSON holds it: instants as ISO strings. */
type StoredJson = Omit<StoredDetails, "legs"> & { legs: (Omit<BookingLeg, "pickupAt"> & { pickupAt: string })[] };

/** The details column as it comes back from the database: JSON, so Dates are ISO strings. */
export const roundTripDetails = JSON.parse(
  JSON.stringify({
    customer: {
      lastname: "Martin",
      firstname: "Alice",
      email: "alice@example.com",
      phoneMobile: "+33 6 12 34 56 78",
      address: "1 rue de Rivoli",
      postcode: "75001",
      city: "Paris",
      country: "France",
      phoneCountryCode: "fr",
    },
    legs: [
      {
        leg: 1,
        date: "2026-07-01",
        // 07:45 in Paris (CEST, UTC+2): the flight's landing.
        pickupAt: new Date("2026-07-01T05:45:00.000Z"),
        pickupTime: null,
        passengers: { adults: 2, children: 1, babies: 0, total: 3 },
        durationMinutes: 60,
        delayDepartMinutes: 30,
        delayArriveMinutes: 120,
        pickup: {
          place: "Charles de Gaulle Airport (CDG)",
          kind: "flight",
          flightTime: "07:45",
          flightCity: "New York",
          flightNumber: "AF007",
          hotel: "",
          hotelId: null,
          address: "",
          zip: "",
        },
        dropoff: {
          place: "Disneyland Paris",
          kind: "address",
          flightTime: null,
          flightCity: "",
          flightNumber: "",
          hotel: "Hotel Cheyenne",
          hotelId: 12,
          address: "Avenue de la Fosse des Pressoirs",
          zip: "77700",
        },
        info: "Child seat please.\n\n-- Passengers and luggage --\nPassengers: 2 adults, 1 child, 0 babies.",
      },
      {
        leg: 2,
        date: "2026-07-05",
        // 14:30 in Paris; the drop-off is a flight taking off at 18:00.
        pickupAt: new Date("2026-07-05T12:30:00.000Z"),
        pickupTime: null,
        passengers: { adults: 2, children: 1, babies: 1, total: 4 },
        durationMinutes: 60,
        delayDepartMinutes: 30,
        delayArriveMinutes: 150,
        pickup: {
          place: "Disneyland Paris",
          kind: "address",
          flightTime: null,
          flightCity: "",
          flightNumber: "",
          hotel: "Hotel Cheyenne",
          hotelId: 12,
          address: "Avenue de la Fosse des Pressoirs",
          zip: "77700",
        },
        dropoff: {
          place: "Orly Airport (ORY)",
          kind: "flight",
          flightTime: "18:00",
          flightCity: "Rome",
          flightNumber: "AZ319",
          hotel: "",
          hotelId: null,
          address: "",
          zip: "",
        },
        info: "",
      },
    ],
    luggage: { checkIn: 3, cabin: 2, strollerSingle: 1, strollerDouble: 0, info: "One surfboard." },
    fields: { lastname: "Martin" },
  }),
) as StoredJson;

/** Leg 1 and leg 2 of the round trip, as stored. */
export const [outboundLeg, returnLeg] = roundTripDetails.legs as [StoredJson["legs"][number], StoredJson["legs"][number]];

export const row: BookingEmailInput = {
  orderId: "NV-7K3P2Q",
  locale: "en",
  kind: "private",
  roundTrip: true,
  depart: "Charles_de_Gaulle_Airport_(CDG)",
  arrive: "Disneyland_Paris",
  lastname: "Martin",
  firstname: "Alice",
  email: "alice@example.com",
  phone: "+33 6 12 34 56 78",
  adults: 2,
  children: 1,
  babies: 0,
  priceCents: 15_950,
  currency: "EUR",
  details: roundTripDetails,
};

/** Details that do not have a booking's shape, each a data fault the readers never throw over. */
export const UNREADABLE_DETAILS: [string, unknown][] = [
  ["null", null],
  ["undefined", undefined],
  ["a number", 42],
  ["a string", "legs"],
  ["an array", [1, 2]],
  ["an empty object", {}],
  ["legs that are not a list", { legs: "two" }],
  ["legs that are not objects", { legs: [null, 3, "x", []] }],
  [
    "legs of the wrong types",
    { legs: [{ leg: "1", date: 20260101, pickupAt: 5, pickupTime: 915, passengers: "2", pickup: [], dropoff: "CDG", info: {} }] },
  ],
  ["an unparseable date string", { legs: [{ date: "tomorrow", pickupAt: "not-a-date", pickup: { kind: "flight", flightTime: "late" } }] }],
  ["luggage of the wrong types", { luggage: { checkIn: -1, cabin: 1.5, strollerSingle: "2", strollerDouble: null, info: 7 } }],
  ["a customer that is a list", { customer: ["Alice"] }],
  [
    "deeply odd values",
    { customer: { address: { nested: true }, city: Symbol.for("x").description }, legs: [{ pickup: { place: ["CDG"] } }] },
  ],
];

export const { points, errors: pointErrors } = parseMeetingPoints(
  [
    MEETING_POINTS_HEADER,
    "CDG,,shuttle,CDG shuttle default",
    "CDG,,private,Arrivals hall of your terminal",
    'CDG,2E,private,"Terminal 2E, exit 8: your driver holds a sign with your name"',
    "ORY,,private,ORY private default",
    "BVA,,shuttle,BVA shuttle default",
    "BVA,,private,BVA private default",
    "*,,shuttle,Hotel lobby (shuttle)",
    "*,,private,Hotel lobby (private)",
  ].join("\n"),
);

export const MARKER = "[manage-link:0b7f0c1e-3f7e-4c55-9a43-1d2c6f0e9a11]";

/** The round trip with its pickup's terminal given (2E) and its return drop-off's not known yet. */
export const withTerminals: BookingEmailInput = {
  ...row,
  details: {
    ...roundTripDetails,
    legs: [
      { ...outboundLeg, pickup: { ...outboundLeg.pickup, terminal: "2E" } },
      { ...returnLeg, dropoff: { ...returnLeg.dropoff, terminal: "" } },
    ],
  },
};

/** The site with the booking's manage link (its marker) and the meeting points. */
export const linked: EmailSite = { ...site, manageUrl: MARKER, meetingPoints: points };

/** The outbound leg as the traveller's messages give it, with its terminal and meeting point. */
export const OUTBOUND_WITH_MEETING_POINT = [
  "Outbound",
  "Pick-up: 01/07/2026 at 07:45 (Paris time)",
  "From: Charles de Gaulle Airport (CDG), Terminal 2E (flight AF007 from New York, landing 07:45 (Paris time))",
  "To: Disneyland Paris (Hotel Cheyenne, Avenue de la Fosse des Pressoirs)",
  "Meeting point: Terminal 2E, exit 8: your driver holds a sign with your name",
].join("\n");
