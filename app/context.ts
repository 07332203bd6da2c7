import type { Settings } from "~/lib/settings.server";

declare module "react-router" {
  interface AppLoadContext {
    settings: Settings;
    /** Per-request CSP nonce; see server/security-headers.ts. */
    nonce: string;
  }
}

export {};
