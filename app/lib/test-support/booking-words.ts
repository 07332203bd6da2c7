import { bookingWordsIn, mailWordsIn } from "../i18n.server";

/** The booking rules' words in English, as the specification gives them: what the rules' tests read. */
export const ENGLISH_WORDS = bookingWordsIn("en");

/** The e-mails' words in English, as the e-mails' tests read them. */
export const ENGLISH_MAIL = mailWordsIn("en");

export { mailWordsIn };
