import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { BookingServices } from "~/context";
import { openDatabase } from "~/lib/db.server";
import { createMailTransport, createOutbox } from "~/lib/mail.server";
import { createPaymentProvider } from "~/lib/payments.server";
import { createPriceStore, type PriceStore } from "~/lib/prices.server";
import { createRateLimiter, isSameOrigin } from "~/lib/request-guards.server";
import { missingEmailjsKeys, readSettings, SettingsError, type Settings } from "~/lib/settings.server";
import { createPageCache } from "./page-cache";
import { prerenderedPages } from "./prerender";
import { securityHeaders } from "./security-headers";

declare const __BUILD_DATE__: string;

export interface ServerOptions {
  settings: Settings;
  prices: PriceStore;
  booking: BookingServices;
  getBuild: () => Promise<ServerBuild>;
  /** Folder of the built browser files; absent in development, where Vite serves them. */
  clientDir?: string;
  vite?: ViteDevServer;
}

/**
 * The Express app around React Router's request handler. It owns what react-router-serve
 * cannot: security and caching headers, compression and the legacy .php redirect.
 */
export function createServer({ settings, prices, booking, getBuild, clientDir, vite }: ServerOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");

  app.use(securityHeaders(settings, { dev: Boolean(vite) }));
  app.use(compression());

  // A browser's post from another site is refused here, before any route runs (issue 6).
  // Server-to-server notifications send no Origin and pass.
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const request = {
      url: `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`,
      headers: { get: (name: string) => req.get(name) ?? null },
    };
    if (isSameOrigin(request, settings.siteUrl)) return next();
    res.status(403).type("text/plain").send("This request did not come from our site.");
  });

  // Old payment provider configurations still return visitors to the PHP path.
  app.all("/response_bank_ok_ko.php", (req, res) => {
    const query = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
    res.redirect(308, `/response_bank_ok_ko${query}`);
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

  app.use((_req, res, next) => {
    // Pages are revalidated on every visit (prices and settings change without a rebuild), unless
    // the route said otherwise; decided as the headers leave, so a route's own header wins.
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "no-cache");
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  });

  const context = (nonce: string, clientAddress: string) => ({ settings, prices, booking, nonce, clientAddress });
  // Rendered pages that depend only on their URL and the price file, kept per price-file version
  // and answered again with a fresh nonce (docs/decisions/0010-rendered-page-cache.md). In
  // development it only removes the routes' marker header.
  const rendered = createPageCache({
    version: async () => (await prices.get()).etag,
    nonceOf: (res) => (res as unknown as { locals?: { nonce?: unknown } }).locals?.nonce as string | undefined,
    keep: !vite,
  });
  app.use(rendered.middleware);
  // Development renders every request afresh, so edits show at once.
  if (!vite) {
    const pages = prerenderedPages({ getBuild, loadContext: (nonce) => context(nonce, "prerender"), mode: "production" });
    app.use(pages.middleware);
    // A page already in memory is answered before Express runs at all, with the headers Express
    // gave it (docs/decisions/0008-prerendered-fast-path.md). `app(req, res)` calls app.handle.
    type Handle = (req: IncomingMessage, res: ServerResponse, next?: unknown) => void;
    const inner = app as unknown as { handle: Handle };
    const handle = inner.handle.bind(app);
    inner.handle = (req, res, next) => {
      if (next === undefined && (pages.serve(req, res) || rendered.serve(req, res, () => handle(req, res)))) return;
      handle(req, res, next);
    };
  }
  const routerHandler = (build: ServerBuild | (() => Promise<ServerBuild>)) =>
    createRequestHandler({
      build,
      getLoadContext: (req, res) => context(String(res.locals.nonce ?? ""), req.ip ?? req.socket.remoteAddress ?? "unknown"),
      mode: vite ? "development" : "production",
    });
  if (vite) {
    app.all("/{*splat}", routerHandler(getBuild));
  } else {
    // Given a function, React Router re-derives its route tables on every request; given the
    // build itself, once.
    let handler: express.RequestHandler | undefined;
    const ready = getBuild().then((build) => (handler = routerHandler(build)));
    ready.catch(() => undefined); // reported by the request that waits for it
    app.all("/{*splat}", (req, res, next) => {
      if (handler) return handler(req, res, next);
      ready.then((h) => h(req, res, next), next);
    });
  }

  // What reaches Express's own error page (an address that is not valid percent-encoding, say)
  // gets one plain sentence instead of the error's name and, outside production, its stack.
  const plainError: express.ErrorRequestHandler = (error: { status?: unknown }, _req, res, next) => {
    if (res.headersSent) return next(error);
    const status = typeof error?.status === "number" && error.status >= 400 && error.status < 600 ? error.status : 500;
    if (status >= 500) console.error(`Request failed: ${(error as Error).name ?? "Error"}`);
    res
      .status(status)
      .type("text/plain")
      .send(
        status < 500
          ? "This address could not be read. Please check it and try again."
          : "Something went wrong on our side. Please try again in a moment.",
      );
  };
  app.use(plainError);

  return app;
}

function buildDate(): string | undefined {
  return typeof __BUILD_DATE__ === "string" ? __BUILD_DATE__ : undefined;
}

/** Reads the settings, starts listening, and stops cleanly on SIGTERM/SIGINT. */
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
  // Listen at once; the database opens beside it (a new PGlite folder takes seconds to create).
  const opening = openDatabase({ databaseUrl: settings.databaseUrl, pgliteDir: path.join(settings.dataDir, "pglite") });
  opening.then(
    (database) =>
      console.log(`Bookings are stored in ${database.kind === "postgres" ? "PostgreSQL" : `PGlite under ${settings.dataDir}`}.`),
    (error: unknown) => {
      // Without its database the site cannot take bookings: stop, and let the supervisor say why.
      console.error(`The booking database could not be opened: ${(error as Error).message}`);
      process.exit(1);
    },
  );
  const outbox = opening.then((database) => {
    const box = createOutbox({
      db: database.db,
      transport: createMailTransport(settings.smtpUrl),
      from: settings.mailFrom,
      log: console,
    });
    box.start();
    return box;
  });
  // Passes started by a payment, awaited at shutdown so a send is not cut off.
  const wakes = new Set<Promise<void>>();
  const booking: BookingServices = {
    db: async () => (await opening).db,
    payments: createPaymentProvider(settings),
    limiter: createRateLimiter({ limit: 30, windowMs: 60_000 }),
    wakeOutbox: () => {
      const pass = outbox
        .then((box) => box.runOnce())
        .then(() => undefined)
        .catch((error: unknown) => console.error("Outbox pass failed:", (error as Error).name));
      wakes.add(pass);
      void pass.finally(() => wakes.delete(pass));
    },
  };

  const here = path.dirname(fileURLToPath(import.meta.url));
  const getBuild = options.getBuild ?? (async () => (await import("virtual:react-router/server-build")) as unknown as ServerBuild);
  const app = createServer({
    settings,
    prices,
    booking,
    getBuild,
    vite: options.vite,
    clientDir: options.vite ? undefined : path.resolve(here, "../client"),
  });

  // Express 5 calls back with the error when the port cannot be had (another process holds it):
  // the server must then stop, not report itself listening while the other process answers.
  const server = app.listen(settings.port, settings.host, (error?: Error) => {
    if (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const reason = code === "EADDRINUSE" ? "another process is using it" : error.message;
      console.error(`Cannot listen on ${settings.host}:${settings.port}: ${reason}. Set PORT to a free port.`);
      process.exit(1);
    }
    console.log(`${settings.siteName} listening on http://${settings.host}:${settings.port} (${options.mode ?? "production"})`);
  });
  // Node closes an idle keep-alive connection after 5 s. A block of the event loop (opening a new
  // PGlite folder takes seconds) could then reset a connection a browser or proxy is reusing at
  // that moment. Outlast the 60 s idle timeout of common proxies and browsers instead; the headers
  // timeout must stay above it.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const stop = () => {
    server.close(() => {
      void Promise.all([...wakes])
        .then(() => outbox)
        .then((box) => box.stop())
        .then(() => opening)
        .then((database) => database.close())
        .finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  return server;
}
