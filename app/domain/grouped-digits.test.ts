import { describe, expect, it } from "vitest";
import { groupThousands } from "./grouped-digits";

describe("groupThousands", () => {
  it.each([
    ["0", ",", "0"],
    ["999", ",", "999"],
    ["1000", ",", "1,000"],
    ["12345", "\u202f", "12\u202f345"],
    ["1234567", ".", "1.234.567"],
  ])("writes %s with %j between its groups as %s", (digits, separator, grouped) => {
    expect(groupThousands(digits, separator)).toBe(grouped);
  });
});
