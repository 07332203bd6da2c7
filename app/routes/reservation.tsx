import { randomUUID } from "node:crypto";
import type { Route } from "./+types/reservation";
import { BookingForm } from "~/components/booking/BookingForm";
import { catalogueMeta } from "~/components/site";
import { initialDraft } from "~/domain/booking/draft";
import { activeCapacities } from "~/domain/fleet";
import { TRIP, type BookingDraft } from "~/domain/booking/fields";
import { dateBounds } from "~/domain/booking/paris-time";
import { repriceDraft } from "~/domain/booking/price-request";
import type { PriceRow } from "~/domain/pricing/csv";
import { routeDetailRows } from "~/domain/pricing/pricing";
import { DEFAULT_LOCALE, localeOfPath, type Locale } from "~/domain/locales";
import { phoneLabelsIn } from "~/lib/country-names.server";
import { bookingPageMessages, bookingRuleMessages, messagesOf } from "~/lib/i18n.server";

/** The site's own booking endpoint, which app/routes.ts serves under every language's prefix too. */
const OWN_ENDPOINT = "/api/booking";

/**
 * Where the form posts: the site's own endpoint under the page's language prefix, so that a refusal
 * is in the language of the form (app/routes/api-booking.tsx); any other endpoint as set.
 */
function endpointIn(locale: Locale, endpoint: string): string {
  return locale !== DEFAULT_LOCALE && endpoint === OWN_ENDPOINT ? `/${locale}${endpoint}` : endpoint;
}

// The site footer is hidden on the booking form.
export const handle = { hideFooter: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const now = new Date();
  const locale = localeOfPath(new URL(request.url).pathname);
  const query = Object.fromEntries(new URL(request.url).searchParams);
  let draft: BookingDraft = { ...initialDraft(query, { now }), [TRIP.submissionToken]: randomUUID() };
  // What the price file says of this route's durations, delays and hotel zones (its rows without
  // prices): the form's rules measure against it until the browser has loaded its own copy.
  let routeRows: readonly PriceRow[] = [];
  // The active vehicles' capacities: the form prices a party as the count whose vehicle carries its luggage.
  const fleet = activeCapacities((await context.booking.fleet.get()).vehicles);
  try {
    const prices = await context.prices.get();
    draft = repriceDraft(draft, prices.rows, fleet);
    routeRows = routeDetailRows(prices.rows, { from: draft[TRIP.depart] ?? "", to: draft[TRIP.arrive] ?? "" });
  } catch {
    // A loading failure is only logged (by the price store); the form then shows no price.
  }
  // The date bounds come from the server's clock, so they render the same on both sides, and the
  // browser builds no Paris-time formatter while it hydrates (a 10 ms task on a phone).
  const bounds = { 1: dateBounds(1, now), 2: dateBounds(2, now) };
  // The form's words in the page's language and the names of the places it shows
  // (app/components/airport-words.ts, placeLabel); its rules' messages come with its rules.
  const places = Object.entries(messagesOf(locale, "prices")).filter(([id]) => id.endsWith(".place") || id === "prices.places.paris");
  const messages = { ...bookingPageMessages(locale), ...Object.fromEntries(places) };
  const rulesWords = `/booking-words/${locale}?v=${bookingRuleMessages(locale).version}`;
  return {
    draft,
    bounds,
    bookingEndpoint: endpointIn(locale, context.settings.bookingEndpoint),
    routeRows,
    fleet,
    phone: context.settings.phone,
    // English is the phone control's own language: its names are in the page's code already.
    phoneLabels: locale === DEFAULT_LOCALE ? null : phoneLabelsIn(locale),
    rulesWords,
    messages,
  };
}

export const meta: Route.MetaFunction = (args) => catalogueMeta(args, "booking", { canonicalPath: "/reservation" });

export default function ReservationPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container page">
      <BookingForm
        initialDraft={loaderData.draft}
        bounds={loaderData.bounds}
        bookingEndpoint={loaderData.bookingEndpoint}
        routeRows={loaderData.routeRows}
        fleet={loaderData.fleet}
        phone={loaderData.phone}
        phoneLabels={loaderData.phoneLabels}
        rulesWords={loaderData.rulesWords}
      />
    </div>
  );
}
