import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import onHeaders from "on-headers";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { BookingServices } from "~/context";
import { DEFAULT_LOCALE, localeOfPath, LOCALES, localizedPath } from "~/domain/locales";
import { isBackOfficePath, isManifestOfTokenPath, isReadableAddress, isTravellerPath, mayHoldTravellerToken } from "~/domain/private-paths";
import { openStaff, type StaffServices } from "~/lib/auth.server";
import { startBackups } from "~/lib/backups.server";
import { embeddedDatabaseDir, openDatabase, type Database } from "~/lib/db.server";
import { createMailTransport, createOutbox } from "~/lib/mail.server";
import { createFleetStore } from "~/lib/fleet.server";
import { createMeetingPointStore } from "~/lib/meeting-points.server";
import { createPaymentProvider } from "~/lib/payments.server";
import { createPriceStore, type PriceStore } from "~/lib/prices.server";
import { createRateLimits } from "~/lib/rate-limits.server";
import { startReminders } from "~/lib/reminders.server";
import { startFlightWatch } from "~/lib/flight-watch.server";
import { flightStatusProvider } from "~/lib/flight-status.server";
import { startRetention } from "~/lib/retention.server";
import { isSameOrigin } from "~/lib/request-guards.server";
import { missingEmailjsKeys, readSettings, SettingsError, type Settings } from "~/lib/settings.server";
import { SANDBOX_SECRET_NAME, sharedSecret } from "~/lib/shared-secrets.server";
import { bookingCalendarMaker, travellerMailPreparer } from "~/lib/traveller-mail.server";
import { driverLinkPreparer, withDriverLinks } from "~/lib/driver-links.server";
import { backupSocketPath, listenForBackupRequests } from "./backup-control";
import { createPageCache, type PageCache } from "./page-cache";
import { securityHeaders } from "./security-headers";

// The commands (`npm run staff`, `npm run backup`, `npm run restore`) run from the built bundle,
// whose entry is this module.
export { runStaffCommand } from "./staff-command";
export { runBackupCommand, runRestoreCommand } from "./backup-command";

declare const __BUILD_DATE__: string;

export interface ServerOptions {
  settings: Settings;
  prices: PriceStore;
  booking: BookingServices;
  staff: StaffServices;
  getBuild: () => Promise<ServerBuild>;
  /** Folder of the built browser files; absent in development, where Vite serves them. */
  clientDir?: string;
  vite?: ViteDevServer;
}

export interface Site {
  /** The Express app. */
  app: express.Express;
  /** The server's request listener: kept pages answered in front of Express, the rest by the app. */
  listener: (req: IncomingMessage, res: ServerResponse) => void;
}

/**
 * The Express app around React Router's request handler. It owns what react-router-serve
 * cannot: security and caching headers, compression and the legacy .php redirect.
 */
export function createServer({ settings, prices, booking, staff, getBuild, clientDir, vite }: ServerOptions): Site {
  const app = express();
  app.disable("x-powered-by");
  // Whose X-Forwarded-For names the visitor (TRUST_PROXY): req.ip, and so the rate limits, rest on it.
  app.set("trust proxy", typeof settings.trustProxy === "number" ? settings.trustProxy : [...settings.trustProxy]);

  app.use(securityHeaders(settings, { dev: Boolean(vite) }));

  // A traveller's booking pages carry a secret token in their address: never kept by a cache, never
  // sent on as a Referer to another site (docs/decisions/0017-manage-links.md). This is the one
  // place both headers come from, for every answer on such an address, whatever answers it after:
  // a page, its data, a redirect after a form post, a file, the refusals below (405, 403, 400). It
  // runs after the security headers, so its Referrer-Policy replaces the site's; app/entry.server.tsx
  // and the routes under /my-booking add no Cache-Control of their own (React Router's adapter
  // appends a route's headers to these). An address that names /my-booking as sent but leads
  // elsewhere once its dot segments are resolved (/my-booking/<token>/../../rates) is no page of
  // ours: it is refused here, so no other page's headers are added to these.
  app.use((req, res, next) => {
    if (isManifestOfTokenPath(req.originalUrl)) {
      // React Router's route discovery names a token page in its query, and React Router itself
      // answers it public for a year: these headers replace its own as the answer is sent.
      onHeaders(res, () => res.set(TRAVELLER_HEADERS));
      return next();
    }
    if (!mayHoldTravellerToken(req.originalUrl)) return next();
    res.set(TRAVELLER_HEADERS);
    if (!isReadableAddress(req.originalUrl)) return plainAnswer(res, 400);
    if (!isTravellerPath(req.originalUrl)) return plainAnswer(res, 404);
    next();
  });

  // A path that is not valid percent-encoding is refused here, before the page cache and the router
  // read it: React Router prints a warning naming such a path, and a traveller's holds a token. So
  // is an address whose decoded path or query holds a NUL or another control or invisible character
  // (app/domain/private-paths.ts, isReadableAddress): no page's address holds one, and a route's
  // parameter reaches a database query, which cannot take a NUL.
  app.use((req, res, next) => {
    if (isReadableAddress(req.originalUrl)) return next();
    plainAnswer(res, 400);
  });

  app.use(compression());

  // The site answers GET, HEAD and POST; any other method (OPTIONS, TRACE, PROPFIND…) is refused
  // here with the methods it does answer, before React Router, which has no use for them.
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "POST") return next();
    res
      .status(405)
      .set({ Allow: "GET, HEAD, POST", "Cache-Control": "no-store" })
      .type("text/plain")
      .send("This address answers only GET, HEAD and POST requests.");
  });

  // A browser's post from another site is refused here, before any route runs.
  // Server-to-server notifications send no Origin and pass.
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const request = {
      url: `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`,
      headers: { get: (name: string) => req.get(name) ?? null },
    };
    if (isSameOrigin(request, settings.siteUrl)) return next();
    if (nullOriginOwnPost(req.get("origin"), req.get("sec-fetch-site"), req.originalUrl)) {
      // React Router refuses an action whose Origin is "null" (its own cross-site check, which
      // reads the header as another origin). The post is judged the site's own here, so it goes
      // on without the header rather than with a check-wide allowance of "null" for every route.
      delete req.headers.origin;
      return next();
    }
    res.status(403).set("Cache-Control", "no-store").type("text/plain").send("This request did not come from our site.");
  });

  // A post to the back office must say it comes from the site itself, by its Origin or its
  // Sec-Fetch-Site: a request with neither is not a browser's form. (Its pages, redirects and
  // errors say no-store themselves: app/entry.server.tsx.)
  // The path is read as the router will match it (case, %XX escapes and dot segments:
  // app/domain/private-paths.ts), so that no spelling of a back-office address escapes the check.
  app.use((req, res, next) => {
    if (req.method !== "POST" || !isBackOfficePath(req.originalUrl)) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    const own = [new URL(settings.siteUrl).origin, `${req.protocol}://${req.get("host") ?? ""}`];
    if ((origin && own.includes(origin)) || (!origin && fetchSite === "same-origin")) return next();
    res.status(403).set("Cache-Control", "no-store").type("text/plain").send("This request did not come from our site.");
  });

  // Old payment provider configurations still return visitors to the PHP path, in any language.
  const prefixes = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).join("|");
  app.all(new RegExp(`^/(?:(${prefixes})/)?response_bank_ok_ko\\.php$`, "i"), (req, res) => {
    const query = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
    res.redirect(308, `${localizedPath(localeOfPath(req.path), "/response_bank_ok_ko")}${query}`);
  });

  if (vite) {
    app.use(vite.middlewares);
  } else if (clientDir) {
    // Hashed file names change with their content, so they can be cached for a year.
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    // Every file of build/client has an extension: a page's path (no dot in its last segment)
    // goes on to the pages without a file-system look-up.
    const files = express.static(clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? files(req, res, next) : next()));
  }

  const context = (nonce: string, clientAddress: string) => ({ settings, prices, booking, staff, nonce, clientAddress });
  const routerHandler = (build: ServerBuild | (() => Promise<ServerBuild>)) =>
    createRequestHandler({
      build,
      getLoadContext: (req, res) => context(String(res.locals.nonce ?? ""), req.ip ?? req.socket.remoteAddress ?? "unknown"),
      mode: vite ? "development" : "production",
    });
  let cache: PageCache | undefined;
  if (vite) {
    // Development renders every request afresh, so edits show at once.
    app.all("/{*splat}", routerHandler(getBuild));
  } else {
    // Given the build itself rather than a function, React Router derives its route tables once.
    // Pages that depend only on their URL and the price file are answered from the page cache.
    let handler: express.RequestHandler | undefined;
    const ready = getBuild().then((build) => {
      cache = createPageCache({
        build,
        loadContext: () => context("", "page-cache"),
        // The airport pages show the meeting points too, and the cars page the fleet: an edit of any is a new version.
        version: () => {
          const [priceFile, meetingPoints, fleet] = [prices.fresh(), booking.meetingPoints.fresh(), booking.fleet.fresh()];
          if (priceFile && meetingPoints && fleet) return `${priceFile.etag}${meetingPoints.etag}${fleet.etag}`;
          return Promise.all([prices.get(), booking.meetingPoints.get().catch(() => null), booking.fleet.get()]).then(
            ([file, points, vehicles]) => `${file.etag}${points?.etag ?? ""}${vehicles.etag}`,
          );
        },
        origin: settings.siteUrl,
      });
      handler = routerHandler(build);
    });
    ready.catch(() => undefined); // reported by the request that waits for it
    const whenReady =
      (use: () => express.RequestHandler | undefined): express.RequestHandler =>
      (req, res, next) => {
        const middleware = use();
        if (middleware) return middleware(req, res, next);
        ready.then(() => use()!(req, res, next), next);
      };
    app.use(whenReady(() => cache?.middleware));
    app.all(
      "/{*splat}",
      whenReady(() => handler),
    );
  }

  // What reaches Express's own error page gets one plain sentence instead of the error's name
  // and, outside production, its stack.
  const plainError: express.ErrorRequestHandler = (error: { status?: unknown }, _req, res, next) => {
    if (res.headersSent) return next(error);
    const status = typeof error?.status === "number" && error.status >= 400 && error.status < 600 ? error.status : 500;
    if (status >= 500) console.error(`Request failed: ${(error as Error).name ?? "Error"}`);
    plainAnswer(res, status);
  };
  app.use(plainError);

  // An address that cannot be read goes straight to Express, which refuses it (above).
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    if (cache && isReadableAddress(req.url ?? "/")) cache.handle(req, res, () => app(req, res));
    else app(req, res);
  };
  return { app, listener };
}

/** The headers of every answer on an address that may hold a traveller's token. */
const TRAVELLER_HEADERS = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } as const;

/** The site's plain answer to a request it cannot serve: one sentence, never stored. */
function plainAnswer(res: express.Response, status: number): void {
  res
    .status(status)
    .set("Cache-Control", "no-store")
    .type("text/plain")
    .send(
      status < 500
        ? "This address could not be read. Please check it and try again."
        : "Something went wrong on our side. Please try again in a moment.",
    );
}

/**
 * A page under `Referrer-Policy: no-referrer` posts its own forms with `Origin: null`. Such a post
 * is the site's own when the browser says so by `Sec-Fetch-Site: same-origin`. A browser too old
 * to send Sec-Fetch-Site is let through on the traveller's pages only: a post there names its
 * booking by the secret token in its path, which another site cannot know, and the 'Lost your
 * link?' form only sends a link to the booking's own address.
 */
export function nullOriginOwnPost(origin: string | undefined, fetchSite: string | undefined, originalUrl: string): boolean {
  if (origin !== "null") return false;
  if (fetchSite) return fetchSite === "same-origin";
  return isTravellerPath(originalUrl);
}

function buildDate(): string | undefined {
  return typeof __BUILD_DATE__ === "string" ? __BUILD_DATE__ : undefined;
}

/** Reads the settings, opens the database, starts listening, and stops cleanly on SIGTERM/SIGINT. */
export async function main(
  options: { vite?: ViteDevServer; getBuild?: () => Promise<ServerBuild>; /** NODE_ENV, as the launcher set it. */ mode?: string } = {},
) {
  let settings: Settings;
  try {
    settings = readSettings(process.env, { buildDate: buildDate() });
  } catch (error) {
    if (error instanceof SettingsError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const missing = missingEmailjsKeys(settings);
  if (missing.length > 0) {
    console.warn(`Contact e-mail is not configured (unset: ${missing.join(", ")}); sends fail except on port 3000.`);
  }

  const prices = createPriceStore(settings.pricesCsv);
  // A traveller must never be told of no meeting point: without a good file the server does not start.
  const meetingPoints = createMeetingPointStore(settings.meetingPointsCsv);
  try {
    await meetingPoints.get();
  } catch (error) {
    console.error(`The meeting points could not be loaded (MEETING_POINTS_CSV): ${(error as Error).message}`);
    process.exit(1);
  }
  // The database opens, and is migrated, before the server listens: a load balancer sends no
  // visitor to an instance that cannot yet count its rate limits, verify a sandbox payment or
  // store a booking. Without it the site cannot take bookings: stop, and let the supervisor say why.
  let database: Database;
  let sandboxSecret: string;
  let staff: StaffServices;
  try {
    database = await openDatabase({ databaseUrl: settings.databaseUrl, pgliteDir: embeddedDatabaseDir(settings.dataDir), log: console });
    sandboxSecret = await sharedSecret(database.db, SANDBOX_SECRET_NAME);
    staff = await openStaff(database.db, settings, console);
  } catch (error) {
    console.error(`The booking database could not be opened: ${(error as Error).message}`);
    process.exit(1);
  }
  console.log(`Bookings are stored in ${database.kind === "postgres" ? "PostgreSQL" : `PGlite under ${settings.dataDir}`}.`);
  const outbox = createOutbox({
    db: database.db,
    transport: createMailTransport(settings.smtpUrl),
    from: settings.mailFrom,
    log: console,
    prepare: withDriverLinks(
      driverLinkPreparer({ db: database.db, siteUrl: settings.siteUrl }),
      travellerMailPreparer({ db: database.db, siteUrl: settings.siteUrl, calendar: bookingCalendarMaker(settings, meetingPoints) }),
    ),
  });
  outbox.start();
  // Personal data the site no longer needs goes now and every hour (docs/product.md, Personal data).
  const retention = startRetention({ db: database.db, periods: settings.retention, log: console });
  // The embedded database's daily backup, and the ones `npm run backup` asks for (docs/product.md, Backups).
  const dump = database.dumpDataFolder;
  const backups = dump ? startBackups({ dump, backup: settings.backup, log: console }) : null;
  const backupRequests = backups ? await listenForBackupRequests(backupSocketPath(settings.dataDir), backups.takeNow, console) : null;
  // Counted in the database, so that every instance counts a visitor together.
  const limits = createRateLimits(database.db);
  // Passes started by a payment, awaited at shutdown so a send is not cut off.
  const wakes = new Set<Promise<void>>();
  const booking: BookingServices = {
    db: async () => database.db,
    payments: createPaymentProvider(settings, sandboxSecret),
    limiter: limits.booking,
    paymentPageLimiter: limits.paymentPage,
    manageMisses: limits.manageMisses,
    lostLink: limits.lostLink,
    lostLinkBooking: limits.lostLinkBooking,
    meetingPoints,
    fleet: createFleetStore(async () => database.db),
    wakeOutbox: () => {
      const pass = outbox
        .runOnce()
        .then(() => undefined)
        .catch((error: unknown) => console.error("Outbox pass failed:", (error as Error).name));
      wakes.add(pass);
      void pass.finally(() => wakes.delete(pass));
    },
  };
  // Each leg's reminder the day before its pickup, written once per leg whatever the number of
  // instances (docs/product.md, Reminders).
  const reminders = startReminders({ db: database.db, settings, meetingPoints, log: console, wakeOutbox: booking.wakeOutbox });
  // Arriving flights followed with the flight status provider, when its key is set (docs/product.md,
  // Flight delays); without one, staff enter a new landing time and the pages link to a tracker.
  const provider = flightStatusProvider(settings, (message) => console.error(message));
  const flights = provider
    ? startFlightWatch({ db: database.db, provider, settings, meetingPoints, log: console, wakeOutbox: booking.wakeOutbox })
    : null;

  const here = path.dirname(fileURLToPath(import.meta.url));
  const getBuild = options.getBuild ?? (async () => (await import("virtual:react-router/server-build")) as unknown as ServerBuild);
  const site = createServer({
    settings,
    prices,
    booking,
    staff,
    getBuild,
    vite: options.vite,
    clientDir: options.vite ? undefined : path.resolve(here, "../client"),
  });

  const server = createHttpServer(site.listener);
  // The server must stop when the port cannot be had (another process holds it), not report
  // itself listening while the other process answers.
  server.once("error", (error: NodeJS.ErrnoException) => {
    const reason = error.code === "EADDRINUSE" ? "another process is using it" : error.message;
    console.error(`Cannot listen on ${settings.host}:${settings.port}: ${reason}. Set PORT to a free port.`);
    process.exit(1);
  });
  server.listen(settings.port, settings.host, () => {
    console.log(`${settings.siteName} listening on http://${settings.host}:${settings.port} (${options.mode ?? "production"})`);
  });
  // Node closes an idle keep-alive connection after 5 s, which could reset a connection a load
  // balancer or browser is reusing at that moment. Outlast the 60 s idle timeout of common load
  // balancers and browsers instead, so that they always close first; the headers timeout must
  // stay above it.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const stop = () => {
    server.close(() => {
      limits.stop();
      void reminders
        .stop()
        .then(() => flights?.stop())
        .then(() => Promise.all([...wakes]))
        .then(() => outbox.stop())
        .then(() => retention.stop())
        .then(() => backupRequests?.close())
        .then(() => backups?.stop())
        .then(() => database.close())
        .finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  return server;
}
