import { describe, expect, it } from "vitest";
import { restoreDraft } from "./restore";

const fresh = {
  depart: "Orly Airport (ORY)",
  arrive: "Paris",
  shuttle_private: "Private",
  lastname: "",
  pax_adult_t1: "4",
  city_vol_pu_1: "",
  hotel_n_drop_1: "",
  submission_token: "new",
};

describe("restoreDraft", () => {
  it("keeps the fresh draft when nothing is stored", () => {
    expect(restoreDraft(fresh, null, { sameLink: true })).toEqual(fresh);
  });

  it("a reload of the same link restores the draft whole, token and choices included", () => {
    const stored = {
      ...fresh,
      depart: "orly_airport_(ory)",
      shuttle_private: "Shuttle",
      lastname: "Martin",
      pax_adult_t1: "3",
      submission_token: "old",
      stray: "x",
    };
    expect(restoreDraft(fresh, stored, { sameLink: true })).toEqual({
      ...fresh,
      depart: "orly_airport_(ory)",
      shuttle_private: "Shuttle",
      lastname: "Martin",
      pax_adult_t1: "3",
      submission_token: "old",
    });
  });

  it("a new link for the same route keeps what was typed but takes the link's choices and a new token", () => {
    const stored = {
      ...fresh,
      shuttle_private: "Shuttle",
      lastname: "Martin",
      city_vol_pu_1: "London",
      pax_adult_t1: "1",
      submission_token: "old",
    };
    expect(restoreDraft(fresh, stored, { sameLink: false })).toEqual({ ...fresh, lastname: "Martin", city_vol_pu_1: "London" });
  });

  it("a link that preselects a hotel fills that end afresh", () => {
    const withHotel = {
      ...fresh,
      hotel_n_drop_1: "3",
      hotel_drop_1: "Disney Newport Bay Club",
      address_drop_1: "Avenue Robert Schuman",
      zip_drop_1: "77700",
    };
    const stored = { ...withHotel, hotel_n_drop_1: "", hotel_drop_1: "", address_drop_1: "1 rue X", zip_drop_1: "75001" };
    expect(restoreDraft(withHotel, stored, { sameLink: false })).toMatchObject({
      hotel_n_drop_1: "3",
      address_drop_1: "Avenue Robert Schuman",
      zip_drop_1: "77700",
    });
  });

  it("another route restores only the visitor's details", () => {
    const stored = { ...fresh, arrive: "Disneyland Paris", lastname: "Martin", pax_adult_t1: "3", submission_token: "old" };
    expect(restoreDraft(fresh, stored, { sameLink: false })).toEqual({ ...fresh, lastname: "Martin" });
  });
});
