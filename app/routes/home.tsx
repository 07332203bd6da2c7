import type { Route } from "./+types/home";
import { pageMeta } from "~/components/site";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Paris airport and Disneyland transfers",
    description:
      "Shared shuttles and private cars between Charles de Gaulle, Orly and Beauvais airports, Disneyland Paris and Paris hotels. Fixed prices, flight tracking, 24-hour free cancellation.",
    keywords: ["Paris airport transfer", "Disneyland Paris shuttle", "CDG Disneyland transfer", "private driver Paris"],
  });

export default function HomePage() {
  return (
    <div className="container page">
      <h1>Paris airport and Disneyland transfers</h1>
    </div>
  );
}
