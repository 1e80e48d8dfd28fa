import { csvLine, csvRows, readCsv } from "../../src/csv.js";
import { AppError } from "../../src/errors.js";

const columns = { required: ["code"], optional: [], usage: "code", what: "rows", max: 2 };

describe("reading a CSV body", () => {
  it("stops counting at the row past the limit", () => {
    const text = "code\n" + "A\n".repeat(1_000);
    expect(csvRows(text)).toBe(1_000);
    expect(csvRows(text, 2)).toBe(3);
    expect(csvRows("code\nA\r\nB\r\n", 2)).toBe(2);
  });

  it("refuses the row past the limit with TOO_MANY_LINES, naming that row", () => {
    expect(readCsv("code\nA\nB\n", columns).rows).toHaveLength(2);
    // Blank lines are no rows: C is the third data row, row 4 of the file.
    const over = () => readCsv("code\nA\n\nB\nC\nD\n", columns);
    expect(over).toThrow(AppError);
    try {
      over();
    } catch (error) {
      expect(error).toMatchObject({
        code: "TOO_MANY_LINES",
        fieldErrors: [{ path: ["rows", 4], code: "TOO_MANY_LINES" }],
      });
    }
  });
});

describe("writing a CSV line", () => {
  it("neutralises text a spreadsheet would run as a formula, leaving numbers alone", () => {
    expect(csvLine(["=1+1", "+1", "-2", "@SUM(A1)", "\tx", "\rx", 'say "hi"', "a,b", "ok"])).toBe(
      `"'=1+1","'+1","'-2","'@SUM(A1)","'\tx","'\rx","say ""hi""","a,b",ok\r\n`,
    );
    expect(csvLine([-3, 4.5, null, undefined, "sku"])).toBe("-3,4.5,,,sku\r\n");
  });
});
