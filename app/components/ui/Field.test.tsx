// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Field, errorId, fieldId } from "./Field";

afterEach(cleanup);

function Controlled(props: Omit<Parameters<typeof Field>[0], "value" | "onValue"> & { initial?: string }) {
  const { initial = "", ...rest } = props;
  const [value, setValue] = useState(initial);
  return <Field {...rest} value={value} onValue={setValue} />;
}

describe("Field", () => {
  it("labels its input, and the required asterisk is not part of the name", () => {
    render(<Field name="email" label="E-mail" value="" onValue={() => {}} required />);
    const input = screen.getByRole("textbox", { name: "E-mail" });
    expect(input.id).toBe(fieldId("email"));
    expect(input.getAttribute("name")).toBe("email");
    expect(input).toHaveProperty("required", true);
    // getByLabelText finds the same control through <label for>.
    expect(screen.getByLabelText(/E-mail/)).toBe(input);
  });

  it("hands each keystroke to onValue and shows the value it is given", () => {
    const onValue = vi.fn();
    render(<Field name="city" label="City" value="Par" onValue={onValue} />);
    const input = screen.getByLabelText("City");
    expect(input).toHaveProperty("value", "Par");
    fireEvent.change(input, { target: { value: "Paris" } });
    expect(onValue).toHaveBeenCalledWith("Paris");
  });

  it("works as a controlled input", () => {
    render(<Controlled name="city" label="City" initial="" />);
    const input = screen.getByLabelText("City");
    fireEvent.change(input, { target: { value: "Nice" } });
    expect(input).toHaveProperty("value", "Nice");
  });

  it("is not invalid and describes nothing without an error or a hint", () => {
    render(<Field name="city" label="City" value="" onValue={() => {}} />);
    const input = screen.getByLabelText("City");
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    expect(input.hasAttribute("aria-describedby")).toBe(false);
    expect(document.getElementById(errorId("city"))).toBeNull();
  });

  it("marks the input invalid and links it to its error message", () => {
    render(<Field name="city" label="City" value="" onValue={() => {}} error="Enter a city" />);
    const input = screen.getByLabelText("City");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe(errorId("city"));
    expect(document.getElementById(errorId("city"))?.textContent).toBe("Enter a city");
  });

  it("describes the input by its hint, then its error", () => {
    render(<Field name="phone" label="Phone" value="" onValue={() => {}} hint="With the country code" error="Too short" />);
    const input = screen.getByLabelText("Phone");
    const ids = input.getAttribute("aria-describedby")?.split(" ") ?? [];
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual(["With the country code", "Too short"]);
  });

  it("describes the input by its hint alone while there is no error", () => {
    render(<Field name="phone" label="Phone" value="" onValue={() => {}} hint="With the country code" />);
    const input = screen.getByLabelText("Phone");
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    const id = input.getAttribute("aria-describedby");
    expect(id).toBeTruthy();
    expect(document.getElementById(id ?? "")?.textContent).toBe("With the country code");
  });

  it("takes its ids (label, error) from idName when the wire name differs", () => {
    render(<Field name="date_pu_t1" idName="french_date_pu_t1" label="Date" value="" onValue={() => {}} error="Pick a date" />);
    const input = screen.getByLabelText("Date");
    expect(input.getAttribute("name")).toBe("date_pu_t1");
    expect(input.id).toBe(fieldId("french_date_pu_t1"));
    expect(input.getAttribute("aria-describedby")).toBe(errorId("french_date_pu_t1"));
    expect(document.getElementById(errorId("french_date_pu_t1"))?.textContent).toBe("Pick a date");
  });

  it("keeps the field class and adds the caller's", () => {
    const { container } = render(<Field name="city" label="City" value="" onValue={() => {}} className="field--wide" />);
    expect(container.firstElementChild?.className).toBe("field field--wide");
  });
});
