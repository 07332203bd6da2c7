/**
 * zod, configured once for every schema of the site. zod 4 probes `new Function` when it first
 * builds or runs a schema, to pick a faster path; the site's CSP forbids eval, so the probe would
 * be reported as a violation in every browser. The slower path is plenty. Every module imports z
 * from here, so the setting is made before any schema exists, whatever the import order.
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };

/** A posted database id: a positive 32-bit integer, anything else names no row and gets `message`. */
export function rowId(message: string) {
  return z.coerce.number({ message }).int(message).positive(message).max(2_147_483_647, message);
}
