/** Money is integer cents everywhere; it becomes euros only here, when shown. */

const euro = new Intl.NumberFormat("fr-FR", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 4000 → "40,00 €" (French euro style, specification 9.1). */
export function formatEuros(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  // Intl uses narrow no-break spaces; plain no-break spaces read the same and copy better.
  return euro.format(cents / 100).replace(/\u202f/g, "\u00a0");
}
