import { PassThrough, Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { NonceContext } from "~/components/nonce";
// The whole stylesheet (about 3 KB gzip), inlined into every page's <head> here on the server, so
// first paint needs no CSS request and no browser bundle carries the CSS a second time
// (docs/decisions/0004-inline-css.md). React 19 hydration leaves this extra <head> element alone.
import styles from "~/styles/app.css?inline";

/** Writes the stylesheet, with this request's nonce, just before the first </head>. */
function injectStyles(nonce: string | undefined): Transform {
  const tag = Buffer.from(`<style${nonce ? ` nonce="${nonce}"` : ""}>${styles}</style></head>`);
  let done = false;
  let carry = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      const text = carry + chunk.toString("utf8");
      const at = text.indexOf("</head>");
      if (at === -1) {
        // Keep the tail in case "</head>" is split across chunks.
        carry = text.slice(-6);
        return callback(null, Buffer.from(text.slice(0, -6)));
      }
      done = true;
      carry = "";
      callback(null, Buffer.concat([Buffer.from(text.slice(0, at)), tag, Buffer.from(text.slice(at + 7))]));
    },
    flush(callback) {
      callback(null, carry ? Buffer.from(carry) : null);
    },
  });
}

export const streamTimeout = 5_000;

/**
 * Always waits for the whole document (onAllReady): pages carry no deferred data, and a
 * complete document is what search engines, the HTML validator and the CSP hashing of
 * cached pages need.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.nonce;

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const styled = injectStyles(nonce);
          pipe(styled);
          styled.pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
        },
        onShellError(error: unknown) {
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

/**
 * Errors thrown by loaders and actions. Database errors quote every query parameter in their
 * message (names, e-mails, phones), so the message is never logged: only the error's kind, its
 * code and where it was thrown (no personal data in logs, issue 6).
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  const e = (error ?? {}) as { name?: string; code?: string; stack?: string };
  const where = (e.stack ?? "").split("\n").slice(1, 5).map((line) => line.trim()).join(" < ");
  console.error(`${request.method} ${new URL(request.url).pathname} failed: ${e.name ?? "Error"}${e.code ? ` (${e.code})` : ""} ${where}`);
}
