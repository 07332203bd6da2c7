import { describe, expect, it } from "vitest";
import { isBackOffice, isTravellerPage, nullOriginOwnPost } from "./app";

describe("isTravellerPage", () => {
  it.each([
    ["/my-booking", true],
    ["/my-booking/", true],
    ["/my-booking/abc/voucher?x=1", true],
    ["/MY-BOOKING/abc", true],
    ["/%6dy-booking/abc", true],
    ["/x/../my-booking/abc", true],
    ["/my-bookings", false],
    ["/booking", false],
    ["/", false],
    ["/%E0%A4%A", false],
  ])("%s → %s", (url, expected) => {
    expect(isTravellerPage(url)).toBe(expected);
  });
});

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

  it("keeps the back office and the traveller's pages apart", () => {
    expect(isBackOffice("/my-booking/abc")).toBe(false);
    expect(isTravellerPage("/admin")).toBe(false);
  });
});
