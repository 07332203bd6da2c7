import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe } from "vitest";
import { openDatabase } from "~/lib/db.server";
import { bookingSuite, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from "./booking-suite";
import { createTestDatabase, NO_POSTGRES, startChildServer, startSmtp, TEST_DATABASE_URL } from "./helpers";

// The booking back end on a real PostgreSQL server: the built server runs as production runs it
// (`node server/index.js` with DATABASE_URL), on a database created for this run and dropped after.
if (!TEST_DATABASE_URL) console.warn(`PostgreSQL integration tests ${NO_POSTGRES}`);

describe.skipIf(!TEST_DATABASE_URL)(`booking back end on PostgreSQL${TEST_DATABASE_URL ? "" : ` (${NO_POSTGRES})`}`, () => {
  bookingSuite(async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "navette-it-pg-"));
    const smtp = await startSmtp();
    const sandboxSecret = `it-sandbox-secret-${process.pid}-${Date.now()}`;
    const businessEmail = "bookings-pg@navette.example";
    const common = { DATABASE_URL: database.url, DATA_DIR: dataDir, SMTP_URL: smtp.url, SITE_EMAIL: businessEmail };
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
      logs: () => sandbox.output() + stripe.output(),
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
