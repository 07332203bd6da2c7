import { data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/manage";
import manageStyles from "~/styles/manage.css?url";
import { BookingErrorPage, refusalTitle } from "~/components/manage/BookingErrorPage";
import { manageView } from "~/components/manage/booking-view";
import { Phone } from "~/components/manage/Phone";
import { CancelConfirm } from "~/components/manage/CancelConfirm";
import { CancelOrChange } from "~/components/manage/CancelOrChange";
import { Documents } from "~/components/manage/Documents";
import { StatusPanel } from "~/components/manage/StatusPanel";
import { TripDetails } from "~/components/manage/TripDetails";
import { T } from "~/components/i18n";
import { useManageWords } from "~/components/manage/use-manage-words";
import { useSite } from "~/components/site";
import { FormErrors } from "~/components/ui/FormErrors";
import { cancelFormSchema, firstPickupOf, travellerCancelCheck } from "~/domain/manage/cancel";
import { type Locale, localizedPath } from "~/domain/locales";
import type { ManageWords } from "~/domain/manage/manage-words";
import { formatEuros } from "~/domain/money";
import { refundableCents } from "~/lib/booking-refunds.server";
import { assignedDrivers } from "~/lib/booking-tx.server";
import { emailSite } from "~/lib/email-site.server";
import type { BookingRow } from "~/lib/bookings.server";
import { managedBooking } from "~/lib/manage.server";
import { MANAGE_PATH } from "~/lib/manage-links.server";
import { legRunTimes } from "~/lib/shuttle-runs.server";
import { cancelByTraveller } from "~/lib/traveller-booking.server";
import { readTravellerForm, refusalHeaders, travellerPageLocale } from "~/lib/traveller-pages.server";
import { mailWordsIn, manageWordsIn, messagesOf, pickMessages } from "~/lib/i18n.server";

/** The traveller's pages' own styles, loaded by these pages only (the public pages inline theirs). */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: manageStyles }];

/**
 * The traveller's own booking page (docs/product.md, Managing a booking), opened by the secret
 * token of the link we e-mailed: its status in words, each leg in Paris time, the amount paid,
 * free cancellation with its deadline and countdown, the voucher and calendar, and Cancel with a
 * confirmation step that works without JavaScript. Every answer is no-store and no-referrer
 * (app/entry.server.tsx, server/app.ts); a wrong token gets the same 404 as an unknown one (manage.server.ts).
 */

export const meta: Route.MetaFunction = ({ loaderData, error }) => [
  { title: loaderData?.title ?? refusalTitle(error) ?? "Your booking" },
  { name: "robots", content: "noindex, nofollow" },
];

/** A refusal's Retry-After and Connection: close (refusalHeaders). */
export const headers = (args: Route.HeadersArgs) => refusalHeaders(args);

/** The page's data for the booking, as of now. */
async function pageData(context: Route.LoaderArgs["context"], row: BookingRow, locale: Locale) {
  return manageView(row, {
    drivers: await assignedDrivers(await context.booking.db(), row),
    refundableCents: refundableCents(row),
    points: await context.booking.meetingPoints.currentPoints(),
    runs: await legRunTimes(await context.booking.db(), row.orderId),
    words: mailWordsIn(locale),
    manage: manageWordsIn(locale),
    now: new Date(),
  });
}

/** The sentence the page shows after a cancellation, from the booking as it is now. */
function cancelledNotice(row: BookingRow, words: ManageWords, locale: Locale): string | null {
  if (row.bookingStatus !== "cancelled") return null;
  const { orderId } = row;
  return row.refundedCents > 0
    ? words("page.cancelledRefunded", { orderId, amount: formatEuros(row.refundedCents, locale) })
    : words("page.cancelled", { orderId });
}

/** The groups of the catalogue the page's components say; the server writes the rest (the status, the refusals). */
const PAGE_GROUPS = ["page.", "status.label", "driver.line", "trip.", "cancel.", "confirm.", "deadline.", "documents."].map(
  (group) => `manage.${group}`,
);

/** The page's messages, in its language. */
function pageMessages(locale: Locale) {
  return pickMessages(messagesOf(locale, "manage"), ...PAGE_GROUPS);
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = travellerPageLocale(request, params.lang);
  const row = await managedBooking(context, params.token, locale);
  const words = manageWordsIn(locale);
  const done = url.searchParams.get("done") === "cancelled" ? cancelledNotice(row, words, locale) : null;
  const view = await pageData(context, row, locale);
  const base = localizedPath(locale, `${MANAGE_PATH}/${params.token}`);
  return data({ view, notice: done, base, title: words("page.title", { orderId: row.orderId }), messages: pageMessages(locale) });
}

/** The largest body a post of this page can be: one short field. */
const MAX_BODY = 1024;

/**
 * intent=cancel answers the confirmation step (the question, and the page's details); intent=
 * confirm-cancel cancels and refunds through cancelByTraveller, then redirects to the page with
 * its notice (Post/Redirect/Get). A post after the deadline, replayed or from a page left open, is
 * refused with the reason, and nothing changes.
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  const locale = travellerPageLocale(request, params.lang);
  const words = manageWordsIn(locale);
  const row = await managedBooking(context, params.token, locale);
  const parsed = cancelFormSchema.safeParse(await readTravellerForm(request, MAX_BODY));
  if (!parsed.success) return data({ confirm: false, problem: words("page.unreadable") }, { status: 400 });
  const { phone } = context.settings;
  const callUs = words("page.callUs", { phone });
  const page = localizedPath(locale, `${MANAGE_PATH}/${params.token}`);
  if (parsed.data.intent === "cancel") {
    const check = travellerCancelCheck({ bookingStatus: row.bookingStatus, firstPickupAt: firstPickupOf(row) }, new Date(), words);
    if (!check.ok) {
      if (check.why === "cancelled") return redirect(page, 303);
      return data({ confirm: false, problem: `${check.message} ${callUs}` }, { status: 409 });
    }
    return data({ confirm: true, problem: null });
  }
  const db = await context.booking.db();
  const outcome = await cancelByTraveller(db, row.orderId, emailSite(context.settings), context.booking.payments, words);
  if (outcome.ok || outcome.already) {
    if (outcome.ok) context.booking.wakeOutbox();
    return redirect(`${page}?done=cancelled`, 303);
  }
  return data({ confirm: false, problem: outcome.callUs ? `${outcome.message} ${callUs}` : outcome.message }, { status: outcome.status });
}

function Notice({ text }: { text: string | null }) {
  return <div role="status">{text ? <p className="manage-notice">{text}</p> : null}</div>;
}

export default function ManageBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { view, notice, base } = loaderData;
  const site = useSite();
  const words = useManageWords();
  const busy = useNavigation().state === "submitting";
  const problem = actionData?.problem ?? null;
  const confirming = actionData?.confirm === true && view.deadline !== null;
  return (
    <div className="container page manage">
      <p className="manage-eyebrow">{words("page.eyebrow")}</p>
      <h1>{words("page.heading", { orderId: view.orderId })}</h1>
      {view.test ? <p className="notice">{words("page.test")}</p> : null}
      <Notice text={notice} />
      <FormErrors problems={problem ? [{ field: null, message: problem }] : []} title={words("page.notCancelled")} />
      {confirming ? (
        <CancelConfirm view={view} base={base} busy={busy} />
      ) : (
        <>
          <StatusPanel status={view.status} />
          <CancelOrChange view={view} base={base} phone={site.phone} busy={busy} />
          {view.open ? <Documents base={base} /> : null}
          <TripDetails view={view} />
          <p className="manage-help">
            <T
              id="manage.page.help"
              values={{ phone: site.phone, email: site.email, orderId: view.orderId }}
              components={{ 0: <Phone number={site.phone} />, 1: <a href={`mailto:${site.email}`}>{site.email}</a> }}
            />
          </p>
        </>
      )}
    </div>
  );
}

/** A booking that cannot be opened: the same page as the booking's other pages (BookingErrorPage). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <BookingErrorPage error={error} />;
}
