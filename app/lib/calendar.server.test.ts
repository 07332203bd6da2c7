import ICAL from "ical.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MEETING_POINTS_HEADER, parseMeetingPoints } from "~/domain/meeting-points";
import { bookingCalendar, calendarAttachment, icsText } from "./calendar.server";

const site = { siteName: "Navette Paris", siteUrl: "https://navette.example", phone: "+33 1 99 00 12 34" };
const LINK = "https://navette.example/my-booking/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ";
const { points } = parseMeetingPoints(
  [
    MEETING_POINTS_HEADER,
    "CDG,,shuttle,CDG shuttle default",
    "CDG,,private,Arrivals hall",
    'CDG,2E,private,"Exit 8, Arrivals level; look for the sign"',
    "ORY,,private,ORY private default",
    "BVA,,shuttle,BVA shuttle default",
    "BVA,,private,BVA private default",
    "*,,shuttle,Hotel lobby",
    "*,,private,Hotel lobby",
  ].join("\n"),
);

function leg(n: number, pickupAt: string, pickup: object, dropoff: object) {
  return {
    leg: n,
    date: pickupAt.slice(0, 10),
    pickupAt,
    pickupTime: null,
    passengers: { adults: 2, children: 0, babies: 0 },
    durationMinutes: 45,
    delayDepartMinutes: 30,
    delayArriveMinutes: 120,
    pickup,
    dropoff,
    info: "",
  };
}
const cdg = {
  place: "Charles_de_Gaulle_Airport_(CDG)",
  kind: "flight",
  flightTime: "10:00",
  flightCity: "London",
  flightNumber: "BA304",
  hotel: "",
  hotelId: null,
  address: "",
  zip: "",
  terminal: "2E",
};
const hotel = {
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

/** A booking's details holding `legs`. */
function details<L>(legs: L[]) {
  return {
    customer: { lastname: "Martin", firstname: "Alice", email: "alice@example.com", phoneMobile: "+33612345678" },
    legs,
    luggage: { checkIn: 2, cabin: 0, strollerSingle: 0, strollerDouble: 0, info: "" },
  };
}

/** A round trip: landing the night the clocks go forward, leaving the night they go back. */
const row = {
  orderId: "NV-ABC123",
  kind: "private",
  roundTrip: true,
  locale: "en" as const,
  updatedAt: new Date("2026-02-01T00:00:00Z"),
  details: details([
    leg(1, "2026-03-29T00:30:00.000Z", { ...cdg, flightTime: "01:30" }, hotel),
    leg(2, "2026-10-25T00:30:00.000Z", hotel, { ...cdg, flightTime: "06:00" }),
  ]),
};

afterEach(() => {
  vi.unstubAllEnvs();
});

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return { calendar, events: calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v)) };
}

describe("bookingCalendar", () => {
  it.each(["UTC", "America/New_York", "Asia/Tokyo"])(
    "writes each leg in Paris time with a VTIMEZONE, whatever the server's zone (TZ=%s)",
    (tz) => {
      vi.stubEnv("TZ", tz);
      // The process does read its zone from TZ: New York's January is 5 hours behind UTC.
      if (tz === "America/New_York") expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(300);
      const file = bookingCalendar(row, { manageLink: LINK, site, points, now: new Date("2026-02-02T10:00:00Z") })!;
      expect(file.filename).toBe("navette-NV-ABC123.ics");
      const text = file.content;
      expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(text).toContain("METHOD:PUBLISH\r\n");
      expect(text).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/Paris\r\n");
      expect(text).not.toContain("X-WR-TIMEZONE");
      expect(text).toContain("DTSTAMP:20260202T100000Z\r\n");
      // 01:30 before the clocks go forward; the arrival 75 elapsed minutes later reads 03:45.
      expect(text).toContain("DTSTART;TZID=Europe/Paris:20260329T013000\r\n");
      expect(text).toContain("DTEND;TZID=Europe/Paris:20260329T034500\r\n");
      // The first 02:30 of the night the clocks go back (CEST), which a file's 02:30 means; the
      // drive ends 45 minutes later at the second 02:15 (CET), so the event is written in UTC.
      expect(text).toContain("DTSTART:20261025T003000Z\r\n");
      expect(text).toContain("DTEND:20261025T011500Z\r\n");
      expect(text.split("\r\n").every((line) => Buffer.byteLength(line, "utf8") <= 75)).toBe(true);
    },
  );

  it("is read back by a calendar library at the same instants, with the UID, the meeting point and the link", () => {
    const file = bookingCalendar(row, { manageLink: LINK, site, points })!;
    const { events } = parse(file.content);
    expect(events.map((e) => e.uid)).toEqual(["NV-ABC123-leg-1@navette.example", "NV-ABC123-leg-2@navette.example"]);
    expect(events.map((e) => e.startDate.zone?.tzid)).toEqual(["Europe/Paris", "UTC"]);
    expect(events.map((e) => e.startDate.toJSDate().toISOString())).toEqual(["2026-03-29T00:30:00.000Z", "2026-10-25T00:30:00.000Z"]);
    expect(events.map((e) => e.endDate.toJSDate().toISOString())).toEqual(["2026-03-29T01:45:00.000Z", "2026-10-25T01:15:00.000Z"]);
    const [first] = events;
    expect(first!.summary).toBe("Navette Paris NV-ABC123: Charles de Gaulle Airport (CDG) to Disneyland Paris");
    expect(first!.location).toBe("Charles de Gaulle Airport (CDG), Terminal 2E: Exit 8, Arrivals level; look for the sign");
    expect(first!.description).toContain("Meeting point: Exit 8, Arrivals level; look for the sign");
    expect(first!.description).toContain("call +33 1 99 00 12 34, quoting your order number NV-ABC123");
    expect(first!.description).toContain(LINK);
    expect(first!.sequence).toBe(31 * 86_400);
  });

  it("writes the first 02:30 of the night the clocks go back in Paris time, as a file's 02:30 means it", () => {
    const early = leg(1, "2026-10-25T00:30:00.000Z", { ...cdg, flightTime: "02:30" }, hotel);
    const text = bookingCalendar(
      { ...row, details: details([{ ...early, delayDepartMinutes: 0, durationMinutes: 20 }]) },
      { manageLink: LINK, site },
    )!.content;
    expect(text).toContain("DTSTART;TZID=Europe/Paris:20261025T023000\r\n");
    expect(text).toContain("DTEND;TZID=Europe/Paris:20261025T025000\r\n");
  });

  it("is null for a booking without a pickup moment, and an attachment otherwise", () => {
    expect(bookingCalendar({ ...row, details: { legs: [] } }, { manageLink: LINK, site })).toBeNull();
    expect(calendarAttachment({ ...row, details: null }, { manageLink: LINK, site })).toBeNull();
    expect(calendarAttachment(row, { manageLink: LINK, site })).toMatchObject({
      filename: "navette-NV-ABC123.ics",
      contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    });
  });

  it("escapes the text fields' commas, semicolons and line breaks", () => {
    const text = icsText(
      [
        {
          uid: "u@x",
          start: new Date("2026-07-01T08:00:00Z"),
          end: new Date("2026-07-01T09:00:00Z"),
          summary: "A, B; C",
          location: "L",
          description: "one\ntwo",
          sequence: 0,
          stamp: new Date("2026-07-01T00:00:00Z"),
        },
      ],
      "Navette Paris",
    );
    expect(text).toContain("SUMMARY:A\\, B\\; C\r\n");
    expect(text).toContain("DESCRIPTION:one\\ntwo\r\n");
    expect(text).toContain("DTSTART;TZID=Europe/Paris:20260701T100000\r\n");
  });
});
