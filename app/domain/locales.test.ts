import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isLocalizedPath, localeOfPath, LOCALES, localizedPath, pathWithoutLocale } from "./locales";

describe("a path's language", () => {
  it.each([
    ["/", "en"],
    ["/info", "en"],
    ["/fr", "fr"],
    ["/fr/", "fr"],
    ["/fr/info", "fr"],
    ["/nl/links", "nl"],
    ["/en/info", "en"],
    ["/pt/info", "en"],
    ["/francais", "en"],
    ["/frx/info", "en"],
    ["/FR/info", "fr"],
    ["/fr.data", "fr"],
    ["/fr/info.data", "fr"],
  ])("%s is in %s", (path, locale) => {
    expect(localeOfPath(path)).toBe(locale);
  });

  it.each([
    ["/fr", "/"],
    ["/fr/", "/"],
    ["/de/info", "/info"],
    ["/info", "/info"],
    ["/francais", "/francais"],
    ["/Fr/info", "/info"],
  ])("%s without its prefix is %s", (path, english) => {
    expect(pathWithoutLocale(path)).toBe(english);
  });
});

describe("a path in a language", () => {
  it.each([
    ["fr", "/", "/fr"],
    ["es", "/info", "/es/info"],
    ["it", "/links?x=1#top", "/it/links?x=1#top"],
    ["de", "/services/", "/de/services/"],
    ["en", "/info", "/info"],
    ["fr", "/admin/login", "/admin/login"],
    ["nl", "/my-booking", "/nl/my-booking"],
    ["es", "/my-booking/abc/voucher", "/es/my-booking/abc/voucher"],
    ["de", "/my-booking/abc/other", "/my-booking/abc/other"],
    ["fr", "/driver/abc", "/driver/abc"],
    ["fr", "https://vip.example/", "https://vip.example/"],
  ] as const)("in %s, %s is %s", (locale, path, localized) => {
    expect(localizedPath(locale, path)).toBe(localized);
  });

  it("comes back to its English path and names its language", () => {
    const localized = fc.constantFrom("/", "/services", "/info", "/informations", "/links");
    fc.assert(
      fc.property(fc.constantFrom(...LOCALES), localized, (locale, path) => {
        const there = localizedPath(locale, path);
        expect(localeOfPath(there)).toBe(locale);
        expect(pathWithoutLocale(there)).toBe(path);
      }),
    );
  });

  it("leaves a page that exists only in English where it is", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.webPath().map((p) => `/${p.replace(/^\/+/, "")}`),
        (locale, path) => {
          fc.pre(!isLocalizedPath(path.replace(/[?#].*$/, "")));
          expect(localizedPath(locale, path)).toBe(path);
        },
      ),
    );
  });
});
