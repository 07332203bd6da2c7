import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ChildServer,
  createTestDatabase,
  nextAddress,
  NO_POSTGRES,
  startChildServer,
  TEST_DATABASE_URL,
  type TestDatabase,
} from "./helpers";
import { signInWithFetch } from "./admin-session";

/**
 * `npm run staff` as an operator types it (scripts/staff.mjs running the built bundle), on a
 * PostgreSQL database a running server shares: the account it adds signs in at once.
 */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Runs `npm run staff -- …args` with `password` piped on standard input. */
function npmRunStaff(
  args: string[],
  password: string,
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", "staff", "--", ...args], {
      cwd: REPO,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out, err }));
    child.stdin.end(`${password}\n`);
  });
}

describe.skipIf(!TEST_DATABASE_URL)(`npm run staff, on PostgreSQL${TEST_DATABASE_URL ? "" : ` (${NO_POSTGRES})`}`, () => {
  let database: TestDatabase;
  let server: ChildServer;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase("navette_it_staff");
    dataDir = mkdtempSync(path.join(os.tmpdir(), "navette-it-staff-pg-"));
    server = await startChildServer({ DATABASE_URL: database.url, DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("adds a dispatcher beside the running server, who then signs in; the same e-mail again is refused", async () => {
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, SITE_URL: server.url };
    const added = await npmRunStaff(
      ["add", "Ops.Desk@Navette.test", "--role", "dispatcher", "--name", "Ops desk"],
      "ops desk password 2026",
      env,
    );
    expect(added.code, added.err).toBe(0);
    expect(added.out).toContain(`Added ops.desk@navette.test (dispatcher). They sign in at ${server.url}/admin/login`);
    expect(added.out + added.err).not.toContain("ops desk password 2026");

    const session = await signInWithFetch(server.url, "ops.desk@navette.test", "ops desk password 2026", nextAddress());
    expect((await session.get("/admin/staff")).status).toBe(403);

    const again = await npmRunStaff(["add", "ops.desk@navette.test"], "another long password", env);
    expect(again.code).toBe(1);
    expect(again.err).toContain("A staff account with the e-mail ops.desk@navette.test already exists: nothing was changed.");
    const usage = await npmRunStaff(["add"], "", env);
    expect(usage.code).toBe(2);
    expect(usage.err).toContain("Usage: npm run staff -- add <email>");
  }, 120_000);
});
