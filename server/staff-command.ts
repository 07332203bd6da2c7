import { parseArgs } from "node:util";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/domain/back-office/staff-accounts";
import type { AdminWordKey } from "~/domain/back-office/admin-words";
import { staffCommandSchema } from "~/domain/back-office/staff-forms";
import { recordAudit } from "~/lib/audit.server";
import { isAuthRefusal, openStaff } from "~/lib/auth.server";
import { adminWordsIn } from "~/lib/i18n.server";
import { DataFolderInUseError, embeddedDatabaseDir, isUniqueViolation, openDatabase, type Database } from "~/lib/db.server";
import { readSettings, SettingsError } from "~/lib/settings.server";

/**
 * `npm run staff -- add <email> [--role admin|dispatcher] [--name "Full name"]`: adds a staff
 * account from the command line, the password read from standard input (typed without echo on
 * a terminal, or the first line of a pipe, so it never appears in the shell's history or the
 * process list). It opens the database with the server's own settings; on the embedded PGlite a
 * running server holds the data folder, and the command then stops and says so (use
 * /admin/staff, or stop the server first).
 *
 * Exit codes: 0 added; 1 not added (the e-mail exists, the database is busy or unreachable, a
 * setting is wrong); 2 the command was mistyped (usage, role, e-mail, password length).
 */

export const STAFF_USAGE =
  'Usage: npm run staff -- add <email> [--role admin|dispatcher] [--name "Full name"]\n' +
  "The password is read from standard input: typed (not shown) on a terminal, or the first line of a pipe.";

/** Standard input as the command reads it: a terminal (typed, no echo) or a pipe. */
export interface PasswordInput extends AsyncIterable<string | Buffer> {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
  setEncoding(encoding: BufferEncoding): unknown;
  on(event: "data", listener: (chunk: string) => void): unknown;
  off(event: "data", listener: (chunk: string) => void): unknown;
  pause(): unknown;
  resume(): unknown;
}

export interface StaffCommandOptions {
  /** The environment the settings are read from (the server's own). */
  env?: Record<string, string | undefined>;
  stdin?: PasswordInput;
  /** Where results go (standard output). */
  out?: (line: string) => void;
  /** Where prompts, warnings and errors go (standard error). */
  err?: (line: string) => void;
}

export class CommandCancelled extends Error {
  override name = "CommandCancelled";
}

/** The first line of a pipe, or a line typed on a terminal without echo (Ctrl-C cancels). */
export async function readPassword(stdin: PasswordInput, prompt: string, err: (text: string) => void): Promise<string> {
  if (!stdin.isTTY || !stdin.setRawMode) {
    let text = "";
    for await (const chunk of stdin) {
      text += typeof chunk === "string" ? chunk : chunk.toString("utf8");
      if (text.includes("\n")) break;
    }
    return text.split(/\r?\n/)[0] ?? "";
  }
  err(prompt);
  stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = "";
    const done = () => {
      stdin.setRawMode?.(false);
      stdin.off("data", onData);
      stdin.pause();
      err("\n");
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") {
          done();
          return resolve(value);
        }
        if (ch === "\u0003" || ch === "\u0004") {
          done();
          return reject(new CommandCancelled("Cancelled: no account was added."));
        }
        value = ch === "\u007f" || ch === "\b" ? value.slice(0, -1) : value + ch;
      }
    };
    stdin.on("data", onData);
  });
}

type Parsed = { ok: true; email: string; role: "admin" | "dispatcher"; name: string } | { ok: false; message: string };

/** The command's arguments, or what is wrong with them. */
export function parseStaffArgs(argv: readonly string[]): Parsed {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: { role: { type: "string", default: "dispatcher" }, name: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    return { ok: false, message: `${(error as Error).message}\n${STAFF_USAGE}` };
  }
  const { positionals, values } = parsed;
  if (values.help || positionals[0] !== "add" || positionals.length !== 2) return { ok: false, message: STAFF_USAGE };
  const email = positionals[1]!;
  const checked = staffCommandSchema.safeParse({ email, role: values.role, name: values.name ?? email.trim().split("@")[0] });
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    // The e-mail's messages are the back office's, keys of its catalogue: the command speaks English.
    const what = issue.path[0] === "role" ? "--role must be admin or dispatcher." : adminWordsIn("en")(issue.message as AdminWordKey);
    return { ok: false, message: `${what}\n${STAFF_USAGE}` };
  }
  return { ok: true, ...checked.data };
}

export async function runStaffCommand(argv: string[], options: StaffCommandOptions = {}): Promise<number> {
  // The command is a launcher like server/app.ts's main(): it hands the environment to readSettings.
  // eslint-disable-next-line no-restricted-properties
  const env = options.env ?? process.env;
  const stdin = options.stdin ?? (process.stdin as PasswordInput);
  const out = options.out ?? ((line: string) => process.stdout.write(`${line}\n`));
  const err = options.err ?? ((text: string) => process.stderr.write(text.endsWith("\n") || text.endsWith(": ") ? text : `${text}\n`));

  const args = parseStaffArgs(argv);
  if (!args.ok) {
    err(args.message);
    return 2;
  }
  let settings;
  try {
    settings = readSettings(env);
  } catch (error) {
    if (error instanceof SettingsError) {
      err(error.message);
      return 1;
    }
    throw error;
  }

  let password: string;
  try {
    password = await readPassword(stdin, `Password for ${args.email} (at least ${MIN_PASSWORD_LENGTH} characters, not shown): `, err);
    if (stdin.isTTY && password.length >= MIN_PASSWORD_LENGTH) {
      const again = await readPassword(stdin, "The same password again: ", err);
      if (again !== password) {
        err("The two passwords differ: no account was added.");
        return 2;
      }
    }
  } catch (error) {
    if (error instanceof CommandCancelled) {
      err(error.message);
      return 1;
    }
    throw error;
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    err(`The password needs at least ${MIN_PASSWORD_LENGTH} characters (it had ${password.length}): no account was added.`);
    return 2;
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    err(`The password has at most ${MAX_PASSWORD_LENGTH} characters: no account was added.`);
    return 2;
  }

  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: settings.databaseUrl,
      pgliteDir: embeddedDatabaseDir(settings.dataDir),
      log: { warn: err },
    });
  } catch (error) {
    if (error instanceof DataFolderInUseError) {
      err(
        `${error.message}\nThe embedded database admits one process: stop the server, then run this command again (or add the member on /admin/staff).`,
      );
      return 1;
    }
    err(`The database could not be opened: ${(error as Error).message}`);
    return 1;
  }
  try {
    // The first administrator from ADMIN_EMAIL is made here too, as the server would at start.
    const staff = await openStaff(database.db, settings, { log: (line) => err(line), warn: () => undefined });
    try {
      const { api } = await staff.auth();
      const { user } = await api.createUser({ body: { email: args.email, password, name: args.name, role: args.role } });
      await recordAudit(database.db, {
        actor: "command line",
        action: "staff_added",
        detail: `Added ${user.email} as ${args.role === "admin" ? "administrator" : "dispatcher"} from the command line.`,
      });
      out(`Added ${user.email} (${args.role}). They sign in at ${new URL("/admin/login", settings.siteUrl).href}`);
      return 0;
    } catch (error) {
      const code = isAuthRefusal(error) ? (error.body?.code ?? "") : "";
      // Another process adding the same e-mail at the same moment meets the unique key instead.
      if (code.startsWith("USER_ALREADY_EXISTS") || isUniqueViolation(error)) {
        err(`A staff account with the e-mail ${args.email} already exists: nothing was changed.`);
        return 1;
      }
      if (isAuthRefusal(error)) {
        err(`The account was not added: ${error.message || code}.`);
        return 1;
      }
      throw error;
    }
  } finally {
    await database.close();
  }
}
