// `npm run staff -- add <email> [--role admin|dispatcher] [--name "Full name"]`: adds a staff
// account (server/staff-command.ts), the password read from standard input. It runs the built
// bundle, as the server does, building it first on a fresh clone.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuilt, ROOT } from "./built-server.mjs";

ensureBuilt();
// React and Express load with the bundle: production mode, as the built server runs them.
if (!process.env.NODE_ENV) process.env.NODE_ENV = "production";
const bundle = await import(pathToFileURL(path.join(ROOT, "build/server/index.js")).href);
if (typeof bundle.runStaffCommand !== "function") {
  console.error("This build has no staff command: run `npm run build`, then this command again.");
  process.exit(1);
}
const code = await bundle.runStaffCommand(process.argv.slice(2), { env: process.env });
process.exit(code);
