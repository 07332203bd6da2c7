// `npm start`: serve the built site, building it first when no build exists,
// so `npm ci && npm start` works on a fresh clone.
import { ensureBuilt } from "./built-server.mjs";

ensureBuilt();
await import("../server/index.js");
