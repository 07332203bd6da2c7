import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, SERVER_NODE_FLAGS } from "./built-server.mjs";

const scripts = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;

describe("the server's Node flags", () => {
  it.each(["start", "serve"])("npm run %s gives Node the flags the checks start the server with", (name) => {
    const command = scripts[name] ?? "";
    for (const flag of SERVER_NODE_FLAGS) expect(command.split(" ")).toContain(flag);
  });
});
