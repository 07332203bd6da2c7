import type adminCatalogue from "../../locales/en/admin.json";

/**
 * The back office's words in a staff member's language: the `admin` catalogue, a message by its
 * key with its placeholders filled. The server makes them in the member's language
 * (app/lib/i18n.server.ts, adminWordsIn); a component makes them from the page's messages.
 */
export type AdminWords = (key: AdminWordKey, values?: Readonly<Record<string, string | number>>) => string;

/** The `admin` catalogue's keys, from its English source. */
export type AdminWordKey = Extract<keyof typeof adminCatalogue, string>;
