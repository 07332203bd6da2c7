import { compileMessage } from "@lingui/message-utils/compileMessage";
import { type Catalogue } from "~/locales/catalogues";
import { type Locale, localeOfPath } from "~/domain/locales";
import type { CompiledMessages } from "~/domain/message-format";

/**
 * The catalogues, compiled by Lingui's compiler once per language at first use: the compiled form
 * (arrays of text and arguments) is what the browser receives, so it never parses ICU
 * (docs/decisions/0032).
 */
const sources = import.meta.glob<Record<string, string>>("../locales/*/*.json", { eager: true, import: "default" });

function sourceOf(locale: Locale, catalogue: Catalogue): Record<string, string> {
  const source = sources[`../locales/${locale}/${catalogue}.json`];
  if (!source) throw new Error(`The ${locale} catalogue '${catalogue}' is missing (app/locales/${locale}/${catalogue}.json).`);
  return source;
}

const compiled = new Map<string, CompiledMessages>();

function compiledCatalogue(locale: Locale, catalogue: Catalogue): CompiledMessages {
  const key = `${locale}/${catalogue}`;
  let messages = compiled.get(key);
  if (!messages) {
    messages = {};
    for (const [id, text] of Object.entries(sourceOf(locale, catalogue))) messages[`${catalogue}.${id}`] = compileMessage(text);
    compiled.set(key, messages);
  }
  return messages;
}

/** The compiled messages of some catalogues in one language: what a page hands its components. */
export function messagesOf(locale: Locale, ...catalogues: readonly Catalogue[]): CompiledMessages {
  return Object.assign({}, ...catalogues.map((c) => compiledCatalogue(locale, c))) as CompiledMessages;
}

/** The messages whose id starts with `prefix`. */
export function pickMessages(messages: CompiledMessages, prefix: string): CompiledMessages {
  return Object.fromEntries(Object.entries(messages).filter(([id]) => id.startsWith(prefix)));
}

/** A route loader's words: the catalogues it renders, in the language of the requested path. */
export function pageMessages(request: Request, ...catalogues: readonly Catalogue[]): { messages: CompiledMessages } {
  return { messages: messagesOf(localeOfPath(new URL(request.url).pathname), ...catalogues) };
}
