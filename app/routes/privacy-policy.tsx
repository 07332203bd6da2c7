import { Link } from "react-router";
import type { Route } from "./+types/privacy-policy";
import { pageMeta, useSite, STATIC_PAGE } from "~/components/site";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Privacy policy",
    description:
      "What personal data we collect when you book a transfer or contact us, why, who receives it, how long we keep it, and your rights under the GDPR.",
    keywords: ["privacy", "GDPR", "personal data", "data protection", "cookies"],
  });

/** The retention periods the server applies by itself (docs/product.md, Personal data), from its settings. */
export function loader({ context }: Route.LoaderArgs) {
  return { retention: context.settings.retention };
}

const days = (n: number) => (n === 1 ? "1 day" : `${n} days`);

export default function PrivacyPolicyPage({ loaderData }: Route.ComponentProps) {
  const { retention } = loaderData;
  const site = useSite();
  const mail = <a href={`mailto:${site.email}`}>{site.email}</a>;
  return (
    <div className="container page prose legal">
      <h1>Privacy policy</h1>
      <p className="lead">
        We collect only what we need to drive you safely to the right place at the right time, and to answer your questions. This page
        explains what that is and what you can do about it.
      </p>

      <h2>Who is responsible</h2>
      <p>
        The data controller is {site.siteName}, the publisher of this website (see the <Link to="/legal-notice">legal notice</Link>). For
        any question about your data, write to {mail}.
      </p>

      <h2>What we collect and why</h2>
      <h3>When you book a transfer</h3>
      <p>The booking form asks for:</p>
      <ul>
        <li>your name, e-mail address, phone numbers and postal address;</li>
        <li>the pick-up and drop-off places: airport, hotel or address and postcode;</li>
        <li>dates and times, and your flight numbers, flight times and the city your flight comes from or goes to;</li>
        <li>the number of adults, children and babies, and your luggage (bags, suitcases, pushchairs);</li>
        <li>any note you add for the driver.</li>
      </ul>
      <p>
        We use this information to perform the transfer you ordered: to plan the ride, tell the driver where and when to meet you, follow
        your flight, contact you on the day and send you your confirmation and invoice. The legal basis is the performance of our contract
        with you (article 6(1)(b) of the GDPR) and, for invoices, our legal accounting obligations (article 6(1)(c)).
      </p>
      <h3>When you pay</h3>
      <p>
        Payment is made on the secure page of our payment provider. Your card details are entered there and go directly to the provider:
        this website never sees or stores your card number. We receive only the result of the payment (accepted or refused), the amount and
        a transaction reference.
      </p>
      <h3>When you use the contact form</h3>
      <p>
        The contact form sends your name, e-mail address and message to us by e-mail through the EmailJS service, which acts on our behalf
        only to deliver the message. We use these details to answer you; the legal basis is our legitimate interest in answering the
        questions we receive (article 6(1)(f)), or the steps you ask for before a booking (article 6(1)(b)). If you phone us, we note only
        what is needed to handle your request.
      </p>
      <h3>Technical data</h3>
      <p>
        Like any website, our server receives your IP address and the pages you request. We use this to keep the site running and secure and
        to block abuse, such as repeated automated booking attempts (legitimate interest).
      </p>

      <h2>Data kept in your own browser</h2>
      <p>
        While you fill in the booking form, your booking draft is saved in your own browser&apos;s local storage, under the keys{" "}
        <code>reservation</code> (the draft booking, including the details you typed) and <code>reservationData</code> (the number of
        passengers and the prices you looked up). This lets you come back to the form without retyping everything. These data stay on your
        device and reach us only when you submit the booking. You can delete them at any time by clearing this site&apos;s data in your
        browser settings (often listed under &quot;cookies and site data&quot;).
      </p>

      <h2>Cookies</h2>
      <p>
        We do not use advertising cookies, tracking cookies or third-party analytics, and we do not show ads. That is why this site does not
        ask for cookie consent. When you send a booking, your browser receives one strictly necessary cookie, <code>navette_result</code>,
        holding the order number and a secret link to that booking, so that the payment result page can take you to your booking. It is read
        only by that page and expires after one day.
      </p>

      <h2>Who receives your data</h2>
      <ul>
        <li>our staff and the driver assigned to your ride, who receive only what they need for the trip;</li>
        <li>our payment provider, for the payment;</li>
        <li>EmailJS, to deliver contact-form messages, and our e-mail provider;</li>
        <li>our hosting provider, which runs the servers of this website.</li>
      </ul>
      <p>
        These providers act on our instructions and may not use your data for their own purposes. We never sell or rent your data. If a
        provider processes data outside the European Union, the transfer is covered by the safeguards of the GDPR, such as an adequacy
        decision or the European Commission&apos;s standard contractual clauses. We may also disclose data when the law requires it, for
        example to the police or a court.
      </p>

      <h2>How long we keep it</h2>
      <ul>
        <li>Booking details: for the time needed to carry out the transfer and handle any complaint, then three years after the ride.</li>
        <li>
          A booking that is never paid: deleted automatically {days(retention.unpaidBookingDays)} after it was last changed, unless a
          payment for it is still being processed.
        </li>
        <li>
          The e-mails we send about a booking: their text is deleted automatically {days(retention.mailBodyDays)} after they are sent; we
          keep only to whom and when they were sent, and their subject.
        </li>
        <li>Invoices and accounting records: ten years, as French commercial law requires.</li>
        <li>Contact-form messages: one year after our last exchange, unless they lead to a booking.</li>
        <li>Server logs: no more than twelve months.</li>
        <li>The booking draft in your browser: until you clear it.</li>
      </ul>

      <h2>Your rights</h2>
      <p>Under the General Data Protection Regulation (GDPR) and the French Data Protection Act, you have the right to:</p>
      <ul>
        <li>access the data we hold about you and receive a copy;</li>
        <li>have inaccurate data corrected (rectification);</li>
        <li>have your data erased, unless we must keep it by law;</li>
        <li>restrict how we use your data;</li>
        <li>receive the data you gave us in a common machine-readable format (portability);</li>
        <li>object to processing based on our legitimate interest;</li>
        <li>give instructions on what happens to your data after your death.</li>
      </ul>
      <p>
        To exercise these rights, write to {mail}. We may ask you to prove your identity, and we answer within one month. If you think your
        rights have not been respected, you can lodge a complaint with the French data protection authority, the CNIL (Commission nationale
        de l&apos;informatique et des libertés), at{" "}
        <a href="https://www.cnil.fr/en" rel="noopener">
          cnil.fr
        </a>
        , or with the authority of the EU country where you live.
      </p>

      <h2>Security</h2>
      <p>
        The public site is served over an encrypted connection (HTTPS). Access to booking data is limited to the people who need it to
        organise your ride.
      </p>

      <h2>Changes</h2>
      <p>We will update this page if the way we handle data changes. The version online is the one that applies.</p>
    </div>
  );
}

// Nothing here is interactive: served without React's JavaScript.
export const handle = STATIC_PAGE;
