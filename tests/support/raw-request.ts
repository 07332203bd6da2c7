import { request, type IncomingHttpHeaders } from "node:http";

/** What a server sent, as it sent it: no decompression, no redirect followed. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * For the server's tests: one HTTP request whose answer is read as raw bytes. `fetch` would
 * decompress the body and drop what the tests check, namely which encoding and which bytes came back.
 */
export function rawRequest(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}
