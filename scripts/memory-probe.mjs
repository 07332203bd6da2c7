// Loaded into the server by `npm run memory` (`node --expose-gc --import`), never by the product:
// on SIGUSR2 it writes one line to stderr with where the process's resident memory goes, as Linux
// and V8 count it, before and after a full garbage collection. scripts/memory.mjs reads the line.
import { readFileSync } from "node:fs";

/** A field of /proc/self/status in bytes (the kernel writes them in kB). */
function statusField(name) {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB$`, "m").exec(readFileSync("/proc/self/status", "utf8"));
  return match ? Number(match[1]) * 1024 : null;
}

function measure() {
  const usage = process.memoryUsage();
  return {
    rss: statusField("VmRSS"),
    // Pages mapped from files (Node's binary, shared libraries): shared with other processes.
    rssFile: statusField("RssFile"),
    heapUsed: usage.heapUsed,
    heapTotal: usage.heapTotal,
    // Buffers and ArrayBuffers (the page cache's compressed pages among them).
    arrayBuffers: usage.arrayBuffers,
    // Memory V8 is told about outside its heap: the buffers above, and WebAssembly memories
    // (PGlite's database), counted at their committed size, touched or not.
    external: usage.external,
  };
}

process.on("SIGUSR2", () => {
  const before = measure();
  // Without --expose-gc the sample is taken as it stands.
  if (typeof globalThis.gc === "function") globalThis.gc();
  process.stderr.write(`memory-probe ${JSON.stringify({ rssBefore: before.rss, ...measure() })}\n`);
});
