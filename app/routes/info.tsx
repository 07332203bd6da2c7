import type { Route } from "./+types/info";
import { pageMeta } from "~/components/site";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Information",
    description: "Phone hours, pick-up procedures for shared shuttles and private cars on arrival and on departure, and what to expect on the day.",
    keywords: ["pick-up procedure", "shuttle waiting time", "Paris airport transfer information"],
  });

export default function InfoPage() {
  return (
    <div className="container page">
      <h1>Useful information</h1>
    </div>
  );
}
