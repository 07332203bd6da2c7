import type { BookingRow } from "./bookings.server";
import type { PaymentProvider } from "./payments.server";

/** Makes a booking's payment link (an absolute URL) for an e-mail; PaymentLinkFailed when the provider does not answer. */
export function paymentLinkMaker(
  payments: Pick<PaymentProvider, "name" | "checkoutUrl">,
  siteUrl: string,
): (row: BookingRow, fresh?: string) => Promise<string> {
  return async (row, fresh) => {
    try {
      // The sandbox's link is a path of this site: the e-mail needs it whole.
      return new URL(await payments.checkoutUrl(row, fresh), `${siteUrl}/`).href;
    } catch (error) {
      throw new PaymentLinkFailed(`${payments.name} did not answer: ${(error as Error).name}`);
    }
  };
}

/** The payment provider could not make a payment link; thrown by the caller's checkoutUrl. */
export class PaymentLinkFailed extends Error {
  override name = "PaymentLinkFailed";
}
