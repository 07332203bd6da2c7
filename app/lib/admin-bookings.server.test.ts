import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { bookings, drivers } from "../../db/schema";
import { readBookingFilters } from "~/domain/back-office/booking-filters";
import type { BookingFilters } from "~/domain/back-office/booking-list-query";
import { UNREAD_LEGS } from "~/domain/booking/booking-lines";
import { storedDetails, type BookingLeg, NO_CHILD_SEATS } from "~/domain/booking/model";
import {
  COUNT_CAP,
  exportLegRecords,
  filterCondition,
  filteredFirst,
  legRecords,
  listBookings,
  type BookingLegRecord,
} from "./admin-bookings.server";
import { bookingColumns } from "./booking-store.server";
import { adminWordsIn } from "./test-support/admin-words";
import { bookingRowValues } from "./test-support/booking-rows";
import { insertBookings, setLegDriver } from "./test-support/insert-bookings";
import { useEmbeddedDatabase } from "./test-support/embedded-database";

const NO_FILTERS: BookingFilters = { q: null, status: null, from: null, to: null, page: 1 };

// The bookings list's query and the CSV export's rows, on the embedded PostgreSQL
// (docs/product.md, Back office, Bookings).

const database = useEmbeddedDatabase();

beforeEach(async () => {
  await database.db.execute(sql`truncate outbox, payment_events, audit_events, bookings, drivers restart identity cascade`);
});

const flightEnd = (place: string, number: string, city: string, time: string): BookingLeg["pickup"] => ({
  place,
  kind: "flight",
  flightTime: time,
  flightCity: city,
  flightNumber: number,
  hotel: "",
  hotelId: null,
  address: "",
  zip: "",
  terminal: "",
});

const hotelEnd = (place: string, hotel: string, address: string, zip: string): BookingLeg["pickup"] => ({
  place,
  kind: "address",
  flightTime: null,
  flightCity: "",
  flightNumber: "",
  hotel,
  hotelId: null,
  address,
  zip,
  terminal: "",
});

function leg(n: 1 | 2, pickupAt: string, pickup: BookingLeg["pickup"], dropoff: BookingLeg["pickup"]): BookingLeg {
  return {
    leg: n,
    date: pickupAt.slice(0, 10),
    pickupAt: new Date(pickupAt),
    pickupTime: null,
    passengers: { adults: 2, children: 1, babies: 0, total: 3 },
    durationMinutes: 60,
    delayDepartMinutes: 0,
    delayArriveMinutes: 0,
    pickup,
    dropoff,
    info: "",
  };
}

let serial = 0;
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/** NV-Z and five characters: never one of the ids the tests write out. */
function nextOrderId(): string {
  serial += 1;
  let n = serial;
  let id = "";
  for (let i = 0; i < 5; i++, n = Math.floor(n / ALPHABET.length)) id = ALPHABET[n % ALPHABET.length] + id;
  return `NV-Z${id}`;
}

const noAddress = { address: "", postcode: "", city: "", country: "", phoneCountryCode: "" };

/** A stored booking, as saveBooking and the back office write them (its legs as rows); `legs` as the booking schema makes them. */
async function insert(values: Partial<typeof bookings.$inferInsert> & { legs?: BookingLeg[]; driverId?: number } = {}) {
  const {
    legs = [
      leg(
        1,
        "2026-12-01T09:00:00Z",
        flightEnd("Orly Airport (ORY)", "BA304", "London", "10:00"),
        hotelEnd("Disneyland Paris", "Disneyland Hotel", "1 Rue de la Marne", "77700"),
      ),
    ],
    driverId,
    ...rest
  } = values;
  const row = bookingRowValues({
    orderId: nextOrderId(),
    submissionToken: `token-${serial}`,
    roundTrip: legs.length === 2,
    children: 1,
    priceCents: 12_345,
    details: storedDetails({
      customer: { lastname: "Martin", firstname: "Claire", email: "claire@example.com", phoneMobile: "+33612345678", ...noAddress },
      legs,
      luggage: { checkIn: 2, cabin: 1, strollerSingle: 1, strollerDouble: 0, info: "" },
      childSeats: NO_CHILD_SEATS,
    }),
    firstPickupAt: legs[0]?.pickupAt ?? null,
    returnPickupAt: legs[1]?.pickupAt ?? null,
    ...rest,
  });
  await insertBookings(database.db, row);
  if (driverId !== undefined) await setLegDriver(database.db, row.orderId, driverId);
  const [stored] = await database.db.select(bookingColumns).from(bookings).where(eq(bookings.orderId, row.orderId));
  return stored!;
}

const filters = (query: string): BookingFilters => {
  const read = readBookingFilters(new URLSearchParams(query), adminWordsIn("en"));
  if (!read.ok) throw new Error(JSON.stringify(read.problems));
  return read.filters;
};

const orderIds = async (query: string) => (await listBookings(database.db, filters(query))).rows.map((r) => r.orderId);

describe("listBookings: search", () => {
  beforeEach(async () => {
    await insert({
      orderId: "NV-7K3P2Q",
      firstname: "Ada",
      lastname: "Lovelace",
      email: "ada.lovelace@example.com",
      phone: "+44 20 7946 0958",
    });
    await insert({
      orderId: "NV-AAAAAA",
      firstname: "Jean",
      lastname: "de la Fontaine",
      email: "jean@fables.fr",
      phone: "+33 6 11 22 33 44",
    });
    await insert({ orderId: "NV-BBBBBB", firstname: "Élodie", lastname: "Müller", email: "ELODIE@Example.COM", phone: "06 55 44 33 22" });
    await insert({
      orderId: "NV-CCCCCC",
      firstname: "Percy",
      lastname: "100%_sure",
      email: "percy@example.com",
      phone: "+33 7 00 00 00 01",
    });
  });

  it.each<[string, string[]]>([
    ["q=NV-7K3P2Q", ["NV-7K3P2Q"]],
    ["q=nv7k3p2q", ["NV-7K3P2Q"]],
    ["q=NV-ZZZZZZ", []],
    ["q=ada", ["NV-7K3P2Q"]],
    ["q=LOVE", ["NV-7K3P2Q"]],
    ["q=Ada+Lovelace", ["NV-7K3P2Q"]],
    ["q=lovelace+ada", ["NV-7K3P2Q"]],
    ["q=ada+fontaine", []],
    ["q=de+la+font", ["NV-AAAAAA"]],
    ["q=jean+de", ["NV-AAAAAA"]],
    ["q=élodie", ["NV-BBBBBB"]],
    ["q=MÜLLER", ["NV-BBBBBB"]],
    ["q=elodie@example.com", ["NV-BBBBBB"]],
    ["q=ada.lovelace@", ["NV-7K3P2Q"]],
    ["q=@example.com", []],
    ["q=percy", ["NV-CCCCCC"]],
    ["q=100%25_", ["NV-CCCCCC"]],
    ["q=1%25", []],
    ["q=%25", []],
    ["q=_", []],
    ["q=0611223344", ["NV-AAAAAA"]],
    ["q=%2B33+6+11+22+33+44", ["NV-AAAAAA"]],
    ["q=33+44", ["NV-AAAAAA"]],
    ["q=0655443322", ["NV-BBBBBB"]],
    ["q=%2B33655443322", ["NV-BBBBBB"]],
    ["q=020+7946+0958", ["NV-7K3P2Q"]],
    ["q=07+00+00+00+01", ["NV-CCCCCC"]],
    ["q=claire", []],
  ])("%s finds %j", async (query, expected) => {
    expect((await orderIds(query)).sort()).toEqual(expected.sort());
  });

  it("finds every booking without a search", async () => {
    expect(await orderIds("")).toHaveLength(4);
  });
});

describe("listBookings: filters", () => {
  it("filters by booking status or by payment status", async () => {
    await insert({ orderId: "NV-222222", bookingStatus: "confirmed", status: "paid" });
    await insert({ orderId: "NV-333333", bookingStatus: "new", status: "paid" });
    await insert({ orderId: "NV-444444", bookingStatus: "cancelled", status: "refunded" });
    expect(await orderIds("status=paid")).toEqual(["NV-333333", "NV-222222"]);
    expect(await orderIds("status=confirmed")).toEqual(["NV-222222"]);
    expect(await orderIds("status=refunded")).toEqual(["NV-444444"]);
    expect(await orderIds("status=new")).toEqual(["NV-333333"]);
    expect(await orderIds("status=no_show")).toEqual([]);
    expect(await orderIds("status=paid&q=NV-222222")).toEqual(["NV-222222"]);
  });

  it("filters by Paris pickup day, either leg counting, the day's bounds in Paris time", async () => {
    const cdg = flightEnd("CDG", "AF1", "Rome", "08:00");
    const disney = hotelEnd("Disneyland Paris", "Hotel", "", "");
    // 23:30 in Paris on 1 December (UTC+1) is 22:30 UTC; 00:15 on 2 December is 23:15 UTC on the 1st.
    await insert({ orderId: "NV-222222", legs: [leg(1, "2026-12-01T22:30:00Z", cdg, disney)] });
    await insert({ orderId: "NV-333333", legs: [leg(1, "2026-12-01T23:15:00Z", cdg, disney)] });
    // Outbound in November, return on 5 December.
    await insert({
      orderId: "NV-444444",
      legs: [leg(1, "2026-11-20T09:00:00Z", cdg, disney), leg(2, "2026-12-05T09:00:00Z", disney, cdg)],
    });
    // Summer time: 00:30 on 1 July in Paris is 22:30 UTC on 30 June.
    await insert({ orderId: "NV-555555", legs: [leg(1, "2026-06-30T22:30:00Z", cdg, disney)] });
    expect(await orderIds("from=2026-12-01&to=2026-12-01")).toEqual(["NV-222222"]);
    expect(await orderIds("from=2026-12-02&to=2026-12-02")).toEqual(["NV-333333"]);
    expect(await orderIds("from=2026-12-05")).toEqual(["NV-444444"]);
    expect(await orderIds("from=2026-11-20&to=2026-11-20")).toEqual(["NV-444444"]);
    expect(await orderIds("to=2026-11-30")).toEqual(["NV-555555", "NV-444444"]);
    expect(await orderIds("from=2026-07-01&to=2026-07-01")).toEqual(["NV-555555"]);
    expect(await orderIds("from=2026-06-30&to=2026-06-30")).toEqual([]);
    expect(await orderIds("from=2026-12-06")).toEqual([]);
  });
});

describe("listBookings: order and pages", () => {
  it("lists the newest first, the later id first on equal times, 50 to a page", async () => {
    const at = new Date("2026-11-24T10:00:00Z");
    for (let i = 0; i < 53; i++) await insert({ createdAt: i < 3 ? at : new Date(at.getTime() - i * 60_000) });
    const first = await listBookings(database.db, NO_FILTERS);
    expect(first).toMatchObject({ page: 1, pageSize: 50, hasNext: true, total: 53, totalCapped: false });
    expect(first.rows).toHaveLength(50);
    expect(first.rows.slice(0, 4).map((r) => r.id)).toEqual([3, 2, 1, 4]);
    const second = await listBookings(database.db, { ...NO_FILTERS, page: 2 });
    expect(second).toMatchObject({ page: 2, hasNext: false, total: 53 });
    expect(second.rows.map((r) => r.id)).toEqual([51, 52, 53]);
    const beyond = await listBookings(database.db, { ...NO_FILTERS, page: 9 });
    expect(beyond).toMatchObject({ rows: [], hasNext: false, total: 53 });
  });

  it("sorts a search's matches the same way", async () => {
    const at = new Date("2026-11-24T10:00:00Z");
    for (let i = 0; i < 5; i++)
      await insert({ createdAt: i < 2 ? at : new Date(at.getTime() - i * 60_000), lastname: i === 3 ? "Other" : "Martin" });
    expect((await listBookings(database.db, filters("q=martin"))).rows.map((r) => r.id)).toEqual([2, 1, 3, 5]);
    expect((await listBookings(database.db, filters("q=martin&from=2026-12-01&to=2026-12-01"))).rows.map((r) => r.id)).toEqual([
      2, 1, 3, 5,
    ]);
  });

  it.each<[string, boolean]>([
    ["", false],
    ["q=martin", true],
    ["status=paid", false],
    ["from=2026-01-01", false],
    ["from=2026-01-01&to=2026-01-07", true],
    ["from=2026-03-01&to=2026-05-01", true],
    ["from=2026-03-01&to=2026-05-02", false],
    ["from=2026-03-01&to=2026-05-03", false],
    ["from=2026-01-01&to=2026-12-31", false],
    ["q=martin&from=2026-01-01&to=2026-12-31", true],
  ])("%j finds its matches first: %s", (query, expected) => {
    expect(filteredFirst(filters(query))).toBe(expected);
  });

  it("counts up to the cap", async () => {
    expect(COUNT_CAP).toBeGreaterThanOrEqual(1000);
    await database.db.execute(sql`
      insert into bookings (order_id, submission_token, kind, round_trip, depart, arrive, lastname, firstname, email, phone,
        adults, children, babies, price_cents, payment_mode, details)
      select 'NV-X' || g, 't' || g, 'shuttle', false, 'A', 'B', 'L', 'F', 'e@x', '1', 1, 0, 0, 100, 'card', '{}'::jsonb
      from generate_series(1, ${COUNT_CAP + 5}) g`);
    const page = await listBookings(database.db, NO_FILTERS);
    expect(page).toMatchObject({ total: COUNT_CAP, totalCapped: true, hasNext: true });
  });

  it("gives the driver's name, and the columns the list shows", async () => {
    const [driver] = await database.db
      .insert(drivers)
      .values({ name: "Karim B.", phone: "+33600000000", email: "k@example.com" })
      .returning();
    await insert({ orderId: "NV-222222", driverId: driver!.id, test: true, bookingStatus: "driver_assigned", status: "paid" });
    await insert({ orderId: "NV-333333" });
    const { rows } = await listBookings(database.db, NO_FILTERS);
    expect(rows.map((r) => [r.orderId, r.firstDriverName])).toEqual([
      ["NV-333333", null],
      ["NV-222222", "Karim B."],
    ]);
    expect(rows[1]).toMatchObject({
      test: true,
      kind: "private",
      roundTrip: false,
      depart: "Orly Airport (ORY)",
      arrive: "Disneyland Paris",
      firstname: "Claire",
      lastname: "Martin",
      priceCents: 12_345,
      paymentStatus: "paid",
      bookingStatus: "driver_assigned",
      firstPickupAt: new Date("2026-12-01T09:00:00Z"),
      returnPickupAt: null,
    });
  });
});

describe("the indexes", () => {
  // With sequential scans priced out, each search's plan must name its index: the query's
  // expressions are the indexes' own (a typo would silently scan the table at 100,000 bookings).
  it.each<[string, string[]]>([
    ["q=NV-7K3P2Q", ["bookings_order_id_key"]],
    ["q=ada@example", ["bookings_email_search_idx"]],
    ["q=0612345678", ["bookings_phone_search_idx"]],
    ["q=lovelace", ["bookings_lastname_search_idx", "bookings_firstname_search_idx", "bookings_email_search_idx"]],
    ["q=ada+lovelace", ["bookings_lastname_search_idx", "bookings_firstname_search_idx"]],
    ["from=2026-12-01&to=2026-12-07", ["bookings_first_pickup_at_idx", "bookings_return_pickup_at_idx"]],
    ["", ["bookings_created_at_idx"]],
  ])("%s uses %j", async (query, indexes) => {
    const where = filterCondition(filters(query));
    const matching = database.db.select({ id: bookings.id }).from(bookings).where(where);
    // Without a filter, the order is what an index must serve; with one, the filter.
    const select = where ? matching : matching.orderBy(sql`${bookings.createdAt} desc, ${bookings.id} desc`).limit(51);
    await database.db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = await database.db.execute(sql`explain ${select}`);
      const text = (plan as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r).join("")).join("\n");
      for (const index of indexes) expect(text).toContain(index);
    } finally {
      await database.db.execute(sql`set enable_seqscan = on`);
    }
  });
});

describe("exportLegRecords", () => {
  const collect = async (query: string, batch?: number) => {
    const out: BookingLegRecord[] = [];
    for await (const record of exportLegRecords(database.db, filters(query), batch)) out.push(record);
    return out;
  };

  it("writes one record per leg, both legs of a round trip", async () => {
    const [driver] = await database.db
      .insert(drivers)
      .values({ name: "Karim B.", phone: "+33600000000", email: "k@example.com" })
      .returning();
    const cdg = flightEnd("Charles de Gaulle Airport (CDG)", "AF007", "New York", "07:45");
    const hotel = hotelEnd("Disneyland Paris", "Hotel du Test", "5 Rue des Essais", "77144");
    const back = flightEnd("Charles de Gaulle Airport (CDG)", "AF008", "New York", "18:00");
    await insert({
      orderId: "NV-222222",
      firstname: "Ada",
      lastname: "Lovelace",
      email: "ada@example.com",
      phone: "+33612345678",
      driverId: driver!.id,
      status: "paid",
      bookingStatus: "confirmed",
      test: true,
      priceCents: 25_050,
      legs: [leg(1, "2026-12-01T06:45:00Z", cdg, hotel), leg(2, "2026-12-08T13:00:00Z", hotel, back)],
    });
    await insert({ orderId: "NV-333333", createdAt: new Date("2020-01-01T00:00:00Z") });
    const records = await collect("");
    expect(records.map((r) => [r.orderId, r.leg])).toEqual([
      ["NV-222222", "outbound"],
      ["NV-222222", "return"],
      ["NV-333333", "outbound"],
    ]);
    expect(records[0]).toEqual({
      orderId: "NV-222222",
      leg: "outbound",
      pickup: "01/12/2026 07:45",
      from: "Charles de Gaulle Airport (CDG)",
      to: "Disneyland Paris: Hotel du Test, 5 Rue des Essais 77144",
      flight: "AF007 from New York, lands 07:45",
      traveller: "Ada Lovelace",
      email: "ada@example.com",
      phone: "+33612345678",
      passengers: 3,
      luggage: "2 check-in, 1 cabin, 1 single stroller",
      bookingStatus: "Confirmed",
      paymentStatus: "Paid",
      amount: "250.50",
      driver: "Karim B.",
      test: "yes",
    });
    expect(records[1]).toMatchObject({
      leg: "return",
      pickup: "08/12/2026 14:00",
      from: "Disneyland Paris: Hotel du Test, 5 Rue des Essais 77144",
      to: "Charles de Gaulle Airport (CDG)",
      flight: "AF008 to New York, takes off 18:00",
    });
    expect(records[2]).toMatchObject({ driver: "", test: "no", bookingStatus: "New", paymentStatus: "Pending" });
  });

  it("reads every matching booking once across batches, even with equal creation times", async () => {
    const at = new Date("2026-11-24T10:00:00.123Z");
    for (let i = 0; i < 7; i++) await insert({ createdAt: at, status: i % 2 ? "paid" : "pending_payment" });
    // Microseconds the JavaScript clock cannot hold: a batch boundary must still fall between them.
    await database.db.execute(sql`update bookings set created_at = created_at + (id * interval '1 microsecond') where id > 4`);
    const all = await collect("", 2);
    expect(all.map((r) => r.orderId)).toEqual((await listBookings(database.db, NO_FILTERS)).rows.map((r) => r.orderId));
    expect(new Set(all.map((r) => r.orderId)).size).toBe(7);
    expect(await collect("status=paid", 2)).toHaveLength(3);
    expect(await collect("page=2", 2)).toHaveLength(7);
  });

  it("falls back to the booking's own columns when its stored legs cannot be read", async () => {
    const row = await insert({ orderId: "NV-222222", roundTrip: true, returnPickupAt: new Date("2026-12-09T10:00:00Z") });
    const records = legRecords({
      ...row,
      paymentStatus: row.status,
      firstDriverName: null,
      returnDriverName: null,
      details: { legs: [{ leg: 3 }], luggage: "x" },
    });
    expect(records.map((r) => [r.leg, r.pickup, r.from, r.to, r.passengers, r.luggage])).toEqual([
      ["outbound", "01/12/2026 10:00", "Orly Airport (ORY)", "Disneyland Paris", 3, "Not known"],
      ["return", "09/12/2026 11:00", "Disneyland Paris", "Orly Airport (ORY)", 3, "Not known"],
    ]);
    expect(
      legRecords({
        ...row,
        roundTrip: false,
        returnPickupAt: null,
        paymentStatus: row.status,
        firstDriverName: null,
        returnDriverName: null,
        details: null,
      }),
    ).toHaveLength(1);
  });

  it("says in the Flight column that the stored legs could not be read", async () => {
    const row = await insert({ orderId: "NV-222222" });
    const records = legRecords({
      ...row,
      paymentStatus: row.status,
      firstDriverName: null,
      returnDriverName: null,
      details: { legs: [], luggage: {} },
    });
    expect(records.map((r) => r.flight)).toEqual([UNREAD_LEGS]);
  });
});
