import { isRouteErrorResponse } from "react-router";
import { useLocale, useT } from "~/components/i18n";

/** A refusal's words as the server wrote them in the page's language (manage.server.ts, bookingRefusal). */
interface Refusal {
  heading: string;
  sentence: string;
  lostLink: { text: string; href: string };
}

function isRefusal(value: unknown): value is Refusal {
  if (typeof value !== "object" || value === null) return false;
  const { heading, sentence, lostLink } = value as Partial<Refusal>;
  return typeof heading === "string" && typeof sentence === "string" && typeof lostLink?.href === "string";
}

/** A refused page's title: the refusal's heading, in the page's language (its loader sent no title). */
export function refusalTitle(error: unknown): string | undefined {
  return isRouteErrorResponse(error) && isRefusal(error.data) ? error.data.heading : undefined;
}

/**
 * What every page of a booking (its page, its change form, its voucher) answers when it cannot
 * open the booking or read a post: a wrong, malformed or purged token gets the same page, naming no
 * token; too many wrong links get 429; each leads to 'Lost your link?'. A refusal's words come with
 * it, since a page whose loader failed has no messages of its own; anything else is the frame's
 * apology, in the frame's words.
 */
export function BookingErrorPage({ error }: { error: unknown }) {
  const t = useT();
  const locale = useLocale();
  const refusal: Refusal = (isRouteErrorResponse(error) && isRefusal(error.data) ? error.data : null) ?? {
    heading: t("common.error.somethingWrong"),
    sentence: t("common.error.generic"),
    // 'Lost your link?' in the page's language, as localizedPath would write it (that module stays off these pages).
    lostLink: { text: t("common.error.lostLink"), href: locale === "en" ? "/my-booking" : `/${locale}/my-booking` },
  };
  return (
    <div className="container page manage">
      <h1>{refusal.heading}</h1>
      <p>{refusal.sentence}</p>
      <p>
        <a href={refusal.lostLink.href}>{refusal.lostLink.text}</a>
      </p>
    </div>
  );
}
