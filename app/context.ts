import type { StaffServices } from "~/lib/auth.server";
import type { Db } from "~/lib/db.server";
import type { FleetStore } from "~/lib/fleet.server";
import type { MeetingPointStore } from "~/lib/meeting-points.server";
import type { SandboxProvider, StripeProvider } from "~/lib/payments.server";
import type { PriceStore } from "~/lib/prices.server";
import type { MissLimiter, RateLimiter } from "~/lib/rate-limits.server";
import type { Settings } from "~/lib/settings.server";

/** The booking back end, opened once at start by server/app.ts (tests hand in their own). */
export interface BookingServices {
  /** The database, open and migrated before the server listens. */
  db(): Promise<Db>;
  payments: SandboxProvider | StripeProvider;
  /** Booking posts per visitor, counted by all instances together. */
  limiter: RateLimiter;
  /** Sandbox payment pages looked up per visitor, counted by all instances together. */
  paymentPageLimiter: RateLimiter;
  /** Wrong tokens on the traveller's booking pages, per visitor. */
  manageMisses: MissLimiter;
  /** 'Lost your link?': per visitor, and per booking found. */
  lostLink: RateLimiter;
  lostLinkBooking: RateLimiter;
  /** Where the driver meets the traveller (MEETING_POINTS_CSV), re-read when the file changes. */
  meetingPoints: MeetingPointStore;
  /** The fleet (/admin/vehicles), re-read at most once a second. */
  fleet: FleetStore;
  /** Asks the outbox to send what is waiting now rather than at its next round. */
  wakeOutbox(): void;
}

declare module "react-router" {
  interface AppLoadContext {
    settings: Settings;
    /** The price file, re-read when it changes (app/lib/prices.server.ts). */
    prices: PriceStore;
    /** Per-request CSP nonce; see server/security-headers.ts. */
    nonce: string;
    booking: BookingServices;
    /** Staff accounts and sessions: the back office under /admin. */
    staff: StaffServices;
    /** The visitor's address, for the rate limit (never logged). */
    clientAddress: string;
  }
}

export {};
