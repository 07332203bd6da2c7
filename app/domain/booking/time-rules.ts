/** Clock times, flight windows and durations of the booking form (docs/product.md, Time rules). */
import type { TransferKind } from "../site-paths";

export type Clock = { hour: number; minute: number };

/** 'landing': the pickup end is a flight; 'takeoff': the drop-off end is a flight. */
export type FlightDirection = "landing" | "takeoff";

/** Flight times go in 15-minute steps (900 seconds). */
export const FLIGHT_TIME_STEP_MINUTES = 15;

/** "HH:MM" (or "H:MM"), 00:00–23:59; anything else is null. */
export function parseClock(text: string): Clock | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  return hour <= 23 && minute <= 59 ? { hour, minute } : null;
}

/** "HH:MM" */
export function formatClock(c: Clock): string {
  return `${String(c.hour).padStart(2, "0")}:${String(c.minute).padStart(2, "0")}`;
}

export function clockMinutes(c: Clock): number {
  return c.hour * 60 + c.minute;
}

export function compareClocks(a: Clock, b: Clock): number {
  return clockMinutes(a) - clockMinutes(b);
}

/**
 * The nearest quarter hour. A minute that would round up to 60 (53 to 59)
 * becomes 45 of the same hour — "60 becomes 45" — so the hour, and with it the date, never
 * changes: 07:52 → 07:45, 07:53 → 07:45, 23:59 → 23:45, 07:07 → 07:00, 07:08 → 07:15.
 */
export function roundToQuarter(c: Clock): Clock {
  const minute = Math.round(c.minute / FLIGHT_TIME_STEP_MINUTES) * FLIGHT_TIME_STEP_MINUTES;
  return { hour: c.hour, minute: minute >= 60 ? 45 : minute };
}

export function isOnQuarter(c: Clock): boolean {
  return c.minute % FLIGHT_TIME_STEP_MINUTES === 0;
}

export type ClockWindow = { min: Clock; max: Clock };

const at = (hour: number, minute: number): Clock => ({ hour, minute });

/** The flight time windows, both ends included: a pickup flight lands, a drop-off flight takes off. */
export const FLIGHT_WINDOWS: Readonly<Record<TransferKind, Readonly<Record<FlightDirection, ClockWindow>>>> = {
  shuttle: {
    takeoff: { min: at(8, 0), max: at(23, 45) },
    landing: { min: at(5, 30), max: at(21, 30) },
  },
  private: {
    takeoff: { min: at(8, 0), max: at(23, 45) },
    landing: { min: at(4, 30), max: at(23, 0) },
  },
};

export function flightWindow(kind: TransferKind, direction: FlightDirection): ClockWindow {
  const w = FLIGHT_WINDOWS[kind][direction];
  return { min: { ...w.min }, max: { ...w.max } };
}

/** Whether a time lies in a window, both ends included. */
export function inWindow(c: Clock, w: ClockWindow): boolean {
  return compareClocks(c, w.min) >= 0 && compareClocks(c, w.max) <= 0;
}

/** Minutes as hours and two-digit minutes: 65 → "1h05", 45 → "0h45", 600 → "10h00". */
export function formatDuration(minutes: number): string {
  const sign = minutes < 0 ? "-" : "";
  const whole = Math.abs(Math.round(minutes));
  return `${sign}${Math.floor(whole / 60)}h${String(whole % 60).padStart(2, "0")}`;
}
