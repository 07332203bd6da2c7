// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type TabItem, Tabs } from "./Tabs";

afterEach(cleanup);

const ITEMS: readonly TabItem[] = [
  { id: "cdg", label: "Charles de Gaulle", panel: <p>CDG hotels</p> },
  { id: "ory", label: "Orly", panel: <p>Orly hotels</p> },
  { id: "bva", label: "Beauvais", panel: <p>Beauvais hotels</p> },
];

/** The caller owns the selection, as the routes do. */
function Harness({ initial = "cdg", onSelect }: { initial?: string; onSelect?: (id: string) => void }) {
  const [selected, setSelected] = useState(initial);
  return (
    <Tabs
      label="Airports"
      idPrefix="airports"
      items={ITEMS}
      selected={selected}
      onSelect={(id) => {
        onSelect?.(id);
        setSelected(id);
      }}
    />
  );
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

describe("Tabs", () => {
  it("renders a labelled tablist whose tabs control their panels", () => {
    render(<Harness />);
    expect(screen.getByRole("tablist", { name: "Airports" })).toBeTruthy();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(["Charles de Gaulle", "Orly", "Beauvais"]);
    for (const t of screen.getAllByRole("tab")) {
      const panel = document.getElementById(t.getAttribute("aria-controls") ?? "");
      expect(panel?.getAttribute("role")).toBe("tabpanel");
      expect(panel?.getAttribute("aria-labelledby")).toBe(t.id);
    }
    expectSelected("Charles de Gaulle");
    // Every panel is in the page; all but the selected one are hidden.
    expect(screen.getByText("CDG hotels").closest("[role=tabpanel]")).toHaveProperty("hidden", false);
    expect(screen.getByText("Orly hotels").closest("[role=tabpanel]")).toHaveProperty("hidden", true);
  });

  it("selects a tab when clicked", () => {
    render(<Harness />);
    fireEvent.click(tab("Beauvais"));
    expectSelected("Beauvais");
    expect(screen.getByRole("tabpanel").textContent).toBe("Beauvais hotels");
  });

  it("moves selection and focus with the arrow keys, wrapping at both ends", () => {
    render(<Harness />);
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

    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowLeft" });
    expectSelected("Orly");
    expect(document.activeElement).toBe(tab("Orly"));
  });

  it("goes to the first tab with Home and the last with End", () => {
    render(<Harness initial="ory" />);
    tab("Orly").focus();

    fireEvent.keyDown(tab("Orly"), { key: "End" });
    expectSelected("Beauvais");
    expect(document.activeElement).toBe(tab("Beauvais"));

    fireEvent.keyDown(tab("Beauvais"), { key: "Home" });
    expectSelected("Charles de Gaulle");
    expect(document.activeElement).toBe(tab("Charles de Gaulle"));
  });

  it("claims the keys it handles and leaves the others alone", () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    // fireEvent returns false when the handler called preventDefault (no page scroll on arrows).
    expect(fireEvent.keyDown(tab("Charles de Gaulle"), { key: "ArrowRight" })).toBe(false);
    expect(onSelect).toHaveBeenLastCalledWith("ory");

    onSelect.mockClear();
    for (const key of ["ArrowDown", "ArrowUp", "Tab", "a"]) {
      expect(fireEvent.keyDown(tab("Orly"), { key })).toBe(true);
    }
    expect(onSelect).not.toHaveBeenCalled();
    expectSelected("Orly");
  });

  it("falls back to the first tab when the selection is unknown", () => {
    render(<Tabs label="Airports" idPrefix="airports" items={ITEMS} selected="nope" onSelect={() => {}} />);
    expectSelected("Charles de Gaulle");
  });

  it("does not move by itself: the caller decides the selection", () => {
    const onSelect = vi.fn();
    render(<Tabs label="Airports" idPrefix="airports" items={ITEMS} selected="cdg" onSelect={onSelect} />);
    fireEvent.keyDown(tab("Charles de Gaulle"), { key: "End" });
    expect(onSelect).toHaveBeenCalledWith("bva");
    expectSelected("Charles de Gaulle");
  });
});
