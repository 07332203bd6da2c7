import { data, redirect, useNavigation, useParams } from "react-router";
import type { Route } from "./+types/manage";
import manageStyles from "~/styles/manage.css?url";
import { BookingErrorPage } from "~/components/manage/BookingErrorPage";
import { manageView } from "~/components/manage/booking-view";
import { Phone } from "~/components/manage/Phone";
import { CancelConfirm } from "~/components/manage/CancelConfirm";
import { CancelOrChange } from "~/components/manage/CancelOrChange";
import { Documents } from "~/components/manage/Documents";
import { StatusPanel } from "~/components/manage/StatusPanel";
import { TripDetails } from "~/components/manage/TripDetails";
import { useSite } from "~/components/site";
import { FormErrors } from "~/components/ui/FormErrors";
import { cancelFormSchema, firstPickupOf, travellerCancelCheck } from "~/domain/manage/cancel";
import { formatEuros } from "~/domain/money";
import { refundableCents } from "~/lib/booking-refunds.server";
import { assignedDrivers } from "~/lib/booking-tx.server";
import { emailSite } from "~/lib/email-site.server";
import type { BookingRow } from "~/lib/bookings.server";
import { managedBooking } from "~/lib/manage.server";
import { MANAGE_PATH } from "~/lib/manage-links.server";
import { legRunTimes } from "~/lib/shuttle-runs.server";
import { cancelByTraveller } from "~/lib/traveller-booking.server";
import { readTravellerForm, refusalHeaders } from "~/lib/traveller-pages.server";
import { mailWordsIn } from "~/lib/i18n.server";

/** The traveller's pages' own styles, loaded by these pages only (the public pages inline theirs). */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: manageStyles }];

/**
 * The traveller's own booking page (docs/product.md, Managing a booking), opened by the secret
 * token of the link we e-mailed: its status in words, each leg in Paris time, the amount paid,
 * free cancellation with its deadline and countdown, the voucher and calendar, and Cancel with a
 * confirmation step that works without JavaScript. Every answer is no-store and no-referrer
 * (app/entry.server.tsx, server/app.ts); a wrong token gets the same 404 as an unknown one (manage.server.ts).
 */

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Booking ${loaderData.view.orderId} · Your booking` : "Your booking" },
  { name: "robots", content: "noindex, nofollow" },
];

/** A refusal's Retry-After and Connection: close (refusalHeaders). */
export const headers = (args: Route.HeadersArgs) => refusalHeaders(args);

/** The page's data for the booking, as of now. */
async function pageData(context: Route.LoaderArgs["context"], row: BookingRow) {
  return manageView(row, {
    drivers: await assignedDrivers(await context.booking.db(), row),
    refundableCents: refundableCents(row),
    points: await context.booking.meetingPoints.currentPoints(),
    runs: await legRunTimes(await context.booking.db(), row.orderId),
    // The booking's page speaks English until the traveller's pages take the booking's language.
    words: mailWordsIn("en"),
    now: new Date(),
  });
}

/** The sentence the page shows after a cancellation, from the booking as it is now. */
function cancelledNotice(row: BookingRow): string | null {
  if (row.bookingStatus !== "cancelled") return null;
  const refund =
    row.refundedCents > 0
      ? ` ${formatEuros(row.refundedCents)} is refunded to the card you paid with: depending on your bank, it shows on your account within 5 to 10 days.`
      : "";
  return `Your booking ${row.orderId} is cancelled.${refund} We have e-mailed you a confirmation.`;
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const row = await managedBooking(context, params.token);
  const done = new URL(request.url).searchParams.get("done") === "cancelled" ? cancelledNotice(row) : null;
  return data({ view: await pageData(context, row), notice: done });
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
  const row = await managedBooking(context, params.token);
  const parsed = cancelFormSchema.safeParse(await readTravellerForm(request, MAX_BODY));
  if (!parsed.success) {
    return data({ confirm: false, problem: "This form could not be read. Reload the page and try again." }, { status: 400 });
  }
  const { phone } = context.settings;
  const page = `${MANAGE_PATH}/${params.token}`;
  if (parsed.data.intent === "cancel") {
    const check = travellerCancelCheck({ bookingStatus: row.bookingStatus, firstPickupAt: firstPickupOf(row) }, new Date());
    if (!check.ok) {
      if (check.why === "cancelled") return redirect(page, 303);
      return data({ confirm: false, problem: `${check.message} Call us on ${phone}.` }, { status: 409 });
    }
    return data({ confirm: true, problem: null });
  }
  const db = await context.booking.db();
  const outcome = await cancelByTraveller(db, row.orderId, emailSite(context.settings), context.booking.payments);
  if (outcome.ok || outcome.already) {
    if (outcome.ok) context.booking.wakeOutbox();
    return redirect(`${page}?done=cancelled`, 303);
  }
  const call = outcome.callUs ? ` Call us on ${phone}.` : "";
  return data({ confirm: false, problem: `${outcome.message}${call}` }, { status: outcome.status });
}

function Notice({ text }: { text: string | null }) {
  return <div role="status">{text ? <p className="manage-notice">{text}</p> : null}</div>;
}

export default function ManageBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { view, notice } = loaderData;
  const site = useSite();
  const { token } = useParams();
  const busy = useNavigation().state === "submitting";
  const base = `/my-booking/${token ?? ""}`;
  const problem = actionData?.problem ?? null;
  const confirming = actionData?.confirm === true && view.deadline !== null;
  return (
    <div className="container page manage">
      <p className="manage-eyebrow">Your booking</p>
      <h1>Booking {view.orderId}</h1>
      {view.test ? <p className="notice">Test booking: no money moved.</p> : null}
      <Notice text={notice} />
      <FormErrors problems={problem ? [{ field: null, message: problem }] : []} title="Your booking is not cancelled" />
      {confirming ? (
        <CancelConfirm view={view} base={base} busy={busy} />
      ) : (
        <>
          <StatusPanel status={view.status} />
          <CancelOrChange view={view} base={base} phone={site.phone} busy={busy} />
          {view.open ? <Documents base={base} /> : null}
          <TripDetails view={view} />
          <p className="manage-help">
            Questions? Call us on <Phone number={site.phone} /> or write to <a href={`mailto:${site.email}`}>{site.email}</a>, quoting your
            order number {view.orderId}.
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
