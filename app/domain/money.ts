/** Money is integer cents everywhere; it becomes euros only here, when shown. */

/**
 * 4000 → "40,00 €" (French euro style): thousands grouped by no-break spaces,
 * a decimal comma, a no-break space before the sign.
 *
 * Written out rather than through Intl.NumberFormat: building a French currency formatter costs a
 * phone browser about 150 ms of blocked main thread while the page hydrates (it loads locale
 * data), and the text must be the same on the server and in every browser for hydration. The unit
 * test holds it to Intl's French output.
 */
export function formatEuros(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const whole = String(Math.trunc(Math.abs(cents) / 100)).replace(/\B(?=(\d{3})+$)/g, "\u00a0");
  const hundredths = String(Math.abs(cents) % 100).padStart(2, "0");
  return `${sign}${whole},${hundredths}\u00a0€`;
}
