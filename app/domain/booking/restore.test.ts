import { describe, expect, it } from "vitest";
import { restoreDraft } from "./restore";

const fresh = { depart: "Orly Airport (ORY)", arrive: "Paris", shuttle_private: "Private", lastname: "", pax_adult_t1: "1", submission_token: "new" };

describe("restoreDraft", () => {
  it("keeps the fresh draft when nothing is stored", () => {
    expect(restoreDraft(fresh, null)).toEqual(fresh);
  });

  it("restores a draft of the same trip whole, token included", () => {
    const stored = { ...fresh, depart: "orly_airport_(ory)", lastname: "Martin", pax_adult_t1: "3", submission_token: "old", stray: "x" };
    expect(restoreDraft(fresh, stored)).toEqual({ ...fresh, depart: "orly_airport_(ory)", lastname: "Martin", pax_adult_t1: "3", submission_token: "old" });
  });

  it("restores only the visitor's details for another trip", () => {
    const stored = { ...fresh, arrive: "Disneyland Paris", lastname: "Martin", pax_adult_t1: "3", submission_token: "old" };
    expect(restoreDraft(fresh, stored)).toEqual({ ...fresh, lastname: "Martin" });
  });
});
