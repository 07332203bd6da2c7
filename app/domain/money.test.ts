import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Locale, LOCALES } from "./locales";
import { formatEuros } from "./money";

describe("formatEuros", () => {
  it.each([
    [0, "0,00\u00a0€"],
    [4000, "40,00\u00a0€"],
    [11500, "115,00\u00a0€"],
    [1, "0,01\u00a0€"],
    [123456, "1\u00a0234,56\u00a0€"],
    [100_000_000, "1\u00a0000\u00a0000,00\u00a0€"],
    [-4050, "-40,50\u00a0€"],
  ])("%i cents reads %s", (cents, text) => {
    expect(formatEuros(cents)).toBe(text);
  });

  it("refuses anything but whole cents", () => {
    expect(() => formatEuros(1.5)).toThrow(RangeError);
    expect(() => formatEuros(Number.NaN)).toThrow(RangeError);
  });

  it("always shows two decimals and reads back to the same cents", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const text = formatEuros(cents);
        expect(text).toMatch(/^[\d\u00a0]+,\d{2}\u00a0€$/);
        const back = Math.round(Number(text.replace(/[\u00a0€]/g, "").replace(",", ".")) * 100);
        expect(back).toBe(cents);
      }),
    );
  });

  it("reads exactly as Intl's French euro format, with plain no-break spaces", () => {
    const intl = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" });
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (cents) => {
        expect(formatEuros(cents)).toBe(intl.format(cents / 100).replace(/[\u202f\u00a0]/g, "\u00a0"));
      }),
    );
  });

  it.each([
    ["es", 123456, "1234,56\u00a0€"],
    ["es", 1234567, "12.345,67\u00a0€"],
    ["de", 123456, "1.234,56\u00a0€"],
    ["nl", 1250, "€\u00a012,50"],
    ["nl", -4050, "€\u00a0-40,50"],
    ["fr", 1250, "12,50\u00a0€"],
  ] as const)("in %s, %i cents reads %s", (locale, cents, text) => {
    expect(formatEuros(cents, locale)).toBe(text);
  });

  const REGION: Readonly<Record<Locale, string>> = { en: "fr-FR", fr: "fr-FR", es: "es-ES", it: "it-IT", de: "de-DE", nl: "nl-NL" };

  it.each(LOCALES)("reads in %s exactly as Intl's euro format of its country, with plain no-break spaces", (locale) => {
    const intl = new Intl.NumberFormat(REGION[locale], { style: "currency", currency: "EUR" });
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (cents) => {
        expect(formatEuros(cents, locale)).toBe(intl.format(cents / 100).replace(/[\u202f\u00a0]/g, "\u00a0"));
      }),
    );
  });
});
