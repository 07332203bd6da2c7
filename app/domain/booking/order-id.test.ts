import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ORDER_ID_PATTERN, orderIdFrom } from "./order-id";

describe("orderIdFrom", () => {
  it.each([
    [[0, 0, 0, 0, 0, 0], "NV-222222"],
    [[30, 31, 1, 2, 3, 4], "NV-Z23456"],
  ])("%j gives %s", (bytes, id) => {
    expect(orderIdFrom(Uint8Array.from(bytes))).toBe(id);
  });

  it("always reads as NV- and six unambiguous characters", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 6, maxLength: 12 }), (bytes) => {
        expect(orderIdFrom(bytes)).toMatch(ORDER_ID_PATTERN);
      }),
    );
  });

  it("refuses too few bytes", () => {
    expect(() => orderIdFrom(new Uint8Array(5))).toThrow(RangeError);
  });
});
