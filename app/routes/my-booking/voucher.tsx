import type { ReactNode } from "react";
import type { Route } from "./+types/voucher";
import { BookingErrorPage, refusalTitle } from "~/components/manage/BookingErrorPage";
import { MessageAnchor, T } from "~/components/i18n";
import { useManageWords } from "~/components/manage/use-manage-words";
import { useHydrated } from "~/components/ui/use-hydrated";
import { localizedPath } from "~/domain/locales";
import type { VoucherView } from "~/domain/manage/voucher";
import { telHref } from "~/domain/phone";
import { manageWordsIn, messagesOf, pickMessages } from "~/lib/i18n.server";
import { refusalHeaders, travellerPageLocale } from "~/lib/traveller-pages.server";
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

export const meta: Route.MetaFunction = ({ loaderData, error }) => [
  { title: loaderData?.title ?? refusalTitle(error) ?? "Voucher · Your booking" },
  { name: "robots", content: "noindex, nofollow" },
];

/** A refusal's Retry-After and Connection: close (refusalHeaders). */
export const headers = (args: Route.HeadersArgs) => refusalHeaders(args);

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const locale = travellerPageLocale(request, params.lang);
  const { voucher, qr } = await voucherData(context, params.token, locale);
  return {
    voucher,
    qr,
    title: manageWordsIn(locale)("voucher.title", { orderId: voucher.orderId }),
    messages: pickMessages(messagesOf(locale, "manage"), "manage.voucher."),
    base: localizedPath(locale, `/my-booking/${params.token}`),
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
  const words = useManageWords();
  if (!hydrated) return <p className="voucher__hint">{words("voucher.printHint")}</p>;
  return (
    <button type="button" className="button" onClick={() => window.print()}>
      {words("voucher.print")}
    </button>
  );
}

function Legs({ voucher }: { voucher: VoucherView }) {
  const words = useManageWords();
  if (voucher.legs.length === 0) {
    return <p>{words("voucher.unread")}</p>;
  }
  return (
    <div className="voucher__legs">
      {voucher.legs.map((leg) => (
        <section key={leg.number} className="voucher__leg" aria-labelledby={`voucher-leg-${leg.number}`}>
          <h2 id={`voucher-leg-${leg.number}`}>{words("voucher.legHeading", { title: leg.title, when: leg.when })}</h2>
          <dl className="voucher__list">
            <Item term={words("voucher.from")}>{leg.from}</Item>
            <Item term={words("voucher.to")}>{leg.to}</Item>
            {leg.flight ? <Item term={words("voucher.flight")}>{leg.flight}</Item> : null}
            {leg.shuttleRun ? <Item term={words("voucher.shuttle")}>{leg.shuttleRun}</Item> : null}
            {leg.passengers ? <Item term={words("voucher.passengers")}>{leg.passengers}</Item> : null}
            <Item term={words("voucher.meetingPoint")}>
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
  const words = useManageWords();
  return (
    <div className="container page voucher">
      <header className="voucher__head">
        <div className="voucher__title">
          <p className="voucher__brand">{words("voucher.brand", { siteName: site.name })}</p>
          <h1>
            <T id="manage.voucher.order" values={{ orderId: voucher.orderId }} components={{ 0: <span className="voucher__order" /> }} />
          </h1>
          <p className="voucher__route">{words("voucher.serviceRoute", { service: voucher.service, route: voucher.route })}</p>
          {voucher.test ? <p className="voucher__warning">{words("voucher.test")}</p> : null}
          {voucher.warning ? <p className="voucher__warning">{voucher.warning}</p> : null}
        </div>
        <figure className="voucher__qr">
          {/* The SVG is qrcode's own output for this booking's link: no text of the traveller's. */}
          <div className="voucher__qr-code" role="img" aria-label={words("voucher.qr")} dangerouslySetInnerHTML={{ __html: qr }} />
          <figcaption>{words("voucher.scan")}</figcaption>
        </figure>
      </header>

      <dl className="voucher__list voucher__party">
        <Item term={words("voucher.name")}>{voucher.name}</Item>
        <Item term={words("voucher.party")}>{voucher.party}</Item>
        {voucher.luggage ? <Item term={words("voucher.luggage")}>{voucher.luggage}</Item> : null}
        {voucher.drivers.map((driver) => (
          <Item key={driver.leg ?? "every leg"} term={driver.title}>
            {driver.name}, <a href={telHref(driver.phone)}>{driver.phone}</a>
          </Item>
        ))}
      </dl>

      <Legs voucher={voucher} />

      <div className="voucher__help">
        <section aria-labelledby="voucher-day">
          <h2 id="voucher-day">{words("voucher.onTheDay")}</h2>
          <ul>
            {voucher.onTheDay.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="voucher-not-found">
          <h2 id="voucher-not-found">{words("voucher.notFoundTitle")}</h2>
          <ol>
            {voucher.driverNotFound.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
        </section>
      </div>

      <p className="voucher__contact">
        <T
          id="manage.voucher.contact"
          values={{ siteName: site.name, phone: site.phone, email: site.email, orderId: voucher.orderId }}
          components={{ 0: <MessageAnchor href={telHref(site.phone)} />, 1: <MessageAnchor href={`mailto:${site.email}`} /> }}
        />
      </p>

      <div className="actions voucher__actions">
        <PrintButton />
        <a className="button button--secondary" href={base}>
          {words("voucher.back")}
        </a>
      </div>
    </div>
  );
}

/** A booking that cannot be opened: the same page as the booking's other pages (BookingErrorPage). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <BookingErrorPage error={error} />;
}
