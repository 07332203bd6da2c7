import { expect, test } from "@playwright/test";
import { OWNER, signIn } from "./admin-helpers";
import { expectNoAxeViolations } from "./helpers";

test.describe("back office sign-in", () => {
  test("a signed-out visitor is sent to the login page, and back after signing in", async ({ page }) => {
    const response = await page.goto("/admin/bookings?status=new");
    expect(page.url()).toContain("/admin/login?next=%2Fadmin%2Fbookings%3Fstatus%3Dnew");
    expect(response?.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByRole("heading", { name: "Back office" })).toBeVisible();
    await page.getByLabel("E-mail").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/admin\/bookings\?status=new$/);
  });

  test("a wrong password is refused with one message, and signing out ends the session", async ({ page, context }) => {
    await page.goto("/admin/login");
    await page.getByLabel("E-mail").fill(OWNER.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toContainText("The e-mail or the password is wrong");
    await signIn(page);
    const cookie = (await context.cookies()).find((c) => c.name.endsWith("session_token"));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    // The old cookie no longer opens anything: the session is gone from the server.
    await context.addCookies([cookie!]);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login/);
  });

  test("every back-office address shows a signed-out visitor the login page", async ({ page }) => {
    for (const where of [
      "/admin",
      "/admin/bookings",
      "/admin/bookings/new",
      "/admin/bookings/NV-ABC123",
      "/admin/bookings.csv",
      "/admin/drivers",
      "/admin/vehicles",
      "/admin/run-sheet?date=2026-12-01",
      "/admin/runs?date=2026-12-01",
      "/admin/runs.csv?date=2026-12-01",
      "/admin/prices",
      "/admin/staff",
      "/admin/audit",
      "/admin/account",
      "/admin/anything-else",
    ]) {
      await page.goto(where);
      await expect(page, where).toHaveURL(`/admin/login?next=${encodeURIComponent(where)}`);
      await expect(page.getByRole("button", { name: "Sign in" }), where).toBeVisible();
    }
  });

  for (const width of [390, 1280]) {
    test(`the login page has no axe violations at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/admin/login");
      await expectNoAxeViolations(page, `login at ${width} px`);
    });
  }
});
