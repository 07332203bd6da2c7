/**
 * The last touches to a whole server-rendered document, made on its bytes after React has written
 * it (docs/decisions/0009-hydration-after-first-paint.md, kept by decision 0030 with its figures):
 *
 * - the stylesheet goes inline, with this request's nonce, before the first `</head>`
 *   (decision 0004), so first paint needs no CSS request;
 * - on a page that hydrates, React Router's JavaScript is fetched only once the page has loaded
 *   and painted. Its module preloads leave the head and its bootstrap module imports the route
 *   modules dynamically, from a function that runs after the load event and the first paint.
 *   The page's text never waits for 115–150 KB of JavaScript to share a slow phone's bandwidth.
 *
 * The bootstrap is React Router 7's own inline module (`<Scripts />`), whose shape is fixed by
 * the pinned version: `import * as routeN from "…";` lines, then plain statements ending in
 * `import(entry)`. If that shape ever changes, the document is left as React Router wrote it
 * (hydrating early but working), and the tests of this module and of first paint fail.
 */

import { scriptJson } from "~/components/script-json";

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?\bhref="([^"]+)"[^>]*>/g;
const BOOTSTRAP = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const ROUTE_IMPORT = /^import \* as (\w+) from ("[^"]+");$/gm;

/**
 * Runs once the document has loaded and the browser reports its first contentful paint (the
 * paint timing entry is queued when the frame has been presented). A hidden tab paints nothing,
 * so there it runs at once; a browser without paint timing waits two frames. Whatever happens
 * (an image that stalls the load event, a paint never reported), it runs at the latest 3 s after
 * the document was parsed, so the page always hydrates. A failure to load is logged.
 */
const AFTER_FIRST_PAINT = `const whenPainted = (run) => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    setTimeout(() => run().catch((error) => console.error("The page's scripts could not be loaded:", error)), 0);
  };
  setTimeout(start, 3000);
  const afterLoad = () => {
    if (document.visibilityState === "hidden") return start();
    const painted = (entries) => entries.some((entry) => entry.name === "first-contentful-paint");
    if (painted(performance.getEntriesByType("paint"))) return start();
    if (!(PerformanceObserver.supportedEntryTypes || []).includes("paint")) {
      return requestAnimationFrame(() => requestAnimationFrame(start));
    }
    const observer = new PerformanceObserver((list) => {
      if (painted(list.getEntries())) { observer.disconnect(); start(); }
    });
    observer.observe({ type: "paint", buffered: true });
  };
  if (document.readyState === "complete") afterLoad();
  else addEventListener("load", afterLoad, { once: true });
};`;

/** React Router's bootstrap module, made to start after first paint; null if its shape is not the expected one. */
export function deferBootstrap(body: string, preloads: readonly string[]): string | null {
  if (!body.includes("window.__reactRouterRouteModules")) return null;
  const imports = [...body.matchAll(ROUTE_IMPORT)].map(([, name, href]) => ({ name: name!, href: href! }));
  if (imports.length === 0) return null;
  const rest = body.replace(ROUTE_IMPORT, "").trim();
  if (/^\s*import\s/m.test(rest.replace(/^\s*import\(/gm, ""))) return null;
  const names = imports.map((i) => i.name).join(", ");
  const loads = imports.map((i) => `import(${i.href})`).join(", ");
  // The preloads go back in the head first, all at once, so that every module downloads in
  // parallel rather than as each import discovers the next (decision 0030).
  return `
${AFTER_FIRST_PAINT}
whenPainted(async () => {
  const preloads = ${scriptJson(preloads)};
  for (const href of preloads) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
  const [${names}] = await Promise.all([${loads}]);
  ${rest}
});
`;
}

/** The finished document; `styles` is the stylesheet to inline. */
export function finishDocument(html: string, styles: string, nonce: string | undefined): string {
  const headEnd = html.indexOf("</head>");
  if (headEnd === -1) return html;
  let head = html.slice(0, headEnd);
  let body = html.slice(headEnd + "</head>".length);

  const preloads = [...head.matchAll(MODULE_PRELOAD)].map(([, href]) => href!);
  const bootstrap = BOOTSTRAP.exec(body);
  const deferred = bootstrap ? deferBootstrap(bootstrap[2]!, preloads) : null;
  if (bootstrap && deferred !== null) {
    head = head.replace(MODULE_PRELOAD, "");
    body = body.slice(0, bootstrap.index) + bootstrap[1] + deferred + bootstrap[3] + body.slice(bootstrap.index + bootstrap[0].length);
  }
  const style = `<style${nonce ? ` nonce="${nonce}"` : ""}>${styles}</style>`;
  return `${head}${style}</head>${body}`;
}
