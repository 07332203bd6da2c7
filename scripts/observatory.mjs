// `npm run observatory [-- /path …]`: grades the built site with Mozilla's HTTP Observatory
// scanner (@mdn/mdn-http-observatory) and fails unless every scanned page gets A+ with no failed
// test. Builds first when no build exists. Defaults to /, /rates and /reservation.
//
// The scanner fails its HSTS and redirection tests on plain HTTP, so the built server (HSTS=1)
// runs behind a throwaway TLS proxy with a self-signed certificate made at run time (needs the
// `openssl` CLI). OBSERVATORY_PORT (default 3300) is the proxy's port; the server uses the next.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBuilt, startServerForCheck } from "./built-server.mjs";

const paths = process.argv.length > 2 ? process.argv.slice(2) : ["/", "/rates", "/reservation"];
const PORT = Number(process.env.OBSERVATORY_PORT ?? "3300");
const APP_PORT = PORT + 1;
const HOST = "127.0.0.1";
const origin = `https://${HOST}:${PORT}`;

ensureBuilt();

// No "exports" map, so the main entry resolves to src/index.js, next to the CLI (src/scan.js).
const scannerSrc = path.dirname(fileURLToPath(import.meta.resolve("@mdn/mdn-http-observatory")));
// The package's install script downloads the HSTS preload list, but installs skip it
// (allowScripts); the scanner reads the file on every scan and an empty list is right for
// 127.0.0.1, which no preload list holds.
const preloadList = path.join(scannerSrc, "..", "conf", "hsts-preload.json");
if (!existsSync(preloadList)) writeFileSync(preloadList, "{}\n");

const tmp = await mkdtemp(path.join(os.tmpdir(), "navette-observatory-"));
const scans = new Set();
const servers = [];
let server = null;

async function cleanup() {
  for (const s of servers) s.close();
  for (const child of scans) child.kill("SIGTERM");
  await server?.stop();
  await rm(tmp, { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => void cleanup().finally(() => process.exit(130)));
}

/** node:crypto cannot issue certificates, so openssl makes one for 127.0.0.1, valid a day. */
function makeCertificate() {
  const key = path.join(tmp, "key.pem");
  const cert = path.join(tmp, "cert.pem");
  const result = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:P-256",
      "-nodes",
      "-days",
      "1",
      "-keyout",
      key,
      "-out",
      cert,
      "-subj",
      `/CN=${HOST}`,
      "-addext",
      `subjectAltName=IP:${HOST}`,
    ],
    { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" },
  );
  if (result.error || result.status !== 0) {
    throw new Error(`openssl could not make a certificate (apt-get install openssl): ${result.error ?? result.stderr}`);
  }
  return { key, cert };
}

// Hop-by-hop headers describe one connection, so a proxy does not pass them on.
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection", "te", "trailer"]);
const endToEnd = (raw) => {
  const out = [];
  for (let i = 0; i < raw.length; i += 2) if (!HOP_BY_HOP.has(raw[i].toLowerCase())) out.push(raw[i], raw[i + 1]);
  return out;
};

/**
 * The scanner takes a host and derives both http:// and https:// URLs on the same port (its
 * port options are not reachable from scan()), so one listener answers both: a TLS
 * ClientHello starts with byte 0x16, anything else is plain HTTP and gets a 301 to https,
 * as a production front end would send.
 */
async function startProxy({ key, cert }) {
  const tlsFront = https.createServer({ key: await readFile(key), cert: await readFile(cert) }, (req, res) => {
    const headers = { ...req.headers, "x-forwarded-proto": "https", "x-forwarded-for": req.socket.remoteAddress };
    for (const name of HOP_BY_HOP) delete headers[name];
    const upstream = http.request({ host: HOST, port: APP_PORT, method: req.method, path: req.url, headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, endToEnd(up.rawHeaders));
      up.pipe(res);
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  // The configured origin, not the Host header, so the redirect cannot be steered elsewhere.
  const plainFront = http.createServer((req, res) => {
    res.writeHead(301, { Location: origin + req.url, "Content-Length": "0" });
    res.end();
  });
  const front = net.createServer((socket) => {
    socket.on("error", () => socket.destroy());
    socket.once("data", (chunk) => {
      socket.pause();
      socket.unshift(chunk);
      if (chunk[0] === 0x16) {
        // TLS drains the buffered ClientHello itself when it wraps the socket.
        tlsFront.emit("connection", socket);
      } else {
        // pause() left the stream explicitly paused, and the HTTP parser's 'data' listener
        // does not undo that: without resume() the request is never read.
        plainFront.emit("connection", socket);
        socket.resume();
      }
    });
  });
  servers.push(front, tlsFront, plainFront);
  await new Promise((resolve, reject) => {
    front.once("error", reject);
    front.listen(PORT, HOST, resolve);
  });
}

/**
 * One scan through the scanner's own CLI in a child process: NODE_EXTRA_CA_CERTS is read only
 * at start-up, and trusting our certificate there keeps the scanner's checks verifying (an
 * unverified certificate fails HSTS and redirection). The bin wrapper is skipped because it
 * points NODE_EXTRA_CA_CERTS at a Mozilla bundle that the skipped install script never fetched.
 */
function scan(target, caFile) {
  const child = spawn(process.execPath, [path.join(scannerSrc, "scan.js"), target], {
    // The scanner gives a whole session 10 s, made for public sites; on a machine busy with other
    // work, scans then end as "The site seems to be down". A minute is ample and still fails.
    env: { ...process.env, NODE_EXTRA_CA_CERTS: caFile, ABORT_TIMEOUT: "60000", CLIENT_TIMEOUT: "55000" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  scans.add(child);
  let out = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  return new Promise((resolve, reject) => {
    child.once("exit", () => {
      scans.delete(child);
      try {
        const result = JSON.parse(out);
        if (result.error) reject(new Error(`${target}: ${result.error}`));
        else resolve(result);
      } catch {
        reject(new Error(`${target}: the scanner printed no result:\n${out}`));
      }
    });
  });
}

let ok = true;
try {
  const tlsFiles = makeCertificate();
  // The throwaway HTTPS origin has no Stripe keys: the sandbox is chosen explicitly, as a public
  // site must.
  server = await startServerForCheck("observatory-data", {
    port: APP_PORT,
    env: { HSTS: "1", SITE_URL: origin, PAYMENT_PROVIDER: "sandbox" },
  });
  await startProxy(tlsFiles);
  for (const page of paths) {
    // The CLI only takes a host, but it pastes it into `https://${host}`, so a path rides
    // along: scanner 1.4.8 then fetches, redirects and grades that page instead of the root.
    const target = `${HOST}:${PORT}${page === "/" ? "" : page}`;
    const { scan: summary, tests } = await scan(target, tlsFiles.cert);
    const pass = summary.grade === "A+" && summary.testsFailed === 0;
    if (!pass) ok = false;
    console.log(
      `\n${origin}${page}: grade ${summary.grade}, score ${summary.score}, ` +
        `${summary.testsPassed}/${summary.testsQuantity} tests passed${pass ? "" : "  <- FAIL"}\n`,
    );
    console.log("| test | result | pass | score |");
    console.log("|---|---|---|---:|");
    for (const [name, test] of Object.entries(tests)) {
      const modifier = test.scoreModifier > 0 ? `+${test.scoreModifier}` : String(test.scoreModifier);
      console.log(`| ${name} | ${test.result} | ${test.pass ? "pass" : "FAIL"} | ${modifier} |`);
    }
  }
} catch (error) {
  ok = false;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await cleanup();
}
console.log(ok ? "\nObservatory: A+ with no failed test on every page." : "\nObservatory: below A+ or a test failed.");
process.exit(ok ? 0 : 1);
