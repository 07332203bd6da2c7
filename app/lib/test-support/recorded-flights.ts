import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * AeroDataBox in a test: a local HTTP server answering its flight status endpoint with the
 * recorded answers of ./aerodatabox (see its README), so the client is tested over a real round
 * trip. Like RapidAPI it answers 401 without the key it was started with.
 */

const FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), "aerodatabox");

/** A recorded answer: a fixture file's JSON, a status with a body, or no answer at all. */
export type RecordedAnswer = { file: string } | { status: number; body?: string; type?: string } | "hang";

/** The answers by flight number and day: `<NUMBER>/<yyyy-MM-dd>`. */
export const RECORDED_ANSWERS: Readonly<Record<string, RecordedAnswer>> = {
  "AF1234/2026-05-20": { file: "af1234-2026-05-20-delayed.json" },
  "BA304/2026-05-20": { file: "ba304-2026-05-20-on-time.json" },
  "BA305/2026-05-20": { file: "malformed-time.json" },
  "XX999/2026-05-20": { status: 204 },
  "XY404/2026-05-20": { status: 404, body: JSON.stringify({ message: "Flight not found" }), type: "application/json" },
  "ZZ1/2026-05-20": { status: 200, body: "<html><body>Bad gateway</body></html>", type: "text/html" },
  "ER500/2026-05-20": { status: 500, body: JSON.stringify({ message: "Internal server error" }), type: "application/json" },
  "SL1/2026-05-20": "hang",
};

export interface RecordedFlights {
  /** The server's base URL, for AERODATABOX_URL. */
  url: string;
  /** Each request's path (with its query) and headers, in order. */
  requests: { path: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/** Starts the server on a free port of 127.0.0.1; `answers` adds to or replaces the recorded ones. */
export async function startRecordedFlights(key: string, answers: Record<string, RecordedAnswer> = {}): Promise<RecordedFlights> {
  const table: Record<string, RecordedAnswer> = { ...RECORDED_ANSWERS, ...answers };
  const requests: RecordedFlights["requests"] = [];
  const server = createServer((request, response) => {
    requests.push({ path: request.url ?? "", headers: request.headers });
    const send = (status: number, body = "", type = "application/json") => {
      response.writeHead(status, body === "" ? {} : { "content-type": type });
      response.end(body);
    };
    if (request.headers["x-rapidapi-key"] !== key) return send(401, JSON.stringify({ message: "You are not subscribed to this API." }));
    const m = /^\/flights\/number\/([^/?]+)\/([^/?]+)(?:\?.*)?$/.exec(request.url ?? "");
    const answer = m ? table[`${decodeURIComponent(m[1]!)}/${decodeURIComponent(m[2]!)}`] : undefined;
    if (!answer) return send(204);
    // Never answered: the client's own timeout ends it.
    if (answer === "hang") return;
    if ("file" in answer) return send(200, readFileSync(path.join(FOLDER, answer.file), "utf8"));
    send(answer.status, answer.body ?? "", answer.type);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
