import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { rawRequest } from "../support/raw-request";
import { startInProcessServer, type InProcessServer } from "./helpers";

/**
 * Methods the site does not answer, on the built app in this process (docs/product.md, Routes):
 * anything but GET, HEAD and POST gets 405 with Allow from the server, before React Router, and a
 * POST to a page without an action gets React Router's own 405. Neither is a failure of the site,
 * so neither is logged, and neither answer shows a stack.
 */

/** A stack frame as Node prints it, or a source path: neither may reach a visitor. */
const STACK = /\n\s+at |node_modules|\.m?js:\d+/;

describe("methods the site does not answer, on PGlite", () => {
  let server: InProcessServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "navette-it-methods-"));
    server = await startInProcessServer({ dataDir, env: {} });
  });
  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("answers other methods than GET, HEAD and POST with 405, Allow: GET, HEAD, POST and a sentence, and logs nothing", async () => {
    const logged = vi.spyOn(console, "error");
    for (const [method, where] of [
      ["TRACE", "/cars"],
      ["PROPFIND", "/"],
      ["OPTIONS", "/api/booking"],
      ["PUT", "/payment/NV-ZZZZZZ"],
      ["DELETE", "/rates"],
    ] as const) {
      const answer = await rawRequest(`${server.url}${where}`, { "accept-encoding": "identity" }, method);
      const what = `${method} ${where}`;
      expect(answer.status, what).toBe(405);
      expect(answer.headers.allow, what).toBe("GET, HEAD, POST");
      expect(answer.headers["content-type"], what).toMatch(/^text\/plain/);
      expect(answer.body.toString("utf8"), what).toBe("This address answers only GET, HEAD and POST requests.");
    }
    expect(logged).not.toHaveBeenCalled();
  });

  it("answers a POST to a page without an action with React Router's 405, without a stack, and logs nothing", async () => {
    const logged = vi.spyOn(console, "error");
    for (const where of ["/", "/rates", "/contact", "/response_bank_ok_ko"]) {
      const answer = await rawRequest(`${server.url}${where}`, { "accept-encoding": "identity", origin: server.url }, "POST");
      const text = answer.body.toString("utf8");
      expect(answer.status, where).toBe(405);
      expect(text, where).toContain("Method Not Allowed");
      expect(text, where).not.toMatch(STACK);
    }
    expect(logged).not.toHaveBeenCalled();
  });

  it("still answers GET, HEAD and POST as before", async () => {
    expect((await rawRequest(`${server.url}/cars`)).status).toBe(200);
    expect((await rawRequest(`${server.url}/cars`, {}, "HEAD")).status).toBe(200);
    // The booking endpoint's own refusal of a post it cannot read, not the server's 405.
    expect((await rawRequest(`${server.url}/api/booking`, { origin: server.url }, "POST")).status).toBe(415);
  });
});
