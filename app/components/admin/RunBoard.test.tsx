// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { compiledCatalogue } from "~/components/catalogue-for-tests";
import { Words } from "~/components/i18n";
import type { PickupLine } from "~/domain/back-office/run-sheet";
import type { BackOfficeLocale } from "~/domain/locales";
import { dayBoard, type ShuttleLeg } from "~/domain/runs/day-runs";
import { party, VAN } from "~/domain/runs/run-parties.fixture";
import englishAdmin from "~/locales/en/admin.json";
import frenchAdmin from "~/locales/fr/admin.json";
import { RunBoard } from "./RunBoard";

afterEach(cleanup);

// A day with one run of two parties landing at CDG (one with a cabin bag: half a unit), and a
// third party in no run yet.

function shuttleLeg(legKey: string, minutes: number, suitcases: number): ShuttleLeg {
  const line = { key: legKey, orderId: legKey.slice(0, 9), leg: 1, roundTrip: false, flight: "BA304" } as PickupLine;
  return { line, party: party(legKey, minutes, 2, suitcases), flightNumber: "BA304", flightTime: "10:00", durationMinutes: 60 };
}

const legs = [shuttleLeg("NV-AAA222-1", 0, 2), shuttleLeg("NV-BBB222-1", 10, 1.5), shuttleLeg("NV-CCC222-1", 20, 1)];
const board = dayBoard(
  [
    {
      id: 3,
      airport: "CDG",
      direction: "arrival",
      locked: true,
      capacity: VAN,
      vehicleId: 1,
      driverId: null,
      dispatchedAt: null,
      legKeys: ["NV-AAA222-1", "NV-BBB222-1"],
    },
  ],
  legs,
  30,
);
const vehicles = [{ id: 1, name: "Volkswagen Caravelle", seats: 8, suitcases: 8, active: true }];

const MESSAGES = { en: compiledCatalogue("admin", englishAdmin), fr: compiledCatalogue("admin", frenchAdmin) };

function renderBoard(locale: BackOfficeLocale) {
  const Stub = createRoutesStub([
    {
      path: "/admin/runs",
      Component: () => (
        <Words locale={locale} messages={MESSAGES[locale]}>
          <RunBoard day="2026-07-14" board={board} vehicles={vehicles} drivers={[]} steps={{}} trackers={false} />
        </Words>
      ),
    },
  ]);
  render(<Stub initialEntries={["/admin/runs"]} />);
}

describe("RunBoard", () => {
  it("shows a run's time, load and assignment in English", async () => {
    renderBoard("en");
    const heading = await screen.findByRole("heading", { level: 3 });
    expect(heading.textContent).toBe("Run #3: leaves the airport 10:10Locked");
    expect(screen.getByRole("heading", { level: 2, name: "CDG arrivals" })).toBeTruthy();
    expect(screen.getByText(/^4 of 8 seats/).textContent).toBe(
      "4 of 8 seats, 3.5 of 8 suitcases; longest wait 10 min. Vehicle: Volkswagen Caravelle. Driver: None yet.",
    );
    expect(screen.getByRole("button", { name: "Unlock run #3" })).toBeTruthy();
  });

  it("shows them in French to a member who reads French", async () => {
    renderBoard("fr");
    const heading = await screen.findByRole("heading", { level: 3 });
    expect(heading.textContent).toBe("Tournée n°\u00a03\u00a0: départ de l’aéroport à 10:10Verrouillée");
    expect(screen.getByRole("heading", { level: 2, name: "Arrivées CDG" })).toBeTruthy();
    expect(screen.getByText(/^4 places/).textContent).toBe(
      "4 places occupées sur 8, 3,5 valises sur 8\u00a0; attente la plus longue\u00a0: 10 min. Véhicule\u00a0: Volkswagen Caravelle. Chauffeur\u00a0: aucun pour l’instant.",
    );
    expect(screen.getByRole("button", { name: "Déverrouiller la tournée n°\u00a03" })).toBeTruthy();
  });

  it("lists the pickups in no run under their own heading, in French", async () => {
    renderBoard("fr");
    expect(await screen.findByRole("heading", { level: 2, name: "Hors tournée" })).toBeTruthy();
    expect(screen.getByRole("table", { name: "Prises en charge navette hors tournée" })).toBeTruthy();
    expect(screen.getByLabelText("Déplacer NV-CCC222 vers")).toBeTruthy();
  });
});
