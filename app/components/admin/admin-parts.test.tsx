// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AdminTable } from "./AdminTable";
import { StatusNotice } from "./StatusNotice";
import { SubmitRow } from "./SubmitRow";

afterEach(cleanup);

const rows = (
  <tr>
    <td>NV-7K3P2Q</td>
    <td>Claire Martin</td>
  </tr>
);

describe("AdminTable", () => {
  it("names the table by its caption and gives each column a heading", () => {
    render(
      <AdminTable caption="Bookings, newest first" columns={["Order", <span key="t">Traveller</span>]}>
        {rows}
      </AdminTable>,
    );
    const table = screen.getByRole("table", { name: "Bookings, newest first" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => [th.textContent, th.getAttribute("scope")]),
    ).toEqual([
      ["Order", "col"],
      ["Traveller", "col"],
    ]);
    expect(within(table).getByRole("cell", { name: "Claire Martin" })).toBeTruthy();
    expect(screen.queryByRole("region")).toBeNull();
  });

  it("makes a scrollable table's frame a focusable region, named by its caption or by the text given", () => {
    const { unmount } = render(
      <AdminTable caption="Bookings, page 2" columns={["Order", "Traveller"]} scrollable>
        {rows}
      </AdminTable>,
    );
    expect(screen.getByRole("region", { name: "Bookings, page 2" }).tabIndex).toBe(0);
    unmount();
    render(
      <AdminTable caption="Audit log, page 1" columns={["Order", "Traveller"]} scrollable="Audit log" className="wide">
        {rows}
      </AdminTable>,
    );
    expect(screen.getByRole("region", { name: "Audit log" }).tabIndex).toBe(0);
    expect(screen.getByRole("table").className).toBe("admin-table wide");
  });
});

describe("StatusNotice", () => {
  it("keeps its live region on the page, with the notice inside when there is one", () => {
    const { rerender } = render(<StatusNotice notice={null} />);
    expect(screen.getByRole("status").textContent).toBe("");
    rerender(<StatusNotice notice="Driver added." />);
    expect(screen.getByRole("status").textContent).toBe("Driver added.");
  });
});

describe("SubmitRow", () => {
  it("is the form's submit button, secondary when asked, and off while a post is on its way", () => {
    const { rerender } = render(<SubmitRow busy={false}>Add driver</SubmitRow>);
    const button = screen.getByRole("button", { name: "Add driver" }) as HTMLButtonElement;
    expect([button.type, button.className, button.disabled]).toEqual(["submit", "button", false]);
    rerender(
      <SubmitRow busy secondary>
        Add driver
      </SubmitRow>,
    );
    expect([button.className, button.disabled]).toEqual(["button button--secondary", true]);
  });
});
