/**
 * On submit, the passenger and luggage summary appended to info_t1 and
 * info_t2, so whoever reads a leg's notes sees the party and its bags.
 */
import { countOf, legCounts } from "./draft";
import { legFields, type BookingDraft, type Leg } from "./fields";

/** The line that opens the appended block; everything from it on is the summary. */
export const SUMMARY_MARK = "-- Passengers and luggage --";

function plural(n: number, one: string, many: string): string {
  return `${Number.isFinite(n) ? n : 0} ${n === 1 ? one : many}`;
}

/**
 * "Passengers: 2 adults, 1 child, 0 babies. Luggage: 2 check-in, 1 cabin, 0 single strollers,
 * 0 double strollers." then the visitor's luggage note (info_pax_luggage), when there is one.
 */
export function luggageSummary(draft: BookingDraft, leg: Leg): string {
  const p = legCounts(draft, leg);
  const count = (field: string) => countOf(draft[field]);
  const lines = [
    `Passengers: ${plural(p.adults, "adult", "adults")}, ${plural(p.children, "child", "children")}, ${plural(p.babies, "baby", "babies")}.`,
    `Luggage: ${count("check_in_luggage")} check-in, ${count("cabin_bag")} cabin, ${plural(count("stroller_single"), "single stroller", "single strollers")}, ${plural(count("stroller_double"), "double stroller", "double strollers")}.`,
  ];
  const note = (draft.info_pax_luggage ?? "").trim();
  if (note !== "") lines.push(`Luggage info: ${note}`);
  return lines.join("\n");
}

/** A leg's notes without a summary appended earlier. */
export function withoutSummary(info: string): string {
  const at = info.startsWith(SUMMARY_MARK) ? 0 : info.lastIndexOf(`\n\n${SUMMARY_MARK}`);
  return at < 0 ? info : info.slice(0, at);
}

/**
 * The summary appended to info_t1 and info_t2 (both, one way too; leg 2's uses leg 2's
 * counts). Idempotent: an earlier summary is replaced, never stacked, so a second submit after an
 * edit carries the new counts once.
 */
export function appendLuggageSummary<D extends BookingDraft>(draft: D): D & BookingDraft {
  const next: BookingDraft = { ...draft };
  for (const leg of [1, 2] as const) {
    const field = legFields(leg).info;
    const own = withoutSummary(draft[field] ?? "").trimEnd();
    const block = `${SUMMARY_MARK}\n${luggageSummary(draft, leg)}`;
    next[field] = own === "" ? block : `${own}\n\n${block}`;
  }
  return next as D & BookingDraft;
}
