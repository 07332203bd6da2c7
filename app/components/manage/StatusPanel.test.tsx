// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { driverTitle, type ShownDriver } from "~/domain/manage/leg-drivers";
import englishManage from "~/locales/en/manage.json";
import { compiledCatalogue, englishManageWords } from "../catalogue-for-tests";
import { Words } from "../i18n";
import type { ManageView } from "./booking-view";
import { StatusPanel } from "./StatusPanel";

afterEach(cleanup);

const assigned = (drivers: ShownDriver[]): ManageView["status"] => ({
  code: "driver_assigned",
  title: "Driver assigned",
  lines: ["Your booking is confirmed."],
  drivers: drivers.map((driver) => ({ ...driver, title: driverTitle(driver, englishManageWords()) })),
});

const MESSAGES = compiledCatalogue("manage", englishManage);

/** The panel as the page renders it, with the page's English words. */
function renderPanel(status: ManageView["status"]) {
  render(
    <Words locale="en" messages={MESSAGES}>
      <StatusPanel status={status} />
    </Words>,
  );
}

/** The panel's driver lines, as read. */
const driverLines = () => [...document.querySelectorAll(".manage-driver")].map((p) => p.textContent);

describe("StatusPanel", () => {
  it("heads the state with its label in the page's words", () => {
    renderPanel(assigned([]));
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Status: Driver assigned");
  });

  it("shows the one driver of every leg as 'Your driver', with a phone link", () => {
    renderPanel(assigned([{ name: "Karim Benali", phone: "+33 6 98 76 54 32", leg: null }]));
    expect(driverLines()).toEqual(["Your driver: Karim Benali, +33 6 98 76 54 32"]);
    expect(screen.getByRole("link", { name: "+33 6 98 76 54 32" }).getAttribute("href")).toBe("tel:+33698765432");
  });

  it("shows each leg's driver of a round trip driven by two on a line of its own", () => {
    renderPanel(
      assigned([
        { name: "Jean Dupont", phone: "+33 6 11 22 33 44", leg: "outbound" },
        { name: "Marc Petit", phone: "+33 6 55 66 77 88", leg: "return" },
      ]),
    );
    expect(driverLines()).toEqual([
      "Your driver for the outbound: Jean Dupont, +33 6 11 22 33 44",
      "Your driver for the return: Marc Petit, +33 6 55 66 77 88",
    ]);
  });
});
