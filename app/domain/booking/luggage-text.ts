/**
 * A booking's luggage in words: its bags and strollers, the child seats to fit and the traveller's
 * note, written with the same words wherever they are read. The e-mails, the voucher and the
 * booking's pages list every bag and stroller (a count of 0 included, so the traveller can check
 * it) and the seats asked; the run sheet and the CSV export take one short line of what there is.
 * The words of each item are the catalogue's (BAG_WORDS and SEAT_WORDS name them): a new kind of
 * luggage is one entry there, and the compiler asks for it as soon as the model has it.
 */
import type { AdminWordKey, AdminWords } from "../back-office/admin-words";
import type { MailWordKey, MailWords } from "./mail-words";
import type { ChildSeats, Luggage, StoredDetails } from "./model";

type Counted = Exclude<keyof Luggage, "info">;

/** Each count of the luggage, by its plural message, in the order the texts give them. */
const BAG_WORDS = {
  checkIn: "bags.checkIn",
  cabin: "bags.cabin",
  strollerSingle: "bags.strollerSingle",
  strollerDouble: "bags.strollerDouble",
} as const satisfies Readonly<Record<Counted, MailWordKey>>;

/** Each group of child seats with its weight class, by its plural message. */
const SEAT_WORDS = {
  baby: "seats.baby",
  child: "seats.child",
  booster: "seats.booster",
} as const satisfies Readonly<Record<keyof ChildSeats, MailWordKey>>;

type ItemKey = (typeof BAG_WORDS)[Counted] | (typeof SEAT_WORDS)[keyof ChildSeats];

/** The back office's short words for each item, in the member's language (the `admin` catalogue). */
const STAFF_ITEM_WORDS = {
  "bags.checkIn": "luggage.checkIn",
  "bags.cabin": "luggage.cabin",
  "bags.strollerSingle": "luggage.strollerSingle",
  "bags.strollerDouble": "luggage.strollerDouble",
  "seats.baby": "luggage.babySeat",
  "seats.child": "luggage.childSeat",
  "seats.booster": "luggage.boosterSeat",
} as const satisfies Readonly<Record<ItemKey, AdminWordKey>>;

/** An item's count in words: "2 cabin", "1 baby seat (group 0+)". */
type SayCount = (key: ItemKey, count: number) => string;

const inWords =
  (w: MailWords): SayCount =>
  (key, count) =>
    w.t(key, { count });

const inStaffWords =
  (words: AdminWords): SayCount =>
  (key, count) =>
    words(STAFF_ITEM_WORDS[key], { count });

/** Each entry of `keys` with its count in words; counts of 0 only when `zeros`. */
function said<K extends string>(
  counts: Readonly<Record<NoInfer<K>, number>>,
  keys: Readonly<Record<K, ItemKey>>,
  zeros: boolean,
  say: SayCount,
): string[] {
  return (Object.entries(keys) as [K, ItemKey][]).filter(([key]) => zeros || counts[key] > 0).map(([key, item]) => say(item, counts[key]));
}

/** "3 check-in, 2 cabin, 1 single stroller, 0 double strollers": every bag and stroller. */
export function bagsText(luggage: Luggage, w: MailWords): string {
  return said(luggage, BAG_WORDS, true, inWords(w)).join(", ");
}

/** "1 baby seat (group 0+), 1 booster seat (groups 2-3)": the seats to fit; "" when none is asked. */
export function childSeatsText(seats: ChildSeats, w: MailWords): string {
  return said(seats, SEAT_WORDS, false, inWords(w)).join(", ");
}

/** The e-mails' "Luggage: …" line, and the "Child seats: …" line when seats are asked; none when the details do not read. */
export function luggageLines(details: StoredDetails | null, w: MailWords): string[] {
  if (!details) return [];
  const seats = childSeatsText(details.childSeats, w);
  return [w.t("line.luggage", { luggage: bagsText(details.luggage, w) }), ...(seats ? [w.t("line.childSeats", { seats })] : [])];
}

/** The voucher's luggage, on one line ("2 check-in, 1 cabin, …; child seats: 1 baby seat (group 0+)"); null when the details do not read. */
export function luggageText(details: StoredDetails | null, w: MailWords): string | null {
  if (!details) return null;
  const seats = childSeatsText(details.childSeats, w);
  const bags = bagsText(details.luggage, w);
  return seats ? w.t("luggage.withSeats", { bags, seats }) : bags;
}

/**
 * What there is to carry and fit, short, for a cell of the run sheet or the CSV export: "2 check-in,
 * 1 cabin, 1 single stroller, 1 baby seat (group 0+)", "None", or "Not known" when the details do
 * not read.
 */
export function shortLuggageText(details: Pick<StoredDetails, "luggage" | "childSeats"> | null, words: AdminWords): string {
  if (!details) return words("luggage.unknown");
  const say = inStaffWords(words);
  const items = [...said(details.luggage, BAG_WORDS, false, say), ...said(details.childSeats, SEAT_WORDS, false, say)];
  return items.length > 0 ? items.join(", ") : words("luggage.none");
}

/** The traveller's words about the luggage; "" when none were given or the details do not read. */
export function luggageNote(details: StoredDetails | null): string {
  return details?.luggage.info.trim() ?? "";
}
