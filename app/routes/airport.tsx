import { useState } from "react";
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
import { airportPageFor, type TransferKind } from "~/domain/site-paths";

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = airportPageFor(new URL(request.url).pathname);
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
  return {
    airport,
    firstTab: page.firstTab,
    meetingPoints,
    shuttle: shuttle && hasAnyPrice(shuttle) ? shuttle : null,
    private: privateTable && hasAnyPrice(privateTable) ? privateTable : null,
    hotels: resortHotels(),
  };
}

// The document depends only on its URL, the price file and the meeting points file: the server may
// keep it (decision 0010), keyed by the two files' versions.
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

export default function AirportPage({ loaderData }: Route.ComponentProps) {
  const { airport, firstTab, hotels } = loaderData;
  const tables = { shuttle: loaderData.shuttle, private: loaderData.private };
  const kinds = (["shuttle", "private"] as const).filter((k) => tables[k] !== null);
  const [selected, setSelected] = useState<TransferKind>(kinds.includes(firstTab) ? firstTab : (kinds[0] ?? firstTab));
  const kind: TransferKind = kinds.includes(selected) ? selected : (kinds[0] ?? firstTab);

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
        {kinds.length === 0 ? (
          <p className="notice">Prices for this airport are not available at the moment. Please call us.</p>
        ) : (
          <Tabs
            label="Transfer type"
            idPrefix="transfer"
            selected={kind}
            onSelect={(id) => setSelected(id as TransferKind)}
            items={kinds.map((k) => ({
              id: k,
              label: TAB_LABEL[k],
              panel: (
                <AirportPriceTable
                  kind={k}
                  table={tables[k]!}
                  caption={`${TAB_LABEL[k]}, ${airport.code} to Disneyland Paris, card prices per vehicle or group`}
                />
              ),
            }))}
          />
        )}
      </section>

      <MeetingPoints airportCode={airport.code} services={loaderData.meetingPoints} />

      <section aria-labelledby="hotels-heading">
        <h2 id="hotels-heading">Disneyland Paris hotels we serve</h2>
        <ul className="grid hotel-grid">
          {hotels.map((hotel) => (
            <HotelCard
              key={hotel.slug}
              hotel={hotel}
              bookLabel={kind === "private" ? "Book a private transfer" : "Book a shuttle"}
              bookHref={hotelTransferHref(airport.place, DISNEYLAND_PLACE, kind, hotel.slug)}
            />
          ))}
        </ul>
      </section>
    </div>
  );
}
