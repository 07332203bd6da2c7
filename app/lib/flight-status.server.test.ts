import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aeroDataBox, FlightStatusError, flightStatusProvider, type FlightStatusProvider } from "./flight-status.server";
import { readSettings } from "./settings.server";
import { startRecordedFlights, type RecordedFlights } from "./test-support/recorded-flights";

const KEY = "test-rapidapi-key-0123456789";

describe("AeroDataBox against its recorded answers", () => {
  let recorded: RecordedFlights;
  let provider: FlightStatusProvider;
  const warnings: string[] = [];

  beforeAll(async () => {
    recorded = await startRecordedFlights(KEY);
    provider = aeroDataBox({ key: KEY, url: recorded.url, timeoutMs: 500, warn: (m) => warnings.push(m) });
  });
  afterAll(async () => {
    await recorded?.close();
  });

  it("reads a delayed flight's landing at Charles de Gaulle, leaving aside its other leg", async () => {
    expect(await provider.landing("af 1234", "2026-05-20")).toEqual({
      scheduled: new Date("2026-05-20T05:45:00Z"),
      estimated: new Date("2026-05-20T06:30:00Z"),
      actual: null,
    });
  });

  it("reads a flight that landed on time at Orly", async () => {
    expect(await provider.landing("BA304", "2026-05-20")).toEqual({
      scheduled: new Date("2026-05-20T08:00:00Z"),
      estimated: new Date("2026-05-20T07:58:00Z"),
      actual: new Date("2026-05-20T07:51:00Z"),
    });
  });

  it("asks for the flight by its number and arrival day, with the key in RapidAPI's headers", async () => {
    await provider.landing("af 1234", "2026-05-20");
    const last = recorded.requests.at(-1)!;
    expect(last.path).toBe("/flights/number/AF1234/2026-05-20?dateLocalRole=Arrival&withAircraftImage=false&withLocation=false");
    expect(last.headers["x-rapidapi-key"]).toBe(KEY);
    expect(last.headers["x-rapidapi-host"]).toBe("aerodatabox.p.rapidapi.com");
  });

  it("knows no flight of a day the answer has no Paris landing on", async () => {
    expect(await provider.landing("AF1234", "2026-05-21")).toBeNull();
  });

  it.each(["XX999", "XY404"])("knows no flight when told so (%s: 204, 404)", async (number) => {
    expect(await provider.landing(number, "2026-05-20")).toBeNull();
  });

  it("asks nothing for a number that is no flight", async () => {
    const before = recorded.requests.length;
    expect(await provider.landing("hello", "2026-05-20")).toBeNull();
    expect(await provider.landing("AF1234", "20/05/2026")).toBeNull();
    expect(recorded.requests.length).toBe(before);
  });

  it.each<[string, RegExp]>([
    ["BA305", /does not have the expected shape/],
    ["ZZ1", /is not JSON/],
    ["ER500", /HTTP 500/],
  ])("fails on an answer that does not read (%s)", async (number, why) => {
    await expect(provider.landing(number, "2026-05-20")).rejects.toThrow(FlightStatusError);
    await expect(provider.landing(number, "2026-05-20")).rejects.toThrow(why);
  });

  it("gives up on an answer that does not come in time", async () => {
    const started = Date.now();
    await expect(provider.landing("SL1", "2026-05-20")).rejects.toThrow(/no answer within 0.5 s/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("fails without the right key, saying so without the key", async () => {
    const wrong = aeroDataBox({ key: "wrong-key-but-secret", url: recorded.url, warn: (m) => warnings.push(m) });
    const error: unknown = await wrong.landing("AF1234", "2026-05-20").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FlightStatusError);
    expect(String(error)).toMatch(/HTTP 401/);
    expect(String(error)).not.toContain("wrong-key-but-secret");
  });

  it("never writes the key in a warning or an error", () => {
    expect(warnings.length).toBeGreaterThan(0);
    for (const warning of warnings) {
      expect(warning).not.toContain(KEY);
      expect(warning).not.toContain("wrong-key-but-secret");
    }
  });
});

describe("a server that cannot be reached", () => {
  it("fails with a FlightStatusError", async () => {
    // A port just opened and closed again: nothing listens there.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const provider = aeroDataBox({ key: KEY, url: `http://127.0.0.1:${port}` });
    await expect(provider.landing("AF1234", "2026-05-20")).rejects.toThrow(/the request failed/);
  });
});

describe("flightStatusProvider", () => {
  it("is none without a key, AeroDataBox with one", () => {
    expect(flightStatusProvider(readSettings({}))).toBeNull();
    expect(flightStatusProvider(readSettings({ AERODATABOX_KEY: KEY }))).not.toBeNull();
  });
});
