import type { Route } from "./+types/contact";
import { ContactFlow } from "~/components/contact/ContactFlow";
import { pageMeta, useSite } from "~/components/site";
import { telHref } from "~/domain/phone";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Contact us",
    description: "Questions about a transfer or a booking? Call us or write to us: we answer every message.",
    keywords: ["contact", "transfer question", "booking help"],
  });

/** Hydrated (not a STATIC_PAGE): the contact form runs in the browser (docs/product.md, Contact flow). */
export default function ContactPage() {
  const site = useSite();
  return (
    <div className="container page">
      <h1>Contact us</h1>
      <p className="lead">A question about a ride, a price or a booking? We answer every message.</p>
      <ul className="contact-list">
        <li>
          E-mail: <a href={`mailto:${site.email}`}>{site.email}</a>
        </li>
        <li>
          Phone: <a href={telHref(site.phone)}>{site.phone}</a> (06:30–11:00, Paris time)
        </li>
      </ul>
      <ContactFlow site={site} />
    </div>
  );
}
