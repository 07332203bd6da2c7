import { readdirSync, readFileSync } from "node:fs";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, LOCALES } from "~/domain/locales";
import { CATALOGUES, languagesOf } from "./catalogues";

// The catalogue check: every language has every message of the English source, no other, and
// each message keeps the source's placeholders and markup, so no page shows an id or loses a value.

type CompiledMessage = ReturnType<typeof compileMessageOrThrow>;

function read(locale: string, catalogue: string): Record<string, string> {
  return JSON.parse(readFileSync(new URL(`./${locale}/${catalogue}.json`, import.meta.url), "utf8")) as Record<string, string>;
}

/** The placeholders a message fills (plural and select arguments included) and its numbered tags. */
function shapeOf(message: string): { placeholders: string[]; tags: string[] } {
  const placeholders = new Set<string>();
  const tags: string[] = [];
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === "string") {
        tags.push(...[...token.matchAll(/<\/?\d+\/?>/g)].map((m) => m[0]));
        continue;
      }
      const [name, kind, branches] = token;
      // The browser's reader of compiled messages knows these three (app/domain/message-format.ts).
      expect([undefined, "plural", "select"], `the kind of {${name}} in "${message}"`).toContain(kind);
      placeholders.add(String(name));
      if (branches && typeof branches === "object") {
        for (const [key, branch] of Object.entries(branches)) if (key !== "offset" && Array.isArray(branch)) walk(branch);
      }
    }
  };
  walk(compileMessageOrThrow(message));
  return { placeholders: [...placeholders].sort(), tags: tags.sort() };
}

describe("the catalogues", () => {
  it("are the JSON files of the English folder", () => {
    const files = readdirSync(new URL(`./${DEFAULT_LOCALE}/`, import.meta.url)).filter((f) => f.endsWith(".json"));
    expect(files.map((f) => f.replace(/\.json$/, "")).sort()).toEqual([...CATALOGUES].sort());
  });

  it("are each in every language of the site, the back office's in its two languages only", () => {
    for (const locale of LOCALES) {
      const files = readdirSync(new URL(`./${locale}/`, import.meta.url)).filter((f) => f.endsWith(".json"));
      const expected = CATALOGUES.filter((c) => languagesOf(c).includes(locale));
      expect(files.map((f) => f.replace(/\.json$/, "")).sort(), locale).toEqual([...expected].sort());
    }
  });

  describe.each(CATALOGUES)("%s", (catalogue) => {
    const source = read(DEFAULT_LOCALE, catalogue);

    it.each(languagesOf(catalogue))("has every message, and no other, in %s", (locale) => {
      expect(Object.keys(read(locale, catalogue))).toEqual(Object.keys(source));
    });

    it.each(languagesOf(catalogue))("keeps each message's placeholders and markup in %s", (locale) => {
      const translated = read(locale, catalogue);
      for (const [key, text] of Object.entries(source)) {
        const message = translated[key];
        expect(message?.trim(), `${locale} ${catalogue}.${key} is empty`).toBeTruthy();
        expect(shapeOf(message!), `${locale} ${catalogue}.${key}`).toEqual(shapeOf(text));
      }
    });
  });
});
