import { describe } from "vitest";
import { startTwoSites } from "./helpers";
import { paymentsSuite, RETENTION_ENV, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from "./payments-suite";

// Payment safety and retention on the embedded PostgreSQL (PGlite): the built app runs in this
// process (PGlite admits one), a sandbox site and a Stripe site on one database the test reads.
describe("payments and retention on PGlite", () => {
  paymentsSuite(() =>
    startTwoSites({ on: "pglite", name: "payments", stripe: { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET }, env: RETENTION_ENV }),
  );
});
