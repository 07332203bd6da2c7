/**
 * "1234567" → "1,234,567" with `separator` between groups of three digits, from the right. Written
 * out rather than through Intl: the server's ICU and a browser's differ in some languages' spaces
 * (French's narrow no-break space), and a page's text must be the same on both for hydration.
 */
export function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, separator);
}
