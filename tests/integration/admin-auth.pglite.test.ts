import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM, nextAddress, startInProcessServer, type InProcessServer } from "./helpers";
import { postLogin, sessionCookie } from "./admin-session";

/**
 * The sign-in limits on the built app in this process (docs/product.md, Back office): wrong
 * passwords are slowed, then refused with 429 and Retry-After, per account (from any address)
 * and per address (on any account); the right password still opens a session below the limits.
 */

const ADMIN = { email: "limits-owner@navette.test", password: "limits owner password" };

describe("staff sign-in limits, on PGlite", () => {
  let server: InProcessServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "navette-it-admin-auth-"));
    server = await startInProcessServer({ dataDir, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  });
  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("signs the first administrator in: a 302 to the back office with a session cookie, no-store", async () => {
    const answer = await postLogin(server.url, ADMIN.email, ADMIN.password, nextAddress());
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/admin");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.getSetCookie().find((c) => c.startsWith("navette.session_token="))).toMatch(/HttpOnly/i);
    const page = await fetch(`${server.url}/admin/staff`, { headers: { cookie: sessionCookie(answer) }, redirect: "manual" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(ADMIN.email);
  });

  it("refuses an account's eleventh attempt in 15 minutes with 429, from any address, even with the right password", async () => {
    const email = "no-such-member@navette.test";
    const started = Date.now();
    for (let i = 1; i <= 10; i++) {
      const answer = await postLogin(server.url, email, `wrong password ${i}`, nextAddress());
      expect(answer.status, `attempt ${i}`).toBe(401);
      expect(await answer.text()).toContain("The e-mail or the password is wrong");
    }
    // The attempts past the third were each held a little longer before their answer.
    expect(Date.now() - started).toBeGreaterThan(10_000);
    const refused = await postLogin(server.url, email, "wrong again", nextAddress());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many sign-in attempts");
  }, 90_000);

  it("refuses an address's thirty-first attempt in 15 minutes with 429, on any account, the right password included", async () => {
    const address = nextAddress();
    for (let i = 1; i <= 30; i++) {
      const answer = await postLogin(server.url, `someone-${i}@navette.test`, "not a password of theirs", address);
      expect(answer.status, `attempt ${i}`).toBe(401);
    }
    const refused = await postLogin(server.url, ADMIN.email, ADMIN.password, address);
    expect(refused.status).toBe(429);
    expect(refused.headers.getSetCookie()).toEqual([]);
    // Another address is not affected.
    expect((await postLogin(server.url, ADMIN.email, ADMIN.password, nextAddress())).status).toBe(302);
  }, 90_000);

  it("sends a visit or a post to the code step without a sign-in waiting for a code back to the login page, with no session", async () => {
    const visit = await fetch(`${server.url}/admin/login/code?next=%2Fadmin%2Fstaff`, { redirect: "manual" });
    expect(visit.status).toBe(302);
    expect(visit.headers.get("location")).toBe("/admin/login?next=%2Fadmin%2Fstaff");
    const post = await fetch(`${server.url}/admin/login/code?next=%2Fadmin%2Fstaff`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": FORM, origin: server.url, "x-forwarded-for": nextAddress() },
      body: "code=123456",
    });
    expect(post.status).toBe(302);
    expect(post.headers.get("location")).toBe("/admin/login?next=%2Fadmin%2Fstaff");
    expect(post.headers.getSetCookie()).toEqual([]);
  });
});
