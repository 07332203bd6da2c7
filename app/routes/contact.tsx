import type { Route } from "./+types/contact";
import { ContactFlow } from "~/components/contact/ContactFlow";
import { T, useT } from "~/components/i18n";
import { catalogueMeta, useSite } from "~/components/site";
import { telHref } from "~/domain/phone";
import { pageMessages } from "~/lib/i18n.server";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, "contact");
}

export const meta: Route.MetaFunction = (args) => catalogueMeta(args, "contact");

/** Hydrated (not a STATIC_PAGE): the contact form runs in the browser (docs/product.md, Contact flow). */
export default function ContactPage() {
  const site = useSite();
  const t = useT();
  return (
    <div className="container page">
      <h1>{t("contact.title")}</h1>
      <p className="lead">{t("contact.lead")}</p>
      <ul className="contact-list">
        <li>
          <T id="contact.email" components={{ 0: <a href={`mailto:${site.email}`}>{site.email}</a> }} />
        </li>
        <li>
          <T id="contact.phone" components={{ 0: <a href={telHref(site.phone)}>{site.phone}</a> }} />
        </li>
      </ul>
      <ContactFlow site={site} />
    </div>
  );
}
