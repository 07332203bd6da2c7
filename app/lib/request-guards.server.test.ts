import { describe, expect, it } from "vitest";
import { BodyTooLargeError, isSameOrigin, readBodyLimited } from "./request-guards.server";

const site = "https://navette.example";
const post = (headers: Record<string, string>, url = "https://navette.example/api/booking") =>
  new Request(url, { method: "POST", headers });

describe("isSameOrigin", () => {
  it.each([
    [{}, true],
    [{ origin: "https://navette.example" }, true],
    [{ origin: "https://evil.example" }, false],
    [{ "sec-fetch-site": "same-origin" }, true],
    [{ "sec-fetch-site": "cross-site" }, false],
    [{ "sec-fetch-site": "same-site", origin: "https://navette.example" }, false],
    [{ "sec-fetch-site": "none" }, true],
  ])("%j → %s", (headers, ok) => {
    expect(isSameOrigin(post(headers), site)).toBe(ok);
  });

  it("accepts the origin the request was addressed to (a second instance on another port)", () => {
    expect(isSameOrigin(post({ origin: "http://127.0.0.1:3100" }, "http://127.0.0.1:3100/api/booking"), site)).toBe(true);
  });
});

describe("readBodyLimited", () => {
  it("reads a body within the limit", async () => {
    expect(await readBodyLimited(new Request("http://x/", { method: "POST", body: "a=1" }), 10)).toBe("a=1");
  });

  it("refuses a declared length past the limit without reading", async () => {
    const req = new Request("http://x/", { method: "POST", body: "x".repeat(20), headers: { "content-length": "20" } });
    await expect(readBodyLimited(req, 10)).rejects.toThrow(BodyTooLargeError);
  });

  it("stops a streamed body past the limit", async () => {
    const stream = new ReadableStream({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode("x".repeat(1000)));
      },
    });
    const req = new Request("http://x/", { method: "POST", body: stream, duplex: "half" } as RequestInit);
    await expect(readBodyLimited(req, 5000)).rejects.toThrow(BodyTooLargeError);
  });
});
