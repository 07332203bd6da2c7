import { describe, expect, it } from "vitest";
import { manageWordsIn } from "./i18n.server";
import { readTravellerForm, refusalHeaders, travellerPageLocale } from "./traveller-pages.server";

const post = (body: string, type = "application/x-www-form-urlencoded", path = "/my-booking") =>
  new Request(`https://navette.example${path}`, { method: "POST", body, headers: { "Content-Type": type } });

const UNREADABLE = "This form could not be read.";

/** What readTravellerForm throws, as the route's error boundary receives it. */
async function refusal(request: Request, limit: number) {
  const thrown: unknown = await readTravellerForm(request, limit).then(
    () => null,
    (e: unknown) => e,
  );
  // react-router's data() throws a DataWithResponseInit: its status, headers and text.
  const d = thrown as { type: string; data: unknown; init: { status: number; headers?: Record<string, string> } };
  return { status: d.init.status, headers: d.init.headers ?? {}, data: d.data, type: d.type };
}

describe("readTravellerForm", () => {
  it("gives a form's fields, a repeated name keeping its last value", async () => {
    expect(await readTravellerForm(post("intent=cancel&a=1&a=2"), 1024)).toEqual({ intent: "cancel", a: "2" });
  });

  it("refuses a post too large (closing the connection) or not a form, in one sentence", async () => {
    expect(await refusal(post(`note=${"x".repeat(2000)}`), 1024)).toMatchObject({
      type: "DataWithResponseInit",
      status: 413,
      headers: { Connection: "close" },
      data: { sentence: UNREADABLE, lostLink: { href: "/my-booking" } },
    });
    expect(await refusal(post("{}", "application/json"), 1024)).toMatchObject({
      status: 415,
      headers: {},
      data: { sentence: UNREADABLE },
    });
  });

  it("refuses in the language of the page that posted", async () => {
    const french = manageWordsIn("fr");
    expect(await refusal(post("{}", "application/json", "/fr/my-booking"), 1024)).toMatchObject({
      status: 415,
      data: { heading: french("error.other"), sentence: french("error.unreadableText"), lostLink: { href: "/fr/my-booking" } },
    });
  });
});

describe("refusalHeaders", () => {
  it.each([
    [
      "a thrown refusal's",
      { errorHeaders: new Headers({ "Retry-After": "60", Connection: "close" }) },
      { "retry-after": "60", connection: "close" },
    ],
    ["the action's", { actionHeaders: new Headers({ "Retry-After": "120" }) }, { "retry-after": "120" }],
    [
      "a thrown refusal's over the action's",
      { errorHeaders: new Headers({ "Retry-After": "60" }), actionHeaders: new Headers({ "Retry-After": "120" }) },
      { "retry-after": "60" },
    ],
    ["no other header", { errorHeaders: new Headers({ "Set-Cookie": "x=1", "Cache-Control": "public" }) }, {}],
    ["nothing", {}, {}],
  ])("passes on %s Retry-After and Connection", (_what, args, expected) => {
    expect(Object.fromEntries(refusalHeaders(args).entries())).toEqual(expected);
  });
});

describe("travellerPageLocale", () => {
  const at = (path: string) => new Request(`https://navette.example${path}`);

  it.each([
    ["/my-booking", undefined, "en"],
    ["/fr/my-booking", "fr", "fr"],
    ["/DE/my-booking/x", "DE", "de"],
  ] as const)("reads %s as %s's page", (path, lang, locale) => {
    expect(travellerPageLocale(at(path), lang)).toBe(locale);
  });

  it.each([
    ["/en/my-booking", "en"],
    ["/pt/my-booking", "pt"],
    ["/admin/my-booking", "admin"],
  ])("answers %s with the traveller's pages' 404", async (path, lang) => {
    const thrown: unknown = (() => {
      try {
        return travellerPageLocale(at(path), lang);
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toMatchObject({ init: { status: 404 }, data: { heading: manageWordsIn("en")("error.notFound") } });
  });
});
