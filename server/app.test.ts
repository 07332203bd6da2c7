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

describe("the address guard", () => {
  it("answers 400, before any route or database, to a NUL or a control character in the path or the query", async () => {
    const { createServer } = await import("./app");
    const { readSettings } = await import("~/lib/settings.server");
    const { createServer: createHttpServer } = await import("node:http");
    const settings = readSettings({}, { buildDate: "2026-01-01" });
    const site = createServer({
      settings,
      // Never ready: an address the guard let through would wait for the router and time out.
      getBuild: () => new Promise(() => undefined),
      prices: {} as Parameters<typeof createServer>[0]["prices"],
      booking: {} as Parameters<typeof createServer>[0]["booking"],
      staff: {} as Parameters<typeof createServer>[0]["staff"],
    });
    const server = createHttpServer(site.listener).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as { port: number };
    try {
      for (const path of [
        "/admin/bookings/NV-DH2ADN%00",
        "/admin/bookings/NV-DH2ADN%00.data",
        "/admin/staff?userId=a%00b",
        "/admin/bookings?q=Dupont%E2%80%AE",
        "/my-booking/abc%07",
      ]) {
        for (const method of ["GET", "POST"]) {
          const response = await fetch(`http://127.0.0.1:${port}${path}`, {
            method,
            headers: { Origin: `http://127.0.0.1:${port}` },
            signal: AbortSignal.timeout(5000),
          });
          expect(response.status, `${method} ${path}`).toBe(400);
          expect(await response.text()).toBe("This address could not be read. Please check it and try again.");
        }
      }
    } finally {
      server.close();
    }
  });
});
