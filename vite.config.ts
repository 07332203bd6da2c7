import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { tsconfigPaths: true },
  // The SSR bundle's entry is our own Express app, so the server code is TypeScript
  // built by the same tool as the pages and shares their modules (settings, domain).
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : {},
  // The footer's release date defaults to the day the site was built (decisions.md section 1).
  define: { __BUILD_DATE__: JSON.stringify(new Date().toISOString().slice(0, 10)) },
  plugins: [reactRouter()],
}));
