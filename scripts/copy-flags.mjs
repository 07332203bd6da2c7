// The phone input's country flags, served from our own origin (the library's default loads
// them from a remote host, which the CSP blocks and this network cannot reach). Copied from the
// installed country-flag-icons package into public/flags at build and dev start; not committed.
import { cpSync, existsSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const pkg = path.dirname(require.resolve("country-flag-icons/package.json"));
const from = path.join(pkg, "3x2");
const to = new URL("../public/flags/", import.meta.url).pathname;
if (!existsSync(from)) throw new Error(`country-flag-icons has no 3x2 folder at ${from}`);
mkdirSync(to, { recursive: true });
cpSync(from, to, { recursive: true });
