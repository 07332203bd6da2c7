import { createContext, useContext } from "react";

/**
 * The per-request Content-Security-Policy nonce, handed from the server entry to the
 * document so every inline script React Router writes carries it. Empty in the browser.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
