import { chmodSync, copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import { auditEvents, priceVersions } from "../../db/schema";
import { parsePriceFile } from "~/domain/pricing/csv";
import {
  BEFORE_BACK_OFFICE,
  checkPriceFile,
  decodePriceFile,
  listVersions,
  MAX_PRICE_FILE_BYTES,
  publisherIn,
  publishPrices,
  readPriceForm,
  replaceFile,
  rollBackPrices,
  sha256Of,
  versionNoteIn,
} from "./price-publish.server";
import { createPriceStore } from "./prices.server";
import { adminWordsIn } from "./test-support/admin-words";
import { useEmbeddedDatabase } from "./test-support/embedded-database";

const SHIPPED = readFileSync(new URL("../../data/prices.csv", import.meta.url), "utf8");
const LINES = SHIPPED.split("\n");
const HEADER = LINES[0]!;
const ADMIN = { id: "staff-1", email: "owner@navette.test" };

/** The shipped file with the first data row's price1 (column 12) set to `cents`. */
function withFirstPrice(cents: number): string {
  const fields = LINES[1]!.split(";");
  fields[11] = String(cents);
  return [HEADER, fields.join(";"), ...LINES.slice(2)].join("\n");
}
const FIRST_PRICE = Number(LINES[1]!.split(";")[11]);
const [EN, FR] = [adminWordsIn("en"), adminWordsIn("fr")];
const N = "\u00a0";

/** The shipped header and one row: the first data row with its fields changed by `edit`. */
function withRow(edit: (fields: string[]) => void): string {
  const fields = LINES[1]!.split(";");
  edit(fields);
  return `${HEADER}\n${fields.join(";")}\n`;
}

const database = useEmbeddedDatabase();
let dir: string;
let file: string;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "price-publish-"));
  file = path.join(dir, "prices.csv");
  copyFileSync(new URL("../../data/prices.csv", import.meta.url), file);
  await database.db.delete(priceVersions);
  await database.db.delete(auditEvents);
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const onDisk = () => readFileSync(file, "utf8");
const versions = () => database.db.select().from(priceVersions).orderBy(asc(priceVersions.id));
const audits = () => database.db.select().from(auditEvents).orderBy(asc(auditEvents.id));

describe("checkPriceFile", () => {
  it("takes the shipped file", () => {
    const check = checkPriceFile(SHIPPED, EN);
    expect(check.ok).toBe(true);
    if (check.ok) {
      expect(check.rows.length).toBe(300);
      expect(check.sha256).toBe(sha256Of(SHIPPED));
    }
  });

  it.each([
    ["a header lacking a column", "shuttle;Depart;Arrive\n0;Paris;Orly\n", [{ line: 1, message: expect.stringContaining("aller_retour") }]],
    ["an empty file", "", [{ line: 1, message: "The price file is empty: it has no header row." }]],
    ["a header and no row", `${HEADER}\n`, [{ line: null, message: "The file has a header but no price row." }]],
    [
      "a row the site would skip, with its line",
      [HEADER, LINES[1], LINES[2]!.replace(/^0;/, "7;"), LINES[3]].join("\n"),
      [{ line: 3, message: 'unknown shuttle flag "7" (0 shuttle, 1 private).' }],
    ],
    [
      "several problems, each with its line",
      [HEADER, LINES[1]!.replace(";4000;", ";40,00;"), LINES[2], LINES[3]!.replace(/^0;([^;]*);([^;]*);\d;/, "0;$1;$2;9;")].join("\n"),
      [
        { line: 2, message: 'price1 is not a whole number: "40,00".' },
        { line: 4, message: 'unknown aller_retour "9" (1 one way, 2 round trip, 3 return).' },
      ],
    ],
  ])("refuses %s", (_name, text, problems) => {
    expect(checkPriceFile(text, EN)).toEqual({ ok: false, problems });
  });

  it("refuses a file over the size limit", () => {
    const big = `${HEADER}\n${LINES[1]}\n${" ".repeat(MAX_PRICE_FILE_BYTES)}`;
    expect(checkPriceFile(big, EN)).toEqual({ ok: false, problems: [{ line: null, message: expect.stringContaining("too large") }] });
  });
});

describe("decodePriceFile", () => {
  it("reads UTF-8, and names the first line that is not", () => {
    expect(decodePriceFile(new TextEncoder().encode("a\nb é\n"), EN)).toEqual({ ok: true, text: "a\nb é\n" });
    const latin1 = Uint8Array.from([...new TextEncoder().encode("a\nb\nc"), 0xe9, 0x0a]);
    expect(decodePriceFile(latin1, EN)).toEqual({ ok: false, problem: { line: 3, message: expect.stringContaining("not UTF-8") } });
  });
});

describe("publishing", () => {
  it("replaces the file, records the file it replaced and the new one, audits it, and the store shows it at once", async () => {
    const store = createPriceStore(file, { now: () => 0, checkEveryMs: 60_000 });
    expect((await store.get()).text).toBe(SHIPPED);
    const next = withFirstPrice(FIRST_PRICE + 200);
    const result = await publishPrices(database.db, {
      file,
      staff: ADMIN,
      words: EN,
      content: next,
      sha256: sha256Of(next),
      basedOn: sha256Of(SHIPPED),
      note: "Summer prices",
      store,
    });
    expect(result.ok).toBe(true);
    expect(onDisk()).toBe(next);
    // No temporary file is left beside it.
    expect(readdirSync(dir)).toEqual(["prices.csv"]);
    expect((await store.get()).text).toBe(next);

    const rows = await versions();
    expect(rows.map((v) => [v.publishedBy, v.note, v.sha256, v.content === SHIPPED])).toEqual([
      [BEFORE_BACK_OFFICE, "The file in use before the first publish from the back office.", sha256Of(SHIPPED), true],
      [ADMIN.email, "Summer prices", sha256Of(next), false],
    ]);
    expect(await audits()).toMatchObject([
      {
        actorId: ADMIN.id,
        actor: ADMIN.email,
        action: "prices_published",
        detail: expect.stringContaining(`version ${rows[1]!.id} published (300 rows`),
      },
    ]);
    expect((await listVersions(database.db)).map((v) => [v.id, v.rows])).toEqual([
      [rows[1]!.id, 300],
      [rows[0]!.id, 300],
    ]);
  });

  it("records the earlier file only once", async () => {
    for (const cents of [FIRST_PRICE + 1, FIRST_PRICE + 2]) {
      const text = withFirstPrice(cents);
      expect((await publishPrices(database.db, { file, staff: ADMIN, words: EN, content: text, sha256: sha256Of(text) })).ok).toBe(true);
    }
    expect((await versions()).map((v) => v.publishedBy)).toEqual([BEFORE_BACK_OFFICE, ADMIN.email, ADMIN.email]);
  });

  it.each([
    ["a file with a problem", () => ({ content: `${HEADER}\n7;x\n`, sha256: sha256Of(`${HEADER}\n7;x\n`) }), /unknown shuttle flag/],
    [
      "content that is not the previewed one",
      () => ({ content: withFirstPrice(1), sha256: sha256Of(withFirstPrice(2)) }),
      /not the one previewed/,
    ],
    ["the file in use already", () => ({ content: SHIPPED, sha256: sha256Of(SHIPPED) }), /in use already/],
    [
      "a preview of a file in use that has changed since",
      () => ({ content: withFirstPrice(1), sha256: sha256Of(withFirstPrice(1)), basedOn: sha256Of("another file") }),
      /changed since this preview/,
    ],
  ])("refuses %s and writes nothing", async (_name, input, message) => {
    const result = await publishPrices(database.db, { file, staff: ADMIN, words: EN, ...input() });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]!.message).toMatch(message);
    expect(onDisk()).toBe(SHIPPED);
    expect(await versions()).toEqual([]);
    expect(await audits()).toEqual([]);
  });

  it("lets one of two publishes from the same preview through, and the other is told", async () => {
    const a = withFirstPrice(FIRST_PRICE + 10);
    const b = withFirstPrice(FIRST_PRICE + 20);
    const basedOn = sha256Of(SHIPPED);
    const results = await Promise.all(
      [a, b].map((content) => publishPrices(database.db, { file, staff: ADMIN, words: EN, content, sha256: sha256Of(content), basedOn })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const rows = await versions();
    expect(rows).toHaveLength(2);
    expect(onDisk()).toBe(rows[1]!.content);
  });

  it("two publishes at once never interleave: the file is the last version recorded", async () => {
    const texts = [1, 2, 3, 4].map((n) => withFirstPrice(FIRST_PRICE + n));
    const results = await Promise.all(
      texts.map((content) => publishPrices(database.db, { file, staff: ADMIN, words: EN, content, sha256: sha256Of(content) })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const rows = await versions();
    expect(rows).toHaveLength(5);
    expect(onDisk()).toBe(rows.at(-1)!.content);
    expect(readdirSync(dir)).toEqual(["prices.csv"]);
  });

  it("keeps the mode the owner gave the file", async () => {
    chmodSync(file, 0o640);
    await replaceFile(file, "x");
    expect(statSync(file).mode & 0o777).toBe(0o640);
  });

  it("never leaves the file writable by other users", async () => {
    chmodSync(file, 0o666);
    await replaceFile(file, "x");
    expect(statSync(file).mode & 0o777).toBe(0o644);
  });
});

describe("rolling back", () => {
  it("publishes an older version's content again as a new version, audited", async () => {
    const store = createPriceStore(file, { now: () => 0, checkEveryMs: 60_000 });
    await store.get();
    const next = withFirstPrice(FIRST_PRICE + 300);
    await publishPrices(database.db, { file, staff: ADMIN, words: EN, content: next, sha256: sha256Of(next), store });
    const [original] = await versions();
    const result = await rollBackPrices(database.db, { file, staff: ADMIN, words: EN, versionId: original!.id, store });
    expect(result.ok).toBe(true);
    expect(onDisk()).toBe(SHIPPED);
    expect((await store.get()).text).toBe(SHIPPED);
    const rows = await versions();
    expect(rows.at(-1)).toMatchObject({
      note: `Roll back to version ${original!.id}.`,
      publishedBy: ADMIN.email,
      sha256: sha256Of(SHIPPED),
    });
    expect((await audits()).map((a) => a.action)).toEqual(["prices_published", "prices_rolled_back"]);
  });

  it("refuses a version that does not exist, or is in use already", async () => {
    expect(await rollBackPrices(database.db, { file, staff: ADMIN, words: EN, versionId: 999 })).toEqual({
      ok: false,
      problems: [{ line: null, message: "There is no version 999." }],
    });
    const next = withFirstPrice(FIRST_PRICE + 300);
    await publishPrices(database.db, { file, staff: ADMIN, words: EN, content: next, sha256: sha256Of(next) });
    const latest = (await versions()).at(-1)!;
    const again = await rollBackPrices(database.db, { file, staff: ADMIN, words: EN, versionId: latest.id });
    expect(again).toEqual({
      ok: false,
      problems: [{ line: null, message: `Version ${latest.id} is the file in use already: there is nothing to roll back.` }],
    });
    expect(await versions()).toHaveLength(2);
  });
});

describe("replaceFile", () => {
  it("leaves the old file whole when the new one cannot be written", async () => {
    await expect(replaceFile(path.join(dir, "missing-folder", "prices.csv"), "x")).rejects.toThrow();
    expect(onDisk()).toBe(SHIPPED);
    expect(readdirSync(dir)).toEqual(["prices.csv"]);
  });
});

describe("readPriceForm", () => {
  const url = "http://127.0.0.1/admin/prices";

  it("reads a multipart post with its file", async () => {
    const form = new FormData();
    form.set("intent", "check");
    form.set("file", new File([SHIPPED], "prices.csv", { type: "text/csv" }));
    const read = await readPriceForm(new Request(url, { method: "POST", body: form }), EN);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.form.get("intent")).toBe("check");
    expect(await (read.form.get("file") as File).text()).toBe(SHIPPED);
  });

  it("refuses a post over the limit with 413 and a sentence, and a post that is not a form with 415", async () => {
    const big = new Request(url, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(2 * 1024 * 1024) },
      body: "--x--",
    });
    expect(await readPriceForm(big, EN)).toEqual({ ok: false, status: 413, message: expect.stringContaining("too large") });

    const streamed = new Request(url, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      body: "a".repeat(2048),
    });
    expect(await readPriceForm(streamed, EN, 1024)).toMatchObject({ ok: false, status: 413 });

    const text = new Request(url, { method: "POST", headers: { "Content-Type": "text/plain" }, body: "x" });
    expect(await readPriceForm(text, EN)).toMatchObject({ ok: false, status: 415 });

    const garbled = new Request(url, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      body: "not multipart",
    });
    expect(await readPriceForm(garbled, EN)).toEqual({ ok: false, status: 400, message: "This form could not be read." });
  });
});

describe("the parser's reasons, in the administrator's words", () => {
  // Each reason the parser gives for a row, made by a row that has it, with its French wording.
  const rows: [string, string, string][] = [
    ["a NUL", withRow((f) => (f[2] = "Disney\u0000land")), "la ligne contient un caractère NUL, qui ne peut pas être enregistré."],
    ["an unknown shuttle flag", withRow((f) => (f[0] = "7")), `valeur de shuttle inconnue «${N}7${N}» (0 navette, 1 privé).`],
    [
      "the same place twice",
      withRow((f) => (f[2] = f[1]!)),
      `Depart et Arrive désignent le même lieu «${N}Charles de Gaulle Airport (CDG)${N}».`,
    ],
    [
      "a direction mark in a place",
      withRow((f) => (f[1] = "Orly\u202e")),
      `Depart contient un caractère invisible ou de contrôle (par exemple une marque de direction)${N}: retirez-le.`,
    ],
    ["a place left empty", withRow((f) => (f[2] = " ")), "nom de lieu manquant dans Arrive."],
    [
      "an unknown trip type",
      withRow((f) => (f[3] = "9")),
      `valeur d’aller_retour inconnue «${N}9${N}» (1 aller simple, 2 aller-retour, 3 retour).`,
    ],
    ["a price that is no whole number", withRow((f) => (f[11] = "40,00")), `price1 n’est pas un nombre entier${N}: «${N}40,00${N}».`],
    ["a quote never closed", withRow((f) => (f[1] = '"Orly')), "un champ entre guillemets n’est jamais fermé."],
  ];

  it.each(rows)("words %s in English as the parser writes it, as a sentence", (_name, text) => {
    const [reason] = parsePriceFile(text).warnings;
    expect(checkPriceFile(text, EN)).toEqual({ ok: false, problems: [{ line: reason!.line, message: `${reason!.message}.` }] });
  });

  it.each(rows)("words %s in French", (_name, text, french) => {
    const check = checkPriceFile(text, FR);
    expect(check.ok ? [] : check.problems.map((p) => p.message)).toEqual([french]);
  });

  it("words a header lacking columns in French, naming them", () => {
    expect(checkPriceFile("shuttle;Depart;Arrive\n0;Paris;Orly\n", FR)).toEqual({
      ok: false,
      problems: [
        {
          line: 1,
          message: expect.stringMatching(/^Il manque à l’en-tête du fichier des tarifs les colonnes obligatoires\u00a0: aller_retour, /),
        },
      ],
    });
  });

  it("words an empty file in French", () => {
    expect(checkPriceFile("", FR)).toEqual({
      ok: false,
      problems: [{ line: 1, message: `Le fichier des tarifs est vide${N}: il n’a pas de ligne d’en-tête.` }],
    });
  });
});

describe("the page's refusals in French", () => {
  it("names the first line that is not UTF-8", () => {
    const latin1 = Uint8Array.from([...new TextEncoder().encode("a\nb\nc"), 0xe9, 0x0a]);
    expect(decodePriceFile(latin1, FR)).toEqual({
      ok: false,
      problem: {
        line: 3,
        message: `Cette ligne n’est pas du texte UTF-8${N}: enregistrez le fichier au format «${N}CSV UTF-8${N}» dans le tableur et réessayez.`,
      },
    });
  });

  it("refuses a file over the size limit", () => {
    const big = `${HEADER}\n${LINES[1]}\n${" ".repeat(MAX_PRICE_FILE_BYTES)}`;
    expect(checkPriceFile(big, FR)).toEqual({
      ok: false,
      problems: [{ line: null, message: `Le fichier des tarifs est trop volumineux${N}: on peut envoyer 1${N}Mo au plus.` }],
    });
  });

  it("refuses a post it cannot read", async () => {
    const garbled = new Request("http://127.0.0.1/admin/prices", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      body: "not multipart",
    });
    expect(await readPriceForm(garbled, FR)).toEqual({ ok: false, status: 400, message: "Ce formulaire n’a pas pu être lu." });
  });

  it("refuses to roll back to a version that does not exist", async () => {
    expect(await rollBackPrices(database.db, { file, staff: ADMIN, versionId: 999, words: FR })).toEqual({
      ok: false,
      problems: [{ line: null, message: "La version 999 n’existe pas." }],
    });
  });
});

describe("a version's publisher and note, on the page", () => {
  it("shows the notes the back office writes in English as it wrote them", () => {
    const notes = ["The file in use before the first publish from the back office.", "Uploaded.", "Roll back to version 4."];
    expect(notes.map((note) => versionNoteIn(EN, note))).toEqual(notes);
  });

  it("words the notes the back office writes in French", () => {
    const notes = ["The file in use before the first publish from the back office.", "Uploaded.", "Roll back to version 4."];
    expect(notes.map((note) => versionNoteIn(FR, note))).toEqual([
      "Le fichier en service avant la première publication depuis le back-office.",
      "Importé.",
      "Retour à la version 4.",
    ]);
  });

  it("shows an administrator's note as typed", () => {
    expect(versionNoteIn(FR, "Summer prices")).toBe("Summer prices");
  });

  it("words the file found before the back office as its publisher, and shows an administrator's e-mail", () => {
    expect([publisherIn(FR, BEFORE_BACK_OFFICE), publisherIn(FR, ADMIN.email)]).toEqual(["avant le back-office", ADMIN.email]);
  });
});
