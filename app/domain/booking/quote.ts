/**
 * A price quote applied to the draft, and the hotel pick list.
 */
import { HOTELS, hotelsForPostcodes, type Hotel } from "../hotels";
import { reversedDetails, samePlace, type PriceQuote } from "../pricing/pricing";
import { isRoundTrip } from "./draft";
import { TRIP, endFields, legFields, type BookingDraft, type End, type Leg } from "./fields";

/**
 * The quote seen from the other end: from/to, durations, delays, place types and postal-code
 * lists swapped. reverseQuote(reverseQuote(q)) equals q.
 */
export function reverseQuote(q: PriceQuote): PriceQuote {
  return { ...q, from: q.to, to: q.from, ...reversedDetails(q) };
}

/** Whether the quote is written from the draft's depart to its arrive (case and underscores ignored). */
export function quoteMatchesDraft(draft: BookingDraft, q: PriceQuote): boolean {
  return samePlace(q.from, draft[TRIP.depart] ?? "") && samePlace(q.to, draft[TRIP.arrive] ?? "");
}

const cents = (n: number) => String(Number.isFinite(n) ? Math.trunc(n) : 0);
const minutes = (n: number) => String(n);

const outbound = legFields(1);
const inbound = legFields(2);

/**
 * A price quote applied to the draft.
 *
 * Prices: the draft keeps whole cents. The price file is in cents and quote() returns cents, so
 * the values are stored as they are (truncated to whole cents, in case). The card and cash prices
 * are the whole booking's (a round trip's price covers both legs). Leg 1's price carries that same
 * card price and leg 2's is "0" on a round trip ("" one way), so that adding the legs never counts
 * the price twice.
 *
 * Direction: when the quote's from/to are the draft's depart/arrive, its values are taken as
 * they are; otherwise (the quote is written the other way, or for other places) it is read
 * reversed: durations, delays and postal-code lists swapped.
 * Trip 1 takes the outbound duration and both delays; trip 2 takes the return duration. The
 * delays are roles — the wait at a pickup, the margin before a drop-off flight — the same on
 * both legs (the price file writes 30/135 in both directions), so trip 2 takes them as trip 1.
 * Postal-code lists are stored comma-joined.
 */
export function applyQuote<D extends BookingDraft>(draft: D, quote: PriceQuote): D & BookingDraft {
  const q = quoteMatchesDraft(draft, quote) ? quote : reverseQuote(quote);
  const roundTrip = isRoundTrip(draft);
  const next: BookingDraft = {
    ...draft,
    [TRIP.priceCard]: cents(q.cb),
    [TRIP.priceCash]: cents(q.cash),
    [outbound.prix]: cents(q.cb),
    [inbound.prix]: roundTrip ? "0" : "",
    [TRIP.durationOut]: minutes(q[TRIP.durationOut]),
    [TRIP.durationBack]: minutes(q[TRIP.durationBack]),
    [TRIP.delayDepart]: minutes(q[TRIP.delayDepart]),
    [TRIP.delayArrive]: minutes(q[TRIP.delayArrive]),
    [outbound.duree]: minutes(q[TRIP.durationOut]),
    [outbound.delaiDepart]: minutes(q[TRIP.delayDepart]),
    [outbound.delaiArrive]: minutes(q[TRIP.delayArrive]),
    [inbound.duree]: minutes(q[TRIP.durationBack]),
    [inbound.delaiDepart]: minutes(q[TRIP.delayDepart]),
    [inbound.delaiArrive]: minutes(q[TRIP.delayArrive]),
    [TRIP.postcodesDepart]: q[TRIP.postcodesDepart].join(","),
    [TRIP.postcodesArrive]: q[TRIP.postcodesArrive].join(","),
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
  return hotelsForPostcodes([...postcodeList(draft[TRIP.postcodesDepart]), ...postcodeList(draft[TRIP.postcodesArrive])]);
}

/**
 * A hotel chosen from the list for one end of one leg: its name, its number (id), address and zip.
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
 * while the three are still its own: once they describe another place, its number is cleared (the pick
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
