import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * The bookings list's search text, sealed into an opaque token for its URL
 * (docs/decisions/0016-booking-list-indexes.md): a traveller's name, e-mail or phone typed into
 * the Search box never appears in an address, the browser's history, the CSV link or the login
 * page's `next=`. AES-256-GCM under a key derived by HKDF-SHA256 from the staff auth secret, a
 * random IV per seal; the token carries its creation time inside the sealed part, and is refused
 * once older than SEARCH_TOKEN_HOURS, so an old link in a history stops opening.
 *
 * Token: base64url of version (1 byte) · IV (12) · ciphertext of [created ms (8, big-endian) ·
 * UTF-8 text] · GCM tag (16). The version byte is also authenticated (additional data).
 */

/** How long a sealed search opens: a working day, and no longer than a staff session's idle limit. */
export const SEARCH_TOKEN_HOURS = 12;
/** A token created this far in the future (another instance's clock ahead) still opens. */
const CLOCK_SKEW_MS = 5 * 60_000;

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const TIME_BYTES = 8;
/** The longest token read: far above a 100-character search (at most 400 UTF-8 bytes → ~580 characters). */
const MAX_TOKEN_CHARS = 2048;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Binds the key to this one use: the same auth secret gives unrelated keys for other purposes. */
const HKDF_INFO = "navette bookings-list search token v1";
const HKDF_SALT = "navette search-tokens";

export type OpenedSearch = { ok: true; text: string } | { ok: false; reason: "invalid" | "expired" };

export interface SearchTokens {
  /** The text sealed into a new token (a fresh IV each time, so two seals of one text differ). */
  sealSearch(text: string, now?: Date): string;
  /** The text of a token this secret sealed, unless it is malformed, altered, another secret's, or expired. */
  openSearch(token: string, now?: Date): OpenedSearch;
}

/** The 32-byte AES key of this secret. */
function keyOf(secret: string): Buffer {
  if (secret.length === 0) throw new Error("The search tokens need a non-empty secret.");
  return Buffer.from(hkdfSync("sha256", secret, HKDF_SALT, HKDF_INFO, 32));
}

export function createSearchTokens(secret: string, lifetimeHours = SEARCH_TOKEN_HOURS): SearchTokens {
  const key = keyOf(secret);
  const lifetimeMs = lifetimeHours * 3600_000;
  const header = Buffer.from([VERSION]);

  return {
    sealSearch(text, now = new Date()) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(header);
      const time = Buffer.alloc(TIME_BYTES);
      time.writeBigUInt64BE(BigInt(now.getTime()));
      const sealed = Buffer.concat([cipher.update(Buffer.concat([time, Buffer.from(text, "utf8")])), cipher.final()]);
      return Buffer.concat([header, iv, sealed, cipher.getAuthTag()]).toString("base64url");
    },

    openSearch(token, now = new Date()) {
      const invalid = { ok: false, reason: "invalid" } as const;
      if (token.length > MAX_TOKEN_CHARS || !BASE64URL.test(token)) return invalid;
      const bytes = Buffer.from(token, "base64url");
      // One spelling per token: stray padding bits or characters Buffer skips are refused.
      if (bytes.toString("base64url") !== token) return invalid;
      if (bytes.length < 1 + IV_BYTES + TIME_BYTES + TAG_BYTES || bytes[0] !== VERSION) return invalid;
      const iv = bytes.subarray(1, 1 + IV_BYTES);
      const tag = bytes.subarray(bytes.length - TAG_BYTES);
      const sealed = bytes.subarray(1 + IV_BYTES, bytes.length - TAG_BYTES);
      let plain: Buffer;
      let text: string;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(header);
        decipher.setAuthTag(tag);
        plain = Buffer.concat([decipher.update(sealed), decipher.final()]);
        text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(plain.subarray(TIME_BYTES));
      } catch {
        // A wrong tag (altered, cut short, or sealed under another secret), or text that is not UTF-8.
        return invalid;
      }
      const created = Number(plain.readBigUInt64BE(0));
      const age = now.getTime() - created;
      if (age < -CLOCK_SKEW_MS) return invalid;
      if (age > lifetimeMs) return { ok: false, reason: "expired" };
      return { ok: true, text };
    },
  };
}
