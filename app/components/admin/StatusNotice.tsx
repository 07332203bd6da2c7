import type { ReactNode } from "react";

/**
 * The outcome of the last form post, announced politely: the live region is always on the page,
 * so that a notice that appears in it is read out.
 */
export function StatusNotice({ notice }: { notice: ReactNode }) {
  return <div role="status">{notice ? <p className="admin-notice">{notice}</p> : null}</div>;
}
