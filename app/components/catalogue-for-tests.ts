import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { MailWords } from "~/domain/booking/mail-words";
import type { ManageWords } from "~/domain/manage/manage-words";
import { type CompiledMessages, formatMessage } from "~/domain/message-format";
import englishEmail from "~/locales/en/email.json";
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
