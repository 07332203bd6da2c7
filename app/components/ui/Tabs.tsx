import type { ReactNode } from "react";

export interface TabItem {
  id: string;
  label: string;
  /** The address that shows this tab selected: a plain link without JavaScript. */
  href: string;
  panel: ReactNode;
  /** A choice the tab stands for, shown by the page's `[data-variants]` elements when selected. */
  choice?: string;
  /** The link's attributes under each choice the page offers (its address keeps the choice). */
  variants?: Record<string, Record<string, string>>;
}

/**
 * Tabs as server HTML: a list of links, each to the address that selects its tab, and one panel
 * per tab with all but the selected one hidden. Without JavaScript a link loads that address;
 * public/js/price-pages.js turns the list into the WAI-ARIA tabs pattern (automatic activation,
 * arrows, Home and End) on the pages that load it.
 */
export function Tabs({
  label,
  items,
  selected,
  idPrefix,
}: {
  label: string;
  items: readonly TabItem[];
  selected: string;
  idPrefix: string;
}) {
  const current = items.some((t) => t.id === selected) ? selected : items[0]?.id;
  return (
    <div className="tabs" data-tabs="">
      <ul className="tabs__list" aria-label={label} data-choice-scope={items.some((t) => t.variants) ? "" : undefined}>
        {items.map((tab) => (
          <li key={tab.id}>
            <a
              id={`${idPrefix}-tab-${tab.id}`}
              className="tabs__tab"
              href={tab.href}
              aria-current={tab.id === current ? "page" : undefined}
              data-panel={`${idPrefix}-panel-${tab.id}`}
              data-choice={tab.choice}
              data-variants={tab.variants ? JSON.stringify(tab.variants) : undefined}
            >
              {tab.label}
            </a>
          </li>
        ))}
      </ul>
      {items.map((tab) => (
        <div key={tab.id} id={`${idPrefix}-panel-${tab.id}`} hidden={tab.id !== current} className="tabs__panel">
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
