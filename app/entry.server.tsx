import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceContext } from "~/components/nonce";
import { isBackOfficePath, isTravellerPath } from "~/domain/private-paths";
import { finishDocument } from "./finish-document.server";
// The whole stylesheet (about 3 KB gzip), inlined into every page's <head> here on the server, so
// first paint needs no CSS request and no browser bundle carries the CSS a second time
// (docs/decisions/0004-inline-css.md). React 19 hydration leaves this extra <head> element alone.
import styles from "~/styles/app.css?inline";
// The back office's own rules, added on its pages only: the public pages do not carry them.
import adminStyles from "~/styles/admin.css?inline";

export const streamTimeout = 5_000;

/**
 * The Cache-Control a page or its data gets when its route says none. Public pages are revalidated
 * on every visit (prices and settings change without a rebuild); back-office pages are never kept,
 * however their path is spelled (the router matches /Admin/… and /%61dmin/… too).
 *
 * A traveller's booking pages (their address holds a secret) get `no-store` from the server itself,
 * on every answer under /my-booking however spelled (server/app.ts). React Router's Express adapter
 * appends a response's headers to the server's, so a Cache-Control set here would be a second one:
 * there is none here (null), and a route's own is taken off (`cacheHeaders`).
 */
export function defaultCacheControl(request: Request): string | null {
  const path = new URL(request.url).pathname;
  if (isTravellerPath(path)) return null;
  return isBackOfficePath(path) ? "no-store" : "no-cache";
}

/** A response's Cache-Control: the route's own, else the default; none on a traveller's page (the server's, server/app.ts). */
function cacheHeaders(headers: Headers, request: Request): void {
  const value = defaultCacheControl(request);
  if (value === null) headers.delete("Cache-Control");
  else if (!headers.has("Cache-Control")) headers.set("Cache-Control", value);
}

/**
 * Always waits for the whole document (onAllReady): pages carry no deferred data, and a
 * complete document is what search engines, the HTML validator and the CSP hashing of
 * cached pages need. So the document is collected in memory and answered in one piece: no
 * stream of small chunks for the compression and the socket to handle one by one.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Pages are revalidated on every visit (prices and settings change without a rebuild), unless
  // the route says otherwise; a traveller's have theirs from the server.
  cacheHeaders(responseHeaders, request);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // A page kept by the server's page cache is rendered without a nonce (its inline scripts and
  // styles are allowed by hash): "" means none.
  const nonce = loadContext.nonce || undefined;

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const chunks: Buffer[] = [];
    const document = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        const css = isBackOfficePath(new URL(request.url).pathname) ? styles + adminStyles : styles;
        resolve(new Response(finishDocument(Buffer.concat(chunks).toString("utf8"), css, nonce), { headers: responseHeaders, status }));
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          pipe(document);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
  });
}

/** The data of client-side navigations is kept like the pages, unless the route says otherwise. */
export function handleDataRequest(response: Response, { request }: { request: Request }): Response {
  cacheHeaders(response.headers, request);
  return response;
}

/**
 * A path as logs may show it: a traveller's booking pages carry a secret token in their path
 * (however the path is spelled), so every segment after /my-booking/, and any segment of a
 * token's length, reads ":token".
 */
export function loggablePath(pathname: string): string {
  return pathname.replace(/\/(?:m|%6d)y-booking\/[^/]+/gi, "/my-booking/:token").replace(/\/[A-Za-z0-9_%-]{40,}(?=\/|$)/g, "/:token");
}

/**
 * Errors thrown by loaders and actions. Database errors quote every query parameter in their
 * message (names, e-mails, phones), so the message is never logged: only the error's kind, its
 * code and where it was thrown (no personal data in logs).
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // A refusal below 500 (React Router's own 405 for a post to a page without an action, its 404
  // for an unknown route) is an answer to the visitor, not a failure of the site: not logged.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const e = (error ?? {}) as { name?: string; code?: string; stack?: string };
  // Only the stack's frames: a message may run over several lines (a database error's second line
  // lists the query's parameters), so anything that is not an "at …" frame is left out.
  const where = (e.stack ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("at "))
    .slice(0, 4)
    .join(" < ");
  console.error(
    `${request.method} ${loggablePath(new URL(request.url).pathname)} failed: ${e.name ?? "Error"}${e.code ? ` (${e.code})` : ""} ${where}`,
  );
}
