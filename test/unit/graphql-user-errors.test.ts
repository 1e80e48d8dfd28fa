// How a mutation's input errors become userErrors: every path names list positions by their
// index, whether the service found the error or class-validator did on a nested input object.
import "reflect-metadata";
import { MaxLength, ValidateNested, validate } from "class-validator";
import { ArgumentValidationError } from "type-graphql";
import { AppError } from "../../src/errors.js";
import { asUserErrors } from "../../src/graphql/errors.js";

class Line {
  constructor(readonly note: string) {}
}
MaxLength(5)(Line.prototype, "note");

class Input {
  constructor(
    readonly reference: string,
    readonly lines: Line[],
  ) {}
}
MaxLength(5)(Input.prototype, "reference");
ValidateNested({ each: true })(Input.prototype, "lines");

/** The userErrors a mutation answers when its resolver throws `error`. */
function userErrorsFor(error: unknown) {
  return asUserErrors(error).userErrors.map(({ field, code }) => ({ field, code }));
}

describe("userErrors field paths", () => {
  it("name list positions by index for class-validator errors on nested input objects", async () => {
    const input = new Input("too long", [new Line("ok"), new Line("ok"), new Line("too long")]);
    const errors = await validate(input);

    expect(userErrorsFor(new ArgumentValidationError(errors))).toEqual([
      { field: ["reference"], code: "INVALID_PARAMETER" },
      { field: ["lines", "2", "note"], code: "INVALID_PARAMETER" },
    ]);
  });

  it("name list positions by index for the services' errors", async () => {
    const error = AppError.fromFields([
      { path: ["lines", 3, "newQty"], code: "INVALID_QUANTITY", message: "must not be negative" },
      { path: [], code: "SKU_NOT_FOUND", message: "SKU 9 does not exist" },
    ]);
    // The error policy lists the most fundamental first: the 404 before the 422.
    expect(userErrorsFor(error)).toEqual([
      { field: null, code: "SKU_NOT_FOUND" },
      { field: ["lines", "3", "newQty"], code: "INVALID_QUANTITY" },
    ]);
  });
});
