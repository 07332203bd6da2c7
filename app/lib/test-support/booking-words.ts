import { bookingWordsIn, mailWordsIn, manageWordsIn } from "../i18n.server";

/** The booking rules' words in English, as the specification gives them: what the rules' tests read. */
export const ENGLISH_WORDS = bookingWordsIn("en");

/** The e-mails' words in English, as the e-mails' tests read them. */
export const ENGLISH_MAIL = mailWordsIn("en");

/** The traveller's pages' words in English, as the pages' and the cancellation's tests read them. */
export const ENGLISH_MANAGE = manageWordsIn("en");

export { mailWordsIn, manageWordsIn };
