import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, LOCALES, LOCALIZED_PATHS, localizedPath } from "./domain/locales";
import routes from "./routes";

function declaredPaths(entries: ReadonlyArray<{ path?: string; index?: boolean; children?: unknown }>): string[] {
  return entries.flatMap((entry) => [
    entry.index ? "/" : `/${entry.path ?? ""}`,
    ...(Array.isArray(entry.children) ? declaredPaths(entry.children as typeof entries) : []),
  ]);
}

describe("the URL map", () => {
  const declared = new Set(declaredPaths(routes));

  it("serves every page that exists in every language under each language's prefix", () => {
    for (const locale of LOCALES.filter((l) => l !== DEFAULT_LOCALE)) {
      for (const path of LOCALIZED_PATHS) expect(declared, `${locale} ${path}`).toContain(localizedPath(locale, path));
    }
  });

  it("serves no other page under a prefix, but the booking form's endpoint and the payment pages", () => {
    const prefixed = [...declared].filter((path) => /^\/(fr|es|it|de|nl)(\/|$)/.test(path));
    const others = prefixed.filter((path) => /^\/[a-z]{2}\/(api\/booking|payment\/:orderId|response_bank_ok_ko)$/.test(path));
    expect(others).toHaveLength(3 * (LOCALES.length - 1));
    expect(prefixed).toHaveLength(LOCALIZED_PATHS.length * (LOCALES.length - 1) + others.length);
  });

  it("serves the traveller's pages in every language by an optional first segment", () => {
    const traveller = [...declared].filter((path) => path.includes("my-booking"));
    expect(traveller.sort()).toEqual(
      ["", "/:token", "/:token/calendar.ics", "/:token/change", "/:token/voucher"].map((rest) => `/:lang?/my-booking${rest}`),
    );
  });
});
