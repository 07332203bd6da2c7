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

/** The notice in the dispatcher's words; `assignedTo` names a run's vehicle and driver as they are now. */
export function noticeText(notice: RunsNotice, assignedTo: (run: number) => { vehicle: string; driver: string }): string {
  switch (notice.done) {
    case "planned":
      return `Planned ${notice.planned} ${notice.planned === 1 ? "run" : "runs"}; ${notice.kept} locked kept as they are.`;
    case "moved":
      return `${notice.orderId} is in run #${notice.run}, now locked.`;
    case "locked":
      return `Run #${notice.run} is locked: a re-plan keeps it.`;
    case "unlocked":
      return `Run #${notice.run} is unlocked: a re-plan may change it.`;
    case "already-locked":
    case "already-unlocked":
      return `Run #${notice.run} was already ${notice.done === "already-locked" ? "locked" : "unlocked"}.`;
    case "assigned": {
      const { vehicle, driver } = assignedTo(notice.run);
      return `Run #${notice.run} has ${vehicle} and ${driver}, and is locked.`;
    }
    case "dispatched":
      return `Run #${notice.run} is dispatched: the driver has each job by e-mail.`;
    case "landing":
      return `${notice.orderId} lands at ${notice.to}: its pickup moved, the runs are planned again, and the traveller and the driver are e-mailed.`;
    case "landing-same":
      return `${notice.orderId} already lands at this time: nothing changed.`;
  }
}
