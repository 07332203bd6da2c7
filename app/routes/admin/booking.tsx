import type { ReactNode } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/booking";
import {
  AssignDriverForm,
  BookingActionForms,
  driverField,
  LandingTimeForm,
  landingField,
  LanguageForm,
} from "~/components/admin/booking-actions";
import { FormErrors } from "~/components/ui/FormErrors";
import { bookingActionSchema, doneMessage, outsideReasonOf } from "~/domain/back-office/booking-actions";
import { EMAILS } from "~/domain/email-registry";
import { fieldMessage, problemsOf, type FormProblem } from "~/domain/form-problems";
import { BOOKING_STATUS_LABELS, canRefund, PAYMENT_STATUS_LABELS } from "~/domain/back-office/statuses";
import { formatParisDateTime } from "~/domain/booking/paris-time";
import { bookingSummary, UNREAD_LEGS } from "~/domain/booking/booking-lines";
import { ORDER_ID_PATTERN } from "~/domain/booking/order-id";
import { formatEuros } from "~/domain/money";
import { bookingLoad, vehicleNeeded } from "~/domain/booking/capacity";
import { legOf, readStoredDetails } from "~/domain/booking/model";
import { trackerUrl } from "~/domain/flights/tracker";
import { activeCapacities, driverVehicleText } from "~/domain/fleet";
import { telHref } from "~/domain/phone";
import { fieldsOf, readAdminForm } from "~/lib/admin-forms.server";
import { NO_STORE, requireStaff } from "~/lib/auth.server";
import { addNote, assignDriver, confirmBooking, markFinished, resendEmail, setLanguage } from "~/lib/booking-admin.server";
import { loadBookingPage } from "~/lib/booking-page.server";
import { cancelBooking, OUTSIDE_PROVIDER, refundableCents, refundBooking } from "~/lib/booking-refunds.server";
import { NO_SUCH_BOOKING, type ActionOutcome } from "~/lib/booking-tx.server";
import { emailSite } from "~/lib/email-site.server";
import { enterLandingTime } from "~/lib/landing-times.server";
import { runRules } from "~/lib/shuttle-runs.server";
import { paymentLinkMaker } from "~/lib/payment-links.server";
import { FieldNotes } from "~/components/ui/Field";
import { RideSteps } from "~/components/admin/RideSteps";
import { stepText } from "~/domain/driver-day/steps";
import { bookingLegSteps } from "~/lib/leg-steps.server";
import { mailWordsIn } from "~/lib/i18n.server";
import { LOCALE_NAMES } from "~/domain/locales";
import { STAFF_LOCALE } from "~/domain/booking/email-frame";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Booking ${params.orderId} · Back office` },
  { name: "robots", content: "noindex" },
];

export function headers() {
  return NO_STORE;
}

const EMAIL_STATES = { waiting: "Waiting", sent: "Sent", failed: "Failed" } as const;

const HISTORY_ACTIONS: Record<string, string> = {
  booking_confirmed: "Confirmed",
  driver_assigned: "Driver assigned",
  booking_completed: "Completed",
  booking_no_show: "No-show",
  booking_cancelled: "Cancelled",
  refund_refused: "Refund refused",
  payment_refunded: "Refunded",
  note_added: "Note",
  language_changed: "Language changed",
  email_resent: "E-mail sent again",
  booking_created: "Booking taken by phone",
  manage_link_sent: "Link sent again",
  booking_changed_by_traveller: "Changed by the traveller",
  landing_time_changed: "Landing time changed",
  run_changed: "Shuttle run",
  ride_step: "Ride step (driver)",
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const at = (d: Date | string | null) => (d ? formatParisDateTime(new Date(d)) : "");

/** The booking as the page shows it: every value already in words, dates in Paris time. */
/** The page's answer to an address that names no booking. */
const noSuchBooking = () => data("There is no booking with this order number.", { status: 404, headers: NO_STORE });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(context.staff, request);
  // An address that is no order number's shape names no booking: it never reaches the database.
  if (!ORDER_ID_PATTERN.test(params.orderId)) throw noSuchBooking();
  const db = await context.booking.db();
  const page = await loadBookingPage(db, params.orderId);
  const fleet = (await context.booking.fleet.get()).vehicles;
  if (!page) throw noSuchBooking();
  const { row } = page;
  const summary = bookingSummary(row, mailWordsIn(STAFF_LOCALE));
  const stored = readStoredDetails(row.details);
  const paid = row.status === "paid" || row.status === "refunded" || row.status === "partly_refunded";
  return data(
    {
      done: doneMessage(new URL(request.url).searchParams.get("done")),
      booking: {
        orderId: row.orderId,
        test: row.test,
        source: row.source === "phone" ? "Taken by phone" : "Booked on the site",
        locale: row.locale,
        language: LOCALE_NAMES[row.locale],
        bookingStatus: BOOKING_STATUS_LABELS[row.bookingStatus],
        paymentStatus: PAYMENT_STATUS_LABELS[row.status],
        paymentMode: row.paymentMode === "cash" ? "Pay on board (cash)" : "Card",
        kind: row.kind === "private" ? "Private transfer" : "Shared shuttle",
        route: `${row.depart} to ${row.arrive}${row.roundTrip ? " (round trip)" : " (one way)"}`,
        roundTrip: row.roundTrip,
        /** Still to be driven: a flight's landing time may change. */
        open: row.bookingStatus === "new" || row.bookingStatus === "confirmed" || row.bookingStatus === "driver_assigned",
        passengers: [
          plural(row.adults, "adult", "adults"),
          plural(row.children, "child", "children"),
          plural(row.babies, "baby", "babies"),
        ].join(", "),
        legs: summary.legs.map((leg) => {
          const driver = page.legDrivers.get(leg.number === 2 ? 2 : 1);
          const storedLeg = legOf(stored, leg.number === 2 ? 2 : 1);
          const pickup = storedLeg?.pickup;
          return {
            ...leg,
            // An arriving flight's landing time, which staff change when the flight is late or early.
            landing:
              pickup?.kind === "flight"
                ? { time: pickup.flightTime ?? "", tracker: trackerUrl(pickup.flightNumber, storedLeg!.date) }
                : null,
            when: at(leg.pickupAt),
            driver: driver
              ? {
                  id: driver.id,
                  name: driver.name,
                  phone: driver.phone,
                  vehicle: driverVehicleText(fleet, driver.vehicleId, driver.vehicleNote),
                }
              : null,
          };
        }),
        luggage: summary.luggage,
        luggageNote: summary.luggageNote,
        vehicleNeeded: stored
          ? vehicleNeeded(
              row.kind,
              bookingLoad({ ...stored, passengers: { total: row.adults + row.children + row.babies } }),
              activeCapacities(fleet),
            )
          : null,
        childSeats: summary.childSeats,
        traveller: {
          name: `${row.firstname} ${row.lastname}`.trim(),
          email: row.email,
          phone: row.phone,
          address: summary.address,
        },
        price: formatEuros(row.priceCents),
        priceOverrideReason: row.priceOverrideReason,
        paidAmount: paid ? formatEuros(row.paidAmountCents ?? row.priceCents) : null,
        paidAt: at(row.paidAt),
        refunded: formatEuros(row.refundedCents),
        refundable: refundableCents(row),
        refundableText: formatEuros(refundableCents(row)),
        paymentProvider: row.paymentProvider,
        paymentRef: row.paymentRef,
        paymentIssue: row.paymentIssue,
        createdAt: at(row.createdAt),
        confirmedAt: at(row.confirmedAt),
        cancelledAt: at(row.cancelledAt),
      },
      drivers: page.activeDrivers.map((d) => ({ id: d.id, name: d.name, vehicle: driverVehicleText(fleet, d.vehicleId, d.vehicleNote) })),
      emails: page.emails.map((e) => ({
        id: e.id,
        kind: EMAILS[e.kind].label,
        recipient: e.recipient,
        subject: e.subject,
        state: EMAIL_STATES[e.state],
        failed: e.state === "failed",
        attempts: e.attempts,
        createdAt: at(e.createdAt),
        sentAt: at(e.sentAt),
        copyOf: e.resentFrom,
        resendable: e.resendable,
        notAgain: e.notAgain,
      })),
      refunds: page.refunds.map((r) => ({
        id: r.eventId,
        how: r.provider === OUTSIDE_PROVIDER ? "refunded outside the site" : `through ${r.provider}`,
        amount: formatEuros(r.amountCents),
        at: at(r.at),
      })),
      notes: page.history.filter((h) => h.action === "note_added").map((h) => ({ id: h.id, at: at(h.at), actor: h.actor, text: h.detail })),
      history: page.history.map((h) => ({
        id: h.id,
        at: at(h.at),
        actor: h.actor,
        action: HISTORY_ACTIONS[h.action] ?? h.action,
        detail: h.detail,
      })),
      // Each leg's recorded steps (docs/product.md, The driver's day), leg 1 first.
      ride: [...(await bookingLegSteps(db, row.orderId))]
        .map(([key, steps]) => ({ leg: Number(key.slice(-1)), steps: steps.map(stepText) }))
        .sort((a, b) => a.leg - b.leg),
      actions: page.actions,
      canRefund: canRefund({ bookingStatus: row.bookingStatus, refundableCents: refundableCents(row) }).ok,
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
 * with its reason, nothing changed.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(context.staff, request);
  if (!ORDER_ID_PATTERN.test(params.orderId)) throw noSuchBooking();
  const fields = await readAdminForm(request);
  const parsed = bookingActionSchema.safeParse(fieldsOf(fields));
  if (!parsed.success) {
    // A leg's driver problem is shown at that leg's own form.
    const leg = fields.get("leg") === "2" ? 2 : 1;
    return refused(
      400,
      problemsOf(parsed.error).map((p) => (p.field === "driverId" ? { ...p, field: driverField(leg) } : p)),
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
      outcome = await confirmBooking(db, orderId, actor, site);
      break;
    case "assign_driver":
      outcome = await assignDriver(db, orderId, post.leg, post.driverId, actor, site);
      break;
    case "complete":
    case "no_show":
      outcome = await markFinished(db, orderId, post.intent, actor);
      break;
    case "cancel":
      outcome = await cancelBooking(db, orderId, actor, site, context.booking.payments, outsideReasonOf(post));
      break;
    case "refund":
      outcome = await refundBooking(db, orderId, actor, site, context.booking.payments, outsideReasonOf(post));
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
        { actor, site, rules: runRules(context.settings) },
      );
      outcome = landing.ok ? { ok: true, done: landing.done === "changed" ? "landing_changed" : "landing_unchanged" } : landing;
      break;
    }
    case "resend":
      outcome = await resendEmail(
        db,
        orderId,
        post.emailId,
        actor,
        site,
        paymentLinkMaker(context.booking.payments, context.settings.siteUrl),
      );
      break;
  }
  if (!outcome.ok) {
    if (outcome === NO_SUCH_BOOKING) {
      throw data(outcome.message, { status: 404, headers: NO_STORE });
    }
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

/** Free text with its line breaks kept. */
function Lines({ text }: { text: string }) {
  const lines = text.split(/\r?\n/);
  return (
    <>
      {lines.map((line, i) => (
        <span key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </span>
      ))}
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

export default function BookingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { booking: b, drivers, emails, refunds, notes, history, actions, canRefund: refundOpen } = loaderData;
  const problems = actionData?.problems ?? [];
  const done = problems.length === 0 ? loaderData.done : null;
  const busy = useNavigation().state === "submitting";
  const self = `/admin/bookings/${b.orderId}`;
  const errorOf = (field: string) => fieldMessage(problems, field);
  return (
    <div className="admin-booking">
      <p className="no-print">
        <a href="/admin/bookings">All bookings</a>
      </p>
      <h1>
        Booking {b.orderId} {b.test ? <span className="admin-badge admin-badge--test">Test booking: no money moved</span> : null}
      </h1>
      {/* Always present, so that a screen reader announces the outcome that fills it after an action. */}
      <div role="status" className={done ? "admin-notice" : undefined}>
        {done}
      </div>
      <FormErrors problems={problems} title="Nothing was changed" />

      <section className="admin-panel" aria-labelledby="status-title">
        <h2 id="status-title">Status</h2>
        <dl>
          <Row label="Booking status">
            <span className="admin-badge">{b.bookingStatus}</span>
          </Row>
          <Row label="Payment status">
            <span className={b.paymentIssue ? "admin-badge admin-badge--warn" : "admin-badge"}>{b.paymentStatus}</span>
          </Row>
          <Row label="Source">{b.source}</Row>
          <Row label="Language">{b.language}</Row>
          <Row label="Booked">{b.createdAt}</Row>
          {b.confirmedAt ? <Row label="Confirmed">{b.confirmedAt}</Row> : null}
          {b.cancelledAt ? <Row label="Cancelled">{b.cancelledAt}</Row> : null}
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
        <h2 id="trip-title">Trip</h2>
        <dl>
          <Row label="Service">{b.kind}</Row>
          <Row label="Route">{b.route}</Row>
          <Row label="Passengers">{b.passengers}</Row>
          <Row label="Luggage">{b.luggage ?? "Not given"}</Row>
          {b.vehicleNeeded ? <Row label="Vehicle needed">{b.vehicleNeeded}</Row> : null}
          {b.luggageNote ? <Row label="Luggage notes">{b.luggageNote}</Row> : null}
          {b.childSeats ? <Row label="Child seats">{b.childSeats}</Row> : null}
        </dl>
        {b.legs.length === 0 ? <p>{UNREAD_LEGS}</p> : null}
        {b.legs.map((leg) => (
          <div key={leg.title}>
            <h3>{leg.title}</h3>
            <dl>
              <Row label="Pick-up (Paris time)">{leg.when}</Row>
              <Row label="From">{leg.from}</Row>
              <Row label="To">{leg.to}</Row>
              {leg.passengers ? <Row label="Passengers">{leg.passengers}</Row> : null}
              <Row label="Notes">{leg.notes ? <Lines text={leg.notes} /> : "None"}</Row>
              <Row label="Driver">{leg.driver ? <DriverLine driver={leg.driver} /> : "No driver assigned."}</Row>
            </dl>
            {leg.landing && b.open ? (
              <LandingTimeForm
                action={self}
                leg={leg.number}
                legName={b.roundTrip ? (leg.number === 2 ? "return" : "outbound") : null}
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
                legName={b.roundTrip ? (leg.number === 2 ? "return" : "outbound") : null}
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
        <h2 id="traveller-title">Traveller</h2>
        <dl>
          <Row label="Name">{b.traveller.name}</Row>
          <Row label="E-mail">
            <a href={`mailto:${b.traveller.email}`}>{b.traveller.email}</a>
          </Row>
          <Row label="Phone">
            <a href={telHref(b.traveller.phone)}>{b.traveller.phone}</a>
          </Row>
          <Row label="Address">{b.traveller.address ?? "Not given"}</Row>
        </dl>
      </section>

      <section className="admin-panel" aria-labelledby="payment-title">
        <h2 id="payment-title">Payment</h2>
        <dl>
          <Row label="Price">{b.price}</Row>
          {b.priceOverrideReason ? <Row label="Why staff set this price">{b.priceOverrideReason}</Row> : null}
          <Row label="Payment">{b.paymentMode}</Row>
          <Row label="Paid amount">{b.paidAmount ?? "Nothing paid"}</Row>
          {b.paidAt ? <Row label="Paid">{b.paidAt}</Row> : null}
          <Row label="Refunded">{b.refunded}</Row>
          {b.paymentProvider ? (
            <Row label="Provider">{`${b.paymentProvider}${b.paymentRef ? `, payment ${b.paymentRef}` : ""}`}</Row>
          ) : null}
          {b.paymentIssue ? <Row label="Payment issue">{b.paymentIssue}</Row> : null}
        </dl>
        {refunds.length > 0 ? (
          <>
            <h3>Refunds</h3>
            <ul>
              {refunds.map((r) => (
                <li key={r.id}>
                  {r.amount} {r.how} on {r.at} (refund {r.id})
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <section aria-labelledby="emails-title">
        <h2 id="emails-title">E-mails</h2>
        {emails.length === 0 ? (
          <p>No e-mail for this booking yet.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">E-mail</th>
                  <th scope="col">To</th>
                  <th scope="col">Subject</th>
                  <th scope="col">State</th>
                  <th scope="col">Written</th>
                  <th scope="col" className="no-print">
                    Send again
                  </th>
                </tr>
              </thead>
              <tbody>
                {emails.map((e) => (
                  <tr key={e.id}>
                    <td>
                      {e.kind}
                      {e.copyOf ? " (copy)" : null}
                    </td>
                    <td>{e.recipient}</td>
                    <td id={`email-${e.id}`}>{e.subject}</td>
                    <td>
                      <span className={e.failed ? "admin-badge admin-badge--warn" : "admin-badge"}>{e.state}</span>
                      {e.sentAt ? ` ${e.sentAt}` : e.attempts > 0 ? ` (${plural(e.attempts, "attempt", "attempts")})` : ""}
                    </td>
                    <td>{e.createdAt}</td>
                    <td className="no-print">
                      {!e.resendable ? (
                        "Text removed"
                      ) : e.notAgain ? (
                        e.notAgain
                      ) : (
                        <Form method="post" action={self}>
                          <input type="hidden" name="intent" value="resend" />
                          <input type="hidden" name="emailId" value={e.id} />
                          <button type="submit" className="button button--secondary" aria-describedby={`email-${e.id}`} disabled={busy}>
                            Resend
                          </button>
                        </Form>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="admin-panel" aria-labelledby="notes-title">
        <h2 id="notes-title">Internal notes</h2>
        {notes.length === 0 ? <p>No note yet.</p> : null}
        <ul>
          {notes.map((n) => (
            <li key={n.id}>
              <Lines text={n.text} /> ({n.actor}, {n.at})
            </li>
          ))}
        </ul>
        <Form method="post" action={self} className="admin-form no-print" noValidate>
          <input type="hidden" name="intent" value="add_note" />
          <div className="field">
            <label htmlFor="f-note">Note (staff only)</label>
            <textarea
              id="f-note"
              name="note"
              rows={3}
              maxLength={2000}
              required
              aria-invalid={errorOf("note") ? true : undefined}
              aria-describedby={errorOf("note") ? "err-note" : undefined}
            />
            <FieldNotes name="note" error={errorOf("note")} />
          </div>
          <div>
            <button type="submit" className="button" disabled={busy}>
              Add note
            </button>
          </div>
        </Form>
      </section>

      <RideSteps legs={loaderData.ride} />

      <section aria-labelledby="history-title">
        <h2 id="history-title">History</h2>
        {history.length === 0 ? (
          <p>Nothing done on this booking yet.</p>
        ) : (
          <ol>
            {history.map((h) => (
              <li key={h.id}>
                <strong>{h.action}</strong>, {h.at}, {h.actor}: <Lines text={h.detail} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
