import { z } from "~/domain/zod";
import { AIRPORTS } from "~/domain/airports";
import { parisDayOf } from "~/domain/booking/paris-time";
import { normaliseFlightNumber } from "~/domain/flights/tracker";

/**
 * Where a flight's landing times come from (docs/product.md, Flight delays): one interface, one
 * provider, AeroDataBox through RapidAPI, used when AERODATABOX_KEY is set. Without it there is
 * no provider, and the booking's pages link each flight to a public tracker instead
 * (app/domain/flights/tracker.ts).
 */

/** A flight's landing at a Paris airport, each time an instant, or null when the provider has none. */
export interface FlightLanding {
  /** The timetable's landing. */
  scheduled: Date | null;
  /** The latest estimate: the airline's revised time, else the provider's own prediction. */
  estimated: Date | null;
  /** The landing itself (the runway time), once the flight is down. */
  actual: Date | null;
}

export interface FlightStatusProvider {
  /**
   * The landing at a Paris airport (CDG, ORY, BVA) of `flightNumber` on `date` (yyyy-MM-dd, the
   * Paris day of the landing), or null when the provider knows no such flight. Throws a
   * FlightStatusError when it cannot tell (no answer in time, an error, an answer that does not read).
   */
  landing(flightNumber: string, date: string): Promise<FlightLanding | null>;
}

export class FlightStatusError extends Error {
  override name = "FlightStatusError";
}

/** How long one question may take: the pages and the refresh wait for it. */
export const FLIGHT_STATUS_TIMEOUT_MS = 5_000;

/** RapidAPI routes a request to AeroDataBox by this host header, whatever address it is sent to. */
const RAPIDAPI_HOST = "aerodatabox.p.rapidapi.com";

/** The Paris airports' IATA codes, as AeroDataBox names an arrival's airport. */
const PARIS_AIRPORTS: ReadonlySet<string> = new Set(AIRPORTS.map((a) => a.code));

// "2026-05-20 06:30Z" or "2026-05-20 08:30+02:00", as AeroDataBox writes an instant (ISO 8601's
// T accepted too): an instant that does not read makes the whole answer one that does not read.
const INSTANT = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:\d{2})$/;

const instant = z.string().transform((text, ctx) => {
  const m = INSTANT.exec(text.trim());
  const at = m ? new Date(`${m[1]}T${m[2]}${m[3]}`) : null;
  if (!at || Number.isNaN(at.getTime())) {
    ctx.addIssue({ code: "custom", message: "not an instant" });
    return z.NEVER;
  }
  return at;
});

const time = z.object({ utc: instant }).nullish();

/** One airport's side of a flight (AeroDataBox's FlightAirportMovementContract), as far as it is read. */
const movementSchema = z.object({
  airport: z.object({ iata: z.string().nullish(), icao: z.string().nullish() }),
  scheduledTime: time,
  revisedTime: time,
  predictedTime: time,
  runwayTime: time,
});

/** One flight (FlightContract); an answer is a list of them, one per leg flown under the number that day. */
const answerSchema = z.array(
  z.object({
    number: z.string().nullish(),
    status: z.string().nullish(),
    arrival: movementSchema.nullish(),
  }),
);

type Flight = z.output<typeof answerSchema>[number];

/** The flight of the answer landing at a Paris airport on `date` (its Paris day), if any. */
function parisLanding(flights: readonly Flight[], date: string): FlightLanding | null {
  for (const flight of flights) {
    const arrival = flight.arrival;
    if (!arrival || !PARIS_AIRPORTS.has((arrival.airport.iata ?? "").toUpperCase())) continue;
    const scheduled = arrival.scheduledTime?.utc ?? null;
    const estimated = arrival.revisedTime?.utc ?? arrival.predictedTime?.utc ?? null;
    const day = scheduled ?? estimated;
    if (day && parisDayOf(day) !== date) continue;
    // A landed flight's revised time is its landing when no runway time is given.
    const actual = arrival.runwayTime?.utc ?? (flight.status === "Arrived" ? (arrival.revisedTime?.utc ?? null) : null);
    return { scheduled, estimated, actual };
  }
  return null;
}

/** Whether a fetch failed for want of an answer in time (AbortSignal.timeout's reason). */
function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === "TimeoutError";
}

export interface AeroDataBoxOptions {
  key: string;
  /** The API's address: RapidAPI's, or a test's server. */
  url: string;
  timeoutMs?: number;
  /** Where a failed question is told; never with the key. */
  warn?: (message: string) => void;
}

/**
 * AeroDataBox's flight status, through RapidAPI: `GET /flights/number/{number}/{date}` with the
 * date the arrival's (dateLocalRole=Arrival). 204 and 404 say no such flight. The key goes in a
 * header only; no message, log line or error ever holds it.
 */
export function aeroDataBox(options: AeroDataBoxOptions): FlightStatusProvider {
  const timeoutMs = options.timeoutMs ?? FLIGHT_STATUS_TIMEOUT_MS;
  const fail = (what: string, why: string): never => {
    const message = `Flight status of ${what} could not be read from AeroDataBox: ${why}`;
    options.warn?.(message);
    throw new FlightStatusError(message);
  };
  return {
    async landing(flightNumber, date) {
      const number = normaliseFlightNumber(flightNumber);
      if (!number || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
      const what = `${number} on ${date}`;
      const url = new URL(`${options.url}/flights/number/${encodeURIComponent(number)}/${encodeURIComponent(date)}`);
      url.searchParams.set("dateLocalRole", "Arrival");
      url.searchParams.set("withAircraftImage", "false");
      url.searchParams.set("withLocation", "false");
      const late = `no answer within ${timeoutMs / 1000} s`;
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { "X-RapidAPI-Key": options.key, "X-RapidAPI-Host": RAPIDAPI_HOST, accept: "application/json" },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        return fail(what, isTimeout(error) ? late : "the request failed");
      }
      // No such flight: 204 is AeroDataBox's answer, 404 RapidAPI's for a number it cannot route.
      const known = response.status !== 204 && response.status !== 404;
      if (!known || !response.ok) {
        await response.body?.cancel().catch(() => undefined);
        return known ? fail(what, `HTTP ${response.status}`) : null;
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch (error) {
        return fail(what, isTimeout(error) ? late : "its answer is not JSON");
      }
      const parsed = answerSchema.safeParse(body);
      if (!parsed.success) return fail(what, "its answer does not have the expected shape");
      return parisLanding(parsed.data, date);
    },
  };
}

/** The provider the settings ask for: AeroDataBox when its key is set, else none. */
export function flightStatusProvider(
  settings: { flightStatus: { key: string; url: string } | null },
  warn?: (message: string) => void,
): FlightStatusProvider | null {
  return settings.flightStatus ? aeroDataBox({ ...settings.flightStatus, warn }) : null;
}
