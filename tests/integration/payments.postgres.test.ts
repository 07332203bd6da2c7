import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe } from "vitest";
import { openDatabase } from "~/lib/db.server";
import { createTestDatabase, NO_POSTGRES, startChildServer, startSmtp, TEST_DATABASE_URL } from "./helpers";
import { paymentsSuite, RETENTION_ENV, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from "./payments-suite";

// Payment safety and retention on a real PostgreSQL server: the built server as production runs
// it (`node server/index.js` with DATABASE_URL), a sandbox one and a Stripe one, on a database
// created for this run and dropped after.
describe.skipIf(!TEST_DATABASE_URL)(`payments and retention on PostgreSQL${TEST_DATABASE_URL ? "" : ` (${NO_POSTGRES})`}`, () => {
  paymentsSuite(async () => {
    const database = await createTestDatabase("navette_it_payments");
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "navette-it-payments-pg-"));
    const smtp = await startSmtp();
    const sandboxSecret = `it-payments-secret-${process.pid}-${Date.now()}`;
    const businessEmail = "payments-pg@navette.example";
    const common = { DATABASE_URL: database.url, DATA_DIR: dataDir, SMTP_URL: smtp.url, SITE_EMAIL: businessEmail, ...RETENTION_ENV };
    const sandbox = await startChildServer({ ...common, PAYMENT_SANDBOX_SECRET: sandboxSecret });
    const stripe = await startChildServer({ ...common, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET });
    const db = await openDatabase({ databaseUrl: database.url, pgliteDir: null });
    return {
      url: sandbox.url,
      stripeUrl: stripe.url,
      db: db.db,
      smtp,
      sandboxSecret,
      businessEmail,
      async close() {
        await Promise.all([sandbox.stop(), stripe.stop()]);
        await db.close();
        await smtp.close();
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  });
});
