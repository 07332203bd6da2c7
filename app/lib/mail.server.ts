import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import { outbox } from "../../db/schema";
import type { Db } from "./db.server";

/**
 * E-mail out of the outbox table (docs/product.md, Payment and e-mails). A paid booking writes
 * its messages in the same transaction as the payment (bookings.server.ts); this module sends them
 * over SMTP and retries a failed send with an exponential backoff, so none is lost. With no
 * SMTP_URL nothing is sent and the messages wait until it is set.
 *
 * Any number of instances run this outbox on one database (docs/decisions/0014-several-instances.md).
 * Before sending, an instance claims one due message: an UPDATE of a row chosen with
 * FOR UPDATE SKIP LOCKED sets `locked_until` and counts the attempt, so two instances never take
 * the same message, and neither waits for the other's rows. The claim lasts longer than a send can
 * (nodemailer's timeouts below); a claim that runs out, because its instance was killed in the
 * middle of a send, leaves the message due again for any instance. Delivery is therefore at least
 * once: a process that dies between the SMTP server's acceptance and the mark sends that message
 * again.
 *
 * The prepare hook sees each message just before it is sent, after the claim; when it says the
 * message is no longer to be sent (a reminder of a booking cancelled since the reminder was written
 * or claimed), the outbox deletes the row under its claim rather than sending it: it is neither
 * sent nor waiting, so it leaves the booking's list of e-mails in the back office as the
 * cancellation's own deletion of unsent reminders does.
 *
 * Logs carry outbox ids and order ids only: never an address, a name or an SMTP reply (which
 * may echo an address).
 */

/**
 * One recipient as nodemailer's address object: the mailer takes `address` as one address and
 * never splits it, as it would split a string holding commas into several recipients.
 */
export interface MailRecipient {
  name: string;
  address: string;
}

/** A file sent with a message (the booking's calendar file), as nodemailer takes it. */
export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

/** What the outbox needs of a transport: nodemailer's, or a stand-in in tests. */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: MailRecipient;
    subject: string;
    text: string;
    messageId: string;
    attachments?: MailAttachment[];
  }): Promise<unknown>;
  close?(): void;
}

export type OutboxRow = typeof outbox.$inferSelect;

/** A message ready to send: its text and attachments. */
export interface PreparedMessage {
  text: string;
  attachments?: MailAttachment[];
  drop?: never;
}

/**
 * A message that must not go out at all, with why in a few words ("booking cancelled"): the reason
 * is logged with the message's ids, so it never holds an address, a name or anything the traveller wrote.
 */
export interface DroppedMessage {
  drop: string;
  text?: never;
}

/**
 * What is drawn only when a message is sent: its text with the manage link in place of the
 * marker (a fresh token each time), and its attachments; or the word that it is not to be sent
 * (a reminder whose booking was cancelled after the message was claimed), and the outbox deletes
 * it. Without a prepare hook, the body is sent as stored.
 */
export type PrepareMessage = (message: OutboxRow) => Promise<PreparedMessage | DroppedMessage>;

export interface MailLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** A nodemailer SMTP transport for SMTP_URL (smtp:// or smtps://), or null when it is unset. */
export function createMailTransport(smtpUrl: string | null): MailTransport | null {
  if (!smtpUrl) return null;
  // nodemailer (about 12 MB resident) is loaded with the first message sent, not at start
  // (docs/quality.md, Memory).
  let transporter: Promise<Transporter> | null = null;
  const open = () =>
    (transporter ??= import("nodemailer").then(
      ({ default: nodemailer }) =>
        nodemailer.createTransport({
          url: smtpUrl,
          // A stuck server must not hold a batch for nodemailer's default of minutes.
          connectionTimeout: 20_000,
          greetingTimeout: 15_000,
          socketTimeout: 60_000,
        }),
      (error: unknown) => {
        // The next send tries the import again rather than failing for good.
        transporter = null;
        throw error;
      },
    ));
  return {
    sendMail: async (message) => (await open()).sendMail(message),
    // A transport that never loaded has nothing to close.
    close: () => void transporter?.then((t) => t.close()).catch(() => undefined),
  };
}

export const OUTBOX_DEFAULTS = {
  batchSize: 10,
  /** How long a claim holds a message: past the transport's connection, greeting and socket timeouts together. */
  claimMs: 2 * 60_000,
  /** After this many failed attempts a message stays pending but is no longer tried (and is logged). */
  maxAttempts: 20,
  intervalMs: 15_000,
  firstBackoffMs: 60_000,
  maxBackoffMs: 6 * 3_600_000,
} as const;

/** The wait after the n-th attempt (n ≥ 1): 1 min, 2 min, 4 min, … capped at 6 hours. */
export function backoffMs(attempts: number): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(OUTBOX_DEFAULTS.maxBackoffMs, OUTBOX_DEFAULTS.firstBackoffMs * 2 ** Math.min(exponent, 30));
}

export interface OutboxOptions {
  db: Db;
  transport: MailTransport | null;
  /** The From header: settings.mailFrom. */
  from: string;
  log: MailLogger;
  now?: () => Date;
  batchSize?: number;
  maxAttempts?: number;
  claimMs?: number;
  /** Draws each message's link and attachments as it is sent (traveller-mail.server.ts). */
  prepare?: PrepareMessage;
}

export interface Outbox {
  /** One pass over the messages that are due; resolves with what it sent and what failed (a message dropped by the prepare hook is neither). */
  runOnce(): Promise<{ sent: number; failed: number }>;
  /** Runs a pass now and then every intervalMs after the previous pass ends. */
  start(intervalMs?: number): void;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

/** The SMTP error's code and response code, which name the failure without quoting anyone. */
function errorCode(error: unknown): string {
  if (typeof error !== "object" || error === null) return "unknown";
  const e = error as { code?: unknown; responseCode?: unknown };
  const parts = [typeof e.code === "string" ? e.code : null, typeof e.responseCode === "number" ? String(e.responseCode) : null];
  return parts.filter(Boolean).join(" ") || "unknown";
}

/** Stored in last_error for whoever looks at the table; not logged. */
function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text || "unknown error").slice(0, 1000);
}

/**
 * The Message-ID of an outbox message: the same on every attempt, so a message sent again after
 * its sender died mid-send (at least once) is the same message to the receiving mail server and
 * mail program, which drop a repeated Message-ID, instead of a second e-mail.
 */
export function outboxMessageId(message: { id: number; orderId: string }, from: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? "navette.invalid";
  return `<outbox-${message.id}.${message.orderId}@${domain}>`;
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { db, transport, from, log } = options;
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? OUTBOX_DEFAULTS.batchSize;
  const maxAttempts = options.maxAttempts ?? OUTBOX_DEFAULTS.maxAttempts;
  const claimMs = options.claimMs ?? OUTBOX_DEFAULTS.claimMs;
  const prepare: PrepareMessage = options.prepare ?? (async (message) => ({ text: message.body }));
  let warnedNoTransport = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  /** Claims the oldest due message no instance holds: its row, with the attempt counted. */
  async function claimNext(): Promise<OutboxRow | undefined> {
    const at = now();
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.status, "pending"),
          lte(outbox.nextAttemptAt, at),
          lt(outbox.attempts, maxAttempts),
          or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, at)),
        ),
      )
      .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
      .limit(1)
      .for("update", { skipLocked: true });
    const [message] = await db
      .update(outbox)
      .set({ lockedUntil: new Date(at.getTime() + claimMs), attempts: sql`${outbox.attempts} + 1` })
      .where(inArray(outbox.id, due))
      .returning();
    return message;
  }

  async function runOnce(): Promise<{ sent: number; failed: number }> {
    if (!transport) {
      if (!warnedNoTransport) {
        warnedNoTransport = true;
        log.warn("SMTP_URL is unset: e-mails wait in the outbox until it is set.");
      }
      return { sent: 0, failed: 0 };
    }
    let sent = 0;
    let failed = 0;
    for (let n = 0; n < batchSize; n++) {
      const message = await claimNext();
      if (!message) break; // nothing due, or every due message is another instance's
      const attempt = message.attempts;
      let dropped: string | null = null;
      try {
        const prepared = await prepare(message);
        if (prepared.drop !== undefined) {
          dropped = prepared.drop;
        } else {
          const { text, attachments } = prepared;
          // The outbox keeps the address only; the greeting inside the message carries the name.
          await transport.sendMail({
            from,
            to: { name: "", address: message.recipient },
            subject: message.subject,
            text,
            messageId: outboxMessageId(message, from),
            ...(attachments && attachments.length > 0 ? { attachments } : {}),
          });
        }
      } catch (error) {
        failed++;
        const nextAttemptAt = new Date(now().getTime() + backoffMs(attempt));
        // Released with its backoff; the attempt count names this claim, so a claim that ran out
        // and was taken by another instance is not touched.
        await db
          .update(outbox)
          .set({ lastError: errorText(error), nextAttemptAt, lockedUntil: null })
          .where(and(eq(outbox.id, message.id), eq(outbox.attempts, attempt)));
        const what = `E-mail ${message.id} (${message.kind}, order ${message.orderId}) failed on attempt ${attempt} (${errorCode(error)})`;
        if (attempt >= maxAttempts) log.error(`${what}; no further attempt: it stays pending in the outbox.`);
        else log.warn(`${what}; next attempt at ${nextAttemptAt.toISOString()}.`);
        continue;
      }
      if (dropped !== null) {
        // Deleted under this claim only: a claim that ran out and was taken again is the other's.
        await db.delete(outbox).where(and(eq(outbox.id, message.id), eq(outbox.attempts, attempt)));
        log.info(`E-mail ${message.id} (${message.kind}, order ${message.orderId}) not sent and deleted: ${dropped}.`);
        continue;
      }
      sent++;
      await db
        .update(outbox)
        .set({ status: "sent", sentAt: now(), lastError: null, lockedUntil: null })
        .where(and(eq(outbox.id, message.id), eq(outbox.attempts, attempt)));
      log.info(`E-mail ${message.id} (${message.kind}, order ${message.orderId}) sent.`);
    }
    return { sent, failed };
  }

  /** A pass that logs rather than throws: the database being away must not stop the loop. */
  async function pass(): Promise<void> {
    try {
      await runOnce();
    } catch (error) {
      log.error(`Outbox pass failed (${errorCode(error)}); it runs again on the next tick.`);
    }
  }

  function start(intervalMs: number = OUTBOX_DEFAULTS.intervalMs): void {
    if (!stopped) return;
    stopped = false;
    const tick = () => {
      timer = null;
      const current = pass().finally(() => {
        if (running === current) running = null;
        if (!stopped) {
          timer = setTimeout(tick, intervalMs);
          timer.unref?.();
        }
      });
      running = current;
    };
    tick();
  }

  async function stop(): Promise<void> {
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = null;
    await running;
  }

  return { runOnce, start, stop };
}

/** Where an outbox message stands, for the back office: sent, still being tried, or given up on. */
export type OutboxState = "waiting" | "sent" | "failed";

/**
 * A message's state as staff read it: `sent`; `failed` once it has used every attempt
 * (OUTBOX_DEFAULTS.maxAttempts) and stays pending untried; otherwise `waiting` for its next attempt.
 */
export function outboxState(
  message: { status: "pending" | "sent"; attempts: number },
  maxAttempts: number = OUTBOX_DEFAULTS.maxAttempts,
): OutboxState {
  if (message.status === "sent") return "sent";
  return message.attempts >= maxAttempts ? "failed" : "waiting";
}
