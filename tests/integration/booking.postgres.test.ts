import { describe } from "vitest";
import { bookingSuite, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from "./booking-suite";
import { NO_POSTGRES, startTwoSites, TEST_DATABASE_URL } from "./helpers";

// The booking back end on a real PostgreSQL server: the built server runs as production runs it
// (`node server/index.js` with DATABASE_URL), on a database created for this run and dropped after.
if (!TEST_DATABASE_URL) console.warn(`PostgreSQL integration tests ${NO_POSTGRES}`);

describe.skipIf(!TEST_DATABASE_URL)(`booking back end on PostgreSQL${TEST_DATABASE_URL ? "" : ` (${NO_POSTGRES})`}`, () => {
  bookingSuite(() => startTwoSites({ on: "postgres", name: "bookings", stripe: { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } }));
});
