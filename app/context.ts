import type { PriceStore } from "~/lib/prices.server";
import type { Settings } from "~/lib/settings.server";

declare module "react-router" {
  interface AppLoadContext {
    settings: Settings;
    /** The price file, re-read when it changes (app/lib/prices.server.ts). */
    prices: PriceStore;
    /** Per-request CSP nonce; see server/security-headers.ts. */
    nonce: string;
  }
}

export {};
