import { createHash } from "node:crypto";
import type { RequestHandler as ExpressHandler } from "express";
import type { AppLoadContext } from "react-router";
import { createRequestHandler, type ServerBuild } from "react-router";

/**
 * Pages with no per-request data, rendered once per process and then served from memory
 * (docs/decisions/0002-runtime-settings-no-build-time-prerender.md). A page qualifies when, for a
 * path without a query string, it renders 200 with no React Router scripts (the routes marked
 * STATIC_PAGE): nothing in it can depend on the request. Its inline <style> is allowed by hash
 * instead of a nonce, since the same bytes go to every visitor.
 */
interface Cached {
  html: Buffer;
  etag: string;
  styleHash: string;
}

const MAX_PATHS = 200;

export function prerenderedPages(options: {
  getBuild: () => Promise<ServerBuild>;
  loadContext: (nonce: string) => AppLoadContext;
  mode: string;
}): ExpressHandler {
  const handler = createRequestHandler(options.getBuild, options.mode);
  const pages = new Map<string, Cached>();
  const dynamic = new Set<string>();
  const pending = new Map<string, Promise<Cached | null>>();

  async function render(path: string, origin: string): Promise<Cached | null> {
    const response = await handler(new Request(new URL(path, origin)), options.loadContext(""));
    const html = await response.text();
    if (response.status !== 200 || html.includes("__reactRouterContext") || !/^text\/html/.test(response.headers.get("content-type") ?? "")) {
      return null;
    }
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    return {
      html: Buffer.from(html),
      etag: `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`,
      styleHash: `'sha256-${createHash("sha256").update(style).digest("base64")}'`,
    };
  }

  return (req, res, next) => {
    const path = req.path;
    if ((req.method !== "GET" && req.method !== "HEAD") || req.originalUrl !== path || dynamic.has(path)) return next();
    const cached = pages.get(path);
    const serve = (page: Cached) => {
      // No inline script on these pages: the nonce goes; the style is allowed by its hash.
      const csp = String(res.getHeader("Content-Security-Policy") ?? "")
        .split(";")
        .map((d) =>
          d.startsWith("style-src") ? d.replace(/'nonce-[^']*'/, page.styleHash) : d.replace(/ ?'nonce-[^']*'/, ""),
        )
        .join(";");
      res.setHeader("Content-Security-Policy", csp);
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.setHeader("Cache-Control", "no-cache");
      res.setHeader("ETag", page.etag);
      if (req.headers["if-none-match"] === page.etag) return void res.status(304).end();
      res.status(200).end(req.method === "HEAD" ? undefined : page.html);
    };
    if (cached) return serve(cached);
    if (pages.size + dynamic.size >= MAX_PATHS) return next();
    let attempt = pending.get(path);
    if (!attempt) {
      attempt = render(path, `${req.protocol}://${req.get("host") ?? "localhost"}`).finally(() => pending.delete(path));
      pending.set(path, attempt);
    }
    attempt.then(
      (page) => {
        if (page) {
          pages.set(path, page);
          serve(page);
        } else {
          dynamic.add(path);
          next();
        }
      },
      (error: unknown) => next(error),
    );
  };
}
