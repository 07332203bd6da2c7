import { randomUUID } from "node:crypto";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/booking-new";
import { FormErrors } from "~/components/ui/FormErrors";
import { TextField } from "~/components/ui/TextField";
import {
  phoneDraft,
  phoneExtrasSchema,
  phoneRouteOf,
  phoneStartDraft,
  PHONE_FIELDS,
  type PhoneRoute,
} from "~/domain/back-office/booking-actions";
import { problemsOf, type FormProblem } from "~/domain/form-problems";
import { FLIGHT_END, PRIVATE, SHUTTLE, isRoundTrip } from "~/domain/booking/draft";
import { CUSTOMER, LINK_QUERY, TRIP, endFields, legFields, pickupTerminalField, type End, type Leg } from "~/domain/booking/fields";
import type { BookingEnd } from "~/domain/booking/model";
import { airportOfPlace } from "~/domain/booking/terminal";
import { TERMINALS, TERMINAL_NOT_KNOWN, TERMINAL_NOT_KNOWN_LABEL } from "~/domain/terminals";
import { CHILD_SEATS } from "~/domain/booking/messages";
import { hotelChoices } from "~/domain/booking/quote";
import { bookingFormSchema, bookingPriceRequest, bookingProblems, stripMarkup } from "~/domain/booking/validation";
import { bookingWordsIn } from "~/lib/i18n.server";
import { formatEuros } from "~/domain/money";
import type { PriceRow } from "~/domain/pricing/csv";
import { places, quote } from "~/domain/pricing/pricing";
import { fieldsOf, readAdminForm } from "~/lib/admin-forms.server";
import { NO_STORE, requireStaff } from "~/lib/auth.server";
import { emailSite } from "~/lib/email-site.server";
import { paymentLinkMaker } from "~/lib/payment-links.server";
import { createPhoneBooking } from "~/lib/phone-booking.server";
import { FieldNotes } from "~/components/ui/Field";
import { capacityAnswer, capacityRefusal, bookingLoad } from "~/domain/booking/capacity";
import { activeCapacities, type VehicleCapacity } from "~/domain/fleet";
import { isLocale } from "~/domain/locales";
import { LanguageSelect } from "~/components/admin/LanguageSelect";

export const meta: Route.MetaFunction = () => [{ title: "New booking by phone · Back office" }, { name: "robots", content: "noindex" }];

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

/** One end of a leg as the form asks for it: the form's end, its place and its kind. */
type FormEnd = { end: End } & Pick<BookingEnd, "place" | "kind">;

/** The form's shape for a route: each leg's two ends, which are flights, and the hotels of its zones. */
function shapeOf(draft: Record<string, string>) {
  const legs: Leg[] = isRoundTrip(draft) ? [1, 2] : [1];
  return {
    legs: legs.map((leg) => ({
      leg,
      ends: (["pu", "drop"] as const).map((end): FormEnd => ({
        end,
        place: draft[endFields(end, leg).lieu] ?? "",
        kind: draft[endFields(end, leg).type] === FLIGHT_END ? "flight" : "address",
      })),
    })),
    hotels: hotelChoices(draft).map((h) => ({ id: h.id, name: h.name })),
  };
}

/** The form for a route of the price file (null for any other): its starting values, hidden fields, shape and prices. */
/** The active vehicles' capacities, which the price file's private prices are for. */
async function activeFleet(context: Route.LoaderArgs["context"]): Promise<VehicleCapacity[]> {
  return activeCapacities((await context.booking.fleet.get()).vehicles);
}

function formView(route: PhoneRoute, rows: readonly PriceRow[], known: readonly string[], fleet: readonly VehicleCapacity[]) {
  const [depart, arrive] = [route[LINK_QUERY.depart], route[LINK_QUERY.arrive]];
  if (!known.includes(depart) || !known.includes(arrive) || depart === arrive) return null;
  const start = phoneStartDraft(route, rows, fleet, new Date());
  return {
    values: Object.fromEntries([...PHONE_FIELDS, CUSTOMER.country].map((name) => [name, start[name] ?? ""])),
    hidden: {
      [TRIP.depart]: start[TRIP.depart] ?? "",
      [TRIP.arrive]: start[TRIP.arrive] ?? "",
      [TRIP.kind]: start[TRIP.kind] ?? "",
      [TRIP.trips]: start[TRIP.trips] ?? "1",
      [TRIP.submissionToken]: randomUUID(),
    },
    shape: shapeOf(start),
    filePrice: { card: Number(start[TRIP.priceCard]) || 0, cash: Number(start[TRIP.priceCash]) || 0 },
  };
}

/**
 * The route is chosen first (a plain GET form: its fields are the public booking link's), which
 * gives the form its shape: flight or hotel ends, one leg or two, the price file's prices.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.staff, request);
  const rows = await priceRows(context);
  const known = places(rows);
  const query = new URL(request.url).searchParams;
  const route: PhoneRoute = {
    [LINK_QUERY.depart]: query.get(LINK_QUERY.depart) ?? "",
    [LINK_QUERY.arrive]: query.get(LINK_QUERY.arrive) ?? "",
    [LINK_QUERY.privateShuttle]: query.get(LINK_QUERY.privateShuttle) === "1" ? "1" : "",
    [LINK_QUERY.tripType]: query.get(LINK_QUERY.tripType) === "2" ? "2" : "1",
  };
  return data({ places: known, route, form: formView(route, rows, known, await activeFleet(context)) }, { headers: NO_STORE });
}

const LEGS: readonly Leg[] = [1, 2];

/** Fields the rules name that this form asks as another: a leg's date as typed, its pick-up minute with the hour. */
const ASKED_AS: Readonly<Record<string, string>> = Object.fromEntries(
  LEGS.flatMap((leg) => [
    [legFields(leg).date, legFields(leg).frenchDate],
    [legFields(leg).timeM, legFields(leg).timeH],
  ]),
);

/** An end's hotel number, shown at its hotel name when the form asks for one (staff may type a hotel not in the list). */
const HOTEL_NAME_OF: Readonly<Record<string, string>> = Object.fromEntries(
  LEGS.flatMap((leg) => (["pu", "drop"] as const).map((end) => [endFields(end, leg).hotelN, endFields(end, leg).hotel])),
);

/** Where a rule's problem is shown on this form: the field staff fill, or the form as a whole. */
function shownField(field: string, shown: ReadonlySet<string>): string | null {
  const alias = ASKED_AS[field] ?? field;
  const name = HOTEL_NAME_OF[alias] ?? alias;
  return shown.has(name) ? name : shown.has(alias) ? alias : null;
}

/**
 * Saves a booking taken by phone: the posted fields are the public form's, built into the draft the
 * form would post and checked by its own rules; the price is the price file's unless staff give
 * another with a reason. Then the booking's page, with the outcome.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context.staff, request);
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
    // The rules' problems in English, the back office's language, at the field staff fill, their bold marks dropped.
    ...(parsed.success
      ? []
      : bookingProblems(parsed.error, bookingWordsIn("en")).map((p) => ({
          field: p.field === null ? null : shownField(p.field, shown),
          message: stripMarkup(p.message),
        }))),
    ...(extras.success ? [] : problemsOf(extras.error)),
  ];
  // The form again, for the route posted (a post's address need not carry the route's query).
  const route = phoneRouteOf(fields);
  const refuse = (status: number, list: FormProblem[]) =>
    data({ problems: list, values: fields, route, form: formView(route, rows, places(rows), fleet) }, { status, headers: NO_STORE });
  if (!parsed.success || !extras.success) return refuse(400, problems);
  const booking = parsed.data;
  if (!booking.submissionToken) return refuse(400, [{ field: null, message: "The form was incomplete. Please open it again." }]);
  const { payment, priceOverride, priceOverrideReason, locale } = extras.data;
  // The price file's price is for a vehicle that carries the party's luggage; when none does, only
  // staff's own price (and its reason) books it.
  const capacity = capacityAnswer(booking.kind, bookingLoad(booking), fleet);
  if (!capacity.ok && priceOverride === null) {
    return refuse(400, [
      {
        field: TRIP.checkInLuggage,
        message: `${capacityRefusal(capacity.reason, context.settings.phone, bookingWordsIn("en"))} Or enter a price and say why.`,
      },
    ]);
  }
  const file = quote(rows, bookingPriceRequest(booking, capacity.ok ? capacity.seatsPriced : undefined));
  const filePriceCents = payment === "cash" && file.cash > 0 ? file.cash : file.cb;
  const priceCents = priceOverride ?? filePriceCents;
  if (priceCents <= 0) {
    return refuse(400, [{ field: "priceOverride", message: "The price file has no price for this trip: enter a price and say why." }]);
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
        <label htmlFor={`f-${name}`}>Terminal</label>
        <select
          id={`f-${name}`}
          name={name}
          defaultValue={actionData?.values[name] ?? TERMINAL_NOT_KNOWN}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `err-${name}` : undefined}
        >
          <option value={TERMINAL_NOT_KNOWN}>{TERMINAL_NOT_KNOWN_LABEL}</option>
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
        <a href="/admin/bookings">All bookings</a>
      </p>
      <h1>New booking by phone</h1>
      <p>The booking follows the same rules as the booking form of the site, and is priced from the price file.</p>

      <section className="admin-panel" aria-labelledby="route-title">
        <h2 id="route-title">1. Route</h2>
        {known.length === 0 ? (
          <p>The price file could not be read, so no route can be chosen. Check the prices page.</p>
        ) : (
          <Form method="get" className="admin-form">
            <div className="field">
              <label htmlFor="f-route-depart">From</label>
              <select id="f-route-depart" name={LINK_QUERY.depart} defaultValue={route[LINK_QUERY.depart]} required>
                <option value="">Choose</option>
                {known.map((p) => (
                  <option key={p}>{p}</option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="f-route-arrive">To</label>
              <select id="f-route-arrive" name={LINK_QUERY.arrive} defaultValue={route[LINK_QUERY.arrive]} required>
                <option value="">Choose</option>
                {known.map((p) => (
                  <option key={p}>{p}</option>
                ))}
              </select>
            </div>
            <fieldset>
              <legend>Transfer</legend>
              <label>
                <input type="radio" name={LINK_QUERY.privateShuttle} value="" defaultChecked={route[LINK_QUERY.privateShuttle] !== "1"} />{" "}
                {SHUTTLE}
              </label>{" "}
              <label>
                <input type="radio" name={LINK_QUERY.privateShuttle} value="1" defaultChecked={route[LINK_QUERY.privateShuttle] === "1"} />{" "}
                {PRIVATE}
              </label>
            </fieldset>
            <fieldset>
              <legend>Trip</legend>
              <label>
                <input type="radio" name={LINK_QUERY.tripType} value="1" defaultChecked={route[LINK_QUERY.tripType] !== "2"} /> One way
              </label>{" "}
              <label>
                <input type="radio" name={LINK_QUERY.tripType} value="2" defaultChecked={route[LINK_QUERY.tripType] === "2"} /> Round trip
              </label>
            </fieldset>
            <div>
              <button type="submit" className="button button--secondary">
                {form ? "Change the route" : "Continue"}
              </button>
            </div>
          </Form>
        )}
        {route[LINK_QUERY.depart] && route[LINK_QUERY.arrive] && !form ? (
          <p role="alert">Choose two different places of the price file.</p>
        ) : null}
      </section>

      {form ? (
        <Form method="post" className="admin-form" noValidate>
          <FormErrors problems={problems} title="The booking was not saved" />
          {Object.entries(form.hidden).map(([name, v]) => (
            <input key={name} type="hidden" name={name} value={actionData?.values[name] ?? v} />
          ))}

          <section className="admin-panel" aria-labelledby="party-title">
            <h2 id="party-title">2. Passengers and luggage</h2>
            {count(legFields(1).paxAdult, "Adults")}
            {count(legFields(1).paxChild, "Children")}
            {count(legFields(1).paxBaby, "Babies")}
            {count(TRIP.checkInLuggage, "Check-in bags")}
            {count(TRIP.cabinBags, "Cabin bags")}
            {count(TRIP.strollerSingle, "Single strollers")}
            {count(TRIP.strollerDouble, "Double strollers")}
            {CHILD_SEATS.map(([name, , , label]) => count(name, label))}
            <TextArea name={TRIP.luggageNote} label="Luggage notes" value={value(TRIP.luggageNote)} error={errorOf(TRIP.luggageNote)} />
          </section>

          {form.shape.legs.map(({ leg, ends }) => {
            const l = legFields(leg);
            const noFlight = ends.every((e) => e.kind !== "flight");
            return (
              <section key={leg} className="admin-panel" aria-labelledby={`leg-${leg}-title`}>
                <h2 id={`leg-${leg}-title`}>{leg === 1 ? "3. Outbound" : "4. Return"}</h2>
                {text(l.frenchDate, leg === 1 ? "Date of the transfer" : "Date of the return", { hint: "dd/mm/yyyy", required: true })}
                {noFlight ? (
                  <>
                    {text(l.timeH, "Pick-up hour (Paris time)", { inputMode: "numeric", hint: "0 to 23" })}
                    {text(l.timeM, "Pick-up minute", { inputMode: "numeric", hint: "00, 15, 30 or 45" })}
                  </>
                ) : null}
                {ends.map(({ end, kind, place }) => {
                  const f = endFields(end, leg);
                  const role = end === "pu" ? "Pick-up" : "Drop-off";
                  return (
                    <fieldset key={end}>
                      <legend>
                        {role}: {place}
                      </legend>
                      {kind === "flight" ? (
                        <>
                          {text(f.horaireVol, end === "pu" ? "Landing time (HH:MM, Paris time)" : "Take-off time (HH:MM, Paris time)", {
                            hint: "Rounded to the quarter hour, as on the booking form.",
                          })}
                          {text(f.numVol, "Flight number")}
                          {leg === 1 ? text(f.cityVol, end === "pu" ? "Flight arriving from (city)" : "Flight going to (city)") : null}
                          {end === "pu" ? terminalSelect(leg, place) : null}
                        </>
                      ) : leg === 1 ? (
                        <>
                          <div className="field">
                            <label htmlFor={`f-${f.hotelN}`}>Hotel of the list</label>
                            <select id={`f-${f.hotelN}`} name={f.hotelN} defaultValue={actionData?.values[f.hotelN] ?? ""}>
                              <option value="">Another hotel or an address</option>
                              {form.shape.hotels.map((h) => (
                                <option key={h.id} value={h.id}>
                                  {h.name}
                                </option>
                              ))}
                            </select>
                          </div>
                          {text(f.hotel, "Hotel name (another hotel)")}
                          {text(f.address, "Address")}
                          {text(f.zip, "Postcode")}
                        </>
                      ) : (
                        <p>The hotel or address of the outbound, reversed.</p>
                      )}
                    </fieldset>
                  );
                })}
                <TextArea name={l.info} label="Notes for this leg" value={value(l.info)} error={errorOf(l.info)} />
              </section>
            );
          })}

          <section className="admin-panel" aria-labelledby="traveller-title">
            <h2 id="traveller-title">Traveller</h2>
            {text(CUSTOMER.lastname, "Last name", { required: true })}
            {text(CUSTOMER.firstname, "First name", { required: true })}
            {text(CUSTOMER.email, "E-mail", { type: "email", required: true })}
            {text(CUSTOMER.mobile, "Mobile phone", {
              type: "tel",
              required: true,
              hint: "With the country code, such as +33 6 12 34 56 78",
            })}
            {text(CUSTOMER.address, "Address")}
            {text(CUSTOMER.postcode, "Postcode")}
            {text(CUSTOMER.city, "City")}
            {text(CUSTOMER.country, "Country (two letters)")}
          </section>

          <section className="admin-panel" aria-labelledby="price-title">
            <h2 id="price-title">Price and payment</h2>
            <p>
              Price file: {form.filePrice.card > 0 ? `${formatEuros(form.filePrice.card)} by card` : "no card price"}
              {form.filePrice.cash > 0 ? `, ${formatEuros(form.filePrice.cash)} paid on board` : ""} (for the party shown when the page
              opened).
            </p>
            {text("priceOverride", "Another price in euros (leave empty for the price file's)", { inputMode: "numeric" })}
            <TextArea
              name="priceOverrideReason"
              label="Why the price differs"
              value={value("priceOverrideReason")}
              error={errorOf("priceOverrideReason")}
            />
            <fieldset aria-describedby={errorOf("payment") ? "err-payment" : undefined}>
              <legend>How the traveller pays</legend>
              <label>
                <input type="radio" id="f-payment" name="payment" value="cash" defaultChecked={payment === "cash"} /> Pay on board (cash)
              </label>{" "}
              <label>
                <input type="radio" name="payment" value="link" defaultChecked={payment === "link"} /> E-mail a payment link (card)
              </label>
              <FieldNotes name="payment" error={errorOf("payment")} />
            </fieldset>
            <LanguageSelect
              label="Traveller's language (their e-mails)"
              value={isLocale(language) ? language : "en"}
              error={errorOf("locale")}
            />
          </section>

          <p>
            <button type="submit" className="button" disabled={busy}>
              Save booking
            </button>
          </p>
        </Form>
      ) : null}
    </div>
  );
}
