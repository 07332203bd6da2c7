/**
 * A booking's luggage in words: its bags and strollers, the child seats to fit and the traveller's
 * note, written with the same words wherever they are read. The e-mails, the voucher and the
 * booking's pages list every bag and stroller (a count of 0 included, so the traveller can check
 * it) and the seats asked; the run sheet and the CSV export take one short line of what there is.
 * The words of each item are in BAG_WORDS and SEAT_WORDS: a new kind of luggage is one entry there,
 * and the compiler asks for it as soon as the model has it.
 */
import { plural } from "./email-text";
import type { ChildSeats, Luggage, StoredDetails } from "./model";

type Counted = Exclude<keyof Luggage, "info">;

/** Each count of the luggage, singular and plural, in the order the texts give them. */
const BAG_WORDS: Readonly<Record<Counted, readonly [one: string, many: string]>> = {
  checkIn: ["check-in", "check-in"],
  cabin: ["cabin", "cabin"],
  strollerSingle: ["single stroller", "single strollers"],
  strollerDouble: ["double stroller", "double strollers"],
};

/** Each group of child seats with its weight class, singular and plural. */
const SEAT_WORDS: Readonly<Record<keyof ChildSeats, readonly [one: string, many: string]>> = {
  baby: ["baby seat (group 0+)", "baby seats (group 0+)"],
  child: ["child seat (group 1)", "child seats (group 1)"],
  booster: ["booster seat (groups 2-3)", "booster seats (groups 2-3)"],
};

/** "2 cabin", "1 baby seat (group 0+)" for each entry of `words`; counts of 0 only when `zeros`. */
function said<K extends string>(
  counts: Readonly<Record<NoInfer<K>, number>>,
  words: Readonly<Record<K, readonly [string, string]>>,
  zeros: boolean,
): string[] {
  return (Object.entries(words) as [K, readonly [string, string]][])
    .filter(([key]) => zeros || counts[key] > 0)
    .map(([key, [one, many]]) => plural(counts[key], one, many));
}

/** "3 check-in, 2 cabin, 1 single stroller, 0 double strollers": every bag and stroller. */
export function bagsText(luggage: Luggage): string {
  return said(luggage, BAG_WORDS, true).join(", ");
}

/** "1 baby seat (group 0+), 1 booster seat (groups 2-3)": the seats to fit; "" when none is asked. */
export function childSeatsText(seats: ChildSeats): string {
  return said(seats, SEAT_WORDS, false).join(", ");
}

/** The e-mails' "Luggage: …" line, and the "Child seats: …" line when seats are asked; none when the details do not read. */
export function luggageLines(details: StoredDetails | null): string[] {
  if (!details) return [];
  const seats = childSeatsText(details.childSeats);
  return [`Luggage: ${bagsText(details.luggage)}`, ...(seats ? [`Child seats: ${seats}`] : [])];
}

/** The voucher's luggage, on one line ("2 check-in, 1 cabin, …; child seats: 1 baby seat (group 0+)"); null when the details do not read. */
export function luggageText(details: StoredDetails | null): string | null {
  if (!details) return null;
  const seats = childSeatsText(details.childSeats);
  return seats ? `${bagsText(details.luggage)}; child seats: ${seats}` : bagsText(details.luggage);
}

/**
 * What there is to carry and fit, short, for a cell of the run sheet or the CSV export: "2 check-in,
 * 1 cabin, 1 single stroller, 1 baby seat (group 0+)", "None", or "Not known" when the details do
 * not read.
 */
export function shortLuggageText(details: Pick<StoredDetails, "luggage" | "childSeats"> | null): string {
  if (!details) return "Not known";
  const items = [...said(details.luggage, BAG_WORDS, false), ...said(details.childSeats, SEAT_WORDS, false)];
  return items.length > 0 ? items.join(", ") : "None";
}

/** The traveller's words about the luggage; "" when none were given or the details do not read. */
export function luggageNote(details: StoredDetails | null): string {
  return details?.luggage.info.trim() ?? "";
}
