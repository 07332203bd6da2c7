/** Letters and digits a person reads back over the phone without confusion (no 0/O, 1/I/L). */
export const ORDER_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const ORDER_ID_PATTERN = /^NV-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/;

/**
 * A short, human-friendly order id such as NV-7K3P2Q, from six random bytes the caller supplies
 * (31^6 ≈ 887 million ids; the database's unique index catches the rare collision).
 */
export function orderIdFrom(bytes: Uint8Array): string {
  if (bytes.length < 6) throw new RangeError("An order id needs six random bytes.");
  let id = "NV-";
  for (let i = 0; i < 6; i++) id += ORDER_ALPHABET[bytes[i]! % ORDER_ALPHABET.length];
  return id;
}
