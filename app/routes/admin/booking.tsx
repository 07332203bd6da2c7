import { data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/booking";
import { adminMeta } from "~/components/admin/admin-meta";
import type { BackOfficeLayoutData } from "~/components/admin/AdminFrame";
import {
  AssignDriverForm,
  BookingActionForms,
  driverField,
  LandingTimeForm,
  landingField,
  LanguageForm,
} from "~/components/admin/booking-actions";
import { EmailsSection, HistorySection, Lines, NotesSection, PaymentSection, Row } from "~/components/admin/BookingRecords";
import { RideSteps } from "~/components/admin/RideSteps";
import { translatorFor, useT } from "~/components/i18n";
import { FormErrors } from "~/components/ui/FormErrors";
import type { AdminWords } from "~/domain/back-office/admin-words";
import { bookingActionProblems, bookingActionSchema, doneMessage, outsideReasonOf } from "~/domain/back-office/booking-actions";
import { HISTORY_ACTIONS } from "~/domain/back-office/booking-page-words";
import { ORDER_ID_PATTERN } from "~/domain/booking/order-id";
import { parisClock } from "~/domain/booking/paris-time";
import { fieldMessage, type FormProblem } from "~/domain/form-problems";
import { telHref } from "~/domain/phone";
import { fieldsOf, readAdminForm } from "~/lib/admin-forms.server";
import { NO_STORE, requireStaff } from "~/lib/auth.server";
import { addNote, assignDriver, confirmBooking, markFinished, resendEmail, setLanguage } from "~/lib/booking-admin.server";
import { bookingView, loadBookingPage } from "~/lib/booking-page.server";
import { cancelBooking, refundBooking } from "~/lib/booking-refunds.server";
import { NO_SUCH_BOOKING, type ActionOutcome } from "~/lib/booking-tx.server";
import { emailSite } from "~/lib/email-site.server";
import { adminMessagesExcept, adminWordsIn } from "~/lib/i18n.server";
import { enterLandingTime } from "~/lib/landing-times.server";
import { bookingLegSteps } from "~/lib/leg-steps.server";
import { paymentLinkMaker } from "~/lib/payment-links.server";
import { runRules } from "~/lib/shuttle-runs.server";

/**
 * One booking's back-office page (/admin/bookings/:orderId), in the member's language: its status
 * and actions, trip, traveller, payment, e-mails, notes, ride and history. The legs are written in
 * the e-mails' words of that language; what staff or the system wrote (notes, the history's
 * details, a payment issue) stays as written, in English for the business's record.
 */

export const meta: Route.MetaFunction = ({ matches, params, data: page }) => {
  // An order no booking has: the refusal's page, under its own title.
  if (!page) return adminMeta(matches, "error.notFound");
  const layout = matches.find((m) => m?.id === "routes/admin/layout")?.data as BackOfficeLayoutData | undefined;
  const t = translatorFor(
    layout?.staff.locale ?? "en",
    matches.map((m) => m?.data),
  );
  return [
    { title: t("admin.meta.page", { page: t("admin.booking.title", { orderId: params.orderId }) }) },
    { name: "robots", content: "noindex" },
  ];
};

export function headers() {
  return NO_STORE;
}

/** The groups of the `admin` catalogue the page's components speak. */
const PAGE_GROUPS = ["booking.", "action.form.", "ride.", "problem.title", "legs.unread"];

/**
 * The words within them that only the server speaks (prefixes of message ids): the refusal of an
 * unknown order is the 404's body, and the booking's source, trip and payment sentences, the
 * vehicle needed, why an e-mail is not sent again and the history's actions reach the page as text
 * (bookingView); the page would carry them for nothing.
 */
const SERVER_WORDS = [
  "booking.none",
  "booking.source",
  "booking.service",
  "booking.route",
  "booking.passengers",
  "booking.paymentMode",
  "booking.vehicle.",
  "booking.resend.",
  ...HISTORY_ACTIONS.map((action) => `booking.history.${action}`),
];

/** The page's answer to an address that names no booking. */
const noSuchBooking = (words: AdminWords) => data(words("booking.none"), { status: 404, headers: NO_STORE });

/** The booking as the page shows it (bookingView), in the member's words, and the page's messages. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const me = await requireStaff(context.staff, request);
  const words = adminWordsIn(me.locale);
  // An address that is no order number's shape names no booking: it never reaches the database.
  if (!ORDER_ID_PATTERN.test(params.orderId)) throw noSuchBooking(words);
  const db = await context.booking.db();
  const page = await loadBookingPage(db, params.orderId, words);
  const fleet = (await context.booking.fleet.get()).vehicles;
  if (!page) throw noSuchBooking(words);
  return data(
    {
      done: doneMessage(new URL(request.url).searchParams.get("done"), words),
      ...bookingView(page, fleet, me.locale),
      // Each leg's recorded steps (docs/product.md, The driver's day), leg 1 first.
      ride: [...(await bookingLegSteps(db, page.row.orderId))]
        .map(([key, steps]) => ({ leg: Number(key.slice(-1)), steps: steps.map((s) => ({ step: s.step, time: parisClock(s.at) })) }))
        .sort((a, b) => a.leg - b.leg),
      messages: adminMessagesExcept(me.locale, PAGE_GROUPS, SERVER_WORDS),
    },
    { headers: NO_STORE },
  );
}

/** The fields a problem can point at on this page; others are shown as the form's own problem. */
const FIELDS = new Set([
  driverField(1),
  driverField(2),
  landingField(1),
  landingField(2),
  "confirmCancel",
  "confirmRefund",
  "refundedOutside",
  "outsideReason",
  "note",
  "locale",
]);

function refused(status: number, problems: FormProblem[]) {
  return data(
    { problems: problems.map((p) => (p.field && FIELDS.has(p.field) ? p : { ...p, field: null })) },
    { status, headers: NO_STORE },
  );
}

/**
 * Every action of the page: one schema for every post (told apart by `intent`), the staff member
 * checked here (a layout's loader does not run before an action), the change made once by its
 * locked transaction (app/lib/booking-admin.server.ts, booking-refunds.server.ts), then a
 * redirect to the page with the outcome (Post/Redirect/Get). A refusal is answered 400 or 409
 * with its reason in the member's words, nothing changed; the history is written in English.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(context.staff, request);
  const words = adminWordsIn(staff.locale);
  if (!ORDER_ID_PATTERN.test(params.orderId)) throw noSuchBooking(words);
  const fields = await readAdminForm(request);
  const parsed = bookingActionSchema.safeParse(fieldsOf(fields));
  if (!parsed.success) {
    // A leg's driver problem is shown at that leg's own form.
    const leg = fields.get("leg") === "2" ? 2 : 1;
    return refused(
      400,
      bookingActionProblems(parsed.error, words).map((p) => (p.field === "driverId" ? { ...p, field: driverField(leg) } : p)),
    );
  }
  const db = await context.booking.db();
  const actor = { id: staff.id, email: staff.email };
  // The confirmation gives each pickup's meeting point; a file that cannot be read leaves them out.
  const site = emailSite(context.settings, await context.booking.meetingPoints.currentPoints());
  const { orderId } = params;
  const post = parsed.data;
  let outcome: ActionOutcome;
  switch (post.intent) {
    case "confirm":
      outcome = await confirmBooking(db, orderId, actor, site, words);
      break;
    case "assign_driver":
      outcome = await assignDriver(db, orderId, post.leg, post.driverId, actor, site, words);
      break;
    case "complete":
    case "no_show":
      outcome = await markFinished(db, orderId, post.intent, actor, words);
      break;
    case "cancel":
      outcome = await cancelBooking(db, orderId, actor, site, context.booking.payments, outsideReasonOf(post), words);
      break;
    case "refund":
      outcome = await refundBooking(db, orderId, actor, site, context.booking.payments, outsideReasonOf(post), words);
      break;
    case "add_note":
      outcome = await addNote(db, orderId, post.note, actor);
      break;
    case "set_language":
      outcome = await setLanguage(db, orderId, post.locale, actor);
      break;
    case "change_landing": {
      const landing = await enterLandingTime(
        db,
        { orderId, leg: post.leg, landingTime: post.landingTime },
        { actor, site, rules: runRules(context.settings), words },
      );
      outcome = landing.ok ? { ok: true, done: landing.done === "changed" ? "landing_changed" : "landing_unchanged" } : landing;
      break;
    }
    case "resend": {
      const links = paymentLinkMaker(context.booking.payments, context.settings.siteUrl);
      outcome = await resendEmail(db, orderId, post.emailId, actor, site, links, new Date(), words);
      break;
    }
  }
  if (!outcome.ok) {
    if (outcome === NO_SUCH_BOOKING) throw noSuchBooking(words);
    const field =
      outcome.status === 400 && post.intent === "assign_driver"
        ? driverField(post.leg)
        : post.intent === "change_landing"
          ? landingField(post.leg)
          : null;
    return refused(outcome.status, [{ field, message: outcome.message }]);
  }
  context.booking.wakeOutbox();
  return redirect(`/admin/bookings/${encodeURIComponent(orderId)}?done=${outcome.done}`, { status: 303, headers: NO_STORE });
}

/** A driver as the page gives them: name, phone to call, vehicle. */
function DriverLine({ driver }: { driver: { name: string; phone: string; vehicle: string } }) {
  return (
    <>
      {driver.name}, <a href={telHref(driver.phone)}>{driver.phone}</a>
      {driver.vehicle ? `, ${driver.vehicle}` : ""}
    </>
  );
}

export default function BookingPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { booking: b, drivers, emails, refunds, notes, history, actions, canRefund: refundOpen } = loaderData;
  const problems = actionData?.problems ?? [];
  const done = problems.length === 0 ? loaderData.done : null;
  const busy = useNavigation().state === "submitting";
  const self = `/admin/bookings/${b.orderId}`;
  const errorOf = (field: string) => fieldMessage(problems, field);
  const legName = (n: number) => (b.roundTrip ? (n === 2 ? "return" : "outbound") : null);
  return (
    <div className="admin-booking">
      <p className="no-print">
        <a href="/admin/bookings">{t("admin.booking.all")}</a>
      </p>
      <h1>
        {t("admin.booking.title", { orderId: b.orderId })}{" "}
        {b.test ? <span className="admin-badge admin-badge--test">{t("admin.booking.test")}</span> : null}
      </h1>
      {/* Always present, so that a screen reader announces the outcome that fills it after an action. */}
      <div role="status" className={done ? "admin-notice" : undefined}>
        {done}
      </div>
      <FormErrors problems={problems} title={t("admin.problem.title")} />

      <section className="admin-panel" aria-labelledby="status-title">
        <h2 id="status-title">{t("admin.booking.status.title")}</h2>
        <dl>
          <Row label={t("admin.booking.status.booking")}>
            <span className="admin-badge">{b.bookingStatus}</span>
          </Row>
          <Row label={t("admin.booking.status.payment")}>
            <span className={loaderData.payment.paymentIssue ? "admin-badge admin-badge--warn" : "admin-badge"}>{b.paymentStatus}</span>
          </Row>
          <Row label={t("admin.booking.status.source")}>{b.source}</Row>
          <Row label={t("admin.booking.status.language")}>{b.language}</Row>
          <Row label={t("admin.booking.status.booked")}>{b.createdAt}</Row>
          {b.confirmedAt ? <Row label={t("admin.booking.status.confirmed")}>{b.confirmedAt}</Row> : null}
          {b.cancelledAt ? <Row label={t("admin.booking.status.cancelled")}>{b.cancelledAt}</Row> : null}
        </dl>
        <BookingActionForms
          action={self}
          actions={actions}
          refundable={b.refundable > 0 ? b.refundableText : null}
          canRefund={refundOpen}
          busy={busy}
          errorOf={errorOf}
        />
        <LanguageForm action={self} locale={b.locale} busy={busy} errorOf={errorOf} />
      </section>

      <section className="admin-panel" aria-labelledby="trip-title">
        <h2 id="trip-title">{t("admin.booking.trip.title")}</h2>
        <dl>
          <Row label={t("admin.booking.trip.service")}>{b.kind}</Row>
          <Row label={t("admin.booking.trip.route")}>{b.route}</Row>
          <Row label={t("admin.booking.trip.passengers")}>{b.passengers}</Row>
          <Row label={t("admin.booking.trip.luggage")}>{b.luggage ?? t("admin.booking.notGiven")}</Row>
          {b.vehicleNeeded ? <Row label={t("admin.booking.trip.vehicleNeeded")}>{b.vehicleNeeded}</Row> : null}
          {b.luggageNote ? <Row label={t("admin.booking.trip.luggageNotes")}>{b.luggageNote}</Row> : null}
          {b.childSeats ? <Row label={t("admin.booking.trip.childSeats")}>{b.childSeats}</Row> : null}
        </dl>
        {b.legs.length === 0 ? <p>{t("admin.legs.unread")}</p> : null}
        {b.legs.map((leg) => (
          <div key={leg.title}>
            <h3>{leg.title}</h3>
            <dl>
              <Row label={t("admin.booking.leg.pickup")}>{leg.when}</Row>
              <Row label={t("admin.booking.leg.from")}>{leg.from}</Row>
              <Row label={t("admin.booking.leg.to")}>{leg.to}</Row>
              {leg.passengers ? <Row label={t("admin.booking.trip.passengers")}>{leg.passengers}</Row> : null}
              <Row label={t("admin.booking.leg.notes")}>{leg.notes ? <Lines text={leg.notes} /> : t("admin.booking.leg.noNotes")}</Row>
              <Row label={t("admin.booking.leg.driver")}>
                {leg.driver ? <DriverLine driver={leg.driver} /> : t("admin.booking.leg.noDriver")}
              </Row>
            </dl>
            {leg.landing && b.open ? (
              <LandingTimeForm
                action={self}
                leg={leg.number}
                legName={legName(leg.number)}
                current={leg.landing.time}
                tracker={leg.landing.tracker}
                busy={busy}
                errorOf={errorOf}
              />
            ) : null}
            {actions.includes("assign_driver") ? (
              <AssignDriverForm
                action={self}
                leg={leg.number}
                legName={legName(leg.number)}
                drivers={drivers}
                currentDriverId={leg.driver?.id ?? null}
                busy={busy}
                errorOf={errorOf}
              />
            ) : null}
          </div>
        ))}
      </section>

      <section className="admin-panel" aria-labelledby="traveller-title">
        <h2 id="traveller-title">{t("admin.booking.traveller.title")}</h2>
        <dl>
          <Row label={t("admin.booking.traveller.name")}>{b.traveller.name}</Row>
          <Row label={t("admin.booking.traveller.email")}>
            <a href={`mailto:${b.traveller.email}`}>{b.traveller.email}</a>
          </Row>
          <Row label={t("admin.booking.traveller.phone")}>
            <a href={telHref(b.traveller.phone)}>{b.traveller.phone}</a>
          </Row>
          <Row label={t("admin.booking.traveller.address")}>{b.traveller.address ?? t("admin.booking.notGiven")}</Row>
        </dl>
      </section>

      <PaymentSection payment={loaderData.payment} refunds={refunds} />
      <EmailsSection emails={emails} action={self} busy={busy} />
      <NotesSection notes={notes} action={self} busy={busy} error={errorOf("note")} />
      <RideSteps legs={loaderData.ride} />
      <HistorySection history={history} />
    </div>
  );
}
