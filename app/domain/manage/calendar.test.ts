import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parisParts } from "../booking/paris-time";
import { MEETING_POINTS_HEADER, parseMeetingPoints } from "../meeting-points";
import { calendarEvents, calendarFilename, eventSequence, eventUid, type CalendarBooking } from "./calendar";
import { ENGLISH_MAIL } from "~/lib/test-support/booking-words";

const site = { siteName: "Navette Paris", siteUrl: "https://navette.example", phone: "+33 1 99 00 12 34" };
const LINK = "https://navette.example/my-booking/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ";
const NOW = new Date("2026-01-15T12:00:00Z");

const { points, errors } = parseMeetingPoints(
  [
    MEETING_POINTS_HEADER,
    "CDG,,shuttle,CDG shuttle default",
    "CDG,,private,Arrivals hall of your terminal",
    'CDG,2E,private,"Exit 8, Arrivals level"',
    "ORY,,private,ORY private default",
    "BVA,,shuttle,BVA shuttle default",
    "BVA,,private,BVA private default",
    "*,,shuttle,Shuttle: hotel lobby",
    "*,,private,Private: hotel lobby",
  ].join("\n"),
);

const CDG = "Charles_de_Gaulle_Airport_(CDG)";

function flightEnd(place: string, time: string, terminal?: string) {
  return {
    place,
    kind: "flight",
    flightTime: time,
    flightCity: "London",
    flightNumber: "BA304",
    hotel: "",
    hotelId: null,
    address: "",
    zip: "",
    ...(terminal === undefined ? {} : { terminal }),
  };
}

const hotelEnd = {
  place: "Disneyland_Paris",
  kind: "address",
  flightTime: null,
  flightCity: "",
  flightNumber: "",
  hotel: "Hotel Cheyenne",
  hotelId: 12,
  address: "Avenue de la Fosse des Pressoirs",
  zip: "77700",
};

function booking(legs: unknown[], extra: Partial<CalendarBooking> = {}): CalendarBooking {
  return {
    orderId: "NV-ABC123",
    kind: "private",
    roundTrip: legs.length > 1,
    details: JSON.parse(
      JSON.stringify({
        customer: { lastname: "Martin", firstname: "Alice", email: "alice@example.com", phoneMobile: "+33612345678" },
        legs,
        luggage: { checkIn: 2, cabin: 0, strollerSingle: 0, strollerDouble: 0, info: "" },
      }),
    ),
    ...extra,
  };
}

/** An arrival: the flight lands at `pickupAt`, then 30 minutes for the luggage and 45 minutes of road. */
function arrival(pickupAt: string, flightTime: string, terminal?: string) {
  return {
    leg: 1,
    date: pickupAt.slice(0, 10),
    pickupAt,
    pickupTime: null,
    passengers: { adults: 2, children: 0, babies: 0, total: 2 },
    durationMinutes: 45,
    delayDepartMinutes: 30,
    delayArriveMinutes: 135,
    pickup: flightEnd(CDG, flightTime, terminal),
    dropoff: hotelEnd,
    info: "",
  };
}

function wall(instant: Date): string {
  const p = parisParts(instant);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}

it("reads the test's meeting points without a fault", () => expect(errors).toEqual([]));

describe("calendarEvents: times in Paris across the clock changes", () => {
  it.each([
    // [what, pickup instant, flight time, Paris start, Paris end (75 elapsed minutes later)]
    ["a summer landing", "2026-07-01T08:00:00.000Z", "10:00", "2026-07-01 10:00", "2026-07-01 11:15"],
    ["a winter landing", "2026-01-20T09:00:00.000Z", "10:00", "2026-01-20 10:00", "2026-01-20 11:15"],
    ["the night the clocks go forward, before", "2026-03-29T00:30:00.000Z", "01:30", "2026-03-29 01:30", "2026-03-29 03:45"],
    ["the day the clocks went forward", "2026-03-29T08:00:00.000Z", "10:00", "2026-03-29 10:00", "2026-03-29 11:15"],
    ["the night the clocks go back, first 02:30", "2026-10-25T00:30:00.000Z", "02:30", "2026-10-25 02:30", "2026-10-25 02:45"],
    ["the day the clocks went back", "2026-10-25T09:00:00.000Z", "10:00", "2026-10-25 10:00", "2026-10-25 11:15"],
  ])("%s", (_what, pickupAt, flightTime, start, end) => {
    const [event] = calendarEvents(booking([arrival(pickupAt, flightTime)]), {
      points,
      words: ENGLISH_MAIL,
      manageLink: LINK,
      site,
      now: NOW,
    });
    expect(event!.start.toISOString()).toBe(pickupAt);
    expect(event!.end.getTime() - event!.start.getTime()).toBe(75 * 60_000);
    expect(wall(event!.start)).toBe(start);
    expect(wall(event!.end)).toBe(end);
  });

  it("lasts the trip alone when the pickup is not a flight (a departure from the hotel)", () => {
    const departure = {
      ...arrival("2026-07-05T12:30:00.000Z", "18:00"),
      leg: 2,
      pickup: hotelEnd,
      dropoff: flightEnd(CDG, "18:00", "2E"),
    };
    const events = calendarEvents(booking([arrival("2026-07-01T08:00:00.000Z", "10:00"), departure]), {
      points,
      words: ENGLISH_MAIL,
      manageLink: LINK,
      site,
      now: NOW,
    });
    expect(events).toHaveLength(2);
    expect(wall(events[1]!.start)).toBe("2026-07-05 14:30");
    expect(wall(events[1]!.end)).toBe("2026-07-05 15:15");
    expect(events[1]!.location).toBe("Disneyland Paris: Private: hotel lobby");
    expect(events[1]!.summary).toBe("Navette Paris NV-ABC123: Disneyland Paris to Charles de Gaulle Airport (CDG)");
  });

  it("holds for any pickup instant: the event starts at it and lasts the wait plus the trip in elapsed time", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2026-01-01T00:00:00Z"), max: new Date("2030-12-31T23:00:00Z"), noInvalidDate: true }),
        fc.integer({ min: 0, max: 180 }),
        fc.integer({ min: 5, max: 300 }),
        (at, wait, trip) => {
          const leg = { ...arrival(at.toISOString(), "10:00"), delayDepartMinutes: wait, durationMinutes: trip };
          const [event] = calendarEvents(booking([leg]), { points, words: ENGLISH_MAIL, manageLink: LINK, site, now: NOW });
          return event!.start.getTime() === at.getTime() && event!.end.getTime() - at.getTime() === (wait + trip) * 60_000;
        },
      ),
    );
  });
});

describe("calendarEvents: what each event says", () => {
  it("names the order and route, puts the terminal's meeting point in the location, and the flight, phone and link in the description", () => {
    const [event] = calendarEvents(booking([arrival("2026-07-01T08:00:00.000Z", "10:00", "2E")], { updatedAt: NOW }), {
      points,
      words: ENGLISH_MAIL,
      manageLink: LINK,
      site,
      now: NOW,
    });
    expect(event!.uid).toBe("NV-ABC123-leg-1@navette.example");
    expect(event!.summary).toBe("Navette Paris NV-ABC123: Charles de Gaulle Airport (CDG) to Disneyland Paris");
    expect(event!.location).toBe("Charles de Gaulle Airport (CDG), Terminal 2E: Exit 8, Arrivals level");
    expect(event!.description.split("\n")).toEqual([
      "Order NV-ABC123: Private transfer (transfer)",
      "Pick-up: 01/07/2026 at 10:00 (Paris time)",
      "From: Charles de Gaulle Airport (CDG), Terminal 2E (flight BA304 from London, landing 10:00 (Paris time))",
      "To: Disneyland Paris (Hotel Cheyenne, Avenue de la Fosse des Pressoirs, 77700)",
      "Flight: BA304 from London, landing 10:00 (Paris time)",
      "Passengers: 2 adults, 0 children, 0 babies",
      "Meeting point: Exit 8, Arrivals level",
      "",
      "Driver not found? Stay at the meeting point and call +33 1 99 00 12 34, quoting your order number NV-ABC123.",
      "",
      `Your booking (voucher, changes, cancellation): ${LINK}`,
    ]);
    expect(event!.stamp).toBe(NOW);
    expect(event!.sequence).toBe(eventSequence(NOW));
  });

  it("falls back on the airport's default when the terminal is not known yet, and on the place when there are no meeting points", () => {
    const unknown = calendarEvents(booking([arrival("2026-07-01T08:00:00.000Z", "10:00", "")]), {
      points,
      words: ENGLISH_MAIL,
      manageLink: LINK,
      site,
      now: NOW,
    });
    expect(unknown[0]!.location).toBe("Charles de Gaulle Airport (CDG), Terminal not known yet: Arrivals hall of your terminal");
    const none = calendarEvents(booking([arrival("2026-07-01T08:00:00.000Z", "10:00")]), {
      words: ENGLISH_MAIL,
      manageLink: LINK,
      site,
      now: NOW,
    });
    expect(none[0]!.location).toBe("Charles de Gaulle Airport (CDG)");
    expect(none[0]!.description).not.toContain("Meeting point");
  });

  it("gives no event for details that do not read (a leg whose pickup moment is unreadable, odd values), and never throws", () => {
    const odd = { ...arrival("2026-07-01T08:00:00.000Z", "10:00"), pickupAt: "not a date" };
    expect(calendarEvents(booking([odd]), { points, words: ENGLISH_MAIL, manageLink: LINK, site, now: NOW })).toEqual([]);
    for (const details of [null, 3, "x", [], { legs: "no" }, { legs: [null, 4] }]) {
      expect(
        calendarEvents(
          { orderId: "NV-ABC123", kind: "shuttle", roundTrip: false, details },
          { points, words: ENGLISH_MAIL, manageLink: LINK, site, now: NOW },
        ),
      ).toEqual([]);
    }
  });

  it("gives each order's leg one UID, and a sequence that grows with the booking's last change", () => {
    expect(eventUid("NV-ABC123", 2, "https://navette.example/")).toBe("NV-ABC123-leg-2@navette.example");
    expect(eventUid("NV-ABC123", 1, "not a url")).toBe("NV-ABC123-leg-1@navette.invalid");
    expect(eventSequence(null)).toBe(0);
    expect(eventSequence(new Date("2025-06-01T00:00:00Z"))).toBe(0);
    expect(eventSequence(new Date("2026-01-01T00:01:00Z"))).toBe(60);
    expect(eventSequence(new Date("2026-07-01T00:00:00Z"))).toBeGreaterThan(eventSequence(new Date("2026-06-30T23:59:59Z")));
    expect(calendarFilename("NV-ABC123")).toBe("navette-NV-ABC123.ics");
  });
});
