// The built server (`node server/index.js`) as the quality scripts and the integration tests start
// it, so that they agree on when it is ready and on how it is cleaned up. Types: built-server.d.mts.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Node's flags for the server, as `npm start` and `npm run serve` give them (package.json): a young
 * generation of 4 MB semi-spaces instead of V8's 16 MB, so that short-lived garbage is collected
 * before the heap grows (docs/quality.md, Memory: 186 MB rather than 235 MB on PostgreSQL after
 * 1,000 bookings).
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=4"];

export function isBuilt(root = ROOT) {
  return existsSync(path.join(root, "build/server/index.js"));
}

/** So that `npm ci` and then any of the scripts works on a fresh clone. */
export function ensureBuilt() {
  if (isBuilt()) return;
  console.log("No build found: building first (about a minute).");
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Binds a port of 127.0.0.1 (0: any free one) and lets it go; rejects when it is taken. */
async function bindOnce(port) {
  const probe = createServer();
  await new Promise((resolve, reject) => {
    probe.once("error", reject);
    probe.listen(port, "127.0.0.1", resolve);
  });
  const bound = probe.address().port;
  await new Promise((resolve) => probe.close(resolve));
  return bound;
}

export function freePort() {
  return bindOnce(0);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Children still running, each with what must follow its exit. */
const running = new Map();
let exitHook = false;
function trackUntilExit(child, afterExit) {
  if (!exitHook) {
    exitHook = true;
    // A script that throws, or calls process.exit, must not leave a server holding its port. An
    // exit handler cannot wait for a graceful stop, so it kills outright; rmSync's retries cover
    // the moment a killed process takes to let go of its files.
    process.on("exit", () => {
      for (const [orphan, cleanUp] of running) {
        orphan.kill("SIGKILL");
        try {
          cleanUp();
        } catch {
          // Exiting anyway: a folder left in the temporary directory is all that is lost.
        }
      }
    });
  }
  running.set(child, afterExit);
}

export function startProcess(command, args, { label = command, cwd, env, wrap, echoStderr = false, afterExit = () => {} } = {}) {
  const [file, argv] = wrap ? wrap(command, [...args]) : [command, [...args]];
  const child = spawn(file, argv, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  trackUntilExit(child, afterExit);
  let output = "";
  let exitCode = null;
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => {
    output += d;
    if (echoStderr) process.stderr.write(d);
  });
  child.on("error", (error) => (output += `${error.message}\n`));
  const exit = new Promise((resolve) =>
    child.once("exit", (code, signal) => {
      exitCode = code ?? signal;
      running.delete(child);
      afterExit();
      resolve();
    }),
  );
  // What a dying process wrote last may still be in its pipes when "exit" fires.
  const drained = new Promise((resolve) => child.once("close", resolve));
  const exited = () => exitCode !== null;

  const kill = async () => {
    if (!exited()) child.kill("SIGKILL");
    await exit;
  };
  // The server closes its database on SIGTERM, and a data folder is removed only once it has.
  const stop = async () => {
    if (!exited()) child.kill("SIGTERM");
    const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exit;
    clearTimeout(force);
  };
  const waitFor = async (test, what, timeoutMs = 120_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await test(output))) {
      if (exited()) {
        await Promise.race([drained, sleep(1000)]);
        throw new Error(`${label} did not ${what}: it exited (${exitCode}).\n${output}`);
      }
      if (Date.now() > deadline) {
        await kill();
        throw new Error(`${label} did not ${what} within ${timeoutMs / 1000} s.\n${output}`);
      }
      await sleep(50);
    }
  };
  return { pid: child.pid ?? -1, output: () => output, waitFor, stop, kill };
}

/** The line server/app.ts prints once the booking database is open. */
const DATABASE_OPEN = "Bookings are stored";

export async function startBuiltServer({
  root = ROOT,
  env = {},
  inheritEnv = false,
  port,
  throwawayData,
  readyWhen = "listening",
  wrap,
  echoStderr = false,
  timeoutMs = 120_000,
} = {}) {
  if (port === undefined) {
    port = await freePort();
  } else {
    // Said at once, rather than after the server has started up far enough to find it out.
    await bindOnce(port).catch((error) => {
      throw new Error(`Port ${port} is taken (${error.code}): choose another.`);
    });
  }
  const url = `http://127.0.0.1:${port}`;
  const dataDir = throwawayData ? mkdtempSync(path.join(os.tmpdir(), throwawayData === true ? "navette-server-" : throwawayData)) : null;
  // Production as a fresh clone runs it, unless the caller means the developer's own settings.
  const base = inheritEnv ? process.env : { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production" };
  const server = startProcess(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, "server/index.js")], {
    label: "The server",
    cwd: root,
    env: { ...base, HOST: "127.0.0.1", PORT: String(port), SITE_URL: url, ...(dataDir ? { DATA_DIR: dataDir } : {}), ...env },
    wrap,
    echoStderr,
    afterExit: dataDir ? () => rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 }) : undefined,
  });
  const listening = `listening on ${url}`;
  // The server opens its database before it listens; "database" also waits for that line, for
  // callers that want it said.
  const database = readyWhen === "database";
  await server.waitFor(
    (out) => out.includes(listening) && (!database || out.includes(DATABASE_OPEN)),
    database ? "listen with its database open" : "listen",
    timeoutMs,
  );
  return { url, port, pid: server.pid, dataDir, output: server.output, stop: server.stop, kill: server.kill };
}

/**
 * The built server as the quality checks see it: the developer's own settings, but a database
 * folder of its own (a check neither needs nor touches the developer's bookings, which a running
 * `npm start` may hold open), ready once that database is open, its warnings shown as they come.
 */
export function startServerForCheck(name, options = {}) {
  return startBuiltServer({ inheritEnv: true, throwawayData: `navette-${name}-`, readyWhen: "database", echoStderr: true, ...options });
}
