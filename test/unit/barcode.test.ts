// Reading barcodes: GTINs need their GS1 check digit and are one barcode however many leading
// zeros a scanner reports; anything else is an in-house label, found regardless of case.
import type { FieldError } from "../../src/errors.js";
import { gs1CheckDigit, parseBarcode, parseBarcodes } from "../../src/modules/catalog/barcode.js";

function parsed(raw: string) {
  const errors: FieldError[] = [];
  const barcode = parseBarcode(raw, ["barcodes", 0], errors);
  return { barcode, errors };
}

describe("GTINs", () => {
  it.each([
    ["GTIN-8", "96385074"],
    ["UPC-A (GTIN-12)", "036000291452"],
    ["EAN-13 (GTIN-13)", "4006381333931"],
    ["GTIN-14", "10614141000415"],
  ])("accepts a %s with a valid check digit, keyed as 14 digits", (_label, code) => {
    const { barcode, errors } = parsed(code);
    expect(errors).toEqual([]);
    expect(barcode).toEqual({ code, key: code.padStart(14, "0") });
  });

  it("computes the GS1 check digit (weights 3 and 1 from the right)", () => {
    expect(gs1CheckDigit("400638133393")).toBe(1);
    expect(gs1CheckDigit("03600029145")).toBe(2);
    expect(gs1CheckDigit("9638507")).toBe(4);
  });

  it("refuses a wrong check digit with INVALID_BARCODE, naming the digit it should be", () => {
    const { barcode, errors } = parsed("4006381333932");
    expect(barcode).toBeNull();
    expect(errors).toEqual([
      {
        path: ["barcodes", 0],
        code: "INVALID_BARCODE",
        message: '"4006381333932" is a GTIN-13 whose check digit should be 1, not 2',
      },
    ]);
  });

  it("keys a UPC-A, its EAN-13 and its GTIN-14 spellings alike, and keeps each as spelled", () => {
    const spellings = ["036000291452", "0036000291452", "00036000291452"];
    const keys = spellings.map((s) => parsed(s).barcode?.key);
    expect(new Set(keys).size).toBe(1);
    expect(spellings.map((s) => parsed(s).barcode?.code)).toEqual(spellings);
  });
});

describe("in-house labels", () => {
  it("takes other text as a label, trimmed, keyed in lower case", () => {
    expect(parsed("  Shelf-A7 ").barcode).toEqual({ code: "Shelf-A7", key: "shelf-a7" });
    // Digits of a length no GTIN has are a label too.
    expect(parsed("12345").barcode).toEqual({ code: "12345", key: "12345" });
    expect(parsed("Регал 7 📦").barcode).toEqual({ code: "Регал 7 📦", key: "регал 7 📦" });
  });

  it.each([
    ["blank", "   ", /blank/],
    ["over 64 characters", "X".repeat(65), /at most 64/],
    ["with a NUL", "A\u0000B", /NUL/],
    ["with a lone surrogate", "A\ud800", /surrogate/],
  ])("refuses a label %s with INVALID_BARCODE", (_label, raw, message) => {
    const { barcode, errors } = parsed(raw);
    expect(barcode).toBeNull();
    expect(errors).toEqual([
      { path: ["barcodes", 0], code: "INVALID_BARCODE", message: expect.stringMatching(message) },
    ]);
  });
});

describe("an entity's set of barcodes", () => {
  it("lists every bad barcode by position, and one barcode given twice (in two spellings)", () => {
    const errors: FieldError[] = [];
    const barcodes = parseBarcodes(
      ["036000291452", "4006381333932", "0036000291452", "ok"],
      ["barcodes"],
      errors,
    );
    expect(barcodes.map((b) => b.code)).toEqual(["036000291452", "ok"]);
    expect(errors.map((e) => [e.path, e.code])).toEqual([
      [["barcodes", 1], "INVALID_BARCODE"],
      [["barcodes", 2], "INVALID_BARCODE"],
    ]);
    expect(errors[1]?.message).toMatch(/same barcode as item 0/);
  });

  it("refuses more than 50 at once without reading them", () => {
    const errors: FieldError[] = [];
    const many = Array.from({ length: 51 }, (_, i) => `L-${i}`);
    expect(parseBarcodes(many, ["barcodes"], errors)).toEqual([]);
    expect(errors).toEqual([
      { path: ["barcodes"], code: "INVALID_BARCODE", message: "at most 50 barcodes; got 51" },
    ]);
  });
});
