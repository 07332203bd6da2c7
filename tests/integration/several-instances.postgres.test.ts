import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { outbox } from "../../db/schema";
import { openDatabase } from "~/lib/db.server";
import { createOutbox, type MailTransport } from "~/lib/mail.server";
import { SANDBOX_SECRET_NAME, sharedSecret } from "~/lib/shared-secrets.server";
import {
  createTestDatabase,
  formBody,
  newToken,
  NO_POSTGRES,
  postBooking,
  sleep,
  startChildServer,
  TEST_DATABASE_URL,
  validDraft,
  waitFor,
} from "./helpers";

// What several instances on one real PostgreSQL rely on: the pool outlives a dropped connection,
// instances that start together migrate one at a time, the outbox's claims hold across separate
// connections (FOR UPDATE SKIP LOCKED), and the shared secret is drawn once. The whole cluster behind a load balancer is tests/cluster.
if (!TEST_DATABASE_URL) console.warn(`PostgreSQL several-instances tests ${NO_POSTGRES}`);

describe.skipIf(!TEST_DATABASE_URL)(`several instances on one PostgreSQL${TEST_DATABASE_URL ? "" : ` (${NO_POSTGRES})`}`, () => {
  it("keeps the server running when PostgreSQL ends its idle connections (pg_terminate_backend), and books on", async () => {
    const database = await createTestDatabase("navette_it_pool");
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "navette-it-pool-"));
    const server = await startChildServer({ DATABASE_URL: database.url, DATA_DIR: dataDir });
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL! });
    await admin.connect();
    try {
      // Several bookings at once leave several idle connections in the server's pool.
      const first = await Promise.all(Array.from({ length: 4 }, () => postBooking(server.url, formBody(validDraft(newToken())))));
      expect(first.map((r) => r.status)).toEqual([303, 303, 303, 303]);
      const { rows } = await admin.query<{ ended: boolean }>(
        "SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
        [database.name],
      );
      expect(rows.length, "the server held connections to its database").toBeGreaterThan(0);
      expect(rows.every((r) => r.ended)).toBe(true);
      const logged = await waitFor(
        () => server.output(),
        (out) => out.includes("An idle database connection was lost"),
        10_000,
      );
      expect(logged).toContain("An idle database connection was lost (57P01)");
      await sleep(200);
      // Still there, and the next booking opens a new connection.
      const after = await postBooking(server.url, formBody(validDraft(newToken())));
      expect(after.status).toBe(303);
      const check = new pg.Client({ connectionString: database.url });
      await check.connect();
      try {
        expect((await check.query<{ n: string }>("SELECT count(*) AS n FROM bookings")).rows[0]!.n).toBe("5");
      } finally {
        await check.end();
      }
      expect(server.output()).not.toMatch(/Unhandled|uncaught/i);
    } finally {
      await admin.end();
      await server.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("opens its database before it listens, and never listens without one", async () => {
    const database = await createTestDatabase("navette_it_order");
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "navette-it-order-"));
    try {
      const server = await startChildServer({ DATABASE_URL: database.url, DATA_DIR: dataDir });
      const output = server.output();
      await server.stop();
      expect(output.indexOf("Bookings are stored in PostgreSQL.")).toBeGreaterThanOrEqual(0);
      expect(output.indexOf("Bookings are stored in PostgreSQL.")).toBeLessThan(output.indexOf("listening on"));

      // Nothing listens on port 1: the server says why and stops, without ever listening.
      const failed = await startChildServer({ DATABASE_URL: "postgres://postgres@127.0.0.1:1/none", DATA_DIR: dataDir }).then(
        () => null,
        (error: Error) => error.message,
      );
      expect(failed).toContain("The booking database could not be opened");
      expect(failed).toContain("exited (1)");
      expect(failed).not.toContain("listening on");
    } finally {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("limits payment-page look-ups per visitor (429 with Retry-After), counting an IPv6 /64 as one visitor", async () => {
    const database = await createTestDatabase("navette_it_limits");
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "navette-it-limits-"));
    const server = await startChildServer({ DATABASE_URL: database.url, DATA_DIR: dataDir });
    try {
      // From loopback, X-Forwarded-For is believed (TRUST_PROXY's default): each header is a visitor.
      const look = (from: string, orderId = "NV-ZZZZZZ") =>
        fetch(`${server.url}/payment/${orderId}`, { headers: { "x-forwarded-for": from }, redirect: "manual" });
      const statuses: number[] = [];
      // Sixty addresses of one IPv6 /64: unknown orders, answered 404.
      for (let i = 0; i < 60; i++) statuses.push((await look(`2001:db8:77:1::${(i + 1).toString(16)}`)).status);
      expect(statuses).toEqual(Array(60).fill(404));
      const refused = await look("2001:db8:77:1:ffff:ffff:ffff:fffe");
      expect(refused.status).toBe(429);
      const retry = Number(refused.headers.get("retry-after"));
      expect(retry).toBeGreaterThanOrEqual(1);
      expect(retry).toBeLessThanOrEqual(60);
      expect(await refused.text()).toContain("Too many payment pages from your connection in a minute.");
      // The next /64, and an IPv4 visitor, are not held back.
      expect((await look("2001:db8:77:2::1")).status).toBe(404);
      expect((await look("192.0.2.10")).status).toBe(404);
      // A booking's own page is refused too once its visitor is over the limit: the limit comes first.
      const booked = await postBooking(server.url, formBody(validDraft(newToken())), { "x-forwarded-for": "2001:db8:77:3::1" });
      const orderId = /NV-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}/.exec(booked.headers.get("location") ?? "")?.[0];
      expect(orderId).toBeTruthy();
      expect((await look("2001:db8:77:3::2", orderId)).status).toBe(200);
      expect((await look("2001:db8:77:1::5", orderId)).status).toBe(429);
    } finally {
      await server.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("migrates once when instances start together, and sends each outbox message once when they pass at the same time", async () => {
    const database = await createTestDatabase("navette_it_outbox");
    // Opened at once on a fresh database: each migrates, one after the other.
    const instances = await Promise.all([0, 1, 2].map(() => openDatabase({ databaseUrl: database.url, pgliteDir: null })));
    try {
      const db = instances[0]!.db;
      const subjects = Array.from({ length: 60 }, (_, i) => `NV-OUT${String(i).padStart(3, "0")}`);
      await db.insert(outbox).values(
        subjects.map((subject) => ({
          orderId: subject,
          kind: "traveller_confirmation" as const,
          recipient: "x@example.com",
          subject,
          body: "b",
        })),
      );
      const sent: string[][] = instances.map(() => []);
      const boxes = instances.map((instance, i) => {
        // A send that takes a moment, so that the instances' passes overlap.
        const transport: MailTransport = {
          sendMail: async (message) => {
            await sleep(5);
            sent[i]!.push(message.subject);
            return {};
          },
        };
        const quiet = { info: () => undefined, warn: () => undefined, error: (m: string) => console.error(m) };
        return createOutbox({ db: instance.db, transport, from: "f@example.com", log: quiet, batchSize: 10 });
      });
      while (sent.flat().length < subjects.length) {
        const results = await Promise.all(boxes.flatMap((box) => [box.runOnce(), box.runOnce()]));
        if (results.every((r) => r.sent === 0)) break;
      }
      const all = sent.flat().sort();
      expect(all).toEqual(subjects);
      expect(sent.filter((s) => s.length > 0).length, "more than one instance sent").toBeGreaterThan(1);

      // The shared secret: drawn once, whichever instance asks first.
      const secrets = await Promise.all(
        instances.flatMap((instance) => [0, 1, 2].map(() => sharedSecret(instance.db, SANDBOX_SECRET_NAME))),
      );
      expect(new Set(secrets).size).toBe(1);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await database.drop();
    }
  });
});
