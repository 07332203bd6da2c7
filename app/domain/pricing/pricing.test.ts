import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { airportByCode } from "../airports";
import { STARTING_PRICES } from "../starting-prices";
import {
  PAX_COUNTS,
  PRICE_FILE_COLUMNS,
  TRIP_TYPES,
  parsePriceFile,
  type PriceColumn,
  type PriceRow,
  type PrivateRow,
  type ShuttleRow,
} from "./csv";
import {
  FAMILY_COMPOSITIONS,
  airportTable,
  arrivalsFor,
  hasAnyPrice,
  matchPlace,
  parsePassengerCode,
  places,
  priceFor,
  privatePrice,
  privateTable,
  quote,
  ratesTable,
  routeDetailRows,
  routeDetails,
  rowsServing,
  shuttlePrice,
  shuttleTable,
  startingPrice,
  type PaxTable,
  type Party,
  type PriceRequest,
} from "./pricing";

const CDG = "Charles de Gaulle Airport (CDG)";
const ORY = "Orly Airport (ORY)";
const BVA = "Beauvais Airport (BVA)";
const DLP = "Disneyland Paris";
const PARIS = "Paris";

type Cells = Partial<Record<PriceColumn, string | number>>;

/** A hand-written price file: the header and one line per row of named cells. */
function priceFile(...lines: Cells[]): PriceRow[] {
  const text = [
    PRICE_FILE_COLUMNS.join(";"),
    ...lines.map((cells) => PRICE_FILE_COLUMNS.map((c) => String(cells[c] ?? "")).join(";")),
  ].join("\n");
  const { rows, warnings } = parsePriceFile(text);
  expect(warnings).toEqual([]);
  return rows;
}

const route = { Depart: CDG, Arrive: DLP, depart_type: 1, arrive_type: 2 };
const shuttleLine = (cells: Cells = {}): Cells => ({ shuttle: 0, ...route, aller_retour: 1, mode_paiement: 2, ...cells });
const privateLine = (min: number | string, max: number | string, prix: number | string, cells: Cells = {}): Cells => ({
  shuttle: 1,
  ...route,
  aller_retour: 1,
  mode_paiement: 2,
  nb_pax_mini: min,
  nb_pax_maxi: max,
  prix,
  ...cells,
});

const FULL_SHUTTLE: Cells = {
  price1: 4000,
  price2: 5800,
  price3: 7500,
  price4: 9000,
  price5: 10500,
  price6: 12000,
  price7: 13300,
  price8: 14400,
  price22: 7900,
  price_sup: 1700,
};

const party = (adults: number, children = 0, babies = 0): Party => ({ adults, children, babies });
const ask = (over: Partial<PriceRequest> = {}): PriceRequest => ({
  from: CDG,
  to: DLP,
  kind: "private",
  tripType: 1,
  party: party(1),
  ...over,
});
const card = (rows: PriceRow[], over: Partial<PriceRequest> = {}) => priceFor(rows, ask(over), "card");

// ---------------------------------------------------------------------------------------------

describe("places and matching", () => {
  const rows = priceFile(
    shuttleLine(FULL_SHUTTLE),
    privateLine(1, 3, 6500, { Depart: ORY, Arrive: DLP }),
    privateLine(1, 3, 5500, { Depart: PARIS, Arrive: ORY }),
    shuttleLine({ ...FULL_SHUTTLE, Depart: BVA, Arrive: PARIS }),
  );

  it("lists every place once, sorted", () => {
    expect(places(rows)).toEqual([BVA, CDG, DLP, ORY, PARIS]);
    expect(places(rows, "shuttle")).toEqual([BVA, CDG, DLP, PARIS]);
  });

  it("lists arrivals in both directions of the rows", () => {
    expect(arrivalsFor(rows, ORY)).toEqual([DLP, PARIS]);
    expect(arrivalsFor(rows, DLP)).toEqual([CDG, ORY]);
    expect(arrivalsFor(rows, "disneyland_paris")).toEqual([CDG, ORY]);
    expect(arrivalsFor(rows, DLP, "shuttle")).toEqual([CDG]);
    expect(arrivalsFor(rows, "Nowhere")).toEqual([]);
  });

  it.each([
    ["charles_de_gaulle", CDG],
    ["CHARLES DE", CDG],
    ["disney", DLP],
    ["Disneyland_Paris", DLP],
    ["orly", ORY],
    ["beauvais", BVA],
    ["paris", PARIS],
    ["  paris ", PARIS],
    ["airport", undefined],
    ["", undefined],
    ["_", undefined],
    ["london", undefined],
  ])("%j matches %s", (query, name) => {
    expect(matchPlace(places(rows), query)).toBe(name);
  });

  it("prefers an exact name to a longer one starting the same", () => {
    expect(matchPlace(["Paris Gare de Lyon", "Paris"], "paris")).toBe("Paris");
    expect(matchPlace(["Paris Gare de Lyon", "Paris"], "paris_g")).toBe("Paris Gare de Lyon");
  });
});

describe("passenger codes", () => {
  it.each([
    ["1", 1, 0, 0, 1],
    ["8", 8, 0, 0, 8],
    ["22", 2, 2, 0, 4],
    ["sup", 9, 0, 0, 9],
    ["SUP", 9, 0, 0, 9],
    ["12", 12, 0, 0, 12],
    ["50", 50, 0, 0, 50],
  ])("%j is %i adults, %i children, %i babies: %i in all", (code, adults, children, babies, total) => {
    expect(parsePassengerCode(code)).toEqual({ adults, children, babies, total });
  });

  it.each(["", "0", "-1", "1.5", "abc", "51", "022", "2+2"])("%j is not a code", (code) => {
    expect(parsePassengerCode(code)).toBeUndefined();
  });

  it("totals add up and every whole number from 1 to 50 other than 22 is that many adults", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), (n) => {
        const group = parsePassengerCode(String(n));
        expect(group).toBeDefined();
        expect(group!.total).toBe(group!.adults + group!.children + group!.babies);
        if (n !== 22) expect(group).toEqual({ adults: n, children: 0, babies: 0, total: n });
      }),
    );
  });
});

describe("shuttle prices", () => {
  const table = shuttleTable(priceFile(shuttleLine(FULL_SHUTTLE)), { from: CDG, to: DLP }, 1, "card");
  const noFamily = { ...table, price22: null };
  const noSup = { ...table, priceSup: null };

  it.each(FAMILY_COMPOSITIONS.map(([a, c, b]) => [a, c, b]))("the family %i/%i/%i costs price22", (a, c, b) => {
    expect(shuttlePrice(table, party(a, c, b))).toBe(7900);
  });

  it.each(FAMILY_COMPOSITIONS.map(([a, c, b]) => [a, c, b]))("the family %i/%i/%i costs price4 when price22 is missing", (a, c, b) => {
    expect(shuttlePrice(noFamily, party(a, c, b))).toBe(9000);
  });

  it.each([
    ["1 adult", party(1), 4000],
    ["2 adults", party(2), 5800],
    ["1 adult and 1 baby (babies count)", party(1, 0, 1), 5800],
    ["4 adults (not a family)", party(4), 9000],
    ["3 adults and 1 child (not a family)", party(3, 1), 9000],
    ["0 adults and 4 children (not a family)", party(0, 4), 9000],
    ["2 adults and 3 children", party(2, 3), 10500],
    ["8 adults", party(8), 14400],
    ["9 adults: price_sup × 9", party(9), 1700 * 9],
    ["5 adults, 3 children, 1 baby: price_sup × 9", party(5, 3, 1), 1700 * 9],
    ["20 adults: price_sup × 20", party(20), 1700 * 20],
    ["nobody", party(0), null],
    ["a negative count", party(2, -1), null],
    ["a fractional count", party(1.5), null],
  ])("%s", (_label, who, cents) => {
    expect(shuttlePrice(table, who)).toBe(cents);
  });

  it("a party of 9 or more has no price without price_sup; 1 to 8 still do", () => {
    expect(shuttlePrice(noSup, party(9))).toBeNull();
    expect(shuttlePrice(noSup, party(8))).toBe(14400);
  });

  it("a count with an empty price has no price", () => {
    const rows = priceFile(shuttleLine({ ...FULL_SHUTTLE, price5: "" }));
    expect(card(rows, { kind: "shuttle", party: party(5) })).toBeNull();
    expect(card(rows, { kind: "shuttle", party: party(6) })).toBe(12000);
  });
});

describe("private prices", () => {
  it.each<[string, Cells[], (number | null)[]]>([
    [
      "each row covers its range",
      [privateLine(1, 3, 6000), privateLine(4, 7, 8000), privateLine(8, 8, 10500)],
      [6000, 6000, 6000, 8000, 8000, 8000, 8000, 10500],
    ],
    [
      "the lowest wins per count",
      [privateLine(1, 8, 9000), privateLine(1, 3, 6000), privateLine(3, 4, 7000)],
      [6000, 6000, 6000, 7000, 9000, 9000, 9000, 9000],
    ],
    [
      "a range starting at 0 does not count",
      [privateLine(0, 3, 1000), privateLine(1, 3, 6000)],
      [6000, 6000, 6000, null, null, null, null, null],
    ],
    [
      "a range ending above 8 does not count",
      [privateLine(5, 9, 1000), privateLine(5, 8, 8000)],
      [null, null, null, null, 8000, 8000, 8000, 8000],
    ],
    ["a reversed range does not count", [privateLine(3, 1, 1000)], [null, null, null, null, null, null, null, null]],
    [
      "an empty range does not count",
      [privateLine("", "", 1000), privateLine(2, "", 1000)],
      [null, null, null, null, null, null, null, null],
    ],
    [
      "a row without a price does not count",
      [privateLine(1, 8, 0), privateLine(2, 2, "")],
      [null, null, null, null, null, null, null, null],
    ],
    [
      "counts no row covers stay empty",
      [privateLine(2, 2, 5000), privateLine(6, 8, 9000)],
      [null, 5000, null, null, null, 9000, 9000, 9000],
    ],
  ])("%s", (_label, lines, expected) => {
    const table = privateTable(priceFile(...lines), { from: CDG, to: DLP }, 1, "card");
    expect(PAX_COUNTS.map((n) => table[n])).toEqual(expected);
  });

  const table: PaxTable = { 1: 6000, 2: 6000, 3: 6000, 4: 8000, 5: 8000, 6: 8000, 7: 8000, 8: 10500 };
  it.each([
    [8, 10500],
    [9, 10500 + 6000],
    [12, 10500 + 8000],
    [16, 2 * 10500],
    [17, 2 * 10500 + 6000],
    [50, 6 * 10500 + 6000],
    [0, null],
    [-3, null],
    [2.5, null],
  ])("%i passengers cost %s (⌊T/8⌋ × P(8) + P(T mod 8))", (total, cents) => {
    expect(privatePrice(table, total)).toBe(cents);
  });

  it("over 8 there is no price without P(8) or without P(T mod 8)", () => {
    expect(privatePrice({ ...table, 8: null }, 9)).toBeNull();
    expect(privatePrice({ ...table, 8: null }, 16)).toBeNull();
    expect(privatePrice({ ...table, 3: null }, 11)).toBeNull();
    expect(privatePrice({ ...table, 3: null }, 16)).toBe(21000);
  });

  it("prices a party by its total, babies and children included", () => {
    const rows = priceFile(privateLine(1, 3, 6000), privateLine(4, 7, 8000), privateLine(8, 8, 10500));
    expect(card(rows, { party: party(2, 1, 1) })).toBe(8000);
    expect(card(rows, { party: party(5, 3, 2) })).toBe(10500 + 6000);
  });

  it("the price for T over 8 equals its decomposition (property)", () => {
    const cents = fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null });
    const tableArb = fc
      .tuple(cents, cents, cents, cents, cents, cents, cents, cents)
      .map(([a, b, c, d, e, f, g, h]): PaxTable => ({ 1: a, 2: b, 3: c, 4: d, 5: e, 6: f, 7: g, 8: h }));
    fc.assert(
      fc.property(tableArb, fc.integer({ min: 9, max: 200 }), (t, total) => {
        const q = Math.floor(total / 8);
        const r = total % 8;
        const eight = privatePrice(t, 8);
        const rest = r === 0 ? 0 : privatePrice(t, r);
        const expected = eight === null || rest === null ? null : q * eight + rest;
        expect(privatePrice(t, total)).toBe(expected);
        expect(privatePrice(t, total)).toBe(eight === null || rest === null ? null : (privatePrice(t, total - 8) ?? Number.NaN) + eight);
      }),
    );
  });
});

describe("trip types: one way, round trip, return", () => {
  it.each<[string, Cells[], number | null]>([
    ["the return row when it is lower", [privateLine(1, 3, 6000), privateLine(1, 3, 5500, { aller_retour: 3 })], 5500],
    ["the one-way price when it is lower", [privateLine(1, 3, 6000), privateLine(1, 3, 7000, { aller_retour: 3 })], 6000],
    ["the one-way price when no return row exists", [privateLine(1, 3, 6000)], 6000],
    [
      "the one-way price where the return row does not cover the count",
      [privateLine(1, 3, 6000), privateLine(4, 7, 5000, { aller_retour: 3 })],
      6000,
    ],
    ["the return row when no one-way row exists", [privateLine(1, 3, 5800, { aller_retour: 3 })], 5800],
    ["nothing when neither exists", [privateLine(1, 3, 11000, { aller_retour: 2 })], null],
    [
      "the one-way price of the same payment mode only",
      [privateLine(1, 3, 6000, { mode_paiement: 1 }), privateLine(1, 3, 7000, { aller_retour: 3 })],
      7000,
    ],
  ])("a private return (3) costs %s", (_label, lines, cents) => {
    expect(card(priceFile(...lines), { tripType: 3, party: party(2) })).toBe(cents);
  });

  it("a private return for more than 8 decomposes the return table", () => {
    const rows = priceFile(
      privateLine(1, 8, 9000),
      privateLine(8, 8, 8000, { aller_retour: 3 }),
      privateLine(1, 3, 7000, { aller_retour: 3 }),
    );
    expect(card(rows, { tripType: 3, party: party(10) })).toBe(8000 + 7000);
  });

  it("a round trip (2) costs only what round-trip rows say", () => {
    const rows = priceFile(privateLine(1, 3, 6000), privateLine(1, 3, 11500, { aller_retour: 2 }));
    expect(card(rows, { tripType: 2 })).toBe(11500);
    expect(card(priceFile(privateLine(1, 3, 6000)), { tripType: 2 })).toBeNull();
  });

  it("a shuttle return costs what shuttle return rows say (the return rule is for private rows)", () => {
    const rows = priceFile(shuttleLine(FULL_SHUTTLE), shuttleLine({ aller_retour: 3, price1: 4500 }));
    expect(card(rows, { kind: "shuttle", tripType: 3 })).toBe(4500);
    expect(card(rows, { kind: "shuttle", tripType: 3, party: party(2) })).toBeNull();
    expect(card(priceFile(shuttleLine(FULL_SHUTTLE)), { kind: "shuttle", tripType: 3 })).toBeNull();
  });
});

describe("direction", () => {
  const reversed = { Depart: DLP, Arrive: CDG, depart_type: 2, arrive_type: 1 };

  it("a row written B→A prices the route A→B", () => {
    const rows = priceFile(privateLine(1, 3, 6000, reversed), shuttleLine({ ...FULL_SHUTTLE, ...reversed }));
    expect(card(rows)).toBe(6000);
    expect(card(rows, { kind: "shuttle", party: party(2, 2) })).toBe(7900);
  });

  it.each<[string, Cells[], number[]]>([
    [
      "private: the lower wins per count",
      [privateLine(1, 8, 9000), privateLine(1, 3, 6500, reversed), privateLine(4, 8, 9500, reversed)],
      [6500, 6500, 6500, 9000, 9000, 9000, 9000, 9000],
    ],
    [
      "shuttle: the lower wins per count",
      [shuttleLine(FULL_SHUTTLE), shuttleLine({ ...FULL_SHUTTLE, ...reversed, price1: 3900, price8: 15000 })],
      [3900, 5800, 7500, 9000, 10500, 12000, 13300, 14400],
    ],
  ])("%s", (_label, lines, expected) => {
    const rows = priceFile(...lines);
    for (const [from, to] of [
      [CDG, DLP],
      [DLP, CDG],
    ] as const) {
      const kind = lines[0]?.shuttle === 0 ? "shuttle" : "private";
      expect(PAX_COUNTS.map((n) => card(rows, { from, to, kind, party: party(n) }))).toEqual(expected);
    }
  });

  it("a reversed row swaps durations, delays, place types and postal-code lists", () => {
    const rows = priceFile(
      privateLine(1, 3, 6000, {
        duree_aller: 45,
        duree_retour: 50,
        delai_depart: 30,
        delai_arrive: 135,
        cp_possible_depart: "95700",
        cp_possible_arrive: "77700,77144",
      }),
    );
    expect(quote(rows, ask({ from: DLP, to: CDG }))).toEqual({
      cb: 6000,
      cash: 0,
      from: DLP,
      to: CDG,
      duree_aller: 50,
      duree_retour: 45,
      delai_depart: 135,
      delai_arrive: 30,
      depart_type: 2,
      arrive_type: 1,
      cp_depart: ["77700", "77144"],
      cp_arrive: ["95700"],
    });
  });

  it("a row written in the asked direction gives the details before a reversed one", () => {
    const rows = priceFile(
      privateLine(1, 3, 6000, { ...reversed, delai_depart: 30, delai_arrive: 135 }),
      privateLine(1, 3, 6000, { delai_depart: 40, delai_arrive: 150 }),
    );
    expect(routeDetails(rows, { from: CDG, to: DLP }, "private")).toMatchObject({ delai_depart: 40, delai_arrive: 150 });
    expect(routeDetails(rows, { from: DLP, to: CDG }, "private")).toMatchObject({ delai_depart: 30, delai_arrive: 135 });
  });

  it("a route priced from either end gives the same price (property)", () => {
    const ends = fc.constantFrom([CDG, DLP] as const, [DLP, CDG] as const);
    const cents = fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: null });
    const common = fc.record({
      ends,
      tripType: fc.constantFrom(1 as const, 2 as const, 3 as const),
      payment: fc.constantFrom("card" as const, "cash" as const),
    });
    const rowArb: fc.Arbitrary<PriceRow> = fc.oneof(
      fc
        .record({ common, p: fc.array(cents, { minLength: 10, maxLength: 10 }) })
        .map(({ common: c, p }) => makeShuttle(c.ends, c.tripType, c.payment, p)),
      fc
        .record({ common, min: fc.integer({ min: 0, max: 9 }), max: fc.integer({ min: 0, max: 9 }), price: cents })
        .map(({ common: c, min, max, price }) => makePrivate(c.ends, c.tripType, c.payment, min, max, price)),
    );
    const partyArb = fc.record({ adults: fc.nat(12), children: fc.nat(6), babies: fc.nat(4) });
    fc.assert(
      fc.property(
        fc.array(rowArb, { maxLength: 12 }),
        partyArb,
        fc.constantFrom("shuttle" as const, "private" as const),
        fc.constantFrom(1 as const, 2 as const, 3 as const),
        (rows, who, kind, tripType) => {
          const there = quote(rows, { from: CDG, to: DLP, kind, tripType, party: who });
          const back = quote(rows, { from: DLP, to: CDG, kind, tripType, party: who });
          expect([back.cb, back.cash]).toEqual([there.cb, there.cash]);
          // Where rows serve the route, the details read from the other end are the same, swapped.
          if (rows.length > 0) {
            expect([back.duree_aller, back.delai_depart, back.depart_type]).toEqual([
              there.duree_retour,
              there.delai_arrive,
              there.arrive_type,
            ]);
          }
        },
      ),
    );
  });
});

function baseRow(ends: readonly [string, string], tripType: 1 | 2 | 3, payment: "card" | "cash") {
  const forward = ends[0] === CDG;
  return {
    from: ends[0],
    to: ends[1],
    tripType,
    payment,
    durationOut: forward ? 45 : 50,
    durationBack: forward ? 50 : 45,
    delayDepart: forward ? 30 : 135,
    delayArrive: forward ? 135 : 30,
    departType: forward ? (1 as const) : (2 as const),
    arriveType: forward ? (2 as const) : (1 as const),
    postcodesDepart: [],
    postcodesArrive: [],
  };
}

function makeShuttle(ends: readonly [string, string], tripType: 1 | 2 | 3, payment: "card" | "cash", p: (number | null)[]): ShuttleRow {
  const at = (i: number) => p[i] ?? null;
  return {
    ...baseRow(ends, tripType, payment),
    kind: "shuttle",
    prices: { 1: at(0), 2: at(1), 3: at(2), 4: at(3), 5: at(4), 6: at(5), 7: at(6), 8: at(7) },
    price22: at(8),
    priceSup: at(9),
  };
}

function makePrivate(
  ends: readonly [string, string],
  tripType: 1 | 2 | 3,
  payment: "card" | "cash",
  paxMin: number,
  paxMax: number,
  price: number | null,
): PrivateRow {
  return { ...baseRow(ends, tripType, payment), kind: "private", paxMin, paxMax, price };
}

describe("card and cash", () => {
  it.each<[string, Cells[], number, number]>([
    ["mode 1 is cash, mode 2 card", [privateLine(1, 3, 6000), privateLine(1, 3, 5700, { mode_paiement: 1 })], 6000, 5700],
    ["any mode but 1 is card", [privateLine(1, 3, 6000, { mode_paiement: 0 }), privateLine(1, 3, 6200, { mode_paiement: 5 })], 6000, 0],
    ["cash only: no card price (0)", [privateLine(1, 3, 5700, { mode_paiement: 1 })], 0, 5700],
    ["no row: 0 and 0", [privateLine(4, 7, 8000)], 0, 0],
  ])("%s", (_label, lines, cb, cash) => {
    expect(quote(priceFile(...lines), ask({ party: party(2) }))).toMatchObject({ cb, cash });
  });
});

describe("quotes and route details", () => {
  it("a route no row serves takes the default durations and delays, and typed ends", () => {
    const rows = priceFile(privateLine(1, 3, 6000));
    expect(quote(rows, ask({ from: ORY, to: PARIS }))).toEqual({
      cb: 0,
      cash: 0,
      from: ORY,
      to: PARIS,
      duree_aller: 45,
      duree_retour: 45,
      delai_depart: 30,
      delai_arrive: 135,
      depart_type: 1,
      arrive_type: 2,
      cp_depart: [],
      cp_arrive: [],
    });
  });

  it("the quote answers in the names it was asked with, whatever their spelling", () => {
    const rows = priceFile(privateLine(1, 3, 6000, { cp_possible_depart: "95700", cp_possible_arrive: "77700" }));
    expect(quote(rows, ask({ from: "charles_de_gaulle_airport_(cdg)", to: "disneyland paris" }))).toMatchObject({
      cb: 6000,
      from: "charles_de_gaulle_airport_(cdg)",
      to: "disneyland paris",
      cp_depart: ["95700"],
      cp_arrive: ["77700"],
    });
  });

  it("a shuttle quote on a private-only route has no price but keeps the route's details", () => {
    const rows = priceFile(privateLine(1, 3, 6500, { Depart: ORY, duree_aller: 50, duree_retour: 55 }));
    expect(quote(rows, ask({ from: ORY, kind: "shuttle" }))).toMatchObject({ cb: 0, cash: 0, duree_aller: 50, duree_retour: 55 });
  });

  it("postal codes gather every row serving the route, oriented", () => {
    const rows = priceFile(
      privateLine(1, 3, 6000, { cp_possible_depart: "95700", cp_possible_arrive: "77700,77144" }),
      privateLine(1, 3, 6000, { Depart: DLP, Arrive: CDG, cp_possible_depart: "77600,77700", cp_possible_arrive: "95700" }),
    );
    expect(routeDetails(rows, { from: CDG, to: DLP }, "private")).toMatchObject({
      cp_depart: ["95700"],
      cp_arrive: ["77700", "77144", "77600"],
    });
  });

  it("no price is ever negative or fractional (property)", () => {
    const cents = fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null });
    const rowArb: fc.Arbitrary<PriceRow> = fc.oneof(
      fc.array(cents, { minLength: 10, maxLength: 10 }).map((p) => makeShuttle([CDG, DLP], 1, "card", p)),
      fc
        .record({ min: fc.integer({ min: -2, max: 10 }), max: fc.integer({ min: -2, max: 10 }), price: cents })
        .map((r) => makePrivate([DLP, CDG], 1, "card", r.min, r.max, r.price)),
    );
    const count = fc.integer({ min: -2, max: 60 });
    fc.assert(
      fc.property(
        fc.array(rowArb, { maxLength: 8 }),
        count,
        count,
        count,
        fc.constantFrom("shuttle" as const, "private" as const),
        (rows, a, c, b, kind) => {
          const q = quote(rows, ask({ kind, party: party(a, c, b) }));
          for (const price of [q.cb, q.cash]) {
            expect(Number.isSafeInteger(price)).toBe(true);
            expect(price).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });
});

describe("screen tables", () => {
  const rows = priceFile(
    shuttleLine(FULL_SHUTTLE),
    shuttleLine({ ...FULL_SHUTTLE, aller_retour: 2, price1: 7600, price_sup: 3200 }),
    privateLine(1, 3, 6000),
    privateLine(4, 8, 8000, { Depart: DLP, Arrive: CDG, depart_type: 2, arrive_type: 1 }),
    privateLine(1, 8, 5900, { aller_retour: 3 }),
  );

  it("the airport table has 24 keys per kind (8 party sizes × 3 trip types), card prices and null where none", () => {
    const shuttle = airportTable(rows, CDG, DLP, "shuttle");
    expect(Object.keys(shuttle).sort()).toEqual(TRIP_TYPES.flatMap((t) => PAX_COUNTS.map((n) => `shuttle_pax_${n}_${t}`)).sort());
    expect(shuttle.shuttle_pax_1_1).toBe(4000);
    expect(shuttle.shuttle_pax_8_1).toBe(14400);
    expect(shuttle.shuttle_pax_1_2).toBe(7600);
    expect(shuttle.shuttle_pax_1_3).toBeNull();
    expect(hasAnyPrice(shuttle)).toBe(true);

    const priv = airportTable(rows, CDG, DLP, "private");
    expect(Object.keys(priv)).toHaveLength(24);
    expect([priv.private_pax_3_1, priv.private_pax_4_1, priv.private_pax_2_2, priv.private_pax_2_3, priv.private_pax_8_3]).toEqual([
      6000,
      8000,
      null,
      5900,
      5900,
    ]);
  });

  it("an airport table with no price says so (its tab is hidden)", () => {
    expect(hasAnyPrice(airportTable(rows, ORY, DLP, "shuttle"))).toBe(false);
  });

  it("the shuttle rates table has lines 1…8, 22 and sup, with the per-passenger price on sup", () => {
    const table = ratesTable(rows, CDG, DLP, "shuttle");
    expect(table.lines.map((l) => l.code)).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "22", "sup"]);
    expect(table).toMatchObject({ from: CDG, to: DLP, kind: "shuttle", depart_type: 1, arrive_type: 2 });
    expect(table.lines[8]).toMatchObject({
      party: { adults: 2, children: 2, babies: 0, total: 4 },
      card: { 1: 7900, 2: 7900, 3: null },
      perPassenger: null,
    });
    expect(table.lines[9]).toMatchObject({
      party: { total: 9 },
      card: { 1: 9 * 1700, 2: 9 * 3200, 3: null },
      perPassenger: { 1: 1700, 2: 3200, 3: null },
    });
  });

  it("the private rates table has lines 1…8", () => {
    const table = ratesTable(rows, DLP, CDG, "private");
    expect(table.lines.map((l) => l.card[1])).toEqual([6000, 6000, 6000, 8000, 8000, 8000, 8000, 8000]);
    expect(table.lines.map((l) => l.card[3])).toEqual([5900, 5900, 5900, 5900, 5900, 5900, 5900, 5900]);
    expect(table).toMatchObject({ depart_type: 2, arrive_type: 1 });
  });
});

// ---------------------------------------------------------------------------------------------

describe("the shipped data/prices.csv", () => {
  const text = readFileSync(new URL("../../../data/prices.csv", import.meta.url), "utf8");
  const { rows, warnings } = parsePriceFile(text);

  it("parses with no warning", () => {
    expect(warnings).toEqual([]);
    expect(rows.length).toBeGreaterThan(0);
  });

  it("names exactly the five places", () => {
    expect(places(rows)).toEqual([BVA, CDG, DLP, ORY, PARIS]);
  });

  it("gives every route's details from its detail rows as from the whole file, in far fewer rows and no price", () => {
    for (const from of places(rows)) {
      for (const to of places(rows)) {
        const route = { from, to };
        const bare = routeDetailRows(rows, route);
        expect(
          bare.every(
            (r) =>
              priceFor(bare, { ...route, kind: r.kind, tripType: r.tripType, party: { adults: 1, children: 0, babies: 0 } }, "card") ===
              null,
          ),
        ).toBe(true);
        for (const kind of ["shuttle", "private"] as const) {
          for (const tripType of TRIP_TYPES) {
            expect(routeDetails(bare, route, kind, tripType), `${from} → ${to} ${kind} ${tripType}`).toEqual(
              routeDetails(rows, route, kind, tripType),
            );
          }
        }
      }
    }
    expect(routeDetailRows(rows, { from: CDG, to: DLP }).length).toBeLessThanOrEqual(rowsServing(rows, { from: CDG, to: DLP }).length / 4);
  });

  const ROUTES: [string, string, boolean][] = [
    [CDG, DLP, true],
    [CDG, PARIS, true],
    [BVA, DLP, true],
    [BVA, PARIS, true],
    [ORY, DLP, false],
    [ORY, PARIS, false],
    [CDG, ORY, false],
  ];
  const cases = ROUTES.flatMap(([a, b, shuttle]) =>
    [
      [a, b],
      [b, a],
    ].flatMap(([from, to]) => [...(shuttle ? [[from!, to!, "shuttle"] as const] : []), [from!, to!, "private"] as const]),
  );

  it.each(cases)("%s → %s has %s prices for 1 to 8, each trip type, card and cash", (from, to, kind) => {
    for (const tripType of TRIP_TYPES) {
      for (const payment of ["card", "cash"] as const) {
        for (const n of PAX_COUNTS) {
          const price = priceFor(rows, { from, to, kind, tripType, party: party(n) }, payment);
          expect(price, `${kind} ${from} → ${to}, trip ${tripType}, ${payment}, ${n} pax`).toBeGreaterThan(0);
        }
      }
    }
  });

  it.each([
    [ORY, DLP],
    [ORY, PARIS],
    [CDG, ORY],
  ])("%s – %s has no shared shuttle (Orly is private only)", (a, b) => {
    expect(hasAnyPrice(airportTable(rows, a, b, "shuttle"))).toBe(false);
    expect(hasAnyPrice(airportTable(rows, b, a, "shuttle"))).toBe(false);
  });

  it("prices larger groups: shuttle 2+2 and 9+, private over 8", () => {
    expect(priceFor(rows, ask({ kind: "shuttle", party: party(2, 2) }), "card")).toBe(7900);
    expect(priceFor(rows, ask({ kind: "shuttle", party: party(12) }), "card")).toBe(12 * 1700);
    expect(priceFor(rows, ask({ party: party(10) }), "card")).toBe(10500 + 6000);
  });

  it("each end names the postal codes it serves", () => {
    const details = routeDetails(rows, { from: CDG, to: DLP }, "shuttle");
    expect(details.cp_depart).toEqual(["95700"]);
    expect(details.cp_arrive).toEqual(expect.arrayContaining(["77700", "77144", "77600"]));
    expect(routeDetails(rows, { from: PARIS, to: ORY }, "private").cp_depart).toHaveLength(21);
    expect(routeDetails(rows, { from: BVA, to: PARIS }, "private")).toMatchObject({ depart_type: 1, arrive_type: 2, cp_depart: ["60000"] });
  });

  it.each(STARTING_PRICES.map((s) => [`${s.kind} ${s.airport}`, s] as const))(
    "the footer's %s equals the file's lowest one-way card price",
    (_label, start) => {
      const place = airportByCode(start.airport)?.place;
      expect(place).toBeDefined();
      expect(startingPrice(rows, { from: place!, to: DLP }, start.kind)).toBe(start.cents);
      expect(startingPrice(rows, { from: DLP, to: place! }, start.kind)).toBe(start.cents);
      const table = airportTable(rows, place!, DLP, start.kind);
      const oneWay = PAX_COUNTS.map((n) => (table as Record<string, number | null>)[`${start.kind}_pax_${n}_1`]).filter(
        (c): c is number => c !== null,
      );
      expect(Math.min(...oneWay)).toBe(start.cents);
    },
  );
});
