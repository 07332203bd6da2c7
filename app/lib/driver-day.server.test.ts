import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { driverOfDayPage, isDriverDayPath, notYourLegRefused, readDriverForm } from "./driver-day.server";
import { adminWordsIn } from "./test-support/admin-words";

const EN = adminWordsIn("en");
const FR = adminWordsIn("fr");

/** What was thrown: react-router's data with its status. */
async function thrown(promise: Promise<unknown>): Promise<{ data: unknown; init: ResponseInit }> {
  try {
    await promise;
  } catch (error) {
    return error as { data: unknown; init: ResponseInit };
  }
  throw new Error("nothing was thrown");
}

/** A context whose wrong-link limit is `allowed`; no token is ever looked up. */
function context(allowed: boolean): AppLoadContext {
  const manageMisses = {
    attempt: async () => (allowed ? { allowed: true } : { allowed: false, retryAfterSeconds: 120 }),
    hit: async () => undefined,
  };
  return { clientAddress: "203.0.113.7", booking: { manageMisses } } as unknown as AppLoadContext;
}

const post = (body: string, type = "application/x-www-form-urlencoded") =>
  new Request("http://localhost/driver/x", { method: "POST", body, headers: { "content-type": type } });

describe("driverOfDayPage", () => {
  it("refuses a link that opens nothing as not found, in the staff's words, with the status line as before", async () => {
    const { data, init } = await thrown(driverOfDayPage(context(true), undefined, FR));
    expect(init.status).toBe(404);
    expect(init.statusText).toBe("This link to your rides does not work (any more). Ask the office to send you a new one.");
    expect(data).toMatchObject({ title: "Vos courses", heading: "Page introuvable" });
  });

  it("refuses past the wrong-link limit with its Retry-After, in the staff's words", async () => {
    const { data, init } = await thrown(driverOfDayPage(context(false), "token", EN));
    expect(init.status).toBe(429);
    expect(new Headers(init.headers).get("Retry-After")).toBe("120");
    expect(data).toEqual({
      title: "Your rides",
      heading: "Too many wrong links",
      sentence: "Too many wrong links from your connection. Please wait a few minutes and try again.",
    });
  });
});

describe("readDriverForm", () => {
  it("reads a press's fields", async () => {
    expect(await readDriverForm(post("step=on_my_way&leg=1"), 1024, FR)).toEqual({ step: "on_my_way", leg: "1" });
  });

  it("refuses a post too large and closes the connection", async () => {
    const { data, init } = await thrown(readDriverForm(post("x".repeat(2000)), 1024, EN));
    expect(init.status).toBe(413);
    expect(new Headers(init.headers).get("Connection")).toBe("close");
    expect(data).toEqual({ title: "Your rides", heading: "Something went wrong", sentence: "Content Too Large" });
  });

  it("refuses what is not a form, in French", async () => {
    const { data, init } = await thrown(readDriverForm(post("{}", "application/json"), 1024, FR));
    expect(init).toMatchObject({ status: 415, statusText: "Unsupported Media Type" });
    expect(data).toMatchObject({ heading: "Un problème est survenu" });
  });
});

describe("notYourLegRefused", () => {
  it("words the page in French and keeps the English status line", () => {
    const { data, init } = notYourLegRefused(FR) as unknown as { data: unknown; init: ResponseInit };
    expect(init).toEqual({ status: 404, statusText: "This ride is not on your list (any more). Reload the page." });
    expect(data).toMatchObject({
      heading: "Page introuvable",
      sentence: "Cette course ne figure pas (ou plus) sur votre liste. Rechargez la page.",
    });
  });
});

describe("isDriverDayPath", () => {
  it.each([
    ["/driver/abc", true],
    ["/driver/abc.data", true],
    ["/Driver/abc", true],
    ["/driver", false],
    ["/admin/drivers", false],
    ["/fr/driver/abc", false],
  ])("%s → %s", (path, expected) => {
    expect(isDriverDayPath(path)).toBe(expected);
  });
});
