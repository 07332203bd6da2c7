import { describe, expect, it } from "vitest";
import { nullOriginOwnPost } from "./app";

describe("nullOriginOwnPost", () => {
  it.each([
    // The page's own form under no-referrer: Origin null, and the browser says same-origin.
    ["null", "same-origin", "/my-booking/abc", true],
    ["null", "same-origin", "/api/booking", true],
    // A sandboxed frame or a data: page elsewhere also sends null, but the browser says cross-site.
    ["null", "cross-site", "/my-booking/abc", false],
    ["null", "same-site", "/my-booking/abc", false],
    ["null", "none", "/my-booking/abc", false],
    // A browser without Sec-Fetch-Site: only the traveller's pages, whose posts name a secret token.
    ["null", undefined, "/my-booking/abc", true],
    ["null", undefined, "/admin/staff", false],
    ["null", undefined, "/api/booking", false],
    // A real origin is not this rule's to judge.
    ["https://evil.example", "same-origin", "/my-booking/abc", false],
    [undefined, undefined, "/my-booking/abc", false],
  ])("Origin %s, Sec-Fetch-Site %s on %s → %s", (origin, fetchSite, url, expected) => {
    expect(nullOriginOwnPost(origin, fetchSite, url)).toBe(expected);
  });

  it("reads the path as the router matches it (app/domain/private-paths.ts)", () => {
    for (const url of ["/MY-BOOKING/abc", "/%6dy-booking/abc", "/x/../my-booking/abc", "/my-booking.data"]) {
      expect(nullOriginOwnPost("null", undefined, url), url).toBe(true);
    }
    for (const url of ["/my-bookings", "/%E0%A4%A", "/admin"]) expect(nullOriginOwnPost("null", undefined, url), url).toBe(false);
  });
});
