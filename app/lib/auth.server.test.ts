import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeNext } from "./auth.server";

describe("safeNext", () => {
  it.each([
    [null, "/admin"],
    ["", "/admin"],
    ["/admin", "/admin"],
    ["/admin/bookings?status=new&page=2", "/admin/bookings?status=new&page=2"],
    ["/admin/bookings/NV-ABC123", "/admin/bookings/NV-ABC123"],
    // Elsewhere on this site, or on another.
    ["/rates", "/admin"],
    ["/adminx", "/admin"],
    ["/admin/../rates", "/admin"],
    ["/admin/..//evil.example/phish", "/admin"],
    ["/admin/%2e%2e//evil.example", "/admin"],
    ["/admin/../..//evil.example", "/admin"],
    ["//evil.example", "/admin"],
    ["/\\evil.example", "/admin"],
    ["https://evil.example/admin", "/admin"],
    ["javascript:alert(1)", "/admin"],
    ["/admin@evil.example", "/admin"],
    ["/admin//evil.example", "/admin"],
  ])("%j → %j", (next, expected) => {
    expect(safeNext(next)).toBe(expected);
  });

  it("never leads outside the back office, whatever it is given", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl(),
          fc.string().map((s) => `/admin/${s}`),
        ),
        (next) => {
          const target = new URL(safeNext(next), "https://navette.example");
          expect(target.origin).toBe("https://navette.example");
          expect(target.pathname === "/admin" || target.pathname.startsWith("/admin/")).toBe(true);
          expect(safeNext(next)).not.toMatch(/^\/\/|\/\//);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
