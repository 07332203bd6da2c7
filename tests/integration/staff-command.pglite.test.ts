import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "../../db/schema";
import { runStaffCommand } from "../../server/staff-command";
import { nextAddress, siteRoot, startInProcessServer, type InProcessServer } from "./helpers";
import { postLogin, signInWithFetch } from "./admin-session";

/**
 * `npm run staff` on the embedded PGlite: the command (server/staff-command.ts) adds accounts to
 * the data folder a server then signs them in from, and refuses while a server holds the folder.
 */

/** Runs the command with a piped password and the settings `env`; returns its code and what it said. */
async function run(argv: string[], password: string, env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runStaffCommand(argv, {
    env: { PRICES_CSV: path.join(siteRoot(), "data/prices.csv"), ...env },
    stdin: Object.assign(Readable.from([Buffer.from(`${password}\n`)]), { isTTY: false }),
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("npm run staff, on PGlite", () => {
  let dataDir: string;
  let server: InProcessServer | undefined;
  const env = () => ({ DATA_DIR: dataDir, SITE_URL: "http://127.0.0.1:3999" });

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "navette-it-staff-command-"));
  });
  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("adds a dispatcher, refuses the same e-mail, a short password and a mistyped command, and the server signs the member in", async () => {
    const added = await run(
      ["add", "Night.Desk@Navette.test", "--role", "dispatcher", "--name", "Night desk"],
      "night desk password",
      env(),
    );
    expect(added).toMatchObject({
      code: 0,
      out: "Added night.desk@navette.test (dispatcher). They sign in at http://127.0.0.1:3999/admin/login",
    });
    expect(added.err).not.toContain("night desk password");

    const again = await run(["add", "night.desk@navette.test"], "another long password", env());
    expect(again.code).toBe(1);
    expect(again.err).toContain("A staff account with the e-mail night.desk@navette.test already exists: nothing was changed.");

    const short = await run(["add", "short@navette.test"], "too short", env());
    expect(short.code).toBe(2);
    expect(short.err).toContain("The password needs at least 12 characters (it had 9): no account was added.");

    const role = await run(["add", "root@navette.test", "--role", "root"], "a long enough password", env());
    expect(role.code).toBe(2);
    expect(role.err).toContain("--role must be admin or dispatcher.");
    expect((await run([], "", env())).err).toContain("Usage: npm run staff -- add <email>");

    server = await startInProcessServer({ dataDir, env: {} });
    const rows = await server.database.db.select().from(auditEvents).where(eq(auditEvents.action, "staff_added"));
    expect(rows).toEqual([
      expect.objectContaining({
        actor: "command line",
        actorId: null,
        detail: "Added night.desk@navette.test as dispatcher from the command line.",
      }),
    ]);
    const session = await signInWithFetch(server.url, "night.desk@navette.test", "night desk password", nextAddress());
    // A dispatcher: the staff page is refused.
    expect((await session.get("/admin/staff")).status).toBe(403);
    expect((await session.get("/admin/account")).status).toBe(200);
  });

  it("refuses while a server holds the data folder, saying what to do, and adds nothing", async () => {
    expect(server).toBeDefined();
    const busy = await run(["add", "while-running@navette.test"], "a long enough password", env());
    expect(busy.code).toBe(1);
    expect(busy.err).toContain("is open in another process");
    expect(busy.err).toContain("stop the server, then run this command again (or add the member on /admin/staff)");
    const signIn = await postLogin(server!.url, "while-running@navette.test", "a long enough password", nextAddress());
    expect(signIn.status).toBe(401);
  });
});
