import { useState } from "react";
import type { Route } from "./+types/hotels";
import { HotelCard } from "~/components/HotelCard";
import { pageMeta, PRICE_PAGE } from "~/components/site";
import { Tabs } from "~/components/ui/Tabs";
import { AIRPORTS, type Airport, DISNEYLAND_PLACE, transferKindsFrom } from "~/domain/airports";
import { hotelTransferHref } from "~/domain/booking-link";
import { resortHotels } from "~/domain/hotels";
import { formatEuros } from "~/domain/money";
import { startingPrice } from "~/domain/pricing/pricing";
import type { AirportCode, TransferKind } from "~/domain/site-paths";

export async function loader({ context }: Route.LoaderArgs) {
  const from: Partial<Record<AirportCode, Record<TransferKind, number | null>>> = {};
  try {
    const prices = await context.prices.get();
    for (const a of AIRPORTS) {
      const route = { from: a.place, to: DISNEYLAND_PLACE };
      from[a.code] = prices.memo(`from:${a.code}`, (rows) => ({
        shuttle: startingPrice(rows, route, "shuttle"),
        private: startingPrice(rows, route, "private"),
      }));
    }
  } catch {
    // Logged by the price store; the cards then show no "from" price.
  }
  return { hotels: resortHotels(), from };
}

// The document depends only on its URL and the price file: the server may keep it (decision 0010).
export const handle = PRICE_PAGE;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Disneyland Paris hotels",
    description:
      "The Disneyland Paris and partner hotels we serve from Charles de Gaulle, Orly and Beauvais airports, by shared shuttle or private car.",
    keywords: ["Disneyland Paris hotels", "hotel transfer", "Val d'Europe hotels"],
  });

const KIND_LABEL: Record<TransferKind, string> = { shuttle: "Shuttle", private: "Private" };

export default function HotelsPage({ loaderData }: Route.ComponentProps) {
  const { hotels, from } = loaderData;
  const [code, setCode] = useState<AirportCode>("CDG");
  const [wanted, setWanted] = useState<TransferKind>("shuttle");
  const airport = AIRPORTS.find((a) => a.code === code) ?? AIRPORTS[0]!;

  const panel = (a: Airport) => {
    // Choosing Orly forces Private; the visitor's choice returns with CDG or Beauvais.
    const kinds = transferKindsFrom(a.code);
    const kind = kinds.includes(wanted) ? wanted : "private";
    const price = from[a.code]?.[kind];
    return (
      <>
        <h2 className="hotels-heading">Hotels served from {a.name}</h2>
        <fieldset className="kind-choice">
          <legend>Transfer from {a.name}</legend>
          {(["shuttle", "private"] as const).map((k) => (
            <label key={k} className={kinds.includes(k) ? undefined : "is-disabled"}>
              <input
                type="radio"
                name={`kind-${a.code}`}
                value={k}
                checked={kind === k}
                disabled={!kinds.includes(k)}
                onChange={() => setWanted(k)}
              />{" "}
              {KIND_LABEL[k]}
              {kinds.includes(k) ? null : " (not offered from Orly)"}
            </label>
          ))}
        </fieldset>
        <p>
          {KIND_LABEL[kind]} transfers from {a.code} to the hotels below
          {price != null ? <>, from {formatEuros(price)}</> : null}.
        </p>
        <ul className="grid hotel-grid">
          {hotels.map((hotel) => (
            <HotelCard
              key={hotel.slug}
              hotel={hotel}
              bookLabel={`Book from ${a.code}`}
              bookHref={hotelTransferHref(a.place, DISNEYLAND_PLACE, kind, hotel.slug)}
            />
          ))}
        </ul>
      </>
    );
  };

  return (
    <div className="container page">
      <h1>Disneyland Paris hotels</h1>
      <p className="lead">
        Pick your airport and your hotel: we drive you to its door by shared shuttle or private car. From Orly we offer private transfers
        only.
      </p>
      <Tabs
        label="Airport"
        idPrefix="airport"
        selected={airport.code}
        onSelect={(id) => setCode(id as AirportCode)}
        items={AIRPORTS.map((a) => ({ id: a.code, label: `${a.name.replace(/^Paris /, "")} (${a.code})`, panel: panel(a) }))}
      />
    </div>
  );
}
