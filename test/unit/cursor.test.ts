import { decodeCursor, encodeCursor, pageSize } from "../../src/cursor.js";
import { AppError } from "../../src/errors.js";

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

function decodeError(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected the cursor to be refused");
}

describe("cursors", () => {
  it("decode what they encoded", () => {
    const cursor = encodeCursor("movement", ["2026-01-31T23:59:59.999Z", 9_007_199_254_740_991]);

    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor("movement", cursor, ["string", "number"])).toEqual([
      "2026-01-31T23:59:59.999Z",
      9_007_199_254_740_991,
    ]);
  });

  it.each([
    ["garbage", "!!!not a cursor!!!"],
    ["empty", ""],
    ["base64 of something that is not JSON", Buffer.from("{not json").toString("base64url")],
    ["too long", "A".repeat(513)],
    ["a cursor of another kind", b64(["sku", "2026-01-01T00:00:00.000Z", 1])],
    ["not an array", b64({ kind: "movement" })],
    ["too few values", b64(["movement", "2026-01-01T00:00:00.000Z"])],
    ["too many values", b64(["movement", "2026-01-01T00:00:00.000Z", 1, 2])],
    ["values of the wrong type", b64(["movement", 1, "2026-01-01T00:00:00.000Z"])],
    ["a negative number", b64(["movement", "2026-01-01T00:00:00.000Z", -1])],
    ["a fractional number", b64(["movement", "2026-01-01T00:00:00.000Z", 1.5])],
    ["an unsafe integer", b64(["movement", "2026-01-01T00:00:00.000Z", 2 ** 53])],
  ])("refuse %s with INVALID_CURSOR", (_label, cursor) => {
    const error = decodeError(() => decodeCursor("movement", cursor, ["string", "number"]));

    expect(error.code).toBe("INVALID_CURSOR");
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual([
      expect.objectContaining({ path: ["cursor"], code: "INVALID_CURSOR" }),
    ]);
  });
});

describe("page size", () => {
  it("defaults to 100 and allows 1 to 1000", () => {
    expect(pageSize(undefined)).toBe(100);
    expect(pageSize(1)).toBe(1);
    expect(pageSize(1000)).toBe(1000);
  });

  it.each([0, 1001, 2.5, -1, NaN])("refuses %p as INVALID_PARAMETER on limit", (limit) => {
    const error = decodeError(() => pageSize(limit));

    expect(error.code).toBe("INVALID_PARAMETER");
    expect(error.fieldErrors[0]?.path).toEqual(["limit"]);
  });
});
