import { startTransition, useEffect, useState } from "react";

/**
 * False while rendering on the server and hydrating; true once the browser has taken over.
 *
 * Set in a transition after hydration, not read from `useSyncExternalStore`: React re-renders a
 * changed external-store snapshot synchronously, so the whole page's second render (the rates
 * tables, the contact form) would run as one task of 15–25 ms, blocking time on a phone. A transition
 * yields to the browser every few milliseconds (docs/decisions/0011).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    startTransition(() => setHydrated(true));
  }, []);
  return hydrated;
}
