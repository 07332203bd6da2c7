/**
 * How long a driver waits for a party free of charge (docs/product.md, Luggage capacity and the
 * driver's day): at an airport, a private driver follows the flight and waits until 60 minutes
 * after the landing; every other pickup waits 15 minutes after its pickup time. After that the
 * driver may record a no-show. The voucher states the same.
 */
import type { TransferKind } from "../site-paths";

export const FREE_WAITING_MINUTES = { privateArrival: 60, otherPickup: 15 } as const;

/** The leg as the rule reads it: its pickup moment (a flight's landing at an airport) and the kind of its pickup end. */
export interface WaitingLeg {
  pickupAt: Date;
  pickupIsFlight: boolean;
}

function minutesFor(kind: TransferKind, leg: Pick<WaitingLeg, "pickupIsFlight">): number {
  return kind === "private" && leg.pickupIsFlight ? FREE_WAITING_MINUTES.privateArrival : FREE_WAITING_MINUTES.otherPickup;
}

/** The first moment a no-show may be recorded for the leg. */
export function noShowFrom(kind: TransferKind, leg: WaitingLeg): Date {
  return new Date(leg.pickupAt.getTime() + minutesFor(kind, leg) * 60_000);
}

/** Whether a no-show may be recorded at `now`. */
export function noShowAllowed(kind: TransferKind, leg: WaitingLeg, now: Date): boolean {
  return now.getTime() >= noShowFrom(kind, leg).getTime();
}
