import type { Route } from "./+types/links";
import { useT } from "~/components/i18n";
import { catalogueMeta, STATIC_PAGE } from "~/components/site";
import { LINK_TOPICS, USEFUL_LINKS, linkHost } from "~/domain/useful-links";
import { pageMessages } from "~/lib/i18n.server";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, "pages");
}

export const meta: Route.MetaFunction = (args) => catalogueMeta(args, "pages.links");

export default function LinksPage() {
  const t = useT();
  return (
    <div className="container page">
      <h1>{t("pages.links.title")}</h1>
      <p className="lead">{t("pages.links.lead")}</p>
      <div className="link-topics">
        {LINK_TOPICS.map((topic) => (
          <section key={topic} aria-labelledby={`links-${topic}`}>
            <h2 id={`links-${topic}`}>{t(`pages.links.topic.${topic}`)}</h2>
            <ul className="link-list">
              {USEFUL_LINKS.filter((link) => link.topic === topic).map((link) => (
                <li key={link.url}>
                  <a href={link.url} rel="noopener">
                    {t(`pages.links.${link.key}.name`)}
                    <span className="link-list__host"> ({t("pages.links.externalSite", { host: linkHost(link.url) })})</span>
                  </a>
                  <p>{t(`pages.links.${link.key}.description`)}</p>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}

// Nothing here is interactive: served without React's JavaScript.
export const handle = STATIC_PAGE;
