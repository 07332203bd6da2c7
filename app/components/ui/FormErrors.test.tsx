// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FormErrors } from "./FormErrors";

afterEach(cleanup);

describe("FormErrors", () => {
  it("announces the problems, takes focus, and links each to its field without a navigation", () => {
    render(
      <>
        <FormErrors
          problems={[
            { field: "phone", message: "Enter a phone number." },
            { field: null, message: "Try again." },
          ]}
        />
        <label htmlFor="f-phone">Phone</label>
        <input id="f-phone" name="phone" />
      </>,
    );
    const alert = screen.getByRole("alert");
    expect(alert).toHaveProperty("tabIndex", -1);
    expect(document.activeElement).toBe(alert);
    const link = screen.getByRole("link", { name: "Enter a phone number." });
    expect(link.getAttribute("href")).toBe("#f-phone");
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    fireEvent(link, click);
    expect(click.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(screen.getByLabelText("Phone"));
    expect(screen.getByText("Try again.").tagName).toBe("LI");
  });

  it("shows nothing when there is no problem", () => {
    const { container } = render(<FormErrors problems={[]} />);
    expect(container.innerHTML).toBe("");
  });
});
