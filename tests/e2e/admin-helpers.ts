import { randomInt } from "node:crypto";
import { type Browser, expect, type Page } from "@playwright/test";

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
  // In the member's language: English, or French once they chose it.
  await expect(page.getByRole("button", { name: /^(Sign out|Se déconnecter)$/ })).toBeVisible();
}

export interface Account {
  email: string;
  password: string;
}

let counter = 0;
export function newAccount(label: string): Account {
  const id = `${Date.now().toString(36)}${(++counter).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { email: `${label}-${id}@navette.test`, password: `${label} password ${id}` };
}

/**
 * An address of its own for each person, sent as X-Forwarded-For (the suite's server believes its
 * loopback proxy): the sign-in limit counts 30 attempts per address, and every spec signs in
 * from 127.0.0.1.
 */
export function ownAddress(): Record<string, string> {
  const n = Math.floor(Math.random() * 65_000) + ++counter;
  return { "x-forwarded-for": `10.114.${(n >> 8) & 255}.${n & 255}` };
}

/** A page of its own (its own cookies and address), as a second person at another computer. */
export async function otherPerson(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  return context.newPage();
}

/** Adds a member through /admin/staff as the signed-in administrator of `page`. */
export async function addMember(page: Page, account: Account, role: "Dispatcher" | "Administrator" = "Dispatcher", name = "Test member") {
  await page.goto("/admin/staff");
  const form = page.getByRole("region", { name: "Add a member" });
  await form.getByLabel("E-mail").fill(account.email);
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Role").selectOption({ label: role });
  await form.getByLabel("Initial password").fill(account.password);
  await form.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByRole("status")).toContainText(`${account.email} can now sign in`);
  await expect(page.getByRole("row", { name: new RegExp(account.email) })).toBeVisible();
}
