// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { enhanceTabs } from "../../../public/js/price-pages.js";
import { type TabItem, Tabs } from "./Tabs";

afterEach(cleanup);

const ITEMS: readonly TabItem[] = [
  { id: "cdg", label: "Charles de Gaulle", href: "/hotels?airport=CDG", panel: <p>CDG hotels</p> },
  { id: "ory", label: "Orly", href: "/hotels?airport=ORY", panel: <p>Orly hotels</p> },
  { id: "bva", label: "Beauvais", href: "/hotels?airport=BVA", panel: <p>Beauvais hotels</p> },
];

/** The server's markup, then the page script's tabs on it. */
function renderEnhanced(selected = "cdg") {
  const { container } = render(<Tabs label="Airports" idPrefix="airports" items={ITEMS} selected={selected} />);
  enhanceTabs(document, container.querySelector("[data-tabs]")!);
}

const tab = (name: string) => screen.getByRole("tab", { name });

/** The one selected tab, the tab stop, and the one visible panel all agree on `name`. */
function expectSelected(name: string) {
  const tabs = screen.getAllByRole("tab");
  expect(tabs.filter((t) => t.getAttribute("aria-selected") === "true")).toEqual([tab(name)]);
  expect(tabs.filter((t) => t.tabIndex === 0)).toEqual([tab(name)]);
  for (const t of tabs) if (t !== tab(name)) expect(t.tabIndex).toBe(-1);
  // Hidden panels are out of the accessibility tree: only the shown one is found.
  expect(screen.getByRole("tabpanel", { name })).toBeTruthy();
  expect(screen.getAllByRole("tabpanel")).toHaveLength(1);
}

describe("Tabs without JavaScript", () => {
  it("renders a labelled list of links to each tab's address, the selected one current", () => {
    render(<Tabs label="Airports" idPrefix="airports" items={ITEMS} selected="ory" />);
    expect(screen.getByRole("list", { name: "Airports" })).toBeTruthy();
    expect(screen.getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href"), a.getAttribute("aria-current")])).toEqual([
      ["Charles de Gaulle", "/hotels?airport=CDG", null],
      ["Orly", "/hotels?airport=ORY", "page"],
      ["Beauvais", "/hotels?airport=BVA", null],
    ]);
    expect(screen.queryAllByRole("tab")).toHaveLength(0);
  });

  it("shows the selected tab's panel and hides the others", () => {
    render(<Tabs label="Airports" idPrefix="airports" items={ITEMS} selected="ory" />);
    expect(screen.getByText("Orly hotels").parentElement).toHaveProperty("hidden", false);
    expect(screen.getByText("CDG hotels").parentElement).toHaveProperty("hidden", true);
    expect(screen.getByText("Beauvais hotels").parentElement).toHaveProperty("hidden", true);
  });

  it("falls back to the first tab when the selection is unknown", () => {
    render(<Tabs label="Airports" idPrefix="airports" items={ITEMS} selected="nope" />);
    expect(screen.getByRole("link", { name: "Charles de Gaulle" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByText("CDG hotels").parentElement).toHaveProperty("hidden", false);
  });
});

describe("Tabs with the page script", () => {
  it("becomes a labelled tablist whose tabs control their panels", () => {
    renderEnhanced();
    expect(screen.getByRole("tablist", { name: "Airports" })).toBeTruthy();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(["Charles de Gaulle", "Orly", "Beauvais"]);
    for (const t of screen.getAllByRole("tab")) {
      const panel = document.getElementById(t.getAttribute("aria-controls") ?? "");
      expect(panel?.getAttribute("role")).toBe("tabpanel");
      expect(panel?.getAttribute("aria-labelledby")).toBe(t.id);
      expect(t.hasAttribute("aria-current")).toBe(false);
    }
    expectSelected("Charles de Gaulle");
  });

  it("keeps the tab the server selected", () => {
    renderEnhanced("bva");
    expectSelected("Beauvais");
  });

  it("selects a tab when clicked, in place, and puts its address in the location", () => {
    renderEnhanced();
    // fireEvent returns false when the handler called preventDefault: no page load.
    expect(fireEvent.click(tab("Beauvais"))).toBe(false);
    expectSelected("Beauvais");
    expect(screen.getByRole("tabpanel").textContent).toBe("Beauvais hotels");
    expect(`${location.pathname}${location.search}`).toBe("/hotels?airport=BVA");
  });

  it("moves selection and focus with the arrow keys, wrapping at both ends", () => {
    renderEnhanced();
    tab("Charles de Gaulle").focus();

    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowRight" });
    expectSelected("Orly");
    expect(document.activeElement).toBe(tab("Orly"));

    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowRight" });
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowRight" });
    expectSelected("Charles de Gaulle");
    expect(document.activeElement).toBe(tab("Charles de Gaulle"));

    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowLeft" });
    expectSelected("Beauvais");
    expect(document.activeElement).toBe(tab("Beauvais"));
  });

  it("goes to the first tab with Home and the last with End", () => {
    renderEnhanced("ory");
    tab("Orly").focus();

    fireEvent.keyDown(tab("Orly"), { key: "End" });
    expectSelected("Beauvais");
    expect(document.activeElement).toBe(tab("Beauvais"));

    fireEvent.keyDown(tab("Beauvais"), { key: "Home" });
    expectSelected("Charles de Gaulle");
    expect(document.activeElement).toBe(tab("Charles de Gaulle"));
  });

  it("claims the keys it handles and leaves the others alone", () => {
    renderEnhanced();
    expect(fireEvent.keyDown(tab("Charles de Gaulle"), { key: "ArrowRight" })).toBe(false);
    for (const key of ["ArrowDown", "ArrowUp", "Tab", "a"]) {
      expect(fireEvent.keyDown(tab("Orly"), { key })).toBe(true);
    }
    expectSelected("Orly");
  });
});
