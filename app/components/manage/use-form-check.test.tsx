// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FormErrors } from "~/components/ui/FormErrors";
import { CHANGE_LIMITS, changeFormSchema, changeProblems } from "~/domain/manage/change-form";
import { englishManageWords } from "../catalogue-for-tests";
import { useFormCheck } from "./use-form-check";

const ENGLISH = englishManageWords();

afterEach(cleanup);

/** A change form field checked by the form's own schema, its problems in words above it as the page shows them. */
function Checked() {
  const { checked, onSubmit } = useFormCheck(changeFormSchema, (error) => changeProblems(error, ENGLISH));
  return (
    <>
      <FormErrors problems={checked ?? []} title="Nothing was changed" />
      <form onSubmit={onSubmit} noValidate aria-label="Change">
        <label htmlFor="f-num_vol_pu_1">Flight number</label>
        <input id="f-num_vol_pu_1" name="num_vol_pu_1" />
        <label htmlFor="f-check_in_luggage">Check-in luggage</label>
        <input id="f-check_in_luggage" name="check_in_luggage" />
      </form>
    </>
  );
}

describe("useFormCheck", () => {
  it("keeps a form the schema refuses from being sent, and says why at each field", () => {
    render(<Checked />);
    fireEvent.change(screen.getByLabelText("Flight number"), { target: { value: "A".repeat(CHANGE_LIMITS.flightNumber + 1) } });
    fireEvent.change(screen.getByLabelText("Check-in luggage"), { target: { value: "1234567" } });
    // fireEvent gives false when the event's default (the post) was prevented.
    expect(fireEvent.submit(screen.getByRole("form", { name: "Change" }))).toBe(false);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Nothing was changed");
    expect(alert.textContent).toContain(`This field is too long: at most ${CHANGE_LIMITS.flightNumber} characters.`);
    expect(alert.textContent).toContain(`This field is too long: at most ${CHANGE_LIMITS.count} characters.`);
    // In the schema's order: the luggage, then the legs' fields.
    expect(screen.getAllByRole("link").map((a) => a.getAttribute("href"))).toEqual(["#f-check_in_luggage", "#f-num_vol_pu_1"]);
  });

  it("lets a form the schema takes go, and clears the problems it showed", () => {
    render(<Checked />);
    const flight = screen.getByLabelText("Flight number");
    fireEvent.change(flight, { target: { value: "A".repeat(CHANGE_LIMITS.flightNumber + 1) } });
    expect(fireEvent.submit(screen.getByRole("form", { name: "Change" }))).toBe(false);
    fireEvent.change(flight, { target: { value: "BA306" } });
    expect(fireEvent.submit(screen.getByRole("form", { name: "Change" }))).toBe(true);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
