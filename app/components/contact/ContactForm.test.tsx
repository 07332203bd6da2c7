// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ComponentProps } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Words } from "~/components/i18n";
import { CONTACT_ERRORS, CONTACT_LIMITS, EMPTY_CONTACT } from "~/domain/contact-rules";
import type { Locale } from "~/domain/locales";
import english from "~/locales/en/contact.json";
import french from "~/locales/fr/contact.json";
import { compiledCatalogue } from "../catalogue-for-tests";
import { ContactForm } from "./ContactForm";

afterEach(cleanup);

const compiled = (source: Record<string, string>) => compiledCatalogue("contact", source);

function renderForm(props: Partial<ComponentProps<typeof ContactForm>> = {}, locale: Locale = "en") {
  const handlers = { onChange: vi.fn(), onSubmit: vi.fn(), onStart: vi.fn() };
  render(
    <Words locale={locale} messages={compiled(locale === "fr" ? french : english)}>
      <ContactForm values={EMPTY_CONTACT} errors={{}} attempt={0} ready {...handlers} {...props} />
    </Words>,
  );
  return handlers;
}

describe("ContactForm", () => {
  it("labels every field, and the form is named by the step heading", () => {
    renderForm({ values: { fullName: "Ada Lovelace", email: "ada@example.com", question: "Hello?" } });
    expect(screen.getByRole("form", { name: "Write to us" })).toBeTruthy();
    expect(screen.getByLabelText("Full name")).toHaveProperty("value", "Ada Lovelace");
    expect(screen.getByLabelText("E-mail")).toHaveProperty("value", "ada@example.com");
    expect(screen.getByLabelText("Question").tagName).toBe("TEXTAREA");
    expect(screen.getByLabelText("Question")).toHaveProperty("value", "Hello?");
    for (const label of ["Full name", "E-mail", "Question"]) {
      const control = screen.getByLabelText(label);
      expect(control).toHaveProperty("required", true);
      expect(control.hasAttribute("aria-invalid")).toBe(false);
      expect(control.hasAttribute("aria-describedby")).toBe(false);
    }
  });

  it("reports changes by field, and focus inside the form as the start", () => {
    const { onChange, onStart } = renderForm();
    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "a@b.fr" } });
    expect(onChange).toHaveBeenCalledWith("email", "a@b.fr");
    fireEvent.focus(screen.getByLabelText("Question"));
    expect(onStart).toHaveBeenCalled();
  });

  it("keeps its button disabled until React is ready", () => {
    renderForm({ ready: false });
    expect(screen.getByRole("button", { name: "Continue" })).toHaveProperty("disabled", true);
  });

  it("submits through its handler, never by the browser", () => {
    const { onSubmit } = renderForm();
    expect(screen.getByRole("button", { name: "Continue" })).toHaveProperty("disabled", false);
    // false: the default (a page load) was prevented.
    expect(fireEvent.submit(screen.getByRole("form", { name: "Write to us" }))).toBe(false);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("links each error to its field and lists them in the alert region after a failed submit", () => {
    const errors = { fullName: CONTACT_ERRORS.fullNameRequired, email: CONTACT_ERRORS.emailFormat };
    renderForm({ values: { ...EMPTY_CONTACT, email: "nope" }, errors, attempt: 1 });

    const email = screen.getByLabelText("E-mail");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    const message = document.getElementById(email.getAttribute("aria-describedby") ?? "");
    expect(message?.textContent).toBe("Error: Please enter an e-mail address in the format name@example.com.");
    expect(screen.getByLabelText("Question").hasAttribute("aria-invalid")).toBe(false);

    const alert = screen.getByRole("alert");
    expect(within(alert).getByText("Please correct 2 fields:")).toBeTruthy();
    const links = within(alert).getAllByRole("link");
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Please enter your full name.", `#${screen.getByLabelText("Full name").id}`],
      ["Please enter an e-mail address in the format name@example.com.", `#${email.id}`],
    ]);

    fireEvent.click(links[1] as HTMLElement);
    expect(document.activeElement).toBe(email);
  });

  it("says a field's limit in its error", () => {
    renderForm({ errors: { question: CONTACT_ERRORS.questionTooLong }, attempt: 1 });
    expect(within(screen.getByRole("alert")).getByRole("link").textContent).toBe(
      `Your question must be at most ${CONTACT_LIMITS.question} characters.`,
    );
  });

  it("speaks the page's language: French labels, count and errors", () => {
    renderForm({ errors: { fullName: CONTACT_ERRORS.fullNameTooLong }, attempt: 1 }, "fr");
    const name = screen.getByLabelText(french["field.fullName"]);
    const message = document.getElementById(name.getAttribute("aria-describedby") ?? "");
    const error = french["error.fullNameTooLong"].replace("{max}", String(CONTACT_LIMITS.fullName));
    expect(message?.textContent).toBe(`${french["form.errorPrefix"]}${error}`);
    expect(within(screen.getByRole("alert")).getByRole("link").textContent).toBe(error);
    expect(screen.getByRole("button", { name: french["form.continue"] })).toBeTruthy();
  });

  it("keeps the alert region in the page, empty, before any failed submit", () => {
    renderForm({ errors: { question: CONTACT_ERRORS.questionRequired }, attempt: 0 });
    expect(screen.getByRole("alert").textContent).toBe("");
  });
});
