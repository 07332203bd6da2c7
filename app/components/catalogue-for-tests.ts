import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { AdminWords } from "~/domain/back-office/admin-words";
import type { MailWords } from "~/domain/booking/mail-words";
import type { ManageWords } from "~/domain/manage/manage-words";
import { type CompiledMessages, formatMessage } from "~/domain/message-format";
import englishAdmin from "~/locales/en/admin.json";
import englishEmail from "~/locales/en/email.json";
import frenchAdmin from "~/locales/fr/admin.json";
import englishManage from "~/locales/en/manage.json";

/** A catalogue's source compiled as the server hands it to a page, for a component's tests. */
export function compiledCatalogue(name: string, source: Readonly<Record<string, string>>): CompiledMessages {
  return Object.fromEntries(Object.entries(source).map(([key, text]) => [`${name}.${key}`, compileMessageOrThrow(text)]));
}

/** The e-mails' words in English, as the server makes them, for a component's tests. */
export function englishMailWords(): MailWords {
  const messages = compiledCatalogue("email", englishEmail);
  return { locale: "en", t: (key, values = {}) => formatMessage(messages[`email.${key}`] ?? [key], values, "en") };
}

/** The traveller's pages' words in English, as the server makes them, for a component's or a browser test's expectations. */
export function englishManageWords(): ManageWords {
  const messages = compiledCatalogue("manage", englishManage);
  return (key, values = {}) => formatMessage(messages[`manage.${key}`] ?? [key], values, "en");
}

/** The back office's words in English or French, as the server makes them, for a test's expectations. */
export function adminWordsIn(locale: "en" | "fr"): AdminWords {
  const messages = compiledCatalogue("admin", locale === "fr" ? frenchAdmin : englishAdmin);
  return (key, values = {}) => formatMessage(messages[`admin.${key}`] ?? [key], values, locale);
}
