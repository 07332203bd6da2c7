import { DEFAULT_LOCALE, isLocale, type Locale, localeOfPath } from "~/domain/locales";
import { fieldsOf } from "./admin-forms.server";
import { bookingRefusal } from "./manage.server";
import { readFormBody } from "./request-guards.server";

/**
 * What the traveller's pages (/my-booking and the booking's own pages) share around their posts
 * and refusals. No-store and no-referrer are the server's, on every answer under /my-booking
 * (server/app.ts, app/entry.server.tsx).
 */

/**
 * A traveller's post, as fields for its zod schema; a post too large (413, and the connection
 * closed, the rest of it unread) or not a form (415) is refused in one sentence.
 */
export async function readTravellerForm(request: Request, limit: number): Promise<Record<string, string>> {
  const body = await readFormBody(request, limit);
  if (body.ok) return fieldsOf(body.fields);
  throw bookingRefusal(localeOfPath(new URL(request.url).pathname), body.status, body.status === 413 ? { Connection: "close" } : undefined);
}

/**
 * A traveller's page's headers: a refusal's Retry-After (too many wrong links, or lost-link
 * requests) and Connection: close (a body too large), from what was thrown or what the action
 * answered.
 */
export function refusalHeaders({ errorHeaders, actionHeaders }: { errorHeaders?: Headers; actionHeaders?: Headers }): Headers {
  const out = new Headers();
  for (const name of ["Retry-After", "Connection"]) {
    const value = errorHeaders?.get(name) ?? actionHeaders?.get(name);
    if (value) out.set(name, value);
  }
  return out;
}

/**
 * A traveller's page's language: its optional first segment (app/routes.ts), which must be another
 * language's prefix; any other first segment is the traveller's pages' 404, as a wrong link is.
 */
export function travellerPageLocale(request: Request, lang: string | undefined): Locale {
  const prefix = lang?.toLowerCase();
  if (prefix !== undefined && (!isLocale(prefix) || prefix === DEFAULT_LOCALE)) throw bookingRefusal(DEFAULT_LOCALE, 404);
  return localeOfPath(new URL(request.url).pathname);
}
