import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { isMainThread } from "node:worker_threads";

/**
 * DATA_DIR holds the embedded database, and with it the staff's password hashes and session
 * tokens and the sandbox's signing secret: no other local user may read or change it. Its folders
 * are 0700 and its files 0600 (docs/product.md, Settings).
 */
export const FOLDER_MODE = 0o700;
export const FILE_MODE = 0o600;

/** The bits that give a right to anyone but the owner. */
const OTHERS = 0o077;

export interface DataFolderLog {
  warn(line: string): void;
}

/** What a walk found open to other users and closed. */
export interface Tightened {
  folders: number;
  files: number;
  /** The modes found, as octal strings ("755", "666"), each once. */
  modes: string[];
  /** Entries whose mode could not be changed (another user's, most often). */
  failed: number;
}

/**
 * Makes DATA_DIR private before anything is written in it: the process's umask becomes 077, the
 * folder is created 0700, and a folder or file in it that is open to other users (left by an
 * earlier version, a copy or a restore) is closed, with one line that says what changed. The
 * umask is the ordinary way to keep what the process creates later private: PGlite's own file
 * layer creates its folders and most of its files with it.
 */
export function prepareDataFolder(dir: string, log: DataFolderLog): void {
  restrictUmask();
  mkdirSync(dir, { recursive: true, mode: FOLDER_MODE });
  const lines: string[] = [];
  const own = statSync(dir).mode & 0o777;
  if (own & OTHERS) {
    try {
      chmodSync(dir, FOLDER_MODE);
      lines.push(`DATA_DIR ${dir} was ${openTo(own)} (mode ${octal(own)}): set to ${octal(FOLDER_MODE)}`);
    } catch (error) {
      lines.push(`DATA_DIR ${dir} is ${openTo(own)} (mode ${octal(own)}) and could not be set to ${octal(FOLDER_MODE)} (${code(error)})`);
    }
  }
  const inside = tightenTree(dir);
  if (inside.folders + inside.files + inside.failed > 0) {
    const what = [count(inside.folders, "folder"), count(inside.files, "file")].filter(Boolean).join(" and ");
    const where = lines.length > 0 ? "in it" : `in DATA_DIR ${dir}`;
    if (what) {
      lines.push(
        `${what} ${where} ${inside.folders + inside.files === 1 ? "was" : "were"} open to other users ` +
          `(mode${inside.modes.length > 1 ? "s" : ""} ${inside.modes.join(", ")}): set to ${octal(FOLDER_MODE)} (folders) and ${octal(FILE_MODE)} (files)`,
      );
    }
    if (inside.failed > 0) lines.push(`${count(inside.failed, "entry")} ${where} could not be changed (not this user's?)`);
  }
  if (lines.length > 0) log.warn(`${lines.join("; ")}.`);
}

/**
 * Closes every folder (to 0700) and file (to 0600) under `dir` that is open to other users.
 * Symbolic links are not followed: what they point to is not the data folder's. Besides the
 * start's check, this is run after PGlite has made a new database, whose first files its
 * initialisation writes 0666 whatever the umask.
 */
export function tightenTree(dir: string): Tightened {
  const found: Tightened = { folders: 0, files: 0, modes: [], failed: 0 };
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const entry = path.join(folder, name);
      const stats = lstatSync(entry);
      if (stats.isSymbolicLink()) continue;
      const isFolder = stats.isDirectory();
      const mode = stats.mode & 0o777;
      if (mode & OTHERS) {
        try {
          chmodSync(entry, isFolder ? FOLDER_MODE : FILE_MODE);
          if (isFolder) found.folders++;
          else found.files++;
          if (!found.modes.includes(octal(mode))) found.modes.push(octal(mode));
        } catch {
          found.failed++;
        }
      }
      if (isFolder) walk(entry);
    }
  };
  walk(dir);
  found.modes.sort();
  return found;
}

/**
 * The umask is the process's: a worker thread cannot set it (Node refuses), and there the
 * folder's own mode and the walks still keep others out.
 */
function restrictUmask(): void {
  if (!isMainThread) return;
  process.umask(process.umask() | OTHERS);
}

function openTo(mode: number): string {
  if (mode & 0o044) return "readable by other users";
  if (mode & 0o022) return "writable by other users";
  return "open to other users";
}

function octal(mode: number): string {
  return mode.toString(8).padStart(3, "0");
}

function count(n: number, noun: string): string {
  if (n === 0) return "";
  if (n === 1) return `1 ${noun}`;
  return `${n} ${noun === "entry" ? "entries" : `${noun}s`}`;
}

function code(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).name;
}
