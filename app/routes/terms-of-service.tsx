import type { Route } from "./+types/terms-of-service";
import { pageMeta } from "~/components/site";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Terms of service",
    description: "Booking, payment and cancellation terms for our shuttle and private transfers: full refund up to 24 hours before departure.",
    keywords: ["terms", "cancellation policy", "refund"],
  });

export default function TermsOfServicePage() {
  return (
    <div className="container page">
      <h1>Terms of service</h1>
    </div>
  );
}
