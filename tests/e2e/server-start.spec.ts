import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createServer as createNetServer } from "node:net";
import { expect, test } from "@playwright/test";
import { startSite } from "./site-server";

/**
 * Starts the built server with extra settings and a data folder of its own (it opens its database
 * before it listens, and a new PGlite folder takes seconds); resolves with its exit code and
 * output, or stops it after `waitMs`.
 */
function startServer(env: Record<string, string>, waitMs = 30_000): Promise<{ code: number | null; output: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "navette-start-"));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["server/index.js"], {
      env: { ...process.env, HOST: "127.0.0.1", DATA_DIR: dataDir, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill("SIGTERM"), waitMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, output });
    });
  });
}

test.describe("settings at start", () => {
  test("a bad value stops the server with a message naming the variable", async () => {
    const { code, output } = await startServer({ PORT: "3197", SITE_URL: "not a url" });
    expect(code).toBe(1);
    expect(output).toContain("Invalid setting: SITE_URL");
    expect(output).not.toMatch(/\bat .+:\d+:\d+\)/); // no stack trace
  });

  test("a public https site with neither Stripe nor PAYMENT_PROVIDER=sandbox refuses to start, naming the setting", async () => {
    const { code, output } = await startServer({ PORT: "3195", SITE_URL: "https://navette.example", PAYMENT_PROVIDER: "" });
    expect(code).toBe(1);
    expect(output).toContain("Invalid setting: PAYMENT_PROVIDER must be set");
    expect(output).not.toContain("listening on");
    expect(output).not.toMatch(/\bat .+:\d+:\d+\)/);
  });

  test("a port another process holds stops the server with a message, instead of a false 'listening'", async () => {
    const holder = createNetServer();
    await new Promise<void>((resolve) => holder.listen(3196, "127.0.0.1", resolve));
    try {
      const { code, output } = await startServer({ PORT: "3196", SITE_URL: "http://127.0.0.1:3196" });
      expect(code).toBe(1);
      expect(output).toContain("Cannot listen on 127.0.0.1:3196: another process is using it");
      expect(output).not.toContain("listening on");
      expect(output).not.toMatch(/\bat .+:\d+:\d+\)/);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  test("the settings reach the pages: name, phone, VIP link and canonical URLs", async ({ browser }) => {
    const site = await startSite({
      env: {
        SITE_URL: "https://navette.example",
        PAYMENT_PROVIDER: "sandbox",
        SITE_NAME: "Navette Test",
        SITE_PHONE: "+33 6 11 22 33 44",
        VIP_URL: "https://limo.example",
      },
    });
    try {
      const base = site.base;
      const html = await (await fetch(`${base}/cars`)).text();
      expect(html).toContain("<title>");
      expect(html).toMatch(/<title>[^<]*Navette Test<\/title>/);
      expect(html).toContain('href="tel:+33611223344"');
      expect(html).toContain('href="https://limo.example"');
      expect(html).toContain('<link rel="canonical" href="https://navette.example/cars"/>');
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${base}/`);
      await expect(page.getByRole("link", { name: /Navette Test/ }).first()).toBeVisible();
      await context.close();
    } finally {
      await site.stop();
    }
  });

  test("without NODE_ENV the built site runs in production mode, and a malformed address gets a plain sentence", async () => {
    const site = await startSite({ env: { NODE_ENV: "" } });
    try {
      expect(site.output()).toContain(`listening on ${site.base} (production)`);
      const response = await fetch(`${site.base}/%E0%A4%A`);
      expect(response.status).toBe(400);
      const text = await response.text();
      expect(text).toBe("This address could not be read. Please check it and try again.");
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    } finally {
      await site.stop();
    }
  });
});
