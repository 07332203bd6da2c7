import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The one-way import rule of the architecture: routes → components → domain; only routes
// and the server reach lib; domain is pure TypeScript.
const noLib = { group: ["~/lib/*", "**/lib/*"], message: "Only routes and the server reach app/lib." };
const noRoutes = { group: ["~/routes/*", "**/routes/*"], message: "Nothing imports a route module." };
const noComponents = { group: ["~/components/*", "**/components/*"], message: "domain and lib do not import UI." };
const serverOnly = { group: ["*.server", "**/*.server"], message: "Server-only code stays out of the browser bundle." };

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "public/images/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
    },
  },
  {
    files: ["app/domain/**"],
    // Tests and their shared test data may read the shipped files from disk and take the server's
    // words (app/lib/test-support); the code they test may not.
    ignores: ["app/domain/**/*.test.ts", "app/domain/**/*.bench.ts", "app/domain/**/*.fixture.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            noLib,
            noRoutes,
            noComponents,
            {
              group: ["react", "react-dom", "react-dom/*", "react-router", "react-router/*", "@react-router/*"],
              message: "domain is framework-free.",
            },
            { group: ["node:*", "fs", "path", "http", "crypto"], message: "domain does not touch Node." },
            { group: ["drizzle-orm", "drizzle-orm/*", "@electric-sql/*", "pg"], message: "domain does not touch the database." },
          ],
        },
      ],
      "no-restricted-globals": ["error", "process", "window", "document", "localStorage"],
    },
  },
  {
    files: ["app/components/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [noLib, noRoutes, serverOnly] }] },
  },
  {
    files: ["app/lib/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [noRoutes, noComponents] }] },
  },
  {
    // The server is wiring: it reaches lib and the framework, never the UI or a route module.
    files: ["server/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [noRoutes, noComponents] }] },
  },
  {
    files: ["app/lib/**", "server/**", "scripts/**", "tests/**", "*.config.*"],
    rules: { "no-restricted-globals": "off" },
  },
  {
    // Only the settings module reads the environment (docs/product.md, Settings).
    files: ["app/**", "server/**"],
    ignores: ["app/lib/settings.server.ts", "server/app.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read settings from app/lib/settings.server.ts." },
      ],
    },
  },
);
