import { startTransition, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { hotelChoices, pickHotel } from "~/domain/booking/quote";
import {
  PRIVATE,
  SHUTTLE,
  countOf,
  followProposal,
  isRoundTrip,
  mirrorReturnLeg,
  transferKind,
  withCounts,
  withTripMode,
} from "~/domain/booking/draft";
import { CUSTOMER, TRIP, legFields, type BookingDraft, type End, type Leg } from "~/domain/booking/fields";
import { parisParts, type ParisDate } from "~/domain/booking/paris-time";
import { PRICE_FIELDS, repriceDraft } from "~/domain/booking/price-request";
import { restoreDraft } from "~/domain/booking/restore";
import { departureProposalOf, type DepartureProposal } from "~/domain/booking/leg-timing";
import { stripMarkup } from "~/domain/booking/messages";
import { appendLuggageSummary } from "~/domain/booking/summary";
import { draftCapacity, withCapacity } from "~/domain/booking/capacity";
import { withOfferedTerminals } from "~/domain/booking/terminal";
import type { Clock } from "~/domain/booking/time-rules";
import type * as Rules from "~/domain/booking/validation";
import type { FormProblem } from "~/domain/form-problems";
import type { CompiledMessages } from "~/domain/message-format";
import { localizedPath } from "~/domain/locales";
import type { VehicleCapacity } from "~/domain/fleet";
import type { PriceRow } from "~/domain/pricing/csv";
import { placeLabel } from "../airport-words";
import { useLocale, useT } from "../i18n";
import { usePriceFile } from "../use-price-file";
import { useRulesWords } from "./use-booking-words";
import { CustomerFields } from "./CustomerFields";
import { ErrorList } from "./ErrorList";
import type { FormApi } from "./form-api";
import { LegSection } from "./LegSection";
import { LuggageFields, PassengerFields } from "./PassengerFields";
import { loadStoredDraft, postDraft, storeDraft, storeDraftLink, storedDraftLink } from "./post-draft";

// The post leaves 100 ms after the draft is stored (docs/product.md, Booking screen).
const POST_DELAY_MS = 100;

/** The booking's rules and their schema (zod), and the messages they speak in the page's language. */
interface Validation {
  rules: typeof Rules;
  words: CompiledMessages;
}

const loads = new Map<string, Promise<Validation>>();

/**
 * The rules and their messages (from `wordsHref`): loaded when the visitor first uses the form (its
 * first focus, or its submit), not with the page, which is then read sooner on a phone. Loaded
 * once; a failed load (the connection dropped) is tried again at the next use.
 */
function loadValidation(wordsHref: string): Promise<Validation> {
  let load = loads.get(wordsHref);
  if (!load) {
    load = Promise.all([
      import("~/domain/booking/validation"),
      fetch(wordsHref).then((response) => {
        if (!response.ok) throw new Error(`The rules' messages answered ${response.status}.`);
        return response.json() as Promise<CompiledMessages>;
      }),
    ]).then(([rules, words]) => ({ rules, words }));
    load.catch(() => loads.delete(wordsHref));
    loads.set(wordsHref, load);
  }
  return load;
}

/**
 * The draft as submitted, its mobile number in E.164: a number typed in the plain phone field,
 * before the phone control loaded, is written as the control would write it.
 */
async function submittedDraft(draft: BookingDraft): Promise<BookingDraft> {
  if ((draft[CUSTOMER.mobile] ?? "").startsWith("+")) return draft;
  const { withE164Phone } = await import("./phone-number");
  return withE164Phone(draft);
}

/**
 * What the visitor (or the browser's autofill) wrote into the server's HTML before the page
 * hydrated: text fields that were rendered empty and hold something now. The JavaScript arrives
 * after the first paint (docs/decisions/0009), and React's next render shows its own state, so
 * without this a quick visitor's first words would be wiped.
 */
function typedBeforeHydration(form: HTMLFormElement | null, initial: BookingDraft): BookingDraft {
  const typed: BookingDraft = {};
  for (const element of Array.from(form?.elements ?? [])) {
    const textual =
      element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && ["text", "email"].includes(element.type));
    if (!textual) continue;
    const { name, value } = element as HTMLInputElement | HTMLTextAreaElement;
    if (name && name in initial && (initial[name] ?? "") === "" && value !== "") typed[name] = value;
  }
  return typed;
}

/**
 * Keeps the derived parts of the draft true after any change: passenger totals, the return leg's
 * mirror, and no terminal the form no longer asks for.
 */
function settle(draft: BookingDraft): BookingDraft {
  const counted = withCounts(draft);
  return withOfferedTerminals(isRoundTrip(counted) ? mirrorReturnLeg(counted) : counted);
}

/** A proposal's Paris clock, HH:MM. */
function proposedClock(departure: DepartureProposal | null): Clock | null {
  if (!departure) return null;
  const { hour, minute } = parisParts(departure.proposal);
  return { hour, minute };
}

export function BookingForm({
  initialDraft,
  bounds,
  bookingEndpoint,
  routeRows,
  fleet,
  phone,
  phoneLabels,
  rulesWords,
}: {
  initialDraft: BookingDraft;
  /** Each leg's first and last bookable Paris dates, from the server's clock when the page was made. */
  bounds: Record<Leg, { min: ParisDate; max: ParisDate }>;
  bookingEndpoint: string;
  /** What the price file says of this page's route (its rows without prices), from the server: the rules read it until the browser has its own copy of the file. */
  routeRows: readonly PriceRow[];
  /** The active vehicles' capacities: a private party is priced as the count whose vehicle carries its luggage. */
  fleet: readonly VehicleCapacity[];
  /** The business's phone, for a party no vehicle online carries. */
  phone: string;
  /** The phone control's words in the page's language (the countries' names by code); null for its own English. */
  phoneLabels: Readonly<Record<string, string>> | null;
  /** Where the rules' messages in the page's language are fetched from, with the rules. */
  rulesWords: string;
}) {
  const t = useT();
  const locale = useLocale();
  const [validation, setValidation] = useState<Validation | null>(null);
  const rulesWordsIn = useRulesWords();
  const [draft, setDraft] = useState<BookingDraft>(initialDraft);
  const [errors, setErrors] = useState<FormProblem[] | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [restored, setRestored] = useState(false);
  // Asks for the error list to take the focus once it has rendered, so that it is read out.
  const [errorsShown, setErrorsShown] = useState(0);
  const checking = useRef(false);
  const errorListRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const prices = usePriceFile();

  // A reload or a return visit brings back what was typed (read after hydration: storage is the browser's).
  useEffect(() => {
    const typed = typedBeforeHydration(formRef.current, initialDraft);
    const stored = loadStoredDraft();
    const link = window.location.search;
    const sameLink = storedDraftLink() === link;
    storeDraftLink(link);
    // A transition, as every update that follows hydration without a visitor's input: re-rendering
    // the whole form then yields to the browser every few milliseconds (no long task).
    startTransition(() => {
      if (stored) setDraft((d) => settle(restoreDraft(d, stored, { sameLink })));
      if (Object.keys(typed).length > 0) setDraft((d) => settle({ ...d, ...typed }));
      setRestored(true);
    });
    // Once, after hydration: initialDraft is the server's, fixed for this page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (restored) storeDraft(draft);
  }, [draft, restored]);

  useEffect(() => {
    if (errorsShown > 0) errorListRef.current?.focus();
  }, [errorsShown]);

  // The rules start loading at the visitor's first focus in the form, so they are there by the submit.
  useEffect(() => {
    const form = formRef.current;
    const load = () =>
      void loadValidation(rulesWords).then(
        (v) => setValidation(() => v),
        () => undefined,
      );
    form?.addEventListener("focusin", load, { once: true });
    return () => form?.removeEventListener("focusin", load);
  }, [rulesWords]);

  const reprice = (d: BookingDraft): BookingDraft => (prices.state === "ready" ? repriceDraft(d, prices.rows, fleet) : d);

  const update = (change: (d: BookingDraft) => BookingDraft, priceChanged: boolean) => {
    setDraft((d) => {
      const next = settle(change(d));
      return priceChanged ? reprice(next) : next;
    });
  };

  // Once the browser has the price file, price the draft as it stands (it may have been restored).
  useEffect(() => {
    if (prices.state === "ready") {
      startTransition(() => setDraft((d) => repriceDraft(d, prices.rows, fleet)));
    }
  }, [prices, fleet]);

  // The rules measure durations, delays and hotel zones against the price file: the browser's copy
  // once loaded (it follows edits of the file), the server's rows for the route until then.
  const rules = { rows: prices.state === "ready" ? prices.rows : routeRows };

  // A departure's proposed pick-up time, from its date, its takeoff and the route's row. A new
  // proposal is written into the pick-up time when that is empty or still the last proposal written.
  const departures: Record<Leg, DepartureProposal | null> = {
    1: departureProposalOf(draft, 1, rules.rows),
    2: isRoundTrip(draft) ? departureProposalOf(draft, 2, rules.rows) : null,
  };
  const proposed = { 1: proposedClock(departures[1]), 2: proposedClock(departures[2]) };
  const lastProposed = useRef<Record<Leg, Clock | null>>({ 1: null, 2: null });
  const proposedKey = JSON.stringify(proposed);
  useEffect(() => {
    for (const leg of [1, 2] as const) {
      const next = proposed[leg];
      const previous = lastProposed.current[leg];
      if (!next || (previous && previous.hour === next.hour && previous.minute === next.minute)) continue;
      lastProposed.current[leg] = next;
      setDraft((d) => followProposal(d, leg, next, previous));
    }
    // proposedKey stands for `proposed`, a new object on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [proposedKey]);
  const capacity = draftCapacity(draft, fleet);
  const withValidation = (): Promise<Validation> =>
    loadValidation(rulesWords).then((v) => {
      setValidation(() => v);
      return v;
    });
  const check = (v: Validation, d: BookingDraft) => {
    const words = rulesWordsIn(v.words);
    // The phone check names the country in the page's language (its own English when null).
    const checked = v.rules.validateDraft(d, { ...rules, now: new Date() }, words, phoneLabels ?? undefined);
    return withCapacity(checked, draftCapacity(d, fleet), phone, words);
  };
  // After a first submit, every change is checked again as the visitor corrects the form.
  const current = errors === null || !validation ? null : check(validation, draft);
  const messages = new Map<string, string>();
  for (const e of current?.errors ?? []) if (e.field !== null && !messages.has(e.field)) messages.set(e.field, stripMarkup(e.message));
  const phoneWarning = current?.warnings[0];

  const form: FormApi = {
    value: (name) => draft[name] ?? "",
    set: (name, value) => update((d) => ({ ...d, [name]: value }), PRICE_FIELDS.has(name)),
    error: (name) => (name === "phone_warning" ? (phoneWarning ? stripMarkup(phoneWarning.message) : undefined) : messages.get(name)),
    pickHotel: (end: End, leg: Leg, hotelId: string) => update((d) => pickHotel(d, end, leg, hotelId), false),
    apply: (change, repriceToo = false) => update(change, repriceToo),
  };

  const kind = transferKind(draft);
  const roundTrip = isRoundTrip(draft);
  const hotels = hotelChoices(draft);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Held from the click until the form is refused, or for good once it is posted: a second click
    // meanwhile (a double click) posts nothing more.
    if (submitting || checking.current) return;
    checking.current = true;
    const refused = (problems: FormProblem[]) => {
      setErrors(problems);
      setErrorsShown((n) => n + 1);
      checking.current = false;
    };
    Promise.all([withValidation(), submittedDraft(draft)])
      .then(([v, submitted]) => {
        if (submitted !== draft) setDraft(submitted);
        const result = check(v, submitted);
        if (!result.booking) return refused(result.errors);
        setErrors(result.errors);
        setSubmitting(true);
        // The notes' summary is written from the checked booking, the counts the rules admitted.
        const final = appendLuggageSummary(submitted, result.booking);
        setDraft(final);
        storeDraft(final);
        window.setTimeout(() => postDraft(bookingEndpoint, final), POST_DELAY_MS);
      })
      // The rules could not be loaded (the connection dropped).
      .catch(() => refused([{ field: null, message: t("booking.form.notChecked") }]));
  };

  // A count being typed that is not one yet shows as 0.
  const shown = (field: string) => {
    const n = countOf(draft[field]);
    return Number.isNaN(n) ? 0 : n;
  };
  const outbound = legFields(1);
  const adults = shown(outbound.paxAdult);
  const children = shown(outbound.paxChild);
  const babies = shown(outbound.paxBaby);
  const kindLabel = kind === "private" ? t("booking.kind.private") : t("booking.kind.shuttle");

  return (
    <form ref={formRef} className="booking-form" noValidate onSubmit={onSubmit} action={bookingEndpoint} method="post">
      <p>
        <Link
          className="button button--secondary"
          to={localizedPath(locale, `/rates?from=${encodeURIComponent(draft.depart ?? "")}&to=${encodeURIComponent(draft.arrive ?? "")}`)}
        >
          {t("booking.form.back")}
        </Link>
      </p>
      <h1>
        {t("booking.form.heading", {
          from: draft.depart ? placeLabel(t, draft.depart) : t("booking.form.headingFrom"),
          to: draft.arrive ? placeLabel(t, draft.arrive) : t("booking.form.headingTo"),
          kind: kindLabel,
        })}
      </h1>
      <section id="reservation" aria-labelledby="book-heading" className="card">
        <h2 id="book-heading">{t("booking.form.title")}</h2>
        <p>{t("booking.form.lead")}</p>
        <dl className="summary">
          <div>
            <dt>{t("booking.form.from")}</dt>
            <dd>{placeLabel(t, draft.depart ?? "")}</dd>
          </div>
          <div>
            <dt>{t("booking.form.to")}</dt>
            <dd>{placeLabel(t, draft.arrive ?? "")}</dd>
          </div>
          <div>
            <dt>{t("booking.form.type")}</dt>
            <dd>{kindLabel}</dd>
          </div>
          <div>
            <dt>{t("booking.form.passengers")}</dt>
            <dd>{t("booking.form.party", { adults, children, babies })}</dd>
          </div>
        </dl>
        <div className="choice-row">
          <fieldset className="kind-choice">
            <legend>{t("booking.form.transfer")}</legend>
            {(
              [
                ["shuttle", SHUTTLE, t("booking.kind.shuttle")],
                ["private", PRIVATE, t("booking.kind.private")],
              ] as const
            ).map(([value, wire, label]) => (
              <label key={value}>
                <input type="radio" name={TRIP.kind} value={wire} checked={kind === value} onChange={() => form.set(TRIP.kind, wire)} />{" "}
                {label}
              </label>
            ))}
          </fieldset>
          <fieldset className="kind-choice">
            <legend>{t("booking.form.trip")}</legend>
            {(
              [
                ["1", false, t("booking.trip.oneWay")],
                ["2", true, t("booking.trip.roundTrip")],
              ] as const
            ).map(([value, both, label]) => (
              <label key={value}>
                <input
                  type="radio"
                  name={TRIP.trips}
                  value={value}
                  checked={roundTrip === both}
                  onChange={() => update((d) => withTripMode(d, both), true)}
                />{" "}
                {label}
              </label>
            ))}
          </fieldset>
        </div>
      </section>

      <PassengerFields form={form} upsized={capacity.ok ? capacity.upsized : null} />
      <LuggageFields form={form} />
      <LegSection form={form} leg={1} kind={kind} bounds={bounds[1]} hotels={hotels} departure={departures[1]} />
      {roundTrip ? <LegSection form={form} leg={2} kind={kind} bounds={bounds[2]} hotels={hotels} departure={departures[2]} /> : null}
      <CustomerFields form={form} phoneLabels={phoneLabels} />

      <ErrorList ref={errorListRef} errors={current?.errors ?? errors ?? []} />
      <p className="actions">
        <button type="submit" className="button" disabled={submitting} aria-disabled={submitting}>
          {submitting ? t("booking.form.submitting") : t("booking.form.submit")}
        </button>
      </p>
    </form>
  );
}
