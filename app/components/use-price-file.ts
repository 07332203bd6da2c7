import { startTransition, useEffect, useState } from "react";
import { parsePriceFile, type PriceRow } from "~/domain/pricing/csv";

export type BrowserPrices = { state: "loading" } | { state: "ready"; rows: readonly PriceRow[] };

/**
 * The browser's own copy of the price file, so that a new route or
 * passenger count is priced without a round trip. A failed load is logged and the state stays
 * "loading"; callers then keep the server's answer.
 */
export function usePriceFile(): BrowserPrices {
  const [prices, setPrices] = useState<BrowserPrices>({ state: "loading" });
  useEffect(() => {
    let live = true;
    fetch("/data/prices.csv")
      .then(async (response) => {
        if (!response.ok) throw new Error(`price file answered ${response.status}`);
        const { rows } = parsePriceFile(await response.text());
        if (rows.length === 0) throw new Error("price file holds no route");
        // A transition: the re-render it causes (whole rate tables, the booking form) yields to
        // the browser every few milliseconds instead of blocking it in one long task.
        if (live) startTransition(() => setPrices({ state: "ready", rows }));
      })
      .catch((error: unknown) => {
        console.error("Price data could not be loaded:", error);
      });
    return () => {
      live = false;
    };
  }, []);
  return prices;
}
