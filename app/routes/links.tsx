import type { Route } from "./+types/links";
import { pageMeta, STATIC_PAGE } from "~/components/site";
import { LINK_TOPICS, USEFUL_LINKS, linkHost } from "~/domain/useful-links";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Useful links",
    description:
      "Official websites for the Paris airports, Disneyland Paris, public transport, the Paris tourist office, visas and the weather forecast.",
    keywords: ["Paris airports", "Disneyland Paris", "RATP", "SNCF Connect", "Paris tourist office", "France visa"],
  });

function topicId(topic: string): string {
  return `links-${topic.toLowerCase().replace(/[^a-z]+/g, "-")}`;
}

export default function LinksPage() {
  return (
    <div className="container page">
      <h1>Useful links</h1>
      <p className="lead">
        Official websites to plan your stay in Paris and at Disneyland Paris. They are run by other organisations and open outside our site.
      </p>
      <div className="link-topics">
        {LINK_TOPICS.map((topic) => (
          <section key={topic} aria-labelledby={topicId(topic)}>
            <h2 id={topicId(topic)}>{topic}</h2>
            <ul className="link-list">
              {USEFUL_LINKS.filter((link) => link.topic === topic).map((link) => (
                <li key={link.url}>
                  <a href={link.url} rel="noopener">
                    {link.name}
                    <span className="link-list__host"> ({linkHost(link.url)}, external site)</span>
                  </a>
                  <p>{link.description}</p>
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
