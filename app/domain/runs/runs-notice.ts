import type { AdminWords } from "../back-office/admin-words";
import { ORDER_ID_PATTERN } from "../booking/order-id";

/**
 * What a change on the runs page did, carried to the page it redirects to as a code and ids in
 * its address, never as words: a link made elsewhere can name an outcome but not write the
 * sentence staff read. Pure.
 */
export type RunsNotice =
  | { done: "planned"; planned: number; kept: number }
  | { done: "moved"; orderId: string; run: number }
  | { done: "locked" | "unlocked" | "already-locked" | "already-unlocked" | "assigned" | "dispatched"; run: number }
  | { done: "landing"; orderId: string; to: string }
  | { done: "landing-same"; orderId: string };

const RUN_CODES = ["locked", "unlocked", "already-locked", "already-unlocked", "assigned", "dispatched"] as const;

/** The notice as the redirect's query parameters. */
export function noticeParams(notice: RunsNotice): Record<string, string> {
  return Object.fromEntries(Object.entries(notice).map(([k, v]) => [k, String(v)]));
}

const count = (v: string | null) => (v !== null && /^\d{1,6}$/.test(v) ? Number(v) : null);

/** The notice a page address names, or null when it names none or one that does not read. */
export function readNotice(params: URLSearchParams): RunsNotice | null {
  const done = params.get("done");
  const run = count(params.get("run"));
  const orderId = params.get("orderId");
  const order = orderId !== null && ORDER_ID_PATTERN.test(orderId) ? orderId : null;
  if (done === "planned") {
    const [planned, kept] = [count(params.get("planned")), count(params.get("kept"))];
    return planned !== null && kept !== null ? { done, planned, kept } : null;
  }
  if (done === "moved") return order && run !== null ? { done, orderId: order, run } : null;
  if (done === "landing") {
    const to = params.get("to");
    return order && to && /^\d\d:\d\d$/.test(to) ? { done, orderId: order, to } : null;
  }
  if (done === "landing-same") return order ? { done, orderId: order } : null;
  const code = RUN_CODES.find((c) => c === done);
  return code && run !== null ? { done: code, run } : null;
}

/** A run's vehicle and driver by name as they are now; null for none. */
export interface RunAssignment {
  vehicle: string | null;
  driver: string | null;
}

/** The notice in the dispatcher's words; `assignedTo` names a run's vehicle and driver as they are now. */
export function noticeText(notice: RunsNotice, assignedTo: (run: number) => RunAssignment, words: AdminWords): string {
  switch (notice.done) {
    case "planned":
      return words("runs.notice.planned", { planned: notice.planned, kept: notice.kept });
    case "moved":
      return words("runs.notice.moved", { orderId: notice.orderId, run: notice.run });
    case "locked":
      return words("runs.notice.locked", { run: notice.run });
    case "unlocked":
      return words("runs.notice.unlocked", { run: notice.run });
    case "already-locked":
      return words("runs.notice.alreadyLocked", { run: notice.run });
    case "already-unlocked":
      return words("runs.notice.alreadyUnlocked", { run: notice.run });
    case "assigned": {
      const { vehicle, driver } = assignedTo(notice.run);
      return words("runs.notice.assigned", {
        run: notice.run,
        vehicleSet: vehicle === null ? "no" : "yes",
        vehicle: vehicle ?? "",
        driverSet: driver === null ? "no" : "yes",
        driver: driver ?? "",
      });
    }
    case "dispatched":
      return words("runs.notice.dispatched", { run: notice.run });
    case "landing":
      return words("runs.notice.landing", { orderId: notice.orderId, to: notice.to });
    case "landing-same":
      return words("runs.notice.landingSame", { orderId: notice.orderId });
  }
}
