import type { ReactNode } from "react";
import type { Route } from "./+types/voucher";
import { BookingErrorPage } from "~/components/manage/BookingErrorPage";
import { useHydrated } from "~/components/ui/use-hydrated";
import { driverTitle } from "~/domain/manage/leg-drivers";
import type { VoucherView } from "~/domain/manage/voucher";
import { telHref } from "~/domain/phone";
import { refusalHeaders } from "~/lib/traveller-pages.server";
import { voucherData } from "~/lib/voucher.server";
import voucherStyles from "~/styles/voucher.css?url";

/**
 * 'Print voucher' (docs/product.md, Voucher and calendar): one page, A4 on paper and phone-sized
 * on screen, with the order id, a QR code of the booking's own link (the token in this address),
 * each leg in Paris time with its flight, terminal and meeting point, the business phone, and
 * what to do if the driver cannot be found. The QR code is an SVG drawn on the server
 * (app/lib/voucher.server.ts) and written into the page. The booking is opened as every
 * /my-booking page opens it (manage.server.ts): a wrong token gets the same 404.
 */

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: voucherStyles }];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Voucher ${loaderData.voucher.orderId} · Your booking` : "Voucher · Your booking" },
  { name: "robots", content: "noindex, nofollow" },
];

/** A refusal's Retry-After and Connection: close (refusalHeaders). */
export const headers = (args: Route.HeadersArgs) => refusalHeaders(args);

export async function loader({ context, params }: Route.LoaderArgs) {
  const { voucher, qr } = await voucherData(context, params.token);
  return {
    voucher,
    qr,
    base: `/my-booking/${params.token}`,
    site: { name: context.settings.siteName, phone: context.settings.phone, email: context.settings.email },
  };
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="voucher__item">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** 'Print' once the page's script runs; before that (or without JavaScript) the browser's own command. */
function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return <p className="voucher__hint">To print, use your browser&apos;s Print command.</p>;
  return (
    <button type="button" className="button" onClick={() => window.print()}>
      Print
    </button>
  );
}

function Legs({ voucher }: { voucher: VoucherView }) {
  if (voucher.legs.length === 0) {
    return <p>The details of the trip could not be read. Please call us.</p>;
  }
  return (
    <div className="voucher__legs">
      {voucher.legs.map((leg) => (
        <section key={leg.number} className="voucher__leg" aria-labelledby={`voucher-leg-${leg.number}`}>
          <h2 id={`voucher-leg-${leg.number}`}>
            {leg.title}: {leg.when}
          </h2>
          <dl className="voucher__list">
            <Item term="From">{leg.from}</Item>
            <Item term="To">{leg.to}</Item>
            {leg.flight ? <Item term="Flight">{leg.flight}</Item> : null}
            {leg.shuttleRun ? <Item term="Shuttle">{leg.shuttleRun}</Item> : null}
            {leg.passengers ? <Item term="Passengers">{leg.passengers}</Item> : null}
            <Item term="Meeting point">
              <strong>{leg.meetingPoint || leg.from}</strong>
            </Item>
          </dl>
        </section>
      ))}
    </div>
  );
}

export default function Voucher({ loaderData }: Route.ComponentProps) {
  const { voucher, qr, base, site } = loaderData;
  return (
    <div className="container page voucher">
      <header className="voucher__head">
        <div className="voucher__title">
          <p className="voucher__brand">{site.name} · Transfer voucher</p>
          <h1>
            Order <span className="voucher__order">{voucher.orderId}</span>
          </h1>
          <p className="voucher__route">
            {voucher.service}: {voucher.route}
          </p>
          {voucher.test ? <p className="voucher__warning">Test booking: no money moved.</p> : null}
          {voucher.warning ? <p className="voucher__warning">{voucher.warning}</p> : null}
        </div>
        <figure className="voucher__qr">
          {/* The SVG is qrcode's own output for this booking's link: no text of the traveller's. */}
          <div
            className="voucher__qr-code"
            role="img"
            aria-label="QR code of this booking's page"
            dangerouslySetInnerHTML={{ __html: qr }}
          />
          <figcaption>Scan to open your booking</figcaption>
        </figure>
      </header>

      <dl className="voucher__list voucher__party">
        <Item term="Name">{voucher.name}</Item>
        <Item term="Party">{voucher.party}</Item>
        {voucher.luggage ? <Item term="Luggage">{voucher.luggage}</Item> : null}
        {voucher.drivers.map((driver) => (
          <Item key={driver.leg ?? "every leg"} term={driverTitle(driver)}>
            {driver.name}, <a href={telHref(driver.phone)}>{driver.phone}</a>
          </Item>
        ))}
      </dl>

      <Legs voucher={voucher} />

      <div className="voucher__help">
        <section aria-labelledby="voucher-day">
          <h2 id="voucher-day">On the day</h2>
          <ul>
            {voucher.onTheDay.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="voucher-not-found">
          <h2 id="voucher-not-found">If you cannot find your driver</h2>
          <ol>
            {voucher.driverNotFound.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
        </section>
      </div>

      <p className="voucher__contact">
        {site.name}: <a href={telHref(site.phone)}>{site.phone}</a> · <a href={`mailto:${site.email}`}>{site.email}</a> · Order{" "}
        {voucher.orderId}
      </p>

      <div className="actions voucher__actions">
        <PrintButton />
        <a className="button button--secondary" href={base}>
          Back to your booking
        </a>
      </div>
    </div>
  );
}

/** A booking that cannot be opened: the same page as the booking's other pages (BookingErrorPage). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <BookingErrorPage error={error} />;
}
