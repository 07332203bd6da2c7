// @vitest-environment happy-dom
import path from "node:path";
import { cleanup, render, screen } from "@testing-library/react";
import { sql } from "drizzle-orm";
import { type AppLoadContext, createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Route } from "./+types/dashboard";
import Dashboard, { loader } from "./dashboard";
import { Words } from "~/components/i18n";
import type { BackOfficeLocale } from "~/domain/locales";
import { useEmbeddedDatabase } from "~/lib/test-support/embedded-database";
import { setLegDriver } from "~/lib/test-support/insert-bookings";
import { bookingFixtures, now, paid } from "~/lib/test-support/staff-actions";

// The dashboard ships the messages its component speaks: not the run sheet's words the server
// writes into a pickup line (a flight, a party), nor the run sheet page's own. The page, drawn
// from what it ships, shows no id.

/** The loader's data as the server gives it, before its trip to the browser. */
type LoaderData = Awaited<ReturnType<typeof loader>>["data"];

// Not a React hook: it opens the embedded database in the test file's hooks.
// eslint-disable-next-line react-hooks/rules-of-hooks
const database = useEmbeddedDatabase();
const { newBooking, addDriver } = bookingFixtures(database);

afterEach(cleanup);

beforeEach(async () => {
  await database.db.execute(sql`truncate outbox, payment_events, audit_events, bookings, drivers restart identity cascade`);
});

/** The morning before Claire Martin's pickups of 20 May 2026: they are tomorrow's. */
const THE_DAY_BEFORE = new Date("2026-05-19T08:00:00Z");

/** A member signed in who reads `locale`, without better-auth: the session is all the loader asks. */
function contextFor(locale: BackOfficeLocale): AppLoadContext {
  const session = { user: { id: "staff-1", email: "dispatch@navette.example", name: "Dispatch", role: "dispatcher", locale } };
  return {
    staff: { auth: async () => ({ api: { getSession: async () => session } }) },
    booking: { db: async () => database.db },
    // The embedded database with no backup taken: the page warns of it.
    settings: { databaseUrl: null, backup: { dir: path.join(import.meta.dirname, "no-backups-here"), hour: 3 } },
  } as unknown as AppLoadContext;
}

/** The dashboard's data as its loader gives it on THE_DAY_BEFORE. */
async function loadDashboard(locale: BackOfficeLocale): Promise<LoaderData> {
  vi.useFakeTimers({ toFake: ["Date"], now: THE_DAY_BEFORE });
  try {
    const request = new Request("https://navette.example/admin");
    const answer = await loader({ request, context: contextFor(locale), params: {} } as Route.LoaderArgs);
    return answer.data;
  } finally {
    vi.useRealTimers();
  }
}

function renderDashboard(locale: BackOfficeLocale, loaderData: LoaderData) {
  const props = { loaderData, params: {}, matches: [] } as unknown as Route.ComponentProps;
  const Stub = createRoutesStub([
    {
      path: "/admin",
      Component: () => (
        <Words locale={locale} messages={loaderData.messages}>
          <Dashboard {...props} />
        </Words>
      ),
    },
  ]);
  render(<Stub initialEntries={["/admin"]} />);
}

/** The message ids the page shows in place of a message it was not sent. */
const idsShown = () => document.body.innerHTML.match(/\badmin\.[\w.]+/g) ?? [];

/** Something in every list: a booking to confirm, tomorrow's pickups with and without a driver, one unassigned, one to refund. */
async function aBusyDay() {
  await newBooking(paid);
  const assigned = await newBooking({ ...paid, bookingStatus: "confirmed" });
  await setLegDriver(database.db, assigned.orderId, (await addDriver({ name: "Karim Benali" })).id);
  await newBooking({ ...paid, bookingStatus: "confirmed" }, "round trip");
  await newBooking({ ...paid, bookingStatus: "cancelled", cancelledAt: now });
}

describe("the dashboard's messages", () => {
  it("leave out the lines' words the server writes and the run sheet page's own", async () => {
    const ids = Object.keys((await loadDashboard("en")).messages);
    expect(ids).toContain("admin.dashboard.title");
    expect(ids).toContain("admin.sheet.column.flight");
    expect(ids.filter((id) => /^admin\.sheet\.(flight\.|adults|children|babies|print|count|none|previous|next)/.test(id))).toEqual([]);
  });

  it("draw every list, the lines' flights and parties written by the server, in English", async () => {
    await aBusyDay();
    renderDashboard("en", await loadDashboard("en"));
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
    expect(screen.getByText(/^Tomorrow, /).textContent).toMatch(/3 pickups/);
    expect(screen.getAllByText(/BA 304.*London/).length).toBeGreaterThan(0);
    expect(screen.getByText("Karim Benali")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Cancelled but paid: to refund (1)" })).toBeTruthy();
    expect(idsShown()).toEqual([]);
  });

  it("draw every list in French", async () => {
    await aBusyDay();
    renderDashboard("fr", await loadDashboard("fr"));
    expect(await screen.findByRole("heading", { level: 1, name: "Tableau de bord" })).toBeTruthy();
    expect(idsShown()).toEqual([]);
  });

  it("draw empty lists", async () => {
    renderDashboard("en", await loadDashboard("en"));
    expect(await screen.findByText("Nothing to confirm.")).toBeTruthy();
    expect(idsShown()).toEqual([]);
  });
});
