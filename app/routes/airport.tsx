import { data } from "react-router";
import type { Route } from "./+types/airport";
import { airportWords, SERVICE_LABEL } from "~/components/airport-words";
import { AirportImage } from "~/components/AirportImage";
import { AirportPriceTable } from "~/components/AirportPriceTable";
import { HotelCard } from "~/components/HotelCard";
import { useLocale, useT } from "~/components/i18n";
import { MeetingPoints } from "~/components/MeetingPoints";
import { pageMeta, PRICE_PAGE } from "~/components/site";
import { Tabs } from "~/components/ui/Tabs";
import { airportByCode, DISNEYLAND_PLACE, transferKindsFrom } from "~/domain/airports";
import { hotelTransferHref } from "~/domain/booking-link";
import { resortHotels } from "~/domain/hotels";
import { localeOfPath, localizedPath, pathWithoutLocale } from "~/domain/locales";
import { airportMeetingPoints, type TerminalMeetingPoint } from "~/domain/meeting-points";
import { airportTable, hasAnyPrice } from "~/domain/pricing/pricing";
import { airportPageFor, airportTabAsked, airportTabHref, type TransferKind } from "~/domain/site-paths";
import { pageMessages } from "~/lib/i18n.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = airportPageFor(pathWithoutLocale(url.pathname));
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
    meetingPoints = services.map((service) => ({
      service,
      points: airportMeetingPoints(points, airport.code, service, localeOfPath(url.pathname)),
    }));
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
    ...pageMessages(request, "prices"),
  };
}

// The document depends only on its URL, the price file and the meeting points file: the server may
// keep it (decision 0010), keyed by the two files' versions. Server HTML without React; the tabs
// come alive with public/js/price-pages.js (decision 0028).
export const handle = PRICE_PAGE;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => {
    const airport = args.data?.airport;
    if (!airport) return { title: "Airport not found", description: "Airport not found.", keywords: [] };
    const name = airportWords(t, airport.code).name;
    const isPrivate = args.data?.firstTab === "private";
    return {
      title: t(isPrivate ? "prices.airport.titlePrivate" : "prices.airport.titleShuttle", { code: airport.code }),
      description: t(isPrivate ? "prices.airport.descriptionPrivate" : "prices.airport.descriptionShuttle", { airport: name }),
      keywords: t("prices.airport.keywords", { airport: name, code: airport.code }).split(", "),
    };
  });

const BOOK_LABEL = { shuttle: "prices.airport.bookShuttle", private: "prices.airport.bookPrivate" } as const;

export default function AirportPage({ loaderData }: Route.ComponentProps) {
  const { airport, firstTab, hotels, tabs, selected: kind } = loaderData;
  const t = useT();
  const locale = useLocale();
  const words = airportWords(t, airport.code);
  const booking = (k: TransferKind, slug: string) => ({
    href: hotelTransferHref(airport.place, DISNEYLAND_PLACE, k, slug),
    label: t(BOOK_LABEL[k]),
  });

  return (
    <div className="container page">
      <h1>{t(firstTab === "private" ? "prices.airport.headingPrivate" : "prices.airport.headingShuttle", { airport: words.name })}</h1>
      <div className="airport-intro">
        <AirportImage src={airport.image} alt={words.imageAlt} />
        <dl className="facts">
          <div>
            <dt>{t("prices.airport.city")}</dt>
            <dd>{airport.city}</dd>
          </div>
          <div>
            <dt>{t("prices.airport.country")}</dt>
            <dd>{new Intl.DisplayNames([locale], { type: "region" }).of(airport.country)}</dd>
          </div>
          <div>
            <dt>{t("prices.airport.code")}</dt>
            <dd>{airport.code}</dd>
          </div>
        </dl>
        <p>{words.intro}</p>
        <p>{words.shuttle}</p>
        <p>{words.private}</p>
      </div>
      <section aria-labelledby="disneyland-blurb">
        <h2 id="disneyland-blurb">{t("prices.airport.disneyland.title")}</h2>
        <p>{t("prices.airport.disneyland.text")}</p>
      </section>

      <section aria-labelledby="prices-heading" className="later">
        <h2 id="prices-heading">{t("prices.airport.prices", { code: airport.code })}</h2>
        {tabs.length === 0 ? (
          <p className="notice">{t("prices.airport.noPrices")}</p>
        ) : (
          <Tabs
            label={t("prices.airport.tabs")}
            idPrefix="transfer"
            selected={kind}
            items={tabs.map((tab) => ({
              id: tab.kind,
              label: t(SERVICE_LABEL[tab.kind]),
              href: localizedPath(locale, tab.href),
              choice: tab.kind,
              panel: (
                <AirportPriceTable
                  kind={tab.kind}
                  table={tab.table}
                  caption={t("prices.airport.caption", { service: t(SERVICE_LABEL[tab.kind]), code: airport.code })}
                />
              ),
            }))}
          />
        )}
      </section>

      <MeetingPoints airportCode={airport.code} services={loaderData.meetingPoints} />

      {/* The cards book the kind of the tab shown: choosing a tab shows its variant (data-choice-scope). */}
      <section aria-labelledby="hotels-heading" data-choice-scope="">
        <h2 id="hotels-heading">{t("prices.airport.hotels")}</h2>
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
