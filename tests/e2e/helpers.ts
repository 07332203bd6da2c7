import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Browser, type BrowserContext, type ConsoleMessage, type Page } from "@playwright/test";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { say, type BookingMessage } from "../../app/domain/booking/messages";
import type { ParisDate } from "../../app/domain/booking/paris-time";
import { formatMessage } from "../../app/domain/message-format";
import type { Locale } from "../../app/domain/locales";
import { PRICE_FILE_COLUMNS, type PriceColumn } from "../../app/domain/pricing/csv";
import { AIRPORT_PAGES, CONTENT_PATHS, RATE_PRESETS } from "../../app/domain/site-paths";

/** Must match playwright.config.ts (the server's SITE_URL). */
export const SITE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
export const SITE_NAME = "Navette Paris";
export const VIP_URL = "https://vip.navette.example";

export const MOBILE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

export interface SiteRoute {
  /** The path requested. */
  path: string;
  /** The path of the canonical URL (aliases point at their main path). */
  canonical: string;
  /** Paths showing the same screen share a key; different screens must have different titles. */
  screen: string;
}

/** Every path that shows a page (docs/product.md, Routes), with its canonical path and screen. */
export const SITE_ROUTES: readonly SiteRoute[] = [
  ...CONTENT_PATHS.map((path) => ({ path, canonical: path, screen: path })),
  { path: "/booking", canonical: "/reservation", screen: "/reservation" },
  { path: "/informations", canonical: "/info", screen: "/info" },
  { path: "/response_bank_ok_ko", canonical: "/response_bank_ok_ko", screen: "/response_bank_ok_ko" },
  ...AIRPORT_PAGES.map((p) => ({ path: p.path, canonical: p.path, screen: `airport:${p.airport}:${p.firstTab}` })),
  // Presets with the same origin and destination show the same screen.
  ...RATE_PRESETS.map((p) => ({ path: p.path, canonical: p.path, screen: `rates:${p.from}:${p.to}` })),
];

export const SITEMAP_PATHS: readonly string[] = [...CONTENT_PATHS, ...AIRPORT_PAGES.map((p) => p.path), ...RATE_PRESETS.map((p) => p.path)];

/** A page's server HTML as a crawler reads it (no redirect followed), after checking it answers 200. */
export async function rawHtml(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status(), `status of ${path}`).toBe(200);
  return response.text();
}

export function absolute(path: string): string {
  return new URL(path, `${SITE_URL}/`).href;
}

/** A new page in its own context (axe needs pages built from browser.newContext()). */
export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: SITE_URL });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Records what must never happen on a page: console errors, uncaught exceptions, CSP violations
 * and dialogs (the app opens none). Call before the first goto.
 */
export class PageProblems {
  readonly console: string[] = [];
  readonly pageErrors: string[] = [];
  readonly dialogs: string[] = [];

  constructor(
    private readonly page: Page,
    private readonly ignore: (message: ConsoleMessage) => boolean = () => false,
  ) {
    page.on("console", (message) => {
      if (message.type() === "error" && !this.ignore(message)) {
        const where = message.location();
        this.console.push(`${message.text()} (${where.url}:${where.lineNumber})`);
      }
    });
    page.on("pageerror", (error) => this.pageErrors.push(error.message));
    page.on("dialog", (dialog) => {
      this.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss().catch(() => undefined);
    });
  }

  static async attach(page: Page, ignore?: (message: ConsoleMessage) => boolean): Promise<PageProblems> {
    await page.addInitScript(() => {
      const w = window as unknown as { __cspViolations: string[] };
      w.__cspViolations = [];
      document.addEventListener("securitypolicyviolation", (event) => {
        w.__cspViolations.push(
          `${event.violatedDirective} blocked ${event.blockedURI || "(inline)"} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
        );
      });
    });
    return new PageProblems(page, ignore);
  }

  /** Fails with everything recorded so far on this page. */
  async expectNone(): Promise<void> {
    const csp = await this.page
      .evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])
      .catch(() => ["(could not read the recorded CSP violations)"]);
    expect
      .soft(
        { console: this.console, pageErrors: this.pageErrors, cspViolations: csp, dialogs: this.dialogs },
        `problems on ${this.page.url()}`,
      )
      .toEqual({ console: [], pageErrors: [], cspViolations: [], dialogs: [] });
  }
}

/**
 * Opens a path and waits until it is interactive: the load event (public/js/menu.js is a
 * classic script at the end of <body>, so it has run by then) and, on the pages that ship
 * React (docs/decisions/0005), the end of hydration.
 */
export async function gotoReady(page: Page, path: string): Promise<void> {
  const response = await page.goto(path, { waitUntil: "load" });
  expect(response, `no response for ${path}`).not.toBeNull();
  await waitForReady(page);
}

export async function waitForReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      if (document.readyState !== "complete") return false;
      // React Router's framework mode writes this inline on every page it hydrates.
      if (!("__reactRouterContext" in window)) return true;
      const main = document.getElementById("main");
      return main !== null && Object.keys(main).some((k) => k.startsWith("__reactProps$") || k.startsWith("__reactFiber$"));
    },
    undefined,
    { timeout: 10_000 },
  );
}

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Runs axe on the page as it is now; a soft failure lists every violation in a fixable form. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const report = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.join(" "), summary: n.failureSummary ?? "" })),
  }));
  if (report.length > 0) {
    const text = report
      .map(
        (v) =>
          `- ${v.id} [${v.impact ?? "?"}] ${v.help}\n` +
          v.nodes.map((n) => `    at ${n.target}\n      ${n.summary.replace(/\n/g, "\n      ")}`).join("\n"),
      )
      .join("\n");
    console.log(`axe violations on ${label}:\n${text}`);
  }
  expect.soft(report, `axe violations on ${label}`).toEqual([]);
}

/** Collapses runs of white space (including no-break spaces) to one plain space. */
export function squash(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

// --- Raw HTML inspection (no JavaScript) -------------------------------------------------------

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(parseInt(dec, 10)))
    .replace(/&amp;/g, "&");
}

export type Attributes = Record<string, string>;

/** The attributes of every `<tagName …>` in the document's <head>. */
export function headTags(html: string, tagName: string): Attributes[] {
  const head = html.slice(0, Math.max(html.indexOf("</head>"), 0));
  const tags: Attributes[] = [];
  for (const match of head.matchAll(new RegExp(`<${tagName}\\b([^>]*)>`, "gi"))) {
    const attrs: Attributes = {};
    for (const a of (match[1] ?? "").matchAll(/([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      attrs[(a[1] ?? "").toLowerCase()] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? "");
    }
    tags.push(attrs);
  }
  return tags;
}

export function titlesOf(html: string): string[] {
  const head = html.slice(0, Math.max(html.indexOf("</head>"), 0));
  return [...head.matchAll(/<title[^>]*>([\s\S]*?)<\/title>/gi)].map((m) => decodeEntities(m[1] ?? "").trim());
}

/** The content of every <meta> whose name or property is `key`. */
export function metaContents(html: string, key: string): string[] {
  return headTags(html, "meta")
    .filter((m) => m.name === key || m.property === key)
    .map((m) => m.content ?? "");
}

export function linkHrefs(html: string, rel: string): string[] {
  return headTags(html, "link")
    .filter((l) => (l.rel ?? "").split(/\s+/).includes(rel))
    .map((l) => l.href ?? "");
}

/** Picks a Paris calendar day in the date field's calendar (it opens on the first selectable day). */
export async function pickInCalendar(page: Page, label: string, day: ParisDate): Promise<void> {
  await page
    .getByRole("button", {
      name: new RegExp(`^Choose in a calendar\\s*:\\s*${label}$`),
    })
    .click();
  const dialog = page.getByRole("dialog", { name: label });
  await expect(dialog).toBeVisible();
  const wanted = `${new Date(Date.UTC(day.year, day.month - 1, 15)).toLocaleString("en-US", { month: "long", timeZone: "UTC" })} ${day.year}`;
  const header = dialog.locator(".react-datepicker__current-month");
  for (let i = 0; i < 4 && (await header.textContent()) !== wanted; i++) {
    await dialog.getByRole("button", { name: "Next Month" }).click();
  }
  await expect(header).toHaveText(wanted);
  await dialog.locator(`.react-datepicker__day--${String(day.day).padStart(3, "0")}:not(.react-datepicker__day--outside-month)`).click();
  await expect(dialog).toHaveCount(0);
}

/** A control of the booking form, by its field name. */
export const bookingInput = (page: Page, name: string) => page.locator(`form.booking-form [name="${name}"]`);

/** Fills the booking form's customer block as a visitor types it (the phone after its country code). */
export async function fillCustomer(page: Page): Promise<void> {
  await bookingInput(page, "lastname").fill("Lovelace");
  await bookingInput(page, "firstname").fill("Ada");
  await bookingInput(page, "email").fill("ada@example.com");
  await bookingInput(page, "phone_mobile").click();
  await page.keyboard.press("End");
  await page.keyboard.type("612345678");
}

/**
 * The price file's text with price1 of its first CDG → Disneyland shuttle, card, one-way row set to
 * `cents` (the browser tests that change prices edit this one cell of the shipped file).
 */
export function withCdgShuttlePrice1(text: string, cents: number | string): string {
  const lines = text.split("\n");
  const header = lines[0]!.split(";");
  const col = (name: PriceColumn) => header.indexOf(name);
  expect(header).toEqual([...PRICE_FILE_COLUMNS]);
  const i = lines.findIndex((line) => {
    const f = line.split(";");
    return (
      f[col("shuttle")] === "0" &&
      f[col("Depart")] === "Charles de Gaulle Airport (CDG)" &&
      f[col("Arrive")] === "Disneyland Paris" &&
      f[col("aller_retour")] === "1" &&
      f[col("mode_paiement")] === "2"
    );
  });
  expect(i, "the shipped file has a CDG → Disneyland shuttle card one-way row").toBeGreaterThan(0);
  const fields = lines[i]!.split(";");
  fields[col("price1")] = String(cents);
  lines[i] = fields.join(";");
  return lines.join("\n");
}

/** A catalogue's messages in one language, as the site's pages read them: key → ICU text. */
export function catalogue(locale: Locale, name: string): Record<string, string> {
  return JSON.parse(readFileSync(new URL(`../../app/locales/${locale}/${name}.json`, import.meta.url), "utf8")) as Record<string, string>;
}

/** A catalogue's words in `locale`, as the server writes them: a message by its key, its placeholders filled. */
export function catalogueWords(locale: Locale, name: string): (key: string, values?: Readonly<Record<string, string | number>>) => string {
  const messages = catalogue(locale, name);
  return (key, values = {}) => formatMessage(compileMessageOrThrow(messages[key] ?? key), values, locale);
}

/** A booking rule's message in words, as the form in `locale` writes it. */
export function bookingText(message: BookingMessage, locale: Locale = "en"): string {
  const words = catalogue(locale, "booking");
  return say((key, values = {}) => formatMessage(compileMessageOrThrow(words[key] ?? key), values, locale), message);
}
