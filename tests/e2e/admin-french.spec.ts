import { expect, test, type Browser, type Page } from "@playwright/test";
import { addDays, formatFrenchDate, parisToday } from "../../app/domain/booking/paris-time";
import { addMember, newAccount, otherPerson, ownAddress, signIn } from "./admin-helpers";
import { expectNoAxeViolations, MOBILE } from "./helpers";

/**
 * The back office's language, chosen per staff account on My account: a dispatcher who chooses
 * French gets the frame, My account, its refusals and the back office's refusals in French, keeps
 * it after signing in again, and goes back to English; the other members' back office stays English.
 * An administrator who works in French runs the staff page, takes a booking by phone and finds
 * every other page of the back office in French.
 */

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(ownAddress());
});

test.describe("the back office in French", () => {
  test("a dispatcher chooses French on My account, keeps it at the next sign-in, and goes back to English", async ({ page, browser }) => {
    test.slow();
    await signIn(page);
    const dispatcher = newAccount("francais");
    await addMember(page, dispatcher);

    const member = await otherPerson(browser);
    await signIn(member, dispatcher, "/admin/account");
    await expect(member.locator("html")).toHaveAttribute("lang", "en");
    await member.getByLabel("Language of the back office").selectOption({ label: "Français" });
    await member.getByRole("button", { name: "Save the language" }).click();

    await expect(member.getByRole("status")).toHaveText("Le back-office est désormais en français.");
    await expect(member.locator("html")).toHaveAttribute("lang", "fr");
    await expect(member).toHaveTitle("Mon compte · Back-office");
    await expect(member.getByRole("heading", { level: 1 })).toHaveText("Mon compte");
    await expect(member.getByText(`Test member (${dispatcher.email}), régulateur.`)).toBeVisible();
    const menu = member.getByRole("navigation", { name: "Back-office" });
    await expect(menu.getByRole("link", { name: "Tableau de bord" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Réservations" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Équipe" })).toHaveCount(0);
    await expect(member.getByLabel("Langue du back-office")).toHaveValue("fr");
    await expect(member.locator("main")).not.toHaveAttribute("lang");

    // The account's refusals, in French, each linked to its field.
    await member.getByRole("button", { name: "Modifier le mot de passe" }).click();
    const alert = member.getByRole("alert").filter({ hasText: "Rien n’a été modifié" });
    await expect(alert).toContainText("Saisissez votre mot de passe actuel.");
    await expect(alert).toContainText("Le mot de passe doit comporter au moins 12 caractères.");
    await expect(member.getByLabel("Mot de passe actuel")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(member, "My account in French, with its refusals");
    await member.getByLabel("Mot de passe", { exact: true }).fill("not the password at all");
    await member.getByRole("button", { name: "Activer la double authentification" }).click();
    await expect(member.getByRole("alert")).toContainText("Le mot de passe est incorrect.");

    // An administrators' page refuses in French too.
    const refused = await member.goto("/admin/staff");
    expect(refused?.status()).toBe(403);
    await expect(member.getByRole("heading", { name: "Accès refusé" })).toBeVisible();
    await expect(member.getByText("Cette page est réservée aux administrateurs.")).toBeVisible();
    await expect(member.getByRole("link", { name: "Retour au tableau de bord" })).toBeVisible();

    // A wrong address is refused in French.
    const missing = await member.goto("/admin/no-such-page");
    expect(missing?.status()).toBe(404);
    await expect(member.getByRole("heading", { name: "Page introuvable" })).toBeVisible();
    await expect(member.getByText("Aucune page du back-office ne se trouve à cette adresse.")).toBeVisible();

    // The choice is the account's: it holds after signing out and in again.
    await member.getByRole("button", { name: "Se déconnecter" }).click();
    await expect(member).toHaveURL(/\/admin\/login$/);
    await expect(member.locator("html")).toHaveAttribute("lang", "en");
    await signIn(member, dispatcher, "/admin/account");
    await expect(member.locator("html")).toHaveAttribute("lang", "fr");
    await expect(member.getByRole("heading", { level: 1 })).toHaveText("Mon compte");

    // The owner's back office, meanwhile, still speaks English.
    await page.goto("/admin/account");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My account");

    await member.getByLabel("Langue du back-office").selectOption({ label: "English" });
    await member.getByRole("button", { name: "Enregistrer la langue" }).click();
    await expect(member.getByRole("status")).toHaveText("The back office now speaks English.");
    await expect(member.locator("html")).toHaveAttribute("lang", "en");
    await expect(member.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Dashboard" })).toBeVisible();
    await member.context().close();
  });

  test("an administrator who works in French adds a member on the staff page, in French", async ({ page, browser }) => {
    test.slow();
    await signIn(page);
    const administrator = newAccount("administratrice");
    await addMember(page, administrator, "Administrator", "Claire Martin");
    const admin = await otherPerson(browser);
    await signIn(admin, administrator, "/admin/account");
    await admin.getByLabel("Language of the back office").selectOption("fr");
    await admin.getByRole("button", { name: "Save the language" }).click();
    await expect(admin.locator("html")).toHaveAttribute("lang", "fr");

    await admin.getByRole("navigation", { name: "Back-office" }).getByRole("link", { name: "Équipe" }).click();
    await expect(admin).toHaveTitle("Équipe · Back-office");
    await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Équipe");
    await expect(admin.getByRole("cell", { name: `${administrator.email} (vous)` })).toBeVisible();
    const form = admin.getByRole("region", { name: "Ajouter un membre" });
    await form.getByLabel("E-mail").fill("pas-une-adresse");
    await form.getByLabel("Rôle").selectOption({ label: "Régulateur" });
    await form.getByLabel("Mot de passe initial").fill("court");
    await form.getByRole("button", { name: "Ajouter le membre" }).click();
    const alert = admin.getByRole("alert").filter({ hasText: "Rien n’a été modifié" });
    await expect(alert).toContainText("Saisissez une adresse e-mail, par exemple nom@example.com.");
    await expect(alert).toContainText("Saisissez le nom du membre.");
    await expect(alert).toContainText("Le mot de passe doit comporter au moins 12 caractères.");
    await expectNoAxeViolations(admin, "the staff page in French, with its refusals");

    const colleague = newAccount("collegue");
    await form.getByLabel("E-mail").fill(colleague.email);
    await form.getByLabel("Nom").fill("Luc Bernard");
    await form.getByLabel("Mot de passe initial").fill(colleague.password);
    await form.getByRole("button", { name: "Ajouter le membre" }).click();
    await expect(admin.getByRole("status")).toHaveText(`${colleague.email} peut maintenant se connecter en tant que régulateur.`);
    await expect(admin.getByRole("row", { name: new RegExp(colleague.email) })).toContainText("Régulateur");

    // Their own account: what they may not do to it, said in French.
    await admin.getByRole("link", { name: `Gérer ${administrator.email}` }).click();
    await expect(admin.getByRole("heading", { name: `Gérer ${administrator.email}` })).toBeVisible();
    await expect(admin.getByText("C’est votre propre compte")).toBeVisible();
    const refused = await admin.request.post("/admin/staff", {
      form: { intent: "disable", userId: new URL(admin.url()).searchParams.get("member")! },
      headers: { Origin: new URL(admin.url()).origin },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("Vous ne pouvez pas désactiver votre propre compte.");
    await admin.context().close();
  });

  test("an administrator in French takes a booking by phone and finds every page in French", async ({ page, browser }) => {
    test.slow();
    const admin = await frenchAdministrator(page, browser, "telephone-fr");
    await admin.goto("/admin/bookings/new");
    await expect(admin).toHaveTitle("Nouvelle réservation par téléphone · Back-office");
    await admin.getByLabel("Départ").selectOption("Orly Airport (ORY)");
    await admin.getByLabel("Arrivée").selectOption("Disneyland Paris");
    await admin.getByLabel("Privé").check();
    await admin.getByRole("button", { name: "Continuer" }).click();
    await expect(admin.getByRole("heading", { name: "3. Aller" })).toBeVisible();

    // Refused in French, as the public form refuses in French: no name, a staff price without its reason.
    await admin.getByLabel("Date du transfert").fill(formatFrenchDate(parisToday(new Date())));
    await admin.getByLabel("Autre prix en euros").fill("70");
    await admin.getByRole("button", { name: "Enregistrer la réservation" }).click();
    const alert = admin.getByRole("alert");
    await expect(alert).toContainText("La réservation n’a pas été enregistrée");
    await expect(alert).toContainText("Indiquez pourquoi le prix diffère de celui du fichier des tarifs.");
    await expect(alert).not.toContainText("Please");
    await expectNoAxeViolations(admin, "the phone booking form in French, with its problems");

    await admin.getByLabel("Date du transfert").fill(formatFrenchDate(addDays(parisToday(new Date()), 4)));
    await admin.getByLabel("Heure d’atterrissage").fill("11:30");
    await admin.getByLabel("Numéro de vol").fill("EZY 123");
    await admin.getByLabel("Vol en provenance de (ville)").fill("Genève");
    await admin.getByLabel("Hôtel de la liste").selectOption({ index: 1 });
    await admin.getByLabel("Nom", { exact: true }).fill("Durand");
    await admin.getByLabel("Prénom").fill("Paul");
    await admin.getByLabel("E-mail", { exact: true }).fill("paul@example.com");
    await admin.getByLabel("Téléphone portable").fill("+33 6 11 22 33 44");
    await admin.getByLabel("Pourquoi le prix diffère").fill("Client régulier");
    await admin.getByLabel("Paiement à bord (espèces)").check();
    await admin.getByRole("button", { name: "Enregistrer la réservation" }).click();
    await expect(admin).toHaveURL(/\/admin\/bookings\/NV-[A-Z0-9]{6}\?done=created$/);
    const orderId = /NV-[A-Z0-9]{6}/.exec(admin.url())![0];
    await expect(admin.getByRole("status")).toContainText("La réservation est enregistrée.");
    await expect(admin.getByRole("heading", { level: 1 })).toContainText(`Réservation ${orderId}`);
    await expect(admin.getByText("Prise par téléphone", { exact: true })).toBeVisible();
    await expect(admin.getByRole("region", { name: "Historique" })).toContainText("Réservation prise par téléphone");
    await expectNoAxeViolations(admin, "a booking's page in French");
    await admin.getByRole("button", { name: "Confirmer" }).click();
    await expect(admin.getByRole("status")).not.toContainText("The booking");

    // Every other page, in French: its title, its heading, its words, and nothing for axe to find.
    for (const [path, heading] of [
      ["/admin", "Tableau de bord"],
      ["/admin/bookings", "Réservations"],
      ["/admin/run-sheet", /^Feuille de route, \S+ \d{1,2}(er)? \S+ \d{4}$/],
      ["/admin/runs", /^Tournées navette, \S+ \d{1,2}(er)? \S+ \d{4}$/],
      ["/admin/drivers", "Chauffeurs"],
      ["/admin/vehicles", "Véhicules"],
      ["/admin/prices", "Tarifs"],
      ["/admin/audit", "Journal"],
    ] as const) {
      await admin.goto(path);
      await expect(admin.locator("html")).toHaveAttribute("lang", "fr");
      await expect(admin.getByRole("heading", { level: 1 })).toHaveText(heading);
      expect(await textInPageLanguage(admin)).not.toMatch(/\b(the|Nothing|Choose|Save|Show)\b/);
      await expectNoAxeViolations(admin, `${path} in French`);
    }
    await admin.goto(`/admin/bookings?q=${orderId}`);
    await expect(admin.getByRole("row", { name: new RegExp(orderId) })).toContainText("Confirmée");
    await admin.context().close();
  });

  test("My account in French has no axe violations on a phone", async ({ page, browser }) => {
    await signIn(page);
    const dispatcher = newAccount("telephone");
    await addMember(page, dispatcher);
    const member = await otherPerson(browser);
    await member.setViewportSize(MOBILE);
    await signIn(member, dispatcher, "/admin/account");
    await member.getByLabel("Language of the back office").selectOption("fr");
    await member.getByRole("button", { name: "Save the language" }).click();
    await expect(member.locator("html")).toHaveAttribute("lang", "fr");
    await expectNoAxeViolations(member, "My account in French at 390 px");
    await member.context().close();
  });
});

/** A new administrator who chose French on My account, signed in on a page of their own. */
async function frenchAdministrator(page: Page, browser: Browser, label: string): Promise<Page> {
  await signIn(page);
  const account = newAccount(label);
  await addMember(page, account, "Administrator", "Claire Martin");
  const admin = await otherPerson(browser);
  await signIn(admin, account, "/admin/account");
  await admin.getByLabel("Language of the back office").selectOption("fr");
  await admin.getByRole("button", { name: "Save the language" }).click();
  await expect(admin.locator("html")).toHaveAttribute("lang", "fr");
  return admin;
}

/** The page's main content less what is marked as English (the audit log's details, the business's record). */
async function textInPageLanguage(page: Page): Promise<string> {
  return page.locator("main").evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    for (const english of copy.querySelectorAll('[lang="en"]')) english.remove();
    return copy.textContent ?? "";
  });
}
