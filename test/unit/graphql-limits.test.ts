// The GraphQL limits on their own. The depth rule, as GraphQL runs it: each fragment's depth is
// worked out once, so fragments spread twice on every level cost no more than written out once.
// The cost plugin: an operation it cannot price does not run.
import {
  getOperationAST,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
} from "graphql";
import { AppError } from "../../src/errors.js";
import {
  BATCHED_PAGE_COST,
  costEstimator,
  depthLimit,
  PAGE_COST,
} from "../../src/graphql/limits.js";
import { buildGraphqlSchema } from "../../src/graphql/schema.js";

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await buildGraphqlSchema();
});

/**
 * Makes reading any fragment's selections more than `max` times throw: work that grows with the
 * number of paths through the fragments fails at once instead of running for minutes.
 */
function guardFragmentWalks(document: DocumentNode, max: number): DocumentNode {
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.FRAGMENT_DEFINITION) continue;
    const selections = definition.selectionSet;
    let reads = 0;
    Object.defineProperty(definition, "selectionSet", {
      get() {
        if (++reads > max) throw new Error(`fragment ${definition.name.value} walked again`);
        return selections;
      },
    });
  }
  return document;
}

/** The code and message of each error the depth rule reports for `document`. */
const depthErrors = (document: string) =>
  validate(schema, guardFragmentWalks(parse(document), 3), [depthLimit(10)]).map(
    (e: GraphQLError) => ({
      code: e.originalError instanceof AppError ? e.originalError.code : undefined,
      message: e.message,
    }),
  );

/** SKU → its movements → each movement's SKU: four selection levels per step. */
const step = (inner: string) => `movements { edges { node { sku { ${inner} } } } }`;

describe("depthLimit", () => {
  it("refuses fragments spread twice on each of 24 levels without walking every path", () => {
    const levels = 24;
    const fragments = Array.from(
      { length: levels },
      (_, i) => `fragment F${i} on Sku { ${step(`...F${i + 1} ...F${i + 1}`)} }`,
    ).join("\n");
    const document = `{ sku(id: 1) { ...F0 } }\n${fragments}\nfragment F${levels} on Sku { id }`;

    // 1 (sku) + 4 per level + 1 (id); walking every path would read F24 2^24 times.
    expect(depthErrors(document)).toEqual([
      { code: "QUERY_TOO_DEEP", message: "operation is nested 98 levels deep; the limit is 10" },
    ]);
  });

  it("counts a fragment at its depth wherever it is spread: 10 levels pass, 11 do not", () => {
    const fragments = `
      fragment One on Sku { id }
      fragment Three on Sku { movements { pageInfo { hasNextPage } } }`;
    // sku + 4 + 4 + id, with One spread at depth 1 and at depth 9.
    const ten = `{ sku(id: 1) { ...One ${step(step("...One"))} } } ${fragments}`;
    // stockMovements, edges, node, sku + 4 + Three's 3, with Three spread at depth 4 and at 8.
    const eleven = `{ stockMovements(filter: { skuId: 1 }) { edges { node {
      sku { ...Three ${step("...Three")} } } } } } ${fragments}`;

    expect(depthErrors(ten)).toEqual([]);
    expect(depthErrors(eleven)).toEqual([
      { code: "QUERY_TOO_DEEP", message: "operation is nested 11 levels deep; the limit is 10" },
    ]);
  });

  it("ends on fragments that spread each other (GraphQL refuses the cycle itself)", () => {
    const document = `{ sku(id: 1) { ...A } }
      fragment A on Sku { ${step("...B")} }
      fragment B on Sku { ...A id }`;
    expect(depthErrors(document)).toEqual([]);
  });
});

describe("costEstimator", () => {
  /** What the estimator answers once Apollo has resolved the operation of `query`. */
  async function priced(query: string, variables: Record<string, unknown> = {}) {
    const document = parse(query);
    const operation = getOperationAST(document)!;
    return costEstimator(schema)({ request: { variables }, document, operation });
  }

  it("refuses an operation the estimate gives up on (past 10,000 nodes) instead of running it", async () => {
    const aliases = Array.from({ length: 10_001 }, (_, i) => `a${i}: __typename`).join(" ");
    await expect(
      priced(`{ ${aliases} skus(first: 1) { edges { cursor } } }`),
    ).rejects.toMatchObject({
      originalError: { code: "QUERY_TOO_COMPLEX" },
      message: expect.stringMatching(/could not be estimated/),
    });
  });

  it("leaves variables that do not fit the operation to execution, which refuses them", async () => {
    const query = "query Pages($n: Int) { skus(first: $n) { edges { cursor } } }";
    await expect(priced(query, { n: "many" })).resolves.toBeNull();
  });

  it("prices a stock take's summary and progress by area or by counter as queries of their own (PAGE_COST): 200 aliases are refused", async () => {
    const summaries = (n: number) =>
      `{ stockTake(id: 1) { ${Array.from({ length: n }, (_, i) => `s${i}: summary { counted }`).join(" ")} } }`;
    // stockTake 1, each summary PAGE_COST + counted 1: each reads every line of the stock take.
    await expect(priced(summaries(1))).resolves.toBe(1 + PAGE_COST + 1);
    await expect(priced(summaries(199))).resolves.toBe(1 + 199 * (PAGE_COST + 1));
    await expect(priced(summaries(200))).rejects.toMatchObject({
      originalError: { code: "QUERY_TOO_COMPLEX" },
    });
    await expect(
      priced("{ stockTake(id: 1) { progressByLocation(depth: 1) { prefix lines } } }"),
    ).resolves.toBe(1 + PAGE_COST + 2);
    const byCounter = (n: number) =>
      `{ stockTake(id: 1) { ${Array.from({ length: n }, (_, i) => `c${i}: progressByCounter { lines }`).join(" ")} } }`;
    await expect(priced(byCounter(1))).resolves.toBe(1 + PAGE_COST + 1);
    await expect(priced(byCounter(200))).rejects.toMatchObject({
      originalError: { code: "QUERY_TOO_COMPLEX" },
    });
  });

  it("passes a small operation", async () => {
    // skus, a page: PAGE_COST + 10 × (edges 1 + cursor 1)
    await expect(priced("{ skus(first: 10) { edges { cursor } } }")).resolves.toBe(PAGE_COST + 20);
  });
});

describe("costEstimator on a document asked again (an estimate that passed is kept)", () => {
  /** One estimator and one parsed document, as Apollo hands the same document to every request. */
  function pricer(query: string) {
    const estimate = costEstimator(schema);
    const document = parse(query);
    const operation = getOperationAST(document)!;
    return async (variables: Record<string, unknown>) =>
      estimate({ request: { variables }, document, operation });
  }
  const tooComplex = { originalError: { code: "QUERY_TOO_COMPLEX" } };

  it("prices page sizes from variables anew: 10 × 10 passes, then 1000 × 1000 is refused", async () => {
    const price = pricer(`query Pages($skus: Int, $movements: Int) {
      skus(first: $skus) { edges { node { movements(first: $movements) { edges { cursor } } } } }
    }`);
    // Each SKU's first page of movements is read with its siblings': BATCHED_PAGE_COST per SKU.
    const small = PAGE_COST + 10 * (1 + 1 + BATCHED_PAGE_COST + 10 * (1 + 1));
    await expect(price({ skus: 10, movements: 10 })).resolves.toBe(small);
    await expect(price({ skus: 10, movements: 10 })).resolves.toBe(small);
    await expect(price({ skus: 1000, movements: 1000 })).rejects.toMatchObject(tooComplex);
  });

  it("prices a nested page after a cursor as a query per parent (PAGE_COST), a first page less", async () => {
    const price = pricer(`query Pages($after: String) {
      skus(first: 10) { edges { node { movements(first: 10, after: $after) { edges { cursor } } } } }
    }`);
    const perSku = (page: number) => PAGE_COST + 10 * (1 + 1 + page + 10 * (1 + 1));
    await expect(price({})).resolves.toBe(perSku(BATCHED_PAGE_COST));
    await expect(price({ after: "abc" })).resolves.toBe(perSku(PAGE_COST));
  });

  it("prices @include conditions anew: the nested page left out passes, then included is refused", async () => {
    const price = pricer(`query Deep($deep: Boolean!) {
      skus(first: 1000) { edges { node { movements(first: 1000) @include(if: $deep) { edges { cursor } } } } }
    }`);
    // skus PAGE_COST + 1000 × (edges 1 + node 1, its only field left out)
    await expect(price({ deep: false })).resolves.toBe(PAGE_COST + 1000 * 2);
    await expect(price({ deep: true })).rejects.toMatchObject(tooComplex);
  });

  it("still refuses a null where the operation needs a value after the same operation passed", async () => {
    const price = pricer("query One($id: Int = 1) { sku(id: $id) { id } }");
    await expect(price({})).resolves.toBe(2);
    await expect(price({ id: null })).rejects.toMatchObject({
      originalError: { code: "INVALID_PARAMETER" },
    });
  });
});
