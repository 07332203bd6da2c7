/**
 * What a traveller may change of a booking online, and how a change is checked and described
 * (docs/product.md, Managing a booking). Until the free-cancellation deadline, and while the booking
 * is not cancelled or over, the traveller may change what does not change the price: each flight's
 * time and number (and the outbound flight's city), the hotel and address of an address end within
 * the route's area, the mobile phone, the luggage and the notes. Date, route and passengers are
 * changed by phone.
 *
 * A change is checked by the booking form's own rules: the booking's draft is rebuilt from the
 * stored booking (draftFromBooking), the posted fields laid over it, and the booking form's schema
 * run on the result with the clock and the price file. Pure: the caller gives `now`, the price
 * rows and the stored row.
 */
import { formatParisDateTime, parisDateTime } from "../booking/paris-time";
import type { FormProblem } from "../form-problems";
import { HOTELS } from "../hotels";
import type { PriceRow } from "../pricing/csv";
import { samePlace } from "../pricing/pricing";
import { FLIGHT_END, flightClock, mirrorReturnLeg, pickupClock } from "../booking/draft";
import { TRIP, endFields, legFields, type BookingDraft, type Leg } from "../booking/fields";
import { readStoredDetails, type StoredDetails } from "../booking/model";
import { editAddressEnd, pickHotel } from "../booking/quote";
import { formatClock, type Clock } from "../booking/time-rules";
import {
  bookingFormSchema,
  bookingIssue,
  bookingPriceRequest,
  stripMarkup,
  type Booking,
  type BookingIssue,
  type BookingWords,
} from "../booking/validation";
import { say } from "../booking/messages";
import { LUGGAGE_COUNTS, LUGGAGE_NOTE_FIELD, PHONE_FIELD, type ChangeForm } from "./change-form";
import { firstPickupOf } from "./cancel";
import { beforeDeadline, freeCancellationUntil } from "./deadline";
import { draftFromBooking, type StoredBooking } from "../booking/wire";
import { describeChanges, editableOf, type Change } from "./change-description";
import { legKind } from "../booking/booking-lines";
import { changeLayout, type ChangeLayout } from "./change-layout";
import type { ManageWordKey, ManageWords } from "./manage-words";
import { phoneOnlyChanges } from "./phone-only";
import { zoneProblems } from "./route-area";
import { bookingLoad, capacityAnswer } from "../booking/capacity";
import type { VehicleCapacity } from "../fleet";

// ---------------------------------------------------------------------------------------------
// A post laid over the draft

function changed(form: ChangeForm, name: string, draft: BookingDraft): string | null {
  const value = form[name];
  return value !== undefined && value !== (draft[name] ?? "") ? value : null;
}

/**
 * The draft with the posted fields of this booking's form laid over it (a field left out keeps its
 * value; a field the booking's form does not show is ignored). An address end follows the booking
 * form's hotel list: a hotel picked fills its name, address and postcode, and a name, address or
 * postcode typed over a picked hotel unpicks it. The return then follows the outbound, as the
 * booking form makes it.
 */
export function overlayChanges(draft: BookingDraft, form: ChangeForm): BookingDraft {
  const layout = changeLayout(draft);
  let next: BookingDraft = { ...draft };
  for (const leg of layout.legs) {
    for (const end of leg.ends) {
      const f = end.fields;
      if (end.flight) {
        for (const key of ["numVol", "cityVol", "terminal"] as const) {
          const name = f[key];
          const value = name ? changed(form, name, next) : null;
          if (name && value !== null) next[name] = value;
        }
        const time = f.horaireVol ? changed(form, f.horaireVol, next) : null;
        if (f.horaireVol && time !== null) {
          const e = endFields(end.end, leg.leg);
          // The time as typed; the rules read it (and say when it is not on the quarter hour).
          next = { ...next, [e.horaireVol]: time.trim(), [e.timeVol]: "", [e.minuteVol]: "" };
          if (end.end === "drop" && next[endFields("pu", leg.leg).type] !== FLIGHT_END) next = followTakeoff(next, draft, leg.leg);
        }
      } else if (f.hotelN) {
        const picked = changed(form, f.hotelN, next);
        const known = picked !== null && HOTELS.some((h) => String(h.id) === picked.trim());
        // A number that names no hotel is kept as posted, for the rules to refuse: the list never sends one.
        if (picked !== null)
          next = known || picked.trim() === "" ? pickHotel(next, end.end, leg.leg, picked) : { ...next, [f.hotelN]: picked };
        for (const key of ["hotel", "address", "zip"] as const) {
          const name = f[key];
          // Compared with the booking as it was: a value the hotel picked just now wrote stays.
          const value = name ? changed(form, name, draft) : null;
          if (value !== null && value !== next[name!]) next = editAddressEnd(next, end.end, leg.leg, key, value);
        }
      }
    }
    const note = changed(form, leg.noteField, next);
    if (note !== null) next[leg.noteField] = note;
  }
  for (const name of [PHONE_FIELD, ...LUGGAGE_COUNTS.map(([n]) => n), LUGGAGE_NOTE_FIELD]) {
    const value = changed(form, name, next);
    if (value !== null) next[name] = value;
  }
  return mirrorReturnLeg(next);
}

const minutesOf = (c: Clock) => c.hour * 60 + c.minute;

/**
 * A departure's pick-up time (its hour and minute, when the booking holds one) moved by as much as its
 * take-off time moved, so it keeps its distance from the flight: the booking form's proposal moves
 * by the same quarter hours, and a time the traveller chose stays as far before it as it was.
 */
export function followTakeoff(next: BookingDraft, before: BookingDraft, leg: Leg): BookingDraft {
  const chosen = pickupClock(before, leg);
  const was = flightClock(before, "drop", leg);
  const now = flightClock(next, "drop", leg);
  if (!chosen || !was || !now) return next;
  const minutes = (((minutesOf(chosen) + minutesOf(now) - minutesOf(was)) % 1440) + 1440) % 1440;
  const f = legFields(leg);
  const clock = formatClock({ hour: Math.floor(minutes / 60), minute: minutes % 60 });
  return { ...next, [f.timeH]: clock.slice(0, 2), [f.timeM]: clock.slice(3) };
}

// ---------------------------------------------------------------------------------------------
// Whether the booking can be changed now

const CLOSED: Partial<Record<string, ManageWordKey>> = {
  cancelled: "change.closed.cancelled",
  completed: "change.closed.completed",
  no_show: "change.closed.noShow",
};

/**
 * Why the booking cannot be changed online now, or null: it is cancelled or over, or the deadline
 * (24 hours before the first pickup) has passed. The first pickup is read as the cancel and the
 * booking's page read it (firstPickupOf): its column, else the first leg's instant in the details.
 */
export function changeClosedReason(
  row: { bookingStatus: string; firstPickupAt: Date | null; details: unknown },
  now: Date,
  phone: string,
  words: ManageWords,
): string | null {
  const closed = CLOSED[row.bookingStatus];
  if (closed) return words(closed, { phone });
  const firstPickupAt = firstPickupOf(row);
  if (!firstPickupAt) return words("change.closed.offline", { phone });
  if (!beforeDeadline(firstPickupAt, now)) {
    return words("change.closed.deadline", { ...parisDateTime(freeCancellationUntil(firstPickupAt)), phone });
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// A change, checked

export interface ChangeRequest {
  row: StoredBooking & { bookingStatus: string; firstPickupAt: Date | null };
  /** The post, parsed by the change form's schema. */
  form: ChangeForm;
  /** Every field of the post as sent, for the fields only the phone changes. */
  posted: Readonly<Record<string, string>>;
  now: Date;
  rows: readonly PriceRow[];
  /** The active vehicles' capacities: new luggage must fit the vehicle booked. */
  fleet: readonly VehicleCapacity[];
  /** The business's phone, for the messages. */
  phone: string;
  /** The booking rules' words, in the page's language. */
  words: BookingWords;
  /** The page's own words, in the same language. */
  manage: ManageWords;
}

/** What the booking becomes: its details, its phone column and its pickup moments. */
export interface ChangedBooking {
  details: StoredDetails;
  phone: string;
  firstPickupAt: Date;
  returnPickupAt: Date | null;
}

export type ChangePlan =
  | { ok: false; reason: "closed" | "phone"; message: string }
  | { ok: false; reason: "invalid"; problems: FormProblem[] }
  | { ok: true; changes: Change[]; next: ChangedBooking | null };

/** The booking form's message as this page shows it: no prefix, no bold marks, the leg named on a round trip. */
function problemMessage({ part, message }: BookingIssue, roundTrip: boolean, words: BookingWords, manage: ManageWords): string {
  const plain = stripMarkup(say(words, message)).trim();
  if (!roundTrip || part === "customer") return plain;
  return manage("change.problemOfLeg", { leg: manage("change.leg", { leg: legKind(part, true) }), problem: plain });
}

/** The field a rule's problem is shown at: the field itself when the form has it, a leg's flight time for a leg's timing. */
function problemField(field: string, layout: ChangeLayout): string | null {
  if (layout.fields.includes(field)) return field;
  for (const leg of layout.legs) {
    if (field === legFields(leg.leg).frenchDate) {
      const times = leg.ends.map((e) => e.fields.horaireVol).filter((f): f is string => f !== undefined);
      return times[0] ?? null;
    }
  }
  return null;
}

/** The trip itself (route, kind, trip type, dates, times given, passengers, places, and so the price) is the booking's. */
function sameTrip(booking: Booking, row: StoredBooking, stored: StoredDetails): boolean {
  const question = bookingPriceRequest(booking);
  const party = question.party;
  if (
    !samePlace(question.from, row.depart) ||
    !samePlace(question.to, row.arrive) ||
    question.kind !== row.kind ||
    question.tripType !== (row.roundTrip ? 2 : 1) ||
    party.adults !== row.adults ||
    party.children !== row.children ||
    party.babies !== row.babies ||
    booking.legs.length !== stored.legs.length
  ) {
    return false;
  }
  return booking.legs.every((leg, i) => {
    const was = stored.legs[i]!;
    const samePassengers = (["adults", "children", "babies"] as const).every((k) => leg.passengers[k] === was.passengers[k]);
    const sameEnds = (
      [
        [leg.pickup, was.pickup],
        [leg.dropoff, was.dropoff],
      ] as const
    ).every(([a, b]) => samePlace(a.place, b.place) && a.kind === b.kind);
    // A leg with no flight keeps the pick-up time the traveller gave; a departure's follows its take-off.
    const noFlight = was.pickup.kind !== "flight" && was.dropoff.kind !== "flight";
    const sameTime = !noFlight || (leg.pickupTime ?? null) === (was.pickupTime ?? null);
    return leg.date === was.date && sameTime && samePassengers && sameEnds;
  });
}

/**
 * New luggage or child seats must fit the vehicle the booking was priced for: what needs a larger
 * one (or more than a shuttle seat includes) is changed by phone, where the new price is agreed.
 */
function luggageProblem(
  booking: Booking,
  stored: StoredDetails,
  fleet: readonly VehicleCapacity[],
  phone: string,
  words: ManageWords,
): FormProblem | null {
  const was = capacityAnswer(booking.kind, bookingLoad({ ...stored, passengers: booking.passengers }), fleet);
  const now = capacityAnswer(booking.kind, bookingLoad(booking), fleet);
  if (now.ok && (!was.ok || now.seatsPriced <= was.seatsPriced)) return null;
  return {
    field: TRIP.checkInLuggage,
    message: words("change.luggageRoom", { phone }),
  };
}

/** The stored details with the checked booking's changeable values, and a leg's new pickup moment when its flight time moved. */
function changedDetails(stored: StoredDetails, booking: Booking, changes: readonly Change[]): StoredDetails {
  const endValues = (e: Booking["legs"][number]["pickup"] & { terminal?: string }) => ({
    ...(e.terminal !== undefined ? { terminal: e.terminal } : {}),
    flightTime: e.flightTime,
    flightCity: e.flightCity,
    flightNumber: e.flightNumber,
    hotel: e.hotel,
    hotelId: e.hotelId,
    address: e.address,
    zip: e.zip,
  });
  return {
    ...stored,
    customer: { ...stored.customer, phoneMobile: booking.customer.phoneMobile },
    luggage: { ...stored.luggage, ...booking.luggage },
    childSeats: booking.childSeats,
    legs: stored.legs.map((leg, i) => {
      const checked = booking.legs[i]!;
      const moved = changes.some((c) => c.leg === leg.leg && c.movesPickup);
      return {
        ...leg,
        ...(moved
          ? {
              pickupAt: checked.pickupAt,
              pickupTime: checked.pickupTime,
              durationMinutes: checked.durationMinutes,
              delayDepartMinutes: checked.delayDepartMinutes,
              delayArriveMinutes: checked.delayArriveMinutes,
            }
          : {}),
        pickup: { ...leg.pickup, ...endValues(checked.pickup) },
        dropoff: { ...leg.dropoff, ...endValues(checked.dropoff) },
        info: checked.info,
      };
    }),
  };
}

/**
 * A traveller's post, checked against the booking as it is now: refused when the booking cannot
 * be changed now (closed), when the post touches what only the phone changes (phone), or when the
 * booking form's rules, the route's area or the deadline refuse the result (invalid, each problem
 * at its field). Otherwise the changes in words, and what the booking becomes (null when nothing
 * changed).
 */
export function planChange(request: ChangeRequest): ChangePlan {
  const { row, form, posted, now, rows, fleet, phone, words, manage } = request;
  const closed = changeClosedReason(row, now, phone, manage);
  if (closed) return { ok: false, reason: "closed", message: closed };
  const stored = readStoredDetails(row.details);
  const draft = stored ? draftFromBooking(row.details, row) : null;
  if (!stored || !draft) return { ok: false, reason: "closed", message: manage("change.closed.offline", { phone }) };
  const phoneOnly = manage("change.phoneOnly", { phone });
  if (phoneOnlyChanges(draft, posted).length > 0) return { ok: false, reason: "phone", message: phoneOnly };

  const layout = changeLayout(draft);
  const next = overlayChanges(draft, form);
  const problems: FormProblem[] = [];
  const parsed = bookingFormSchema({ now, rows }).safeParse(next);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = problemField(String(issue.path[0] ?? ""), layout);
      const message = problemMessage(bookingIssue(issue), layout.roundTrip, words, manage);
      if (!problems.some((p) => p.field === field && p.message === message)) problems.push({ field, message });
    }
  }
  problems.push(...zoneProblems(next, draft, rows, phone, manage));
  if (problems.length > 0 || !parsed.success) return { ok: false, reason: "invalid", problems };

  const booking = parsed.data;
  if (!sameTrip(booking, row, stored)) return { ok: false, reason: "phone", message: phoneOnly };
  const luggage = luggageProblem(booking, stored, fleet, phone, manage);
  if (luggage) return { ok: false, reason: "invalid", problems: [luggage] };
  const changes = describeChanges(editableOf(stored), editableOf(booking));
  if (changes.length === 0) return { ok: true, changes, next: null };

  const details = changedDetails(stored, booking, changes);
  // A departure's pick-up follows its take-off: the new pick-up is a change of its own to read.
  for (const [i, leg] of details.legs.entries()) {
    const was = stored.legs[i]!;
    if (was.pickup.kind === "flight" || was.pickupAt.getTime() === leg.pickupAt.getTime()) continue;
    const index = changes.findIndex((c) => c.leg === leg.leg && c.movesPickup);
    changes.splice(index + 1, 0, {
      leg: leg.leg,
      what: "pick-up",
      field: "pickup",
      before: formatParisDateTime(was.pickupAt),
      after: formatParisDateTime(leg.pickupAt),
      forDriver: true,
      movesPickup: false,
    });
  }
  const firstPickupAt = new Date(details.legs[0]!.pickupAt);
  const returnPickupAt = details.legs[1] ? new Date(details.legs[1].pickupAt) : null;
  if (!beforeDeadline(firstPickupAt, now)) {
    const field = layout.legs[0]!.ends.map((e) => e.fields.horaireVol).find((f) => f !== undefined) ?? null;
    return {
      ok: false,
      reason: "invalid",
      problems: [{ field, message: manage("change.tooSoon", { ...parisDateTime(firstPickupAt), phone }) }],
    };
  }
  return { ok: true, changes, next: { details, phone: booking.customer.phoneMobile, firstPickupAt, returnPickupAt } };
}
