import type { Route } from "./+types/links";
import { pageMeta } from "~/components/site";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Useful links",
    description: "Official websites for the Paris airports, Disneyland Paris, public transport and the Paris tourist office.",
    keywords: ["Paris airports", "Disneyland Paris", "RATP", "Paris tourist office"],
  });

export default function LinksPage() {
  return (
    <div className="container page">
      <h1>Useful links</h1>
    </div>
  );
}
