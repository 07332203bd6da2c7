// @vitest-environment happy-dom
import path from "node:path";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Route } from "./+types/dashboard";
import Dashboard, { loader } from "./dashboard";
import { messageIdsShown, renderWithMessages, routeTestDatabase, signedInContext } from "./route-test-support";
import type { BackOfficeLocale } from "~/domain/locales";
import { setLegDriver } from "~/lib/test-support/insert-bookings";
import { bookingFixtures, now, paid } from "~/lib/test-support/staff-actions";

// The dashboard ships the messages its component speaks: not the run sheet's words the server
// writes into a pickup line (a flight, a party), nor the run sheet page's own. The page, drawn
// from what it ships, shows no id.

/** The loader's data as the server gives it, before its trip to the browser. */
type LoaderData = Awaited<ReturnType<typeof loader>>["data"];

const database = routeTestDatabase();
const { newBooking, addDriver } = bookingFixtures(database);

/** The morning before Claire Martin's pickups of 20 May 2026: they are tomorrow's. */
const THE_DAY_BEFORE = new Date("2026-05-19T08:00:00Z");

/** A member signed in who reads `locale`, on the embedded database with no backup taken: the page warns of it. */
const contextFor = (locale: BackOfficeLocale) =>
  signedInContext(database.db, locale, {
    settings: { databaseUrl: null, backup: { dir: path.join(import.meta.dirname, "no-backups-here"), hour: 3 } },
  });

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
  renderWithMessages(locale, "/admin", loaderData.messages, <Dashboard {...props} />);
}

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
    expect(messageIdsShown()).toEqual([]);
  });

  it("draw every list in French", async () => {
    await aBusyDay();
    renderDashboard("fr", await loadDashboard("fr"));
    expect(await screen.findByRole("heading", { level: 1, name: "Tableau de bord" })).toBeTruthy();
    expect(messageIdsShown()).toEqual([]);
  });

  it("draw empty lists", async () => {
    renderDashboard("en", await loadDashboard("en"));
    expect(await screen.findByText("Nothing to confirm.")).toBeTruthy();
    expect(messageIdsShown()).toEqual([]);
  });
});
