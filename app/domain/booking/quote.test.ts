import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HOTELS } from "../hotels";
import type { PriceQuote } from "../pricing/pricing";
import { emptyDraft, type BookingDraft } from "./draft";
import { TRIP, legFields } from "./fields";
import { applyQuote, hotelChoices, pickHotel, postcodeList, quoteMatchesDraft, reverseQuote } from "./quote";

const outbound = legFields(1);
const inbound = legFields(2);

/** The fields applyQuote may write: the prices, durations, delays and postcodes of the route. */
const QUOTE_FIELDS = [
  TRIP.priceCard,
  TRIP.priceCash,
  outbound.prix,
  inbound.prix,
  TRIP.durationOut,
  TRIP.durationBack,
  TRIP.delayDepart,
  TRIP.delayArrive,
  outbound.duree,
  inbound.duree,
  outbound.delaiDepart,
  outbound.delaiArrive,
  inbound.delaiDepart,
  inbound.delaiArrive,
  TRIP.postcodesDepart,
  TRIP.postcodesArrive,
] as const;

const draft = { ...emptyDraft(), depart: "Charles de Gaulle Airport (CDG)", arrive: "Disneyland Paris", nb_trajet: "2" };

const forward: PriceQuote = {
  cb: 4000,
  cash: 3800,
  from: "Charles de Gaulle Airport (CDG)",
  to: "Disneyland Paris",
  duree_aller: 65,
  duree_retour: 70,
  delai_depart: 30,
  delai_arrive: 135,
  depart_type: 1,
  arrive_type: 2,
  cp_depart: ["95700"],
  cp_arrive: ["77700", "77144"],
};

describe("applyQuote", () => {
  it("takes a quote in the draft's direction as it is", () => {
    expect(applyQuote(draft, forward)).toMatchObject({
      prix_cb: "4000",
      prix_cash: "3800",
      prix_t1: "4000",
      prix_t2: "0",
      duree_aller: "65",
      duree_retour: "70",
      delai_depart: "30",
      delai_arrive: "135",
      duree_t1: "65",
      delai_depart_t1: "30",
      delai_arrive_t1: "135",
      duree_t2: "70",
      delai_depart_t2: "30",
      delai_arrive_t2: "135",
      cp_depart: "95700",
      cp_arrive: "77700,77144",
    });
  });

  it("matches places ignoring case and underscores", () => {
    const d = { ...draft, depart: "charles_de_gaulle_airport_(cdg)", arrive: "DISNEYLAND_PARIS" };
    expect(quoteMatchesDraft(d, forward)).toBe(true);
    expect(applyQuote(d, forward).duree_t1).toBe("65");
  });

  it("swaps a reversed quote, postal-code lists included", () => {
    const reversed: PriceQuote = { ...forward, from: forward.to, to: forward.from };
    expect(applyQuote(draft, reversed)).toMatchObject({
      prix_cb: "4000",
      prix_cash: "3800",
      duree_aller: "70",
      duree_retour: "65",
      delai_depart: "135",
      delai_arrive: "30",
      duree_t1: "70",
      duree_t2: "65",
      delai_depart_t1: "135",
      delai_arrive_t1: "30",
      cp_depart: "77700,77144",
      cp_arrive: "95700",
    });
  });

  it.each([
    [4000, "4000"],
    [0, "0"],
    [1234.9, "1234"],
    [Number.NaN, "0"],
  ])("stores cents %d as %s (already cents, truncated)", (cb, stored) => {
    expect(applyQuote(draft, { ...forward, cb }).prix_cb).toBe(stored);
  });

  it("one way: prix_t2 stays empty", () => {
    expect(applyQuote({ ...draft, nb_trajet: "1" }, forward).prix_t2).toBe("");
  });

  it("touches only its own fields", () => {
    const before: BookingDraft = { ...draft, lastname: "Martin", info_t1: "x" };
    const after = applyQuote(before, forward);
    for (const key of Object.keys(before)) {
      if (!(QUOTE_FIELDS as readonly string[]).includes(key)) expect(after[key]).toBe(before[key]);
    }
  });

  const minutes = fc.integer({ min: 0, max: 600 });
  const codes = fc.array(fc.stringMatching(/^\d{5}$/), { maxLength: 4 });
  const anyQuote = fc.record({
    cb: fc.integer({ min: 0, max: 1_000_000 }),
    cash: fc.integer({ min: 0, max: 1_000_000 }),
    from: fc.constant(forward.from),
    to: fc.constant(forward.to),
    duree_aller: minutes,
    duree_retour: minutes,
    delai_depart: minutes,
    delai_arrive: minutes,
    depart_type: fc.constantFrom(1 as const, 2 as const),
    arrive_type: fc.constantFrom(1 as const, 2 as const),
    cp_depart: codes,
    cp_arrive: codes,
  });

  it("a reversed quote lands on the same fields; reversing twice is the identity (property)", () => {
    fc.assert(
      fc.property(anyQuote, (q) => {
        const reversed = reverseQuote(q);
        expect(reverseQuote(reversed)).toEqual(q);
        expect(applyQuote(draft, reversed)).toEqual(applyQuote(draft, q));
        // Applied to the reversed draft, the reversed quote reads straight and the values swap.
        const other = { ...draft, depart: draft.arrive, arrive: draft.depart };
        const swapped = applyQuote(other, q);
        expect(swapped.duree_aller).toBe(String(q.duree_retour));
        expect(swapped.delai_depart).toBe(String(q.delai_arrive));
        expect(swapped.cp_depart).toBe(q.cp_arrive.join(","));
        expect(applyQuote(other, reversed)).toEqual(swapped);
        // Applying again changes nothing.
        expect(applyQuote(applyQuote(draft, q), q)).toEqual(applyQuote(draft, q));
      }),
    );
  });
});

describe("hotel pick list", () => {
  it("lists the hotels of both zones' postal codes, sorted by name", () => {
    const d = applyQuote(draft, forward);
    const names = hotelChoices(d).map((h) => h.name);
    const expected = HOTELS.filter((h) => ["95700", "77700", "77144"].includes(h.zip))
      .map((h) => h.name)
      .sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }));
    expect(names).toEqual(expected);
    expect(names.length).toBeGreaterThan(0);
  });

  it("is empty with no postal codes", () => {
    expect(hotelChoices(emptyDraft())).toEqual([]);
  });

  it("reads comma-joined lists with spaces and names", () => {
    expect(postcodeList(" 77700 Chessy, ,77144")).toEqual(["77700 Chessy", "77144"]);
    expect(hotelChoices({ ...emptyDraft(), cp_arrive: "77700 Chessy" }).every((h) => h.zip === "77700")).toBe(true);
  });

  it("pickHotel fills name, number, address and zip", () => {
    const hotel = HOTELS[2]!;
    for (const id of [hotel.id, String(hotel.id)]) {
      expect(pickHotel(emptyDraft(), "drop", 2, id)).toMatchObject({
        hotel_drop_2: hotel.name,
        hotel_n_drop_2: String(hotel.id),
        address_drop_2: hotel.address,
        zip_drop_2: hotel.zip,
      });
    }
  });

  it("pickHotel with no hotel clears the choice and keeps the address", () => {
    const chosen = pickHotel(emptyDraft(), "pu", 1, 1);
    const cleared = pickHotel(chosen, "pu", 1, "");
    expect([cleared.hotel_pu_1, cleared.hotel_n_pu_1, cleared.address_pu_1]).toEqual(["", "", chosen.address_pu_1]);
    expect(pickHotel(chosen, "pu", 1, 999).hotel_pu_1).toBe("");
  });
});
