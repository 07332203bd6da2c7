import { useState } from "react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/rates";
import { AirportCard } from "~/components/AirportCard";
import { RatesTable } from "~/components/RatesTable";
import { pageMeta, PRICE_PAGE } from "~/components/site";
import { useHydrated } from "~/components/ui/use-hydrated";
import { usePriceFile } from "~/components/use-price-file";
import type { RateLine } from "~/domain/pricing/pricing";
import { ratesView, resolveRoute, type RatesView } from "~/domain/rates-view";
import { saveRatesDraft } from "~/domain/rates-draft";
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

/**
 * Always in the page, so its text can come and go without moving anything below it. Its own
 * component, so that hydration finishing re-renders this line and not the rate tables.
 */
function LoadingPanel({ loading, pricesLoading }: { loading: boolean; pricesLoading: boolean }) {
  const hydrated = useHydrated();
  return (
    <p className="loading-panel" role="status">
      {loading || (hydrated && pricesLoading) ? "Data is loadind" : ""}
    </p>
  );
}

export default function RatesPage({ loaderData }: Route.ComponentProps) {
  const prices = usePriceFile();
  const [choice, setChoice] = useState<{ from: string; to: string } | null>(null);

  const view = prices.state === "ready" && choice ? ratesView(prices.rows, choice.from, choice.to) : loaderData.view;
  const selection = { from: view?.departure ?? loaderData.from, to: view?.arrival ?? loaderData.to };
  // Without the browser's copy of the file, a new selection is the server's to answer.
  const local = prices.state === "ready";

  const onBook = (line: RateLine) => {
    if (view) saveRatesDraft(window.localStorage, { party: line.code, shuttle: view.shuttle, private: view.private });
  };

  return (
    <div className="container page rates-page">
      <h1>{routeTitle(view, loaderData.routeAsked || choice !== null)}</h1>
      <p className="lead">
        Choose where you start and where you are going: the tables show the shared shuttle and private car prices for your group. Choose a
        price to book it.
      </p>

      <LoadingPanel loading={!view} pricesLoading={prices.state === "loading"} />

      {view ? (
        <>
          <Form method="get" action="/rates" className="route-picker" aria-label="Route">
            <div className="field">
              <label htmlFor="rates-from">Departure</label>
              <select
                id="rates-from"
                name="from"
                value={selection.from}
                onChange={(e) => {
                  // A new departure selects the arrival matching 'to', else the first.
                  const next = { from: e.target.value, to: loaderData.to };
                  if (local) setChoice(next);
                  else e.currentTarget.form?.requestSubmit();
                }}
              >
                {view.places.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="rates-to">Arrival</label>
              <select
                id="rates-to"
                name="to"
                value={selection.to}
                onChange={(e) => {
                  const next = { from: selection.from, to: e.target.value };
                  if (local) setChoice(next);
                  else e.currentTarget.form?.requestSubmit();
                }}
              >
                {view.arrivals.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button button--secondary">
              Show prices
            </button>
          </Form>

          <section aria-labelledby="shuttle-prices">
            <h2 id="shuttle-prices">Shared shuttle</h2>
            <RatesTable
              table={view.shuttle}
              caption={`Shared shuttle, ${view.departure} to ${view.arrival}, card prices`}
              onBook={onBook}
            />
          </section>
          <section aria-labelledby="private-prices" className="later">
            <h2 id="private-prices">Private transfer</h2>
            <RatesTable
              table={view.private}
              caption={`Private car, ${view.departure} to ${view.arrival}, card prices for the whole car`}
              onBook={onBook}
            />
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
                <Link to="/hotels_disneyland_paris">See the hotels we serve</Link>
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
