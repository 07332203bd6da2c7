import { createHmac, randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer as createHttpServer, request as httpRequest, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { count, eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { inject } from "vitest";
import { outbox } from "../../db/schema";
import { startSmtp, type TestSmtp } from "../support/smtp";
import { type BuiltServer, freePort, startBuiltServer } from "../../scripts/built-server.mjs";
import { createThrowawayDatabase, type ThrowawayDatabase } from "../../scripts/throwaway-database.mjs";
import type { createServer as CreateServer } from "../../server/app";
import type { BookingServices } from "~/context";
import { initialDraft, setFlightTime, setLegDate } from "~/domain/booking/draft";
import type { BookingDraft } from "~/domain/booking/fields";
import { addDays, parisToday } from "~/domain/booking/paris-time";
import { priceRequestOf } from "~/domain/booking/price-request";
import { parsePriceFile, type PriceRow } from "~/domain/pricing/csv";
import { quote, type PriceRequest } from "~/domain/pricing/pricing";
import { openStaff, type StaffServices } from "~/lib/auth.server";
import { openDatabase, type Database, type Db } from "~/lib/db.server";
import { createMailTransport, createOutbox } from "~/lib/mail.server";
import { createFleetStore } from "~/lib/fleet.server";
import { createMeetingPointStore } from "~/lib/meeting-points.server";
import type { createPaymentProvider as CreatePaymentProvider } from "~/lib/payments.server";
import { createPriceStore } from "~/lib/prices.server";
import { createRateLimits } from "~/lib/rate-limits.server";
import { bookingCalendarMaker, travellerMailPreparer } from "~/lib/traveller-mail.server";
import { driverLinkPreparer, withDriverLinks } from "~/lib/driver-links.server";
import type { readSettings as ReadSettings } from "~/lib/settings.server";
import { activeCapacities, FIRST_FLEET } from "~/domain/fleet";

const FIRST_FLEET_CAPACITIES = activeCapacities(FIRST_FLEET);

// ---------------------------------------------------------------------------------------------
// The built site (a private copy made by global-setup.ts)

export function siteRoot(): string {
  return inject("siteRoot");
}

/** The price file the servers read, parsed with the pricing module's own parser. */
let priceRows: readonly PriceRow[] | null = null;
export function prices(): readonly PriceRow[] {
  priceRows ??= parsePriceFile(readFileSync(path.join(siteRoot(), "data/prices.csv"), "utf8")).rows;
  return priceRows;
}

/** The pricing module's card price for what a draft asks (what the server must charge). */
export function serverPrice(draft: BookingDraft): number {
  return quote(prices(), priceRequestOf(draft, FIRST_FLEET_CAPACITIES)).cb;
}

export function priceOf(request: PriceRequest): number {
  return quote(prices(), request).cb;
}

// ---------------------------------------------------------------------------------------------
// Processes

export type ChildServer = BuiltServer;

/**
 * The built server of the private copy, as production runs it (`node server/index.js`, a clean
 * environment), on a free port unless given; `env` adds settings (DATA_DIR, DATABASE_URL…).
 */
export function startChildServer(env: Record<string, string>, options: { port?: number; timeoutMs?: number } = {}): Promise<ChildServer> {
  return startBuiltServer({ root: siteRoot(), env, port: options.port, timeoutMs: options.timeoutMs ?? 150_000 });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `read` until `done` holds of its value or the time runs out; returns the last value. */
export async function waitFor<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(100);
  }
}

// ---------------------------------------------------------------------------------------------
// The built server in this process, with a database the test holds too

interface BundleExports {
  readSettings: typeof ReadSettings;
  createPaymentProvider: typeof CreatePaymentProvider;
}

/** The bundle's own functions, by name (its chunk exports carry minified aliases). */
async function bundleExports(root: string): Promise<{ createServer: typeof CreateServer; build: ServerBuild } & BundleExports> {
  const assets = path.join(root, "build/server/assets");
  const load = async (file: string) => (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Record<string, unknown>;
  const index = await load(path.join(root, "build/server/index.js"));
  const found: Record<string, unknown> = {};
  for (const file of readdirSync(assets).filter((f) => f.endsWith(".js"))) {
    const chunk = await load(path.join(assets, file));
    // The server build chunk's own exports (routes, entry, future…) are what main() hands React Router.
    if (file.startsWith("server-build-") && "routes" in chunk && "future" in chunk) found.build = chunk;
    for (const value of Object.values(chunk)) {
      if (typeof value === "function" && value.name) found[value.name] ??= value;
    }
  }
  for (const name of ["readSettings", "createPaymentProvider", "build"]) {
    if (!found[name]) throw new Error(`The built bundle has no ${name}: has the server's wiring changed?`);
  }
  return { createServer: index.createServer as typeof CreateServer, ...(found as unknown as BundleExports & { build: ServerBuild }) };
}

export interface InProcessServer {
  url: string;
  database: Database;
  services: BookingServices;
  staff: StaffServices;
  close(): Promise<void>;
}

/**
 * The built app (createServer from build/server/index.js, with the bundle's own settings reader
 * and payment providers, and the shared rate limits) wired as main() wires it, but in this process, so the test
 * reads the very PGlite database the server writes. `database` may be shared by two servers.
 */
export async function startInProcessServer(options: {
  env: Record<string, string>;
  database?: Database;
  dataDir: string;
}): Promise<InProcessServer> {
  const root = siteRoot();
  const bundle = await bundleExports(root);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const settings = bundle.readSettings(
    { HOST: "127.0.0.1", PORT: String(port), SITE_URL: url, DATA_DIR: options.dataDir, PRICES_CSV: "data/prices.csv", ...options.env },
    { cwd: root },
  );
  const ownDatabase = !options.database;
  const database =
    options.database ?? (await openDatabase({ databaseUrl: settings.databaseUrl, pgliteDir: path.join(settings.dataDir, "pglite") }));
  const quiet = { info: () => undefined, warn: () => undefined, error: (m: string) => console.error(m) };
  const outbox = createOutbox({
    db: database.db,
    transport: createMailTransport(settings.smtpUrl),
    from: settings.mailFrom,
    log: quiet,
    prepare: withDriverLinks(
      driverLinkPreparer({ db: database.db, siteUrl: settings.siteUrl }),
      travellerMailPreparer({
        db: database.db,
        siteUrl: settings.siteUrl,
        calendar: bookingCalendarMaker(settings, createMeetingPointStore(settings.meetingPointsCsv)),
      }),
    ),
  });
  outbox.start();
  // The limits need no identity of the bundle's (no instanceof): the source module counts alike.
  const limits = createRateLimits(database.db);
  const services: BookingServices = {
    db: async () => database.db,
    payments: bundle.createPaymentProvider(settings),
    limiter: limits.booking,
    paymentPageLimiter: limits.paymentPage,
    manageMisses: limits.manageMisses,
    lostLink: limits.lostLink,
    lostLinkBooking: limits.lostLinkBooking,
    meetingPoints: createMeetingPointStore(settings.meetingPointsCsv),
    fleet: createFleetStore(async () => database.db),
    wakeOutbox: () => void outbox.runOnce().catch((error: unknown) => console.error("Outbox pass failed:", (error as Error).message)),
  };
  const staff = await openStaff(database.db, settings, { log: () => undefined, warn: () => undefined });
  const site = bundle.createServer({
    settings,
    prices: createPriceStore(settings.pricesCsv),
    booking: services,
    staff,
    getBuild: async () => bundle.build,
    clientDir: path.join(root, "build/client"),
  });
  const server: Server = await new Promise((resolve) => {
    const s = createHttpServer(site.listener).listen(port, "127.0.0.1", () => resolve(s));
  });
  return {
    url,
    database,
    services,
    staff,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await outbox.stop();
      limits.stop();
      if (ownDatabase) await database.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: a fresh database per run

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || null;
export const NO_POSTGRES = "skipped: TEST_DATABASE_URL is unset (e.g. postgres://postgres@127.0.0.1:5432/test)";

export type TestDatabase = ThrowawayDatabase;

/** CREATE DATABASE navette_it_<random> on TEST_DATABASE_URL's server; drop() removes it. */
export async function createTestDatabase(prefix = "navette_it"): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL is unset");
  return createThrowawayDatabase(TEST_DATABASE_URL, prefix);
}

// ---------------------------------------------------------------------------------------------
// Bookings as the form posts them

export const ORLY = "Orly Airport (ORY)";
export const DISNEYLAND = "Disneyland Paris";

let tokenCount = 0;
/** A submission token no other post of this run carries. */
export function newToken(): string {
  return `it-${randomUUID()}-${++tokenCount}`;
}

/**
 * A complete, valid draft as the booking form posts it: Orly → Disneyland Paris, private, one
 * way, one adult, a flight landing at 10:00 three days ahead, dropped at the Disneyland Hotel.
 * The posted prices are the screen's own quote.
 */
export function validDraft(token: string, now = new Date(), edits: BookingDraft = {}): BookingDraft {
  let draft = initialDraft({ depart: ORLY, arrive: DISNEYLAND, private_shuttle: "1", hotel: "disneyland-hotel" }, { now });
  draft = setLegDate(draft, 1, addDays(parisToday(now), 3));
  draft = setFlightTime(draft, "pu", 1, "10:00");
  const suffix = token
    .replace(/[^a-z0-9]/gi, "")
    .slice(-12)
    .toLowerCase();
  Object.assign(draft, {
    city_vol_pu_1: "London",
    num_vol_pu_1: "BA 304",
    lastname: "Martin",
    firstname: "Claire",
    email: `claire.${suffix}@example.com`,
    phone_mobile: "+33 6 12 34 56 78",
    submission_token: token,
  });
  const q = quote(prices(), priceRequestOf(draft, FIRST_FLEET_CAPACITIES));
  Object.assign(draft, { prix_cb: String(q.cb), prix_cash: String(q.cash) }, edits);
  return draft;
}

export function formBody(draft: BookingDraft): string {
  return new URLSearchParams(Object.entries(draft)).toString();
}

let addressCount = Math.floor(Math.random() * 1_000_000);
/** A client address of its own, sent as X-Forwarded-For (trusted from loopback), for the rate limit. */
export function nextAddress(): string {
  const n = ++addressCount;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export const FORM = "application/x-www-form-urlencoded";

/** POSTs a body to the booking endpoint as the site's own form would, without following redirects. */
export function postBooking(base: string, body: BodyInit, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}/api/booking`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": FORM, origin: base, "x-forwarded-for": nextAddress(), "accept-encoding": "identity", ...headers },
    body,
  });
}

/**
 * POSTs a body with chunked transfer encoding (no Content-Length), resolving with the status as
 * soon as the server answers, even if it answers before the body is all sent and then closes.
 */
export function chunkedPost(url: string, body: Buffer, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: "POST", headers: { ...headers, "transfer-encoding": "chunked" } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    // Writing on after the server has answered and closed is expected; only a missing answer fails.
    request.on("error", (error) => setTimeout(() => reject(error), 1000));
    let offset = 0;
    const writeMore = () => {
      while (offset < body.length) {
        const chunk = body.subarray(offset, offset + 4096);
        offset += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", writeMore);
      }
      request.end();
    };
    writeMore();
  });
}

export const ORDER_LOCATION = /^\/payment\/(NV-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6})$/;

/** The order id of a 303 to the sandbox payment page, or null. */
export function orderIdOf(response: Response): string | null {
  if (response.status !== 303) return null;
  return ORDER_LOCATION.exec(response.headers.get("location") ?? "")?.[1] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Payment notifications

export interface SandboxNotice {
  eventId: string;
  orderId: string;
  amountCents: number;
  currency: string;
  issuedAt: number;
}

export function sandboxNotice(orderId: string, amountCents: number, edits: Partial<SandboxNotice> = {}): string {
  const notice: SandboxNotice = {
    eventId: `sbx_it_${randomUUID()}`,
    orderId,
    amountCents,
    currency: "EUR",
    issuedAt: Math.floor(Date.now() / 1000),
    ...edits,
  };
  return JSON.stringify(notice);
}

export function hmacHex(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

// ---------------------------------------------------------------------------------------------
// A real SMTP server in the test process

export { type ReceivedMail, startSmtp, type TestSmtp } from "../support/smtp";

/** What a suite runs against: a sandbox site and a Stripe site on one database the test reads. */
export interface TwoSites {
  url: string;
  stripeUrl: string;
  db: Db;
  smtp: TestSmtp;
  sandboxSecret: string;
  businessEmail: string;
  /** The servers' logs, when they run as child processes. */
  logs: (() => string) | null;
  close(): Promise<void>;
}

/**
 * A sandbox site and a Stripe site (`stripe`: its two keys) on one database, each e-mailing the
 * test's SMTP server; `name` tells the runs' folders, databases and business addresses apart.
 * On PGlite the built app runs in this process (PGlite admits one); on PostgreSQL the built
 * server runs as production runs it (`node server/index.js` with DATABASE_URL), on a database
 * created for the run and dropped after.
 */
export async function startTwoSites(options: {
  on: "pglite" | "postgres";
  name: string;
  stripe: { STRIPE_SECRET_KEY: string; STRIPE_WEBHOOK_SECRET: string };
  env?: Record<string, string>;
}): Promise<TwoSites> {
  const { on, name, stripe } = options;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `navette-it-${name}-${on}-`));
  const smtp = await startSmtp();
  const sandboxSecret = `it-${name}-secret-${process.pid}-${Date.now()}`;
  const businessEmail = `${name}-${on}@navette.example`;
  const common = { SMTP_URL: smtp.url, SITE_EMAIL: businessEmail, ...options.env };
  if (on === "pglite") {
    const sandbox = await startInProcessServer({ dataDir, env: { ...common, PAYMENT_SANDBOX_SECRET: sandboxSecret } });
    const stripeSite = await startInProcessServer({ dataDir, database: sandbox.database, env: { ...common, ...stripe } });
    return {
      url: sandbox.url,
      stripeUrl: stripeSite.url,
      db: sandbox.database.db,
      smtp,
      sandboxSecret,
      businessEmail,
      logs: null,
      async close() {
        await stripeSite.close();
        await sandbox.close();
        await smtp.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const database = await createTestDatabase(`navette_it_${name}`);
  const onPostgres = { ...common, DATABASE_URL: database.url, DATA_DIR: dataDir };
  const sandbox = await startChildServer({ ...onPostgres, PAYMENT_SANDBOX_SECRET: sandboxSecret });
  const stripeSite = await startChildServer({ ...onPostgres, ...stripe });
  const reader = await openDatabase({ databaseUrl: database.url, pgliteDir: null });
  return {
    url: sandbox.url,
    stripeUrl: stripeSite.url,
    db: reader.db,
    smtp,
    sandboxSecret,
    businessEmail,
    logs: () => sandbox.output() + stripeSite.output(),
    async close() {
      await Promise.all([sandbox.stop(), stripeSite.stop()]);
      await reader.close();
      await smtp.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Lets the e-mails of the last payments leave (up to 10 s) before the sites and their SMTP server go. */
export async function closeAfterMail(sites: TwoSites): Promise<void> {
  await waitFor(
    async () => (await sites.db.select({ n: count() }).from(outbox).where(eq(outbox.status, "pending")))[0]?.n ?? 0,
    (n) => n === 0,
    10_000,
  );
  await sites.close();
}
