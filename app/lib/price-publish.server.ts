import { createHash, randomBytes } from "node:crypto";
import { open, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { count, desc, eq, sql } from "drizzle-orm";
import { priceVersions } from "../../db/schema";
import type { AdminWords } from "~/domain/back-office/admin-words";
import { parsePriceFile, PriceFileError, type PriceFileWarning, type PriceRow } from "~/domain/pricing/csv";
import { recordAudit } from "./audit.server";
import type { Db } from "./db.server";
import type { PriceStore } from "./prices.server";
import { BodyTooLargeError, readBytesLimited } from "./request-guards.server";

/**
 * The back office's price file publishing (docs/product.md, Prices and the price file): a file is
 * checked with the parser the site prices with, published by replacing PRICES_CSV atomically, and
 * kept in price_versions so that any earlier version can be published again.
 *
 * What it says to the administrator is in the words it is given, the member's; the audit log's details and the versions' stored notes stay English, the business's
 * record, and are worded on the page (versionNoteIn).
 */

/** The largest price file taken (the shipped one is under 50 KB). */
export const MAX_PRICE_FILE_BYTES = 1024 * 1024;
/**
 * The largest post of the prices page: the publish form carries the previewed file in base64
 * (a third larger) with a few other fields. A file between this and MAX_PRICE_FILE_BYTES is
 * refused by the check, with the same sentence.
 */
const MAX_PRICE_FORM_BYTES = Math.ceil((MAX_PRICE_FILE_BYTES * 4) / 3) + 64 * 1024;

/** The transaction-level advisory lock publishes take, so two never interleave ("pric"). */
const PUBLISH_LOCK = 0x70726963;

/** Who the file found on disk before the first publish is recorded as published by. */
export const BEFORE_BACK_OFFICE = "before the back office";

// The notes the back office writes itself on a version, stored in English (versionNoteIn words them).
const BEFORE_FIRST_PUBLISH = "The file in use before the first publish from the back office.";
const UPLOADED = "Uploaded.";
const rollbackNote = (version: number) => `Roll back to version ${version}.`;

/** Who published a version, in the member's words: an administrator's e-mail, or "before the back office". */
export function publisherIn(words: AdminWords, publishedBy: string): string {
  return publishedBy === BEFORE_BACK_OFFICE ? words("prices.versions.beforeBackOffice") : publishedBy;
}

/** A version's note in the member's words: the notes the back office writes itself are worded, an administrator's shown as typed. */
export function versionNoteIn(words: AdminWords, note: string): string {
  if (note === BEFORE_FIRST_PUBLISH) return words("prices.versions.noteBefore");
  if (note === UPLOADED) return words("prices.versions.noteUploaded");
  const rollback = /^Roll back to version (\d{1,9})\.$/.exec(note);
  return rollback && note === rollbackNote(Number(rollback[1]))
    ? words("prices.versions.noteRollback", { version: Number(rollback[1]) })
    : note;
}

export interface PriceProblem {
  /** The file's line (the header is line 1), or null for a problem of the whole file. */
  line: number | null;
  message: string;
}

export type PriceCheck = { ok: true; text: string; sha256: string; rows: PriceRow[] } | { ok: false; problems: PriceProblem[] };

export function sha256Of(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** An upload's bytes as text: UTF-8 only, or a problem naming the first line that is not. */
export function decodePriceFile(bytes: Uint8Array, words: AdminWords): { ok: true; text: string } | { ok: false; problem: PriceProblem } {
  if (bytes.byteLength > MAX_PRICE_FILE_BYTES) return { ok: false, problem: { line: null, message: tooLarge(words) } };
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    const loose = new TextDecoder("utf-8").decode(bytes);
    const line = loose.slice(0, loose.indexOf("\uFFFD")).split(/\r\n|\r|\n/).length;
    return { ok: false, problem: { line, message: words("prices.refused.notUtf8") } };
  }
}

function tooLarge(words: AdminWords): string {
  return words("prices.refused.tooLarge", { mb: MAX_PRICE_FILE_BYTES / 1024 / 1024 });
}

/**
 * A candidate file, read by the site's own parser. Any row the site would skip is a problem with
 * its line, as is a header lacking columns or a file with no price row: a file is published whole
 * or not at all.
 */
export function checkPriceFile(text: string, words: AdminWords): PriceCheck {
  if (new TextEncoder().encode(text).byteLength > MAX_PRICE_FILE_BYTES)
    return { ok: false, problems: [{ line: null, message: tooLarge(words) }] };
  let parsed;
  try {
    parsed = parsePriceFile(text);
  } catch (error) {
    if (!(error instanceof PriceFileError)) throw error;
    return { ok: false, problems: [{ line: 1, message: headerProblemIn(words, error) }] };
  }
  if (parsed.warnings.length > 0) {
    return { ok: false, problems: parsed.warnings.map((w) => ({ line: w.line, message: rowProblemIn(words, w) })) };
  }
  if (parsed.rows.length === 0) return { ok: false, problems: [{ line: null, message: words("prices.refused.noRow") }] };
  return { ok: true, text, sha256: sha256Of(text), rows: parsed.rows };
}

/** The parser's refusal of a header in the member's words. */
function headerProblemIn(words: AdminWords, error: PriceFileError): string {
  const missing = error.missingColumns;
  if (missing.length > 0) return words("prices.file.missingColumns", { count: missing.length, columns: missing.join(", ") });
  return words("prices.file.empty");
}

/** The parser's refusal of a row in the member's words, as a sentence's end: it follows "Line N: ". */
function rowProblemIn(words: AdminWords, problem: PriceFileWarning): string {
  return words(`prices.file.${problem.code}`, problem.values);
}

/** The rows of a file, or null when it cannot be read at all (a version recorded before any check). */
export function rowsOf(text: string): PriceRow[] | null {
  try {
    return parsePriceFile(text).rows;
  } catch (error) {
    if (error instanceof PriceFileError) return null;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// The form

/** A prices page post's fields, or why it was not read. */
export type PriceForm = { ok: true; form: FormData } | { ok: false; status: 400 | 413 | 415; message: string };

/**
 * The prices page's post: multipart (the file input) or url-encoded, at most `limit` bytes. A
 * larger one is not read past the limit: its answer should close the connection.
 */
export async function readPriceForm(request: Request, words: AdminWords, limit = MAX_PRICE_FORM_BYTES): Promise<PriceForm> {
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";", 1)[0]!.trim().toLowerCase();
  if (mediaType !== "multipart/form-data" && mediaType !== "application/x-www-form-urlencoded") {
    return { ok: false, status: 415, message: words("prices.refused.mediaType") };
  }
  let body: Buffer;
  try {
    body = await readBytesLimited(request, limit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { ok: false, status: 413, message: tooLarge(words) };
    throw error;
  }
  try {
    return {
      ok: true,
      form: await new Request(request.url, {
        method: "POST",
        headers: { "Content-Type": contentType },
        body: new Uint8Array(body),
      }).formData(),
    };
  } catch {
    return { ok: false, status: 400, message: words("prices.refused.unreadable") };
  }
}

// ---------------------------------------------------------------------------------------------
// Versions

export type PriceVersion = typeof priceVersions.$inferSelect;

export interface VersionSummary {
  id: number;
  publishedAt: Date;
  publishedBy: string;
  note: string;
  sha256: string;
  /** Price rows in the file, or null when it cannot be read. */
  rows: number | null;
}

/** The newest versions first. */
export async function listVersions(db: Db, limit = 50): Promise<VersionSummary[]> {
  const rows = await db.select().from(priceVersions).orderBy(desc(priceVersions.id)).limit(limit);
  return rows.map((v) => ({
    id: v.id,
    publishedAt: v.publishedAt,
    publishedBy: v.publishedBy,
    note: v.note,
    sha256: v.sha256,
    rows: rowsOf(v.content)?.length ?? null,
  }));
}

export async function getVersion(db: Db, id: number): Promise<PriceVersion | null> {
  const [row] = await db.select().from(priceVersions).where(eq(priceVersions.id, id));
  return row ?? null;
}

/** The price file as it is on disk now, or null when there is none. */
export async function readCurrentFile(file: string): Promise<string | null> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Publishing

export interface Publisher {
  id: string;
  email: string;
}

export interface PublishOptions {
  /** PRICES_CSV. */
  file: string;
  staff: Publisher;
  /** The store the site reads: reloaded at once so the next page shows the new file. */
  store?: Pick<PriceStore, "reload">;
  /** The administrator's words for a refusal. */
  words: AdminWords;
}

export type PublishResult = { ok: true; version: PriceVersion } | { ok: false; problems: PriceProblem[] };

/**
 * Publishes a checked file. `sha256` is the digest of what the administrator previewed: content
 * that differs is refused. `basedOn`, when given, is the digest of the file in use at the preview:
 * if another publish came in between, this one is refused rather than undo it unseen.
 */
export async function publishPrices(
  db: Db,
  options: PublishOptions & { content: string; sha256: string; basedOn?: string | null; note?: string },
): Promise<PublishResult> {
  const { words } = options;
  const checked = checkPriceFile(options.content, words);
  if (!checked.ok) return checked;
  if (checked.sha256 !== options.sha256) {
    return { ok: false, problems: [{ line: null, message: words("prices.refused.notPreviewed") }] };
  }
  const note = options.note?.trim() || UPLOADED;
  return replaceAndRecord(db, options, {
    content: options.content,
    note,
    basedOn: options.basedOn ?? null,
    words,
    action: "prices_published",
    sameMessage: words("prices.refused.same"),
    detail: (v, rows) => `Price file version ${v} published (${rows} rows, sha256 ${checked.sha256.slice(0, 12)}): ${note}`,
  });
}

/** Publishes an earlier version's content again, as a new version that says so. */
export async function rollBackPrices(db: Db, options: PublishOptions & { versionId: number }): Promise<PublishResult> {
  const { words } = options;
  const old = await getVersion(db, options.versionId);
  if (!old) return { ok: false, problems: [{ line: null, message: words("prices.refused.noVersion", { version: options.versionId }) }] };
  if (rowsOf(old.content) === null) {
    return { ok: false, problems: [{ line: null, message: words("prices.refused.versionUnreadable", { version: old.id }) }] };
  }
  const note = rollbackNote(old.id);
  return replaceAndRecord(db, options, {
    content: old.content,
    note,
    basedOn: null,
    words,
    action: "prices_rolled_back",
    sameMessage: words("prices.refused.rollbackSame", { version: old.id }),
    detail: (v, rows) => `Price file version ${v} published (${rows} rows): roll back to version ${old.id}.`,
  });
}

interface Replacement {
  content: string;
  note: string;
  basedOn: string | null;
  action: "prices_published" | "prices_rolled_back";
  /** Why nothing is published when the content is the file in use. */
  sameMessage: string;
  detail: (version: number, rows: number) => string;
  /** The administrator's words for the refusal of a publish overtaken by another. */
  words: AdminWords;
}

async function replaceAndRecord(db: Db, options: PublishOptions, change: Replacement): Promise<PublishResult> {
  const sha256 = sha256Of(change.content);
  // Read inside the transaction; kept here to put the file back if the commit fails.
  const before: { text: string | null; replaced: boolean } = { text: null, replaced: false };
  try {
    const result = await db.transaction(async (tx): Promise<PublishResult> => {
      await tx.execute(sql`select pg_advisory_xact_lock(${PUBLISH_LOCK})`);
      const previous = await readCurrentFile(options.file);
      before.text = previous;
      const current = previous === null ? null : sha256Of(previous);
      if (current === sha256) return { ok: false, problems: [{ line: null, message: change.sameMessage }] };
      if (change.basedOn && current !== null && current !== change.basedOn) {
        return { ok: false, problems: [{ line: null, message: change.words("prices.refused.changedSince") }] };
      }
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(priceVersions);
      if (n === 0 && previous !== null) {
        // The file in use before the first publish, so that it too can be restored.
        const info = await stat(options.file);
        await tx.insert(priceVersions).values({
          content: previous,
          sha256: sha256Of(previous),
          publishedAt: info.mtime,
          publishedBy: BEFORE_BACK_OFFICE,
          note: BEFORE_FIRST_PUBLISH,
        });
      }
      const [version] = await tx
        .insert(priceVersions)
        .values({ content: change.content, sha256, publishedBy: options.staff.email, note: change.note })
        .returning();
      await recordAudit(tx, {
        actorId: options.staff.id,
        actor: options.staff.email,
        action: change.action,
        detail: change.detail(version!.id, rowsOf(change.content)?.length ?? 0),
      });
      // Last, so that a failure before it changes nothing; the transaction commits right after.
      await replaceFile(options.file, change.content);
      before.replaced = true;
      return { ok: true, version: version! };
    });
    if (result.ok) await options.store?.reload();
    return result;
  } catch (error) {
    // The file was replaced but its record was not committed: the previous file goes back.
    if (before.replaced && before.text !== null) await replaceFile(options.file, before.text);
    throw error;
  }
}

/**
 * Replaces a file atomically: the content goes to a temporary file in the same folder, is flushed
 * to disk, and is renamed over the file, so a reader sees the old file or the new one, never a
 * part. The folder is flushed too, so the rename itself survives a crash.
 */
export async function replaceFile(file: string, content: string): Promise<void> {
  const dir = path.dirname(file);
  const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
  // The new file keeps the mode its owner gave the old one (the server's umask, 077, would make
  // it 0600), but never one that lets other users write it: they would set the prices.
  const previous = await stat(file).then(
    (stats) => stats.mode & 0o755,
    () => null,
  );
  try {
    const handle = await open(temp, "wx", 0o644);
    try {
      if (previous !== null) await handle.chmod(previous);
      await handle.writeFile(content, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  const folder = await open(dir, "r");
  try {
    await folder.sync();
  } catch {
    // Some file systems cannot flush a folder; the rename stands all the same.
  } finally {
    await folder.close();
  }
}
