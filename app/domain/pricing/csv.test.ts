import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  PRICE_FILE_COLUMNS,
  PriceFileError,
  parsePriceFile,
  readCsvRecords,
  type PriceColumn,
  type PriceRow,
  type PrivateRow,
  type ShuttleRow,
} from "./csv";
import { serializePriceFile } from "./price-file.fixture";

const HEADER = PRICE_FILE_COLUMNS.join(";");
const CDG = "Charles de Gaulle Airport (CDG)";
const DLP = "Disneyland Paris";

/** One file line from named cells; unnamed columns stay empty. */
function line(cells: Partial<Record<PriceColumn, string | number>>): string {
  return PRICE_FILE_COLUMNS.map((c) => String(cells[c] ?? "")).join(";");
}

const SHUTTLE_CELLS = {
  shuttle: 0,
  Depart: CDG,
  Arrive: DLP,
  aller_retour: 1,
  mode_paiement: 2,
  duree_aller: 65,
  duree_retour: 70,
  delai_depart: 30,
  delai_arrive: 135,
  depart_type: 1,
  arrive_type: 2,
  price1: 4000,
  price2: 5800,
  price3: 7500,
  price4: 9000,
  price5: 10500,
  price6: 12000,
  price7: 13300,
  price8: 14400,
  price22: 7900,
  price_sup: 1700,
  cp_possible_depart: "95700",
  cp_possible_arrive: "77700,77144, 77600",
} as const;

const PRIVATE_CELLS = {
  ...SHUTTLE_CELLS,
  shuttle: 1,
  price1: "",
  price2: "",
  price3: "",
  price4: "",
  price5: "",
  price6: "",
  price7: "",
  price8: "",
  price22: "",
  price_sup: "",
  nb_pax_mini: 1,
  nb_pax_maxi: 3,
  prix: 6000,
} as const;

const SHUTTLE_ROW: ShuttleRow = {
  kind: "shuttle",
  from: CDG,
  to: DLP,
  tripType: 1,
  payment: "card",
  durationOut: 65,
  durationBack: 70,
  delayDepart: 30,
  delayArrive: 135,
  departType: 1,
  arriveType: 2,
  postcodesDepart: ["95700"],
  postcodesArrive: ["77700", "77144", "77600"],
  prices: { 1: 4000, 2: 5800, 3: 7500, 4: 9000, 5: 10500, 6: 12000, 7: 13300, 8: 14400 },
  price22: 7900,
  priceSup: 1700,
};

const PRIVATE_ROW: PrivateRow = {
  kind: "private",
  from: CDG,
  to: DLP,
  tripType: 1,
  payment: "card",
  durationOut: 65,
  durationBack: 70,
  delayDepart: 30,
  delayArrive: 135,
  departType: 1,
  arriveType: 2,
  postcodesDepart: ["95700"],
  postcodesArrive: ["77700", "77144", "77600"],
  paxMin: 1,
  paxMax: 3,
  price: 6000,
};

const GOOD_FILE = [HEADER, line(SHUTTLE_CELLS), line(PRIVATE_CELLS)].join("\n");

describe("parsePriceFile: reading rows", () => {
  it("reads a shuttle row and a private row into typed rows in integer cents", () => {
    const { rows, warnings } = parsePriceFile(GOOD_FILE);
    expect(warnings).toEqual([]);
    expect(rows).toEqual([SHUTTLE_ROW, PRIVATE_ROW]);
  });

  it("takes columns in any order and ignores unknown ones", () => {
    const columns = [...PRICE_FILE_COLUMNS].reverse();
    const header = ["remarks", ...columns, "extra"].join(";");
    const cells = (c: Record<string, string | number>) =>
      ["ignored; really", ...columns.map((col) => String(c[col] ?? "")), "x"].map((v) => (v.includes(";") ? `"${v}"` : v)).join(";");
    const { rows, warnings } = parsePriceFile([header, cells(SHUTTLE_CELLS), cells(PRIVATE_CELLS)].join("\n"));
    expect(warnings).toEqual([]);
    expect(rows).toEqual([SHUTTLE_ROW, PRIVATE_ROW]);
  });

  it("reads a UTF-8 byte order mark, Windows line ends, blank lines and trailing semicolons", () => {
    const text = `\uFEFF${HEADER};\r\n\r\n${line(SHUTTLE_CELLS)};;\r\n;;;;\r\n   \r\n${line(PRIVATE_CELLS)}\r\n\r\n`;
    const { rows, warnings } = parsePriceFile(text);
    expect(warnings).toEqual([]);
    expect(rows).toEqual([SHUTTLE_ROW, PRIVATE_ROW]);
  });

  it("reads old Mac line ends (a lone CR)", () => {
    const { rows, warnings } = parsePriceFile([HEADER, line(SHUTTLE_CELLS), line(PRIVATE_CELLS)].join("\r"));
    expect(warnings).toEqual([]);
    expect(rows).toHaveLength(2);
  });

  it("reads quoted fields holding semicolons, doubled quotes and line breaks", () => {
    const name = 'Hotel "Le Relais"; Chessy';
    const text = [HEADER, line({ ...PRIVATE_CELLS, Arrive: `"Hotel ""Le Relais""; Chessy"` }), `"1";"${CDG}";"Multi\nline";1;2`].join("\n");
    const { rows, warnings } = parsePriceFile(text);
    expect(rows[0]?.to).toBe(name);
    expect(rows[1]?.to).toBe("Multi line");
    expect(warnings).toEqual([]);
  });

  it("keeps a stray quote inside an unquoted field as an ordinary character", () => {
    const { rows, warnings } = parsePriceFile([HEADER, line({ ...PRIVATE_CELLS, Arrive: 'Disneyland 5" Paris' })].join("\n"));
    expect(warnings).toEqual([]);
    expect(rows[0]?.to).toBe('Disneyland 5" Paris');
  });

  it("skips only the line of a quote that never closes, and names it", () => {
    const text = [HEADER, line(SHUTTLE_CELLS), line({ ...PRIVATE_CELLS, Arrive: '"Disneyland' }), line(PRIVATE_CELLS)].join("\n");
    const { rows, warnings } = parsePriceFile(text);
    expect(rows).toEqual([SHUTTLE_ROW, PRIVATE_ROW]);
    expect(warnings).toEqual([
      { line: 3, code: "unclosedQuote", values: {}, message: expect.stringMatching(/quoted field is never closed/) },
    ]);
  });

  it("counts lines after a quoted line break, so warnings point at the right line", () => {
    const text = [HEADER, line({ ...PRIVATE_CELLS, Arrive: '"Disneyland\nParis"' }), line({ ...PRIVATE_CELLS, prix: "abc" })].join("\n");
    const { rows, warnings } = parsePriceFile(text);
    expect(rows).toHaveLength(1);
    expect(warnings).toEqual([
      { line: 4, code: "notWhole", values: expect.objectContaining({ column: "prix" }), message: expect.stringContaining("prix") },
    ]);
  });

  it.each([
    ["empty", ""],
    ["zero", "0"],
  ])("an %s price means no price", (_label, value) => {
    const text = [
      HEADER,
      line({ ...SHUTTLE_CELLS, price3: value, price22: value, price_sup: value }),
      line({ ...PRIVATE_CELLS, prix: value }),
    ].join("\n");
    const { rows, warnings } = parsePriceFile(text);
    expect(warnings).toEqual([]);
    const [shuttle, priv] = rows as [ShuttleRow, PrivateRow];
    expect(shuttle.prices[3]).toBeNull();
    expect(shuttle.prices[2]).toBe(5800);
    expect(shuttle.price22).toBeNull();
    expect(shuttle.priceSup).toBeNull();
    expect(priv.price).toBeNull();
  });

  it.each([
    ["1", "cash"],
    ["2", "card"],
    ["0", "card"],
    ["", "card"],
    ["CB", "card"],
  ])("mode_paiement %j is %s", (mode, payment) => {
    expect(parsePriceFile([HEADER, line({ ...PRIVATE_CELLS, mode_paiement: mode })].join("\n")).rows[0]?.payment).toBe(payment);
  });

  it.each([
    ["1", 1],
    ["2", 2],
    ["0", 2],
    ["", 2],
    ["hotel", 2],
  ])("place type %j reads %i (1 airport, anything else hotel or address)", (raw, type) => {
    const row = parsePriceFile([HEADER, line({ ...PRIVATE_CELLS, depart_type: raw, arrive_type: raw })].join("\n")).rows[0];
    expect([row?.departType, row?.arriveType]).toEqual([type, type]);
  });

  it("reads empty durations and delays as the defaults 45, 45, 30 and 135", () => {
    const row = parsePriceFile(
      [HEADER, line({ ...PRIVATE_CELLS, duree_aller: "", duree_retour: "", delai_depart: "", delai_arrive: "" })].join("\n"),
    ).rows[0];
    expect(row).toMatchObject({ durationOut: 45, durationBack: 45, delayDepart: 30, delayArrive: 135 });
  });

  it("keeps private rows whose passenger range will not count (pricing ignores them)", () => {
    const { rows, warnings } = parsePriceFile(
      [
        HEADER,
        line({ ...PRIVATE_CELLS, nb_pax_mini: 0, nb_pax_maxi: 12 }),
        line({ ...PRIVATE_CELLS, nb_pax_mini: "", nb_pax_maxi: "" }),
      ].join("\n"),
    );
    expect(warnings).toEqual([]);
    expect(rows.map((r) => (r.kind === "private" ? [r.paxMin, r.paxMax] : null))).toEqual([
      [0, 12],
      [null, null],
    ]);
  });

  it("trims cells and reads place names with runs of spaces collapsed", () => {
    const row = parsePriceFile(
      [HEADER, line({ ...PRIVATE_CELLS, Depart: `  Charles de  Gaulle Airport (CDG) `, prix: " 6000 " })].join("\n"),
    ).rows[0];
    expect(row).toMatchObject({ from: CDG, price: 6000 });
  });
});

describe("parsePriceFile: rows it cannot read are skipped with a warning naming the line", () => {
  it.each<[string, Partial<Record<PriceColumn, string>>, RegExp]>([
    ["a decimal price", { price1: "40.00" }, /price1.*"40\.00"/],
    ["a price with a comma", { price4: "90,00" }, /price4/],
    ["a negative price", { price_sup: "-1700" }, /price_sup/],
    ["a word in a duration", { duree_aller: "45 min" }, /duree_aller/],
    ["a word in a delay", { delai_arrive: "two hours" }, /delai_arrive/],
    ["an unknown shuttle flag", { shuttle: "2" }, /shuttle flag "2"/],
    ["an empty shuttle flag", { shuttle: "" }, /shuttle flag/],
    ["an unknown trip type", { aller_retour: "4" }, /aller_retour "4"/],
    ["a missing departure", { Depart: "" }, /place name in Depart/],
    ["a missing arrival", { Arrive: "  " }, /place name in Arrive/],
    ["the same place at both ends", { Arrive: "charles de gaulle airport (cdg)" }, /same place/],
  ])("%s (shuttle row)", (_label, cells, message) => {
    const { rows, warnings } = parsePriceFile(
      [HEADER, line(PRIVATE_CELLS), line({ ...SHUTTLE_CELLS, ...cells }), line(PRIVATE_CELLS)].join("\n"),
    );
    expect(rows).toEqual([PRIVATE_ROW, PRIVATE_ROW]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.line).toBe(3);
    expect(warnings[0]?.message).toMatch(message);
  });

  it.each<[string, Partial<Record<PriceColumn, string>>, PriceColumn]>([
    ["a word in prix", { prix: "sixty" }, "prix"],
    ["a decimal passenger bound", { nb_pax_mini: "1.5" }, "nb_pax_mini"],
    ["a negative passenger bound", { nb_pax_maxi: "-3" }, "nb_pax_maxi"],
  ])("%s (private row)", (_label, cells, column) => {
    const { rows, warnings } = parsePriceFile([HEADER, line({ ...PRIVATE_CELLS, ...cells })].join("\n"));
    expect(rows).toEqual([]);
    expect(warnings).toEqual([
      { line: 2, code: "notWhole", values: { column, value: cells[column] }, message: expect.stringContaining(column) },
    ]);
  });

  it("does not check the columns a row's kind does not use", () => {
    const { rows, warnings } = parsePriceFile(
      [HEADER, line({ ...SHUTTLE_CELLS, prix: "n/a" }), line({ ...PRIVATE_CELLS, price1: "n/a" })].join("\n"),
    );
    expect(warnings).toEqual([]);
    expect(rows).toHaveLength(2);
  });

  it("reads a short row's missing cells as empty", () => {
    const { rows, warnings } = parsePriceFile([HEADER, `1;${CDG};${DLP};1;2`].join("\n"));
    expect(warnings).toEqual([]);
    expect(rows[0]).toMatchObject({ kind: "private", paxMin: null, paxMax: null, price: null, durationOut: 45 });
  });
});

describe("parsePriceFile: the header", () => {
  it.each(["prix", "Depart", "price22", "nb_pax_maxi"])("a header without %s fails, naming it", (column) => {
    const header = PRICE_FILE_COLUMNS.filter((c) => c !== column).join(";");
    expect(() => parsePriceFile(`${header}\n`)).toThrow(PriceFileError);
    expect(() => parsePriceFile(`${header}\n`)).toThrow(new RegExp(`column: ${column}\\.`));
  });

  it("names every missing column", () => {
    const header = PRICE_FILE_COLUMNS.filter((c) => c !== "price_sup" && c !== "shuttle").join(";");
    try {
      parsePriceFile(header);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(PriceFileError);
      expect((e as PriceFileError).missingColumns).toEqual(["shuttle", "price_sup"]);
      expect((e as Error).message).toContain("columns: shuttle, price_sup");
    }
  });

  it("matches header names exactly: 'depart' is not 'Depart'", () => {
    expect(() => parsePriceFile(HEADER.replace("Depart", "depart"))).toThrow(/Depart/);
  });

  it.each(["", "\uFEFF", "\r\n\r\n", " ; ;"])("a file with no header (%j) fails", (text) => {
    expect(() => parsePriceFile(text)).toThrow(PriceFileError);
  });

  it("accepts a header with nothing under it", () => {
    expect(parsePriceFile(`\uFEFF${HEADER}\r\n`)).toEqual({ rows: [], warnings: [] });
  });
});

describe("readCsvRecords", () => {
  it.each<[string, string[][]]>([
    ["a;b;c", [["a", "b", "c"]]],
    ["a;;c;", [["a", "", "c", ""]]],
    ['"a;b";"c""d"', [["a;b", 'c"d']]],
    ['"a"x;b', [["ax", "b"]]],
    ['a"b;c', [['a"b', "c"]]],
    ["a\r\nb\nc\rd", [["a"], ["b"], ["c"], ["d"]]],
    ['"x\r\ny";z\nw', [["x\r\ny", "z"], ["w"]]],
    ['""', [[""]]],
  ])("%j", (text, fields) => {
    expect(readCsvRecords(text).records.map((r) => r.fields)).toEqual(fields);
  });
});

// ---------------------------------------------------------------------------------------------
// Writing back

const placeArb = fc
  .string({ unit: fc.constantFrom("a", "B", " ", ";", '"', "(", ")", "é", "_", "\n", "'", ","), minLength: 1, maxLength: 12 })
  .map((s) => s.replace(/\s+/g, " ").trim())
  .filter((s) => s !== "");
const centsArb = fc.option(fc.integer({ min: 1, max: 5_000_000 }), { nil: null });
const minutesArb = fc.integer({ min: 0, max: 600 });
const postcodesArb = fc.array(fc.stringMatching(/^[0-9A-Z]{1,6}$/), { maxLength: 4 });

const baseArb = fc
  .record({
    from: placeArb,
    to: placeArb,
    tripType: fc.constantFrom(1 as const, 2 as const, 3 as const),
    payment: fc.constantFrom("card" as const, "cash" as const),
    durationOut: minutesArb,
    durationBack: minutesArb,
    delayDepart: minutesArb,
    delayArrive: minutesArb,
    departType: fc.constantFrom(1 as const, 2 as const),
    arriveType: fc.constantFrom(1 as const, 2 as const),
    postcodesDepart: postcodesArb,
    postcodesArrive: postcodesArb,
  })
  .filter((r) => r.from.toLowerCase() !== r.to.toLowerCase());

const rowArb: fc.Arbitrary<PriceRow> = fc.oneof(
  fc
    .record({
      base: baseArb,
      prices: fc.tuple(centsArb, centsArb, centsArb, centsArb, centsArb, centsArb, centsArb, centsArb),
      price22: centsArb,
      priceSup: centsArb,
    })
    .map(({ base, prices, price22, priceSup }): ShuttleRow => {
      const [p1, p2, p3, p4, p5, p6, p7, p8] = prices;
      return { ...base, kind: "shuttle", prices: { 1: p1, 2: p2, 3: p3, 4: p4, 5: p5, 6: p6, 7: p7, 8: p8 }, price22, priceSup };
    }),
  fc
    .record({ base: baseArb, paxMin: fc.option(fc.nat(12), { nil: null }), paxMax: fc.option(fc.nat(12), { nil: null }), price: centsArb })
    .map(({ base, ...rest }): PrivateRow => ({ ...base, kind: "private", ...rest })),
);

describe("serializePriceFile", () => {
  it("writes the standard header, card as 2, cash as 1 and no price as an empty cell", () => {
    const text = serializePriceFile([SHUTTLE_ROW, { ...PRIVATE_ROW, payment: "cash", price: null }]);
    const [header, shuttle, priv] = text.split("\n");
    expect(header).toBe(HEADER);
    expect(shuttle).toBe(line({ ...SHUTTLE_CELLS, cp_possible_arrive: "77700,77144,77600" }));
    expect(priv).toBe(line({ ...PRIVATE_CELLS, cp_possible_arrive: "77700,77144,77600", mode_paiement: 1, prix: "" }));
  });

  it("gives back the same rows it was given", () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 8 }), (rows) => {
        expect(parsePriceFile(serializePriceFile(rows))).toEqual({ rows, warnings: [] });
      }),
    );
  });

  it("parse → serialise → parse is stable, whatever the file held", () => {
    const cellArb = fc.constantFrom(
      "",
      "0",
      "1",
      "2",
      "3",
      "9",
      "4000",
      "-5",
      "4,5",
      "x",
      ' "q" ',
      "a;b",
      "Paris",
      "Disneyland Paris",
      "\n",
    );
    const fileArb = fc
      .array(fc.array(cellArb, { minLength: PRICE_FILE_COLUMNS.length, maxLength: PRICE_FILE_COLUMNS.length }), { maxLength: 10 })
      .map((table) =>
        [HEADER, ...table.map((cells) => cells.map((c) => (/[;"\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(";"))].join("\r\n"),
      );
    fc.assert(
      fc.property(fileArb, (text) => {
        const first = parsePriceFile(text);
        const second = parsePriceFile(serializePriceFile(first.rows));
        expect(second.warnings).toEqual([]);
        expect(second.rows).toEqual(first.rows);
        expect(serializePriceFile(second.rows)).toBe(serializePriceFile(first.rows));
      }),
    );
  });
});
