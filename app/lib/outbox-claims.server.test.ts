import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { outbox } from "../../db/schema";
import { createOutbox, OUTBOX_DEFAULTS, type MailLogger, type MailTransport } from "./mail.server";
import { useEmbeddedDatabase } from "./test-support/embedded-database";

// The outbox's claims, as several instances on one database see them. The concurrency of real
// connections (FOR UPDATE SKIP LOCKED) is covered on PostgreSQL in tests/integration.

const quiet: MailLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A transport that records what it is given and holds each send until it is let go. */
function heldTransport() {
  const sent: string[] = [];
  const waiting: Array<() => void> = [];
  const transport: MailTransport = {
    sendMail: (message) =>
      new Promise((resolve) => {
        waiting.push(() => {
          sent.push(message.subject);
          resolve({});
        });
      }),
  };
  return { transport, sent, waiting, release: () => waiting.splice(0).forEach((go) => go()) };
}

function recordingTransport() {
  const sent: string[] = [];
  const transport: MailTransport = {
    sendMail: async (message) => {
      sent.push(message.subject);
      return {};
    },
  };
  return { transport, sent };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const database = useEmbeddedDatabase();
beforeEach(async () => {
  await database.db.delete(outbox);
});

async function enqueue(subject: string, at = new Date()): Promise<number> {
  const [row] = await database.db
    .insert(outbox)
    .values({ orderId: subject, kind: "traveller_confirmation", recipient: "x@example.com", subject, body: "b", nextAttemptAt: at })
    .returning({ id: outbox.id });
  return row!.id;
}

const row = async (id: number) => (await database.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;

describe("the outbox's claims", () => {
  it("holds a message another instance is sending: the second instance neither sends nor waits for it", async () => {
    const id = await enqueue("NV-CLAIM1");
    const a = heldTransport();
    const b = recordingTransport();
    const first = createOutbox({ db: database.db, transport: a.transport, from: "f@example.com", log: quiet }).runOnce();
    while (a.waiting.length === 0) await sleep(5);
    const claimed = await row(id);
    expect(claimed.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(claimed.attempts).toBe(1);

    expect(await createOutbox({ db: database.db, transport: b.transport, from: "f@example.com", log: quiet }).runOnce()).toEqual({
      sent: 0,
      failed: 0,
    });
    a.release();
    expect(await first).toEqual({ sent: 1, failed: 0 });
    expect([...a.sent, ...b.sent]).toEqual(["NV-CLAIM1"]);
    const done = await row(id);
    expect(done).toMatchObject({ status: "sent", lockedUntil: null, attempts: 1 });
  });

  it("gives a message whose claim ran out (its instance was killed mid-send) to another instance, once", async () => {
    const id = await enqueue("NV-CLAIM2");
    const killed = heldTransport(); // never let go: the instance died during the send
    void createOutbox({ db: database.db, transport: killed.transport, from: "f@example.com", log: quiet }).runOnce();
    while (killed.waiting.length === 0) await sleep(5);

    const other = recordingTransport();
    let t = Date.now();
    const clock = () => new Date(t);
    const second = createOutbox({ db: database.db, transport: other.transport, from: "f@example.com", log: quiet, now: clock });
    // Before the claim runs out, the message stays with the instance that claimed it.
    t += OUTBOX_DEFAULTS.claimMs - 1000;
    expect(await second.runOnce()).toEqual({ sent: 0, failed: 0 });
    // After, it is due again for anyone, and sent once.
    t += 2000;
    expect(await second.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(await second.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(other.sent).toEqual(["NV-CLAIM2"]);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2, lockedUntil: null });
  });

  it("releases a failed send with its backoff, and the attempt that failed is the claim's", async () => {
    const id = await enqueue("NV-CLAIM3");
    const at = new Date();
    const failing: MailTransport = {
      sendMail: async () => {
        throw Object.assign(new Error("busy"), { responseCode: 451 });
      },
    };
    const box = createOutbox({ db: database.db, transport: failing, from: "f@example.com", log: quiet, now: () => at });
    expect(await box.runOnce()).toEqual({ sent: 0, failed: 1 });
    const failed = await row(id);
    expect(failed).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null, lastError: "busy" });
    expect(failed.nextAttemptAt.getTime()).toBe(at.getTime() + OUTBOX_DEFAULTS.firstBackoffMs);
    // Not due again before its backoff.
    expect(await box.runOnce()).toEqual({ sent: 0, failed: 0 });
  });

  it("lets several instances share a batch: each message is sent by one of them", async () => {
    for (let i = 0; i < 30; i++) await enqueue(`NV-MANY${String(i).padStart(2, "0")}`);
    const transports = [recordingTransport(), recordingTransport(), recordingTransport()];
    const boxes = transports.map((t) => createOutbox({ db: database.db, transport: t.transport, from: "f@example.com", log: quiet }));
    const results = await Promise.all([...boxes, ...boxes].map((box) => box.runOnce()));
    // Six concurrent passes of ten at most: all thirty go, and more than one instance sends.
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(30);
    expect(transports.filter((t) => t.sent.length > 0).length).toBeGreaterThan(1);
    const all = transports.flatMap((t) => t.sent).sort();
    expect(all).toHaveLength(30);
    expect(new Set(all).size).toBe(30);
  });
});
