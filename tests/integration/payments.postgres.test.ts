import { describe } from "vitest";
import { NO_POSTGRES, startTwoSites, TEST_DATABASE_URL } from "./helpers";
import { paymentsSuite, RETENTION_ENV, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from "./payments-suite";

// Payment safety and retention on a real PostgreSQL server: the built server as production runs
// it (`node server/index.js` with DATABASE_URL), a sandbox one and a Stripe one, on a database
// created for this run and dropped after.
describe.skipIf(!TEST_DATABASE_URL)(`payments and retention on PostgreSQL${TEST_DATABASE_URL ? "" : ` (${NO_POSTGRES})`}`, () => {
  paymentsSuite(() =>
    startTwoSites({ on: "postgres", name: "payments", stripe: { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET }, env: RETENTION_ENV }),
  );
});
