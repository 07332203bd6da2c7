import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MAX_CHECKS,
  nextCheckHref,
  resultHref,
  readChecks,
  resultCookie,
  resultCookieName,
  resultCookieToken,
  resultState,
  type ResultFacts,
} from "./payment-result";

const TOKEN = "a".repeat(20) + "B-_" + "c".repeat(20);
const card = (status: string, bookingStatus = "new"): ResultFacts => ({ status, bookingStatus, paymentMode: "card" });

describe("resultState", () => {
  it.each<[string, ResultFacts | null, boolean, number, string]>([
    ["an order the site does not know, ok", null, true, 0, "outside"],
    ["an order the site does not know, ko", null, false, 0, "outside"],
    ["paid, ok", card("paid"), true, 0, "paid"],
    ["paid, yet ko (cancelled on the provider's page after paying elsewhere)", card("paid"), false, 0, "paid"],
    ["paid and confirmed", card("paid", "confirmed"), true, 3, "paid"],
    ["partly refunded, still standing", card("partly_refunded", "driver_assigned"), true, 0, "paid"],
    ["paid on board (taken by phone)", { status: "pending_payment", bookingStatus: "confirmed", paymentMode: "cash" }, false, 0, "paid"],
    ["waiting for the notification, first visit", card("pending_payment"), true, 0, "waiting"],
    ["waiting, fourth check", card("pending_payment"), true, MAX_CHECKS - 1, "waiting"],
    ["waiting, checks used up", card("pending_payment"), true, MAX_CHECKS, "confirming"],
    ["unpaid, back with ko", card("pending_payment"), false, 0, "not-paid"],
    ["failed, back with ok", card("payment_failed"), true, 0, "not-paid"],
    ["failed, back with ko", card("payment_failed"), false, 0, "not-paid"],
    ["cancelled and refunded", card("refunded", "cancelled"), true, 0, "cancelled"],
    ["cancelled before payment", card("pending_payment", "cancelled"), true, 0, "cancelled"],
  ])("%s → %s", (_what, booking, ok, checks, state) => {
    expect(resultState(booking, ok, checks)).toBe(state);
  });

  it("waits only for an unpaid card booking back with ok, and for at most MAX_CHECKS checks", () => {
    const statuses = ["pending_payment", "paid", "payment_failed", "refunded", "partly_refunded"];
    const lives = ["new", "confirmed", "driver_assigned", "completed", "cancelled", "no_show"];
    fc.assert(
      fc.property(
        fc.constantFrom(...statuses),
        fc.constantFrom(...lives),
        fc.constantFrom("card", "cash"),
        fc.boolean(),
        fc.integer({ min: 0, max: 20 }),
        (status, bookingStatus, paymentMode, ok, checks) => {
          const state = resultState({ status, bookingStatus, paymentMode }, ok, checks);
          const waitsFor = status === "pending_payment" && paymentMode === "card" && bookingStatus !== "cancelled" && ok;
          expect(state === "waiting" || state === "confirming").toBe(waitsFor);
          if (state === "waiting") expect(checks).toBeLessThan(MAX_CHECKS);
          expect(state).not.toBe("outside");
        },
      ),
    );
  });
});

describe("readChecks and nextCheckHref", () => {
  it.each([
    [null, 0],
    ["", 0],
    ["0", 0],
    ["3", 3],
    ["5", 5],
    ["99", 5],
    ["-1", 0],
    ["2x", 0],
    ["1e3", 0],
  ])("check=%s reads %s", (value, checks) => {
    expect(readChecks(value)).toBe(checks);
  });

  it("counts the next check in the page's own address", () => {
    expect(nextCheckHref("en", "NV-7K3P2Q", 0)).toBe("/response_bank_ok_ko?ok_ko=ok&order_id=NV-7K3P2Q&check=1");
    expect(nextCheckHref("en", "NV-7K3P2Q", 4)).toBe("/response_bank_ok_ko?ok_ko=ok&order_id=NV-7K3P2Q&check=5");
  });

  it("keeps the booking's language in the next check's address", () => {
    expect(nextCheckHref("es", "NV-7K3P2Q", 1)).toBe("/es/response_bank_ok_ko?ok_ko=ok&order_id=NV-7K3P2Q&check=2");
  });
});

describe("resultHref", () => {
  it.each([
    ["en", "ok", "/response_bank_ok_ko?ok_ko=ok&order_id=NV-7K3P2Q"],
    ["fr", "ok", "/fr/response_bank_ok_ko?ok_ko=ok&order_id=NV-7K3P2Q"],
    ["nl", "ko", "/nl/response_bank_ok_ko?ok_ko=ko&order_id=NV-7K3P2Q"],
  ] as const)("returns a %s booking's %s payment to %s", (locale, okKo, href) => {
    expect(resultHref(locale, okKo, "NV-7K3P2Q")).toBe(href);
  });
});

describe("the result cookie", () => {
  it("is HttpOnly, SameSite=Lax, for the result page only, for a day; Secure with the __Secure- prefix on https", () => {
    expect(resultCookie("NV-7K3P2Q", TOKEN, false, "en")).toBe(
      `navette_result=NV-7K3P2Q.${TOKEN}; Max-Age=86400; Path=/response_bank_ok_ko; HttpOnly; SameSite=Lax`,
    );
    expect(resultCookie("NV-7K3P2Q", TOKEN, true, "en")).toBe(
      `__Secure-navette_result=NV-7K3P2Q.${TOKEN}; Max-Age=86400; Path=/response_bank_ok_ko; HttpOnly; SameSite=Lax; Secure`,
    );
  });

  it("is for the result page in the booking's language", () => {
    expect(resultCookie("NV-7K3P2Q", TOKEN, false, "de")).toContain("; Path=/de/response_bank_ok_ko;");
  });

  it("gives its token back only for the order it names, under the name of the site's scheme", () => {
    const header = `theme=dark; ${resultCookieName(false)}=NV-7K3P2Q.${TOKEN}; other=1`;
    expect(resultCookieToken(header, "NV-7K3P2Q", false)).toBe(TOKEN);
    expect(resultCookieToken(header, "NV-AAAAAA", false)).toBeNull();
    expect(resultCookieToken(header, "NV-7K3P2Q", true)).toBeNull();
    expect(resultCookieToken(`__Secure-navette_result=NV-7K3P2Q.${TOKEN}`, "NV-7K3P2Q", true)).toBe(TOKEN);
    expect(resultCookieToken(null, "NV-7K3P2Q", false)).toBeNull();
    expect(resultCookieToken(`navette_result=NV-7K3P2Q.${TOKEN}x`, "NV-7K3P2Q", false)).toBeNull();
    expect(resultCookieToken(`navette_result=NV-7K3P2Q.short`, "NV-7K3P2Q", false)).toBeNull();
    expect(resultCookieToken(`navette_result=NV-7K3P2Q.${TOKEN}`, "TEST1", false)).toBeNull();
  });

  it("reads back what it writes, and never throws on any header", () => {
    fc.assert(
      fc.property(fc.string(), (junk) => {
        const header = `${junk}; ${resultCookie("NV-7K3P2Q", TOKEN, false, "en").split(";")[0]}`;
        expect(resultCookieToken(header, "NV-7K3P2Q", false)).toBe(TOKEN);
        expect(() => resultCookieToken(junk, "NV-7K3P2Q", false)).not.toThrow();
      }),
    );
  });
});
