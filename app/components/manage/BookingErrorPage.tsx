import { isRouteErrorResponse } from "react-router";
import { useT } from "~/components/i18n";

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

/**
 * What every traveller's page (the booking, its change form, its voucher, 'Lost your link?')
 * answers when it cannot open the booking or read a post: a wrong, malformed or purged token gets
 * the same page, naming no token; too many wrong links get 429; each leads to 'Lost your link?'.
 * The words come with the refusal, since a page whose loader failed has no messages of its own;
 * anything else is the frame's plain apology.
 */
export function BookingErrorPage({ error }: { error: unknown }) {
  const t = useT();
  const refusal = isRouteErrorResponse(error) && isRefusal(error.data) ? error.data : null;
  if (!refusal) {
    return (
      <div className="container page manage">
        <h1>{t("common.error.status", { status: isRouteErrorResponse(error) ? error.status : 500 })}</h1>
        <p>{t("common.error.generic")}</p>
      </div>
    );
  }
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
