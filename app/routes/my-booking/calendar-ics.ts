import type { Route } from "./+types/calendar-ics";
import { bookingCalendar, CALENDAR_CONTENT_TYPE } from "~/lib/calendar.server";
import { managedBooking } from "~/lib/manage.server";
import { manageWordsIn } from "~/lib/i18n.server";
import { manageUrl } from "~/lib/manage-links.server";
import { travellerPageLocale } from "~/lib/traveller-pages.server";

/**
 * 'Add to calendar' (docs/product.md, Voucher and calendar): the booking's .ics file, one event per
 * leg in Paris time with its meeting point, the business phone and this page's own link (the token
 * in this address, not a new one). The booking is opened as every page under /my-booking opens it
 * (manage.server.ts): a wrong token gets the same 404, too many of them 429, here as plain text.
 * A cancelled booking has nothing to add to a calendar: 410 Gone, with a plain sentence (the
 * booking's page no longer shows the link, but a saved or shared address still reaches here).
 */

// Cache-Control: no-store and Referrer-Policy: no-referrer come from the server, on every answer
// under /my-booking (server/app.ts). React Router's Express adapter appends a route's headers to
// the server's, so this file sets neither: a Cache-Control here would be sent as a second one.
const PLAIN = { "Content-Type": "text/plain; charset=utf-8" };

/** A refusal thrown as `data(refusal, init)` (manage.server.ts, bookingRefusal), answered as its sentence in plain text with its status and headers. */
function plainRefusal(thrown: unknown): Response | null {
  if (typeof thrown !== "object" || thrown === null || !("data" in thrown) || !("init" in thrown)) return null;
  const { data: refusal, init } = thrown as { data: unknown; init?: ResponseInit | null };
  const sentence = typeof refusal === "object" && refusal !== null && "sentence" in refusal ? refusal.sentence : null;
  const headers = new Headers(init?.headers);
  for (const [name, value] of Object.entries(PLAIN)) headers.set(name, value);
  headers.delete("Cache-Control");
  return new Response(typeof sentence === "string" ? sentence : "", { status: init?.status ?? 404, statusText: init?.statusText, headers });
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  let row;
  let locale;
  try {
    locale = travellerPageLocale(request, params.lang);
    row = await managedBooking(context, params.token, locale);
  } catch (thrown) {
    const refusal = plainRefusal(thrown);
    if (refusal) return refusal;
    throw thrown;
  }
  const words = manageWordsIn(locale);
  if (row.bookingStatus === "cancelled") return new Response(words("calendar.cancelled"), { status: 410, headers: PLAIN });
  const points = await context.booking.meetingPoints.currentPoints();
  const manageLink = manageUrl(context.settings.siteUrl, params.token, locale);
  const file = bookingCalendar(row, { manageLink, site: context.settings, points, locale });
  if (!file) return new Response(words("calendar.noPickup"), { status: 404, headers: PLAIN });
  return new Response(file.content, {
    headers: {
      "Content-Type": CALENDAR_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${file.filename}"`,
    },
  });
}
