import { data, Form, isRouteErrorResponse, redirect } from "react-router";
import type { Route } from "./+types/payment-sandbox";
import { useLocale, useT } from "~/components/i18n";
import { catalogueMeta, pageMeta } from "~/components/site";
import { ORDER_ID_PATTERN } from "~/domain/booking/order-id";
import { localeOfPath, localizedPath } from "~/domain/locales";
import { formatEuros } from "~/domain/money";
import { resultHref } from "~/domain/payment-result";
import { findByOrderId } from "~/lib/bookings.server";
import { messagesOf, pickMessages, wordsIn } from "~/lib/i18n.server";
import { SandboxProvider } from "~/lib/payments.server";
import { acceptPayment } from "~/lib/payment-notices.server";
import { readFormBody } from "~/lib/request-guards.server";

/** The largest payment form read: it carries one field (`intent`), far under this. */
const MAX_PAYMENT_FORM_BODY = 8 * 1024;

async function bookingFor(context: Route.LoaderArgs["context"], orderId: string) {
  if (!(context.booking.payments instanceof SandboxProvider) || !ORDER_ID_PATTERN.test(orderId)) return null;
  return (await findByOrderId(await context.booking.db(), orderId)) ?? null;
}

/** The language of the page's address: the booking's, from the booking endpoint. */
function pageLocale(request: Request) {
  return localeOfPath(new URL(request.url).pathname);
}

/** The sandbox's words in the page's language. */
function sandboxWords(request: Request) {
  return wordsIn(pageLocale(request), "payment");
}
type SandboxWords = ReturnType<typeof sandboxWords>;

/** A refusal in one sentence, in the page's language: the ErrorBoundary shows it, and its headers go out with it. */
function refusal(status: number, words: SandboxWords, reason: "tooMany" | "unreadable" | "tooLarge" | "notFound", headers?: HeadersInit) {
  return data({ title: words("sandbox.title"), sentence: words(`sandbox.${reason}`) }, { status, headers });
}

/**
 * Both the page (GET) and its form (POST) are counted against one limit per visitor, before the
 * order is looked up: neither answer (404 or the page) can be used to try order ids in bulk.
 */
async function countVisit(context: Route.LoaderArgs["context"], words: SandboxWords) {
  const limit = await context.booking.paymentPageLimiter.consume(context.clientAddress);
  if (!limit.allowed) {
    throw refusal(429, words, "tooMany", { "Retry-After": String(limit.retryAfterSeconds) });
  }
}

/** The form's `intent`, read from a url-encoded body of at most MAX_PAYMENT_FORM_BODY bytes. */
async function readIntent(request: Request, words: SandboxWords): Promise<string | null> {
  const body = await readFormBody(request, MAX_PAYMENT_FORM_BODY);
  if (body.ok) return body.fields.get("intent");
  if (body.status === 415) throw refusal(415, words, "unreadable");
  throw refusal(413, words, "tooLarge", { Connection: "close" });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const words = sandboxWords(request);
  await countVisit(context, words);
  const row = await bookingFor(context, params.orderId);
  if (!row) throw refusal(404, words, "notFound");
  return {
    messages: pickMessages(messagesOf(pageLocale(request), "payment"), "payment.sandbox."),
    orderId: row.orderId,
    amount: row.priceCents,
    route: `${row.depart} → ${row.arrive}`,
    kind: row.kind,
    paid: row.status === "paid",
    cancelled: row.bookingStatus === "cancelled",
  };
}

/**
 * The built-in sandbox provider's payment page (docs/product.md, Payment and e-mails). Pay sends the
 * provider's signed server-to-server notification, exactly as a real provider would, and only
 * that marks the booking paid; then the visitor returns to the result page.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const words = sandboxWords(request);
  await countVisit(context, words);
  const intent = await readIntent(request, words);
  const row = await bookingFor(context, params.orderId);
  const payments = context.booking.payments;
  if (!row || !(payments instanceof SandboxProvider)) throw refusal(404, words, "notFound");
  // Back to the result page in the booking's language, whichever language this page was opened in.
  const back = (okKo: "ok" | "ko") => resultHref(row.locale, okKo, row.orderId);
  // A booking cancelled meanwhile (by the traveller or by staff) takes no payment here.
  if (intent !== "pay" || row.bookingStatus === "cancelled") return redirect(back("ko"), 303);
  // The provider's notification, signed and then verified like any other that arrives.
  const { body, signature } = payments.sign(row);
  const notice = payments.verify(body, signature);
  const outcome = notice ? await acceptPayment(context.booking, context.settings, notice) : null;
  // Paid with an issue is paid (the booking changed while its page was open, say): the booking is
  // marked paid and flagged for the staff, and the traveller must not be told to pay again.
  const paid = outcome === "paid" || outcome === "paid-with-issue" || outcome === "already-handled";
  return redirect(back(paid ? "ok" : "ko"), 303);
}

// A refusal's own headers (Retry-After) go out with it.
export function headers({ errorHeaders, loaderHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

/** A refusal's title and sentence, or null for any other error. */
function refusalOf(error: unknown): { title: string; sentence: string } | null {
  if (!isRouteErrorResponse(error) || typeof error.data !== "object" || error.data === null) return null;
  const { title, sentence } = error.data as { title?: unknown; sentence?: unknown };
  return typeof title === "string" && typeof sentence === "string" ? { title, sentence } : null;
}

/** A refused or unknown payment page: the reason in one sentence. Its own, so its headers reach the response. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const locale = useLocale();
  const refused = refusalOf(error);
  return (
    <div className="container page">
      <h1>{refused?.title ?? t("common.error.title")}</h1>
      <p>{refused?.sentence ?? t("common.error.generic")}</p>
      <p>
        <a href={localizedPath(locale, "/")}>{t("common.error.home")}</a>
      </p>
    </div>
  );
}

// A refused page has no loader data, so no messages: its title is the refusal's own.
export const meta: Route.MetaFunction = (args) => {
  const refused = refusalOf(args.error);
  return refused
    ? pageMeta(args, { title: refused.title, description: refused.sentence, keywords: [], noindex: true })
    : catalogueMeta(args, "payment.sandbox", { noindex: true });
};

export default function SandboxPaymentPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const amount = formatEuros(loaderData.amount, locale);
  return (
    <div className="container page">
      <h1>{t("payment.sandbox.title")}</h1>
      <p className="notice">{t("payment.sandbox.testNotice")}</p>
      <dl className="summary">
        <div>
          <dt>{t("payment.sandbox.order")}</dt>
          <dd>{loaderData.orderId}</dd>
        </div>
        <div>
          <dt>{t("payment.sandbox.transfer")}</dt>
          <dd>{t("payment.sandbox.kind", { kind: loaderData.kind, route: loaderData.route })}</dd>
        </div>
        <div>
          <dt>{t("payment.sandbox.amount")}</dt>
          <dd>{amount}</dd>
        </div>
      </dl>
      <p>{t("payment.sandbox.orderAmount", { orderId: loaderData.orderId, amount })}</p>
      {loaderData.paid ? (
        <p>{t("payment.sandbox.alreadyPaid")}</p>
      ) : loaderData.cancelled ? (
        <p>{t("payment.sandbox.cancelled")}</p>
      ) : (
        <Form method="post" className="actions" reloadDocument>
          <button className="button" type="submit" name="intent" value="pay">
            {t("payment.sandbox.pay", { amount })}
          </button>
          <button className="button button--secondary" type="submit" name="intent" value="cancel">
            {t("payment.sandbox.cancel")}
          </button>
        </Form>
      )}
    </div>
  );
}
