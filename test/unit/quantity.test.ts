import {
  Decimal,
  decimalOfText,
  exactNumberText,
  parseQuantity,
  quantityToNumber,
} from "../../src/quantity.js";

const accepted = (value: unknown) => {
  const result = parseQuantity(value, ["onHand"]);
  if (!result.ok) throw new Error(`rejected ${String(value)}: ${result.error.message}`);
  return result.value.toFixed();
};

describe("parseQuantity", () => {
  it.each([
    [0, "0"],
    [0.001, "0.001"],
    [12.5, "12.5"],
    [99999999999.999, "99999999999.999"],
    ["12.5", "12.5"],
    ["0.300", "0.3"],
    // -0 denotes zero, as a number, a number's text or a GraphQL literal's Decimal.
    [-0, "0"],
    ["-0", "0"],
    ["-0.000", "0"],
    [new Decimal("-0"), "0"],
    // An exponent form is the number it denotes.
    ["1e2", "100"],
    ["1E-1", "0.1"],
    ["2.5E+1", "25"],
    ["007", "7"],
  ])("accepts %p as exactly %s", (value, exact) => {
    expect(accepted(value)).toBe(exact);
  });

  it.each([
    [-1, /negative/],
    [-0.001, /negative/],
    [1.0001, /3 decimal places/],
    [0.1 + 0.2, /3 decimal places/],
    [1e11, /less than 100000000000/],
    ["100000000000", /less than 100000000000/],
    [NaN, /finite/],
    [Infinity, /finite/],
    [-Infinity, /finite/],
    ["abc", /number/],
    ["1e-4", /3 decimal places/],
    ["0.100000000000000000000000000001", /3 decimal places/],
    // An exponent past every bound is judged, not underflowed to 0 or lost to Infinity.
    ["1e-99999999999999999999", /3 decimal places/],
    ["1e99999999999999999999", /less than 100000000000/],
    ["-1", /negative/],
    ["-1e-400", /negative/],
    ["+1", /number/],
    [".5", /number/],
    ["1e", /number/],
    [" 12.5", /number/],
    ["", /number/],
    [null, /number/],
    [undefined, /number/],
    [true, /number/],
    [[1], /number/],
  ])("rejects %p with INVALID_QUANTITY at the given path", (value, message) => {
    const result = parseQuantity(value, ["lines", 3, "newQty"]);

    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ code: "INVALID_QUANTITY", path: ["lines", 3, "newQty"] });
    expect(result.error.message).toMatch(message);
  });
});

describe("quantityToNumber", () => {
  it("turns the largest quantity into the exact JSON number", () => {
    const result = parseQuantity("99999999999.999", ["q"]);
    if (!result.ok) throw new Error("rejected");

    expect(JSON.stringify({ q: quantityToNumber(result.value) })).toBe('{"q":99999999999.999}');
  });
});

describe("decimalOfText", () => {
  it.each([
    ["0.100000000000000000000000000001", "0.100000000000000000000000000001"],
    ["-1.5e-3", "-0.0015"],
    ["12E+2", "1200"],
  ])("reads %s as exactly %s, every digit kept", (text, exact) => {
    expect(decimalOfText(text)?.toFixed()).toBe(exact);
  });

  it.each(["", "abc", "1,5", "0x10", "1e+", "Infinity", "NaN", " 1"])("%p is no number", (text) => {
    expect(decimalOfText(text)).toBeNull();
  });
});

describe("exactNumberText", () => {
  it.each(["5", "0.1", "99999999999.999", "-0", "1e2", "1E-1", "1e-7", "123456789012345678901"])(
    "leaves %s, which a double holds or whose verdict it keeps, as it is",
    (text) => {
      expect(exactNumberText(text)).toBeNull();
    },
  );

  it.each([
    ["0.100000000000000000000000000001", "0.1005"],
    ["5.0000000000000000001", "5.0005"],
    ["99999999999.99999999999999", "99999999999.9995"],
    ["-1e-400", "-0.0005"],
    ["1e-400", "0.0005"],
  ])(
    "writes %s, which a double rounds to a valid quantity, as %s: between the same two quantities",
    (text, exact) => {
      expect(exactNumberText(text)).toBe(exact);
      // What the double says about it is what the text says.
      const asText = parseQuantity(text, []);
      const asDouble = parseQuantity(JSON.parse(exact), []);
      expect(asDouble).toEqual(asText);
      expect(asText.ok).toBe(false);
    },
  );
});
