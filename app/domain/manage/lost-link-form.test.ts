import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ORDER_ALPHABET } from "../booking/order-id";
import { EMAIL_MESSAGE, lostLinkSchema, normaliseOrderNumber, ORDER_NUMBER_MESSAGE, sameEmail } from "./lost-link-form";

describe("lostLinkSchema", () => {
  it.each([
    ["NV-7K3M9Q", "NV-7K3M9Q"],
    ["  nv-7k3m9q ", "NV-7K3M9Q"],
    ["NV7K3M9Q", "NV-7K3M9Q"],
    ["nv 7k3m9q", "NV-7K3M9Q"],
  ])("reads the order number %j as %s", (typed, id) => {
    expect(lostLinkSchema.parse({ orderId: typed, email: "claire@example.com" }).orderId).toBe(id);
  });

  it.each(["", "NV-", "NV-7K3M9", "NV-7K3M9QQ", "NV-0K3M9Q", "XX-7K3M9Q", "NV--7K3M9Q", "NV-7K3M9Q; drop table"])(
    "refuses the order number %j with its message",
    (typed) => {
      const result = lostLinkSchema.safeParse({ orderId: typed, email: "claire@example.com" });
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([expect.objectContaining({ path: ["orderId"], message: ORDER_NUMBER_MESSAGE })]);
    },
  );

  it("reads the e-mail trimmed and in lower case, and refuses what is not an address", () => {
    expect(lostLinkSchema.parse({ orderId: "NV-7K3M9Q", email: "  Claire.Martin@Example.COM " }).email).toBe("claire.martin@example.com");
    for (const email of ["", "claire", "claire@", "@example.com", `${"a".repeat(250)}@example.com`]) {
      const result = lostLinkSchema.safeParse({ orderId: "NV-7K3M9Q", email });
      expect(result.error?.issues.map((i) => [i.path[0], i.message])).toContainEqual(["email", EMAIL_MESSAGE]);
    }
  });

  it("reports both fields at once, and a missing field as that field's problem", () => {
    const result = lostLinkSchema.safeParse({});
    expect(result.error?.issues.map((i) => i.path[0]).sort()).toEqual(["email", "orderId"]);
  });

  it("gives back every order number the site makes, however it is typed back", () => {
    const body = fc.string({ unit: fc.constantFrom(...ORDER_ALPHABET), minLength: 6, maxLength: 6 });
    fc.assert(
      fc.property(body, fc.constantFrom("-", " ", ""), fc.boolean(), (six, sep, lower) => {
        const typed = `NV${sep}${six}`;
        expect(normaliseOrderNumber(lower ? typed.toLowerCase() : typed)).toBe(`NV-${six}`);
      }),
    );
  });
});

describe("sameEmail", () => {
  it.each([
    ["claire@example.com", "claire@example.com", true],
    [" Claire@Example.com ", "claire@example.com", true],
    ["claire@example.com", " CLAIRE@EXAMPLE.COM", true],
    ["claire@example.com", "claire@example.org", false],
    ["claire@example.com", "claire+x@example.com", false],
  ])("%j and %j: %s", (typed, stored, same) => {
    expect(sameEmail(typed, stored)).toBe(same);
  });
});
