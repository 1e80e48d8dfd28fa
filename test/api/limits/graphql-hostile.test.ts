// GraphQL documents built to hurt: exponential fragments, thousands of aliases, deep nesting,
// oversized documents and variables. Each is refused with a stable code before anything runs,
// and the server answers the next request at once.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { postGraphql } from "../../helpers/app.js";
import { createSku, selectsFrom, startLoggedApp, type LoggedApp } from "../../helpers/movements.js";
import { ledgerState } from "../../helpers/stock.js";

let t: LoggedApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startLoggedApp();
  acct = await newAccount(t.db);
  await createSku(t, acct.token, 3);
});
afterAll(() => t.close());

beforeEach(() => {
  t.queries.length = 0;
});

afterEach(async () => {
  // Whatever the test sent, the server is free again and still serves data.
  const next = await postGraphql(
    t,
    { query: "{ skus(first: 1) { edges { node { id } } } }" },
    acct.token,
  );
  expect(next.errors).toBeUndefined();
  expect((next.data as { skus: { edges: unknown[] } }).skus.edges).toHaveLength(1);
});

/** The statements the app sent that read the catalog or the ledger. */
const dataReads = () => [
  ...selectsFrom(t.queries, "skus"),
  ...selectsFrom(t.queries, "supplier_items"),
  ...selectsFrom(t.queries, "stock_movements"),
];

/** Asserts one top-level error with `code`, HTTP 400 and no data; returns the message. */
function expectRefused(res: Awaited<ReturnType<typeof postGraphql>>, code: string): string {
  expect(res.errors?.map((e) => e.extensions?.code)).toEqual([code]);
  expect(res.status).toBe(400);
  expect(res.data ?? null).toBeNull();
  return res.errors![0]!.message;
}

const pages =
  "skus(first: 1000) { edges { node { id movements(first: 1000) { edges { node { id } } } } } }";

describe("hostile GraphQL documents", () => {
  it("refuses fragments spread twice on each of 24 levels (984 bytes, no token)", async () => {
    const levels = 24;
    const fragments = Array.from(
      { length: levels },
      (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`,
    ).join("\n");
    const query = `query { ...F0 }\n${fragments}\nfragment F${levels} on Query { __typename }`;
    expect(query).toHaveLength(984);

    const message = expectRefused(await postGraphql(t, { query }), "QUERY_TOO_COMPLEX");
    expect(message).toMatch(/1000 selections/);
  }, 5_000);

  it("refuses doubled fragments that also nest, with a token", async () => {
    const step = (inner: string) => `movements { edges { node { sku { ${inner} } } } }`;
    const fragments = Array.from(
      { length: 24 },
      (_, i) => `fragment F${i} on Sku { ${step(`...F${i + 1} ...F${i + 1}`)} }`,
    ).join("\n");
    const query = `{ sku(id: 1) { ...F0 } }\n${fragments}\nfragment F24 on Sku { id }`;

    expectRefused(await postGraphql(t, { query }, acct.token), "QUERY_TOO_COMPLEX");
    expect(dataReads()).toEqual([]);
  }, 5_000);

  it("refuses 10,001 aliases next to nested pages (past the cost estimate's node limit)", async () => {
    const aliases = Array.from({ length: 10_001 }, (_, i) => `a${i}: __typename`).join(" ");
    const res = await postGraphql(t, { query: `{ ${aliases} ${pages} }` }, acct.token);

    expectRefused(res, "QUERY_TOO_COMPLEX");
    expect(res.bytes).toBeLessThan(1000);
    expect(dataReads()).toEqual([]);
  });

  it("refuses aliases inside a fragment spread many times, though the document is small", async () => {
    const fields = Array.from({ length: 40 }, (_, i) => `c${i}: code`).join(" ");
    const spreads = Array.from({ length: 30 }, (_, i) => `s${i}: sku(id: 1) { ...Many }`).join(" ");
    const query = `{ ${spreads} } fragment Many on Sku { ${fields} }`;

    expectRefused(await postGraphql(t, { query }, acct.token), "QUERY_TOO_COMPLEX");
    expect(dataReads()).toEqual([]);
  });

  it("refuses one field repeated 5,000 times (too costly for GraphQL to compare)", async () => {
    const query = `{ ${"__typename ".repeat(5_000)} }`;
    expectRefused(await postGraphql(t, { query }, acct.token), "QUERY_TOO_COMPLEX");
  });

  it("still serves an operation of 1,000 selections", async () => {
    const aliases = Array.from({ length: 999 }, (_, i) => `a${i}: __typename`).join(" ");
    const res = await postGraphql(t, { query: `{ ${aliases} }` }, acct.token);
    expect(res.errors).toBeUndefined();
    expect(Object.keys(res.data as object)).toHaveLength(999);
  });

  it("refuses 11 levels of nesting with QUERY_TOO_DEEP", async () => {
    const query = `{ stockMovements(filter: { skuId: 1 }) { edges { node { sku {
      movements { edges { node { sku { movements { pageInfo { hasNextPage } } } } } } } } } } }`;
    const message = expectRefused(await postGraphql(t, { query }, acct.token), "QUERY_TOO_DEEP");
    expect(message).toBe("operation is nested 11 levels deep; the limit is 10");
    expect(dataReads()).toEqual([]);
  });

  it("refuses thousands of levels of nesting", async () => {
    const levels = 3_000;
    const query = `{ sku(id: 1) { ${"movements { edges { node { sku { ".repeat(levels)} id ${"} } } } ".repeat(levels)} } }`;
    const res = await postGraphql(t, { query }, acct.token);
    const message = expectRefused(res, "QUERY_TOO_DEEP");
    expect(message).toBe("document is nested too deeply to be read; the limit is 10 levels");
    expect(dataReads()).toEqual([]);
  });

  it("refuses a document of more than 200,000 tokens", async () => {
    const query = `{ __typename ${"@a ".repeat(150_000)} }`;
    const message = expectRefused(
      await postGraphql(t, { query }, acct.token),
      "GRAPHQL_PARSE_FAILED",
    );
    expect(message).toMatch(/200000 tokens/);
  });

  it("refuses a request body over the body limit with 413 PAYLOAD_TOO_LARGE", async () => {
    const raw = JSON.stringify({ query: `{ __typename } # ${"x".repeat(1024 * 1024)}` });
    const res = await postGraphql(t, { raw }, acct.token);
    expect(res.status).toBe(413);
    expect((res as unknown as { code: string }).code).toBe("PAYLOAD_TOO_LARGE");
  });
});

describe("hostile GraphQL variables", () => {
  it("refuses a null for a required argument rather than running the rest unpriced", async () => {
    // $id has a default, so GraphQL accepts it where Int! is needed; an explicit null then
    // reaches a non-null argument, which the cost estimate cannot price.
    const query = `query Nullish($id: Int = 1) { sku(id: $id) { id } ${pages} }`;
    const res = await postGraphql(t, { query, variables: { id: null } }, acct.token);

    const message = expectRefused(res, "INVALID_PARAMETER");
    expect(message).toMatch(/"id" of non-null type "Int!" must not be null/);
    expect(dataReads()).toEqual([]);
  });

  it("answers variables of the wrong type with BAD_USER_INPUT before anything runs", async () => {
    const query = `query Pages($n: Int) { skus(first: $n) { edges { node { id movements(first: $n) { edges { node { id } } } } } } }`;
    const res = await postGraphql(t, { query, variables: { n: [1, 2, 3] } }, acct.token);

    expectRefused(res, "BAD_USER_INPUT");
    expect(dataReads()).toEqual([]);
  });

  it("refuses a variable nested 100,000 lists deep with BAD_USER_INPUT", async () => {
    const depth = 100_000;
    const query = `query Pages($n: Int) { skus(first: $n) { edges { cursor } } }`;
    const raw = `{"query": ${JSON.stringify(query)}, "variables": {"n": ${"[".repeat(depth)}${"]".repeat(depth)}}}`;
    expectRefused(await postGraphql(t, { raw }, acct.token), "BAD_USER_INPUT");
    expect(dataReads()).toEqual([]);
  });

  it("refuses a list variable of 20,001 bulk lines with TOO_MANY_LINES and writes nothing", async () => {
    const before = await ledgerState(t.db, acct.accountId);
    const lines = Array.from({ length: 20_001 }, (_, i) => ({ type: "SKU", id: i + 1, newQty: 1 }));
    const query = `mutation Bulk($input: BulkAdjustStockInput!) {
      bulkAdjustStock(input: $input) { adjustment { id } userErrors { field code } } }`;
    const res = await postGraphql(
      t,
      { query, variables: { input: { reason: "FOUND", lines } } },
      acct.token,
    );

    // Refused before the variables are coerced: one small top-level error naming the list.
    expect(res.status).toBe(422);
    expect(res.data ?? null).toBeNull();
    expect(res.errors).toEqual([
      expect.objectContaining({
        message: "bulkAdjustStock: input.lines may hold at most 10000 entries; got 20001",
        extensions: { code: "TOO_MANY_LINES" },
      }),
    ]);
    expect(res.bytes).toBeLessThan(500);
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
  });

  it("answers more than 50 bad variable values with BAD_USER_INPUT only, never INTERNAL", async () => {
    // GraphQL stops after 50 bad values with one more error of its own (found by the fuzzer).
    const recount = Array.from({ length: 60 }, () => ({ type: "SKU", code: 1 }));
    const query = `mutation Accept($input: AcceptStockTakeLinesInput!) {
      acceptStockTakeLines(input: $input) { userErrors { code } } }`;
    const res = await postGraphql(
      t,
      { query, variables: { input: { stockTakeId: 1, recount } } },
      acct.token,
    );

    expect(res.status).toBe(400);
    expect(res.errors).toHaveLength(51);
    expect(new Set(res.errors!.map((e) => e.extensions?.code))).toEqual(
      new Set(["BAD_USER_INPUT"]),
    );
    expect(res.errors![50]!.message).toMatch(/Too many errors processing variables/);
  });

  it("refuses thousands of unused variable definitions, listing at most about a hundred", async () => {
    const definitions = Array.from({ length: 5_000 }, (_, i) => `$v${i}: Int`).join(" ");
    const res = await postGraphql(
      t,
      { query: `query Many(${definitions}) { __typename }`, variables: { v0: 1 } },
      acct.token,
    );
    expect(res.status).toBe(400);
    expect(res.data ?? null).toBeNull();
    expect(res.errors!.length).toBeLessThanOrEqual(101);
    expect(new Set(res.errors!.map((e) => e.extensions?.code))).toEqual(
      new Set(["GRAPHQL_VALIDATION_FAILED"]),
    );
  });
});
