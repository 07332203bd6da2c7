import type manageCatalogue from "../../locales/en/manage.json";

/**
 * The traveller's pages' words in one language: the `manage` catalogue (the booking's page, its
 * cancellation, the voucher, 'Lost your link?'), a message by its key with its placeholders
 * filled. The server makes them in the page's language (app/lib/i18n.server.ts, manageWordsIn);
 * a component makes them from the page's messages (app/components/manage/use-manage-words.ts).
 */
export type ManageWords = (key: ManageWordKey, values?: Readonly<Record<string, string | number>>) => string;

/** The `manage` catalogue's keys, from its English source. */
export type ManageWordKey = Extract<keyof typeof manageCatalogue, string>;
