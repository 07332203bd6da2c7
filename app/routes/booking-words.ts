import type { Route } from "./+types/booking-words";
import { isLocale } from "~/domain/locales";
import { bookingRuleMessages } from "~/lib/i18n.server";

/**
 * The booking rules' messages in one language (app/lib/i18n.server.ts, bookingRuleMessages), which
 * the booking form fetches with its rules on the visitor's first use of the form. Asked for at
 * their version, they are kept for good; at any other, they are checked each time.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  if (!isLocale(params.locale)) throw new Response("Not found", { status: 404 });
  const { messages, version } = bookingRuleMessages(params.locale);
  const current = new URL(request.url).searchParams.get("v") === version;
  return Response.json(messages, {
    headers: { "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache" },
  });
}
