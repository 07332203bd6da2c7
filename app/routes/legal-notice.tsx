import { Link } from "react-router";
import type { Route } from "./+types/legal-notice";
import { pageMeta, useSite, STATIC_PAGE } from "~/components/site";
import { telHref } from "~/domain/phone";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Legal notice",
    description: "Who publishes this website, who hosts it, intellectual property, liability and how to reach us.",
    keywords: ["legal notice", "publisher", "hosting", "intellectual property"],
  });

export default function LegalNoticePage() {
  const site = useSite();
  const mail = <a href={`mailto:${site.email}`}>{site.email}</a>;
  return (
    <div className="container page prose legal">
      <h1>Legal notice</h1>
      <p className="lead">
        This page gives the information required by French law (Law no. 2004-575 of 21 June 2004 on confidence in the digital economy) about
        the publisher and the host of this website.
      </p>

      <h2>Publisher</h2>
      <p>
        This website is published by <strong>{site.siteName}</strong>, a passenger transport business offering shared shuttles, private
        transfers and tours in Paris and the Île-de-France region.
      </p>
      <ul>
        <li>E-mail: {mail}</li>
        <li>
          Phone: <a href={telHref(site.phone)}>{site.phone}</a> (06:30–11:00, Paris time)
        </li>
      </ul>
      <p>
        The company&apos;s registration details (legal form, registration number and registered office) and the name of the director of
        publication are available on request at {mail}.
      </p>

      <h2>Hosting</h2>
      <p>
        The website is run on servers rented from a professional hosting provider. The provider&apos;s name, address and telephone number
        are available on request at {mail}.
      </p>

      <h2>Intellectual property</h2>
      <p>
        The texts, pictures, illustrations, logo and layout of this website belong to {site.siteName} or are used with permission. Copying,
        reproducing or reusing all or part of them without our written consent is not allowed, except for private use or short quotations
        that name the source.
      </p>
      <p>
        Disneyland® Paris, Paris Aéroport, Mercedes-Benz, Volkswagen, Renault and Peugeot are trademarks of their respective owners. They
        are mentioned only to describe our services and vehicles. {site.siteName} is an independent transport company and is not affiliated
        with, or endorsed by, these companies.
      </p>

      <h2>Liability</h2>
      <p>
        We take care to keep the information on this site accurate and up to date, including prices, timetables and travel advice. It may
        nevertheless contain errors or become out of date; the price and conditions that apply to a ride are those shown when you book and
        confirmed by e-mail. If you spot an error, please tell us.
      </p>
      <p>
        The site may be unavailable at times for maintenance or for reasons beyond our control. We cannot be held responsible for damage
        caused by such interruptions or by the use of the site from an unsuitable device.
      </p>
      <p>
        Our <Link to="/links">useful links</Link> lead to other organisations&apos; websites. We have no control over their content and are
        not responsible for it.
      </p>

      <h2>Personal data</h2>
      <p>
        How we handle the personal data you give us when you book or contact us is explained in our{" "}
        <Link to="/privacy-policy">privacy policy</Link>. Bookings are governed by our <Link to="/terms-of-service">terms of service</Link>.
      </p>

      <h2>Applicable law</h2>
      <p>This legal notice is governed by French law.</p>
    </div>
  );
}

// Nothing here is interactive: served without React's JavaScript.
export const handle = STATIC_PAGE;
