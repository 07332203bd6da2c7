// `npm start`: serve the built site, building it first when no build exists,
// so `npm ci && npm start` works on a fresh clone.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync(new URL("../build/server/index.js", import.meta.url))) {
  console.log("No build found: building first (about a minute).");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import("../server/index.js");
