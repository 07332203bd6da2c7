import { createHash } from "node:crypto";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { type Catalogue, type CatalogueKey } from "~/locales/catalogues";
import { type BackOfficeLocale, type Locale, localeOfPath } from "~/domain/locales";
import type { AdminWords } from "~/domain/back-office/admin-words";
import type { MailWords } from "~/domain/booking/mail-words";
import type { ManageWords } from "~/domain/manage/manage-words";
import type { BookingWords } from "~/domain/booking/validation";
import { type CompiledMessages, formatMessage, type MessageValues } from "~/domain/message-format";

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

/** The messages whose id starts with one of `prefixes`. */
export function pickMessages(messages: CompiledMessages, ...prefixes: readonly string[]): CompiledMessages {
  return Object.fromEntries(Object.entries(messages).filter(([id]) => prefixes.some((prefix) => id.startsWith(prefix))));
}

/** A route loader's words: the catalogues it renders, in the language of the requested path. */
export function pageMessages(request: Request, ...catalogues: readonly Catalogue[]): { messages: CompiledMessages } {
  return { messages: messagesOf(localeOfPath(new URL(request.url).pathname), ...catalogues) };
}

/**
 * A catalogue's words in `locale`, for what the server says in a sentence of its own (a refusal,
 * an e-mail): the message of a key without the catalogue's name, its placeholders filled.
 */
export function wordsIn<C extends Catalogue>(locale: Locale, catalogue: C): (key: CatalogueKey<C>, values?: MessageValues) => string {
  const messages = compiledCatalogue(locale, catalogue);
  return (key, values = {}) => {
    const message = messages[`${catalogue}.${key}`];
    return message ? formatMessage(message, values, locale) : key;
  };
}

const mailWords = new Map<Locale, MailWords>();

/** The e-mails' words in `locale`: what a booking's messages, voucher and calendar file say (MailWords). */
export function mailWordsIn(locale: Locale): MailWords {
  let words = mailWords.get(locale);
  if (!words) mailWords.set(locale, (words = { locale, t: wordsIn(locale, "email") }));
  return words;
}

/** The traveller's pages' words in `locale` (ManageWords): what the server writes on them and in their refusals. */
export function manageWordsIn(locale: Locale): ManageWords {
  return wordsIn(locale, "manage");
}

/** The back office's words in a staff member's language (AdminWords): its refusals and notices. */
export function adminWordsIn(locale: BackOfficeLocale): AdminWords {
  return wordsIn(locale, "admin");
}

/** A back-office page's messages in the member's language: the `admin` groups it renders. */
export function adminMessages(locale: BackOfficeLocale, ...groups: readonly string[]): CompiledMessages {
  return pickMessages(compiledCatalogue(locale, "admin"), ...groups.map((group) => `admin.${group}`));
}

/**
 * A back-office page's messages less the groups within them that only its server words (its
 * refusals, its notices, its form's problems): the page carries them in its HTML for nothing.
 */
export function adminMessagesExcept(locale: BackOfficeLocale, groups: readonly string[], serverOnly: readonly string[]): CompiledMessages {
  const all = adminMessages(locale, ...groups);
  return Object.fromEntries(Object.entries(all).filter(([id]) => !serverOnly.some((group) => id.startsWith(`admin.${group}`))));
}

/**
 * The booking catalogue in `locale` as the booking rules' words: what the server says when it
 * refuses a posted booking or a change, in the language of the page that posted it.
 */
export function bookingWordsIn(locale: Locale): BookingWords {
  return wordsIn(locale, "booking");
}

/** The booking catalogue's groups only the form's rules speak: loaded with the rules, not with the page. */
const RULE_GROUPS = ["rule.", "label.", "prefix.", "phone.", "capacity."].map((group) => `booking.${group}`);

function isRuleMessage(id: string): boolean {
  return RULE_GROUPS.some((group) => id.startsWith(group));
}

/** The booking form's page words in `locale`: the catalogue less the rules' messages and the endpoint's page. */
export function bookingPageMessages(locale: Locale): CompiledMessages {
  const all = compiledCatalogue(locale, "booking");
  return Object.fromEntries(Object.entries(all).filter(([id]) => !isRuleMessage(id) && !id.startsWith("booking.post.")));
}

const ruleMessages = new Map<Locale, { messages: CompiledMessages; version: string }>();

/**
 * The booking rules' messages in `locale`, which the form fetches with its rules, and their
 * version: a digest of the messages, so that their address changes with them and can be cached.
 */
export function bookingRuleMessages(locale: Locale): { messages: CompiledMessages; version: string } {
  let found = ruleMessages.get(locale);
  if (!found) {
    const messages = Object.fromEntries(Object.entries(compiledCatalogue(locale, "booking")).filter(([id]) => isRuleMessage(id)));
    found = { messages, version: createHash("sha256").update(JSON.stringify(messages)).digest("hex").slice(0, 12) };
    ruleMessages.set(locale, found);
  }
  return found;
}
