/**
 * The addresses whose answers are private: the back office (/admin) and a traveller's booking pages
 * (/my-booking, whose address holds a secret token). They are never stored by a cache, a traveller's
 * are never sent on as a Referer, and a post to the back office must come from the site itself
 * (server/app.ts, app/entry.server.tsx; docs/decisions/0017-manage-links.md).
 *
 * The router matches a route whatever the case of the path and after decoding its %XX escapes, with
 * dot segments resolved as a URL resolves them, and a data request (`<path>.data`) runs the page's own
 * loaders. So `/My-Booking/<token>`, `/%6Dy-booking/<token>`, `/x/../my-booking/<token>` and
 * `/my-booking/<token>.data` are the booking page, and must be recognised as such. The reading here
 * errs on the private side: a segment that is not valid percent-encoding stays as written, and
 * repeated slashes count as one. Pure.
 */

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

/** Whether a request's path (or path and query, or whole URL) is one of a traveller's booking pages. */
export function isTravellerPath(target: string): boolean {
  const path = routedPath(target);
  return path === "/my-booking" || path.startsWith("/my-booking/");
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
