import { print } from "graphql";
import { createToken } from "../../../src/modules/token/token.store.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { gql, postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { CreateSkuDocument, GetSkuDocument, ListSkusDocument } from "../generated/graphql.js";

let t: TestApp;
let full: TestAccount;
let other: TestAccount;
let readOnly: string;
let sku: { id: number; code: string };

beforeAll(async () => {
  t = await startTestApp();
  full = await newAccount(t.db);
  other = await newAccount(t.db);
  // A second token on the same account, with the read scope only.
  readOnly = (
    await createToken(t.db, { accountId: full.accountId, name: "reader", scopes: ["read"] })
  ).token;
  const created = await rest(t, "POST", "/skus", {
    token: full.token,
    body: { code: "AUTH-1", name: "Auth", opening_on_hand: 3 },
  });
  sku = created.body;
});
afterAll(() => t.close());

const skuCount = () => t.db.sku.count({ where: { accountId: full.accountId } });

/** GET /api/v1/skus with exactly this Authorization header (or none). */
const listWith = (authorization?: string) =>
  rest(t, "GET", "/skus", { headers: authorization === undefined ? {} : { authorization } });

/** The ListSkus operation with exactly this Authorization header (or none). */
async function graphqlWith(authorization?: string) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (authorization !== undefined) headers.authorization = authorization;
  const response = await fetch(`${t.baseUrl}/graphql`, {
    method: "POST",
    headers,
    body: JSON.stringify({ query: print(ListSkusDocument), variables: {} }),
  });
  return (await response.json()) as {
    data?: unknown;
    errors?: { extensions?: { code?: string } }[];
  };
}

const secretOf = (token: string) => token.split("_").slice(2).join("_");

describe("REST authentication", () => {
  it("answers a request without a token with 401 UNAUTHENTICATED and a Bearer challenge", async () => {
    const res = await listWith();
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHENTICATED");
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
    expect(res.body).not.toHaveProperty("data");
  });

  it.each([
    ["a garbage token", () => "Bearer garbage"],
    ["a well-formed but unknown token", () => `Bearer cp_${full.accountId}_${"A".repeat(32)}`],
    // Ten digits fit the token format but not an account id column (a 32-bit integer).
    ["a token naming an account id beyond 32 bits", () => `Bearer cp_9999999999_${"A".repeat(32)}`],
    ["a token naming account id 2^31", () => `Bearer cp_2147483648_${"A".repeat(32)}`],
    [
      "a valid token with one character changed",
      () => `Bearer ${full.token.slice(0, -1)}${full.token.endsWith("A") ? "B" : "A"}`,
    ],
    ["a valid token under another scheme", () => `Token ${full.token}`],
    ["Basic credentials", () => `Basic ${Buffer.from("user:pass").toString("base64")}`],
    ["an empty Bearer header", () => "Bearer "],
  ])("refuses %s with 401 UNAUTHENTICATED", async (_label, header) => {
    const res = await listWith(header());
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHENTICATED");
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
  });

  it("does not accept a token whose account id prefix is changed to another account", async () => {
    const moved = `cp_${other.accountId}_${secretOf(full.token)}`;
    const res = await listWith(`Bearer ${moved}`);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHENTICATED");
  });

  it("accepts the Bearer scheme in any letter case", async () => {
    const res = await listWith(`bearer ${full.token}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { id: number }) => s.id)).toContain(sku.id);
  });

  it("checks the token before reading the body: malformed JSON without a token is 401, not 400", async () => {
    const res = await rest(t, "POST", "/skus", { raw: "{not json" });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHENTICATED");
  });

  it("checks the token before validating the body: an invalid body with a bad token is 401", async () => {
    const res = await rest(t, "POST", "/skus", { token: "garbage", body: { unknown: true } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHENTICATED");
  });
});

describe("REST scopes", () => {
  it("treats a token row without scopes (written by hand) as a token with none: 403, never 500", async () => {
    const { token, id } = await createToken(t.db, {
      accountId: full.accountId,
      name: "bare",
      scopes: ["read"],
    });
    await t.db.$executeRaw`UPDATE api_tokens SET scopes = NULL
      WHERE account_id = ${full.accountId} AND id = ${id}`;
    const res = await rest(t, "GET", "/skus", { token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("FORBIDDEN");
  });

  it("lets a read-only token list and get SKUs", async () => {
    const list = await rest(t, "GET", "/skus", { token: readOnly });
    expect(list.status).toBe(200);
    expect(list.body.data.map((s: { id: number }) => s.id)).toContain(sku.id);
    const one = await rest(t, "GET", `/skus/${sku.id}`, { token: readOnly });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: sku.id, code: "AUTH-1", on_hand: 3 });
  });

  it("answers POST /skus with a read-only token with 403 FORBIDDEN and creates nothing", async () => {
    const before = await skuCount();
    const res = await rest(t, "POST", "/skus", {
      token: readOnly,
      body: { code: "AUTH-RO", name: "Read only", opening_on_hand: 1 },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("FORBIDDEN");
    expect(res.body.detail).toContain("adjust");
    expect(await skuCount()).toBe(before);
    expect(
      await t.db.sku.findFirst({ where: { accountId: full.accountId, code: "AUTH-RO" } }),
    ).toBeNull();
  });

  it("answers POST /supplier-items with a read-only token with 403 FORBIDDEN and creates nothing", async () => {
    const res = await rest(t, "POST", "/supplier-items", {
      token: readOnly,
      body: { supplier: "Acme", code: "AUTH-RO", name: "Read only" },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("FORBIDDEN");
    expect(await t.db.supplierItem.count({ where: { accountId: full.accountId } })).toBe(0);
  });

  it("checks the scope before reading the body: malformed JSON with a read-only token is 403", async () => {
    const res = await rest(t, "POST", "/skus", { token: readOnly, raw: "{not json" });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("FORBIDDEN");
  });

  it("answers GET /skus with a token lacking the read scope with 403 FORBIDDEN", async () => {
    const writer = await newAccount(t.db, { scopes: ["adjust"] });
    const res = await rest(t, "GET", "/skus", { token: writer.token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("FORBIDDEN");
  });
});

describe("GraphQL authentication and scopes", () => {
  it("answers an operation without a token with a top-level UNAUTHENTICATED error and no data", async () => {
    const res = await graphqlWith();
    expect(res.data ?? null).toBeNull();
    expect(res.errors).toEqual([
      expect.objectContaining({ extensions: { code: "UNAUTHENTICATED" } }),
    ]);
  });

  it.each([
    ["a garbage token", () => "Bearer garbage"],
    ["a well-formed but unknown token", () => `Bearer cp_${full.accountId}_${"A".repeat(32)}`],
    [
      "a token moved to another account id",
      () => `Bearer cp_${other.accountId}_${secretOf(full.token)}`,
    ],
    ["a token naming an account id beyond 32 bits", () => `Bearer cp_9999999999_${"A".repeat(32)}`],
    ["a valid token under another scheme", () => `Token ${full.token}`],
  ])("answers %s with a top-level UNAUTHENTICATED error", async (_label, header) => {
    const res = await graphqlWith(header());
    expect(res.data ?? null).toBeNull();
    expect(res.errors).toEqual([
      expect.objectContaining({ extensions: { code: "UNAUTHENTICATED" } }),
    ]);
  });

  it("answers an operation without a token with HTTP 401 and a Bearer challenge, as REST does", async () => {
    const res = await postGraphql(t, { query: print(ListSkusDocument), variables: {} });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
    expect(res.errors?.map((e) => e.extensions?.code)).toEqual(["UNAUTHENTICATED"]);
  });

  it("refuses an operation without a token before reading its variables", async () => {
    // Numbers where strings belong: coercing them would answer BAD_USER_INPUT, and a list this
    // long past its maximum would be INVALID_PARAMETER; neither is read.
    const query = `query Feed($types: [String!]) { events(types: $types) { edges { cursor } } }`;
    // Under the body size a request without a token may send, so GraphQL reads the document.
    const types = Array.from({ length: 10_000 }, (_, i) => i);
    for (const authorization of [undefined, "Bearer garbage"]) {
      const res = await postGraphql(
        t,
        { query, variables: { types } },
        authorization?.replace(/^Bearer /, ""),
      );
      expect(res.status).toBe(401);
      expect(res.errors).toEqual([
        { message: expect.any(String), extensions: { code: "UNAUTHENTICATED" } },
      ]);
      expect(res.bytes).toBeLessThan(300);
    }
    const mutation = `mutation Bulk($input: BulkAdjustStockInput!) { bulkAdjustStock(input: $input) { adjustment { id } } }`;
    const lines = Array.from({ length: 1_000 }, () => ({ type: "SKU", id: "x", newQty: "y" }));
    const refused = await postGraphql(t, {
      query: mutation,
      variables: { input: { reason: "FOUND", lines } },
    });
    expect([refused.status, refused.errors?.map((e) => e.extensions?.code)]).toEqual([
      401,
      ["UNAUTHENTICATED"],
    ]);
  });

  it("refuses a body over 64 KB without a valid token before reading it, as REST does", async () => {
    // Not even JSON: read, it would be 400; it is refused first.
    const raw = `{"query": "{ __typename }", "variables": {"x": [${'"a",'.repeat(20_000)}`;
    for (const authorization of [undefined, "Bearer garbage"]) {
      const res = await postGraphql(t, { raw }, authorization?.replace(/^Bearer /, ""));
      const answer = res as unknown as { status: number; code: string; headers: Headers };
      expect([answer.status, answer.code]).toEqual([401, "UNAUTHENTICATED"]);
      expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
    }
    // With a token the same body is read, and refused for what it is.
    const read = await postGraphql(t, { raw }, full.token);
    expect(read.status).toBe(400);
  });

  it("still answers introspection and __typename without a token (Apollo Sandbox)", async () => {
    const res = await postGraphql(t, {
      query: '{ __typename __schema { queryType { name } } __type(name: "Sku") { name } }',
    });
    expect(res.status).toBe(200);
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({
      __typename: "Query",
      __schema: { queryType: { name: "Query" } },
      __type: { name: "Sku" },
    });
  });

  it("lets a read-only token query SKUs", async () => {
    const res = await gql(t, GetSkuDocument, { id: sku.id }, readOnly);
    expect(res.errors).toBeUndefined();
    expect(res.data?.sku).toMatchObject({ id: sku.id, code: "AUTH-1", onHand: 3 });
  });

  it("answers createSku with a read-only token with a top-level FORBIDDEN error and creates nothing", async () => {
    const before = await skuCount();
    const res = await gql(
      t,
      CreateSkuDocument,
      { input: { code: "AUTH-GQL-RO", name: "Read only", openingOnHand: 2 } },
      readOnly,
    );
    expect(res.data ?? null).toBeNull();
    expect(res.errors).toEqual([
      expect.objectContaining({ path: ["createSku"], extensions: { code: "FORBIDDEN" } }),
    ]);
    expect(await skuCount()).toBe(before);
  });

  it("answers createSku without a token with a top-level UNAUTHENTICATED error and creates nothing", async () => {
    const before = await skuCount();
    const res = await gql(t, CreateSkuDocument, {
      input: { code: "AUTH-GQL-ANON", name: "Anonymous" },
    });
    expect(res.errors).toEqual([
      expect.objectContaining({ extensions: { code: "UNAUTHENTICATED" } }),
    ]);
    expect(await skuCount()).toBe(before);
  });
});
