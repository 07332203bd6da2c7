// Types of built-server.mjs, for the TypeScript tests that share it with the scripts.

/** The repository's root folder. */
export declare const ROOT: string;

/** Node's flags for the server, as `npm start` and `npm run serve` give them. */
export declare const SERVER_NODE_FLAGS: readonly string[];

/** Whether `root` (the repository by default) holds a server build. */
export declare function isBuilt(root?: string): boolean;

/** Runs `npm run build` when there is no build; exits the process with the build's code if it fails. */
export declare function ensureBuilt(): void;

/** A port of 127.0.0.1 that nothing listened on a moment ago. */
export declare function freePort(): Promise<number>;

/** Rewrites a command before it is spawned, e.g. to pin it to a core with `taskset`. */
export type Wrap = (command: string, args: string[]) => [string, string[]];

export interface ProcessOptions {
  /** Names the process in error messages. */
  label?: string;
  cwd?: string;
  /** The whole environment; this process's when unset. */
  env?: NodeJS.ProcessEnv;
  wrap?: Wrap;
  /** Also copies the process's stderr to this one's as it comes. */
  echoStderr?: boolean;
  /** Runs once the process has exited, or when this one exits first. */
  afterExit?: () => void;
}

export interface StartedProcess {
  /** -1 when the process could not be spawned. */
  pid: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Polls `test` with the output until it holds; throws with the output if the process exits or the time runs out (then it is killed). */
  waitFor(test: (output: string) => boolean | Promise<boolean>, what: string, timeoutMs?: number): Promise<void>;
  /** SIGTERM (SIGKILL 10 s later), then waits for the exit. */
  stop(): Promise<void>;
  /** SIGKILL, then waits for the exit. */
  kill(): Promise<void>;
}

/** Spawns a process whose output is collected, killed if this process exits first. */
export declare function startProcess(command: string, args: readonly string[], options?: ProcessOptions): StartedProcess;

export interface BuiltServerOptions {
  /** The folder holding server/index.js and build/ (the repository by default); also the cwd. */
  root?: string;
  /** Settings added last (DATA_DIR, DATABASE_URL, SITE_URL…). */
  env?: Record<string, string>;
  /** Start from this process's environment rather than a clean one (PATH, HOME, NODE_ENV=production). */
  inheritEnv?: boolean;
  /** A free one by default. */
  port?: number;
  /** A DATA_DIR made for this server and removed after it exits: true, or the folder name's prefix. */
  throwawayData?: boolean | string;
  /** "listening" (the default): its "listening on" line; "database": that and its database-open line. */
  readyWhen?: "listening" | "database";
  wrap?: Wrap;
  echoStderr?: boolean;
  /** 120 s by default. */
  timeoutMs?: number;
}

export interface BuiltServer extends Omit<StartedProcess, "waitFor"> {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** The throwaway data folder, if one was asked for. */
  dataDir: string | null;
}

/** Starts `node server/index.js` on 127.0.0.1 and resolves once it is ready; throws with its output if it is not. */
export declare function startBuiltServer(options?: BuiltServerOptions): Promise<BuiltServer>;

/**
 * startBuiltServer for a quality check: this process's environment, a throwaway data folder named
 * after `name`, ready once its database is open, its stderr copied to this one's.
 */
export declare function startServerForCheck(name: string, options?: BuiltServerOptions): Promise<BuiltServer>;
