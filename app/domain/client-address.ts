/**
 * The key a rate limit counts a visitor under (docs/product.md, Payment and e-mails): an IPv4
 * address on its own, an IPv6 address by its /64 network. One IPv6 subscriber is usually handed a
 * whole /64, so counting single IPv6 addresses would give one visitor 2^64 fresh allowances.
 * An IPv4 address written as IPv6 (`::ffff:1.2.3.4`, how a dual-stack socket reports it) is the
 * IPv4 address. Anything else (a malformed or missing address) is counted under one shared key,
 * so it cannot be varied to escape the limit.
 */

export const UNKNOWN_ADDRESS_KEY = "unknown";

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEXTET = /^[0-9a-f]{1,4}$/;

/** The dotted IPv4 address, or null. Leading zeros are refused (they read as octal elsewhere). */
function ipv4(text: string): string | null {
  return IPV4.test(text) ? text : null;
}

/** The eight 16-bit groups of an IPv6 address (zone id dropped, embedded IPv4 allowed), or null. */
function ipv6Groups(text: string): number[] | null {
  let s = text.toLowerCase();
  const zone = s.indexOf("%");
  if (zone >= 0) s = s.slice(0, zone);
  if (s.length === 0 || s.length > 45) return null;
  const tail: number[] = [];
  // An embedded IPv4 address stands for the last two groups.
  const lastColon = s.lastIndexOf(":");
  const last = s.slice(lastColon + 1);
  if (last.includes(".")) {
    const v4 = ipv4(last);
    if (!v4) return null;
    const [a, b, c, d] = v4.split(".").map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    // "::ffff:1.2.3.4" leaves "::ffff", "1:2:3:4:5:6:1.2.3.4" leaves "1:2:3:4:5:6", "::1.2.3.4" leaves "::".
    s = s.slice(0, lastColon + 1);
    if (!s.endsWith("::")) s = s.slice(0, -1);
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string): number[] | null => {
    if (part === "") return [];
    const groups = part.split(":");
    if (!groups.every((g) => HEXTET.test(g))) return null;
    return groups.map((g) => parseInt(g, 16));
  };
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  if (!head || !rest) return null;
  const given = head.length + rest.length + tail.length;
  if (halves.length === 2) {
    if (given > 7) return null;
    return [...head, ...Array<number>(8 - given).fill(0), ...rest, ...tail];
  }
  return given === 8 ? [...head, ...tail] : null;
}

/** The rate-limit key of a client address, as described above. */
export function rateLimitKey(address: string | null | undefined): string {
  const text = (address ?? "").trim();
  const v4 = ipv4(text);
  if (v4) return v4;
  const groups = ipv6Groups(text.replace(/^\[|\]$/g, ""));
  if (!groups) return UNKNOWN_ADDRESS_KEY;
  // ::ffff:a.b.c.d, the IPv4-mapped form.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi, lo] = [groups[6]!, groups[7]!];
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** Whose X-Forwarded-For the server believes: a number of proxy hops, or proxy addresses and networks. */
export type TrustProxy = number | readonly string[];

/** The names Express's `trust proxy` knows for the loopback, link-local and unique-local ranges. */
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** One address, or one network written address/prefix-length. */
function isAddressOrNetwork(entry: string): boolean {
  const [address, prefix, extra] = entry.split("/");
  if (extra !== undefined || !address) return false;
  const v4 = ipv4(address) !== null;
  const v6 = !v4 && !address.includes("%") && ipv6Groups(address) !== null;
  if (!v4 && !v6) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (v4 ? 32 : 128);
}

/**
 * Reads the TRUST_PROXY setting (docs/product.md, Settings): a whole number of proxy hops in front
 * of the server (0 believes no X-Forwarded-For), or a comma-separated list of proxy addresses,
 * networks (10.0.0.0/8) and the range names loopback, linklocal and uniquelocal. Empty means
 * `loopback`, as without the setting. Null when the text is neither.
 */
export function parseTrustProxy(text: string | undefined): TrustProxy | null {
  const value = (text ?? "").trim();
  if (value === "") return ["loopback"];
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 32 ? hops : null;
  }
  const entries = value.split(",").map((e) => e.trim().toLowerCase());
  if (entries.some((e) => e === "" || !(RANGE_NAMES.has(e) || isAddressOrNetwork(e)))) return null;
  return entries;
}
