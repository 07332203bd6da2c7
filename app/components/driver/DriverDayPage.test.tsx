// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { compiledCatalogue } from "~/components/catalogue-for-tests";
import { Words } from "~/components/i18n";
import type { AdminWords } from "~/domain/back-office/admin-words";
import type { BackOfficeLocale } from "~/domain/locales";
import { driverDayRefusal } from "~/domain/driver-day/day-refusal";
import type { DriverLegCard } from "~/domain/driver-day/leg-card";
import { LEG_STEPS, stepLabel, stepText } from "~/domain/driver-day/steps";
import { type CompiledMessages, formatMessage } from "~/domain/message-format";
import englishAdmin from "~/locales/en/admin.json";
import englishCommon from "~/locales/en/common.json";
import frenchAdmin from "~/locales/fr/admin.json";
import frenchCommon from "~/locales/fr/common.json";
import { DriverDayError, driverDayErrorTitle, DriverDayPage } from "./DriverDayPage";

afterEach(cleanup);

const ADMIN = { en: compiledCatalogue("admin", englishAdmin), fr: compiledCatalogue("admin", frenchAdmin) };
const COMMON = { en: compiledCatalogue("common", englishCommon), fr: compiledCatalogue("common", frenchCommon) };

/** The staff's words in `locale`, as the server makes them (adminWordsIn). */
function adminWordsIn(locale: BackOfficeLocale): AdminWords {
  return (key, values = {}) => formatMessage(ADMIN[locale][`admin.${key}`] ?? [key], values, locale);
}

/** The root's words and the page's own groups, as the loaders send them. */
function pageMessages(locale: BackOfficeLocale): CompiledMessages {
  const own = Object.entries(ADMIN[locale]).filter(([id]) => id.startsWith("admin.driver.page.") || id.startsWith("admin.driver.card."));
  return { ...COMMON[locale], ...Object.fromEntries(own) };
}

/** A leg's card as the loader makes it in `locale`: one step recorded, the flight followed on a tracker. */
function card(locale: BackOfficeLocale): DriverLegCard {
  const words = adminWordsIn(locale);
  const onMyWay = { step: "on_my_way" as const, at: new Date("2026-05-20T07:10:00Z") };
  return {
    key: "NV-ABC234-1",
    orderId: "NV-ABC234",
    leg: 1,
    time: "10:00",
    title: "NV-ABC234, Outbound",
    meetingPoint: "",
    from: "Charles de Gaulle Airport (CDG)",
    to: "",
    flight: "BA304",
    tracker: "https://www.flightstats.com/v2/flight-tracker/BA/304",
    name: "Claire Martin",
    passengers: "2",
    luggage: "2",
    childSeats: "1",
    phone: "+33 6 12 34 56 78",
    phoneHref: "tel:+33612345678",
    notes: [],
    recorded: [{ step: onMyWay.step, text: stepText(onMyWay, words) }],
    buttons: LEG_STEPS.map((step) => ({ step, label: stepLabel(step, words), done: step === "on_my_way" })),
    noShowFrom: "11:00",
    noShow: false,
    unread: false,
  };
}

/** The page with what its loader sends in `locale`: its words (driver.page., driver.card.) and the root's. */
function renderPage(locale: BackOfficeLocale, problem: string | null = null) {
  const messages = pageMessages(locale);
  const title = locale === "fr" ? "Courses de Karim Benali" : "Karim Benali's rides";
  render(
    <Words locale={locale} messages={messages}>
      <DriverDayPage
        title={title}
        sections={[
          { iso: "2026-05-20", title: "Today", items: [{ kind: "leg", card: card(locale) }] },
          { iso: "2026-05-21", title: "Tomorrow", items: [] },
        ]}
        notice={null}
        problem={problem}
      />
    </Words>,
  );
}

function renderError(locale: BackOfficeLocale, error: unknown) {
  render(
    <Words locale={locale} messages={COMMON[locale]}>
      <DriverDayError error={error} />
    </Words>,
  );
}

describe("DriverDayPage", () => {
  it("gives the driver the leg, its steps and its buttons in English", () => {
    renderPage("en", "No-show is not recorded yet.");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Karim Benali's rides");
    const leg = screen.getByRole("article", { name: "10:00 Claire Martin" });
    expect(within(leg).getByText("From").nextSibling?.textContent).toBe("Charles de Gaulle Airport (CDG)");
    expect(within(leg).getByText("To").nextSibling?.textContent).toBe("Not known");
    expect(within(leg).getByRole("link", { name: "Track it (opens a new tab)" })).toBeTruthy();
    expect(within(leg).getByRole("heading", { level: 4 }).textContent).toBe("Recorded");
    expect(within(leg).getByRole("listitem").textContent).toBe("On my way at 09:10 (Paris time)");
    expect(within(leg).getByRole("button", { name: "No-show for Claire Martin, 10:00" })).toBeTruthy();
    expect(within(leg).getByText(/^No-show from/).textContent).toBe("No-show from 11:00 (Paris time), once the free waiting time is over.");
    expect(screen.getByText("No ride.")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("Nothing was recorded");
  });

  it("speaks French when the staff do", () => {
    renderPage("fr", "L’absence du client ne peut pas encore être enregistrée.");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Courses de Karim Benali");
    const leg = screen.getByRole("article", { name: "10:00 Claire Martin" });
    expect(within(leg).getByText("Départ").nextSibling?.textContent).toBe("Charles de Gaulle Airport (CDG)");
    expect(within(leg).getByText("Arrivée").nextSibling?.textContent).toBe("Non renseigné");
    expect(within(leg).getByText("Sièges enfant")).toBeTruthy();
    expect(within(leg).getByRole("link", { name: "Suivre le vol (ouvre un nouvel onglet)" })).toBeTruthy();
    expect(within(leg).getByRole("heading", { level: 4 }).textContent).toBe("Étapes enregistrées");
    expect(within(leg).getByRole("listitem").textContent).toBe("En route à 09:10 (heure de Paris)");
    expect(within(leg).getByRole("button", { name: /^Client absent\s: Claire Martin, 10:00$/ })).toBeTruthy();
    expect(within(leg).getByText(/^Client absent possible/).textContent).toBe(
      "Client absent possible à partir de 11:00 (heure de Paris), une fois le temps d’attente gratuit écoulé.",
    );
    expect(screen.getByText("Aucune course.")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("Rien n’a été enregistré");
    expect(document.body.textContent).not.toContain("admin.");
  });
});

describe("DriverDayError", () => {
  it("shows a refusal in the words it brings", () => {
    renderError("fr", new ErrorResponse(404, "Not Found", driverDayRefusal("link", adminWordsIn("fr"))));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Page introuvable");
    expect(screen.getByText(/^Ce lien vers vos courses/)).toBeTruthy();
  });

  it("apologises for anything else in the frame's words, in French", () => {
    renderError("fr", new Error("boom"));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Un problème est survenu");
    expect(screen.getByText("Un problème est survenu de notre côté. Veuillez réessayer dans un instant.")).toBeTruthy();
  });

  it("apologises for anything else in English as before", () => {
    renderError("en", new Error("boom"));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Something went wrong");
    expect(screen.getByText("Something went wrong on our side. Please try again in a moment.")).toBeTruthy();
  });
});

describe("driverDayErrorTitle", () => {
  const root = (locale: BackOfficeLocale) => [{ id: "root", data: { locale, messages: COMMON[locale] } }];

  it("is the refusal's title", () => {
    const refused = new ErrorResponse(429, "Too Many Requests", driverDayRefusal("too-many", adminWordsIn("fr")));
    expect(driverDayErrorTitle(refused, root("fr"))).toBe("Vos courses");
  });

  it("is the frame's apology, in the root's language, for anything else", () => {
    expect(driverDayErrorTitle(new Error("boom"), root("fr"))).toBe("Un problème est survenu");
  });
});
