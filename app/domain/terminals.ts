import type { AirportCode } from "./site-paths";

/**
 * The terminals of each airport served, as travellers read them on their boarding pass. The
 * booking form asks for one when a pickup is at an airport; the meeting points file
 * (docs/product.md, Meeting points) says where the driver waits at each.
 */
export const TERMINALS: Readonly<Record<AirportCode, readonly string[]>> = {
  CDG: ["1", "2A", "2B", "2C", "2D", "2E", "2F", "2G", "3"],
  ORY: ["1", "2", "3", "4"],
  BVA: ["1", "2"],
};

/** The terminal of a traveller who does not know it yet: stored as the empty string. */
export const TERMINAL_NOT_KNOWN = "";

export const TERMINAL_NOT_KNOWN_LABEL = "Not known yet";

/** Whether `terminal` is one of the airport's, or not known yet. */
export function isTerminalOf(code: AirportCode, terminal: string): boolean {
  return terminal === TERMINAL_NOT_KNOWN || TERMINALS[code].includes(terminal);
}

/** "Terminal 2E", or "Terminal not known yet". */
export function terminalLabel(terminal: string): string {
  return terminal === TERMINAL_NOT_KNOWN ? `Terminal ${TERMINAL_NOT_KNOWN_LABEL.toLowerCase()}` : `Terminal ${terminal}`;
}
