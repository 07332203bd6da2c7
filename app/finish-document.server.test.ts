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

/** Runs a deferred bootstrap in a stand-in window and reports what it asked for, and when. */
async function runBootstrap(code: string, readyState: "loading" | "complete", visibilityState: "visible" | "hidden" = "visible") {
  const events: string[] = [];
  const listeners: Record<string, () => void> = {};
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const window: Record<string, unknown> = {};
  const context = {
    window,
    document: {
      readyState,
      visibilityState,
      createElement: () => ({}) as Record<string, string>,
      head: { append: (link: { rel: string; href: string }) => events.push(`${link.rel} ${link.href}`) },
    },
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
  // A classic script cannot use import(); the stand-in records the calls instead.
  runInNewContext(code.replaceAll("import(", "__import("), context);
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  await settle();
  const before = [...events];
  listeners.load?.();
  const framesSeen = frames.length;
  // Two frames, each asked for by the one before it, then the timer.
  frames.splice(0).forEach((run) => run());
  const nestedFrames = frames.length;
  frames.splice(0).forEach((run) => run());
  timers.splice(0).forEach(({ run }) => run());
  await settle();
  return { before, after: events, window, framesSeen, nestedFrames };
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
    expect(html).not.toContain("modulepreload\" href");
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
  it("starts at once in a hidden tab, where no frame will run", async () => {
    const { after } = await runBootstrap(deferBootstrap(BOOTSTRAP, PRELOADS)!, "complete", "hidden");
    expect(after).toContain("import /assets/entry.client-C.js");
  });

  it("is null for a script that is not React Router's bootstrap", () => {
    expect(deferBootstrap('import("/x.js")', [])).toBeNull();
    expect(deferBootstrap("window.__reactRouterRouteModules = {};", [])).toBeNull();
  });

  it.each(["loading", "complete"] as const)(
    "fetches nothing before load and paint, then preloads, imports the routes and starts the entry (document %s)",
    async (readyState) => {
      const code = deferBootstrap(BOOTSTRAP, PRELOADS);
      expect(code).not.toBeNull();
      const { before, after, window, framesSeen, nestedFrames } = await runBootstrap(code!, readyState);
      expect(before).toEqual([]);
      expect([framesSeen, nestedFrames]).toEqual([1, 1]);
      expect(after).toEqual([
        ...PRELOADS.map((href) => `modulepreload ${href}`),
        "import /assets/root-A.js",
        "import /assets/rates-B.js",
        "import /assets/entry.client-C.js",
      ]);
      expect(window.__reactRouterRouteModules).toEqual({
        root: { href: "/assets/root-A.js" },
        "routes/rates": { href: "/assets/rates-B.js" },
      });
      expect(window.__reactRouterManifest).toMatchObject({ entry: { module: "/assets/entry.client-C.js" } });
    },
  );
});
