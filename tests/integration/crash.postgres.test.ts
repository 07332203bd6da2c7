import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import {
  createTestDatabase,
  formBody,
  newToken,
  NO_POSTGRES,
  orderIdOf,
  postBooking,
  startChildServer,
  TEST_DATABASE_URL,
  validDraft,
  type ChildServer,
} from "./helpers";

// A booking answered with a redirect has been written. The built server runs on a real
// PostgreSQL; a burst of bookings is fired at it, it is killed with SIGKILL in the middle, started
// again, and every booking that had been answered 303 must be there, under its order id.
if (!TEST_DATABASE_URL) console.warn(`PostgreSQL crash test ${NO_POSTGRES}`);

const BURST = 300;
const CONCURRENCY = 24;
const KILL_AFTER = 80;

describe.skipIf(!TEST_DATABASE_URL)(`crash during a burst of bookings on PostgreSQL${TEST_DATABASE_URL ? "" : ` (${NO_POSTGRES})`}`, () => {
  it("finds, after SIGKILL and a restart, every booking that had been answered with a redirect", async () => {
    const database = await createTestDatabase("navette_it_crash");
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "navette-it-crash-"));
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir };
    let server: ChildServer | null = null;
    try {
      server = await startChildServer(env);
      const first = server;
      const bodies = Array.from({ length: BURST }, () => {
        const token = newToken();
        return { token, body: formBody(validDraft(token)) };
      });
      const answered = new Map<string, string>(); // token → order id
      let unanswered = 0;
      let killed: Promise<void> | null = null;
      let next = 0;
      const worker = async () => {
        while (next < bodies.length && !killed) {
          const { token, body } = bodies[next++]!;
          try {
            const response = await postBooking(first.url, body);
            await response.arrayBuffer();
            expect(response.status).toBe(303);
            answered.set(token, orderIdOf(response)!);
            if (answered.size >= KILL_AFTER) killed ??= first.kill();
          } catch (error) {
            if (!killed) throw error;
            unanswered++;
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      await killed;
      console.log(`crash test: ${answered.size} bookings answered 303 before SIGKILL, ${unanswered} posts in flight cut off`);
      expect(answered.size).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(unanswered, "the kill came after the burst: nothing was in flight").toBeGreaterThan(0);

      server = await startChildServer(env);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      let stored: Map<string, string>;
      try {
        const { rows } = await client.query<{ submission_token: string; order_id: string }>(
          "SELECT submission_token, order_id FROM bookings",
        );
        stored = new Map(rows.map((r) => [r.submission_token, r.order_id]));
      } finally {
        await client.end();
      }
      const missing = [...answered].filter(([token, orderId]) => stored.get(token) !== orderId);
      expect(missing, "bookings answered 303 but not found after the restart").toEqual([]);

      // The visitors whose post was cut off press again: one booking each, the same order id for
      // those already stored, and no duplicate.
      for (const { token, body } of bodies) {
        const response = await postBooking(server.url, body);
        expect(response.status).toBe(303);
        const orderId = orderIdOf(response)!;
        if (stored.has(token)) expect(orderId).toBe(stored.get(token));
      }
      const check = new pg.Client({ connectionString: database.url });
      await check.connect();
      try {
        const { rows } = await check.query<{ n: string; tokens: string }>(
          "SELECT count(*) AS n, count(DISTINCT submission_token) AS tokens FROM bookings",
        );
        expect(rows[0]).toEqual({ n: String(BURST), tokens: String(BURST) });
      } finally {
        await check.end();
      }
    } finally {
      await server?.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
