/**
 * The booking endpoint's guards: same-origin posts only and a body limit. Small and
 * dependency-free; tested beside this file. The rate limits are in rate-limits.server.ts.
 */

/**
 * A browser's cross-site post is refused: Origin, when sent, must be the site's own (SITE_URL)
 * or the origin the request was addressed to; Sec-Fetch-Site, when sent, must not be cross-site.
 * A request with neither header is not from a browser, so it cannot be a forged browser post.
 */
export function isSameOrigin(request: Pick<Request, "url"> & { headers: { get(name: string): string | null } }, siteUrl: string): boolean {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return false;
  const origin = request.headers.get("origin");
  if (!origin) return true;
  const allowed = new Set([new URL(siteUrl).origin, new URL(request.url).origin]);
  return allowed.has(origin);
}

export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
}

/** Reads a request body's bytes up to `limit`; past it, stops reading and throws. */
export async function readBytesLimited(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Stop reading without destroying the request: its connection must live to carry the 413.
      reader.releaseLock();
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Reads a request body up to `limit` bytes as UTF-8 text; past it, stops reading and throws. */
export async function readBodyLimited(request: Request, limit: number): Promise<string> {
  return (await readBytesLimited(request, limit)).toString("utf8");
}

/** What a form post's body gave: its fields, or why it was not read (413: too large, 415: not a form). */
export type FormBody = { ok: true; fields: URLSearchParams } | { ok: false; status: 413 | 415 };

/**
 * Reads a url-encoded form body of at most `limit` bytes. The media type must be exactly
 * `application/x-www-form-urlencoded` (before any parameter, trimmed, case ignored). After a 413
 * the rest of the body is left unread: the caller's answer should close the connection.
 */
export async function readFormBody(request: Request, limit: number): Promise<FormBody> {
  const mediaType = (request.headers.get("content-type") ?? "").split(";", 1)[0]!.trim().toLowerCase();
  if (mediaType !== "application/x-www-form-urlencoded") return { ok: false, status: 415 };
  try {
    return { ok: true, fields: new URLSearchParams(await readBodyLimited(request, limit)) };
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { ok: false, status: 413 };
    throw error;
  }
}
