import { and, eq } from "drizzle-orm";
import { data, type AppLoadContext } from "react-router";
import { driverLinks, drivers, outbox } from "../../db/schema";
import { driverLinkEmail } from "~/domain/driver-day/link-email";
import type { EmailSite } from "~/domain/booking/email-frame";
import { recordAudit } from "./audit.server";
import type { Db } from "./db.server";
import type { OutboxRow, PrepareMessage } from "./mail.server";
import { drawManageToken, hashManageToken, isManageTokenShape, newLinkMarker } from "./manage-links.server";

/**
 * A driver's personal link to their day (docs/product.md, The driver's day): `/driver/<token>`, a
 * token of 32 random bytes (256 bits) like the traveller's, of which only the SHA-256 is kept, one
 * link per driver. Staff send it from the drivers page: the old link stops working at once, and the
 * e-mail goes through the outbox with a marker where the link goes; the token is drawn only as the
 * outbox sends it (driverLinkPreparer), so neither the outbox nor a copy of the database holds a
 * working link. Revoking deletes the link and any such e-mail not yet sent.
 */

/** Where a driver's day lives, below the site's address. */
export const DRIVER_PATH = "/driver";

/**
 * The outbox's order column of a driver's link e-mail, which belongs to no booking: `driver-<id>`,
 * which no order id can be (NV- and six characters), so no booking's page ever lists it.
 */
export function driverLinkOutboxKey(driverId: number): string {
  return `driver-${driverId}`;
}

function driverIdOfOutboxKey(key: string): number | null {
  const m = /^driver-(\d{1,9})$/.exec(key);
  return m ? Number(m[1]) : null;
}

/** The page's address for a token: SITE_URL/driver/<token>. */
export function driverDayUrl(siteUrl: string, token: string): string {
  return new URL(`${DRIVER_PATH}/${token}`, siteUrl).toString();
}

export interface LinkDriver {
  id: number;
  name: string;
}

/** The active driver a token opens, or undefined for a malformed, unknown or revoked one, or a deactivated driver's (all alike). */
export async function findDriverByToken(db: Db, token: string): Promise<LinkDriver | undefined> {
  if (!isManageTokenShape(token)) return undefined;
  const [row] = await db
    .select({ id: drivers.id, name: drivers.name })
    .from(driverLinks)
    .innerJoin(drivers, eq(drivers.id, driverLinks.driverId))
    .where(and(eq(driverLinks.tokenHash, hashManageToken(token)), eq(drivers.active, true)))
    .limit(1);
  return row;
}

/** A driver's link as the drivers page shows it: when it was made, and whether an e-mail with a new one waits to go. */
export interface DriverLinkState {
  madeAt: Date | null;
  waiting: boolean;
}

/** Each driver who has a link, or a link e-mail waiting in the outbox. */
export async function driverLinkStates(db: Db): Promise<Map<number, DriverLinkState>> {
  const made = await db.select({ driverId: driverLinks.driverId, createdAt: driverLinks.createdAt }).from(driverLinks);
  const waiting = await db
    .select({ key: outbox.orderId })
    .from(outbox)
    .where(and(eq(outbox.kind, "driver_link"), eq(outbox.status, "pending")));
  const out = new Map<number, DriverLinkState>(made.map((r) => [r.driverId, { madeAt: r.createdAt, waiting: false }]));
  for (const { key } of waiting) {
    const id = driverIdOfOutboxKey(key);
    if (id !== null) out.set(id, { madeAt: out.get(id)?.madeAt ?? null, waiting: true });
  }
  return out;
}

/** A refusal names its reason, which the page words: gone, no such driver (any more); inactive, a deactivated driver, by name. */
export type DriverLinkOutcome =
  | { ok: true; driverId: number; notice: "link_sent" | "link_revoked" | "no_link" }
  | { ok: false; status: 404; reason: "gone" }
  | { ok: false; status: 409; reason: "inactive"; name: string };

type Actor = { id: string; email: string };
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Deletes the driver's link and their link e-mails not yet sent; whether there was either. */
async function dropLink(tx: Tx, driverId: number): Promise<boolean> {
  // The outbox rows first: a message being prepared holds its row, so this waits for it (driverLinkPreparer).
  const mails = await tx
    .delete(outbox)
    .where(and(eq(outbox.orderId, driverLinkOutboxKey(driverId)), eq(outbox.kind, "driver_link"), eq(outbox.status, "pending")))
    .returning({ id: outbox.id });
  const links = await tx.delete(driverLinks).where(eq(driverLinks.driverId, driverId)).returning({ id: driverLinks.id });
  return mails.length > 0 || links.length > 0;
}

/**
 * 'Send link': the driver's old link stops working, a new one is e-mailed to them through the
 * outbox, and the audit says who sent it. A deactivated driver gets none.
 */
export async function sendDriverLink(
  db: Db,
  driverId: number,
  actor: Actor,
  site: Pick<EmailSite, "siteName" | "phone" | "staff">,
): Promise<DriverLinkOutcome> {
  return db.transaction(async (tx): Promise<DriverLinkOutcome> => {
    const [driver] = await tx.select().from(drivers).where(eq(drivers.id, driverId)).for("update");
    if (!driver) return { ok: false, status: 404, reason: "gone" };
    if (!driver.active) return { ok: false, status: 409, reason: "inactive", name: driver.name };
    await dropLink(tx, driver.id);
    const message = driverLinkEmail(driver, site, newLinkMarker());
    const { manageLink, ...values } = message;
    await tx.insert(outbox).values({ ...values, linkMarker: manageLink, orderId: driverLinkOutboxKey(driver.id) });
    await recordAudit(tx, {
      actorId: actor.id,
      actor: actor.email,
      action: "driver_link_sent",
      detail: `Driver #${driver.id} (${driver.name}): a new link to the day's rides e-mailed; any earlier link no longer works.`,
    });
    return { ok: true, driverId: driver.id, notice: "link_sent" };
  });
}

/** 'Revoke link': the link stops working and a link e-mail not yet sent is not sent. */
export async function revokeDriverLink(db: Db, driverId: number, actor: Actor): Promise<DriverLinkOutcome> {
  return db.transaction(async (tx): Promise<DriverLinkOutcome> => {
    const [driver] = await tx.select().from(drivers).where(eq(drivers.id, driverId)).for("update");
    if (!driver) return { ok: false, status: 404, reason: "gone" };
    if (!(await dropLink(tx, driver.id))) return { ok: true, driverId: driver.id, notice: "no_link" };
    await recordAudit(tx, {
      actorId: actor.id,
      actor: actor.email,
      action: "driver_link_revoked",
      detail: `Driver #${driver.id} (${driver.name}): the link to the day's rides revoked.`,
    });
    return { ok: true, driverId: driver.id, notice: "link_revoked" };
  });
}

/**
 * What the outbox draws as it sends a driver's link e-mail: a new token in place of the marker,
 * its hash replacing the driver's link. A message revoked or replaced since it was claimed is
 * gone from the outbox, and is dropped rather than sent: its row is locked while the link is
 * written, so a revoke waits for it, then deletes the link it wrote.
 */
export function driverLinkPreparer({ db, siteUrl }: { db: Db; siteUrl: string }): PrepareMessage {
  return async (message: OutboxRow) => {
    const driverId = driverIdOfOutboxKey(message.orderId);
    const marker = message.linkMarker;
    if (driverId === null || marker === null) return { drop: "not a driver's link" };
    return db.transaction(async (tx) => {
      const [still] = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.id, message.id), eq(outbox.status, "pending")))
        .for("update");
      if (!still) return { drop: "link revoked or replaced" };
      const { token, hash } = drawManageToken();
      await tx.delete(driverLinks).where(eq(driverLinks.driverId, driverId));
      await tx.insert(driverLinks).values({ driverId, tokenHash: hash });
      return { text: message.body.replaceAll(marker, driverDayUrl(siteUrl, token)) };
    });
  };
}

/** The outbox's one prepare hook: a driver's link e-mail here, every other message by `others`. */
export function withDriverLinks(driverLinks: PrepareMessage, others: PrepareMessage): PrepareMessage {
  return (message) => (message.kind === "driver_link" ? driverLinks(message) : others(message));
}

export const DRIVER_NOT_FOUND = "This link to your rides does not work (any more). Ask the office to send you a new one.";

/**
 * The driver a page under /driver/<token> is for, on the visitor's wrong-link limit that the
 * traveller's links count on too (manage.server.ts): 429 past it, 404 for a malformed, unknown or
 * revoked token, or a deactivated driver's, all alike.
 */
export async function driverOfPage(context: AppLoadContext, token: string | undefined): Promise<LinkDriver> {
  const { booking, clientAddress } = context;
  const limit = await booking.manageMisses.attempt(clientAddress);
  if (!limit.allowed) {
    const sentence = "Too many wrong links from your connection. Please wait a few minutes and try again.";
    throw data(sentence, { status: 429, statusText: sentence, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  }
  let driver: LinkDriver | undefined;
  try {
    driver = token ? await findDriverByToken(await booking.db(), token) : undefined;
  } catch (error) {
    // A look-up that failed judged nothing: not a miss.
    await booking.manageMisses.hit(clientAddress);
    throw error;
  }
  if (!driver) throw data(DRIVER_NOT_FOUND, { status: 404, statusText: DRIVER_NOT_FOUND });
  await booking.manageMisses.hit(clientAddress);
  return driver;
}
