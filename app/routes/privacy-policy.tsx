import type { Route } from "./+types/privacy-policy";
import { pageMeta } from "~/components/site";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Privacy policy",
    description: "What personal data we collect when you book or contact us, why, how long we keep it, and your rights under the GDPR.",
    keywords: ["privacy", "GDPR", "personal data"],
  });

export default function PrivacyPolicyPage() {
  return (
    <div className="container page">
      <h1>Privacy policy</h1>
    </div>
  );
}
