import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, staffUsers } from "../../db/schema";
import { startInProcessServer, type InProcessServer } from "./helpers";
import { addStaffMember, signInWithFetch, staffClient } from "./admin-session";

/**
 * The back office's language, a staff account's own (docs/product.md, Back office): My account's
 * post changes the signed-in member's language only, is written to the audit log, and a bad value,
 * a post from another site or a signed-out post changes nothing.
 */

const ADMIN = { email: "language-owner@navette.test", password: "language owner password" };

describe("the back office's language, on PGlite", () => {
  let server: InProcessServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "navette-it-admin-language-"));
    server = await startInProcessServer({ dataDir, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  });
  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const localeOf = async (email: string) =>
    (await server.database.db.select({ locale: staffUsers.locale }).from(staffUsers).where(eq(staffUsers.email, email)))[0]?.locale;

  it("sets the member's own language, audited, and draws their pages in it; the owner's stays English", async () => {
    const owner = await signInWithFetch(server.url, ADMIN.email, ADMIN.password);
    const member = await addStaffMember(server, { email: "fr-member@navette.test", password: "a french member password" }, "dispatcher");
    const answer = await member.post("/admin/account", { intent: "language", locale: "fr" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/admin/account?done=language");
    expect(await localeOf("fr-member@navette.test")).toBe("fr");
    expect(await localeOf(ADMIN.email)).toBe("en");

    const page = await (await member.get("/admin/account?done=language")).text();
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain("<title>Mon compte · Back-office</title>");
    expect(page).toContain("Le back-office est désormais en français.");
    expect(page).toContain("Se déconnecter");
    const refused = await member.get("/admin/staff");
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Cette page est réservée aux administrateurs.");

    const ownerPage = await (await owner.get("/admin/account")).text();
    expect(ownerPage).toContain('<html lang="en">');
    expect(ownerPage).toContain("Sign out");
    const audit = await server.database.db.select().from(auditEvents).where(eq(auditEvents.action, "back_office_language_changed"));
    expect(audit.map((row) => [row.actor, row.detail])).toEqual([["fr-member@navette.test", "Set the back office's language to French."]]);
  });

  it("refuses a language the back office does not speak with a clear message, changing nothing", async () => {
    const member = await addStaffMember(server, { email: "es-member@navette.test", password: "a spanish member password" }, "dispatcher");
    for (const locale of ["es", "", "FR", "fr\u0000"]) {
      const answer = await member.post("/admin/account", { intent: "language", locale });
      expect(answer.status, locale).toBe(400);
      expect(await answer.text(), locale).toContain("Choose English or French.");
    }
    expect(await localeOf("es-member@navette.test")).toBe("en");
  });

  it("changes nothing for a post from another site or from a signed-out visitor", async () => {
    const member = await addStaffMember(server, { email: "guarded@navette.test", password: "a guarded member password" }, "dispatcher");
    const foreign = await member.post("/admin/account", { intent: "language", locale: "fr" }, "https://elsewhere.example");
    expect(foreign.status).toBe(403);
    const signedOut = await staffClient(server.url, "").post("/admin/account", { intent: "language", locale: "fr" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toMatch(/^\/admin\/login/);
    expect(await localeOf("guarded@navette.test")).toBe("en");
  });
});
