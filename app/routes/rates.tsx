import type { Route } from "./+types/rates";
import { AirportCard } from "~/components/AirportCard";
import { RatesTable } from "~/components/RatesTable";
import { scriptJson } from "~/components/script-json";
import { pageMeta, PRICE_PAGE } from "~/components/site";
import { ratesDraftTemplate } from "~/domain/rates-draft";
import { ratesView, resolveRoute, type RatesView } from "~/domain/rates-view";
import { ratePresetFor } from "~/domain/site-paths";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const preset = ratePresetFor(url.pathname);
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
  return { from, to, view, routeAsked };
}

function routeTitle(view: RatesView | null, routeAsked: boolean): string {
  return view && routeAsked ? `${view.departure} to ${view.arrival}: transfer prices` : "Rates";
}

// The document depends only on its URL and the price file: the server may keep it (decision 0010).
// Server HTML without React; choices submit at once with public/js/price-pages.js (decision 0028).
export const handle = PRICE_PAGE;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: routeTitle(args.data?.view ?? null, args.data?.routeAsked ?? false),
    description:
      args.data?.view && args.data.routeAsked
        ? `Shared shuttle and private transfer prices from ${args.data.view.departure} to ${args.data.view.arrival}, for 1 to 8 passengers and larger groups. Book online at a fixed price.`
        : "Shared shuttle and private transfer prices between the Paris airports, Disneyland Paris and Paris.",
    keywords: ["transfer prices", "shuttle rates", "private transfer rates", "Disneyland Paris shuttle price"],
  });

const LOADING = "Data is loadind";

export default function RatesPage({ loaderData }: Route.ComponentProps) {
  const { view, to, routeAsked } = loaderData;
  return (
    <div className="container page rates-page">
      <h1>{routeTitle(view, routeAsked)}</h1>
      <p className="lead">
        Choose where you start and where you are going: the tables show the shared shuttle and private car prices for your group. Choose a
        price to book it.
      </p>

      {/* Always in the page, so its text can come and go without moving anything below it: it
          reads LOADING while the prices cannot be read, and while a new choice's page loads. */}
      <p className="loading-panel" role="status" data-loading-text={LOADING}>
        {view ? "" : LOADING}
      </p>

      {view ? (
        <>
          {/* A new departure asks for the arrival the page was opened with (data-arrival-wanted). */}
          <form method="get" action="/rates" className="route-picker" aria-label="Route" data-submit-on-change="" data-arrival-wanted={to}>
            <div className="field">
              <label htmlFor="rates-from">Departure</label>
              <select id="rates-from" name="from" defaultValue={view.departure}>
                {view.places.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="rates-to">Arrival</label>
              <select id="rates-to" name="to" defaultValue={view.arrival}>
                {view.arrivals.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button button--secondary" data-without-script="">
              Show prices
            </button>
          </form>
          {/* Choosing a price stores the rates-side draft (docs/product.md, Personal data). */}
          <script
            type="application/json"
            data-rates-draft=""
            dangerouslySetInnerHTML={{ __html: scriptJson(ratesDraftTemplate({ shuttle: view.shuttle, private: view.private })) }}
          />

          <section aria-labelledby="shuttle-prices">
            <h2 id="shuttle-prices">Shared shuttle</h2>
            <RatesTable table={view.shuttle} caption={`Shared shuttle, ${view.departure} to ${view.arrival}, card prices`} />
          </section>
          <section aria-labelledby="private-prices" className="later">
            <h2 id="private-prices">Private transfer</h2>
            <RatesTable table={view.private} caption={`Private car, ${view.departure} to ${view.arrival}, card prices for the whole car`} />
          </section>

          {view.disneyland ? (
            <section aria-labelledby="disneyland-card" className="card disneyland-card later">
              <h2 id="disneyland-card">Disneyland Paris</h2>
              <p>
                We drive you to the door of every Disneyland Paris hotel and of the partner hotels of Val d&apos;Europe, Serris,
                Magny-le-Hongre and Bailly-Romainvilliers. Shared shuttles may wait 15 to 30 minutes for other travellers; a private car
                leaves as soon as you are on board.
              </p>
              <p>
                <a href="/hotels_disneyland_paris">See the hotels we serve</a>
              </p>
            </section>
          ) : null}

          {view.airports.length > 0 ? (
            <section aria-labelledby="airports-heading" className="later">
              <h2 id="airports-heading">Airports on this route</h2>
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
