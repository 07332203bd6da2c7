import { describe, expect, it } from "vitest";
import { BodyTooLargeError, isSameOrigin, readBodyLimited, readFormBody } from "./request-guards.server";

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

describe("readFormBody", () => {
  const form = (type: string | null, body: string) =>
    new Request("https://navette.example/x", { method: "POST", headers: type === null ? {} : { "Content-Type": type }, body });

  it.each([
    ["application/x-www-form-urlencoded", true],
    ["Application/X-WWW-Form-Urlencoded; charset=UTF-8", true],
    [" application/x-www-form-urlencoded ;charset=utf-8", true],
    ["application/x-www-form-urlencodedXYZ", false],
    ["application/json", false],
    ["multipart/form-data; boundary=x", false],
    ["text/plain", false],
    [null, false],
  ])("%j is read as a form: %s", async (type, read) => {
    const result = await readFormBody(form(type, "intent=pay&intent=cancel"), 1024);
    if (read) expect(result.ok && result.fields.get("intent")).toBe("pay");
    else expect(result).toEqual({ ok: false, status: 415 });
  });

  it("refuses a form past the limit with 413, and reads one at the limit", async () => {
    const type = "application/x-www-form-urlencoded";
    expect(await readFormBody(form(type, `a=${"x".repeat(1023)}`), 1024)).toEqual({ ok: false, status: 413 });
    const atLimit = await readFormBody(form(type, `a=${"x".repeat(1022)}`), 1024);
    expect(atLimit.ok && atLimit.fields.get("a")?.length).toBe(1022);
  });
});
