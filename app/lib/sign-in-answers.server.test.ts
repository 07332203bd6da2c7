import { describe, expect, it } from "vitest";
import { noStoreWithCookies, noStoreWithRetryAfter } from "./sign-in-answers.server";

// countSignInAttempt is exercised through the sign-in pages in tests/integration/admin-auth.

describe("the sign-in pages' headers", () => {
  it("carries every cookie better-auth set, with no-store", () => {
    const set = new Headers();
    set.append("Set-Cookie", "navette.session_token=a; Path=/; HttpOnly");
    set.append("Set-Cookie", "navette.two_factor=; Max-Age=0");
    const out = noStoreWithCookies(set);
    expect(out.get("cache-control")).toBe("no-store");
    expect(out.getSetCookie()).toEqual(["navette.session_token=a; Path=/; HttpOnly", "navette.two_factor=; Max-Age=0"]);
    expect([...noStoreWithCookies().keys()]).toEqual(["cache-control"]);
  });

  it("passes a refusal's Retry-After on to the page, and nothing else of the action's headers", () => {
    const refused = noStoreWithRetryAfter(new Headers({ "Retry-After": "120", "Set-Cookie": "x=1" }));
    expect(refused.get("retry-after")).toBe("120");
    expect(refused.get("cache-control")).toBe("no-store");
    expect(refused.getSetCookie()).toEqual([]);
    expect([...noStoreWithRetryAfter(new Headers()).keys()]).toEqual(["cache-control"]);
  });
});
