import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MAX_PAGE,
  MAX_SEARCH_LENGTH,
  readBookingFilters,
  readFilterFields,
  readListQuery,
  searchTermOf,
  type SearchTerm,
} from "./booking-filters";
import { filterQuery, statusFilterGroups, STATUS_FILTERS, type BookingFilters } from "./booking-list-query";
import { plainTextMessage } from "../plain-text";
import { adminWordsIn } from "~/lib/test-support/admin-words";

const en = adminWordsIn("en");
const fr = adminWordsIn("fr");
const NO_FILTERS: BookingFilters = { q: null, status: null, from: null, to: null, page: 1 };
const read = (query: string) => readBookingFilters(new URLSearchParams(query), en);

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
    ["from=0001-01-01", "from", "Enter the first pickup day as a date (yyyy-mm-dd)."],
    ["to=9999-12-31", "to", "Enter the last pickup day as a date (yyyy-mm-dd)."],
    ["from=2026-12-01&to=2026-11-30", "to", "The last pickup day is before the first one."],
    ["page=0", "page", "The page number must be 1 or more."],
    ["page=-1", "page", "The page number must be a whole number."],
    ["page=2.5", "page", "The page number must be a whole number."],
    ["page=abc", "page", "The page number must be a whole number."],
    ["page=99999999999999999999", "page", "The page number must be a whole number."],
    [`page=${MAX_PAGE + 1}`, "page", `The list has at most ${MAX_PAGE} pages.`],
    [`q=${"x".repeat(MAX_SEARCH_LENGTH + 1)}`, "q", `Search for at most ${MAX_SEARCH_LENGTH} characters.`],
    ["q=%00abc", "q", "The search text has a character that cannot be searched for."],
    ["q=Dupont%E2%80%AE", "q", plainTextMessage("Search")],
    ["q=06%2012", "q", "Type at least 4 digits to search by phone number."],
    ["q=0000", "q", "Type at least 4 digits to search by phone number."],
  ])("refuses %j with a message on %s", (query, field, message) => {
    const result = read(query);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toContainEqual({ field, message });
  });

  it.each<[string, string, string]>([
    ["status=bogus", "status", "Choisissez un statut dans la liste."],
    ["from=2026-12-01&to=2026-11-30", "to", "Le dernier jour de prise en charge précède le premier."],
    [`page=${MAX_PAGE + 1}`, "page", `La liste compte au plus ${MAX_PAGE} pages.`],
    ["q=06%2012", "q", "Saisissez au moins 4 chiffres pour rechercher par numéro de téléphone."],
    ["q=Dupont%E2%80%AE", "q", "Rechercher\u00a0: retirez les caractères invisibles ou de contrôle (par exemple une marque de direction)."],
  ])("refuses %j in French, with a message on %s", (query, field, message) => {
    const result = readBookingFilters(new URLSearchParams(query), fr);
    expect(result.ok ? [] : result.problems).toContainEqual({ field, message });
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
        const query = new URLSearchParams(params);
        for (const result of [readBookingFilters(query, en), readListQuery(query, query.get("other"), en)]) {
          if (result.ok) {
            expect(result.filters.page).toBeGreaterThanOrEqual(1);
            expect(result.filters.page).toBeLessThanOrEqual(MAX_PAGE);
          } else {
            expect(result.problems.length).toBeGreaterThan(0);
            for (const p of result.problems) expect(p.message).not.toBe("");
          }
        }
      }),
    );
  });
});

describe("readListQuery", () => {
  it.each<[string, string | null, Partial<BookingFilters>]>([
    ["", null, {}],
    ["status=paid&from=2026-11-01&page=2", null, { status: "paid", from: "2026-11-01", page: 2 }],
    ["s=TOKEN&status=paid", "  Ada   Lovelace ", { q: "Ada Lovelace", status: "paid" }],
    // A search text in the query string itself is not read: it arrives only sealed.
    ["q=Ada+Lovelace", null, {}],
    ["q=Ada+Lovelace&s=TOKEN", "Leroy", { q: "Leroy" }],
    ["s=Leroy", null, {}],
  ])("reads %j with the search %j", (query, search, expected) => {
    expect(readListQuery(new URLSearchParams(query), search, en)).toEqual({ ok: true, filters: { ...NO_FILTERS, ...expected } });
  });

  it("checks the opened search text as the form's, with its message on the Search box", () => {
    const result = readListQuery(new URLSearchParams("status=paid"), "06 12", en);
    expect(result).toMatchObject({ ok: false, typed: { q: "06 12", status: "paid" } });
    expect(result.ok ? [] : result.problems).toContainEqual({ field: "q", message: "Type at least 4 digits to search by phone number." });
  });
});

describe("readFilterFields", () => {
  it("reads the search form's fields, ignoring its intent", () => {
    expect(readFilterFields({ intent: "search", q: " ada@example.com ", status: "", from: "2026-11-01", to: "" }, en)).toEqual({
      ok: true,
      filters: { ...NO_FILTERS, q: "ada@example.com", from: "2026-11-01" },
    });
  });
});

describe("filterQuery", () => {
  it.each<[Partial<BookingFilters>, number | undefined, string | null, string]>([
    [{}, undefined, null, ""],
    [{ page: 2 }, undefined, null, "?page=2"],
    [{ page: 2 }, 1, null, ""],
    [{ q: "Ada Lovelace", status: "paid" }, 3, "T0k-en_", "?s=T0k-en_&status=paid&page=3"],
    // Never the text: without its token a search is left out.
    [{ q: "Ada Lovelace", status: "paid" }, 3, null, "?status=paid&page=3"],
    [{ status: "paid" }, undefined, "T0k-en_", "?status=paid"],
    [{ from: "2026-11-01", to: "2026-11-30" }, undefined, null, "?from=2026-11-01&to=2026-11-30"],
  ])("writes %j (page %s, token %j) as %j", (filters, page, token, expected) => {
    expect(filterQuery({ ...NO_FILTERS, ...filters }, page, token)).toBe(expected);
  });

  it("is read back as the same filters, with the search by its token only", () => {
    const filters = fc.record({
      q: fc.option(
        fc.string({ minLength: 1, maxLength: 40 }).filter((s) => {
          const r = readFilterFields({ q: s }, en);
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
        const params = new URLSearchParams(filterQuery(f, f.page, "sealed-token"));
        expect(params.has("q")).toBe(false);
        expect(params.get("s")).toBe(f.q ? "sealed-token" : null);
        expect(readListQuery(params, params.has("s") ? f.q : null, en)).toEqual({ ok: true, filters: f });
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

describe("statusFilterGroups", () => {
  it("offers every status once", () => {
    const values = statusFilterGroups(en).flatMap((g) => g.options.map((o) => o.value));
    expect([...values].sort()).toEqual([...STATUS_FILTERS].sort());
    expect(new Set(values).size).toBe(values.length);
  });

  it("names the groups and the payment statuses as the list always has", () => {
    const [booking, payment] = statusFilterGroups(en);
    expect(booking).toMatchObject({ label: "Booking status" });
    expect(booking!.options[2]).toEqual({ value: "driver_assigned", label: "Driver assigned" });
    expect(payment).toMatchObject({ label: "Payment" });
    expect(payment!.options.at(-1)).toEqual({ value: "partly_refunded", label: "Payment: Partly refunded" });
  });

  it("names them in French", () => {
    const [booking, payment] = statusFilterGroups(fr);
    expect(booking).toMatchObject({ label: "Statut de la réservation" });
    expect(booking!.options[2]).toEqual({ value: "driver_assigned", label: "Chauffeur attribué" });
    expect(payment!.options.at(-1)).toEqual({ value: "partly_refunded", label: "Paiement\u00a0: Remboursé en partie" });
  });
});
