import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

/**
 * Copies the built site (server/index.js, build/, db/migrations, the price file) into a private
 * folder once per run, so the servers these tests start keep their files while another
 * `npm run build` on the same checkout replaces build/ (several sessions share this machine).
 * node_modules is linked, not copied.
 */
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

declare module "vitest" {
  interface ProvidedContext {
    /** The private copy of the built site: run `node <root>/server/index.js` with cwd <root>. */
    siteRoot: string;
  }
}

function builtAssetsPresent(dir: string): boolean {
  const index = path.join(dir, "build/server/index.js");
  if (!existsSync(index) || !existsSync(path.join(dir, "build/client"))) return false;
  // Every chunk the entry imports must be there (a build in progress has not written them all).
  const imports = [...readFileSync(index, "utf8").matchAll(/["'](\.\/assets\/[^"']+\.js)["']/g)].map((m) => m[1]!);
  return imports.length > 0 && imports.every((rel) => existsSync(path.join(dir, "build/server", rel)));
}

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(REPO, "build/server/index.js"))) {
    throw new Error("build/server/index.js is missing: run `npm run build` before `npm run test:integration`.");
  }
  const root = mkdtempSync(path.join(os.tmpdir(), "navette-it-site-"));
  for (let attempt = 0; ; attempt++) {
    rmSync(path.join(root, "build"), { recursive: true, force: true });
    try {
      cpSync(path.join(REPO, "build"), path.join(root, "build"), { recursive: true });
      if (builtAssetsPresent(root)) break;
    } catch {
      // A build replaced a file while it was copied: try again.
    }
    if (attempt >= 20) throw new Error("build/ kept changing while it was copied (is a build running?).");
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  mkdirSync(path.join(root, "server"));
  cpSync(path.join(REPO, "server/index.js"), path.join(root, "server/index.js"));
  // The backup commands, as `npm run backup` and `npm run restore` run them.
  mkdirSync(path.join(root, "scripts"));
  for (const script of ["backup.mjs", "built-server.mjs"]) cpSync(path.join(REPO, "scripts", script), path.join(root, "scripts", script));
  cpSync(path.join(REPO, "db/migrations"), path.join(root, "db/migrations"), { recursive: true });
  mkdirSync(path.join(root, "data"));
  cpSync(path.join(REPO, "data/prices.csv"), path.join(root, "data/prices.csv"));
  cpSync(path.join(REPO, "data/meeting-points.csv"), path.join(root, "data/meeting-points.csv"));
  writeFileSync(path.join(root, "package.json"), readFileSync(path.join(REPO, "package.json")));
  symlinkSync(path.join(REPO, "node_modules"), path.join(root, "node_modules"), "dir");
  const assets = readdirSync(path.join(root, "build/server/assets"));
  if (!assets.some((f) => f.startsWith("server-build-"))) throw new Error("build/server/assets has no server-build chunk.");
  project.provide("siteRoot", root);
  return () => rmSync(root, { recursive: true, force: true });
}
