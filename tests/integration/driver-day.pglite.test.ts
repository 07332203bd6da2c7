import { describe } from "vitest";
import { useEmbeddedDatabase } from "~/lib/test-support/embedded-database";
import { driverDaySuite } from "./driver-day-suite";

// The driver's day on the embedded database (docs/product.md, The driver's day).
describe("the driver's day on PGlite", () => {
  const database = useEmbeddedDatabase();
  driverDaySuite(() => database.db);
});
