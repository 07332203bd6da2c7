import type { Route } from "./+types/rates";
import { AirportCard } from "~/components/AirportCard";
import { placeLabel } from "~/components/airport-words";
import { type Translate, useLocale, useT } from "~/components/i18n";
import { RatesTable } from "~/components/RatesTable";
import { scriptJson } from "~/components/script-json";
import { pageMeta, PRICE_PAGE } from "~/components/site";
import { localizedPath, pathWithoutLocale } from "~/domain/locales";
import { ratesDraftTemplate } from "~/domain/rates-draft";
import { ratesView, resolveRoute, type RatesView } from "~/domain/rates-view";
import { ratePresetFor } from "~/domain/site-paths";
import { pageMessages } from "~/lib/i18n.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const preset = ratePresetFor(pathWithoutLocale(url.pathname));
  const from = url.searchParams.get("from") ?? preset?.from ?? "";
  const to = url.searchParams.get("to") ?? preset?.to ?? "";
  let view: RatesView | null = null;
  try {
    const prices = await context.prices.get();
    const route = resolveRoute(prices.rows, from, to);
    if (route) {
      view = prices.memo(`rates:${route.departure}\u0000${route.arrival}`, (rows) => ratesView(rows, route.departure, route.arrival));
    }
  } catch {
    // Logged by the price store; the page then shows its loading panel and no tables.
  }
  // /rates with no route asked for is the generic rates page, not the first route's page.
  const routeAsked = Boolean(preset) || from !== "" || to !== "";
  return { from, to, view, routeAsked, ...pageMessages(request, "prices") };
}

/** The route's two ends in the page's language, for the titles and captions. */
function ends(t: Translate, view: RatesView) {
  return { from: placeLabel(t, view.departure), to: placeLabel(t, view.arrival) };
}

function routeTitle(t: Translate, view: RatesView | null, routeAsked: boolean): string {
  return view && routeAsked ? t("prices.rates.routeTitle", ends(t, view)) : t("prices.rates.title");
}

// The document depends only on its URL and the price file: the server may keep it (decision 0010).
// Server HTML without React; choices submit at once with public/js/price-pages.js (decision 0028).
export const handle = PRICE_PAGE;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => {
    const view = args.data?.view ?? null;
    const routeAsked = args.data?.routeAsked ?? false;
    return {
      title: routeTitle(t, view, routeAsked),
      description: view && routeAsked ? t("prices.rates.routeDescription", ends(t, view)) : t("prices.rates.description"),
      keywords: t("prices.rates.keywords").split(", "),
    };
  });

export default function RatesPage({ loaderData }: Route.ComponentProps) {
  const { view, to, routeAsked } = loaderData;
  const t = useT();
  const locale = useLocale();
  const loading = t("prices.rates.loading");
  const route = view ? ends(t, view) : null;
  return (
    <div className="container page rates-page">
      <h1>{routeTitle(t, view, routeAsked)}</h1>
      <p className="lead">{t("prices.rates.lead")}</p>

      {/* Always in the page, so its text can come and go without moving anything below it: it
          reads the loading message while the prices cannot be read, and while a new choice's page loads. */}
      <p className="loading-panel" role="status" data-loading-text={loading}>
        {view ? "" : loading}
      </p>

      {view && route ? (
        <>
          {/* A new departure asks for the arrival the page was opened with (data-arrival-wanted). */}
          <form
            method="get"
            action={localizedPath(locale, "/rates")}
            className="route-picker"
            aria-label={t("prices.rates.picker")}
            data-submit-on-change=""
            data-arrival-wanted={to}
          >
            <div className="field">
              <label htmlFor="rates-from">{t("prices.rates.departure")}</label>
              <select id="rates-from" name="from" defaultValue={view.departure}>
                {view.places.map((name) => (
                  <option key={name} value={name}>
                    {placeLabel(t, name)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="rates-to">{t("prices.rates.arrival")}</label>
              <select id="rates-to" name="to" defaultValue={view.arrival}>
                {view.arrivals.map((name) => (
                  <option key={name} value={name}>
                    {placeLabel(t, name)}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button button--secondary" data-without-script="">
              {t("prices.rates.show")}
            </button>
          </form>
          {/* Choosing a price stores the rates-side draft (docs/product.md, Personal data). */}
          <script
            type="application/json"
            data-rates-draft=""
            dangerouslySetInnerHTML={{ __html: scriptJson(ratesDraftTemplate({ shuttle: view.shuttle, private: view.private })) }}
          />

          <section aria-labelledby="shuttle-prices">
            <h2 id="shuttle-prices">{t("prices.rates.shuttle")}</h2>
            <RatesTable table={view.shuttle} caption={t("prices.rates.shuttleCaption", route)} />
          </section>
          <section aria-labelledby="private-prices" className="later">
            <h2 id="private-prices">{t("prices.rates.private")}</h2>
            <RatesTable table={view.private} caption={t("prices.rates.privateCaption", route)} />
          </section>

          {view.disneyland ? (
            <section aria-labelledby="disneyland-card" className="card disneyland-card later">
              <h2 id="disneyland-card">{t("prices.rates.disneyland.title")}</h2>
              <p>{t("prices.rates.disneyland.text")}</p>
              <p>
                <a href={localizedPath(locale, "/hotels_disneyland_paris")}>{t("prices.rates.disneyland.hotels")}</a>
              </p>
            </section>
          ) : null}

          {view.airports.length > 0 ? (
            <section aria-labelledby="airports-heading" className="later">
              <h2 id="airports-heading">{t("prices.rates.airports")}</h2>
              <div className="grid">
                {view.airports.map((airport) => (
                  <AirportCard key={airport.code} airport={airport} />
                ))}
              </div>
            </section>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
