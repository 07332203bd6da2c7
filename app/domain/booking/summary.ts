/**
 * On submit, the passenger and luggage summary appended to each leg's notes, so whoever reads a
 * leg's notes sees the party and its bags. It is written from the checked booking, after the rules
 * have passed, so every count it states is one the rules admitted.
 */
import type { Counts } from "./draft";
import { legFields, type BookingDraft, type Leg } from "./fields";

/** The line that opens the appended block; everything from it on is the summary. */
export const SUMMARY_MARK = "-- Passengers and luggage --";

/** What the summary reads of a checked booking (structurally a Booking). */
export interface SummarySource {
  passengers: Counts;
  legs: readonly { passengers: Counts }[];
  luggage: { checkIn: number; cabin: number; strollerSingle: number; strollerDouble: number; info: string };
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * "Passengers: 2 adults, 1 child, 0 babies. Luggage: 2 check-in, 1 cabin, 0 single strollers,
 * 0 double strollers." then the visitor's luggage note, when there is one. A leg the booking does
 * not hold (the return of a one-way trip) states the party booked.
 */
export function luggageSummary(booking: SummarySource, leg: Leg): string {
  const p = booking.legs[leg - 1]?.passengers ?? booking.passengers;
  const l = booking.luggage;
  const lines = [
    `Passengers: ${plural(p.adults, "adult", "adults")}, ${plural(p.children, "child", "children")}, ${plural(p.babies, "baby", "babies")}.`,
    `Luggage: ${l.checkIn} check-in, ${l.cabin} cabin, ${plural(l.strollerSingle, "single stroller", "single strollers")}, ${plural(l.strollerDouble, "double stroller", "double strollers")}.`,
  ];
  const note = l.info.trim();
  if (note !== "") lines.push(`Luggage info: ${note}`);
  return lines.join("\n");
}

/**
 * A leg's notes without a summary appended earlier: line breaks read as "\n" (a browser posts a
 * form's line breaks as CRLF), and everything from the first summary mark on dropped, wherever it
 * stands, so a posted note can never carry counts of its own under the summary's heading.
 */
export function withoutSummary(info: string): string {
  const note = info.replace(/\r\n?/g, "\n");
  const at = note.indexOf(SUMMARY_MARK);
  return at < 0 ? note : note.slice(0, at).trimEnd();
}

/** A leg's notes as stored: the visitor's own note, then the summary written from the checked booking. */
export function notesWithSummary(info: string, booking: SummarySource, leg: Leg): string {
  const own = withoutSummary(info).trimEnd();
  const block = `${SUMMARY_MARK}\n${luggageSummary(booking, leg)}`;
  return own === "" ? block : `${own}\n\n${block}`;
}

/**
 * The summary appended to both legs' notes (one way too). Idempotent: an earlier summary
 * is replaced, never stacked, so a second submit after an edit carries the new counts once.
 */
export function appendLuggageSummary<D extends BookingDraft>(draft: D, booking: SummarySource): D & BookingDraft {
  const next: BookingDraft = { ...draft };
  for (const leg of [1, 2] as const) {
    const field = legFields(leg).info;
    next[field] = notesWithSummary(draft[field] ?? "", booking, leg);
  }
  return next as D & BookingDraft;
}
