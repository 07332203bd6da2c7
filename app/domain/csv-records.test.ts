import { describe, expect, it } from "vitest";
import { readCsvRecords } from "./csv-records";

describe("readCsvRecords", () => {
  it.each([
    [
      ";",
      'a;b\r\n1;"x;y"\n',
      [
        ["a", "b"],
        ["1", "x;y"],
      ],
    ],
    [
      ",",
      '\uFEFFa,b\n"say ""hi""",2\n',
      [
        ["a", "b"],
        ['say "hi"', "2"],
      ],
    ],
    [",", "a,b;c\n", [["a", "b;c"]]],
    [";", "a,b;c\n", [["a,b", "c"]]],
  ])("reads records separated by %j", (delimiter, text, fields) => {
    expect(readCsvRecords(text, delimiter).records.map((r) => r.fields)).toEqual(fields);
  });

  it("reports a quote that never closes on its own line and reads on", () => {
    const { records, problems } = readCsvRecords('a,b\n"never,closed\nc,d\n', ",");
    expect(problems).toEqual([{ line: 2, code: "unclosedQuote", values: {}, message: "a quoted field is never closed" }]);
    expect(records).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 3, fields: ["c", "d"] },
    ]);
  });
});
