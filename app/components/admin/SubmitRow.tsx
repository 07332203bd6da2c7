import type { ReactNode } from "react";

/** A back-office form's action row: its one submit button, off while the post is on its way. */
export function SubmitRow({ busy, secondary = false, children }: { busy: boolean; secondary?: boolean; children: ReactNode }) {
  return (
    <div className="admin-actions">
      <button type="submit" className={secondary ? "button button--secondary" : "button"} disabled={busy}>
        {children}
      </button>
    </div>
  );
}
