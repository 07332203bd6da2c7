import type { Route } from "./+types/cars";
import { pageMeta } from "~/components/site";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Cars",
    description: "Our fleet: Mercedes Class V, Class S and Class E, VW Caravelle, Renault Trafic, Peugeot 508 and 5008, and coaches of 50 and 61 seats for airport and Disneyland Paris transfers.",
    keywords: ["Paris transfer vehicles", "minibus", "Mercedes Class V", "coach hire Paris"],
  });

export default function CarsPage() {
  return (
    <div className="container page">
      <h1>Our fleet</h1>
    </div>
  );
}
