import { addDays, isoDate, parisToday } from "~/domain/booking/paris-time";
import type { Db } from "./db.server";
import { emailSite } from "./email-site.server";
import { startPeriodic } from "./periodic.server";
import { refreshLandingTimes, SYSTEM_ACTOR } from "./flight-delays.server";
import type { FlightStatusProvider } from "./flight-status.server";
import type { MeetingPointSource } from "./reminders.server";
import type { Settings } from "./settings.server";
import { replanAfterChange, runRules } from "./shuttle-runs.server";

/**
 * Follows today's and tomorrow's arriving flights with the flight status provider, when its key
 * is set (docs/product.md, Flight delays): a pass asks about each, moves the pickups whose landing
 * changed (the traveller and the driver e-mailed), then plans those days' shuttle runs again. A
 * pass that fails is logged and the next one tries again. Every instance runs its own passes; a
 * change another instance already made is found made and changes nothing.
 */

export interface FlightWatchOptions {
  db: Db;
  provider: FlightStatusProvider;
  settings: Pick<Settings, "siteName" | "email" | "phone" | "siteUrl" | "staffLocale" | "airportExitMinutes">;
  meetingPoints: MeetingPointSource;
  log: Pick<Console, "info" | "error">;
  wakeOutbox?: () => void;
  now?: () => Date;
  /** Between two passes: fifteen minutes by default, within the provider's free quota for a day's flights. */
  intervalMs?: number;
}

export interface FlightWatch {
  runOnce(): Promise<{ changed: number }>;
  stop(): Promise<void>;
}

/** One pass: today's and tomorrow's flights (Paris days) asked about, the moved days re-planned. */
export async function watchFlightsOnce(options: Omit<FlightWatchOptions, "intervalMs">, now: Date): Promise<{ changed: number }> {
  const { db, provider, settings, log } = options;
  const points = await options.meetingPoints.get().then(
    (read) => read.points,
    () => undefined,
  );
  const site = emailSite(settings, points);
  const today = parisToday(now);
  let changed = 0;
  for (const day of [isoDate(today), isoDate(addDays(today, 1))]) {
    const refresh = await refreshLandingTimes(db, provider, day, now, site);
    changed += refresh.changed.length;
    if (refresh.failed.length > 0) log.error(`Flight status of ${day}: ${refresh.failed.length} flights could not be followed.`);
    for (const moved of refresh.days) {
      await replanAfterChange(db, moved, { actor: SYSTEM_ACTOR, site, rules: runRules(settings) });
    }
  }
  if (changed > 0) log.info(`Flight status: ${changed} landing times changed.`);
  return { changed };
}

export function startFlightWatch(options: FlightWatchOptions): FlightWatch {
  const now = options.now ?? (() => new Date());
  return startPeriodic(
    async () => {
      const done = await watchFlightsOnce(options, now());
      if (done.changed > 0) options.wakeOutbox?.();
      return done;
    },
    {
      intervalMs: options.intervalMs ?? 15 * 60_000,
      failed: (error: unknown) =>
        options.log.error(`Flight status pass failed: ${(error as Error).name ?? "Error"}; it runs again on the next round.`),
    },
  );
}
