import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts: the reactRouter() plugin must not run under Vitest.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    // Tests of the database code open and migrate an in-memory PostgreSQL (PGlite) and hash
    // passwords with argon2id: seconds each on a busy 2-core machine, not the default 5 and 10.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
