/**
 * The route's area: the postcodes the price file lists for each end, and whether a changed address stays within them.
 */
import type { FormProblem } from "../form-problems";
import type { PriceRow } from "../pricing/csv";
import { ADDRESS_END } from "../booking/draft";
import { TRIP, endFields, type BookingDraft, type End } from "../booking/fields";
import { routeDetailsOf } from "../booking/rules";
import type { ManageWords } from "./manage-words";

/** A price file's postal-code entry's code: "77700 Chessy" is 77700. Never used on what a traveller types. */
function codeOf(entry: string): string {
  return entry.trim().split(/\s+/)[0] ?? "";
}

/**
 * A French postal code, the route areas' own kind: five digits and nothing else. The booking form
 * asks only for a zip code that is not empty, and its hotels carry five-digit codes; here a code
 * typed is compared with the area's, so it must be exactly one ("77700 Paris 75001" is not 77700).
 */
const POSTAL_CODE = /^\d{5}$/;

/** The postcodes of the route's area at one end of the outbound leg (the depart's, or the arrive's), from the price file. */
export function areaOf(draft: BookingDraft, rows: readonly PriceRow[], end: End): string[] {
  const details = routeDetailsOf(draft, rows);
  const codes = details[end === "pu" ? TRIP.postcodesDepart : TRIP.postcodesArrive].map(codeOf).filter((c) => c !== "");
  return [...new Set(codes)];
}

/**
 * An address end stays in the route's area: its postcode is exactly one the price file lists for
 * that end of the route (the depart's codes for the depart end, the arrive's for the arrive end),
 * five digits and nothing else, or the postcode the booking already has, unchanged. An empty one is
 * the booking form's own rule to name. Each problem is at the end's postcode field.
 */
export function zoneProblems(
  next: BookingDraft,
  before: BookingDraft,
  rows: readonly PriceRow[],
  phone: string,
  words: ManageWords,
): FormProblem[] {
  const problems: FormProblem[] = [];
  for (const end of ["pu", "drop"] as const) {
    const e = endFields(end, 1);
    if (next[e.type] !== ADDRESS_END) continue;
    const zip = (next[e.zip] ?? "").trim();
    if (zip === "" || zip === (before[e.zip] ?? "").trim()) continue;
    const area = areaOf(next, rows, end);
    if (POSTAL_CODE.test(zip) && area.includes(zip)) continue;
    const values = { zip, end, postcodes: area.join(", "), elsewhere: words("change.zone.elsewhere", { end, phone }) };
    const listed = area.length > 0;
    const key = POSTAL_CODE.test(zip)
      ? listed
        ? "change.zone.outside"
        : "change.zone.outsideUnlisted"
      : listed
        ? "change.zone.postcode"
        : "change.zone.postcodeUnlisted";
    problems.push({ field: e.zip, message: words(key, values) });
  }
  return problems;
}
