import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultCacheControl, handleDataRequest, handleError, loggablePath } from "./entry.server";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("handleError", () => {
  it("logs the error's kind and stack frames, never its message, even one of several lines", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    // A database error's message names the query and, on its second line, its parameters.
    const error = new Error("Failed query: select … where email like $1\nparams: claire@example.com%,+33612345678");
    handleError(error, { request: new Request("http://x/admin/bookings?from=0001-01-01") });
    expect(logged).toHaveBeenCalledTimes(1);
    const line = String(logged.mock.calls[0]![0]);
    expect(line).toMatch(/^GET \/admin\/bookings failed: Error at /);
    expect(line).not.toContain("claire");
    expect(line).not.toContain("33612345678");
    expect(line).not.toContain("Failed query");
  });
});

describe("loggablePath", () => {
  const token = "q3Xr9_0-abcdefghijklmnopqrstuvwxyzABCDEFGHI";
  it.each([
    [`/my-booking/${token}`, "/my-booking/:token"],
    [`/my-booking/${token}/voucher`, "/my-booking/:token/voucher"],
    [`/MY-BOOKING/${token}/change`, "/my-booking/:token/change"],
    [`/%6dy-booking/${token}`, "/my-booking/:token"],
    [`/x/../${token}`, "/x/../:token"],
    ["/my-booking", "/my-booking"],
    ["/admin/bookings/NV-7K3P2Q", "/admin/bookings/NV-7K3P2Q"],
  ])("%s → %s", (path, logged) => {
    expect(loggablePath(path)).toBe(logged);
  });
});

describe("defaultCacheControl", () => {
  const token = "q3Xr9_0-abcdefghijklmnopqrstuvwxyzABCDEFGHI";
  it.each([
    // A traveller's pages: none here, the server's no-store (server/app.ts).
    [`/my-booking/${token}`, null],
    [`/My-Booking/${token}`, null],
    [`/MY-BOOKING/${token}/voucher`, null],
    [`/%6Dy-booking/${token}`, null],
    [`/my-booking/${token}.data`, null],
    ["/my-booking", null],
    ["/My-Booking.data", null],
    ["/admin/bookings", "no-store"],
    ["/Admin/Bookings", "no-store"],
    ["/%61dmin.data", "no-store"],
    ["/", "no-cache"],
    ["/rates", "no-cache"],
    ["/my-bookings", "no-cache"],
    ["/administrator", "no-cache"],
  ])("%s → %s", (path, expected) => {
    expect(defaultCacheControl(new Request(`http://x${path}`))).toBe(expected);
  });

  it("is what a page's data gets when its route says nothing", () => {
    const response = handleDataRequest(new Response("{}"), { request: new Request("http://x/Admin/Bookings.data") });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const rates = handleDataRequest(new Response("{}"), { request: new Request("http://x/rates.data") });
    expect(rates.headers.get("Cache-Control")).toBe("no-cache");
  });

  it("leaves a traveller's data with no Cache-Control, even one its route set: the server's is the only one", () => {
    const given: Record<string, string>[] = [{}, { "Cache-Control": "no-store" }, { "Cache-Control": "public, max-age=60" }];
    for (const headers of given) {
      const response = handleDataRequest(new Response("{}", { headers }), { request: new Request(`http://x/My-Booking/${token}.data`) });
      expect(response.headers.has("Cache-Control")).toBe(false);
    }
  });

  it("keeps a route's own Cache-Control elsewhere", () => {
    const response = handleDataRequest(new Response("{}", { headers: { "Cache-Control": "no-store" } }), {
      request: new Request("http://x/response_bank_ok_ko.data"),
    });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});
