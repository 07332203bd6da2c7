import type { ReactNode } from "react";
import { useT } from "./i18n";

/** The frame every price table shares: scrolling on narrow screens, caption, column headers. */
export function PriceTableFrame({ caption, columns, children }: { caption: string; columns: readonly string[]; children: ReactNode }) {
  const t = useT();
  return (
    // A table wider than a phone scrolls inside this region; keyboard users need to focus it to
    // scroll it (WCAG 2.1.1), and its name says what it holds.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable
    <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="rates-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("prices.table.passengers")}</th>
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

/** A cell with no price: a dash to the eye, words to a screen reader. */
export function NoPrice() {
  const t = useT();
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">{t("prices.table.noPrice")}</span>
    </>
  );
}
