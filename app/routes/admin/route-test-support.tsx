import { cleanup, render } from "@testing-library/react";
import { sql } from "drizzle-orm";
import type { ReactElement } from "react";
import { type AppLoadContext, createRoutesStub } from "react-router";
import { afterEach, beforeEach } from "vitest";
import { Words } from "~/components/i18n";
import type { CompiledMessages } from "~/domain/message-format";
import type { BackOfficeLocale } from "~/domain/locales";
import type { Db } from "~/lib/db.server";
import { useEmbeddedDatabase } from "~/lib/test-support/embedded-database";

// What the back-office route tests share: an embedded database emptied before each test, a
// loader's context for a member signed in, and the page drawn from the messages its loader
// shipped, as the browser would draw it.

/** The test file's embedded database, its bookings, drivers and their traces emptied before each test; the page drawn is removed after it. */
export function routeTestDatabase(): ReturnType<typeof useEmbeddedDatabase> {
  // Not a React hook: it opens the embedded database in the test file's hooks.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  const database = useEmbeddedDatabase();
  afterEach(cleanup);
  beforeEach(async () => {
    await database.db.execute(sql`truncate outbox, payment_events, audit_events, bookings, drivers restart identity cascade`);
  });
  return database;
}

/**
 * The load context of a member signed in who reads `locale`, without better-auth: the session is
 * all requireStaff asks. `booking` and `more` add what the page's loader reads besides the database.
 */
export function signedInContext(
  db: Db,
  locale: BackOfficeLocale,
  more: { booking?: Record<string, unknown>; settings?: Record<string, unknown> } = {},
): AppLoadContext {
  const session = { user: { id: "staff-1", email: "dispatch@navette.example", name: "Dispatch", role: "dispatcher", locale } };
  return {
    staff: { auth: async () => ({ api: { getSession: async () => session } }) },
    booking: { db: async () => db, ...more.booking },
    ...(more.settings ? { settings: more.settings } : {}),
  } as unknown as AppLoadContext;
}

/** Draws `page` at `path` with only `messages`, in `locale`. */
export function renderWithMessages(locale: BackOfficeLocale, path: string, messages: CompiledMessages, page: ReactElement): void {
  const Stub = createRoutesStub([
    {
      path,
      Component: () => (
        <Words locale={locale} messages={messages}>
          {page}
        </Words>
      ),
    },
  ]);
  render(<Stub initialEntries={[path]} />);
}

/** The message ids the page shows in place of a message it was not sent. */
export const messageIdsShown = (): string[] => document.body.innerHTML.match(/\badmin\.[\w.]+/g) ?? [];
