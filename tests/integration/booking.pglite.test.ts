import { describe } from "vitest";
import { bookingSuite, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from "./booking-suite";
import { startTwoSites } from "./helpers";

// The booking back end on the embedded PostgreSQL (PGlite, under DATA_DIR). PGlite admits one process, so the
// built app runs in this process (createServer from build/server/index.js, wired as main() wires
// it) and the test reads the very database it writes. The real `node server/index.js` on PGlite
// is exercised by properties.test.ts.
describe("booking back end on PGlite", () => {
  bookingSuite(() => startTwoSites({ on: "pglite", name: "bookings", stripe: { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } }));
});
