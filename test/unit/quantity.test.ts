import { parseQuantity, quantityToNumber } from "../../src/quantity.js";

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
    ["1e3", /number/],
    ["-1", /number/],
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
