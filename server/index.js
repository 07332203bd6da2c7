// The launcher: loads the TypeScript server through Vite in development, or the built
// bundle in production. Everything else lives in server/app.ts.
const dev = process.argv.includes("--dev");

if (dev) {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true } });
  const mod = await vite.ssrLoadModule("./server/app.ts");
  await mod.main({ vite, getBuild: () => vite.ssrLoadModule("virtual:react-router/server-build"), mode: "development" });
} else {
  // The built site is the production site: React's and Express's development modes are slower,
  // and Express's would show a visitor stack traces. `npm start` sets nothing, so say it here,
  // before the build (and React within it) is loaded.
  // NODE_ENV is React's and Express's switch, not one of our settings (those are read only in
  // app/lib/settings.server.ts): the launcher sets it for them, before they load.
  /* eslint-disable no-restricted-properties */
  if (!process.env.NODE_ENV) process.env.NODE_ENV = "production";
  const mode = process.env.NODE_ENV;
  /* eslint-enable no-restricted-properties */
  const entry = new URL("../build/server/index.js", import.meta.url).href;
  const mod = await import(entry);
  await mod.main({ mode });
}
