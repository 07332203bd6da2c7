/**
 * Writes out a message of the catalogues as Lingui's compiler compiles it (app/lib/i18n.server.ts):
 * text, `{name}` placeholders, and `plural` and `select` choices. The compiler runs on the server
 * only; this is all a browser needs to read its result, a fraction of Lingui's own runtime
 * (docs/decisions/0032-six-languages.md). message-format.test.ts holds it to Lingui's output.
 */

/** One piece of a compiled message: text, or an argument with its kind and choices. */
export type CompiledToken = string | [name: string, kind?: string, choices?: unknown];
export type CompiledMessage = CompiledToken[];
export type CompiledMessages = Record<string, CompiledMessage>;

export type MessageValues = Record<string, unknown>;

const pluralRules = new Map<string, Intl.PluralRules>();

/** The languages whose whole numbers take "many" by the million. */
const MANY_BY_MILLIONS = ["fr", "es", "it"];

/**
 * A whole number's plural category in one of the site's languages, by the CLDR's rules for whole
 * numbers: no Intl.PluralRules is built, which costs a phone 5–12 ms while a page hydrates
 * (docs/decisions/0011). message-format.test.ts holds it to Intl's answer.
 */
function wholeNumberCategory(language: string, n: number): string | undefined {
  if (!["en", "de", "nl", ...MANY_BY_MILLIONS].includes(language)) return undefined;
  const abs = Math.abs(n);
  if (abs === 1 || (abs === 0 && language === "fr")) return "one";
  return abs !== 0 && abs % 1_000_000 === 0 && MANY_BY_MILLIONS.includes(language) ? "many" : "other";
}

export function pluralCategory(locale: string, n: number): string {
  const whole = Number.isSafeInteger(n) ? wholeNumberCategory(locale, n) : undefined;
  if (whole) return whole;
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(n);
}

function isChoices(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function branch(choices: Record<string, unknown>, key: string): CompiledMessage | undefined {
  const chosen = choices[key];
  return Array.isArray(chosen) ? (chosen as CompiledMessage) : undefined;
}

function write(tokens: CompiledMessage, values: MessageValues, locale: string, count: string | undefined): string {
  let text = "";
  for (const token of tokens) {
    if (typeof token === "string") {
      // `#` directly inside a plural's branch is its number, written as a plain integer (a count of people or bags).
      text += token === "#" && count !== undefined ? count : token;
      continue;
    }
    const [name, kind, choices] = token;
    const value = values[name];
    if ((kind === "plural" || kind === "select") && isChoices(choices)) {
      if (kind === "select") {
        const chosen = branch(choices, String(value)) ?? branch(choices, "other") ?? [];
        text += write(chosen, values, locale, undefined);
        continue;
      }
      const offset = typeof choices.offset === "number" ? choices.offset : 0;
      const n = Number(value) - offset;
      const chosen = branch(choices, String(value)) ?? branch(choices, pluralCategory(locale, n)) ?? branch(choices, "other") ?? [];
      text += write(chosen, values, locale, String(n));
      continue;
    }
    text += value === undefined || value === null ? "" : String(value);
  }
  return text;
}

/** The message in `locale` with its placeholders filled from `values`. */
export function formatMessage(message: CompiledMessage, values: MessageValues, locale: string): string {
  return write(message, values, locale, undefined);
}
