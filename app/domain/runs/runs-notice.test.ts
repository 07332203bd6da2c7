import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { adminWordsIn } from "~/lib/test-support/admin-words";
import { noticeParams, noticeText, readNotice, type RunsNotice } from "./runs-notice";

const NOTICES: RunsNotice[] = [
  { done: "planned", planned: 2, kept: 1 },
  { done: "moved", orderId: "NV-ABC234", run: 7 },
  { done: "locked", run: 7 },
  { done: "already-unlocked", run: 3 },
  { done: "assigned", run: 7 },
  { done: "dispatched", run: 7 },
  { done: "landing", orderId: "NV-ABC234", to: "11:25" },
  { done: "landing-same", orderId: "NV-ABC234" },
];

const names = () => ({ vehicle: "Volkswagen Caravelle", driver: "Karim Benali" });
const [EN, FR] = [adminWordsIn("en"), adminWordsIn("fr")];

describe("runs notices", () => {
  it.each(NOTICES)("reads back %o from the address it is sent to", (notice) => {
    expect(readNotice(new URLSearchParams(noticeParams(notice)))).toEqual(notice);
  });

  it("names the run's vehicle and driver as they are now", () => {
    expect(noticeText({ done: "assigned", run: 7 }, names, EN)).toBe("Run #7 has Volkswagen Caravelle and Karim Benali, and is locked.");
  });

  it("says when a run was given no vehicle or no driver", () => {
    const none = () => ({ vehicle: null, driver: "Karim Benali" });
    expect(noticeText({ done: "assigned", run: 7 }, none, EN)).toBe("Run #7 has no vehicle and Karim Benali, and is locked.");
    expect(noticeText({ done: "assigned", run: 7 }, none, FR)).toBe(
      "La tournée n°\u00a07 est verrouillée. Véhicule\u00a0: aucun\u00a0; chauffeur\u00a0: Karim Benali.",
    );
  });

  it("counts the runs a plan made and the locked ones it kept", () => {
    expect(noticeText({ done: "planned", planned: 1, kept: 0 }, names, EN)).toBe("Planned 1 run; 0 locked kept as they are.");
    expect(noticeText({ done: "planned", planned: 2, kept: 1 }, names, EN)).toBe("Planned 2 runs; 1 locked kept as they are.");
  });

  it("counts them in French to a member who reads French", () => {
    expect(noticeText({ done: "planned", planned: 2, kept: 1 }, names, FR)).toBe(
      "2 tournées planifiées\u00a0; 1 tournée verrouillée conservée telle quelle.",
    );
  });

  it("tells of a move in French to a member who reads French", () => {
    expect(noticeText({ done: "moved", orderId: "NV-ABC234", run: 7 }, names, FR)).toBe(
      "NV-ABC234 est dans la tournée n°\u00a07, désormais verrouillée.",
    );
  });

  it.each([
    ["done=moved&orderId=Call+0800+000+000&run=7"],
    ["done=planned&planned=2"],
    ["done=landing&orderId=NV-ABC234&to=soon"],
    ["done=explode&run=1"],
    ["notice=Your+account+is+locked"],
  ])("reads no notice from %s", (query) => {
    expect(readNotice(new URLSearchParams(query))).toBeNull();
  });

  it("never writes words an address brings into the sentence", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("done", "run", "orderId", "to", "planned", "kept"), fc.string()), (query) => {
        const notice = readNotice(new URLSearchParams(query));
        if (!notice) return;
        const text = noticeText(notice, names, EN);
        for (const value of Object.values(query)) if (!/^[\w:-]*$/.test(value)) expect(text).not.toContain(value);
      }),
    );
  });
});
