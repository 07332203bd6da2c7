import { createRequire } from "node:module";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

const require = createRequire(import.meta.url);

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    tsconfigPaths: true,
    // The phone field's country metadata (80 KB) as JSON rather than the package's JavaScript
    // object literal: `JSON.parse` of one string costs a phone a fraction of evaluating the
    // literal, which would otherwise be the booking page's longest task (docs/decisions/0009).
    alias: [{ find: /^libphonenumber-js\/min\/metadata$/, replacement: require.resolve("libphonenumber-js/metadata.min.json") }],
  },
  json: { stringify: true },
  // The SSR bundle's entry is our own Express app, so the server code is TypeScript
  // built by the same tool as the pages and shares their modules (settings, domain).
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : {},
  // The day the site was built: the footer's release date when RELEASE_DATE is unset.
  define: { __BUILD_DATE__: JSON.stringify(new Date().toISOString().slice(0, 10)) },
  plugins: [reactRouter(), phoneCountryOrder()],
}));

/**
 * react-phone-number-input 3.4 declares a `compareStrings` prop for ordering its country list but
 * never passes it on (the line is commented out), so the list is always sorted with
 * `localeCompare`: building the ICU collator behind it costs 10–15 ms of the booking form's
 * hydration on a phone, in one piece (docs/decisions/0011). This wires the prop up, in the
 * server's bundle and the browser's alike so both render the same order, and stops the build if
 * an upgrade changes the code it expects.
 */
function phoneCountryOrder(): Plugin {
  const file = /react-phone-number-input\/modules\/PhoneInputWithCountry\.js$/;
  const unwired = /compareStringsLocales: locales\s*\/\/ compareStrings\n/;
  return {
    name: "navette:phone-country-order",
    enforce: "pre",
    transform(code, id) {
      if (!file.test(id)) return null;
      if (!unwired.test(code)) {
        throw new Error(`${id}: the compareStrings line this build patches has changed; check whether the prop now works unpatched.`);
      }
      return { code: code.replace(unwired, "compareStringsLocales: locales,\ncompareStrings: _this$props5.compareStrings\n"), map: null };
    },
  };
}
