import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { readSettings } from "~/lib/settings.server";
import { securityHeaders, withInlineHashes } from "./security-headers";

const servers: Array<{ close: () => void }> = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

async function headersFor(env: Record<string, string>): Promise<[Headers, Headers]> {
  const app = express();
  app.use(securityHeaders(readSettings(env)));
  app.get("/", (_req, res) => {
    res.send(`nonce=${String(res.locals.nonce)}`);
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address() as AddressInfo;
  const a = await fetch(`http://127.0.0.1:${port}/`);
  const b = await fetch(`http://127.0.0.1:${port}/`);
  expect(await a.text()).toMatch(/^nonce=.{20,}/);
  return [a.headers, b.headers];
}

function directive(csp: string, name: string): string {
  return csp.split(";").find((d) => d.trim().startsWith(`${name} `)) ?? "";
}

describe("security headers", () => {
  it("sends a strict CSP with a fresh nonce per request", async () => {
    const [a, b] = await headersFor({});
    const cspA = a.get("content-security-policy") ?? "";
    const cspB = b.get("content-security-policy") ?? "";
    expect(directive(cspA, "script-src")).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]+'$/);
    expect(cspA).not.toContain("unsafe-inline");
    expect(cspA).not.toContain("unsafe-eval");
    expect(directive(cspA, "script-src")).not.toBe(directive(cspB, "script-src"));
    expect(cspA).toContain("default-src 'self'");
    expect(cspA).toContain("frame-ancestors 'none'");
    expect(directive(cspA, "form-action")).toBe("form-action 'self'");
    expect(directive(cspA, "connect-src")).toBe("connect-src 'self' https://api.emailjs.com");
    expect(a.get("x-content-type-options")).toBe("nosniff");
    expect(a.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(a.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(a.get("permissions-policy")).toContain("camera=()");
    expect(a.get("strict-transport-security")).toBeNull();
  });

  it("lets forms post to an external booking endpoint and sends HSTS only over HTTPS", async () => {
    const [h] = await headersFor({ BOOKING_ENDPOINT: "https://legacy.example/confirm.php", HSTS: "1" });
    const csp = h.get("content-security-policy") ?? "";
    expect(directive(csp, "form-action")).toBe("form-action 'self' https://legacy.example");
    expect(csp).toContain("upgrade-insecure-requests");
    expect(h.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains; preload");
  });
});

describe("form-action with Stripe", () => {
  const stripe = { STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" };

  it("allows the redirect to Stripe Checkout after the booking form's post", async () => {
    const [h] = await headersFor(stripe);
    expect(directive(h.get("content-security-policy") ?? "", "form-action")).toBe("form-action 'self' https://checkout.stripe.com");
  });

  it("keeps an external booking endpoint beside it", async () => {
    const [h] = await headersFor({ ...stripe, BOOKING_ENDPOINT: "https://legacy.example/confirm.php" });
    expect(directive(h.get("content-security-policy") ?? "", "form-action")).toBe(
      "form-action 'self' https://legacy.example https://checkout.stripe.com",
    );
  });

  it("does not allow Stripe when the sandbox takes the payments", async () => {
    const [h] = await headersFor({ ...stripe, PAYMENT_PROVIDER: "sandbox" });
    expect(directive(h.get("content-security-policy") ?? "", "form-action")).toBe("form-action 'self'");
  });
});

describe("withInlineHashes", () => {
  const csp = "default-src 'self';script-src 'self' 'nonce-abc+/=';style-src 'self' 'nonce-abc+/=';img-src 'self' data:";
  it.each([
    [
      ["'sha256-s1'", "'sha256-s2'"],
      ["'sha256-t'"],
      "default-src 'self';script-src 'self' 'sha256-s1' 'sha256-s2';style-src 'self' 'sha256-t';img-src 'self' data:",
    ],
    [[], ["'sha256-t'"], "default-src 'self';script-src 'self';style-src 'self' 'sha256-t';img-src 'self' data:"],
    [[], [], "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:"],
  ])("scripts %j, styles %j", (scripts, styles, expected) => {
    expect(withInlineHashes(csp, scripts, styles)).toBe(expected);
  });

  it("leaves a policy without nonces as it is", () => {
    expect(withInlineHashes("default-src 'none'", ["'sha256-x'"], [])).toBe("default-src 'none'");
  });
});
