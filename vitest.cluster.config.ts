import { defineConfig } from "vitest/config";

// The fault test of several instances (`npm run test:cluster`): the built server twice, on one
// PostgreSQL, behind nginx. `npm run build` first. Kept apart: it takes minutes and the machine.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/cluster/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/integration/global-setup.ts"],
    pool: "forks",
    maxWorkers: 1,
    testTimeout: 420_000,
    hookTimeout: 180_000,
    reporters: ["verbose"],
    server: { deps: { external: [/navette-it-site-/] } },
  },
});
