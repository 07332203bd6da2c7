import { type ReactNode, useId } from "react";

interface AdminTableProps {
  /** What the table lists, for screen readers (hidden on screen). */
  caption?: ReactNode;
  /** The column headings, in order. */
  columns: readonly ReactNode[];
  /**
   * For a wide table that scrolls on its own: its frame becomes a keyboard-reachable region,
   * named by this text, or by the caption when `true`.
   */
  scrollable?: string | true;
  className?: string;
  /** The rows. */
  children: ReactNode;
}

/** A back-office table in its scrolling frame: caption, one header row of column headings, the rows. */
export function AdminTable({ caption, columns, scrollable, className, children }: AdminTableProps) {
  const captionId = useId();
  const region =
    scrollable === undefined
      ? {}
      : {
          role: "region",
          tabIndex: 0,
          ...(scrollable === true ? { "aria-labelledby": captionId } : { "aria-label": scrollable }),
        };
  return (
    // A scrollable frame takes the focus, so that a keyboard can scroll the table sideways on a narrow screen.
    <div className="admin-table-wrap" {...region}>
      <table className={className ? `admin-table ${className}` : "admin-table"}>
        {caption ? (
          <caption id={captionId} className="visually-hidden">
            {caption}
          </caption>
        ) : null}
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th scope="col" key={i}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
