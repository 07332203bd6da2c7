import fc from "fast-check";
import { describe, expect, it } from "vitest";
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

describe("runs notices", () => {
  it.each(NOTICES)("reads back %o from the address it is sent to", (notice) => {
    expect(readNotice(new URLSearchParams(noticeParams(notice)))).toEqual(notice);
  });

  it("names the run's vehicle and driver as they are now", () => {
    expect(noticeText({ done: "assigned", run: 7 }, names)).toBe("Run #7 has Volkswagen Caravelle and Karim Benali, and is locked.");
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
        const text = noticeText(notice, names);
        for (const value of Object.values(query)) if (!/^[\w:-]*$/.test(value)) expect(text).not.toContain(value);
      }),
    );
  });
});
