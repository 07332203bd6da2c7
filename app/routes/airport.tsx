import { data } from "react-router";
import type { Route } from "./+types/airport";
import { AirportImage } from "~/components/AirportImage";
import { AirportPriceTable } from "~/components/AirportPriceTable";
import { HotelCard } from "~/components/HotelCard";
import { MeetingPoints } from "~/components/MeetingPoints";
import { pageMeta, PRICE_PAGE } from "~/components/site";
import { Tabs } from "~/components/ui/Tabs";
import { airportByCode, DISNEYLAND_PLACE, transferKindsFrom } from "~/domain/airports";
import { hotelTransferHref } from "~/domain/booking-link";
import { resortHotels } from "~/domain/hotels";
import { airportMeetingPoints, type TerminalMeetingPoint } from "~/domain/meeting-points";
import { airportTable, hasAnyPrice } from "~/domain/pricing/pricing";
import { airportPageFor, airportTabAsked, airportTabHref, type TransferKind } from "~/domain/site-paths";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = airportPageFor(url.pathname);
  const airport = page ? airportByCode(page.airport) : undefined;
  if (!page || !airport) {
    // An airport the path does not name reads 'Error: Airport not found.'
    throw data("Error: Airport not found.", { status: 404, statusText: "Error: Airport not found." });
  }
  let shuttle = null;
  let privateTable = null;
  try {
    const prices = await context.prices.get();
    shuttle = prices.memo(`airport:${airport.code}:shuttle`, (rows) => airportTable(rows, airport.place, DISNEYLAND_PLACE, "shuttle"));
    privateTable = prices.memo(`airport:${airport.code}:private`, (rows) => airportTable(rows, airport.place, DISNEYLAND_PLACE, "private"));
  } catch {
    // A loading failure is only logged (by the price store); the page then shows no price.
  }
  // The page's own service first, then the airport's other one (Orly has private transfers only).
  const services = [page.firstTab, ...transferKindsFrom(airport.code).filter((k) => k !== page.firstTab)];
  let meetingPoints: { service: TransferKind; points: TerminalMeetingPoint[] }[] = [];
  try {
    const { points } = await context.booking.meetingPoints.get();
    meetingPoints = services.map((service) => ({ service, points: airportMeetingPoints(points, airport.code, service) }));
  } catch {
    // The server does not start without a good meeting points file; were it ever lost, the page shows the rest.
  }
  const tables = {
    shuttle: shuttle && hasAnyPrice(shuttle) ? shuttle : null,
    private: privateTable && hasAnyPrice(privateTable) ? privateTable : null,
  };
  // The tab shown: the one the query asks for, else the path's own, else the one with prices.
  const kinds = (["shuttle", "private"] as const).filter((k) => tables[k] !== null);
  const wanted = airportTabAsked(url.searchParams) ?? page.firstTab;
  const selected: TransferKind = kinds.includes(wanted) ? wanted : (kinds[0] ?? page.firstTab);
  return {
    airport,
    firstTab: page.firstTab,
    selected,
    tabs: kinds.map((kind) => ({ kind, href: airportTabHref(page, kind), table: tables[kind]! })),
    meetingPoints,
    hotels: resortHotels(),
  };
}

// The document depends only on its URL, the price file and the meeting points file: the server may
// keep it (decision 0010), keyed by the two files' versions. Server HTML without React; the tabs
// come alive with public/js/price-pages.js (decision 0028).
export const handle = PRICE_PAGE;

export const meta: Route.MetaFunction = (args) => {
  const airport = args.data?.airport;
  const kind = args.data?.firstTab === "private" ? "private transfer" : "shuttle";
  return pageMeta(args, {
    title: airport ? `${airport.code} to Disneyland Paris ${kind}` : "Airport not found",
    description: airport
      ? `${airport.name} to Disneyland Paris by ${kind}: prices for 1 to 8 passengers, one way, return and round trip, where we meet you at each terminal, and the hotels we serve.`
      : "Airport not found.",
    keywords: airport ? [airport.name, `${airport.code} Disneyland transfer`, "Disneyland Paris hotels"] : [],
  });
};

const TAB_LABEL: Record<TransferKind, string> = { shuttle: "Shuttle Transfer", private: "Private Transfer" };
const BOOK_LABEL: Record<TransferKind, string> = { shuttle: "Book a shuttle", private: "Book a private transfer" };

export default function AirportPage({ loaderData }: Route.ComponentProps) {
  const { airport, firstTab, hotels, tabs, selected: kind } = loaderData;
  const booking = (k: TransferKind, slug: string) => ({
    href: hotelTransferHref(airport.place, DISNEYLAND_PLACE, k, slug),
    label: BOOK_LABEL[k],
  });

  return (
    <div className="container page">
      <h1>
        {airport.name} to Disneyland Paris: {firstTab === "private" ? "private transfer" : "shuttle transfer"}
      </h1>
      <div className="airport-intro">
        <AirportImage src={airport.image} alt={airport.imageAlt} />
        <dl className="facts">
          <div>
            <dt>City</dt>
            <dd>{airport.city}</dd>
          </div>
          <div>
            <dt>Country</dt>
            <dd>{airport.country}</dd>
          </div>
          <div>
            <dt>Code</dt>
            <dd>{airport.code}</dd>
          </div>
        </dl>
        <p>{airport.description.intro}</p>
        <p>{airport.description.shuttle}</p>
        <p>{airport.description.private}</p>
      </div>
      <section aria-labelledby="disneyland-blurb">
        <h2 id="disneyland-blurb">Getting to Disneyland Paris</h2>
        <p>
          Disneyland Paris lies at Marne-la-Vallée, 32 km east of Paris. Its two parks, Disney Village and the resort hotels sit around the
          Marne-la-Vallée–Chessy station; the partner hotels are a few minutes away in Serris, Magny-le-Hongre, Bailly-Romainvilliers and
          Val d&apos;Europe. We drop you at the door of your hotel.
        </p>
      </section>

      <section aria-labelledby="prices-heading" className="later">
        <h2 id="prices-heading">Prices from {airport.code} to Disneyland Paris</h2>
        {tabs.length === 0 ? (
          <p className="notice">Prices for this airport are not available at the moment. Please call us.</p>
        ) : (
          <Tabs
            label="Transfer type"
            idPrefix="transfer"
            selected={kind}
            items={tabs.map((tab) => ({
              id: tab.kind,
              label: TAB_LABEL[tab.kind],
              href: tab.href,
              choice: tab.kind,
              panel: (
                <AirportPriceTable
                  kind={tab.kind}
                  table={tab.table}
                  caption={`${TAB_LABEL[tab.kind]}, ${airport.code} to Disneyland Paris, card prices per vehicle or group`}
                />
              ),
            }))}
          />
        )}
      </section>

      <MeetingPoints airportCode={airport.code} services={loaderData.meetingPoints} />

      {/* The cards book the kind of the tab shown: choosing a tab shows its variant (data-choice-scope). */}
      <section aria-labelledby="hotels-heading" data-choice-scope="">
        <h2 id="hotels-heading">Disneyland Paris hotels we serve</h2>
        <ul className="grid hotel-grid">
          {hotels.map((hotel) => (
            <HotelCard
              key={hotel.slug}
              hotel={hotel}
              book={booking(kind, hotel.slug)}
              variants={tabs.length > 1 ? Object.fromEntries(tabs.map((tab) => [tab.kind, booking(tab.kind, hotel.slug)])) : undefined}
            />
          ))}
        </ul>
      </section>
    </div>
  );
}
