import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe } from "vitest";
import { bookingSuite, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from "./booking-suite";
import { startInProcessServer, startSmtp } from "./helpers";

// The booking back end on the embedded PostgreSQL (PGlite, under DATA_DIR). PGlite admits one process, so the
// built app runs in this process (createServer from build/server/index.js, wired as main() wires
// it) and the test reads the very database it writes. The real `node server/index.js` on PGlite
// is exercised by properties.test.ts.
describe("booking back end on PGlite", () => {
  bookingSuite(async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "navette-it-pglite-"));
    const smtp = await startSmtp();
    const sandboxSecret = `it-sandbox-secret-${process.pid}-${Date.now()}`;
    const businessEmail = "bookings-pglite@navette.example";
    const common = { SMTP_URL: smtp.url, SITE_EMAIL: businessEmail, PAYMENT_SANDBOX_SECRET: sandboxSecret };
    const sandbox = await startInProcessServer({ dataDir, env: common });
    const stripe = await startInProcessServer({
      dataDir,
      database: sandbox.database,
      env: { ...common, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET },
    });
    return {
      url: sandbox.url,
      stripeUrl: stripe.url,
      db: sandbox.database.db,
      smtp,
      sandboxSecret,
      businessEmail,
      logs: null,
      async close() {
        await stripe.close();
        await sandbox.close();
        await smtp.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  });
});
