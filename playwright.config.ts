import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";
import { SERVER_NODE_FLAGS } from "./scripts/built-server.mjs";

/**
 * Browser tests of the built site. `npm run test:e2e` builds first; this config only starts
 * the built server (server/index.js) on its own port, with a fresh data folder.
 */
// E2E_PORT lets two runs share a machine (a developer and a helper, say).
const PORT = Number(process.env.E2E_PORT ?? 3100);
const SITE_URL = `http://127.0.0.1:${PORT}`;

// Kept apart from Playwright's own output folder (test-results/playwright), which it empties
// at the start of every run while the server may already be using this one.
const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DATA_DIR = path.join(ROOT, "test-results", `server-data-${PORT}`);
if (process.env.TEST_WORKER_INDEX === undefined) {
  // Main process only: workers load this file too, while the server is running.
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  fs.mkdirSync(DATA_DIR, { recursive: true });
}

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/playwright-${PORT}`,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    ...devices["Desktop Chrome"],
    baseURL: SITE_URL,
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
      ],
    },
  },
  webServer: {
    command: ["node", ...SERVER_NODE_FLAGS, "server/index.js"].join(" "),
    url: `${SITE_URL}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      SITE_URL,
      DATA_DIR,
      NODE_ENV: "production",
      // The back office's first administrator (tests/e2e/admin-helpers.ts signs in with it).
      ADMIN_EMAIL: "owner@navette.test",
      ADMIN_PASSWORD: "owner password for tests",
    },
  },
});
