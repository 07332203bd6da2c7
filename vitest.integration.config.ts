import { defineConfig } from "vitest/config";

// Integration tests of the built server: `npm run build` first, then
// `npm run test:integration`. Kept out of vitest.config.ts, whose unit run must stay fast.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/integration/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/integration/global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // The built bundle is loaded by Node itself, not transformed.
    server: { deps: { external: [/navette-it-site-/] } },
  },
});
