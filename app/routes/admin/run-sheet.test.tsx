// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Route } from "./+types/run-sheet";
import RunSheet, { loader } from "./run-sheet";
import { messageIdsShown, renderWithMessages, routeTestDatabase, signedInContext } from "./route-test-support";
import type { BackOfficeLocale } from "~/domain/locales";
import type { CompiledMessages } from "~/domain/message-format";
import { bookingFixtures, paid } from "~/lib/test-support/staff-actions";

// The run sheet ships the messages its component speaks and none of those the server writes into
// its lines (a flight, a party) or its refusal: the page, drawn from what it ships, shows no id.

/** The loader's data as the server gives it, before its trip to the browser. */
type LoaderData = Awaited<ReturnType<typeof loader>>["data"];

const database = routeTestDatabase();
const { newBooking, addDriver } = bookingFixtures(database);

async function loadSheet(locale: BackOfficeLocale, date: string): Promise<LoaderData> {
  const request = new Request(`https://navette.example/admin/run-sheet?date=${date}`);
  const answer = await loader({ request, context: signedInContext(database.db, locale), params: {} } as Route.LoaderArgs);
  return answer.data;
}

function renderSheet(locale: BackOfficeLocale, loaderData: LoaderData) {
  const props = { loaderData, params: {}, matches: [] } as unknown as Route.ComponentProps;
  renderWithMessages(locale, "/admin/run-sheet", loaderData.messages, <RunSheet {...props} />);
}

const idsOf = (messages: CompiledMessages) => Object.keys(messages);

/** 20 May 2026: Claire Martin's flight from London lands at Orly, and her round trip's outbound is picked up. */
async function aDayOfPickups() {
  await newBooking({ ...paid, bookingStatus: "confirmed" });
  await newBooking({ ...paid, bookingStatus: "confirmed" }, "round trip");
  await addDriver({ name: "Karim Benali" });
}

describe("the run sheet's messages", () => {
  it("leave out the words the server writes into a line and its refusal of a date", async () => {
    await aDayOfPickups();
    const ids = idsOf((await loadSheet("en", "2026-05-20")).messages);
    expect(ids).toContain("admin.sheet.column.flight");
    expect(ids).toContain("admin.day.label");
    expect(ids.filter((id) => /^admin\.(sheet\.(flight\.|adults|children|babies)|day\.invalid)/.test(id))).toEqual([]);
  });

  it("draw a day's pickups, their flights and parties written by the server, in English", async () => {
    await aDayOfPickups();
    renderSheet("en", await loadSheet("en", "2026-05-20"));
    expect(await screen.findByRole("heading", { level: 1, name: "Run sheet, Wednesday 20 May 2026" })).toBeTruthy();
    expect(screen.getAllByText(/BA 304.*London/).length).toBeGreaterThan(0);
    expect(screen.getAllByText("1 adult").length).toBeGreaterThan(0);
    expect(messageIdsShown()).toEqual([]);
  });

  it("draw a day's pickups in French", async () => {
    await aDayOfPickups();
    renderSheet("fr", await loadSheet("fr", "2026-05-20"));
    expect(await screen.findByRole("heading", { level: 1, name: /^Feuille de route/ })).toBeTruthy();
    expect(screen.getAllByText("1 adulte").length).toBeGreaterThan(0);
    expect(messageIdsShown()).toEqual([]);
  });

  it("draw a day with no pickup", async () => {
    renderSheet("en", await loadSheet("en", "2026-05-21"));
    expect(await screen.findByText("No pickup on this day.")).toBeTruthy();
    expect(messageIdsShown()).toEqual([]);
  });

  it("draw the refusal of a date that is no day, its message written by the server", async () => {
    renderSheet("fr", await loadSheet("fr", "2026-02-30"));
    expect((await screen.findByRole("alert")).textContent).toMatch(/aaaa-mm-jj|2026-03-29/);
    expect(screen.getByRole("button")).toBeTruthy();
    expect(messageIdsShown()).toEqual([]);
  });
});
