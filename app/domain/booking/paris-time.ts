/**
 * Paris wall-clock dates and times (docs/product.md, Time rules): every date and time the booking
 * screen shows, takes or checks is Europe/Paris time, whatever the machine's own time zone. Only
 * Intl does the zone arithmetic; nothing here reads the clock — callers pass `now`.
 */
import type { Leg } from "./fields";
import { formatClock } from "./time-rules";

export type ParisDate = { year: number; month: number; day: number };
export type ParisDateTime = ParisDate & { hour: number; minute: number };

export const PARIS_TIME_ZONE = "Europe/Paris";

// Built on first use, not at module load: a phone spends 5–12 ms building it, which would
// lengthen the booking page's module evaluation, one long task while it hydrates.
let formatter: Intl.DateTimeFormat | undefined;
const makeFormatter = () =>
  new Intl.DateTimeFormat("en-US", {
    timeZone: PARIS_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
    era: "short",
  });

const DAY = 86_400_000;

/** Milliseconds of a UTC wall time, correct for every year (Date.UTC maps 0…99 to 19xx). */
function utcMillis(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, 0);
  return d.getTime();
}

type PartsWithSeconds = ParisDateTime & { second: number };

// Checking one booking reads the zone offset at the same few instants many times over (Intl's
// formatToParts is the slow part): the answers are kept, in a bounded map.
const partsByInstant = new Map<number, Readonly<PartsWithSeconds>>();
const MAX_KEPT_INSTANTS = 1024;

function partsWithSeconds(instant: Date): PartsWithSeconds {
  const ms = instant.getTime();
  const known = partsByInstant.get(ms);
  if (known) return { ...known };
  const get = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? NaN);
  formatter ??= makeFormatter();
  const parts = formatter.formatToParts(instant);
  const bc = parts.find((p) => p.type === "era")?.value === "BC";
  const year = get(parts, "year");
  const result = {
    year: bc ? 1 - year : year,
    month: get(parts, "month"),
    day: get(parts, "day"),
    hour: get(parts, "hour") % 24,
    minute: get(parts, "minute"),
    second: get(parts, "second"),
  };
  if (partsByInstant.size >= MAX_KEPT_INSTANTS) partsByInstant.clear();
  partsByInstant.set(ms, result);
  return { ...result };
}

/** The Paris wall-clock date and time of an instant (seconds dropped). */
export function parisParts(instant: Date): ParisDateTime {
  const { year, month, day, hour, minute } = partsWithSeconds(instant);
  return { year, month, day, hour, minute };
}

/** Paris offset from UTC at an instant, in milliseconds (+1 h in winter, +2 h in summer). */
function parisOffset(ms: number): number {
  const whole = Math.floor(ms / 1000) * 1000;
  const p = partsWithSeconds(new Date(whole));
  return utcMillis(p.year, p.month, p.day, p.hour, p.minute, p.second) - whole;
}

/**
 * The instant of a Paris wall-clock time. A time inside the spring-forward gap (02:00–02:59 on
 * the last Sunday of March) moves forward by the gap (02:30 → 03:30 CEST); a time that happens
 * twice in autumn (02:00–02:59 on the last Sunday of October) means its first occurrence (CEST).
 */
export function parisInstant(local: ParisDateTime): Date {
  const wall = utcMillis(local.year, local.month, local.day, local.hour, local.minute);
  const before = parisOffset(wall - DAY / 2);
  const after = parisOffset(wall + DAY / 2);
  const fits = [wall - before, wall - after].filter((t) => parisOffset(t) === wall - t);
  if (fits.length > 0) return new Date(Math.min(...fits));
  // In the gap: read the wall time with the offset in force before the change.
  return new Date(wall - before);
}

/** Today's date in Paris. */
export function parisToday(now: Date): ParisDate {
  const { year, month, day } = parisParts(now);
  return { year, month, day };
}

function fromUtcMillis(ms: number): ParisDate {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function addDays(d: ParisDate, n: number): ParisDate {
  return fromUtcMillis(utcMillis(d.year, d.month, d.day) + n * DAY);
}

function daysInMonth(year: number, month: number): number {
  return new Date(utcMillis(year, month + 1, 1) - DAY).getUTCDate();
}

/** The same day n months later (or earlier), clamped to the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(d: ParisDate, n: number): ParisDate {
  const index = d.year * 12 + (d.month - 1) + n;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return { year, month, day: Math.min(d.day, daysInMonth(year, month)) };
}

/** Negative when a is before b, 0 when the same day, positive when after. */
export function compareDates(a: ParisDate, b: ParisDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** yyyy-MM-dd */
export function isoDate(d: ParisDate): string {
  return `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
}

function realDate(year: number, month: number, day: number): ParisDate | null {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** A strict yyyy-MM-dd, real calendar dates only; otherwise null. */
export function parseIsoDate(s: string): ParisDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s.trim());
  return m ? realDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** dd/MM/yyyy, the booking screen's date format. */
export function formatFrenchDate(d: ParisDate): string {
  return `${pad(d.day)}/${pad(d.month)}/${pad(d.year, 4)}`;
}

/** A strict dd/MM/yyyy (surrounding spaces allowed), real calendar dates only; otherwise null. */
export function parseFrenchDate(text: string): ParisDate | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  return m ? realDate(Number(m[3]), Number(m[2]), Number(m[1])) : null;
}

/** "07:45": an instant's Paris wall clock. */
export function parisClock(instant: Date): string {
  return formatClock(parisParts(instant));
}

/** "12/05/2026" and "07:45": an instant's Paris date and wall clock. */
export function parisDateTime(instant: Date): { date: string; time: string } {
  const p = parisParts(instant);
  return { date: formatFrenchDate(p), time: formatClock(p) };
}

/** "12/05/2026 07:45": an instant as the back office and the traveller's notices write it, Paris time. */
export function formatParisDateTime(instant: Date): string {
  const { date, time } = parisDateTime(instant);
  return `${date} ${time}`;
}

/** The Paris day of an instant, yyyy-MM-dd. */
export function parisDayOf(instant: Date): string {
  return isoDate(parisParts(instant));
}

/** A Paris calendar day as the instants it spans: [start, end), 23 or 25 hours when the clocks change. */
export function parisDayRange(day: ParisDate): { start: Date; end: Date } {
  return {
    start: parisInstant({ ...day, hour: 0, minute: 0 }),
    end: parisInstant({ ...addDays(day, 1), hour: 0, minute: 0 }),
  };
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** "22 November 2026", as Intl's British long date writes it (without Intl, which costs a phone a long task to build). */
export function longDate(d: ParisDate): string {
  return `${d.day} ${MONTHS[d.month - 1]} ${d.year}`;
}

/** The day of the week of a Paris date: 0 for Sunday to 6 for Saturday. */
export function weekdayOf(d: ParisDate): number {
  return new Date(utcMillis(d.year, d.month, d.day)).getUTCDay();
}

/** "Sunday 29 March 2026". */
export function longDay(d: ParisDate): string {
  return `${WEEKDAYS[weekdayOf(d)]} ${longDate(d)}`;
}

/** How many months ahead a leg's date may be: 3 for the outbound leg, 2 for the return. */
const MONTHS_AHEAD: Record<Leg, number> = { 1: 3, 2: 2 };

/** The dates a leg may take: from tomorrow to 3 (outbound) or 2 (return) months after today, in Paris. */
export function dateBounds(leg: Leg, now: Date): { min: ParisDate; max: ParisDate } {
  const today = parisToday(now);
  return { min: addDays(today, 1), max: addMonths(today, MONTHS_AHEAD[leg]) };
}
