import type { Route } from "./+types/hotels";
import { airportWords } from "~/components/airport-words";
import { HotelCard } from "~/components/HotelCard";
import { useLocale, useT } from "~/components/i18n";
import { pageMeta, PRICE_PAGE } from "~/components/site";
import { Tabs } from "~/components/ui/Tabs";
import { AIRPORTS, type Airport, DISNEYLAND_PLACE, transferKindsFrom } from "~/domain/airports";
import { hotelTransferHref } from "~/domain/booking-link";
import { resortHotels } from "~/domain/hotels";
import { type Locale, localizedPath } from "~/domain/locales";
import { formatEuros } from "~/domain/money";
import { startingPrice } from "~/domain/pricing/pricing";
import type { AirportCode, TransferKind } from "~/domain/site-paths";
import { pageMessages } from "~/lib/i18n.server";

const PATH = "/hotels_disneyland_paris";
const KINDS: readonly TransferKind[] = ["shuttle", "private"];

/** The list with `code`'s tab selected and `kind` wanted: what its links and its form ask for. */
function hotelsHref(locale: Locale, code: AirportCode, kind: TransferKind): string {
  return localizedPath(locale, `${PATH}?${new URLSearchParams({ airport: code, kind })}`);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const asked = search.get("airport")?.toUpperCase();
  const airport = AIRPORTS.find((a) => a.code === asked)?.code ?? "CDG";
  const kind: TransferKind = search.get("kind") === "private" ? "private" : "shuttle";
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
  return { hotels: resortHotels(), from, airport, kind, ...pageMessages(request, "prices") };
}

// The document depends only on its URL and the price file: the server may keep it (decision 0010).
// Server HTML without React; tabs and choices come alive with public/js/price-pages.js (decision 0028).
export const handle = PRICE_PAGE;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({
    title: t("prices.hotels.title"),
    description: t("prices.hotels.description"),
    keywords: t("prices.hotels.keywords").split(", "),
  }));

const KIND_LABEL = { shuttle: "prices.hotels.shuttle", private: "prices.hotels.private" } as const;
const LEAD = {
  shuttle: { plain: "prices.hotels.leadShuttle", from: "prices.hotels.leadShuttleFrom" },
  private: { plain: "prices.hotels.leadPrivate", from: "prices.hotels.leadPrivateFrom" },
} as const;

export default function HotelsPage({ loaderData }: Route.ComponentProps) {
  const { hotels, from, kind: wanted } = loaderData;
  const t = useT();
  const locale = useLocale();

  const panel = (a: Airport) => {
    // Choosing Orly forces Private; the visitor's choice returns with CDG or Beauvais.
    const kinds = transferKindsFrom(a.code);
    const kind = kinds.includes(wanted) ? wanted : "private";
    const lead = (k: TransferKind) => {
      const price = from[a.code]?.[k];
      return price != null ? t(LEAD[k].from, { code: a.code, price: formatEuros(price, locale) }) : t(LEAD[k].plain, { code: a.code });
    };
    const name = airportWords(t, a.code).name;
    // Where the airport offers both, each choice's words and links, for the page script to switch.
    const variants = <T,>(of: (k: TransferKind) => T): Record<string, T> | undefined =>
      kinds.length > 1 ? Object.fromEntries(kinds.map((k) => [k, of(k)])) : undefined;
    const booking = (k: TransferKind, slug: string) => ({
      href: hotelTransferHref(a.place, DISNEYLAND_PLACE, k, slug),
      label: t("prices.hotels.book", { code: a.code }),
    });
    const leadVariants = variants((k) => ({ text: lead(k) }));
    return (
      <div data-choice-scope="">
        <h2 className="hotels-heading">{t("prices.hotels.heading", { airport: name })}</h2>
        <form method="get" action={localizedPath(locale, PATH)} className="kind-form">
          <input type="hidden" name="airport" value={a.code} />
          <fieldset className="kind-choice">
            <legend>{t("prices.hotels.legend", { airport: name })}</legend>
            {KINDS.map((k) => (
              <label key={k} className={kinds.includes(k) ? undefined : "is-disabled"}>
                <input type="radio" name="kind" value={k} defaultChecked={kind === k} disabled={!kinds.includes(k)} data-choice="" />{" "}
                {t(KIND_LABEL[k])}
                {kinds.includes(k) ? null : ` ${t("prices.hotels.notFromOrly")}`}
              </label>
            ))}
          </fieldset>
          {kinds.length > 1 ? (
            <button type="submit" className="button button--secondary" data-without-script="">
              {t("prices.hotels.show", { code: a.code })}
            </button>
          ) : null}
        </form>
        <p data-variants={leadVariants ? JSON.stringify(leadVariants) : undefined}>{lead(kind)}</p>
        <ul className="grid hotel-grid">
          {hotels.map((hotel) => (
            <HotelCard key={hotel.slug} hotel={hotel} book={booking(kind, hotel.slug)} variants={variants((k) => booking(k, hotel.slug))} />
          ))}
        </ul>
      </div>
    );
  };

  return (
    <div className="container page">
      <h1>{t("prices.hotels.title")}</h1>
      <p className="lead">{t("prices.hotels.lead")}</p>
      <Tabs
        label={t("prices.hotels.tabs")}
        idPrefix="airport"
        selected={loaderData.airport}
        items={AIRPORTS.map((a) => ({
          id: a.code,
          label: t("prices.hotels.tab", { airport: airportWords(t, a.code).short, code: a.code }),
          href: hotelsHref(locale, a.code, wanted),
          variants: Object.fromEntries(KINDS.map((k) => [k, { href: hotelsHref(locale, a.code, k) }])),
          panel: panel(a),
        }))}
      />
    </div>
  );
}
