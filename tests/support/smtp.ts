import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server inside the test process (smtp-server), shared by the mail unit tests and
 * the back end's integration tests. It records what arrives, decoded, and can be told to refuse.
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** Lower-cased header names; encoded words (RFC 2047) decoded. */
  headers: Record<string, string>;
  subject: string;
  /** The message's text: the whole body, or the text/plain part of a multipart message. */
  text: string;
  /** The files attached (Content-Disposition: attachment, or a part with a file name), decoded. */
  attachments: ReceivedAttachment[];
}

export interface ReceivedAttachment {
  filename: string;
  /** The part's Content-Type as sent, parameters included. */
  contentType: string;
  /** The file's text, decoded from its transfer encoding as UTF-8. */
  content: string;
}

export interface TestSmtp {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** While true, every message is refused with a temporary error (451) after its data. */
  failing: boolean;
  close(): Promise<void>;
}

/** Undoes quoted-printable (RFC 2045): soft line breaks, then =XX bytes, read as UTF-8. */
function decodeQuotedPrintable(s: string): string {
  const joined = s.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) in a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toLowerCase() === "b" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitHead(raw: string): Part {
  const split = raw.indexOf("\r\n\r\n");
  const head = (split < 0 ? raw : raw.slice(0, split)).replace(/\r\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = decodeHeader(line.slice(colon + 1).trim());
  }
  return { headers, body: split < 0 ? "" : raw.slice(split + 4) };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  return part.body;
}

/** A header parameter (boundary, filename, name), quoted or not. */
function parameter(header: string | undefined, name: string): string | null {
  const m = new RegExp(`(?:^|;)\\s*${name}\\*?=(?:"([^"]*)"|([^;\\s]*))`, "i").exec(header ?? "");
  return m ? (m[1] ?? m[2] ?? "") : null;
}

/** The leaves of a MIME tree (RFC 2046): a multipart's parts, each read in turn, in order. */
function leaves(part: Part): Part[] {
  const type = (part.headers["content-type"] ?? "text/plain").toLowerCase();
  const boundary = type.startsWith("multipart/") ? parameter(part.headers["content-type"], "boundary") : null;
  if (!boundary) return [part];
  const delimiter = `--${boundary}`;
  const sections = part.body.split(new RegExp(`\r?\n?${delimiter.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:--)?[ \t]*\r?\n?`));
  // Before the first delimiter is the preamble, after the last the epilogue.
  return sections.slice(1, -1).flatMap((section) => leaves(splitHead(section)));
}

function parseMessage(raw: string): { headers: Record<string, string>; text: string; attachments: ReceivedAttachment[] } {
  const message = splitHead(raw);
  const parts = leaves(message);
  const attachments: ReceivedAttachment[] = [];
  let text: string | null = null;
  for (const part of parts) {
    const disposition = part.headers["content-disposition"] ?? "";
    const filename = parameter(disposition, "filename") ?? parameter(part.headers["content-type"], "name");
    if (/^attachment/i.test(disposition) || filename !== null) {
      attachments.push({ filename: filename ?? "", contentType: part.headers["content-type"] ?? "", content: decodeBody(part) });
    } else if (text === null && /^text\/plain|^$/i.test(part.headers["content-type"] ?? "")) {
      text = decodeBody(part);
    }
  }
  return { headers: message.headers, text: (text ?? "").replace(/\r\n/g, "\n"), attachments };
}

export async function startSmtp(): Promise<TestSmtp> {
  const state = { failing: false };
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    // Plain SMTP on loopback: no STARTTLS, so nodemailer does not try a self-signed certificate.
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (state.failing) {
          callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
          return;
        }
        const { headers, text, attachments } = parseMessage(Buffer.concat(chunks).toString("utf8"));
        const from = session.envelope.mailFrom;
        received.push({
          from: from ? from.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          headers,
          subject: headers.subject ?? "",
          text,
          attachments,
        });
        callback();
      });
    },
  });
  // A client cut off mid-session (a server instance killed by a fault test) resets its connection;
  // smtp-server reports that as an "error" event, which unheard would end the test process.
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
