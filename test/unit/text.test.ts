import type { FieldError } from "../../src/errors.js";
import { checkLine, checkName } from "../../src/text.js";

const lineProblems = (value: string) => {
  const errors: FieldError[] = [];
  checkLine(value, ["name"], 100, errors);
  return errors;
};

describe("checkLine", () => {
  it.each([
    ["a zero-width space alone", "\u200B", /visible/],
    ["a word joiner alone", "\u2060", /visible/],
    ["a byte order mark alone", "\uFEFF", /visible/],
    ["invisible characters and spaces", " \u200B\u00A0\u200D\u3164 ", /visible/],
    ["a braille blank", "\u2800", /visible/],
    ["a right-to-left override", "Bob\u202Eevil", /bidirectional/],
    ["a left-to-right mark", "Bob\u200E", /bidirectional/],
    ["a right-to-left isolate", "\u2067Bob\u2069", /bidirectional/],
    ["an Arabic letter mark", "\u061CBob", /bidirectional/],
    ["a tab", "Bob\tB", /control/],
  ])("refuses %s as INVALID_PARAMETER", (_what, value, message) => {
    expect(lineProblems(value)).toEqual([
      { path: ["name"], code: "INVALID_PARAMETER", message: expect.stringMatching(message) },
    ]);
  });

  it.each([
    ["a name in Latin letters", "Scanner 3"],
    ["a right-to-left script without controls", "علي"],
    ["a joined emoji", "Crate 👩‍🔧"],
    ["a zero-width space between words", "Aisle\u200B3"],
    ["the empty text (its caller decides whether blank is allowed)", ""],
  ])("accepts %s", (_what, value) => {
    expect(lineProblems(value)).toEqual([]);
  });
});

describe("checkName", () => {
  it("trims the name, and refuses a blank one", () => {
    const errors: FieldError[] = [];

    expect(checkName("  Scanner 3 ", ["name"], 100, errors)).toBe("Scanner 3");
    expect(checkName(" \t ", ["name"], 100, errors)).toBeUndefined();
    expect(errors).toEqual([
      { path: ["name"], code: "INVALID_PARAMETER", message: "is required and must not be blank" },
    ]);
  });

  it("refuses what checkLine refuses", () => {
    const errors: FieldError[] = [];

    expect(checkName(" \u200B ", ["name"], 100, errors)).toBeUndefined();
    expect(errors).toEqual([
      { path: ["name"], code: "INVALID_PARAMETER", message: "must contain a visible character" },
    ]);
  });
});
