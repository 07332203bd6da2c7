import { randomInt } from "node:crypto";
import { expect, type Page } from "@playwright/test";

/** The first administrator the suite's server creates at start (playwright.config.ts). */
export const OWNER = { email: "owner@navette.test", password: "owner password for tests" } as const;

/**
 * Signs in through the login form and waits for the back office to show. Each browser context
 * comes from an address of its own (the test server believes X-Forwarded-For from the machine
 * itself), as staff would from their own connections: the whole suite signing in from 127.0.0.1
 * would soon reach the per-address sign-in limit.
 */
export async function signIn(
  page: Page,
  account: { email: string; password: string } = OWNER,
  path = "/admin",
  /** The site's origin, for a spec that starts a server of its own; the suite's by default. */
  base = "",
): Promise<void> {
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": `198.51.100.${randomInt(1, 255)}` });
  await page.goto(`${base}/admin/login?next=${encodeURIComponent(path)}`);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
}
