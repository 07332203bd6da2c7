import { PassThrough, Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { CommandCancelled, type PasswordInput, parseStaffArgs, readPassword, STAFF_USAGE } from "./staff-command";

describe("parseStaffArgs", () => {
  it.each([
    [["add", "Ops@Example.com"], { ok: true, email: "ops@example.com", role: "dispatcher", name: "Ops" }],
    [["add", "a@b.fr", "--role", "admin", "--name", "Anne Dupont"], { ok: true, email: "a@b.fr", role: "admin", name: "Anne Dupont" }],
    [["add", "a@b.fr", "--role=dispatcher"], { ok: true, email: "a@b.fr", role: "dispatcher", name: "a" }],
  ])("reads %j", (argv, expected) => {
    expect(parseStaffArgs(argv)).toEqual(expected);
  });

  it.each([
    [[], STAFF_USAGE],
    [["add"], STAFF_USAGE],
    [["remove", "a@b.fr"], STAFF_USAGE],
    [["add", "a@b.fr", "extra"], STAFF_USAGE],
    [["--help"], STAFF_USAGE],
    [["add", "a@b.fr", "--role", "owner"], "--role must be admin or dispatcher."],
    [["add", "not-an-email"], "Enter an e-mail address"],
    [["add", "a@b.fr", "--colour", "red"], "Unknown option '--colour'"],
    [["add", "a@b.fr", "--name", "  "], "--name must not be empty."],
  ])("refuses %j, saying so", (argv, message) => {
    const parsed = parseStaffArgs(argv);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.message).toContain(message);
      expect(parsed.message).toContain("Usage: npm run staff -- add <email>");
    }
  });
});

describe("readPassword from a pipe", () => {
  const pipe = (...chunks: string[]) => Object.assign(Readable.from(chunks.map((c) => Buffer.from(c))), { isTTY: false });
  it("takes the first line, whatever the chunks, and prompts nothing", async () => {
    const prompts: string[] = [];
    await expect(readPassword(pipe("a long pass", "word here\nsecond line\n"), "Password: ", (t) => prompts.push(t))).resolves.toBe(
      "a long password here",
    );
    expect(prompts).toEqual([]);
  });
  it("reads a Windows line end and a last line without one", async () => {
    await expect(readPassword(pipe("with crlf password\r\n"), "", () => undefined)).resolves.toBe("with crlf password");
    await expect(readPassword(pipe("no newline at all"), "", () => undefined)).resolves.toBe("no newline at all");
    await expect(readPassword(pipe(), "", () => undefined)).resolves.toBe("");
  });
});

describe("readPassword on a terminal", () => {
  function terminal() {
    const modes: boolean[] = [];
    const stream = Object.assign(new PassThrough(), { isTTY: true, setRawMode: (mode: boolean) => modes.push(mode) });
    return { stream: stream as unknown as PasswordInput & PassThrough, modes };
  }
  it("prompts, reads keys without echo (backspace erases) up to Enter, and leaves raw mode", async () => {
    const { stream, modes } = terminal();
    const shown: string[] = [];
    const read = readPassword(stream, "Password: ", (t) => shown.push(t));
    stream.write("a long passworx");
    stream.write("\u007fd\r");
    await expect(read).resolves.toBe("a long password");
    expect(shown).toEqual(["Password: ", "\n"]);
    expect(modes).toEqual([true, false]);
  });
  it("is cancelled by Ctrl-C", async () => {
    const { stream, modes } = terminal();
    const read = readPassword(stream, "Password: ", () => undefined);
    stream.write("abc\u0003");
    await expect(read).rejects.toBeInstanceOf(CommandCancelled);
    expect(modes).toEqual([true, false]);
  });
});
