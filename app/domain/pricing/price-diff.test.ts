import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parsePriceFile, type PriceRow, type PrivateRow, type ShuttleRow } from "./csv";
import { adminWordsIn } from "~/lib/test-support/admin-words";
import { diffPrices, partyLabel, paymentLabel, routeLabel, tripLabel, type PriceDiff } from "./price-diff";

const [EN, FR] = [adminWordsIn("en"), adminWordsIn("fr")];

/** No difference a visitor would see. */
const NO_CHANGE: PriceDiff = { changed: [], added: [], removed: [], details: [] };

const SHUTTLE: ShuttleRow = {
  kind: "shuttle",
  from: "Charles de Gaulle Airport (CDG)",
  to: "Disneyland Paris",
  tripType: 1,
  payment: "card",
  durationOut: 65,
  durationBack: 65,
  delayDepart: 30,
  delayArrive: 135,
  departType: 1,
  arriveType: 2,
  postcodesDepart: ["95700"],
  postcodesArrive: ["77700"],
  prices: { 1: 4000, 2: 5800, 3: 7500, 4: 9000, 5: 10500, 6: 12000, 7: 13300, 8: 14400 },
  price22: 7900,
  priceSup: 1700,
};

const PRIVATE: PrivateRow = {
  kind: "private",
  from: "Orly Airport (ORY)",
  to: "Paris",
  tripType: 1,
  payment: "card",
  durationOut: 45,
  durationBack: 45,
  delayDepart: 30,
  delayArrive: 135,
  departType: 1,
  arriveType: 2,
  postcodesDepart: ["94390"],
  postcodesArrive: ["75001"],
  paxMin: 1,
  paxMax: 3,
  price: 6000,
};

const withPrice1 = (row: ShuttleRow, cents: number | null): ShuttleRow => ({ ...row, prices: { ...row.prices, 1: cents } });

const EMPTY: PriceDiff = { changed: [], added: [], removed: [], details: [] };

describe("diffPrices", () => {
  const cases: { name: string; current: PriceRow[]; candidate: PriceRow[]; expected: PriceDiff }[] = [
    { name: "the same rows change nothing", current: [SHUTTLE, PRIVATE], candidate: [SHUTTLE, PRIVATE], expected: EMPTY },
    { name: "rows in another order change nothing", current: [SHUTTLE, PRIVATE], candidate: [PRIVATE, SHUTTLE], expected: EMPTY },
    {
      name: "place names spelt in another case or with underscores are the same route",
      current: [SHUTTLE],
      candidate: [{ ...SHUTTLE, from: "charles_de_gaulle_airport_(cdg)" }],
      expected: EMPTY,
    },
    {
      name: "one shuttle price changed",
      current: [SHUTTLE],
      candidate: [withPrice1(SHUTTLE, 4200)],
      expected: {
        ...EMPTY,
        changed: [
          {
            route: { kind: "shuttle", from: SHUTTLE.from, to: SHUTTLE.to },
            tripType: 1,
            payment: "card",
            party: "1",
            before: 4000,
            after: 4200,
          },
        ],
      },
    },
    {
      name: "a price emptied and the family price changed, in the file's column order",
      current: [SHUTTLE],
      candidate: [{ ...withPrice1(SHUTTLE, null), price22: 8000 }],
      expected: {
        ...EMPTY,
        changed: [
          {
            route: { kind: "shuttle", from: SHUTTLE.from, to: SHUTTLE.to },
            tripType: 1,
            payment: "card",
            party: "1",
            before: 4000,
            after: null,
          },
          {
            route: { kind: "shuttle", from: SHUTTLE.from, to: SHUTTLE.to },
            tripType: 1,
            payment: "card",
            party: "family",
            before: 7900,
            after: 8000,
          },
        ],
      },
    },
    {
      name: "a private range's price",
      current: [PRIVATE],
      candidate: [{ ...PRIVATE, price: 6500 }],
      expected: {
        ...EMPTY,
        changed: [
          {
            route: { kind: "private", from: PRIVATE.from, to: PRIVATE.to },
            tripType: 1,
            payment: "card",
            party: "1-3",
            before: 6000,
            after: 6500,
          },
        ],
      },
    },
    {
      name: "a new payment mode on a route gives prices from nothing",
      current: [PRIVATE],
      candidate: [PRIVATE, { ...PRIVATE, payment: "cash", price: 5700 }],
      expected: {
        ...EMPTY,
        changed: [
          {
            route: { kind: "private", from: PRIVATE.from, to: PRIVATE.to },
            tripType: 1,
            payment: "cash",
            party: "1-3",
            before: null,
            after: 5700,
          },
        ],
      },
    },
    {
      name: "two rows for one price: the lowest counts, as when pricing",
      current: [SHUTTLE, withPrice1(SHUTTLE, 3900)],
      candidate: [withPrice1(SHUTTLE, 3900)],
      expected: EMPTY,
    },
    {
      name: "a route added and a route removed, with their price counts",
      current: [SHUTTLE],
      candidate: [PRIVATE],
      expected: {
        ...EMPTY,
        added: [{ route: { kind: "private", from: PRIVATE.from, to: PRIVATE.to }, prices: 1 }],
        removed: [{ route: { kind: "shuttle", from: SHUTTLE.from, to: SHUTTLE.to }, prices: 10 }],
      },
    },
    {
      name: "the same places reversed are another route",
      current: [SHUTTLE],
      candidate: [SHUTTLE, { ...SHUTTLE, from: SHUTTLE.to, to: SHUTTLE.from }],
      expected: { ...EMPTY, added: [{ route: { kind: "shuttle", from: SHUTTLE.to, to: SHUTTLE.from }, prices: 10 }] },
    },
    {
      name: "durations and postal codes are details, not prices",
      current: [SHUTTLE],
      candidate: [{ ...SHUTTLE, durationOut: 70, postcodesArrive: ["77700", "77144"] }],
      expected: {
        ...EMPTY,
        details: [{ route: { kind: "shuttle", from: SHUTTLE.from, to: SHUTTLE.to }, fields: ["duree_aller", "cp_possible_arrive"] }],
      },
    },
  ];

  for (const c of cases) {
    it(c.name, () => {
      expect(diffPrices(c.current, c.candidate)).toEqual(c.expected);
    });
  }

  it("finds exactly the one price changed in the shipped file", () => {
    const text = readFileSync(new URL("../../../data/prices.csv", import.meta.url), "utf8");
    const rows = parsePriceFile(text).rows;
    const i = rows.findIndex((r) => r.kind === "shuttle" && r.tripType === 1 && r.payment === "card");
    const row = rows[i] as ShuttleRow;
    const edited = rows.map((r, j) => (j === i ? withPrice1(row, (row.prices[1] ?? 0) + 100) : r));
    const diff = diffPrices(rows, edited);
    expect(diff.changed).toHaveLength(1);
    expect(diff.changed[0]).toMatchObject({ party: "1", before: row.prices[1], after: (row.prices[1] ?? 0) + 100 });
    expect(diffPrices(rows, rows)).toEqual(NO_CHANGE);
  });
});

describe("labels", () => {
  it.each([
    ["1", "1 passenger"],
    ["5", "5 passengers"],
    ["family", "family (2 adults and 2 children)"],
    ["extra", "each passenger from 9"],
    ["1-3", "1 to 3 passengers"],
    ["8-8", "8 passengers"],
    ["1-1", "1 passenger"],
    ["-4", "? to 4 passengers"],
  ])("party %s reads %s", (party, label) => {
    expect(partyLabel(EN, party)).toBe(label);
  });

  it.each([
    ["1", "1 passager"],
    ["5", "5 passagers"],
    ["family", "famille (2 adultes et 2 enfants)"],
    ["extra", "chaque passager à partir du 9e"],
    ["1-3", "1 à 3 passagers"],
    ["-4", "? à 4 passagers"],
  ])("party %s reads %s to a member who reads French", (party, label) => {
    expect(partyLabel(FR, party)).toBe(label);
  });

  it("names a route with its kind", () => {
    expect(routeLabel(EN, { kind: "private", from: "Paris", to: "Orly Airport (ORY)" })).toBe("Private: Paris → Orly Airport (ORY)");
  });

  it("names a route with its kind in French", () => {
    expect(routeLabel(FR, { kind: "shuttle", from: "Paris", to: "Orly Airport (ORY)" })).toBe("Navette\u00a0: Paris → Orly Airport (ORY)");
  });

  it("names the trip and the payment", () => {
    expect([tripLabel(EN, 1), tripLabel(EN, 2), tripLabel(EN, 3), paymentLabel(EN, "card"), paymentLabel(EN, "cash")]).toEqual([
      "one way",
      "round trip",
      "return",
      "card",
      "cash",
    ]);
  });

  it("names the trip and the payment in French", () => {
    expect([tripLabel(FR, 1), tripLabel(FR, 2), tripLabel(FR, 3), paymentLabel(FR, "card"), paymentLabel(FR, "cash")]).toEqual([
      "aller simple",
      "aller-retour",
      "retour",
      "carte",
      "espèces",
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const placeArb = fc.constantFrom("Paris", "Disneyland Paris", "Orly Airport (ORY)", "Beauvais Airport (BVA)");
const centsArb = fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: null });

const rowArb: fc.Arbitrary<PriceRow> = fc
  .record({
    from: placeArb,
    to: placeArb,
    tripType: fc.constantFrom(1 as const, 2 as const, 3 as const),
    payment: fc.constantFrom("card" as const, "cash" as const),
    shuttle: fc.boolean(),
    prices: fc.array(centsArb, { minLength: 10, maxLength: 10 }),
    paxMin: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
    paxMax: fc.option(fc.integer({ min: 4, max: 8 }), { nil: null }),
  })
  .filter((r) => r.from !== r.to)
  .map(({ shuttle, prices: p, paxMin, paxMax, ...base }): PriceRow => {
    const common = { ...SHUTTLE, ...base };
    if (!shuttle) return { ...PRIVATE, ...base, paxMin, paxMax, price: p[0] ?? null };
    return {
      ...common,
      kind: "shuttle",
      prices: { 1: p[0]!, 2: p[1]!, 3: p[2]!, 4: p[3]!, 5: p[4]!, 6: p[5]!, 7: p[6]!, 8: p[7]! },
      price22: p[8]!,
      priceSup: p[9]!,
    };
  });
const rowsArb = fc.array(rowArb, { maxLength: 12 });

describe("diffPrices, for any rows", () => {
  it("finds nothing between a file and itself, in any order", () => {
    fc.assert(
      fc.property(rowsArb, (rows) => {
        expect(diffPrices(rows, rows)).toEqual(NO_CHANGE);
        expect(diffPrices(rows, [...rows].reverse())).toEqual(NO_CHANGE);
      }),
    );
  });

  it("swapped, gives the same changes backwards and the added routes as removed", () => {
    fc.assert(
      fc.property(rowsArb, rowsArb, (a, b) => {
        const forth = diffPrices(a, b);
        const back = diffPrices(b, a);
        const key = (c: { route: { kind: string; from: string; to: string }; tripType: number; payment: string; party: string }) =>
          `${c.route.kind}|${c.route.from}|${c.route.to}|${c.tripType}|${c.payment}|${c.party}`;
        const forthSet = forth.changed.map((c) => `${key(c)}|${c.before}|${c.after}`).sort();
        const backSet = back.changed.map((c) => `${key(c)}|${c.after}|${c.before}`).sort();
        expect(backSet).toEqual(forthSet);
        expect(back.added.map((r) => r.route)).toEqual(forth.removed.map((r) => r.route));
        expect(back.removed.map((r) => r.route)).toEqual(forth.added.map((r) => r.route));
      }),
    );
  });

  it("never lists a change that is not one, and a route is added or removed only when one side lacks it", () => {
    fc.assert(
      fc.property(rowsArb, rowsArb, (a, b) => {
        const diff = diffPrices(a, b);
        for (const c of diff.changed) expect(c.before).not.toBe(c.after);
        const has = (rows: PriceRow[], r: { kind: string; from: string; to: string }) =>
          rows.some((x) => x.kind === r.kind && x.from === r.from && x.to === r.to);
        for (const r of diff.added) expect([has(a, r.route), has(b, r.route)]).toEqual([false, true]);
        for (const r of diff.removed) expect([has(a, r.route), has(b, r.route)]).toEqual([true, false]);
      }),
    );
  });

  it("one shuttle price moved by some cents is exactly one change, old → new", () => {
    fc.assert(
      fc.property(rowsArb, fc.integer({ min: 1, max: 1000 }), (rows, delta) => {
        const target = { ...SHUTTLE, from: "Somewhere else", prices: { ...SHUTTLE.prices } };
        const diff = diffPrices([...rows, target], [...rows, withPrice1(target, 4000 + delta)]);
        expect(diff.changed).toEqual([
          {
            route: { kind: "shuttle", from: "Somewhere else", to: SHUTTLE.to },
            tripType: 1,
            payment: "card",
            party: "1",
            before: 4000,
            after: 4000 + delta,
          },
        ]);
      }),
    );
  });
});
