import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, bookings, drivers, priceVersions, staffSessions, staffUsers } from "../../db/schema";
import { addStaffMember, signInWithFetch, staffClient, type StaffClient } from "./admin-session";
import { startInProcessServer, type InProcessServer } from "./helpers";

/**
 * Who may reach what in the back office, route by route and role by role, on the built app: a
 * signed-out visitor gets the login page everywhere, a dispatcher gets 403 on the administrators'
 * pages, a post from another site or without an origin is refused, and no refused post changes
 * anything. Each page's own actions are tested beside it; this holds the whole map.
 */

const OWNER = { email: "owner@access.test", password: "owner password for access" };
const DISPATCHER = { email: "dispatch@access.test", password: "dispatcher password 1" };

type Who = "both" | "admin";
/** Every back-office address, with who may open it. */
const PAGES: ReadonlyArray<{ path: string; who: Who; found?: boolean }> = [
  { path: "/admin", who: "both" },
  { path: "/admin/bookings", who: "both" },
  { path: "/admin/bookings?status=new&page=2", who: "both" },
  { path: "/admin/bookings/new", who: "both" },
  { path: "/admin/bookings/NV-ZZZZZZ", who: "both", found: false },
  { path: "/admin/bookings.csv", who: "both" },
  { path: "/admin/drivers", who: "both" },
  { path: "/admin/run-sheet?date=2026-11-24", who: "both" },
  { path: "/admin/account", who: "both" },
  { path: "/admin/prices", who: "admin" },
  { path: "/admin/staff", who: "admin" },
  { path: "/admin/audit", who: "admin" },
  { path: "/admin/no-such-page", who: "both", found: false },
];

/** Posts as each page's forms send them (an `intent` each page knows, or none). */
const POSTS: ReadonlyArray<{ path: string; who: Who; fields: Record<string, string> }> = [
  { path: "/admin/bookings", who: "both", fields: { intent: "search", q: "NV" } },
  { path: "/admin/bookings/NV-ZZZZZZ", who: "both", fields: { intent: "cancel", confirm: "yes" } },
  { path: "/admin/bookings/new", who: "both", fields: { intent: "save" } },
  { path: "/admin/drivers", who: "both", fields: { intent: "add", name: "Eve", phone: "+33612345678", email: "eve@example.com" } },
  { path: "/admin/prices", who: "admin", fields: { intent: "publish", content: "x" } },
  {
    path: "/admin/staff",
    who: "admin",
    fields: { intent: "add", email: "mallory@example.com", name: "M", role: "admin", password: "a long password!!" },
  },
  { path: "/admin/account", who: "both", fields: { intent: "change-password", currentPassword: "x", newPassword: "y" } },
];

describe("back-office access, on PGlite", () => {
  let server: InProcessServer;
  let dataDir: string;
  let owner: StaffClient;
  let dispatcher: StaffClient;
  const visitor = () => staffClient(server.url, "");

  /** Rows of every table a back-office post could change. */
  async function counts() {
    const db = server.database.db;
    const n = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]!.n;
    return {
      bookings: await n(bookings),
      drivers: await n(drivers),
      staff: await n(staffUsers),
      prices: await n(priceVersions),
      audit: await n(auditEvents),
    };
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "navette-it-access-"));
    server = await startInProcessServer({ dataDir, env: { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password } });
    owner = await signInWithFetch(server.url, OWNER.email, OWNER.password);
    dispatcher = await addStaffMember(server, DISPATCHER, "dispatcher");
  });
  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("sends a signed-out visitor to the login page from every address, page or data, and back after", async () => {
    for (const { path: where } of PAGES) {
      const login = `/admin/login?next=${encodeURIComponent(where)}`;
      const page = await visitor().get(where);
      expect(page.status, where).toBe(302);
      expect(page.headers.get("location"), where).toBe(login);
      expect(page.headers.get("cache-control"), where).toBe("no-store");
      if (where.includes(".csv")) continue;
      // A client-side navigation's data request gets the same redirect, encoded, and nothing else.
      const asked = where.replace(/(\?|$)/, ".data$1");
      const data = await visitor().get(asked);
      const body = await data.text();
      expect(data.status, asked).toBe(202);
      expect(data.headers.get("cache-control"), asked).toBe("no-store");
      expect(body, asked).toContain('"SingleFetchRedirect"');
      expect(body, asked).toContain(`"redirect","${login}"`);
      expect(body.length, asked).toBeLessThan(300);
    }
  });

  it("never carries an old link's search text into the login page's address", async () => {
    const answer = await visitor().get("/admin/bookings?q=claire%40example.com&status=new");
    expect(answer.headers.get("location")).toBe(`/admin/login?next=${encodeURIComponent("/admin/bookings?status=new")}`);
  });

  it("opens every page to the roles it is for, and answers 403 to a dispatcher on the administrators' pages", async () => {
    for (const { path: where, who, found = true } of PAGES) {
      const expected = found ? 200 : 404;
      const asOwner = await owner.get(where);
      expect(asOwner.status, `owner ${where}`).toBe(expected);
      expect(asOwner.headers.get("cache-control"), `owner ${where}`).toBe("no-store");
      const asDispatcher = await dispatcher.get(where);
      expect(asDispatcher.status, `dispatcher ${where}`).toBe(who === "admin" ? 403 : expected);
      expect(asDispatcher.headers.get("cache-control"), `dispatcher ${where}`).toBe("no-store");
    }
  });

  it("refuses every post from a signed-out visitor, from a dispatcher on the administrators' pages, from another site or with no origin, and changes nothing", async () => {
    const before = await counts();
    for (const { path: where, who, fields } of POSTS) {
      const signedOut = await visitor().post(where, fields);
      expect(signedOut.status, `signed out ${where}`).toBe(302);
      expect(signedOut.headers.get("location"), `signed out ${where}`).toBe(`/admin/login?next=${encodeURIComponent(where)}`);
      if (who === "admin") expect((await dispatcher.post(where, fields)).status, `dispatcher ${where}`).toBe(403);
      for (const origin of ["https://evil.example", "null", null]) {
        const forged = await owner.post(where, fields, origin);
        expect(forged.status, `owner ${where} from ${origin}`).toBe(403);
        expect(await forged.text()).toBe("This request did not come from our site.");
      }
    }
    // The login itself: another site cannot sign anyone in.
    const login = await staffClient(server.url, "").post("/admin/login", OWNER, "https://evil.example");
    expect(login.status).toBe(403);
    expect(login.headers.getSetCookie()).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it("applies the back office's origin check to every spelling of its addresses, dot segments included", async () => {
    const { port } = new URL(server.url);
    const post = (rawPath: string) =>
      new Promise<{ status: number; cacheControl: string | undefined }>((resolve, reject) => {
        // A path sent as written: fetch and URL would resolve its dot segments first.
        const req = request(
          {
            host: "127.0.0.1",
            port,
            path: rawPath,
            method: "POST",
            headers: { cookie: owner.cookie, "content-type": "application/x-www-form-urlencoded" },
          },
          (res) => {
            res.resume();
            res.on("end", () => resolve({ status: res.statusCode ?? 0, cacheControl: res.headers["cache-control"] }));
          },
        );
        req.on("error", reject);
        req.end("intent=add&name=Eve&phone=%2B33612345678&email=eve%40example.com");
      });
    const before = await counts();
    for (const rawPath of [
      "/x/../admin/drivers",
      "/x/%2e%2e/admin/drivers",
      "/admin/./drivers",
      "/ADMIN/../admin/drivers",
      "/ADMIN/drivers",
      "/Admin/Drivers",
      "/%61dmin/drivers",
    ]) {
      const answer = await post(rawPath);
      expect(answer.status, rawPath).toBe(403);
      expect(answer.cacheControl, rawPath).toBe("no-store");
    }
    expect(await counts()).toEqual(before);
  });

  it("ends a session on the server at sign-out: the same cookie opens nothing after", async () => {
    const session = await signInWithFetch(server.url, DISPATCHER.email, DISPATCHER.password);
    const sessionsBefore = (await server.database.db.select({ n: count() }).from(staffSessions))[0]!.n;
    expect((await session.get("/admin")).status).toBe(200);
    const out = await session.post("/admin/logout", {});
    expect(out.status).toBe(302);
    expect((await server.database.db.select({ n: count() }).from(staffSessions))[0]!.n).toBe(sessionsBefore - 1);
    expect((await session.get("/admin")).status).toBe(302);
  });
});
