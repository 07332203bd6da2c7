import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { legEvents } from "../../db/schema";
import { revokeDriverLink } from "~/lib/driver-links.server";
import { insertDriver } from "~/lib/test-support/leg-drivers";
import { drivenBooking, mailedToken } from "./driver-day-suite";
import { FORM, startInProcessServer, type InProcessServer } from "./helpers";

/**
 * The driver's day as the browser reaches it, on the built app in this process on PGlite: a
 * driver's page shows their own legs only, never cached nor sent on as a Referer; a post for
 * another driver's leg, a post from another site and a revoked link change nothing.
 */

describe("the driver's day page on PGlite", () => {
  let server: InProcessServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "navette-it-driver-day-"));
    server = await startInProcessServer({ dataDir, env: { PAYMENT_SANDBOX_SECRET: `it-driver-day-${process.pid}` } });
  });
  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const db = () => server.database.db;
  const post = (token: string, fields: Record<string, string>, origin = server.url) =>
    fetch(`${server.url}/driver/${token}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": FORM, origin, "sec-fetch-site": origin === server.url ? "same-origin" : "cross-site" },
      body: new URLSearchParams(fields),
    });

  it("shows a driver their own legs only, no-store and no-referrer, and refuses the others'", async () => {
    const soon = new Date(Date.now() + 30 * 60_000);
    const mine = await insertDriver(db(), "Nadia Haddad", "+33698765411");
    const other = await insertDriver(db(), "Omar Diallo", "+33698765412");
    const own = await drivenBooking(db(), mine.id, soon, { lastname: "Ownparty" });
    const theirs = await drivenBooking(db(), other.id, soon, { lastname: "Otherparty" });
    const { token } = await mailedToken(db(), mine.id);

    const page = await fetch(`${server.url}/driver/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await page.text();
    expect(html).toContain("Nadia Haddad");
    expect(html).toContain("Claire Ownparty");
    expect(html).toContain(own);
    expect(html).not.toContain("Otherparty");
    expect(html).not.toContain(theirs);
    expect(html).toContain('content="noindex, nofollow"');

    const tampered = await post(token, { orderId: theirs, leg: "1", step: "on_my_way" });
    expect(tampered.status).toBe(404);
    const foreign = await post(token, { orderId: own, leg: "1", step: "on_my_way" }, "https://evil.example");
    expect(foreign.status).toBe(403);
    expect(await db().select().from(legEvents).where(eq(legEvents.orderId, theirs))).toHaveLength(0);
    expect(await db().select().from(legEvents).where(eq(legEvents.orderId, own))).toHaveLength(0);

    const pressed = await post(token, { orderId: own, leg: "1", step: "on_my_way" });
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get("location")).toMatch(new RegExp(`^/driver/${token}\\?done=recorded&leg=${own}-1&step=on_my_way`));
    const after = await (await fetch(`${server.url}${pressed.headers.get("location")}`)).text();
    expect(after).toMatch(/On my way at \d\d:\d\d \(Paris time\) is recorded\./);

    const early = await post(token, { orderId: own, leg: "1", step: "no_show" });
    expect(early.status).toBe(409);
    expect(await early.text()).toContain("No-show is not recorded yet");
  });

  it("answers 404 to an unknown, malformed or revoked link", async () => {
    const driver = await insertDriver(db(), "Rita Lopes", "+33698765413");
    const { token } = await mailedToken(db(), driver.id);
    expect((await fetch(`${server.url}/driver/${token}`)).status).toBe(200);
    await revokeDriverLink(db(), driver.id, { id: "staff-1", email: "dispatch@navette.example" });
    for (const address of [`/driver/${token}`, `/driver/${"A".repeat(43)}`, "/driver/short"]) {
      const answer = await fetch(`${server.url}${address}`);
      expect(answer.status, address).toBe(404);
      expect(answer.headers.get("cache-control")).toBe("no-store");
    }
    expect((await post(token, { orderId: "NV-ZZZZZZ", leg: "1", step: "on_my_way" })).status).toBe(404);
  });
});
