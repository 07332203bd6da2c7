import { z } from "../zod";
import { ORDER_ALPHABET } from "../booking/order-id";

/**
 * 'Lost your link?' (docs/product.md, Managing a booking): the order number and the e-mail address
 * a booking was made with, read the same way by the browser's check and the server. The order
 * number is taken as people type it back from an e-mail: any case, spaces around, with or without
 * its hyphen ("nv 7k3m9q" is NV-7K3M9Q). The e-mail is compared trimmed and in lower case.
 */

export const LOST_LINK_FIELDS = { orderId: "Order number", email: "E-mail address" } as const;

export const ORDER_NUMBER_MESSAGE =
  "Enter your order number as our e-mails write it: NV- and six letters or digits, for example NV-7K3M9Q.";
export const EMAIL_MESSAGE = "Enter the e-mail address you booked with, for example name@example.com.";

const ORDER_BODY = new RegExp(`^NV[-\\s]?([${ORDER_ALPHABET}]{6})$`);

/** "nv 7k3m9q" → "NV-7K3M9Q"; null when it cannot be an order number. */
export function normaliseOrderNumber(text: string): string | null {
  const match = ORDER_BODY.exec(text.trim().toUpperCase());
  return match ? `NV-${match[1]}` : null;
}

export const lostLinkSchema = z.object({
  orderId: z
    .string({ error: ORDER_NUMBER_MESSAGE })
    .max(40, ORDER_NUMBER_MESSAGE)
    .transform((value, ctx) => {
      const id = normaliseOrderNumber(value);
      if (id === null) {
        ctx.addIssue({ code: "custom", message: ORDER_NUMBER_MESSAGE });
        return z.NEVER;
      }
      return id;
    }),
  email: z
    .string({ error: EMAIL_MESSAGE })
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: EMAIL_MESSAGE }).max(254, EMAIL_MESSAGE)),
});

/** The one answer to every request that passes the form's check, matched or not. */
export const LOST_LINK_ANSWER =
  "If this order number and e-mail address match a booking, we have sent its link to that address. It can take a few minutes.";

/** Whether an address typed on the form is the booking's own: trimmed, case ignored. */
export function sameEmail(typed: string, stored: string): boolean {
  return typed.trim().toLowerCase() === stored.trim().toLowerCase();
}
