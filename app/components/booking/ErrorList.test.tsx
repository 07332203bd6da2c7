// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createRef } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fieldId } from "../ui/Field";
import type { FormProblem } from "~/domain/form-problems";
import { Words } from "~/components/i18n";
import english from "~/locales/en/booking.json";
import french from "~/locales/fr/booking.json";
import { compiledCatalogue } from "../catalogue-for-tests";
import { ErrorList, Markup } from "./ErrorList";

const ENGLISH = compiledCatalogue("booking", english);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ERRORS: readonly FormProblem[] = [
  { field: "email", message: "Enter your e-mail" },
  { field: "pax_adult_t1", message: "At least **1 adult**" },
];

/** The list beside the fields it points at, as on the booking page. */
function Page({ errors }: { errors: readonly FormProblem[] }) {
  return (
    <Words locale="en" messages={ENGLISH}>
      <ErrorList errors={errors} />
      <label htmlFor={fieldId("email")}>E-mail</label>
      <input id={fieldId("email")} name="email" />
      <label htmlFor={fieldId("pax_adult_t1")}>Adults</label>
      <input id={fieldId("pax_adult_t1")} name="pax_adult_t1" />
      {/* A control known only by its name (no f- id), e.g. a radio group. */}
      <input type="radio" name="payment" value="cb" aria-label="Card" />
    </Words>
  );
}

describe("ErrorList", () => {
  it("renders nothing when there is no error", () => {
    const { container } = render(<ErrorList errors={[]} />);
    expect(container.innerHTML).toBe("");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("is an alert named by its heading, with the count of problems", () => {
    render(<Page errors={ERRORS} />);
    const alert = screen.getByRole("alert", { name: "There are 2 problems with your booking" });
    expect(within(alert).getByRole("heading", { level: 2 }).textContent).toBe("There are 2 problems with your booking");
  });

  it("says 'problem' for one", () => {
    render(<Page errors={ERRORS.slice(0, 1)} />);
    expect(screen.getByRole("alert", { name: "There is 1 problem with your booking" })).toBeTruthy();
  });

  it("counts the problems in the page's language", () => {
    render(
      <Words locale="fr" messages={compiledCatalogue("booking", french)}>
        <ErrorList errors={ERRORS} />
      </Words>,
    );
    expect(screen.getByRole("alert", { name: "Votre réservation comporte 2 problèmes" })).toBeTruthy();
  });

  it("lists each error as a link to its field's id", () => {
    render(<Page errors={ERRORS} />);
    const links = within(screen.getByRole("list")).getAllByRole("link");
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Enter your e-mail", "#f-email"],
      ["At least 1 adult", "#f-pax_adult_t1"],
    ]);
    // Each href names a real control on the page.
    for (const a of links) expect(document.querySelector(a.getAttribute("href") ?? "")?.tagName).toBe("INPUT");
  });

  it("lists a problem of the whole form as text, with no link", () => {
    render(<Page errors={[...ERRORS, { field: null, message: "The form was **incomplete**" }]} />);
    const items = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(items[2]?.textContent).toBe("The form was incomplete");
    expect(within(items[2]!).queryByRole("link")).toBeNull();
  });

  it("renders **bold** in a message as <strong>", () => {
    render(<Page errors={ERRORS} />);
    const link = screen.getByRole("link", { name: "At least 1 adult" });
    expect(link.querySelector("strong")?.textContent).toBe("1 adult");
    expect(link.innerHTML).not.toContain("**");
  });

  it("moves focus to the field when an entry is clicked, instead of only jumping", () => {
    const scroll = vi.spyOn(HTMLElement.prototype, "scrollIntoView");
    render(<Page errors={ERRORS} />);
    const link = screen.getByRole("link", { name: "At least 1 adult" });
    // false: the default jump was prevented, the component moved focus itself.
    expect(fireEvent.click(link)).toBe(false);
    expect(document.activeElement).toBe(screen.getByLabelText("Adults"));
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll.mock.instances[0]).toBe(screen.getByLabelText("Adults"));
  });

  it("finds a field by its name when it has no id", () => {
    render(<Page errors={[{ field: "payment", message: "Choose how to pay" }]} />);
    fireEvent.click(screen.getByRole("link", { name: "Choose how to pay" }));
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: "Card" }));
  });

  it("leaves the link alone when the field is not on the page", () => {
    render(<Page errors={[{ field: "nowhere", message: "Lost" }]} />);
    const before = document.activeElement;
    expect(fireEvent.click(screen.getByRole("link", { name: "Lost" }))).toBe(true);
    expect(document.activeElement).toBe(before);
  });

  it("can take focus through its ref after a failed submit, without entering the tab order", () => {
    const ref = createRef<HTMLDivElement>();
    render(<ErrorList ref={ref} errors={ERRORS} />);
    expect(ref.current).toBe(screen.getByRole("alert"));
    // tabindex="-1" itself: focusable by script, but no tab stop (a div has no tabIndex otherwise).
    expect(ref.current?.getAttribute("tabindex")).toBe("-1");
    ref.current?.focus();
    expect(document.activeElement).toBe(screen.getByRole("alert"));
  });
});

describe("Markup", () => {
  it("bolds each **pair** and keeps the rest as text", () => {
    const { container } = render(<Markup text="a **b** c **d**" />);
    expect(container.innerHTML).toBe("a <strong>b</strong> c <strong>d</strong>");
  });
});
