import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A built site of the tests' own, started with other settings than the suite's server (a price
 * file, EmailJS keys, a capture booking endpoint…). Each gets a free port and its own data folder.
 */
export interface SiteServer {
  base: string;
  port: number;
  /** What the server printed so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

type StartOptions = { env?: Record<string, string>; port?: number; readyPath?: string; timeoutMs?: number };

/**
 * Starts the built site. Ready means this child said it listens on its port and answers there:
 * a free port can be taken by another test's server in the moment before ours binds it, and then
 * the other server would answer for ours. On that collision a chosen-here port is drawn again.
 */
export async function startSite(options: StartOptions = {}): Promise<SiteServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (error) {
      if (!(error instanceof PortTaken) || options.port !== undefined || attempt >= 3) throw error;
    }
  }
}

class PortTaken extends Error {}

async function startOnce(options: StartOptions): Promise<SiteServer> {
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "navette-e2e-"));
  const child: ChildProcess = spawn(process.execPath, ["server/index.js"], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), SITE_URL: base, DATA_DIR: dataDir, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  let exited = false;
  const exit = new Promise<void>((resolve) => child.on("exit", () => ((exited = true), resolve())));
  const stop = async () => {
    if (!exited) child.kill("SIGTERM");
    await exit;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // Ready also means its database is open: opening a new PGlite folder blocks the event loop for
  // seconds, and a keep-alive connection that idles through that is reset when it ends.
  const listening = () => output.includes(`listening on http://127.0.0.1:${port}`) && output.includes("Bookings are stored");
  const deadline = Date.now() + (options.timeoutMs ?? 50_000);
  while (Date.now() < deadline && !exited) {
    if (listening()) {
      const status = await fetch(`${base}${options.readyPath ?? "/"}`).then((r) => r.status, () => 0);
      if (status === 200 && !exited) return { base, port, output: () => output, stop };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  if (output.includes("EADDRINUSE")) throw new PortTaken(`Port ${port} was taken.`);
  throw new Error(`The site on port ${port} did not start:\n${output}`);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => resolve(body));
  });
}

export interface Capture {
  method: string;
  contentType: string;
  fields: URLSearchParams;
}

/**
 * A stand-in for a booking back end: records each posted form and answers like the real one, a
 * 303 to the site's payment result screen.
 */
export async function startCapture(resultBase: () => string): Promise<{ url: string; captures: Capture[]; close(): Promise<void> }> {
  const captures: Capture[] = [];
  const server: Server = createServer((req, res) => {
    void readBody(req).then((body) => {
      captures.push({ method: req.method ?? "", contentType: req.headers["content-type"] ?? "", fields: new URLSearchParams(body) });
      res.writeHead(303, { Location: `${resultBase()}/response_bank_ok_ko?ok_ko=ok&order_id=TEST1` });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/confirm.php`,
    captures,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
