import type emailCatalogue from "../../locales/en/email.json";
import type { Locale } from "../locales";

/**
 * A booking's words in one language: the `email` catalogue, which the traveller's e-mails share
 * with the voucher, the calendar file and the booking's pages, put into words in `locale` (whose
 * style its prices take). The server makes them (app/lib/i18n.server.ts, mailWordsIn); the
 * builders here take them, so that a booking's messages speak its language
 * (docs/decisions/0032-six-languages.md).
 */
export interface MailWords {
  locale: Locale;
  t(key: MailWordKey, values?: Readonly<Record<string, string | number>>): string;
}

/** The `email` catalogue's keys, from its English source. */
export type MailWordKey = Extract<keyof typeof emailCatalogue, string>;
