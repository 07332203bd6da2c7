import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { addDays, formatFrenchDate, parisToday } from "../../app/domain/booking/paris-time";
import { HOTELS } from "../../app/domain/hotels";
import { bookingInput as input, fillCustomer, pickInCalendar, waitForReady } from "./helpers";
import { type SiteServer, startSite } from "./site-server";

// With Stripe on (docs/product.md, Payment and e-mails), the booking form's post is answered with
// a 303 to Stripe Checkout, and the browser must follow it: Chrome and Safari hold that redirect
// to the page's CSP form-action. The site's Stripe client talks to a small server of this test
// (STRIPE_API_BASE) that answers the Checkout Session creation as Stripe's API does, with the real
// Checkout origin in the session's URL. The browser resolves checkout.stripe.com to a stand-in
// HTTPS page of this test (a self-signed certificate, accepted for this browser only), because
// Playwright's routing does not see a redirect's target; no request leaves the machine.

const CHECKOUT_URL = "https://checkout.stripe.com/c/pay/cs_test_e2e_redirect#fidkdWxOYHwnPyd1blpxYHZxWjA0";

interface SessionRequest {
  path: string;
  authorization: string;
  form: URLSearchParams;
}

/** Answers POST /v1/checkout/sessions like Stripe's API, recording what the site asked. */
async function startStripeApi(): Promise<{ url: string; requests: SessionRequest[]; close(): Promise<void> }> {
  const requests: SessionRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/checkout/sessions") {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(
          JSON.stringify({ error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${req.url})` } }),
        );
        return;
      }
      const form = new URLSearchParams(body);
      requests.push({ path: req.url, authorization: req.headers.authorization ?? "", form });
      res.writeHead(200, { "content-type": "application/json", "request-id": "req_e2e" });
      res.end(
        JSON.stringify({
          id: "cs_test_e2e_redirect",
          object: "checkout.session",
          mode: "payment",
          status: "open",
          payment_status: "unpaid",
          client_reference_id: form.get("client_reference_id"),
          amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
          currency: form.get("line_items[0][price_data][currency]"),
          url: CHECKOUT_URL,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The stand-in for Stripe Checkout's page: HTTPS, certified for checkout.stripe.com by itself. */
async function startCheckoutStandIn(): Promise<{ port: number; visits: string[]; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "navette-e2e-checkout-"));
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=checkout.stripe.com",
      "-addext",
      "subjectAltName=DNS:checkout.stripe.com",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );
  const visits: string[] = [];
  const server = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    visits.push(`${req.method} https://${req.headers.host}${req.url}`);
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      "<!doctype html><html lang=en><link rel=icon href='data:,'><title>Stripe Checkout (stand-in)</title><h1>Stripe Checkout stand-in</h1></html>",
    );
  });
  rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    visits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let api: Awaited<ReturnType<typeof startStripeApi>>;
let checkout: Awaited<ReturnType<typeof startCheckoutStandIn>>;
let site: SiteServer;

test.beforeAll(async () => {
  test.setTimeout(60_000); // the site opens its PGlite store before it listens
  api = await startStripeApi();
  checkout = await startCheckoutStandIn();
  site = await startSite({
    env: { STRIPE_SECRET_KEY: "sk_test_e2e", STRIPE_WEBHOOK_SECRET: "whsec_e2e", STRIPE_API_BASE: api.url },
  });
});
test.afterAll(async () => {
  await site?.stop();
  await api?.close();
  await checkout?.close();
});

test("Book Now with Stripe on ends on Stripe Checkout's page, with no CSP violation", async ({ playwright, launchOptions }) => {
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP checkout.stripe.com 127.0.0.1:${checkout.port}`],
  });
  try {
    await bookAndPay(await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage());
  } finally {
    await browser.close();
  }
});

async function bookAndPay(page: Page): Promise<void> {
  // Every console error, across the navigations (a CSP refusal of the redirect is one).
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(`${message.text()} (${page.url()})`);
  });
  // Violations reported by each document before it is left.
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });

  // The policy the browser holds the redirect to: Stripe's Checkout origin is in form-action.
  const form = await page.goto(`${site.base}/reservation?depart=Charles_de_Gaulle_Airport_(CDG)&arrive=Disneyland_Paris&nb_pax=2`, {
    waitUntil: "load",
  });
  const formAction = (form?.headers()["content-security-policy"] ?? "").split(";").find((d) => d.trim().startsWith("form-action"));
  expect(formAction?.trim()).toBe("form-action 'self' https://checkout.stripe.com");
  await waitForReady(page);

  const day = addDays(parisToday(new Date()), 3);
  await pickInCalendar(page, "Date of the transfer", day);
  await expect(input(page, "french_date_pu_t1")).toHaveValue(formatFrenchDate(day));
  await input(page, "horaire_vol_pu_1").fill("10:00");
  await input(page, "city_vol_pu_1").fill("London");
  await input(page, "num_vol_pu_1").fill("BA304");
  await input(page, "hotel_n_drop_1").selectOption(String(HOTELS.find((h) => h.zip === "77700")!.id));
  await fillCustomer(page);

  await page.getByRole("button", { name: "Book Now" }).click();
  await page.waitForURL(CHECKOUT_URL, { timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Stripe Checkout stand-in" })).toBeVisible();

  // The site asked for one session, at the server's price, for the stored order.
  expect(api.requests).toHaveLength(1);
  const asked = api.requests[0]!;
  expect(asked.authorization).toBe("Bearer sk_test_e2e");
  expect(asked.form.get("mode")).toBe("payment");
  expect(asked.form.get("metadata[order_id]")).toMatch(/^NV-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/);
  expect(Number(asked.form.get("line_items[0][price_data][unit_amount]"))).toBeGreaterThan(0);
  expect(asked.form.get("success_url")).toBe(`${site.base}/response_bank_ok_ko?ok_ko=ok&order_id=${asked.form.get("metadata[order_id]")}`);
  expect(checkout.visits).toEqual([`GET ${CHECKOUT_URL.replace(/#.*$/, "")}`]);
  expect(consoleErrors).toEqual([]);
}
