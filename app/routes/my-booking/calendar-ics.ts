import type { Route } from "./+types/calendar-ics";
import { bookingCalendar, CALENDAR_CONTENT_TYPE } from "~/lib/calendar.server";
import { managedBooking } from "~/lib/manage.server";
import { manageUrl } from "~/lib/manage-links.server";

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

const CANCELLED_SENTENCE = "This booking is cancelled: there is nothing to add to a calendar.";

/** A refusal thrown as `data(sentence, init)` (manage.server.ts), answered as plain text with its status and headers. */
function plainRefusal(thrown: unknown): Response | null {
  if (typeof thrown !== "object" || thrown === null || !("data" in thrown) || !("init" in thrown)) return null;
  const { data: sentence, init } = thrown as { data: unknown; init?: ResponseInit | null };
  const headers = new Headers(init?.headers);
  for (const [name, value] of Object.entries(PLAIN)) headers.set(name, value);
  headers.delete("Cache-Control");
  return new Response(typeof sentence === "string" ? sentence : "", { status: init?.status ?? 404, statusText: init?.statusText, headers });
}

export async function loader({ context, params }: Route.LoaderArgs) {
  let row;
  try {
    row = await managedBooking(context, params.token);
  } catch (thrown) {
    const refusal = plainRefusal(thrown);
    if (refusal) return refusal;
    throw thrown;
  }
  if (row.bookingStatus === "cancelled") return new Response(CANCELLED_SENTENCE, { status: 410, headers: PLAIN });
  const points = await context.booking.meetingPoints.currentPoints();
  const file = bookingCalendar(row, { manageLink: manageUrl(context.settings.siteUrl, params.token), site: context.settings, points });
  if (!file) {
    return new Response("This booking has no pickup time to put in a calendar yet. Please call us.", { status: 404, headers: PLAIN });
  }
  return new Response(file.content, {
    headers: {
      "Content-Type": CALENDAR_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${file.filename}"`,
    },
  });
}
