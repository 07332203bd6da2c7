import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/booking-new";
import { adminMeta } from "~/components/admin/admin-meta";
import { useLocale, useT } from "~/components/i18n";
import { FormErrors } from "~/components/ui/FormErrors";
import { TextField } from "~/components/ui/TextField";
import { phoneDraft, phoneExtrasSchema, phoneRouteOf, PHONE_FIELDS, type PhoneRoute } from "~/domain/back-office/booking-actions";
import type { AdminWordKey, AdminWords } from "~/domain/back-office/admin-words";
import { problemsOf, type FormProblem } from "~/domain/form-problems";
import { CUSTOMER, LINK_QUERY, TRIP, endFields, legFields, pickupTerminalField, type Leg } from "~/domain/booking/fields";
import { airportOfPlace } from "~/domain/booking/terminal";
import { TERMINALS, TERMINAL_NOT_KNOWN } from "~/domain/terminals";
import { CHILD_SEATS } from "~/domain/booking/messages";
import { bookingFormSchema, bookingPriceRequest, bookingProblems, stripMarkup } from "~/domain/booking/validation";
import { adminMessages, adminWordsIn, bookingWordsIn } from "~/lib/i18n.server";
import { formatEuros } from "~/domain/money";
import type { PriceRow } from "~/domain/pricing/csv";
import { places, quote } from "~/domain/pricing/pricing";
import { fieldsOf, readAdminForm } from "~/lib/admin-forms.server";
import { NO_STORE, requireStaff } from "~/lib/auth.server";
import { emailSite } from "~/lib/email-site.server";
import { paymentLinkMaker } from "~/lib/payment-links.server";
import { createPhoneBooking, phoneFormView, phoneProblemField } from "~/lib/phone-booking.server";
import { FieldNotes } from "~/components/ui/Field";
import { capacityAnswer, capacityRefusal, bookingLoad } from "~/domain/booking/capacity";
import { activeCapacities, type VehicleCapacity } from "~/domain/fleet";
import { isLocale } from "~/domain/locales";
import { LanguageSelect } from "~/components/admin/LanguageSelect";

/**
 * A booking taken by phone, in the member's language; the booking's own language (the
 * traveller's, for their e-mails) is a field of the form.
 */
export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "phone.title");

export function headers() {
  return NO_STORE;
}

async function priceRows(context: Route.LoaderArgs["context"]): Promise<readonly PriceRow[]> {
  try {
    return (await context.prices.get()).rows;
  } catch {
    return []; // the price store has logged why; the page then offers no route
  }
}

/** The active vehicles' capacities, which the price file's private prices are for. */
async function activeFleet(context: Route.LoaderArgs["context"]): Promise<VehicleCapacity[]> {
  return activeCapacities((await context.booking.fleet.get()).vehicles);
}

/** The page's words; its refusals (`phone.problem.`) arrive worded by the action. */
const PAGE_WORDS = ["title", "allBookings", "intro", "notSaved", "save", "route.", "party.", "leg.", "traveller.", "price."].map(
  (group) => `phone.${group}`,
);

/**
 * The route is chosen first (a plain GET form: its fields are the public booking link's), which
 * gives the form its shape: flight or hotel ends, one leg or two, the price file's prices.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(context.staff, request);
  const rows = await priceRows(context);
  const known = places(rows);
  const query = new URL(request.url).searchParams;
  const route: PhoneRoute = {
    [LINK_QUERY.depart]: query.get(LINK_QUERY.depart) ?? "",
    [LINK_QUERY.arrive]: query.get(LINK_QUERY.arrive) ?? "",
    [LINK_QUERY.privateShuttle]: query.get(LINK_QUERY.privateShuttle) === "1" ? "1" : "",
    [LINK_QUERY.tripType]: query.get(LINK_QUERY.tripType) === "2" ? "2" : "1",
  };
  return data(
    {
      places: known,
      route,
      form: phoneFormView(route, rows, known, await activeFleet(context)),
      messages: adminMessages(me.locale, ...PAGE_WORDS),
    },
    { headers: NO_STORE },
  );
}

/**
 * The staff extras' problems in the member's words: the schema's messages are keys of the
 * catalogue's `phone.problem.` group; zod's own (a field a hand-made post leaves out) as zod gives it.
 */
function extrasMessage(message: string, words: AdminWords): string {
  return message.startsWith("phone.problem.") ? words(message as AdminWordKey) : message;
}

/**
 * Saves a booking taken by phone: the posted fields are the public form's, built into the draft the
 * form would post and checked by its own rules; the price is the price file's unless staff give
 * another with a reason. Then the booking's page, with the outcome.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context.staff, request);
  const words = adminWordsIn(staff.locale);
  // The booking rules' messages in the member's language (the booking's own language is a field).
  const ruleWords = bookingWordsIn(staff.locale);
  const fields = fieldsOf(await readAdminForm(request));
  const rows = await priceRows(context);
  const fleet = await activeFleet(context);
  const now = new Date();
  const extras = phoneExtrasSchema.safeParse(fields);
  // The pick-up terminals are the public form's fields too, taken as posted for the rules to check.
  const terminals = Object.fromEntries(([1, 2] as const).map((leg) => [pickupTerminalField(leg), fields[pickupTerminalField(leg)] ?? ""]));
  const parsed = bookingFormSchema({ now, rows }).safeParse({ ...phoneDraft(fields, rows, fleet, now), ...terminals });
  const shown = new Set([
    ...PHONE_FIELDS,
    ...Object.keys(fields),
    legFields(1).frenchDate,
    legFields(2).frenchDate,
    endFields("pu", 1).horaireVol,
    endFields("drop", 1).horaireVol,
  ]);
  const problems: FormProblem[] = [
    // The rules' problems in the member's language, at the field staff fill, their bold marks dropped.
    ...(parsed.success
      ? []
      : bookingProblems(parsed.error, ruleWords).map((p) => ({
          field: p.field === null ? null : phoneProblemField(p.field, shown),
          message: stripMarkup(p.message),
        }))),
    ...(extras.success ? [] : problemsOf(extras.error, (issue) => extrasMessage(issue.message, words))),
  ];
  // The form again, for the route posted (a post's address need not carry the route's query).
  const route = phoneRouteOf(fields);
  const refuse = (status: number, list: FormProblem[]) =>
    data({ problems: list, values: fields, route, form: phoneFormView(route, rows, places(rows), fleet) }, { status, headers: NO_STORE });
  if (!parsed.success || !extras.success) return refuse(400, problems);
  const booking = parsed.data;
  if (!booking.submissionToken) return refuse(400, [{ field: null, message: words("phone.problem.incomplete") }]);
  const { payment, priceOverride, priceOverrideReason, locale } = extras.data;
  // The price file's price is for a vehicle that carries the party's luggage; when none does, only
  // staff's own price (and its reason) books it.
  const capacity = capacityAnswer(booking.kind, bookingLoad(booking), fleet);
  if (!capacity.ok && priceOverride === null) {
    return refuse(400, [
      {
        field: TRIP.checkInLuggage,
        message: words("phone.problem.capacity", { refusal: capacityRefusal(capacity.reason, context.settings.phone, ruleWords) }),
      },
    ]);
  }
  const file = quote(rows, bookingPriceRequest(booking, capacity.ok ? capacity.seatsPriced : undefined));
  const filePriceCents = payment === "cash" && file.cash > 0 ? file.cash : file.cb;
  const priceCents = priceOverride ?? filePriceCents;
  if (priceCents <= 0) {
    return refuse(400, [{ field: "priceOverride", message: words("phone.problem.noPrice") }]);
  }
  const { settings, booking: services } = context;
  const outcome = await createPhoneBooking(
    await services.db(),
    {
      booking,
      priceCents,
      filePriceCents,
      overrideReason: priceOverride !== null ? priceOverrideReason : null,
      payment,
      locale,
      test: services.payments.name === "sandbox",
    },
    { id: staff.id, email: staff.email },
    // The payment link's e-mail gives each leg's meeting point, as the confirmation does.
    emailSite(settings, await services.meetingPoints.currentPoints()),
    paymentLinkMaker(services.payments, settings.siteUrl),
    words,
  );
  if (!outcome.ok) return refuse(outcome.status, [{ field: null, message: outcome.message }]);
  services.wakeOutbox();
  return redirect(`/admin/bookings/${encodeURIComponent(outcome.orderId)}?done=${outcome.done}`, { status: 303, headers: NO_STORE });
}

function TextArea({ name, label, value, error }: { name: string; label: string; value: string; error?: string }) {
  return (
    <div className="field">
      <label htmlFor={`f-${name}`}>{label}</label>
      <textarea
        id={`f-${name}`}
        name={name}
        rows={3}
        maxLength={2000}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `err-${name}` : undefined}
      />
      <FieldNotes name={name} error={error} />
    </div>
  );
}

export default function NewPhoneBooking({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const known = loaderData.places;
  const route = actionData?.route ?? loaderData.route;
  const form = actionData?.form ?? loaderData.form;
  const busy = useNavigation().state === "submitting";
  const problems = actionData?.problems ?? [];
  const errorOf = (name: string) => problems.find((p) => p.field === name)?.message;
  const value = (name: string) => actionData?.values[name] ?? form?.values[name] ?? "";
  const language = value("locale");
  const text = (name: string, label: string, extra: { type?: string; hint?: string; required?: boolean; inputMode?: "numeric" } = {}) => (
    <TextField
      key={name}
      name={name}
      label={label}
      type={extra.type ?? "text"}
      hint={extra.hint}
      required={extra.required}
      inputMode={extra.inputMode}
      defaultValue={value(name)}
      error={errorOf(name)}
    />
  );
  const count = (name: string, label: string) => text(name, label, { inputMode: "numeric" });
  // A pick-up from a flight at an airport: its terminal, or not known yet.
  const terminalSelect = (leg: Leg, place: string) => {
    const airport = airportOfPlace(place);
    if (!airport) return null;
    const name = pickupTerminalField(leg);
    const error = errorOf(name);
    return (
      <div className="field">
        <label htmlFor={`f-${name}`}>{t("admin.phone.leg.terminal")}</label>
        <select
          id={`f-${name}`}
          name={name}
          defaultValue={actionData?.values[name] ?? TERMINAL_NOT_KNOWN}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `err-${name}` : undefined}
        >
          <option value={TERMINAL_NOT_KNOWN}>{t("admin.phone.leg.terminalNotKnown")}</option>
          {TERMINALS[airport.code].map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <FieldNotes name={name} error={error} />
      </div>
    );
  };
  const payment = actionData?.values.payment ?? "cash";
  return (
    <div>
      <p>
        <a href="/admin/bookings">{t("admin.phone.allBookings")}</a>
      </p>
      <h1>{t("admin.phone.title")}</h1>
      <p>{t("admin.phone.intro")}</p>

      <section className="admin-panel" aria-labelledby="route-title">
        <h2 id="route-title">{t("admin.phone.route.title")}</h2>
        {known.length === 0 ? (
          <p>{t("admin.phone.route.noPrices")}</p>
        ) : (
          <Form method="get" className="admin-form">
            <div className="field">
              <label htmlFor="f-route-depart">{t("admin.phone.route.from")}</label>
              <select id="f-route-depart" name={LINK_QUERY.depart} defaultValue={route[LINK_QUERY.depart]} required>
                <option value="">{t("admin.phone.route.choose")}</option>
                {known.map((p) => (
                  <option key={p}>{p}</option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="f-route-arrive">{t("admin.phone.route.to")}</label>
              <select id="f-route-arrive" name={LINK_QUERY.arrive} defaultValue={route[LINK_QUERY.arrive]} required>
                <option value="">{t("admin.phone.route.choose")}</option>
                {known.map((p) => (
                  <option key={p}>{p}</option>
                ))}
              </select>
            </div>
            <fieldset>
              <legend>{t("admin.phone.route.transfer")}</legend>
              <label>
                <input type="radio" name={LINK_QUERY.privateShuttle} value="" defaultChecked={route[LINK_QUERY.privateShuttle] !== "1"} />{" "}
                {t("admin.phone.route.shuttle")}
              </label>{" "}
              <label>
                <input type="radio" name={LINK_QUERY.privateShuttle} value="1" defaultChecked={route[LINK_QUERY.privateShuttle] === "1"} />{" "}
                {t("admin.phone.route.private")}
              </label>
            </fieldset>
            <fieldset>
              <legend>{t("admin.phone.route.trip")}</legend>
              <label>
                <input type="radio" name={LINK_QUERY.tripType} value="1" defaultChecked={route[LINK_QUERY.tripType] !== "2"} />{" "}
                {t("admin.phone.route.oneWay")}
              </label>{" "}
              <label>
                <input type="radio" name={LINK_QUERY.tripType} value="2" defaultChecked={route[LINK_QUERY.tripType] === "2"} />{" "}
                {t("admin.phone.route.roundTrip")}
              </label>
            </fieldset>
            <div>
              <button type="submit" className="button button--secondary">
                {form ? t("admin.phone.route.change") : t("admin.phone.route.continue")}
              </button>
            </div>
          </Form>
        )}
        {route[LINK_QUERY.depart] && route[LINK_QUERY.arrive] && !form ? <p role="alert">{t("admin.phone.route.samePlaces")}</p> : null}
      </section>

      {form ? (
        <Form method="post" className="admin-form" noValidate>
          <FormErrors problems={problems} title={t("admin.phone.notSaved")} />
          {Object.entries(form.hidden).map(([name, v]) => (
            <input key={name} type="hidden" name={name} value={actionData?.values[name] ?? v} />
          ))}

          <section className="admin-panel" aria-labelledby="party-title">
            <h2 id="party-title">{t("admin.phone.party.title")}</h2>
            {count(legFields(1).paxAdult, t("admin.phone.party.adults"))}
            {count(legFields(1).paxChild, t("admin.phone.party.children"))}
            {count(legFields(1).paxBaby, t("admin.phone.party.babies"))}
            {count(TRIP.checkInLuggage, t("admin.phone.party.checkIn"))}
            {count(TRIP.cabinBags, t("admin.phone.party.cabin"))}
            {count(TRIP.strollerSingle, t("admin.phone.party.strollerSingle"))}
            {count(TRIP.strollerDouble, t("admin.phone.party.strollerDouble"))}
            {CHILD_SEATS.map(([name, seat]) => count(name, t(`admin.phone.party.seat.${seat}`)))}
            <TextArea
              name={TRIP.luggageNote}
              label={t("admin.phone.party.luggageNote")}
              value={value(TRIP.luggageNote)}
              error={errorOf(TRIP.luggageNote)}
            />
          </section>

          {form.shape.legs.map(({ leg, ends }) => {
            const l = legFields(leg);
            const noFlight = ends.every((e) => e.kind !== "flight");
            return (
              <section key={leg} className="admin-panel" aria-labelledby={`leg-${leg}-title`}>
                <h2 id={`leg-${leg}-title`}>{t("admin.phone.leg.title", { leg })}</h2>
                {text(l.frenchDate, t("admin.phone.leg.date", { leg }), { hint: t("admin.phone.leg.dateHint"), required: true })}
                {noFlight ? (
                  <>
                    {text(l.timeH, t("admin.phone.leg.hour"), { inputMode: "numeric", hint: t("admin.phone.leg.hourHint") })}
                    {text(l.timeM, t("admin.phone.leg.minute"), { inputMode: "numeric", hint: t("admin.phone.leg.minuteHint") })}
                  </>
                ) : null}
                {ends.map(({ end, kind, place }) => {
                  const f = endFields(end, leg);
                  return (
                    <fieldset key={end}>
                      <legend>{t("admin.phone.leg.end", { end, place })}</legend>
                      {kind === "flight" ? (
                        <>
                          {text(f.horaireVol, t("admin.phone.leg.flightTime", { end }), { hint: t("admin.phone.leg.flightTimeHint") })}
                          {text(f.numVol, t("admin.phone.leg.flightNumber"))}
                          {leg === 1 ? text(f.cityVol, t("admin.phone.leg.flightCity", { end })) : null}
                          {end === "pu" ? terminalSelect(leg, place) : null}
                        </>
                      ) : leg === 1 ? (
                        <>
                          <div className="field">
                            <label htmlFor={`f-${f.hotelN}`}>{t("admin.phone.leg.hotelOfList")}</label>
                            <select id={`f-${f.hotelN}`} name={f.hotelN} defaultValue={actionData?.values[f.hotelN] ?? ""}>
                              <option value="">{t("admin.phone.leg.otherHotel")}</option>
                              {form.shape.hotels.map((h) => (
                                <option key={h.id} value={h.id}>
                                  {h.name}
                                </option>
                              ))}
                            </select>
                          </div>
                          {text(f.hotel, t("admin.phone.leg.hotelName"))}
                          {text(f.address, t("admin.phone.leg.address"))}
                          {text(f.zip, t("admin.phone.leg.postcode"))}
                        </>
                      ) : (
                        <p>{t("admin.phone.leg.reversed")}</p>
                      )}
                    </fieldset>
                  );
                })}
                <TextArea name={l.info} label={t("admin.phone.leg.notes")} value={value(l.info)} error={errorOf(l.info)} />
              </section>
            );
          })}

          <section className="admin-panel" aria-labelledby="traveller-title">
            <h2 id="traveller-title">{t("admin.phone.traveller.title")}</h2>
            {text(CUSTOMER.lastname, t("admin.phone.traveller.lastname"), { required: true })}
            {text(CUSTOMER.firstname, t("admin.phone.traveller.firstname"), { required: true })}
            {text(CUSTOMER.email, t("admin.phone.traveller.email"), { type: "email", required: true })}
            {text(CUSTOMER.mobile, t("admin.phone.traveller.mobile"), {
              type: "tel",
              required: true,
              hint: t("admin.phone.traveller.mobileHint"),
            })}
            {text(CUSTOMER.address, t("admin.phone.traveller.address"))}
            {text(CUSTOMER.postcode, t("admin.phone.traveller.postcode"))}
            {text(CUSTOMER.city, t("admin.phone.traveller.city"))}
            {text(CUSTOMER.country, t("admin.phone.traveller.country"))}
          </section>

          <section className="admin-panel" aria-labelledby="price-title">
            <h2 id="price-title">{t("admin.phone.price.title")}</h2>
            <p>
              {t("admin.phone.price.file", {
                hasCard: form.filePrice.card > 0 ? "yes" : "no",
                card: formatEuros(form.filePrice.card, locale),
                hasCash: form.filePrice.cash > 0 ? "yes" : "no",
                cash: formatEuros(form.filePrice.cash, locale),
              })}
            </p>
            {text("priceOverride", t("admin.phone.price.override"), { inputMode: "numeric" })}
            <TextArea
              name="priceOverrideReason"
              label={t("admin.phone.price.reason")}
              value={value("priceOverrideReason")}
              error={errorOf("priceOverrideReason")}
            />
            <fieldset aria-describedby={errorOf("payment") ? "err-payment" : undefined}>
              <legend>{t("admin.phone.price.how")}</legend>
              <label>
                <input type="radio" id="f-payment" name="payment" value="cash" defaultChecked={payment === "cash"} />{" "}
                {t("admin.phone.price.cash")}
              </label>{" "}
              <label>
                <input type="radio" name="payment" value="link" defaultChecked={payment === "link"} /> {t("admin.phone.price.link")}
              </label>
              <FieldNotes name="payment" error={errorOf("payment")} />
            </fieldset>
            <LanguageSelect
              label={t("admin.phone.price.language")}
              value={isLocale(language) ? language : "en"}
              error={errorOf("locale")}
            />
          </section>

          <p>
            <button type="submit" className="button" disabled={busy}>
              {t("admin.phone.save")}
            </button>
          </p>
        </Form>
      ) : null}
    </div>
  );
}
