// `npm run backup` and `npm run restore -- <file> [--yes]`: the embedded database's backups
// (server/backup-command.ts). They run the built bundle, as the server does, building it first
// on a fresh clone.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuilt, ROOT } from "./built-server.mjs";

const [command, ...args] = process.argv.slice(2);
ensureBuilt();
// React and Express load with the bundle: production mode, as the built server runs them.
if (!process.env.NODE_ENV) process.env.NODE_ENV = "production";
const bundle = await import(pathToFileURL(path.join(ROOT, "build/server/index.js")).href);
const run = command === "restore" ? bundle.runRestoreCommand : bundle.runBackupCommand;
if (typeof run !== "function") {
  console.error("This build has no backup command: run `npm run build`, then this command again.");
  process.exit(1);
}
process.exit(await run(args, { env: process.env }));
