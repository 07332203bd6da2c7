import { adminWordsIn } from "../i18n.server";

/** The back office's words in English or French, as the staff pages' and forms' tests read them. */
export { adminWordsIn };
