import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { expect, type Page, test } from "@playwright/test";
import { addMember, newAccount, otherPerson, OWNER, ownAddress, signIn } from "./admin-helpers";
import { DESKTOP, expectNoAxeViolations, MOBILE } from "./helpers";

/**
 * Staff accounts, the second factor and the audit page, as an administrator and a dispatcher use
 * them. Each test makes its own members (their e-mails carry a random part), so the tests run in
 * any order and side by side.
 */

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(ownAddress());
});

/** Opens the manage panel of one member on /admin/staff. */
async function manage(page: Page, email: string) {
  await page.goto("/admin/staff");
  await page.getByRole("link", { name: `Manage ${email}` }).click();
  await expect(page.getByRole("heading", { name: `Manage ${email}` })).toBeVisible();
}

/** The app's one-time codes for an otpauth:// address. */
function authenticator(uri: string) {
  return createOTP(new TextDecoder().decode(base32.decode(new URL(uri).searchParams.get("secret")!)));
}

/** The code an authenticator app shows now. */
async function codeFor(uri: string): Promise<string> {
  return authenticator(uri).totp();
}

/** The code the app shows next (the window accepts one step either side): a code works once. */
async function nextCodeFor(uri: string): Promise<string> {
  return authenticator(uri).hotp(Math.floor(Date.now() / 30_000) + 1);
}

test.describe("staff accounts", () => {
  test("the owner adds a dispatcher, who is refused the administrators' pages and sees no link to them", async ({ page, browser }) => {
    await signIn(page);
    const dispatcher = newAccount("dispatcher");
    await addMember(page, dispatcher);

    // Bad input changes nothing and says why, field by field.
    const form = page.getByRole("region", { name: "Add a member" });
    await form.getByLabel("E-mail").fill(dispatcher.email.toUpperCase());
    await form.getByLabel("Name").fill("Someone else");
    await form.getByLabel("Initial password").fill("another long password");
    await form.getByRole("button", { name: "Add member" }).click();
    await expect(page.getByRole("alert")).toContainText("A staff account with this e-mail already exists.");
    const short = newAccount("short");
    await form.getByLabel("E-mail").fill(short.email);
    await form.getByLabel("Initial password").fill("too short");
    await form.getByRole("button", { name: "Add member" }).click();
    await expect(page.getByRole("alert")).toContainText("A password needs at least 12 characters.");
    await expect(page.getByRole("row", { name: new RegExp(short.email) })).toHaveCount(0);

    const other = await otherPerson(browser);
    await signIn(other, dispatcher);
    const menu = other.getByRole("navigation", { name: "Back office" });
    await expect(menu.getByRole("link", { name: "Bookings" })).toBeVisible();
    for (const label of ["Vehicles", "Staff", "Prices", "Audit"]) await expect(menu.getByRole("link", { name: label })).toHaveCount(0);
    for (const path of ["/admin/vehicles", "/admin/staff", "/admin/prices", "/admin/audit"]) {
      const response = await other.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(other.getByRole("heading", { name: "Not allowed" })).toBeVisible();
    }
    // A dispatcher's post to the staff page is refused too: the action checks the role itself.
    const post = await other.request.post("/admin/staff", {
      form: { intent: "disable", userId: "anyone" },
      headers: { Origin: new URL(other.url()).origin },
    });
    expect(post.status()).toBe(403);
    const vehicles = await other.request.post("/admin/vehicles", {
      form: { intent: "deactivate", id: "1" },
      headers: { Origin: new URL(other.url()).origin },
    });
    expect(vehicles.status()).toBe(403);
    await other.context().close();
  });

  test("disabling ends a member's open session at once; re-enabling and a password reset let them back in", async ({ page, browser }) => {
    await signIn(page);
    const member = newAccount("member");
    await addMember(page, member);
    const other = await otherPerson(browser);
    await signIn(other, member);

    await manage(page, member.email);
    await page.getByRole("button", { name: "Disable account" }).click();
    await expect(page.getByRole("status")).toContainText(`${member.email} is disabled`);
    await expect(page.getByRole("row", { name: new RegExp(member.email) })).toContainText("Disabled");

    // The member's very next page load is the login page, and signing in is refused.
    await other.goto("/admin/bookings");
    await expect(other).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fbookings$/);
    await other.getByLabel("E-mail").fill(member.email);
    await other.getByLabel("Password").fill(member.password);
    await other.getByRole("button", { name: "Sign in" }).click();
    await expect(other.getByRole("alert")).toContainText("or the account is disabled");

    await page.getByRole("button", { name: "Re-enable account" }).click();
    await expect(page.getByRole("status")).toContainText(`${member.email} can sign in again`);
    const reset = { email: member.email, password: "a brand new password for the member" };
    await page.getByLabel("New password").fill(reset.password);
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByRole("status")).toContainText(`The password of ${member.email} is reset`);
    await signIn(other, reset);

    // Promoted, the member sees the administrators' pages.
    await page.getByLabel("Role").selectOption({ label: "Administrator" });
    await page.getByRole("button", { name: "Change role" }).click();
    await expect(page.getByRole("status")).toContainText(`${member.email} is now administrator`);
    await other.goto("/admin/staff");
    await expect(other.getByRole("heading", { name: "Staff", level: 1 })).toBeVisible();

    // An administrator cannot disable or demote themself: their own panel offers neither, and a
    // hand-made post is refused with nothing changed.
    await manage(other, member.email);
    await expect(other.getByRole("button", { name: "Disable account" })).toHaveCount(0);
    const self = await other.request.post("/admin/staff", {
      form: { intent: "set-role", userId: new URL(other.url()).searchParams.get("member")!, role: "dispatcher" },
      headers: { Origin: new URL(other.url()).origin },
    });
    expect(self.status()).toBe(400);
    expect(await self.text()).toContain("You cannot take the administrator role from yourself");
    await other.context().close();
  });

  test("a member turns on the second factor, and signing in then asks for a code", async ({ page, browser }) => {
    // Five sign-ins (each an argon2id check), four axe scans and the audit page: about 25 s on a
    // quiet machine, past the default 30 s on a busy CI machine.
    test.slow();
    await signIn(page);
    const member = newAccount("totp");
    await addMember(page, member);
    const other = await otherPerson(browser);
    await signIn(other, member);

    await other.goto("/admin/account");
    const panel = other.getByRole("region", { name: "Second factor" });
    await panel.getByLabel("Password").fill(member.password);
    await panel.getByRole("button", { name: "Turn on the second factor" }).click();
    await expect(panel.getByRole("img", { name: "QR code of your authenticator key" })).toBeVisible();
    const uri = await other.locator('input[name="uri"]').inputValue();
    expect(uri).toMatch(/^otpauth:\/\/totp\/Navette:.+secret=[A-Z2-7]+/);
    const backupCodes = await panel.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allInnerTexts();
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    for (const width of [MOBILE, DESKTOP]) {
      await other.setViewportSize(width);
      await expectNoAxeViolations(other, `account with a QR code at ${width.width} px`);
    }

    // A wrong code keeps the QR code on screen; the right one turns the factor on.
    await panel.getByLabel("Code from the app").fill("000000" === (await codeFor(uri)) ? "111111" : "000000");
    await panel.getByRole("button", { name: "Verify and turn on" }).click();
    await expect(other.getByRole("alert")).toContainText("This code is not right");
    await expect(panel.getByRole("img", { name: "QR code of your authenticator key" })).toBeVisible();
    const turnedOnWith = await codeFor(uri);
    await panel.getByLabel("Code from the app").fill(turnedOnWith);
    await panel.getByRole("button", { name: "Verify and turn on" }).click();
    await expect(other.getByRole("status")).toContainText("The second factor is on");
    await expect(panel).toContainText("On.");

    // Signing in again: the password, then the code step.
    await other.getByRole("button", { name: "Sign out" }).click();
    await expect(other).toHaveURL(/\/admin\/login$/);
    await other.goto("/admin/login?next=%2Fadmin%2Fdrivers");
    await other.getByLabel("E-mail").fill(member.email);
    await other.getByLabel("Password").fill(member.password);
    await other.getByRole("button", { name: "Sign in" }).click();
    await expect(other).toHaveURL(/\/admin\/login\/code\?next=%2Fadmin%2Fdrivers$/);
    // Until the code, the sign-in gives no session.
    expect(((await other.context().cookies()).find((c) => c.name.endsWith("session_token"))?.value ?? "") === "").toBe(true);
    for (const width of [MOBILE, DESKTOP]) {
      await other.setViewportSize(width);
      await expectNoAxeViolations(other, `code step at ${width.width} px`);
    }
    await other.getByLabel("Code").fill("12345");
    await other.getByRole("button", { name: "Verify" }).click();
    await expect(other.getByRole("alert")).toContainText("Enter the 6-digit code");
    // The code that turned the factor on has been used: it does not sign in again.
    await other.getByLabel("Code").fill(turnedOnWith);
    await other.getByRole("button", { name: "Verify" }).click();
    await expect(other.getByRole("alert")).toContainText("This code is not right");
    await other.getByLabel("Code").fill(await nextCodeFor(uri));
    await other.getByRole("button", { name: "Verify" }).click();
    await expect(other).toHaveURL(/\/admin\/drivers$/);
    await expect(other.getByRole("button", { name: "Sign out" })).toBeVisible();

    // A backup code also completes a sign-in, once.
    await other.getByRole("button", { name: "Sign out" }).click();
    await expect(other).toHaveURL(/\/admin\/login$/);
    await other.getByLabel("E-mail").fill(member.email);
    await other.getByLabel("Password").fill(member.password);
    await other.getByRole("button", { name: "Sign in" }).click();
    await other.getByLabel("Code").fill(backupCodes[0]!.trim());
    await other.getByRole("button", { name: "Verify" }).click();
    await expect(other.getByRole("button", { name: "Sign out" })).toBeVisible();

    // The administrator sees the factor on, and the audit page has the member's sign-ins.
    await page.goto("/admin/staff");
    await expect(page.getByRole("row", { name: new RegExp(member.email) })).toContainText("On");
    // The person is chosen by name and travels in the address as the account's opaque id, never its e-mail.
    await page.goto("/admin/audit");
    await page.getByLabel("Person").selectOption({ label: `Test member (${member.email})` });
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/[?&]person=[A-Za-z0-9_-]+/);
    expect(page.url()).not.toMatch(/@|%40/);
    expect(decodeURIComponent(page.url())).not.toContain(member.email);
    await expect(page.getByLabel("Person")).toHaveValue(new URL(page.url()).searchParams.get("person")!);
    const rows = page.getByRole("table").getByRole("row");
    await expect(rows.filter({ hasText: "Signed in with a backup code." })).toHaveCount(1);
    await expect(rows.filter({ hasText: "Signed in with a code from the app." })).toHaveCount(1);
    await expect(rows.filter({ hasText: "Second factor turned on" })).toHaveCount(1);
    // Only the member's rows: none of the administrator's.
    await expect(rows.filter({ hasText: OWNER.email })).toHaveCount(0);
    await other.context().close();
  });

  test("the audit page lists the sign-ins and the staff changes, newest first, filtered by action", async ({ page }) => {
    await signIn(page);
    const member = newAccount("audited");
    await addMember(page, member);
    await manage(page, member.email);
    await page.getByRole("button", { name: "Disable account" }).click();
    await expect(page.getByRole("status")).toContainText("is disabled");

    await page.goto("/admin/audit");
    const body = page.getByRole("table").getByRole("row");
    // Newest first: the disabling, then the addition, both under the owner's account.
    const disabled = body.filter({ hasText: `Disabled ${member.email}` });
    const added = body.filter({ hasText: `Added ${member.email}` });
    await expect(disabled).toContainText(OWNER.email);
    await expect(disabled).toContainText("Staff member disabled");
    await expect(added).toContainText("Staff member added");
    await expect(disabled).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    const texts = await body.allInnerTexts();
    expect(texts.findIndex((t) => t.includes(`Disabled ${member.email}`))).toBeLessThan(
      texts.findIndex((t) => t.includes(`Added ${member.email}`)),
    );
    await expect(body.filter({ hasText: "Signed in" }).first()).toBeVisible();

    await page.getByLabel("Action").selectOption({ label: "Staff member added" });
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/action=staff_added/);
    await expect(page.getByRole("table").getByRole("row").filter({ hasText: "Staff member disabled" })).toHaveCount(0);
    await expect(
      page
        .getByRole("table")
        .getByRole("row")
        .filter({ hasText: `Added ${member.email}` }),
    ).toHaveCount(1);
  });

  for (const size of [MOBILE, DESKTOP]) {
    test(`the staff, account and audit pages have no axe violations at ${size.width} px`, async ({ page }) => {
      // Three pages, each read by axe: 25 s alone on a 2-core machine, more beside other work.
      test.slow();
      await page.setViewportSize(size);
      await signIn(page);
      await page.goto("/admin/staff");
      await expectNoAxeViolations(page, `staff at ${size.width} px`);
      await manage(page, OWNER.email);
      await expectNoAxeViolations(page, `staff, own panel at ${size.width} px`);
      await page.goto("/admin/account");
      await expectNoAxeViolations(page, `account at ${size.width} px`);
      await page.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByRole("alert")).toBeVisible();
      await expectNoAxeViolations(page, `account with errors at ${size.width} px`);
      await page.goto("/admin/audit");
      await expectNoAxeViolations(page, `audit at ${size.width} px`);
    });
  }
});
