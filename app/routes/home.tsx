import { Link } from "react-router";
import type { Route } from "./+types/home";
import { MessageAnchor, T, useLocale, useT } from "~/components/i18n";
import { catalogueMeta, useSite, STATIC_PAGE } from "~/components/site";
import { localizedPath } from "~/domain/locales";
import { telHref } from "~/domain/phone";
import { pageMessages } from "~/lib/i18n.server";
import type { MessageId } from "~/locales/catalogues";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, "home");
}

export const meta: Route.MetaFunction = (args) => catalogueMeta(args, "home");

interface Highlight {
  title: MessageId;
  text: MessageId;
  to: string;
  link: MessageId;
}

const HIGHLIGHTS: readonly Highlight[] = [
  { title: "home.shuttle.title", text: "home.shuttle.text", to: "/rates", link: "home.shuttle.link" },
  { title: "home.private.title", text: "home.private.text", to: "/cars", link: "home.private.link" },
  { title: "home.tours.title", text: "home.tours.text", to: "/services", link: "home.tours.link" },
];

const FEATURES: ReadonlyArray<{ title: MessageId; text: MessageId }> = [
  { title: "home.fixedPrices.title", text: "home.fixedPrices.text" },
  { title: "home.flightMonitoring.title", text: "home.flightMonitoring.text" },
  { title: "home.childSeats.title", text: "home.childSeats.text" },
  { title: "home.freeCancellation.title", text: "home.freeCancellation.text" },
];

export default function HomePage() {
  const site = useSite();
  const t = useT();
  const locale = useLocale();
  const href = (path: string) => localizedPath(locale, path);
  return (
    <>
      <section className="hero home-hero" aria-labelledby="home-title">
        <img className="hero__image" src="/images/home/hero.svg" width={1200} height={600} alt="" fetchPriority="high" />
        <div className="container">
          <div className="hero__content">
            <h1 id="home-title">{t("home.hero.title")}</h1>
            <p>{t("home.hero.text")}</p>
            <p className="actions">
              <Link className="button button--light" to={href("/contact")}>
                {t("home.hero.contact")}
              </Link>
              <a className="button button--outline-light" href="#what-we-do">
                {t("home.hero.more")}
              </a>
            </p>
          </div>
        </div>
      </section>

      <section className="container home-section" aria-labelledby="what-we-do">
        <h2 id="what-we-do">{t("home.whatWeDo.title")}</h2>
        <p className="lead">{t("home.whatWeDo.lead")}</p>
        <ul className="grid highlights">
          {HIGHLIGHTS.map((h) => (
            <li key={h.title} className="card">
              <h3>{t(h.title)}</h3>
              <p>{t(h.text)}</p>
              <p>
                <Link className="card-link" to={href(h.to)}>
                  {t(h.link)}
                </Link>
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section className="band home-section" aria-labelledby="why-us">
        <div className="container">
          <h2 id="why-us">{t("home.whyUs.title")}</h2>
          <ul className="grid features">
            {FEATURES.map((f) => (
              <li key={f.title} className="card">
                <h3>{t(f.title)}</h3>
                <p>{t(f.text)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="container home-section" aria-labelledby="door-to-door">
        <h2 id="door-to-door">{t("home.doorToDoor.title")}</h2>
        <div className="media-grid">
          <div className="media">
            <img src="/images/home/meet-and-greet.svg" width={640} height={400} loading="lazy" decoding="async" alt={t("home.meet.alt")} />
            <h3>{t("home.meet.title")}</h3>
            <p>{t("home.meet.text")}</p>
          </div>
          <div className="media">
            <img src="/images/home/disneyland.svg" width={640} height={400} loading="lazy" decoding="async" alt={t("home.dropOff.alt")} />
            <h3>{t("home.dropOff.title")}</h3>
            <p>
              <T id="home.dropOff.text" components={{ 0: <Link to={href("/hotels_disneyland_paris")} /> }} />
            </p>
          </div>
        </div>
      </section>

      <section className="band home-section" aria-labelledby="home-contact">
        <div className="container">
          <h2 id="home-contact">{t("home.contact.title")}</h2>
          <p>{t("home.contact.text")}</p>
          <ul className="contact-list">
            <li>
              <T id="home.contact.phone" values={{ phone: site.phone }} components={{ 0: <MessageAnchor href={telHref(site.phone)} /> }} />
            </li>
            <li>
              <T
                id="home.contact.email"
                values={{ email: site.email }}
                components={{ 0: <MessageAnchor href={`mailto:${site.email}`} /> }}
              />
            </li>
          </ul>
          <p className="actions">
            <Link className="button" to={href("/rates")}>
              {t("home.contact.book")}
            </Link>
            <Link className="button button--secondary" to={href("/contact")}>
              {t("home.contact.message")}
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}

// Nothing here is interactive: served without React's JavaScript.
export const handle = STATIC_PAGE;
