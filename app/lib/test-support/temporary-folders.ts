import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** A test file's temporary folders: each made fresh under the system's, all removed by `removeAll`. */
export function temporaryFolders(prefix: string) {
  const made: string[] = [];
  return {
    make(): string {
      const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
      made.push(dir);
      return dir;
    },
    removeAll(): void {
      for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}
