/**
 * A price quote applied to the draft, and the hotel pick list.
 */
import { HOTELS, hotelsForPostcodes, type Hotel } from "../hotels";
import { samePlace, type PriceQuote } from "../pricing/pricing";
import { isRoundTrip } from "./draft";
import { endFields, type BookingDraft, type End, type Leg } from "./fields";

/**
 * The quote seen from the other end: from/to, durations, delays, place types and postal-code
 * lists swapped. reverseQuote(reverseQuote(q)) equals q.
 */
export function reverseQuote(q: PriceQuote): PriceQuote {
  return {
    ...q,
    from: q.to,
    to: q.from,
    duree_aller: q.duree_retour,
    duree_retour: q.duree_aller,
    delai_depart: q.delai_arrive,
    delai_arrive: q.delai_depart,
    depart_type: q.arrive_type,
    arrive_type: q.depart_type,
    cp_depart: q.cp_arrive,
    cp_arrive: q.cp_depart,
  };
}

/** Whether the quote is written from the draft's depart to its arrive (case and underscores ignored). */
export function quoteMatchesDraft(draft: BookingDraft, q: PriceQuote): boolean {
  return samePlace(q.from, draft.depart ?? "") && samePlace(q.to, draft.arrive ?? "");
}

const cents = (n: number) => String(Number.isFinite(n) ? Math.trunc(n) : 0);
const minutes = (n: number) => String(n);

/** The fields applyQuote writes. */
export const QUOTE_FIELDS = [
  "prix_cb",
  "prix_cash",
  "prix_t1",
  "prix_t2",
  "duree_aller",
  "duree_retour",
  "delai_depart",
  "delai_arrive",
  "duree_t1",
  "duree_t2",
  "delai_depart_t1",
  "delai_arrive_t1",
  "delai_depart_t2",
  "delai_arrive_t2",
  "cp_depart",
  "cp_arrive",
] as const;

/**
 * A price quote applied to the draft.
 *
 * Prices: the draft keeps whole cents. The price file is in cents and quote() returns cents, so
 * the values are stored as they are (truncated to whole cents, in case). prix_cb and prix_cash
 * are the booking's card and cash prices (the whole booking: a round trip's price covers both
 * legs). prix_t1 carries that same card price and prix_t2 is "0" on a round trip ("" one way), so
 * that adding the legs never counts the price twice.
 *
 * Direction: when the quote's from/to are the draft's depart/arrive, its values are taken as
 * they are; otherwise (the quote is written the other way, or for other places) it is read
 * reversed: durations, delays and postal-code lists swapped.
 * Trip 1 takes duree_aller, delai_depart and delai_arrive; trip 2 takes duree_retour. The
 * delays are roles — the wait at a pickup, the margin before a drop-off flight — the same on
 * both legs (the price file writes 30/135 in both directions), so trip 2 takes them as trip 1.
 * Postal-code lists are stored comma-joined.
 */
export function applyQuote<D extends BookingDraft>(draft: D, quote: PriceQuote): D & BookingDraft {
  const q = quoteMatchesDraft(draft, quote) ? quote : reverseQuote(quote);
  const roundTrip = isRoundTrip(draft);
  const next: BookingDraft = {
    ...draft,
    prix_cb: cents(q.cb),
    prix_cash: cents(q.cash),
    prix_t1: cents(q.cb),
    prix_t2: roundTrip ? "0" : "",
    duree_aller: minutes(q.duree_aller),
    duree_retour: minutes(q.duree_retour),
    delai_depart: minutes(q.delai_depart),
    delai_arrive: minutes(q.delai_arrive),
    duree_t1: minutes(q.duree_aller),
    delai_depart_t1: minutes(q.delai_depart),
    delai_arrive_t1: minutes(q.delai_arrive),
    duree_t2: minutes(q.duree_retour),
    delai_depart_t2: minutes(q.delai_depart),
    delai_arrive_t2: minutes(q.delai_arrive),
    cp_depart: q.cp_depart.join(","),
    cp_arrive: q.cp_arrive.join(","),
  };
  return next as D & BookingDraft;
}

/** A comma-joined postal-code list back as a list. */
export function postcodeList(text: string | undefined): string[] {
  return (text ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/** The hotel pick list: built-in hotels whose zip is a postal code of either zone, sorted by name. */
export function hotelChoices(draft: BookingDraft): Hotel[] {
  return hotelsForPostcodes([...postcodeList(draft.cp_depart), ...postcodeList(draft.cp_arrive)]);
}

/**
 * A hotel chosen from the list for one end of one leg: name, hotel_n (its id), address and zip.
 * An unknown or empty id clears the hotel name and number and leaves the typed address alone.
 * The return leg follows through mirrorReturnLeg.
 */
export function pickHotel<D extends BookingDraft>(draft: D, end: End, leg: Leg, hotelId: number | string): D & BookingDraft {
  const f = endFields(end, leg);
  const id = typeof hotelId === "number" ? hotelId : Number(String(hotelId).trim() || NaN);
  const hotel = HOTELS.find((h) => h.id === id);
  const next: BookingDraft = hotel
    ? { ...draft, [f.hotel]: hotel.name, [f.hotelN]: String(hotel.id), [f.address]: hotel.address, [f.zip]: hotel.zip }
    : { ...draft, [f.hotel]: "", [f.hotelN]: "" };
  return next as D & BookingDraft;
}

/**
 * A typed edit of an address end's hotel name, address or zip. A picked hotel stays picked only
 * while the three are still its own: once they describe another place, hotel_n is cleared (the pick
 * list shows "Another hotel or an address"), so the number never names a hotel the end is not.
 */
export function editAddressEnd<D extends BookingDraft>(
  draft: D,
  end: End,
  leg: Leg,
  key: "hotel" | "address" | "zip",
  value: string,
): D & BookingDraft {
  const f = endFields(end, leg);
  const next: BookingDraft = { ...draft, [f[key]]: value };
  const picked = HOTELS.find((h) => String(h.id) === (next[f.hotelN] ?? "").trim());
  const same = (field: string, wanted: string) => (next[field] ?? "").trim() === wanted;
  if (picked && !(same(f.hotel, picked.name) && same(f.address, picked.address) && same(f.zip, picked.zip))) next[f.hotelN] = "";
  return next as D & BookingDraft;
}
