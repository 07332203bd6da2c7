import type { Route } from "./+types/legal-notice";
import { pageMeta } from "~/components/site";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Legal notice",
    description: "Who publishes this website, who hosts it, and how to reach us.",
    keywords: ["legal notice", "publisher"],
  });

export default function LegalNoticePage() {
  return (
    <div className="container page">
      <h1>Legal notice</h1>
    </div>
  );
}
