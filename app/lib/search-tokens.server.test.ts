import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSearchTokens, SEARCH_TOKEN_HOURS } from "./search-tokens.server";

const tokens = createSearchTokens("the staff auth secret of these tests");
const NOW = new Date("2026-11-24T10:00:00Z");
const hours = (n: number) => new Date(NOW.getTime() + n * 3600_000);

describe("search tokens", () => {
  it.each(["Ada Lovelace", "ada@example.com", "+33 6 12 34 56 78", "NV-7K3P2Q", "Élodie de la Fontaine", "x", "日本語 😀"])(
    "seal %j into a token without it and open it back",
    (text) => {
      const token = tokens.sealSearch(text, NOW);
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      for (const part of text.split(/[\s@.+]+/).filter((p) => p.length >= 5)) expect(token.toLowerCase()).not.toContain(part.toLowerCase());
      expect(tokens.openSearch(token, NOW)).toEqual({ ok: true, text });
    },
  );

  it("opens any text it sealed", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (text) => {
        const opened = tokens.openSearch(tokens.sealSearch(text, NOW), NOW);
        // A lone surrogate is not UTF-8: it comes back as U+FFFD, as any form post would give it.
        expect(opened).toEqual({ ok: true, text: Buffer.from(text, "utf8").toString("utf8") });
      }),
    );
  });

  it("draws a new IV each time: the same text seals into different tokens", () => {
    const seen = new Set(Array.from({ length: 50 }, () => tokens.sealSearch("Ada Lovelace", NOW)));
    expect(seen.size).toBe(50);
  });

  it.each<[number, "ok" | "expired" | "invalid"]>([
    [0, "ok"],
    [1, "ok"],
    [SEARCH_TOKEN_HOURS - 0.01, "ok"],
    [SEARCH_TOKEN_HOURS, "ok"],
    [SEARCH_TOKEN_HOURS + 0.01, "expired"],
    [24 * 30, "expired"],
    [-0.05, "ok"],
    [-1, "invalid"],
  ])("a token opened %s hours after its seal is %s", (after, expected) => {
    const opened = tokens.openSearch(tokens.sealSearch("Leroy", NOW), hours(after));
    expect(opened.ok ? "ok" : opened.reason).toBe(expected);
  });

  it("refuses a token sealed under another secret", () => {
    const other = createSearchTokens("another secret");
    expect(other.openSearch(tokens.sealSearch("Leroy", NOW), NOW)).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses every token with one byte changed, cut short or lengthened", () => {
    const token = tokens.sealSearch("Ada Lovelace", NOW);
    const bytes = Buffer.from(token, "base64url");
    for (let i = 0; i < bytes.length; i++) {
      for (const flip of [0x01, 0x80]) {
        const altered = Buffer.from(bytes);
        altered[i]! ^= flip;
        expect(tokens.openSearch(altered.toString("base64url"), NOW), `byte ${i} ^ ${flip}`).toEqual({ ok: false, reason: "invalid" });
      }
    }
    for (const length of [0, 1, 20, 36, bytes.length - 1]) {
      expect(tokens.openSearch(bytes.subarray(0, length).toString("base64url"), NOW)).toEqual({ ok: false, reason: "invalid" });
    }
    expect(tokens.openSearch(Buffer.concat([bytes, Buffer.from([0])]).toString("base64url"), NOW)).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it.each(["", "Leroy", "not base64!", "A".repeat(5000), "AQ==", `${"A".repeat(60)} `])("refuses %j", (token) => {
    expect(tokens.openSearch(token, NOW)).toEqual({ ok: false, reason: "invalid" });
  });

  it("never throws on any text given as a token", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.base64String(),
          fc.uint8Array({ maxLength: 120 }).map((b) => Buffer.from(b).toString("base64url")),
        ),
        (token) => {
          expect(tokens.openSearch(token, NOW).ok).toBe(false);
        },
      ),
    );
  });

  it("needs a secret", () => {
    expect(() => createSearchTokens("")).toThrow("The search tokens need a non-empty secret.");
  });
});
