import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  filterQuery,
  MAX_PAGE,
  MAX_SEARCH_LENGTH,
  NO_FILTERS,
  readBookingFilters,
  searchTermOf,
  STATUS_FILTER_GROUPS,
  STATUS_FILTERS,
  type BookingFilters,
  type SearchTerm,
} from "./booking-filters";

const read = (query: string) => readBookingFilters(new URLSearchParams(query));

describe("readBookingFilters", () => {
  it.each<[string, Partial<BookingFilters>]>([
    ["", {}],
    ["q=&status=&from=&to=&page=", {}],
    ["q=%20%20Ada%20%20%20Lovelace%20", { q: "Ada Lovelace" }],
    ["q=NV-7K3P2Q", { q: "NV-7K3P2Q" }],
    ["status=paid", { status: "paid" }],
    ["status=driver_assigned", { status: "driver_assigned" }],
    ["status=no_show&page=3", { status: "no_show", page: 3 }],
    ["from=2026-11-01&to=2026-11-30", { from: "2026-11-01", to: "2026-11-30" }],
    ["from=2026-11-01&to=2026-11-01", { from: "2026-11-01", to: "2026-11-01" }],
    ["from=%202026-02-28%20", { from: "2026-02-28" }],
    ["to=2028-02-29", { to: "2028-02-29" }],
    ["page=1", {}],
    ["page=0042", { page: 42 }],
    [`page=${MAX_PAGE}`, { page: MAX_PAGE }],
    ["utm_source=mail&sort=name", {}],
    ["status=paid&status=bogus", { status: "paid" }],
  ])("reads %j", (query, expected) => {
    expect(read(query)).toEqual({ ok: true, filters: { ...NO_FILTERS, ...expected } });
  });

  it.each<[string, string, string]>([
    ["status=bogus", "status", "Choose a status from the list."],
    ["status=PAID", "status", "Choose a status from the list."],
    ["from=2026-02-30", "from", "Enter the first pickup day as a date (yyyy-mm-dd)."],
    ["from=24/11/2026", "from", "Enter the first pickup day as a date (yyyy-mm-dd)."],
    ["to=tomorrow", "to", "Enter the last pickup day as a date (yyyy-mm-dd)."],
    ["from=2026-12-01&to=2026-11-30", "to", "The last pickup day is before the first one."],
    ["page=0", "page", "The page number must be 1 or more."],
    ["page=-1", "page", "The page number must be a whole number."],
    ["page=2.5", "page", "The page number must be a whole number."],
    ["page=abc", "page", "The page number must be a whole number."],
    ["page=99999999999999999999", "page", "The page number must be a whole number."],
    [`page=${MAX_PAGE + 1}`, "page", `The list has at most ${MAX_PAGE} pages.`],
    [`q=${"x".repeat(MAX_SEARCH_LENGTH + 1)}`, "q", `Search for at most ${MAX_SEARCH_LENGTH} characters.`],
    ["q=%00abc", "q", "The search text has a character that cannot be searched for."],
    ["q=06%2012", "q", "Type at least 4 digits to search by phone number."],
    ["q=0000", "q", "Type at least 4 digits to search by phone number."],
  ])("refuses %j with a message on %s", (query, field, message) => {
    const result = read(query);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toContainEqual({ field, message });
  });

  it("keeps what was typed, for the form to show it again", () => {
    const result = read("q=Ada&status=bogus&from=2026-11-01&extra=1");
    expect(result).toMatchObject({ ok: false, typed: { q: "Ada", status: "bogus", from: "2026-11-01" } });
  });

  it("lists every problem at once", () => {
    const result = read("status=x&from=x&to=y&page=z");
    expect(result.ok ? [] : result.problems.map((p) => p.field)).toEqual(["status", "from", "to", "page"]);
  });

  it("never throws, whatever the query string holds", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("q", "status", "from", "to", "page", "other"), fc.string({ unit: "binary" })), (params) => {
        const result = readBookingFilters(new URLSearchParams(params));
        if (result.ok) {
          expect(result.filters.page).toBeGreaterThanOrEqual(1);
          expect(result.filters.page).toBeLessThanOrEqual(MAX_PAGE);
        } else {
          expect(result.problems.length).toBeGreaterThan(0);
          for (const p of result.problems) expect(p.message).not.toBe("");
        }
      }),
    );
  });
});

describe("filterQuery", () => {
  it.each<[Partial<BookingFilters>, number | undefined, string]>([
    [{}, undefined, ""],
    [{ page: 2 }, undefined, "?page=2"],
    [{ page: 2 }, 1, ""],
    [{ q: "Ada Lovelace", status: "paid" }, 3, "?q=Ada+Lovelace&status=paid&page=3"],
    [{ from: "2026-11-01", to: "2026-11-30" }, undefined, "?from=2026-11-01&to=2026-11-30"],
  ])("writes %j (page %s) as %j", (filters, page, expected) => {
    expect(filterQuery({ ...NO_FILTERS, ...filters }, page)).toBe(expected);
  });

  it("is read back as the same filters", () => {
    const filters = fc.record({
      q: fc.option(
        fc.string({ minLength: 1, maxLength: 40 }).filter((s) => {
          const r = read(`q=${encodeURIComponent(s)}`);
          return r.ok && r.filters.q === s;
        }),
        { nil: null },
      ),
      status: fc.option(fc.constantFrom(...STATUS_FILTERS), { nil: null }),
      from: fc.option(fc.constantFrom("2026-01-01", "2026-03-29", "2026-10-25"), { nil: null }),
      to: fc.option(fc.constantFrom("2026-12-31", "2027-02-28"), { nil: null }),
      page: fc.integer({ min: 1, max: MAX_PAGE }),
    });
    fc.assert(
      fc.property(filters, (f) => {
        expect(read(filterQuery(f).slice(1))).toEqual({ ok: true, filters: f });
      }),
    );
  });
});

describe("searchTermOf", () => {
  it.each<[string, SearchTerm | null]>([
    ["", null],
    ["   ", null],
    ["NV-7K3P2Q", { kind: "order", orderId: "NV-7K3P2Q" }],
    [" nv-7k3p2q ", { kind: "order", orderId: "NV-7K3P2Q" }],
    ["nv7k3p2q", { kind: "order", orderId: "NV-7K3P2Q" }],
    ["Ada@Example.com", { kind: "email", prefix: "ada@example.com" }],
    ["ada@", { kind: "email", prefix: "ada@" }],
    ["+33 6 12 34 56 78", { kind: "phone", digits: "612345678" }],
    ["+44 20 7946 0958", { kind: "phone", digits: "079460958" }],
    ["5678", { kind: "phone", digits: "5678" }],
    ["06 12 34 56 78", { kind: "phone", digits: "612345678" }],
    ["0033 (0)6-12.34/56", { kind: "phone", digits: "306123456" }],
    ["Lovelace", { kind: "words", phrase: "lovelace", words: ["lovelace"] }],
    ["Ada  LOVELACE", { kind: "words", phrase: "ada lovelace", words: ["ada", "lovelace"] }],
    ["de la Fontaine", { kind: "words", phrase: "de la fontaine", words: ["de", "la", "fontaine"] }],
    ["a b c d e f", { kind: "words", phrase: "a b c d e f", words: ["a", "b", "c", "d"] }],
    ["Élodie", { kind: "words", phrase: "élodie", words: ["élodie"] }],
    ["NV-0000OO", { kind: "words", phrase: "nv-0000oo", words: ["nv-0000oo"] }],
    ["50%_off", { kind: "words", phrase: "50%_off", words: ["50%_off"] }],
  ])("reads %j", (text, expected) => {
    expect(searchTermOf(text)).toEqual(expected);
  });

  it("finds the order id of every order id, in any case", () => {
    const alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ".split("");
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { minLength: 6, maxLength: 6 }), fc.boolean(), (chars, lower) => {
        const id = `NV-${chars.join("")}`;
        expect(searchTermOf(lower ? id.toLowerCase() : id)).toEqual({ kind: "order", orderId: id });
      }),
    );
  });

  it("gives the same digits for a number however it is spaced", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("0", "1", "2", "3", "4", "5", "6", "7", "8", "9"), { minLength: 4, maxLength: 15 }),
        (digits) => {
          const plain = digits.join("");
          const spaced = digits.map((d, i) => (i % 2 ? `${d} ` : d)).join("");
          expect(searchTermOf(`+${spaced}`)).toEqual(searchTermOf(plain));
        },
      ),
    );
  });
});

describe("STATUS_FILTER_GROUPS", () => {
  it("offers every status once", () => {
    const values = STATUS_FILTER_GROUPS.flatMap((g) => g.options.map((o) => o.value));
    expect([...values].sort()).toEqual([...STATUS_FILTERS].sort());
    expect(new Set(values).size).toBe(values.length);
  });
});
