// GraphQL lists held to their maxima before coercion, and the price of an operation. Every list
// argument and input field has one declared maximum, which its description states; the pre-check
// reads raw variables and inline arguments, stops at the first list over its maximum and never
// reads an entry past a list's maximum.
import { getOperationAST, parse, type GraphQLSchema } from "graphql";
import { oversizeListRefusal } from "../../src/graphql/bounds.js";
import { LIST_BOUNDS, listsOf } from "../../src/graphql/list-bounds.js";
import { costEstimator, PAGE_COST } from "../../src/graphql/limits.js";
import { COST_PER_UNIT, costOfEstimate, operationPrice } from "../../src/graphql/rate-limit.js";
import { buildGraphqlSchema } from "../../src/graphql/schema.js";
import { costOfLines } from "../../src/rate-limit/bucket.js";
import { MAX_WEBHOOK_EVENT_TYPES } from "../../src/limits.js";

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await buildGraphqlSchema();
});

/** What the pre-check answers for `query` with `variables`: the refusal's code and message. */
function refusal(query: string, variables: Record<string, unknown> = {}) {
  const document = parse(query);
  const error = oversizeListRefusal(schema, document, getOperationAST(document)!, variables);
  if (!error) return null;
  const original = error.originalError as { code?: string } | undefined;
  return { code: original?.code, status: error.extensions.http, message: error.message };
}

/** A list of `length` entries that throws when an entry at or past `readable` is read. */
function guarded<T>(length: number, readable: number, item: T): T[] {
  const list = Array.from({ length }, () => item);
  return new Proxy(list, {
    get(target, key, receiver) {
      if (typeof key === "string" && /^\d+$/.test(key) && Number(key) >= readable) {
        throw new Error(`entry ${key} read`);
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

const BULK = `mutation Bulk($input: BulkAdjustStockInput!) {
  bulkAdjustStock(input: $input) { userErrors { code } } }`;
const IMPORT = `mutation Import($rows: [SkuImportRowInput!]!) {
  importSkus(input: { rows: $rows }) { userErrors { code } } }`;
const line = { type: "SKU", id: 1, newQty: 1 };

describe("the declared maxima", () => {
  it("bound every list argument and input field, and each description states its maximum", () => {
    const lists = listsOf(schema);
    const unbounded = [...lists.keys()].filter((c) => !(c in LIST_BOUNDS));
    expect(unbounded).toEqual([]);
    expect(Object.keys(LIST_BOUNDS).filter((c) => !lists.has(c))).toEqual([]);
    for (const [coordinate, value] of lists) {
      const { max } = LIST_BOUNDS[coordinate as keyof typeof LIST_BOUNDS];
      const said = [max.toLocaleString("en-US"), String(max)].map((n) => `at most ${n}`);
      expect([coordinate, said.some((s) => value.description!.toLowerCase().includes(s))]).toEqual([
        coordinate,
        true,
      ]);
    }
  });
});

describe("oversizeListRefusal", () => {
  it("refuses a variable's list one past its maximum with the list's code, maximum and length", () => {
    const lines = Array.from({ length: 10_001 }, () => line);
    expect(refusal(BULK, { input: { reason: "FOUND", lines } })).toEqual({
      code: "TOO_MANY_LINES",
      status: { status: 422 },
      message: "bulkAdjustStock: input.lines may hold at most 10000 entries; got 10001",
    });
    expect(refusal(BULK, { input: { reason: "FOUND", lines: lines.slice(1) } })).toBeNull();
  });

  it("refuses an oversize list without reading any of its entries", () => {
    const lines = guarded(120_000, 0, line);
    expect(refusal(BULK, { input: { reason: "FOUND", lines } })?.code).toBe("TOO_MANY_LINES");
  });

  it("reads no entry past a list's maximum looking for lists inside it", () => {
    // 10,000 rows, each read for its barcodes; the row past the maximum is never read.
    const row = { code: "A", name: "A", barcodes: ["1"] };
    const rows = guarded(10_000, 10_000, row);
    expect(refusal(IMPORT, { rows })).toBeNull();
  });

  it("stops at the first list over its maximum, inside a list's entries", () => {
    const rows = [
      { code: "A", name: "A", barcodes: ["1"] },
      { code: "B", name: "B", barcodes: guarded(300_000, 0, "4006381333931") },
      { code: "C", name: "C", barcodes: guarded(300_000, 0, "4006381333931") },
    ];
    expect(refusal(IMPORT, { rows })).toEqual({
      code: "INVALID_BARCODE",
      status: { status: 422 },
      message: "importSkus: input.rows.1.barcodes may hold at most 50 entries; got 300000",
    });
  });

  it("reads the type's fields of an object, not the keys it was sent with", () => {
    const sent = { reason: "FOUND", lines: [line] };
    const input = new Proxy(sent, {
      ownKeys() {
        throw new Error("the object's keys were listed");
      },
    });
    expect(refusal(BULK, { input })).toBeNull();
  });

  it("refuses lists written inline, and lists in a variable's default", () => {
    const ids = Array.from({ length: 100_001 }, (_, i) => i + 1).join(",");
    const inline = `mutation { startStockTake(input: { scope: { skuIds: [${ids}] } }) { userErrors { code } } }`;
    expect(refusal(inline)).toMatchObject({
      code: "TOO_MANY_LINES",
      message: "startStockTake: input.scope.skuIds may hold at most 100000 entries; got 100001",
    });
    const types = Array.from({ length: MAX_WEBHOOK_EVENT_TYPES + 1 }, () => '"sku.created"').join(
      ",",
    );
    const byDefault = `query Feed($types: [String!] = [${types}]) { events(types: $types) { edges { cursor } } }`;
    expect(refusal(byDefault)).toMatchObject({
      code: "INVALID_PARAMETER",
      status: { status: 400 },
      message: `events: types may hold at most ${MAX_WEBHOOK_EVENT_TYPES} entries; got ${MAX_WEBHOOK_EVENT_TYPES + 1}`,
    });
  });

  it("checks arguments inside fragments", () => {
    const query = `query Q($types: [String!]) { ...Feed } fragment Feed on Query { events(types: $types) { edges { cursor } } }`;
    const types = Array.from({ length: 1_000_000 }, () => "x");
    expect(refusal(query, { types })?.code).toBe("INVALID_PARAMETER");
  });
});

describe("the price of an operation", () => {
  /** The estimate of `query`, as the admission computes it. */
  const estimate = (query: string) => {
    const document = parse(query);
    return costEstimator(schema)({
      request: { variables: {} },
      document,
      operation: getOperationAST(document)!,
    })!;
  };

  it("charges a 1000-item page twice what REST charges for its 1000 rows (it costs the server about twice as much)", () => {
    // The SKU fields REST answers for each row.
    const page = estimate(
      "{ skus(first: 1000) { edges { node { id code name active onHand barcodes createdAt updatedAt } } } }",
    );
    expect(page).toBe(PAGE_COST + 10_000);
    expect(costOfEstimate(page)).toBe(21);
    expect(costOfLines(1000)).toBe(10);
  });

  it("charges small operations 1 unit and the costliest allowed 100", () => {
    expect(costOfEstimate(estimate("{ sku(id: 1) { id code onHand } }"))).toBe(1);
    expect(costOfEstimate(0)).toBe(1);
    expect(costOfEstimate(COST_PER_UNIT)).toBe(1);
    expect(costOfEstimate(COST_PER_UNIT + 1)).toBe(2);
    expect(costOfEstimate(50_000)).toBe(100);
  });

  it("charges a mutation the larger of its estimate and its lines", () => {
    expect(operationPrice(5, costOfLines(10_000))).toBe(100);
    expect(operationPrice(20_500, costOfLines(10))).toBe(41);
    // Variables execution refuses before anything runs: the request's unit.
    expect(operationPrice(null, 1)).toBe(1);
  });
});
