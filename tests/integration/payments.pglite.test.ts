import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe } from "vitest";
import { startInProcessServer, startSmtp } from "./helpers";
import { paymentsSuite, RETENTION_ENV, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from "./payments-suite";

// Payment safety and retention on the embedded PostgreSQL (PGlite): the built app runs in this
// process (PGlite admits one), a sandbox site and a Stripe site on one database the test reads.
describe("payments and retention on PGlite", () => {
  paymentsSuite(async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "navette-it-payments-pglite-"));
    const smtp = await startSmtp();
    const sandboxSecret = `it-payments-secret-${process.pid}-${Date.now()}`;
    const businessEmail = "payments-pglite@navette.example";
    const common = { SMTP_URL: smtp.url, SITE_EMAIL: businessEmail, ...RETENTION_ENV, PAYMENT_SANDBOX_SECRET: sandboxSecret };
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
      async close() {
        await stripe.close();
        await sandbox.close();
        await smtp.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  });
});
