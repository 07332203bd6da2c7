import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditEvents, staffUsers } from "../../db/schema";
import { auditActions, auditPage, auditPeople, recordAudit } from "./audit.server";
import { useEmbeddedDatabase } from "./test-support/embedded-database";

// The audit log's reads on the embedded PostgreSQL: a page of rows filtered by action and by
// person (a staff account's id, or a fixed actor), and the filters' choices.

const database = useEmbeddedDatabase();

const ANNE = { id: "aNnE0000000000000000000000000001", name: "Anne Bernard", email: "anne@navette.test", role: "admin" };
const BRUNO = { id: "bRuNo000000000000000000000000002", name: "Bruno Petit", email: "bruno@navette.test", role: "dispatcher" };

beforeEach(async () => {
  const db = database.db;
  await db.execute(sql`truncate audit_events, staff_users restart identity cascade`);
  await db.insert(staffUsers).values([BRUNO, ANNE]);
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute));
  const rows = [
    { actorId: ANNE.id, actor: ANNE.email, action: "sign_in", at: at(0) },
    { actorId: null, actor: "command line", action: "staff_added", at: at(1) },
    { actorId: BRUNO.id, actor: BRUNO.email, action: "sign_in", at: at(2) },
    { actorId: ANNE.id, actor: ANNE.email, action: "staff_disabled", at: at(3) },
    // A refused sign-in keeps the typed e-mail, with no account: it is nobody's row for the person filter.
    { actorId: null, actor: ANNE.email, action: "sign_in_failed", at: at(4) },
    { actorId: null, actor: "system", action: "payment_link", at: at(5) },
    { actorId: ANNE.id, actor: ANNE.email, action: "sign_in", at: at(6) },
  ];
  await db.insert(auditEvents).values(rows.map((r, i) => ({ ...r, detail: `row ${i + 1}` })));
});

describe("auditPage", () => {
  const details = (rows: { detail: string }[]) => rows.map((r) => r.detail);

  it("gives the newest rows first, a page at a time", async () => {
    const db = database.db;
    expect(details(await auditPage(db, { limit: 3, offset: 0 }))).toEqual(["row 7", "row 6", "row 5"]);
    expect(details(await auditPage(db, { limit: 3, offset: 6 }))).toEqual(["row 1"]);
  });

  it("filters by a staff account's id, leaving out refused sign-ins that typed its e-mail", async () => {
    const db = database.db;
    expect(details(await auditPage(db, { limit: 50, offset: 0, actorId: ANNE.id }))).toEqual(["row 7", "row 4", "row 1"]);
    expect(details(await auditPage(db, { limit: 50, offset: 0, actorId: ANNE.id, action: "sign_in" }))).toEqual(["row 7", "row 1"]);
    expect(details(await auditPage(db, { limit: 1, offset: 1, actorId: ANNE.id }))).toEqual(["row 4"]);
    expect(await auditPage(db, { limit: 50, offset: 0, actorId: "nobody" })).toEqual([]);
  });

  it("filters by a fixed actor, and by action alone", async () => {
    const db = database.db;
    expect(details(await auditPage(db, { limit: 50, offset: 0, fixedActor: "command line" }))).toEqual(["row 2"]);
    expect(details(await auditPage(db, { limit: 50, offset: 0, fixedActor: "system" }))).toEqual(["row 6"]);
    expect(await auditPage(db, { limit: 50, offset: 0, fixedActor: "traveller" })).toEqual([]);
    expect(details(await auditPage(db, { limit: 50, offset: 0, action: "sign_in_failed" }))).toEqual(["row 5"]);
  });

  it("does not take a staff e-mail that is a fixed actor's word for that actor", async () => {
    const db = database.db;
    await recordAudit(db, { actorId: BRUNO.id, actor: "system", action: "note_added", detail: "row 8" });
    expect(details(await auditPage(db, { limit: 50, offset: 0, fixedActor: "system" }))).toEqual(["row 6"]);
  });
});

describe("the audit filters' choices", () => {
  it("lists every action the log holds", async () => {
    expect(await auditActions(database.db)).toEqual(["payment_link", "sign_in", "sign_in_failed", "staff_added", "staff_disabled"]);
  });

  it("offers the staff accounts by name, keyed by their ids, then the fixed actors that have rows", async () => {
    expect(await auditPeople(database.db)).toEqual([
      { key: ANNE.id, label: "Anne Bernard (anne@navette.test)" },
      { key: BRUNO.id, label: "Bruno Petit (bruno@navette.test)" },
      { key: "system", label: "System" },
      { key: "command-line", label: "Command line (npm run staff)" },
    ]);
    await recordAudit(database.db, { actor: "traveller", action: "booking_cancelled" });
    expect((await auditPeople(database.db)).map((p) => p.key)).toEqual([ANNE.id, BRUNO.id, "system", "command-line", "traveller"]);
  });
});

describe("migration 0013", () => {
  const migration = readFileSync(new URL("../../db/migrations/0013_back_office_language_action.sql", import.meta.url), "utf8");

  it("moves a member's earlier language choices to their own action, and leaves a booking's language change", async () => {
    const db = database.db;
    await db.execute(sql`truncate audit_events restart identity`);
    await recordAudit(db, {
      actorId: ANNE.id,
      actor: ANNE.email,
      action: "language_changed",
      detail: "Set the back office's language to French.",
    });
    await recordAudit(db, {
      actorId: ANNE.id,
      actor: ANNE.email,
      action: "language_changed",
      orderId: "NV-AAAAAA",
      detail: "English → Français",
    });
    await db.execute(sql.raw(migration));
    const rows = await db.select({ action: auditEvents.action, orderId: auditEvents.orderId }).from(auditEvents).orderBy(auditEvents.id);
    expect(rows).toEqual([
      { action: "back_office_language_changed", orderId: null },
      { action: "language_changed", orderId: "NV-AAAAAA" },
    ]);
  });
});
