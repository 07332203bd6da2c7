import { setupI18n } from "@lingui/core";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./locales";
import { formatMessage, pluralCategory } from "./message-format";

function format(source: string, values: Record<string, unknown>, locale = "en"): string {
  return formatMessage(compileMessageOrThrow(source), values, locale);
}

/** What Lingui's own runtime writes for the same compiled message. */
function lingui(source: string, values: Record<string, unknown>, locale: string): string {
  const i18n = setupI18n({ locale, messages: { [locale]: { m: compileMessageOrThrow(source) } } });
  return i18n._("m", values);
}

describe("formatMessage", () => {
  it.each([
    ["Hello {name}", { name: "Ann" }, "Hello Ann"],
    ["No value: {missing}.", {}, "No value: ."],
    ["{count, plural, one {# passenger} other {# passengers}}", { count: 1 }, "1 passenger"],
    ["{count, plural, one {# passenger} other {# passengers}}", { count: 4 }, "4 passengers"],
    ["{count, plural, =0 {nobody} one {# passenger} other {# passengers}}", { count: 0 }, "nobody"],
    ["{kind, select, shuttle {the shuttle} other {your car}}", { kind: "shuttle" }, "the shuttle"],
    ["{kind, select, shuttle {the shuttle} other {your car}}", { kind: "van" }, "your car"],
    ["It's <0>{n}</0> # left", { n: 2 }, "It's <0>2</0> # left"],
  ])("%s with %j reads %s", (source, values, text) => {
    expect(format(source, values)).toBe(text);
  });

  it("chooses each language's plural form", () => {
    const source = "{n, plural, one {# bagage} other {# bagages}}";
    expect(format(source, { n: 0 }, "fr")).toBe("0 bagage");
    expect(format(source, { n: 0 }, "en")).toBe("0 bagages");
  });

  it("writes what Lingui's runtime writes, in every language", () => {
    const word = fc.stringMatching(/^[a-zà-ÿ ,.]{0,8}$/);
    const arg = fc.constantFrom("a", "b");
    const plural = fc
      .tuple(arg, word, word, word)
      .map(([name, one, other, zero]) => `{${name}, plural, =0 {${zero}} one {${one} #} other {# ${other}}}`);
    const select = fc.tuple(arg, word, word).map(([name, x, other]) => `{${name}, select, x {${x}} other {${other}}}`);
    const piece = fc.oneof(
      word,
      arg.map((name) => `{${name}}`),
      plural,
      select,
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 5 }).map((pieces) => pieces.join("")),
        fc.constantFrom(...LOCALES),
        fc.record({ a: fc.oneof(fc.integer({ min: 0, max: 999 }), fc.constantFrom("x", "y")), b: fc.integer({ min: 0, max: 999 }) }),
        (source, locale, values) => {
          expect(format(source, values, locale)).toBe(lingui(source, values, locale));
        },
      ),
    );
  });
});

describe("a whole number's plural category", () => {
  it.each(LOCALES)("in %s is Intl's", (locale) => {
    const intl = new Intl.PluralRules(locale);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -20, max: 20 }),
          fc.integer(),
          fc.integer({ min: 0, max: 9 }).map((k) => k * 1_000_000),
        ),
        (n) => {
          expect(pluralCategory(locale, n)).toBe(intl.select(n));
        },
      ),
    );
  });

  it("of a fraction is Intl's", () => {
    expect(pluralCategory("fr", 1.5)).toBe(new Intl.PluralRules("fr").select(1.5));
  });
});
