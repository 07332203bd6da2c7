import type { ReactNode } from "react";

/** The frame every price table shares: scrolling on narrow screens, caption, column headers. */
export function PriceTableFrame({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <div className="table-scroll">
      <table className="rates-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Passengers</th>
            {columns.map((label) => (
              <th scope="col" key={label}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
