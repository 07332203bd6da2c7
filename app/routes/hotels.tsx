import type { Route } from "./+types/hotels";
import { pageMeta } from "~/components/site";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Disneyland Paris hotels",
    description:
      "The Disneyland Paris and partner hotels we serve from Charles de Gaulle, Orly and Beauvais airports, by shared shuttle or private car.",
    keywords: ["Disneyland Paris hotels", "hotel transfer", "Val d'Europe hotels"],
  });

export default function HotelsPage() {
  return (
    <div className="container page">
      <h1>Disneyland Paris hotels</h1>
      <p className="lead">
        Pick your airport and your hotel: we drive you to its door by shared shuttle or private car. From Orly we offer
        private transfers only.
      </p>
    </div>
  );
}
