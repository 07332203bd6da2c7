import { describe, expect, it } from "vitest";
import { ENGLISH_MANAGE } from "~/lib/test-support/booking-words";
import { driverTitle, legWaitingForDriver, shownDrivers } from "./leg-drivers";

const jean = { name: "Jean Dupont", phone: "+33 6 11 22 33 44" };
const marc = { name: "Marc Petit", phone: "+33 6 55 66 77 88" };

describe("shownDrivers", () => {
  it("shows no driver before one is assigned", () => {
    expect(shownDrivers(new Map(), true)).toEqual([]);
  });

  it("shows a one-way trip's driver as the booking's driver, without a leg", () => {
    expect(shownDrivers(new Map([[1, jean]]), false)).toEqual([{ ...jean, leg: null }]);
  });

  it("shows one driver of both legs of a round trip once, without a leg", () => {
    expect(
      shownDrivers(
        new Map([
          [2, jean],
          [1, jean],
        ]),
        true,
      ),
    ).toEqual([{ ...jean, leg: null }]);
  });

  it("shows each driver of a round trip driven by two with their leg, the outbound first", () => {
    expect(
      shownDrivers(
        new Map([
          [2, marc],
          [1, jean],
        ]),
        true,
      ),
    ).toEqual([
      { ...jean, leg: "outbound" },
      { ...marc, leg: "return" },
    ]);
  });

  it("shows the outbound's driver with their leg while the return has none", () => {
    expect(shownDrivers(new Map([[1, jean]]), true)).toEqual([{ ...jean, leg: "outbound" }]);
  });
});

describe("driverTitle", () => {
  it("titles the booking's one driver 'Your driver', and a leg's driver with the leg", () => {
    expect(driverTitle({ leg: null }, ENGLISH_MANAGE)).toBe("Your driver");
    expect(driverTitle({ leg: "return" }, ENGLISH_MANAGE)).toBe("Your driver for the return");
  });
});

describe("legWaitingForDriver", () => {
  it("names the round trip's leg without a driver while the other has one, and none otherwise", () => {
    expect(legWaitingForDriver([{ ...jean, leg: "outbound" }])).toBe("return");
    expect(legWaitingForDriver([{ ...marc, leg: "return" }])).toBe("outbound");
    expect(legWaitingForDriver([{ ...jean, leg: null }])).toBeNull();
    expect(legWaitingForDriver([])).toBeNull();
  });
});
