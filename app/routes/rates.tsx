import type { Route } from "./+types/rates";
import { pageMeta } from "~/components/site";
import { ratePresetFor } from "~/domain/site-paths";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const preset = ratePresetFor(url.pathname);
  return {
    from: preset?.from ?? url.searchParams.get("from") ?? "",
    to: preset?.to ?? url.searchParams.get("to") ?? "",
    preset: Boolean(preset),
  };
}

function titleFor(from: string, to: string): string {
  const words = (s: string) => s.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
  return from && to ? `${words(from)} to ${words(to)} transfer rates` : "Rates";
}

export const meta: Route.MetaFunction = (args) => {
  const from = args.data?.from ?? "";
  const to = args.data?.to ?? "";
  return pageMeta(args, {
    title: titleFor(from, to),
    description:
      "Shared shuttle and private transfer prices between the Paris airports, Disneyland Paris and Paris, for 1 to 8 passengers and larger groups.",
    keywords: ["transfer prices", "shuttle rates", "private transfer rates", "Disneyland Paris shuttle price"],
  });
};

export default function RatesPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container page">
      <h1>{titleFor(loaderData.from, loaderData.to)}</h1>
      <p className="lead">
        Choose where you start and where you are going to see the shared shuttle and private car prices for your group.
      </p>
    </div>
  );
}
