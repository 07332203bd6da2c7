import { APIError } from "better-auth/api";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { staffAccounts, staffSessions, staffUsers } from "../../db/schema";
import { createAuth } from "./auth-instance.server";
import { createFirstAdmin, isAuthRefusal, isOwnFormPost, safeNext } from "./auth.server";
import { openDatabase } from "./db.server";

const quiet = { log: () => undefined, warn: () => undefined };

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

describe("the first administrator", () => {
  it("is named in the log by its account, never by its e-mail address", async () => {
    const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
    try {
      const auth = createAuth(database.db, {
        siteUrl: "https://navette.example",
        secret: "a test secret of at least thirty-two characters",
      });
      const lines: string[] = [];
      const log = { log: (line: string) => lines.push(line), warn: (line: string) => lines.push(line) };
      expect(await createFirstAdmin(database.db, async () => auth, { email: "owner@example.com", password: "owner password 1" }, log)).toBe(
        "created",
      );
      const [user] = await database.db.select().from(staffUsers);
      expect(lines).toEqual([`Created the first administrator (account ${user!.id}) from ADMIN_EMAIL.`]);
    } finally {
      await database.close();
    }
  });
});

describe("staff accounts and their cookie", () => {
  it.each([
    ["https://navette.example", "__Host-navette.session_token=", true],
    ["http://localhost:3000", "navette.session_token=", false],
  ])(
    "on %s: an argon2id hash, a database session and the cookie %s (Secure: %s)",
    async (siteUrl, prefix, secure) => {
      const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
      try {
        const auth = createAuth(database.db, { siteUrl, secret: "a test secret of at least thirty-two characters" });
        expect(
          await createFirstAdmin(database.db, async () => auth, { email: "owner@example.com", password: "owner password 1" }, quiet),
        ).toBe("created");
        expect(
          await createFirstAdmin(database.db, async () => auth, { email: "other@example.com", password: "other password 1" }, quiet),
        ).toBe("exists");
        const [account] = await database.db.select().from(staffAccounts);
        expect(account!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

        const { headers } = await auth.api.signInEmail({
          body: { email: "owner@example.com", password: "owner password 1" },
          headers: new Headers({ origin: new URL(siteUrl).origin }),
          returnHeaders: true,
        });
        const cookie = headers.getSetCookie().find((c) => c.includes("session_token="))!;
        expect(cookie.startsWith(prefix)).toBe(true);
        const attributes = cookie.split(";").map((a) => a.trim().toLowerCase());
        expect(attributes).toEqual(expect.arrayContaining(["path=/", "httponly", "samesite=lax"]));
        expect(attributes.includes("secure")).toBe(secure);
        expect(attributes.some((a) => a.startsWith("domain="))).toBe(false);
        expect(await database.db.select().from(staffSessions)).toHaveLength(1);
      } finally {
        await database.close();
      }
      // An in-memory database migrated and two argon2id hashes: seconds on a busy machine.
    },
    60_000,
  );
});

describe("isOwnFormPost", () => {
  const post = (headers: Record<string, string>) => new Request("http://navette.example/admin/drivers", { method: "POST", headers });
  it.each<[Record<string, string>, boolean]>([
    [{ origin: "http://navette.example" }, true],
    [{ origin: "https://navette.example" }, true], // TLS ended by a proxy: the request reads http
    [{ "sec-fetch-site": "same-origin" }, true],
    [{ origin: "https://evil.example" }, false],
    [{ origin: "null" }, false],
    [{ "sec-fetch-site": "cross-site" }, false],
    [{ "sec-fetch-site": "none" }, false],
    [{}, false],
  ])("%j → %s", (headers, expected) => {
    expect(isOwnFormPost(post(headers))).toBe(expected);
  });
});

describe("isAuthRefusal", () => {
  it("recognises better-auth's refusal without loading better-auth itself", () => {
    expect(isAuthRefusal(new APIError("UNAUTHORIZED", { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid" }))).toBe(true);
  });

  it.each([
    ["a plain error", new Error("boom")],
    ["an error named APIError without a status code", Object.assign(new Error("x"), { name: "APIError" })],
    ["a thrown string", "APIError"],
  ])("does not take %s for one", (_, error) => {
    expect(isAuthRefusal(error)).toBe(false);
  });
});
