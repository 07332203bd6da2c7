// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Route } from "./+types/vehicles";
import VehiclesPage from "./vehicles";
import { renderWithMessages } from "./route-test-support";
import { compiledCatalogue } from "~/components/catalogue-for-tests";
import { FIRST_FLEET, type Vehicle } from "~/domain/fleet";
import type { BackOfficeLocale } from "~/domain/locales";
import englishAdmin from "~/locales/en/admin.json";
import frenchAdmin from "~/locales/fr/admin.json";

afterEach(cleanup);

// The vehicles page's forms: the English texts, then the texts in each other language of the
// site, optional, a group per language named by the language's own name.

const MESSAGES = { en: compiledCatalogue("admin", englishAdmin), fr: compiledCatalogue("admin", frenchAdmin) };
const CARAVELLE: Vehicle = { ...FIRST_FLEET[0]!, id: 1 };
const LANGUAGES = ["Français", "Español", "Italiano", "Deutsch", "Nederlands"];

type Data = Pick<Route.ComponentProps, "loaderData" | "actionData">;

function renderPage(
  locale: BackOfficeLocale,
  { editing = null, actionData }: { editing?: Vehicle | null; actionData?: Data["actionData"] } = {},
) {
  const loaderData = { vehicles: [CARAVELLE], editing, notice: null, messages: {} } as unknown as Data["loaderData"];
  const props = { loaderData, actionData, params: {}, matches: [] } as unknown as Route.ComponentProps;
  renderWithMessages(locale, "/admin/vehicles", MESSAGES[locale], <VehiclesPage {...props} />);
}

/** A control's accessible description: the texts its aria-describedby names. */
function description(element: HTMLElement): string {
  const ids = element.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

describe("the vehicles page's texts in the other languages", () => {
  it("groups them per language under the language's own name, in the site's order", async () => {
    renderPage("en");
    await screen.findByRole("heading", { level: 3, name: "The texts in the site's other languages" });
    expect(screen.getAllByRole("group").map((g) => g.querySelector("legend")?.textContent)).toEqual(LANGUAGES);
    expect(screen.getAllByRole("group").map((g) => g.querySelector("legend")?.getAttribute("lang"))).toEqual([
      "fr",
      "es",
      "it",
      "de",
      "nl",
    ]);
  });

  it("labels each field, marks it as its language and leaves it optional, with the group's hint read with it", async () => {
    renderPage("en");
    const spanish = await screen.findByRole("group", { name: "Español" });
    expect(description(spanish)).toBe(
      "Optional. The cars page in Spanish shows these in place of the picture text, description and luggage text; a text left empty is shown in English.",
    );
    const fields = ["Text of the picture", "About the vehicle", "Luggage space"].map((label) => within(spanish).getByLabelText(label));
    expect(fields.map((f) => [f.getAttribute("name"), f.getAttribute("lang"), f.hasAttribute("required")])).toEqual([
      ["pictureAlt_es", "es", false],
      ["description_es", "es", false],
      ["luggage_es", "es", false],
    ]);
  });

  it("keeps each English field's label its own, as the browser tests find the fields by part of their label", async () => {
    renderPage("en");
    await screen.findByRole("group", { name: "Français" });
    for (const label of [
      /name/i,
      /kind/i,
      /passenger seats/i,
      /suitcases/i,
      /child seats/i,
      /picture text/i,
      /description/i,
      /luggage, in words/i,
    ]) {
      expect(screen.getAllByLabelText(label)).toHaveLength(1);
    }
  });

  it("starts the edit form from the vehicle's texts in each language", async () => {
    renderPage("en", { editing: CARAVELLE });
    const german = await screen.findByRole("group", { name: "Deutsch" });
    expect((within(german).getByLabelText("About the vehicle") as HTMLTextAreaElement).value).toBe(CARAVELLE.texts.de?.description);
    expect((within(german).getByLabelText("Luggage space") as HTMLInputElement).value).toBe(CARAVELLE.texts.de?.luggage);
  });

  it("speaks French to a member who reads French: the labels, and the hint naming the language", async () => {
    renderPage("fr");
    await screen.findByRole("heading", { level: 3, name: "Les textes dans les autres langues du site" });
    const dutch = screen.getByRole("group", { name: "Nederlands" });
    expect(description(dutch)).toBe(
      "Facultatif. La page Notre flotte en néerlandais les affiche à la place du texte de l’image, de la description et des bagages\u00a0; un texte laissé vide s’y affiche en anglais.",
    );
    expect(
      ["Texte de l’image", "Description", "Bagages, en quelques mots"].map((l) => within(dutch).getByLabelText(l).getAttribute("name")),
    ).toEqual(["pictureAlt_nl", "description_nl", "luggage_nl"]);
  });

  it("links a refused text's message to its field and keeps what was typed, in French", async () => {
    const message = "La description en espagnol compte au plus 1000 caractères.";
    const typed = "d".repeat(1001);
    renderPage("fr", {
      actionData: { intent: "add", problems: [{ field: "description_es", message }], values: { description_es: typed } },
    });
    const field = within(await screen.findByRole("group", { name: "Español" })).getByLabelText("Description");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(description(field)).toBe(message);
    expect((field as HTMLTextAreaElement).value).toBe(typed);
    const summary = screen.getByRole("alert");
    expect(within(summary).getByRole("link", { name: message }).getAttribute("href")).toBe(`#${field.id}`);
  });
});
