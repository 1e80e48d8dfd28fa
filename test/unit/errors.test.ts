import { AppError, listedErrors, MAX_LISTED_ERRORS, type FieldError } from "../../src/errors.js";

const e = (code: FieldError["code"], path: FieldError["path"]): FieldError => ({
  code,
  path,
  message: `${code} at ${path.join(".")}`,
});

describe("the one error policy (AppError.fromFields)", () => {
  it("leads with the most fundamental problem: 400 before 404 before 409 before 422", () => {
    const error = AppError.fromFields([
      e("INVALID_QUANTITY", ["lines", 0, "newQty"]),
      e("ON_HAND_CHANGED", ["lines", 1, "expectedQty"]),
      e("SKU_NOT_FOUND", ["lines", 2, "id"]),
      e("INVALID_PARAMETER", ["lines", 3, "type"]),
    ]);
    expect(error.code).toBe("INVALID_PARAMETER");
    expect(error.fieldErrors.map((f) => f.code)).toEqual([
      "INVALID_PARAMETER",
      "SKU_NOT_FOUND",
      "ON_HAND_CHANGED",
      "INVALID_QUANTITY",
    ]);
    expect(error.message).toBe("INVALID_PARAMETER at lines.3.type (and 3 more)");
  });

  it("lists problems of one status in the order of the request: the request, its fields, then lines", () => {
    const error = AppError.fromFields([
      e("INVALID_QUANTITY", ["lines", 7, "newQty"]),
      e("DUPLICATE_LINE", ["lines", 2, "id"]),
      e("INVALID_REASON", ["reason"]),
      e("IDEMPOTENCY_KEY_REUSED", []),
    ]);
    expect(error.fieldErrors.map((f) => f.path)).toEqual([
      [],
      ["reason"],
      ["lines", 2, "id"],
      ["lines", 7, "newQty"],
    ]);
  });
});

describe("listedErrors", () => {
  it("lists at most 100 problems and says how many more there were", () => {
    const many = Array.from({ length: 10_000 }, (_, i) => e("INVALID_QUANTITY", ["lines", i]));
    const listed = listedErrors(many);
    expect(listed).toHaveLength(MAX_LISTED_ERRORS + 1);
    expect(listed.at(-1)).toEqual({
      path: [],
      code: "INVALID_QUANTITY",
      message: "9900 more problems not listed",
    });
  });

  it("lists 100 problems or fewer as they are", () => {
    const some = Array.from({ length: 100 }, (_, i) => e("INVALID_QUANTITY", ["lines", i]));
    expect(listedErrors(some)).toEqual(some);
  });
});
