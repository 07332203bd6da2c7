import { bookingWordsIn } from "../i18n.server";

/** The booking rules' words in English, as the specification gives them: what the rules' tests read. */
export const ENGLISH_WORDS = bookingWordsIn("en");
