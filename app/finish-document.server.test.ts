import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { deferBootstrap, finishDocument } from "./finish-document.server";

// The shape React Router 7.18's <Scripts /> writes: preloads hoisted into the head by React, the
// bootstrap module at the end of the body.
const BOOTSTRAP = `;
import * as route0 from "/assets/root-A.js";
import * as route1 from "/assets/rates-B.js";
  window.__reactRouterManifest = {
  "entry": { "module": "/assets/entry.client-C.js", "imports": [], "css": [] },
  "routes": {}
};
  window.__reactRouterRouteModules = {"root":route0,"routes/rates":route1};

import("/assets/entry.client-C.js");`;
const PRELOADS = ["/assets/entry.client-C.js", "/assets/react-dom-D.js", "/assets/root-A.js"];
const HYDRATED = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>${PRELOADS.map((href) => `<link rel="modulepreload" href="${href}" nonce="N"/>`).join("")}<title>Rates</title></head><body><h1>Rates</h1><script nonce="N">window.__reactRouterContext = {};</script><script nonce="N" type="module" async="">${BOOTSTRAP}</script><script src="/js/menu.js" defer=""></script></body></html>`;
const STATIC = `<!DOCTYPE html><html lang="en"><head><title>Cars</title></head><body><h1>Cars</h1><script src="/js/menu.js" defer=""></script></body></html>`;

type Page = {
  readyState: "loading" | "complete";
  visibilityState?: "visible" | "hidden";
  paintedBefore?: boolean;
  paintTiming?: boolean;
  /** The load event never comes (an image that stalls) and no paint is reported. */
  stalled?: boolean;
};

/**
 * Runs a deferred bootstrap in a stand-in window: the load event, then the first paint, then every
 * task it queues. Reports what it asked for before the paint and in all.
 */
async function runBootstrap(code: string, page: Page) {
  const events: string[] = [];
  const listeners: Record<string, () => void> = {};
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const observers: ((entries: { getEntries: () => { name: string }[] }) => void)[] = [];
  const paints: { name: string }[] = page.paintedBefore ? [{ name: "first-contentful-paint" }] : [];
  const window: Record<string, unknown> = {};
  class PerformanceObserver {
    static supportedEntryTypes = page.paintTiming === false ? ["navigation"] : ["paint", "navigation"];
    constructor(private readonly callback: (list: { getEntries: () => { name: string }[] }) => void) {}
    observe() {
      observers.push(this.callback);
    }
    disconnect() {}
  }
  const context = {
    window,
    document: {
      readyState: page.readyState,
      visibilityState: page.visibilityState ?? "visible",
      createElement: () => ({}) as Record<string, string>,
      head: { append: (link: { rel: string; href: string }) => events.push(`${link.rel} ${link.href}`) },
    },
    performance: { getEntriesByType: (type: string) => (type === "paint" ? paints : []) },
    PerformanceObserver,
    addEventListener: (type: string, listener: () => void) => {
      listeners[type] = listener;
    },
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
    __import: (href: string) => {
      events.push(`import ${href}`);
      return Promise.resolve({ href });
    },
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  const runTasks = async (upTo: number) => {
    for (let turn = 0; turn < 20; turn++) {
      const due = timers.filter((t) => t.ms <= upTo);
      if (due.length === 0) break;
      timers.splice(0, timers.length, ...timers.filter((t) => t.ms > upTo));
      due.forEach(({ run }) => run());
      await settle();
    }
  };
  // A classic script cannot use import(); the stand-in records the calls instead.
  runInNewContext(code.replaceAll("import(", "__import("), context);
  await settle();
  if (!page.stalled) listeners.load?.();
  // Short tasks may run before the paint: none of them may fetch anything.
  await runTasks(0);
  const beforePaint = [...events];
  if (!page.stalled) {
    paints.push({ name: "first-contentful-paint" });
    observers.forEach((notify) => notify({ getEntries: () => paints }));
    for (let i = 0; i < 2; i++) frames.splice(0).forEach((run) => run());
  }
  await runTasks(page.stalled ? 3000 : 0);
  return { beforePaint, after: events, window, fallbackTimer: timers.some((t) => t.ms === 3000) };
}

describe("finishDocument", () => {
  it("inlines the stylesheet with the nonce before </head>", () => {
    const html = finishDocument(STATIC, "body{margin:0}", "N");
    expect(html).toContain('<style nonce="N">body{margin:0}</style></head>');
    expect(html.match(/<style/g)).toHaveLength(1);
  });

  it("leaves a page without React Router's scripts as it was, apart from the style", () => {
    expect(finishDocument(STATIC, "", undefined)).toBe(STATIC.replace("</head>", "<style></style></head>"));
  });

  it("takes the module preloads out of the head of a hydrated page", () => {
    const html = finishDocument(HYDRATED, "", "N");
    expect(html).not.toContain('modulepreload" href');
    expect(html).not.toMatch(/^import \* as/m);
    expect(html).toContain('<script nonce="N" type="module" async="">');
    expect(html).toContain("<h1>Rates</h1>");
  });

  it("leaves the document untouched when the bootstrap is not the expected shape", () => {
    const odd = HYDRATED.replace(BOOTSTRAP, 'import { x } from "/assets/x.js";\nwindow.__reactRouterRouteModules = {};');
    expect(finishDocument(odd, "", "N")).toBe(odd.replace("</head>", '<style nonce="N"></style></head>'));
  });
});

describe("deferBootstrap", () => {
  it("is null for a script that is not React Router's bootstrap", () => {
    expect(deferBootstrap('import("/x.js")', [])).toBeNull();
    expect(deferBootstrap("window.__reactRouterRouteModules = {};", [])).toBeNull();
  });

  const code = deferBootstrap(BOOTSTRAP, PRELOADS)!;
  const ALL = [
    ...PRELOADS.map((href) => `modulepreload ${href}`),
    // The route modules, then the entry, which starts hydration.
    "import /assets/root-A.js",
    "import /assets/rates-B.js",
    "import /assets/entry.client-C.js",
  ];

  it.each<[string, Page]>([
    ["still loading", { readyState: "loading" }],
    ["loaded, not yet painted", { readyState: "complete" }],
    ["in a browser without paint timing", { readyState: "loading", paintTiming: false }],
  ])("fetches nothing before load and first paint, then preloads, imports the routes and starts the entry (%s)", async (_, page) => {
    const { beforePaint, after, window, fallbackTimer } = await runBootstrap(code, page);
    expect(beforePaint).toEqual([]);
    expect(after).toEqual(ALL);
    expect(fallbackTimer).toBe(true);
    expect(window.__reactRouterRouteModules).toEqual({
      root: { href: "/assets/root-A.js" },
      "routes/rates": { href: "/assets/rates-B.js" },
    });
    expect(window.__reactRouterManifest).toMatchObject({ entry: { module: "/assets/entry.client-C.js" } });
  });

  it("starts after 3 s when the load event or the paint never comes", async () => {
    const { beforePaint, after } = await runBootstrap(code, { readyState: "loading", stalled: true });
    expect(beforePaint).toEqual([]);
    expect(after).toEqual(ALL);
  });

  it.each<[string, Page]>([
    ["already painted", { readyState: "complete", paintedBefore: true }],
    ["in a hidden tab, which paints nothing", { readyState: "complete", visibilityState: "hidden" }],
  ])("starts at once when the page is %s", async (_, page) => {
    const { beforePaint } = await runBootstrap(code, page);
    expect(beforePaint).toEqual(ALL);
  });
});
