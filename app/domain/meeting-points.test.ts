import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AIRPORTS, DISNEYLAND_PLACE, transferKindsFrom } from "./airports";
import {
  airportCodeOfPlace,
  airportMeetingPoints,
  MEETING_POINTS_HEADER,
  meetingPointFor,
  parseMeetingPoints,
  type MeetingPointRow,
} from "./meeting-points";
import type { AirportCode, TransferKind } from "./site-paths";
import { TERMINALS } from "./terminals";

/** The rows every valid file needs: each airport's default per service it offers, and both `*` rows. */
const REQUIRED = [
  "CDG,,shuttle,CDG shuttle default",
  "CDG,,private,CDG private default",
  "ORY,,private,ORY private default",
  "BVA,,shuttle,BVA shuttle default",
  "BVA,,private,BVA private default",
  "*,,shuttle,Shuttle elsewhere",
  "*,,private,Private elsewhere",
];

function file(...lines: string[]): string {
  return [MEETING_POINTS_HEADER, ...lines].join("\n");
}

const CDG = "Charles de Gaulle Airport (CDG)";
const ORY = "Orly Airport (ORY)";
const BVA = "Beauvais Airport (BVA)";

describe("parseMeetingPoints: a valid file", () => {
  it("reads every row with its line, in the file's order", () => {
    const { points, errors } = parseMeetingPoints(file(...REQUIRED, "CDG,2E,private,Exit 8"));
    expect(errors).toEqual([]);
    expect(points.rows).toHaveLength(8);
    expect(points.rows[0]).toEqual({
      line: 2,
      airport: "CDG",
      terminal: "",
      service: "shuttle",
      text: "CDG shuttle default",
      translations: {},
    });
    expect(points.rows[7]).toEqual({ line: 9, airport: "CDG", terminal: "2E", service: "private", text: "Exit 8", translations: {} });
  });

  it.each([
    ["a BOM and CRLF line ends", `\uFEFF${file(...REQUIRED, "CDG,2E,private,Exit 8").replace(/\n/g, "\r\n")}\r\n`],
    ["blank lines and a row of empty cells", file("", ...REQUIRED, ",,,", "", "CDG,2E,private,Exit 8", "")],
    [
      "columns in another order, names in capitals",
      `service,MEETING_POINT,Airport,terminal\n${REQUIRED.map(reorder).join("\n")}\nprivate,Exit 8,CDG,2E`,
    ],
    ["a column of notes the program ignores", `${MEETING_POINTS_HEADER},notes\n${REQUIRED.join("\n")}\nCDG,2E,private,Exit 8,ask Paul`],
    ["lower-case codes and terminals, spaces round cells", file(...REQUIRED, " cdg , 2e , Private ,  Exit 8  ")],
  ])("reads %s", (_name, text) => {
    const { points, errors } = parseMeetingPoints(text);
    expect(errors).toEqual([]);
    expect(points.rows.find((r) => r.terminal === "2E")).toMatchObject({
      airport: "CDG",
      terminal: "2E",
      service: "private",
      text: "Exit 8",
    });
  });

  it("reads quoted fields with commas, doubled quotes and line breaks, which read as spaces", () => {
    const text = file(
      ...REQUIRED,
      'CDG,2E,private,"Level 2, exit 8: look for the ""Navette"" sign,\nby the Relay shop"',
      "CDG,1,private,Exit 34",
    );
    const { points, errors } = parseMeetingPoints(text);
    expect(errors).toEqual([]);
    expect(points.rows.find((r) => r.terminal === "2E")!.text).toBe('Level 2, exit 8: look for the "Navette" sign, by the Relay shop');
    // The quoted line break counts: the next row starts two lines further.
    expect(points.rows.find((r) => r.terminal === "1")!.line).toBe(11);
  });

  it("accepts a meeting point of exactly 400 characters", () => {
    expect(parseMeetingPoints(file(...REQUIRED, `CDG,2E,private,${"x".repeat(400)}`)).errors).toEqual([]);
  });
});

function reorder(line: string): string {
  const [airport, terminal, service, text] = line.split(",");
  return [service, text, airport, terminal].join(",");
}

describe("parseMeetingPoints: errors name the line", () => {
  it.each([
    ["an unknown airport", "LHR,,private,Somewhere", 'line 10: unknown airport "LHR" (CDG, ORY, BVA or * for any other place)'],
    ["an empty airport", ",2E,private,Somewhere", "line 10: the airport is empty (CDG, ORY, BVA or * for any other place)"],
    [
      "a terminal of another airport",
      "CDG,2H,private,Somewhere",
      "line 10: terminal 2H is not a terminal of CDG (1, 2A, 2B, 2C, 2D, 2E, 2F, 2G, 3; empty for the default)",
    ],
    [
      "Orly's terminal 4 at Beauvais",
      "BVA,4,shuttle,Somewhere",
      "line 10: terminal 4 is not a terminal of BVA (1, 2; empty for the default)",
    ],
    [
      "a terminal on a * row",
      "*,1,private,Somewhere",
      'line 10: a * row is for places that are not airports: its terminal must be empty (found "1")',
    ],
    ["an unknown service", "CDG,1,taxi,Somewhere", 'line 10: unknown service "taxi" (shuttle or private)'],
    ["an empty service", "CDG,1,,Somewhere", "line 10: the service is empty (shuttle or private)"],
    ["a shuttle at Orly", "ORY,1,shuttle,Somewhere", "line 10: ORY has no shuttle service (private only)"],
    ["an empty meeting point", "CDG,1,private,  ", "line 10: the meeting point is empty"],
    ["a missing meeting point cell", "CDG,1,private", "line 10: the meeting point is empty"],
    [
      "a meeting point over 400 characters",
      `CDG,1,private,${"x".repeat(401)}`,
      "line 10: the meeting point is 401 characters long; keep it to 400",
    ],
    [
      "an unquoted comma",
      "CDG,1,private,Level 2, exit 8",
      "line 10: 5 fields where the header has 4: put the meeting point in double quotes if it holds a comma",
    ],
    ["a duplicate", "CDG,2e,private,Again", "line 10: CDG terminal 2E private is already given on line 9"],
    ["a duplicate default", "CDG,,private,Again", "line 10: the CDG private default is already given on line 3"],
    ["a duplicate * row", "*,,shuttle,Again", "line 10: the * shuttle row is already given on line 7"],
    ["a quote that never closes", 'CDG,1,private,"Level 2', 'line 10: a quoted field is never closed (a " is missing)'],
  ])("%s", (_name, line, message) => {
    const { errors } = parseMeetingPoints(file(...REQUIRED, "CDG,2E,private,Exit 8", line));
    expect(errors).toEqual([message]);
  });

  it("names the language's column of a translation that is too long", () => {
    const header = `${MEETING_POINTS_HEADER},meeting_point_es`;
    const { errors } = parseMeetingPoints([header, ...REQUIRED, `CDG,1,private,Exit 1,${"x".repeat(401)}`].join("\n"));
    expect(errors).toEqual(["line 9: meeting_point_es is 401 characters long; keep it to 400"]);
  });

  it("lists every faulty row, in line order, and keeps the valid ones", () => {
    const { points, errors } = parseMeetingPoints(file("CDG,9,private,x", ...REQUIRED, "XYZ,,private,y", "CDG,1,private,"));
    expect(errors).toEqual([
      "line 2: terminal 9 is not a terminal of CDG (1, 2A, 2B, 2C, 2D, 2E, 2F, 2G, 3; empty for the default)",
      'line 10: unknown airport "XYZ" (CDG, ORY, BVA or * for any other place)',
      "line 11: the meeting point is empty",
    ]);
    expect(points.rows).toHaveLength(REQUIRED.length);
  });

  it.each([
    ["CDG,,shuttle", "missing row: CDG,,shuttle,… (the shuttle default of CDG, with an empty terminal)"],
    ["CDG,,private", "missing row: CDG,,private,… (the private default of CDG, with an empty terminal)"],
    ["ORY,,private", "missing row: ORY,,private,… (the private default of ORY, with an empty terminal)"],
    ["BVA,,shuttle", "missing row: BVA,,shuttle,… (the shuttle default of BVA, with an empty terminal)"],
    ["BVA,,private", "missing row: BVA,,private,… (the private default of BVA, with an empty terminal)"],
    ["*,,shuttle", "missing row: *,,shuttle,… (the shuttle meeting point at any place that is not an airport)"],
    ["*,,private", "missing row: *,,private,… (the private meeting point at any place that is not an airport)"],
  ])("a file without the %s row says it is missing", (prefix, message) => {
    const rows = REQUIRED.filter((r) => !r.startsWith(`${prefix},`));
    expect(rows).toHaveLength(REQUIRED.length - 1);
    // A terminal's own row does not stand in for the default.
    const [airport, , service] = prefix.split(",");
    const own = airport === "*" ? [] : [`${airport},${TERMINALS[airport as AirportCode][0]},${service},Own row`];
    expect(parseMeetingPoints(file(...rows, ...own)).errors).toEqual([message]);
  });

  it.each([
    ["an empty file", ""],
    ["a file of blank lines and a BOM", "\uFEFF\n\r\n  \n"],
  ])("%s asks for the header", (_name, text) => {
    expect(parseMeetingPoints(text).errors).toEqual([
      "the file is empty: its first line must be the header airport,terminal,service,meeting_point",
    ]);
  });

  it.each([
    [
      "the price file's delimiter",
      "airport;terminal;service;meeting_point",
      "airport;terminal;service;meeting_point",
      "airport, terminal, service, meeting_point",
    ],
    ["a misspelt column", "airport,terminal,sevice,meeting_point", "airport,terminal,sevice,meeting_point", "service"],
    ["no header, a data row first", "CDG,,private,x", "CDG,,private,x", "airport, terminal, service, meeting_point"],
  ])("a header with %s names the expected header and stops there", (_name, header, found, lacking) => {
    const { points, errors } = parseMeetingPoints([header, ...REQUIRED].join("\n"));
    expect(errors).toEqual([`line 1: the header must be airport,terminal,service,meeting_point (found "${found}", lacking ${lacking})`]);
    expect(points.rows).toEqual([]);
  });
});

describe("airportCodeOfPlace", () => {
  it.each([
    [CDG, "CDG"],
    ["Charles_de_Gaulle_Airport_(CDG)", "CDG"],
    ["charles de gaulle airport (cdg)", "CDG"],
    [ORY, "ORY"],
    ["Orly_Airport_(ORY)", "ORY"],
    [BVA, "BVA"],
    ["Beauvais_Airport_(BVA)", "BVA"],
    [DISNEYLAND_PLACE, null],
    ["Disneyland_Paris", null],
    ["Paris", null],
    ["CDG", null],
    ["", null],
  ] as const)("%j is %s", (place, code) => {
    expect(airportCodeOfPlace(place)).toBe(code);
  });
});

const POINTS = parseMeetingPoints(
  file(
    ...REQUIRED,
    "CDG,2E,private,CDG 2E private",
    "CDG,2E,shuttle,CDG 2E shuttle",
    "ORY,4,private,ORY 4 private",
    "BVA,1,shuttle,BVA 1 shuttle",
  ),
).points;

describe("meetingPointFor", () => {
  it.each([
    [CDG, "2E", "private", "CDG 2E private"],
    ["Charles_de_Gaulle_Airport_(CDG)", "2e", "private", "CDG 2E private"],
    [CDG, "2E", "shuttle", "CDG 2E shuttle"],
    [CDG, "2F", "private", "CDG private default"],
    [CDG, "", "private", "CDG private default"],
    [CDG, "", "shuttle", "CDG shuttle default"],
    [CDG, "2H", "private", "CDG private default"],
    [ORY, "4", "private", "ORY 4 private"],
    [ORY, "1", "private", "ORY private default"],
    [ORY, "", "shuttle", ""],
    [BVA, "1", "shuttle", "BVA 1 shuttle"],
    [BVA, "2", "shuttle", "BVA shuttle default"],
    [DISNEYLAND_PLACE, "", "private", "Private elsewhere"],
    ["Disneyland_Paris", "", "shuttle", "Shuttle elsewhere"],
    ["Paris", "2E", "private", "Private elsewhere"],
  ] as const)("%s, terminal %j, %s: %j", (place, terminal, service, text) => {
    expect(meetingPointFor(POINTS, place, terminal, service)).toBe(text);
  });

  it("is empty with no rows at all", () => {
    expect(meetingPointFor({ rows: [] }, CDG, "2E", "private")).toBe("");
  });
});

describe("airportMeetingPoints", () => {
  it("lists each terminal in order, then the default for a traveller who does not know it", () => {
    expect(airportMeetingPoints(POINTS, "ORY", "private", "en")).toEqual([
      { terminal: "1", text: "ORY private default", lang: "en" },
      { terminal: "2", text: "ORY private default", lang: "en" },
      { terminal: "3", text: "ORY private default", lang: "en" },
      { terminal: "4", text: "ORY 4 private", lang: "en" },
      { terminal: "", text: "ORY private default", lang: "en" },
    ]);
  });

  it("is empty for a service the airport does not offer", () => {
    expect(airportMeetingPoints(POINTS, "ORY", "shuttle", "en")).toEqual([]);
  });

  it("gives each terminal's text in the language asked for, and the English where that language's cell is empty", () => {
    const { points } = parseMeetingPoints(
      `${MEETING_POINTS_HEADER},meeting_point_fr,meeting_point_de\n${REQUIRED.join("\n")}\nORY,4,private,Exit 4,Sortie 4,Ausgang 4\nORY,2,private,Exit 2,,Ausgang 2`,
    );
    expect(airportMeetingPoints(points, "ORY", "private", "fr").filter((p) => p.terminal === "4" || p.terminal === "2")).toEqual([
      { terminal: "2", text: "Exit 2", lang: "en" },
      { terminal: "4", text: "Sortie 4", lang: "fr" },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

/** Any row a valid file may hold, with text that survives writing (no runs of white space). */
const rowArb: fc.Arbitrary<Omit<MeetingPointRow, "line">> = fc
  .record({
    airport: fc.constantFrom<AirportCode | "*">("CDG", "ORY", "BVA", "*"),
    pick: fc.nat(),
    service: fc.constantFrom<TransferKind>("shuttle", "private"),
    words: fc.array(fc.stringMatching(/^[A-Za-z0-9,"'.:;()é–-]{1,12}$/), { minLength: 1, maxLength: 12 }),
  })
  .map(({ airport, pick, service, words }) => {
    const terminals = airport === "*" ? [""] : ["", ...TERMINALS[airport]];
    const kinds = airport === "*" ? [service] : transferKindsFrom(airport);
    return {
      airport,
      terminal: terminals[pick % terminals.length]!,
      service: kinds.includes(service) ? service : kinds[0]!,
      text: words.join(" "),
      translations: {},
    };
  });

function quote(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function write(rows: readonly Omit<MeetingPointRow, "line">[], eol: string, bom: boolean): string {
  const lines = [MEETING_POINTS_HEADER, ...rows.map((r) => [r.airport, r.terminal, r.service, r.text].map(quote).join(","))];
  return `${bom ? "\uFEFF" : ""}${lines.join(eol)}${eol}`;
}

const REQUIRED_ROWS = parseMeetingPoints(file(...REQUIRED)).points.rows.map(({ line: _line, ...row }) => row);

describe("properties", () => {
  it("a written file of unique rows with every default reads back as written, whatever the line ends and BOM", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(rowArb, { selector: (r) => `${r.airport}|${r.terminal}|${r.service}`, maxLength: 30 }),
        fc.constantFrom("\n", "\r\n"),
        fc.boolean(),
        (extra, eol, bom) => {
          const keys = new Set(extra.map((r) => `${r.airport}|${r.terminal}|${r.service}`));
          const rows = [...REQUIRED_ROWS.filter((r) => !keys.has(`${r.airport}|${r.terminal}|${r.service}`)), ...extra];
          const { points, errors } = parseMeetingPoints(write(rows, eol, bom));
          expect(errors).toEqual([]);
          expect(points.rows.map(({ line: _line, ...row }) => row)).toEqual(rows);
          expect(points.rows.map((r) => r.line)).toEqual(rows.map((_r, i) => i + 2));
        },
      ),
    );
  });

  it("a valid file gives every airport terminal a meeting point for each service the airport offers, and every other place the * row", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(rowArb, { selector: (r) => `${r.airport}|${r.terminal}|${r.service}`, maxLength: 30 }),
        fc.constantFrom(...AIRPORTS),
        fc.constantFrom<TransferKind>("shuttle", "private"),
        fc.string(),
        (extra, airport, service, otherPlace) => {
          const keys = new Set(extra.map((r) => `${r.airport}|${r.terminal}|${r.service}`));
          const rows = [...REQUIRED_ROWS.filter((r) => !keys.has(`${r.airport}|${r.terminal}|${r.service}`)), ...extra];
          const { points } = parseMeetingPoints(write(rows, "\n", false));
          const offered = transferKindsFrom(airport.code).includes(service);
          for (const terminal of ["", ...TERMINALS[airport.code]]) {
            const text = meetingPointFor(points, airport.place.replace(/ /g, "_"), terminal, service);
            const own = rows.find((r) => r.airport === airport.code && r.terminal === terminal && r.service === service);
            const fallback = rows.find((r) => r.airport === airport.code && r.terminal === "" && r.service === service);
            expect(text).toBe(offered ? (own ?? fallback)!.text : "");
          }
          if (airportCodeOfPlace(otherPlace) === null) {
            expect(meetingPointFor(points, otherPlace, "2E", service)).toBe(
              rows.find((r) => r.airport === "*" && r.service === service)!.text,
            );
          }
        },
      ),
    );
  });

  it("never throws, and every error names a line or a missing row", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const { errors } = parseMeetingPoints(text);
        for (const e of errors) expect(e).toMatch(/^(line \d+: |missing row: |the file is empty)/);
      }),
    );
  });

  it("a file with any one row broken is refused, naming that row's line", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: REQUIRED.length - 1 }),
        fc.constantFrom(
          (l: string) => l.replace(/^[^,]*/, "XXX"),
          (l: string) => l.replace(/,[^,]*$/, ","),
          (l: string) => `${l},extra`,
        ),
        (at, spoil) => {
          const lines = [...REQUIRED];
          lines[at] = spoil(lines[at]!);
          const { errors } = parseMeetingPoints(file(...lines));
          expect(errors[0]).toMatch(new RegExp(`^line ${at + 2}: `));
        },
      ),
    );
  });
});
