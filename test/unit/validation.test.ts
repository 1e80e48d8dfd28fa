import { validatorCompiler } from "../../src/http/validation.js";

const schema = {
  type: "object",
  properties: {
    lines: {
      type: "array",
      maxItems: 10,
      "x-error-codes": { maxItems: "TOO_MANY_LINES" },
      items: {
        type: "object",
        required: ["id"],
        additionalProperties: false,
        properties: { id: { type: "integer", minimum: 1 } },
      },
    },
  },
};
const validate = validatorCompiler({ schema, method: "POST", url: "/x", httpPart: "body" }) as ((
  data: unknown,
) => boolean) & {
  errors?:
    { keyword: string; instancePath: string; params: object; parentSchema?: object }[] | null;
};

describe("body validation of a bounded list", () => {
  it("answers a list longer than its maxItems with that one error, without checking any item", () => {
    const lines = Array.from({ length: 20_000 }, () => ({ id: -1, extra: true }));
    expect(validate({ lines })).toBe(false);
    expect(validate.errors).toHaveLength(1);
    expect(validate.errors?.[0]).toEqual(
      expect.objectContaining({
        keyword: "maxItems",
        instancePath: "/lines",
        params: expect.objectContaining({ limit: 10 }),
        parentSchema: expect.objectContaining({ "x-error-codes": { maxItems: "TOO_MANY_LINES" } }),
      }),
    );
  });

  it("still checks every item of a list within bounds, reporting each", () => {
    const lines = Array.from({ length: 10 }, () => ({ id: -1 }));
    expect(validate({ lines })).toBe(false);
    expect(validate.errors?.filter((e) => e.keyword === "minimum")).toHaveLength(10);
  });

  it("accepts a valid list of exactly maxItems", () => {
    expect(validate({ lines: Array.from({ length: 10 }, (_, i) => ({ id: i + 1 })) })).toBe(true);
  });
});
