// @vitest-environment happy-dom
import type { ReactNode } from "react";
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { compiledCatalogue } from "~/components/catalogue-for-tests";
import { Words } from "~/components/i18n";
import type { BackOfficeLocale } from "~/domain/locales";
import englishAdmin from "~/locales/en/admin.json";
import frenchAdmin from "~/locales/fr/admin.json";
import { AssignDriverForm, BookingActionForms, LandingTimeForm, LanguageForm } from "./booking-actions";
import { EmailsSection, HistorySection, PaymentSection } from "./BookingRecords";
import { RideSteps } from "./RideSteps";

// The booking page's forms and records in the member's language: English as the page always
// said it, and French.

afterEach(cleanup);

const MESSAGES = { en: compiledCatalogue("admin", englishAdmin), fr: compiledCatalogue("admin", frenchAdmin) };
const noError = () => undefined;

function renderIn(locale: BackOfficeLocale, children: ReactNode) {
  const Stub = createRoutesStub([
    {
      path: "/admin/bookings/NV-7K3P2Q",
      Component: () => (
        <Words locale={locale} messages={MESSAGES[locale]}>
          {children}
        </Words>
      ),
    },
  ]);
  render(<Stub initialEntries={["/admin/bookings/NV-7K3P2Q"]} />);
}

const self = "/admin/bookings/NV-7K3P2Q";

describe("BookingActionForms", () => {
  const forms = (
    <BookingActionForms
      action={self}
      actions={["confirm", "cancel"]}
      refundable="65,00 €"
      canRefund={false}
      busy={false}
      errorOf={noError}
    />
  );

  it("offers the actions open now, the cancellation with what it refunds", () => {
    renderIn("en", forms);
    expect(screen.getByRole("button", { name: "Confirm" })).toBeTruthy();
    const cancel = screen.getByRole("group", { name: "Cancel booking" });
    expect(
      within(cancel).getByText("Cancelling refunds 65,00 € in full through the payment provider and e-mails the traveller."),
    ).toBeTruthy();
    expect(within(cancel).getByRole("checkbox", { name: "Yes, cancel and refund" })).toBeTruthy();
    expect(within(cancel).getByRole("checkbox", { name: "Already refunded outside the site" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Mark completed" })).toBeNull();
  });

  it("offers them in French", () => {
    renderIn("fr", forms);
    expect(screen.getByRole("button", { name: "Confirmer" })).toBeTruthy();
    const cancel = screen.getByRole("group", { name: "Annuler la réservation" });
    expect(within(cancel).getByRole("checkbox", { name: "Oui, annuler et rembourser" })).toBeTruthy();
    expect(within(cancel).getByText(/^L’annulation rembourse intégralement 65,00 €/)).toBeTruthy();
    expect(within(cancel).getByLabelText("Comment il a été remboursé hors du site (conservé dans l’historique)")).toBeTruthy();
  });

  it("says a finished booking takes no action, in French", () => {
    renderIn("fr", <BookingActionForms action={self} actions={[]} refundable={null} canRefund={false} busy={false} errorOf={noError} />);
    const asWritten = { normalizer: (text: string) => text };
    expect(screen.getByText("Cette réservation est terminée\u00a0: il n’y a plus rien à faire.", asWritten)).toBeTruthy();
  });
});

describe("a leg's forms", () => {
  const drivers = [{ id: 1, name: "Karim Benali", vehicle: "Mercedes Class V" }];

  it("name a round trip's leg", () => {
    renderIn(
      "en",
      <>
        <AssignDriverForm action={self} leg={2} legName="return" drivers={drivers} currentDriverId={null} busy={false} errorOf={noError} />
        <LandingTimeForm action={self} leg={1} legName="outbound" current="10:00" tracker={null} busy={false} errorOf={noError} />
      </>,
    );
    expect(screen.getByRole("combobox", { name: "Driver for the return" })).toBeTruthy();
    expect(screen.getByRole("option", { name: "Karim Benali (Mercedes Class V)" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Assign driver to the return" })).toBeTruthy();
    expect(screen.getByLabelText("New landing time of the outbound flight")).toBeTruthy();
  });

  it("keep a one-way booking's plain labels, in French", () => {
    renderIn(
      "fr",
      <>
        <AssignDriverForm action={self} leg={1} legName={null} drivers={drivers} currentDriverId={null} busy={false} errorOf={noError} />
        <LandingTimeForm
          action={self}
          leg={1}
          legName={null}
          current="10:00"
          tracker="https://example.com"
          busy={false}
          errorOf={noError}
        />
      </>,
    );
    expect(screen.getByRole("combobox", { name: "Chauffeur" })).toBeTruthy();
    expect(screen.getByRole("option", { name: "Choisissez un chauffeur" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Attribuer le chauffeur" })).toBeTruthy();
    expect(screen.getByLabelText("Nouvelle heure d’atterrissage")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Suivre le vol (s’ouvre dans un nouvel onglet)" })).toBeTruthy();
  });

  it("send staff to the drivers page when no driver is active", () => {
    renderIn(
      "fr",
      <AssignDriverForm action={self} leg={1} legName={null} drivers={[]} currentDriverId={null} busy={false} errorOf={noError} />,
    );
    expect(screen.getByRole("link", { name: "page des chauffeurs" }).getAttribute("href")).toBe("/admin/drivers");
  });
});

describe("LanguageForm", () => {
  it("keeps the traveller's language chosen among the six, each named in its own words, under French labels", () => {
    renderIn("fr", <LanguageForm action={self} locale="de" busy={false} errorOf={noError} />);
    const select = screen.getByRole("combobox", { name: "Langue du voyageur" }) as HTMLSelectElement;
    expect(select.value).toBe("de");
    expect(screen.getByRole("option", { name: "Deutsch" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Enregistrer la langue" })).toBeTruthy();
  });
});

describe("the booking's records", () => {
  const email = {
    id: 4,
    kind: "booking_confirmed" as const,
    recipient: "claire@example.com",
    subject: "Navette Paris: booking NV-7K3P2Q confirmed",
    state: "failed" as const,
    attempts: 3,
    createdAt: "20/05/2026 09:00",
    sentAt: "",
    copyOf: 2,
    resendable: true,
    notAgain: null,
  };

  it("lists the e-mails with their kind, state and attempts", () => {
    renderIn("en", <EmailsSection emails={[email]} action={self} busy={false} />);
    const row = screen.getAllByRole("row")[1]!;
    expect(
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual([
      "Confirmation (traveller) (copy)",
      "claire@example.com",
      "Navette Paris: booking NV-7K3P2Q confirmed",
      "Failed (3 attempts)",
      "20/05/2026 09:00",
      "Resend",
    ]);
  });

  it("lists them in French", () => {
    renderIn("fr", <EmailsSection emails={[{ ...email, attempts: 1, resendable: false }]} action={self} busy={false} />);
    const row = screen.getAllByRole("row")[1]!;
    expect(
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual([
      "Confirmation (voyageur) (copie)",
      "claire@example.com",
      "Navette Paris: booking NV-7K3P2Q confirmed",
      "Échec (1 tentative)",
      "20/05/2026 09:00",
      "Texte effacé",
    ]);
  });

  it("gives each history line its action, moment, person and detail as written", () => {
    const line = { id: 1, at: "20/05/2026 09:00", actor: "dispatch@navette.example", action: "Note", detail: "Called back.\nAll fine." };
    renderIn("en", <HistorySection history={[line]} />);
    expect(screen.getByRole("listitem").textContent).toBe("Note, 20/05/2026 09:00, dispatch@navette.example: Called back.All fine.");
    cleanup();
    renderIn("fr", <HistorySection history={[line]} />);
    expect(screen.getByRole("listitem").textContent).toBe("Note, 20/05/2026 09:00, dispatch@navette.example\u00a0: Called back.All fine.");
  });
});

describe("PaymentSection", () => {
  const payment = {
    price: "65,00 €",
    priceOverrideReason: null,
    paymentMode: "Card",
    paidAmount: "65,00 €",
    paidAt: "10/05/2026 12:00",
    refunded: "65,00 €",
    paymentProvider: "sandbox",
    paymentRef: "sbx_1",
    paymentIssue: null,
  };
  const refunds = [
    { id: "sbx_refund_1", outside: false, provider: "sandbox", amount: "65,00 €", date: "11/05/2026", time: "09:00" },
    { id: "outside_refund_1", outside: true, provider: "outside", amount: "10,00 €", date: "12/05/2026", time: "09:00" },
  ];

  it("gives the payment's provider and reference, and each refund", () => {
    renderIn("en", <PaymentSection payment={payment} refunds={refunds} />);
    expect(screen.getByText("Provider").nextElementSibling!.textContent).toBe("sandbox, payment sbx_1");
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "65,00 € through sandbox on 11/05/2026 09:00 (refund sbx_refund_1)",
      "10,00 € refunded outside the site on 12/05/2026 09:00 (refund outside_refund_1)",
    ]);
  });

  it("gives them in French, a payment with no reference by its provider alone", () => {
    renderIn("fr", <PaymentSection payment={{ ...payment, paymentRef: null }} refunds={refunds} />);
    expect(screen.getByText("Prestataire").nextElementSibling!.textContent).toBe("bac à sable");
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "65,00 €\u00a0: remboursement par le bac à sable le 11/05/2026 à 09:00 (réf. sbx_refund_1)",
      "10,00 €\u00a0: remboursement hors du site le 12/05/2026 à 09:00 (réf. outside_refund_1)",
    ]);
  });
});

describe("RideSteps", () => {
  const legs = [{ leg: 1, steps: [{ step: "on_my_way" as const, time: "07:12" }] }];

  it("gives each leg's recorded steps with their Paris times", () => {
    renderIn("en", <RideSteps legs={legs} />);
    expect(screen.getByRole("heading", { name: "Leg 1" })).toBeTruthy();
    expect(screen.getByRole("listitem").textContent).toBe("On my way at 07:12 (Paris time)");
  });

  it("gives them in French, and says when none is recorded", () => {
    renderIn("fr", <RideSteps legs={legs} />);
    expect(screen.getByRole("listitem").textContent).toBe("En route à 07:12 (heure de Paris)");
    cleanup();
    renderIn("fr", <RideSteps legs={[]} />);
    expect(screen.getByText("Rien n’a encore été enregistré par un chauffeur.")).toBeTruthy();
  });
});
