// The launcher: loads the TypeScript server through Vite in development, or the built
// bundle in production. Everything else lives in server/app.ts.
const dev = process.argv.includes("--dev");

if (dev) {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true } });
  const mod = await vite.ssrLoadModule("./server/app.ts");
  await mod.main({ vite, getBuild: () => vite.ssrLoadModule("virtual:react-router/server-build") });
} else {
  const entry = new URL("../build/server/index.js", import.meta.url).href;
  const mod = await import(entry);
  await mod.main();
}
