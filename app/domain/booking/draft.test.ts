import { describe, expect, it } from "vitest";
import {
  countOf,
  emptyDraft,
  flightClock,
  followProposal,
  initialDraft,
  isDeparture,
  legCounts,
  mirrorReturnLeg,
  pickupClock,
  readPlaceName,
  setFlightTime,
  setLegDate,
  setPickupClock,
  withCounts,
  withTripMode,
} from "./draft";
import { DRAFT_FIELDS } from "./fields";

const now = new Date("2026-05-10T10:00:00Z");
const init = (query: Record<string, string | undefined>) => initialDraft(query, { now });

describe("initialDraft", () => {
  it("holds every draft field, with its defaults", () => {
    const d = init({});
    expect(Object.keys(d).sort()).toEqual([...DRAFT_FIELDS].sort());
    expect(Object.values(d).every((v) => typeof v === "string")).toBe(true);
    expect(d).toMatchObject({
      country: "FR",
      phoneCountryCode: "fr",
      phoneCountryName: "France",
      shuttle_private: "Shuttle",
      nb_trajet: "1",
      aller_retour: "1",
      cabin_bag: "1",
      check_in_luggage: "1",
      stroller_single: "0",
      stroller_double: "0",
      duree_aller: "45",
      duree_retour: "45",
      delai_depart: "30",
      delai_arrive: "135",
      duree_t1: "45",
      duree_t2: "45",
      delai_depart_t1: "30",
      delai_arrive_t1: "135",
      delai_depart_t2: "30",
      delai_arrive_t2: "135",
      delai_minimum_reservation: "20",
      pax_adult_t1: "1",
      pax_child_t1: "0",
      pax_baby_t1: "0",
      pax_t1: "1",
      nb_pax_adults: "1",
      nb_pax_total: "1",
      lastname: "",
      date_pu_t1: "",
      prix_cb: "",
      hotel_drop_1: "",
    });
  });

  it("reads places with underscores as spaces", () => {
    const d = init({ depart: "Charles_de_Gaulle_Airport_(CDG)", arrive: "Disneyland_Paris" });
    expect(d.depart).toBe("Charles de Gaulle Airport (CDG)");
    expect(d.arrive).toBe("Disneyland Paris");
    expect(d.lieu_pu_1).toBe("Charles de Gaulle Airport (CDG)");
    expect(d.lieu_drop_1).toBe("Disneyland Paris");
    expect(readPlaceName("  a__b ")).toBe("a b");
  });

  it.each([
    [{ private_shuttle: "1" }, "Private"],
    [{ private_shuttle: "0" }, "Shuttle"],
    [{ private_shuttle: "yes" }, "Shuttle"],
    [{}, "Shuttle"],
  ])("private_shuttle %o → %s", (query, kind) => {
    expect(init(query).shuttle_private).toBe(kind);
  });

  it.each([
    [{ type_trajet: "2" }, "2"],
    [{ type_trajet: "1" }, "1"],
    [{ type_trajet: "3" }, "1"],
    [{}, "1"],
  ])("type_trajet %o → nb_trajet and aller_retour %s", (query, mode) => {
    const d = init(query);
    expect(d.nb_trajet).toBe(mode);
    expect(d.aller_retour).toBe(mode);
  });

  it.each([
    ["1", 1, 0, 0],
    ["4", 4, 0, 0],
    ["50", 50, 0, 0],
    ["22", 2, 2, 0],
    ["sup", 9, 0, 0],
    ["SUP", 9, 0, 0],
    ["51", 1, 0, 0],
    ["0", 1, 0, 0],
    ["-2", 1, 0, 0],
    ["abc", 1, 0, 0],
    [undefined, 1, 0, 0],
  ])("nb_pax %j → %i adults, %i children, %i babies", (code, adults, children, babies) => {
    const d = init({ nb_pax: code, type_trajet: "2" });
    const total = String(adults + children + babies);
    expect([d.pax_adult_t1, d.pax_child_t1, d.pax_baby_t1, d.pax_t1]).toEqual([String(adults), String(children), String(babies), total]);
    expect([d.nb_pax_adults, d.nb_pax_children, d.nb_pax_babies, d.nb_pax_total]).toEqual([
      String(adults),
      String(children),
      String(babies),
      total,
    ]);
    expect([d.pax_adult_t2, d.pax_child_t2, d.pax_baby_t2, d.pax_t2]).toEqual([String(adults), String(children), String(babies), total]);
  });

  it.each([
    [{ depart_type: "1", arrive_type: "2" }, "1", "2"],
    [{ depart_type: "2", arrive_type: "1" }, "2", "1"],
    [{ depart_type: "1", arrive_type: "1" }, "1", "1"],
    [{ depart_type: "9", arrive_type: "x" }, "2", "2"],
    // Missing: an airport place is a flight end, anything else an address end.
    [{ depart: "Charles_de_Gaulle_Airport_(CDG)", arrive: "Disneyland_Paris" }, "1", "2"],
    [{ depart: "Paris", arrive: "Orly_Airport_(ORY)" }, "2", "1"],
    [{ depart: "Paris", arrive: "Versailles" }, "2", "2"],
  ])("place types %o → pickup %s, drop-off %s", (query, pu, drop) => {
    const d = init(query);
    expect(d.type_pu_t1).toBe(pu);
    expect(d.type_drop_t1).toBe(drop);
  });

  it("preselects a hotel on the drop-off when it is the hotel end", () => {
    const d = init({ depart: "CDG", arrive: "Disneyland_Paris", depart_type: "1", arrive_type: "2", hotel: "disneyland-hotel" });
    expect(d).toMatchObject({
      hotel: "disneyland-hotel",
      hotel_drop_1: "Disneyland Hotel",
      hotel_n_drop_1: "1",
      address_drop_1: "Rue de la Marnière",
      zip_drop_1: "77700",
      hotel_pu_1: "",
    });
  });

  it("preselects a hotel on the pickup when only the pickup is a hotel end", () => {
    const d = init({ depart_type: "2", arrive_type: "1", hotel: "DISNEYLAND-HOTEL", type_trajet: "2" });
    expect(d).toMatchObject({ hotel_pu_1: "Disneyland Hotel", hotel_n_pu_1: "1", zip_pu_1: "77700", hotel_drop_1: "" });
    // Round trip: the return leg's drop-off is the same hotel.
    expect(d).toMatchObject({ hotel_drop_2: "Disneyland Hotel", hotel_n_drop_2: "1", address_drop_2: "Rue de la Marnière" });
  });

  it("ignores an unknown hotel slug and a hotel with no hotel end", () => {
    expect(init({ hotel: "nowhere", arrive_type: "2" }).hotel_drop_1).toBe("");
    const flights = init({ hotel: "disneyland-hotel", depart_type: "1", arrive_type: "1" });
    expect([flights.hotel_pu_1, flights.hotel_drop_1]).toEqual(["", ""]);
  });

  it("mirrors the places for a round trip", () => {
    const d = init({ depart: "A", arrive: "B", depart_type: "1", arrive_type: "2", type_trajet: "2" });
    expect([d.lieu_pu_2, d.type_pu_t2, d.lieu_drop_2, d.type_drop_t2]).toEqual(["B", "2", "A", "1"]);
    const oneWay = init({ depart: "A", arrive: "B", depart_type: "1", arrive_type: "2" });
    expect([oneWay.lieu_pu_2, oneWay.lieu_drop_2]).toEqual(["", ""]);
  });
});

describe("mirrorReturnLeg", () => {
  const leg1 = {
    ...emptyDraft(),
    nb_trajet: "2",
    lieu_pu_1: "CDG",
    type_pu_t1: "1",
    lieu_drop_1: "Disneyland Paris",
    type_drop_t1: "2",
    horaire_vol_pu_1: "10:15",
    time_vol_pu_t1: "10",
    minute_vol_pu_t1: "15",
    num_vol_pu_1: "AF123",
    city_vol_pu_1: "New York",
    address_pu_1: "Terminal 2E",
    zip_pu_1: "95700",
    hotel_drop_1: "Disneyland Hotel",
    hotel_n_drop_1: "1",
    address_drop_1: "Rue de la Marnière",
    zip_drop_1: "77700",
    pax_t1: "4",
    pax_adult_t1: "2",
    pax_child_t1: "1",
    pax_baby_t1: "1",
    num_vol_drop_2: "kept",
    horaire_vol_drop_2: "18:00",
  };

  it.each([
    ["lieu_pu_2", "Disneyland Paris"],
    ["type_pu_t2", "2"],
    ["lieu_drop_2", "CDG"],
    ["type_drop_t2", "1"],
    ["hotel_pu_2", "Disneyland Hotel"],
    ["hotel_n_pu_2", "1"],
    ["address_pu_2", "Rue de la Marnière"],
    ["zip_pu_2", "77700"],
    ["city_vol_drop_2", "New York"],
    ["address_drop_2", "Terminal 2E"],
    ["zip_drop_2", "95700"],
    ["pax_t2", "4"],
    ["pax_adult_t2", "2"],
    ["pax_child_t2", "1"],
    ["pax_baby_t2", "1"],
    // Flight times and numbers are not copied.
    ["horaire_vol_drop_2", "18:00"],
    ["num_vol_drop_2", "kept"],
    ["time_vol_drop_t2", undefined],
  ])("%s = %j", (field, value) => {
    const mirrored = mirrorReturnLeg(leg1);
    expect(mirrored[field]).toBe(value === undefined ? "" : value);
  });

  it("leaves one-way drafts and leg 1 alone", () => {
    const oneWay = { ...leg1, nb_trajet: "1" };
    expect(mirrorReturnLeg(oneWay)).toBe(oneWay);
    const mirrored = mirrorReturnLeg(leg1);
    for (const [k, v] of Object.entries(leg1)) if (k.endsWith("_1") || k.endsWith("_t1")) expect(mirrored[k]).toBe(v);
  });

  it("is idempotent and follows every new keystroke", () => {
    const once = mirrorReturnLeg(leg1);
    expect(mirrorReturnLeg(once)).toEqual(once);
    expect(mirrorReturnLeg({ ...once, address_drop_1: "Other" }).address_pu_2).toBe("Other");
  });

  it("withTripMode switches both mode fields and mirrors", () => {
    const d = withTripMode({ ...leg1, nb_trajet: "1", aller_retour: "1" }, true);
    expect([d.nb_trajet, d.aller_retour, d.lieu_pu_2]).toEqual(["2", "2", "Disneyland Paris"]);
    const back = withTripMode(d, false);
    expect([back.nb_trajet, back.aller_retour]).toEqual(["1", "1"]);
  });
});

describe("counts", () => {
  it.each([
    ["", 0],
    [" 3 ", 3],
    ["03", 3],
    ["2.5", NaN],
    ["-1", NaN],
    ["x", NaN],
  ])("countOf(%j) = %d", (text, n) => {
    expect(countOf(text)).toBe(n);
  });

  it("withCounts keeps totals in step", () => {
    const d = withCounts({
      ...emptyDraft(),
      pax_adult_t1: "2",
      pax_child_t1: "1",
      pax_baby_t1: "",
      pax_adult_t2: "3",
      pax_child_t2: "1",
      pax_baby_t2: "1",
    });
    expect([d.pax_t1, d.pax_t2]).toEqual(["3", "5"]);
    expect([d.nb_pax_adults, d.nb_pax_children, d.nb_pax_babies, d.nb_pax_total]).toEqual(["2", "1", "", "3"]);
    expect(withCounts({ ...d, pax_adult_t1: "x" }).pax_t1).toBe("");
    expect(legCounts(d, 2)).toEqual({ adults: 3, children: 1, babies: 1, total: 5 });
  });
});

describe("times and dates in the draft", () => {
  it.each([
    ["10:07", "10:00", "10", "00"],
    ["10:08", "10:15", "10", "15"],
    ["07:53", "07:45", "07", "45"],
    ["7:30", "07:30", "07", "30"],
    ["nope", "", "", ""],
  ])("setFlightTime(%j) → %s", (text, horaire, hour, minute) => {
    const d = setFlightTime(emptyDraft(), "pu", 2, text);
    expect([d.horaire_vol_pu_2, d.time_vol_pu_t2, d.minute_vol_pu_t2]).toEqual([horaire, hour, minute]);
  });

  it("reads flight and pickup clocks", () => {
    expect(flightClock({ ...emptyDraft(), horaire_vol_drop_1: "09:20" }, "drop", 1)).toEqual({ hour: 9, minute: 20 });
    expect(flightClock({ ...emptyDraft(), time_vol_drop_t1: "9", minute_vol_drop_t1: "5" }, "drop", 1)).toEqual({ hour: 9, minute: 5 });
    expect(flightClock(emptyDraft(), "drop", 1)).toBeNull();
    expect(pickupClock({ ...emptyDraft(), time_h_pu_t1: "14", time_m_pu_t1: "30" }, 1)).toEqual({ hour: 14, minute: 30 });
    expect(pickupClock({ ...emptyDraft(), time_h_pu_t1: "14" }, 1)).toEqual({ hour: 14, minute: 0 });
    expect(pickupClock(emptyDraft(), 1)).toBeNull();
  });

  it("setLegDate writes every date field", () => {
    const d = setLegDate(emptyDraft(), 1, { year: 2026, month: 3, day: 9 });
    expect([d.date_pu_t1, d.french_date_pu_t1, d.date_jour_pu_t1, d.date_mois_pu_t1, d.date_annee_pu_t1]).toEqual([
      "2026-03-09",
      "09/03/2026",
      "09",
      "03",
      "2026",
    ]);
    expect(setLegDate(d, 1, null).french_date_pu_t1).toBe("");
  });
});

describe("a departure's pick-up time follows the proposal", () => {
  const departure = init({ depart: "Disneyland_Paris", arrive: "Charles_de_Gaulle_Airport_(CDG)" });
  const at = (hour: number, minute: number) => ({ hour, minute });
  const shown = (d: Record<string, string>) => [d.time_h_pu_t1, d.time_m_pu_t1];

  it("a departure is a flight drop-off from a place that is no flight", () => {
    expect(isDeparture(departure, 1)).toBe(true);
    expect(isDeparture(init({ depart: "Charles_de_Gaulle_Airport_(CDG)", arrive: "Disneyland_Paris" }), 1)).toBe(false);
    expect(isDeparture(init({ depart: "Disneyland_Paris", arrive: "Paris" }), 1)).toBe(false);
  });

  it("setPickupClock writes the hour and minute as the pick-up time control does", () => {
    expect(shown(setPickupClock(departure, 1, at(9, 0)))).toEqual(["9", "0"]);
    expect(shown(setPickupClock(departure, 1, at(11, 45)))).toEqual(["11", "45"]);
    expect(shown(setPickupClock(setPickupClock(departure, 1, at(9, 0)), 1, null))).toEqual(["", ""]);
  });

  it.each([
    ["an empty time takes the first proposal", null, null, at(11, 15), ["11", "15"]],
    ["an empty time takes a new proposal", null, at(10, 0), at(11, 15), ["11", "15"]],
    ["the last proposal, untouched, follows the new one", at(11, 15), at(11, 15), at(12, 0), ["12", "0"]],
    ["a time the traveller changed stays", at(10, 30), at(11, 15), at(12, 0), ["10", "30"]],
    ["a time the traveller gave before any proposal stays", at(10, 30), null, at(12, 0), ["10", "30"]],
  ] as const)("%s", (_label, current, previous, proposed, expected) => {
    const draft = current ? setPickupClock(departure, 1, current) : departure;
    expect(shown(followProposal(draft, 1, proposed, previous))).toEqual(expected);
  });

  it("leaves the other leg alone", () => {
    const next = followProposal(departure, 1, at(11, 15), null);
    expect([next.time_h_pu_t2, next.time_m_pu_t2]).toEqual(["", ""]);
  });
});
