import type { Route } from "./+types/services";
import { pageMeta } from "~/components/site";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Services",
    description: "Airport and Disneyland Paris transfers, door-to-door rides, and half-day and full-day tours of Paris with a private driver.",
    keywords: ["airport transfer", "Disneyland transfer", "Paris tours", "door to door"],
  });

export default function ServicesPage() {
  return (
    <div className="container page">
      <h1>Our services</h1>
    </div>
  );
}
