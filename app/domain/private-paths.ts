/**
 * The addresses whose answers are private: the back office (/admin), a traveller's booking pages
 * (/my-booking) and a driver's day (/driver), whose addresses hold a secret token. They are never
 * stored by a cache, the token pages are never sent on as a Referer, and a post to the back office must come from the site itself
 * (server/app.ts, app/entry.server.tsx; docs/decisions/0017-manage-links.md).
 *
 * The router matches a route whatever the case of the path and after decoding its %XX escapes, with
 * dot segments resolved as a URL resolves them, and a data request (`<path>.data`) runs the page's own
 * loaders. So `/My-Booking/<token>`, `/%6Dy-booking/<token>`, `/x/../my-booking/<token>` and
 * `/my-booking/<token>.data` are the booking page, and must be recognised as such. The reading here
 * errs on the private side: a segment that is not valid percent-encoding stays as written, and
 * repeated slashes count as one. Pure.
 */
import { pathWithoutLocale } from "./locales";
import { isPlainText } from "./plain-text";

/** A path as the router matches it: resolved, decoded, lower-cased, without a data request's suffix or a final slash. */
export function routedPath(target: string): string {
  const resolved = resolvedPathname(target);
  const decoded = resolved
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join("/")
    .toLowerCase()
    .replace(/\/{2,}/g, "/");
  // A data request: `/_root.data` is the home page's, `<path>.data` the page's at <path>.
  const page = decoded === "/_root.data" ? "/" : decoded.replace(/\.data$/, "");
  return page.replace(/(.)\/$/, "$1") || "/";
}

/**
 * Whether a request's path (or path and query, or whole URL) is a page opened by a secret token:
 * one of a traveller's booking pages, or a driver's day (/driver/<token>).
 */
export function isTravellerPath(target: string): boolean {
  // The traveller's pages exist under every language's prefix too (/es/my-booking/<token>).
  const path = pathWithoutLocale(routedPath(target));
  return path === "/my-booking" || path.startsWith("/my-booking/") || path === "/driver" || path.startsWith("/driver/");
}

/**
 * Whether a request's address may carry a traveller's token as written, though the router may not
 * open it as a booking page: its routed path is a traveller's (isTravellerPath), or one of its path's
 * segments as written begins with "my-booking" once its ASCII %XX escapes are read, whatever the case.
 * So `/my-booking/<token>/../..` (which resolves to the home page, and to which the file server
 * answers a redirect naming the token) and `/My-Booking/<token>%` (which cannot be decoded) count.
 * Errs on the private side: `/x/my-bookingxyz` counts too. A driver's segment is "driver" itself
 * (or "driver.data"), so that /admin/drivers stays the back office's.
 */
export function mayHoldTravellerToken(target: string): boolean {
  if (isTravellerPath(target)) return true;
  return rawPathOf(target)
    .split("/")
    .some((segment) => {
      const read = asciiDecoded(segment).toLowerCase();
      return read.startsWith("my-booking") || /^driver(\.|$)/.test(read);
    });
}

/**
 * Whether a request is React Router's route discovery (`/__manifest?paths=…`) asking for a path
 * that may hold a token (mayHoldTravellerToken): a booking's page links to its change form and
 * voucher, so the browser asks for `/my-booking/<token>/change` in the query. React Router answers
 * such a request for a year in every cache; this one must be answered as the page itself is.
 * Every `paths` value and every comma-separated path in it counts, errs on the private side.
 */
export function isManifestOfTokenPath(target: string): boolean {
  if (routedPath(target) !== "/__manifest") return false;
  return new URLSearchParams(queryOf(target))
    .getAll("paths")
    .some((paths) => paths.split(",").some((path) => mayHoldTravellerToken(path.startsWith("/") ? path : `/${path}`)));
}

/**
 * Whether every segment of a request's path is valid percent-encoding, as the router decodes it.
 * The router (and its matchRoutes) prints a warning naming the whole path of one that is not, token
 * included, so the server refuses such a request before anything reads it (server/app.ts).
 */
export function isDecodablePath(target: string): boolean {
  return decodedSegments(target) !== null;
}

/**
 * A path's segments decoded as the router decodes them, or null when one is not valid
 * percent-encoding. The decoded values are kept: the production bundler drops a call to
 * decodeURIComponent whose result is unused, and the check would go with it.
 */
function decodedSegments(target: string): string[] | null {
  const decoded: string[] = [];
  for (const segment of rawPathOf(target).split("/")) {
    try {
      decoded.push(decodeURIComponent(segment));
    } catch {
      return null;
    }
  }
  return decoded;
}

/**
 * Whether a request's address may be read at all: its path is decodable (isDecodablePath), and
 * neither its decoded path nor its query's decoded names and values hold a character the site's
 * text rule refuses in a single-line field (app/domain/plain-text.ts): a NUL, any other control
 * character, a direction override, an invisible format character. No address of the site holds
 * one; a route's parameter (an order id, an account id) reaches a database query, which cannot
 * take a NUL, so such an address is refused once, here, for every page and its data, before any
 * route reads it (server/app.ts).
 */
export function isReadableAddress(target: string): boolean {
  const segments = decodedSegments(target);
  if (segments === null || segments.some((segment) => !isPlainText(segment))) return false;
  for (const [name, value] of new URLSearchParams(queryOf(target))) if (!isPlainText(name) || !isPlainText(value)) return false;
  return true;
}

/** A request target's path as written: no scheme and host (a request line may carry them), no query or fragment. */
function rawPathOf(target: string): string {
  return target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "").split(/[?#]/, 1)[0] ?? "";
}

/** A request target's query as written, without its "?" and fragment ("" when it has none). */
function queryOf(target: string): string {
  return /^[^?#]*\?([^#]*)/.exec(target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, ""))?.[1] ?? "";
}

/** A segment with its ASCII %XX escapes read and every other character as written (a lone "%" stays). */
function asciiDecoded(segment: string): string {
  return segment.replace(/%([0-7][0-9a-f])/gi, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Whether a request's path (or path and query, or whole URL) is the back office's. */
export function isBackOfficePath(target: string): boolean {
  const path = routedPath(target);
  return path === "/admin" || path.startsWith("/admin/") || path.startsWith("/admin.");
}

/**
 * The pathname of a request target, dot segments resolved. A target that starts with "/" is read
 * after the site's origin, as the server builds the request's URL (so `//admin` stays a path,
 * not a host); an absolute URL (a request line may carry one) is read as it is.
 */
function resolvedPathname(target: string): string {
  try {
    return target.startsWith("/") ? new URL(`http://x${target}`).pathname : new URL(target, "http://x").pathname;
  } catch {
    return target.split(/[?#]/, 1)[0] ?? "";
  }
}
