import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type BuiltServer, startBuiltServer } from "../../scripts/built-server.mjs";

export { freePort } from "../../scripts/built-server.mjs";

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

type StartOptions = { env?: Record<string, string>; port?: number; readyPath?: string; timeoutMs?: number };

/**
 * Starts the built site (scripts/built-server.mjs, as the quality scripts do). Ready means it
 * listens with its database open, and answers 200 on `readyPath`. A free port can be taken by
 * another test's server in the moment before ours binds it; the server then stops, saying so,
 * and a port chosen here is drawn again.
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
  const timeoutMs = options.timeoutMs ?? 50_000;
  const deadline = Date.now() + timeoutMs;
  let server: BuiltServer;
  try {
    server = await startBuiltServer({
      env: { NODE_ENV: "production", ...options.env },
      inheritEnv: true,
      port: options.port,
      throwawayData: "navette-e2e-",
      readyWhen: "database",
      timeoutMs,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (message.includes("another process is using it")) throw new PortTaken(message);
    throw error;
  }
  while (Date.now() < deadline) {
    const status = await fetch(`${server.url}${options.readyPath ?? "/"}`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return { base: server.url, port: server.port, output: server.output, stop: server.stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await server.stop();
  throw new Error(`The site on port ${server.port} did not answer 200 on ${options.readyPath ?? "/"}:\n${server.output()}`);
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
