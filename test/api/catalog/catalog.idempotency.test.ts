// Creating catalog entries is idempotent like adjustments are: a client that retries a POST
// /skus or createSku after a timeout, with the same key, gets the first result back instead of a
// second SKU (or a DUPLICATE_CODE for its own first attempt).
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { gql, rest, startTestApp, type RestResponse, type TestApp } from "../../helpers/app.js";
import { CreateSkuDocument, CreateSupplierItemDocument } from "../generated/graphql.js";

let t: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++counter}`;
const newKey = () => unique("catalog-key");

const post = (path: string, body: unknown, key?: string, token = acct.token) =>
  rest(t, "POST", path, {
    token,
    body,
    headers: key !== undefined ? { "idempotency-key": key } : {},
  });

const replayed = (res: RestResponse) => res.headers.get("idempotent-replayed");

/** Everything creating catalog entries can write for an account. */
async function catalogState(accountId: number) {
  const [skus, supplierItems, movements, idempotencyKeys] = await Promise.all([
    t.db.sku.count({ where: { accountId } }),
    t.db.supplierItem.count({ where: { accountId } }),
    t.db.stockMovement.count({ where: { accountId } }),
    t.db.idempotencyKey.count({ where: { accountId } }),
  ]);
  return { skus, supplierItems, movements, idempotencyKeys };
}

const keyCount = (key: string) =>
  t.db.idempotencyKey.count({ where: { accountId: acct.accountId, key } });

/** The two create endpoints, each with a body maker (distinct codes per call unless given). */
const endpoints: [string, string, (code?: string) => Record<string, unknown>][] = [
  [
    "POST /skus",
    "/skus",
    (code = unique("IDEM-SKU")) => ({ code, name: "Idempotent SKU", opening_on_hand: 7 }),
  ],
  [
    "POST /supplier-items",
    "/supplier-items",
    (code = unique("IDEM-ITEM")) => ({
      supplier: "ACME",
      code,
      name: "Idempotent item",
      opening_on_hand: 7,
    }),
  ],
];

describe.each(endpoints)("%s with an Idempotency-Key", (_name, path, bodyOf) => {
  it("replays a retry with the same key and body: 201, the same body byte for byte, Idempotent-Replayed: true, one entry", async () => {
    const key = newKey();
    const body = bodyOf();
    const first = await post(path, body, key);
    expect(first.status).toBe(201);
    expect(replayed(first)).toBeNull();
    const before = await catalogState(acct.accountId);

    const second = await post(path, body, key);
    expect(second.status).toBe(201);
    expect(replayed(second)).toBe("true");
    expect(JSON.stringify(second.body)).toBe(JSON.stringify(first.body));
    expect(await catalogState(acct.accountId)).toEqual(before);

    const where = { accountId: acct.accountId, code: body.code as string };
    const entries =
      path === "/skus" ? await t.db.sku.count({ where }) : await t.db.supplierItem.count({ where });
    expect(entries).toBe(1);
    // One opening balance movement, not one per attempt.
    const movements = await t.db.stockMovement.count({
      where: {
        accountId: acct.accountId,
        ...(path === "/skus" ? { skuId: first.body.id } : { supplierItemId: first.body.id }),
      },
    });
    expect(movements).toBe(1);
  });

  it("refuses the same key with another body with 422 IDEMPOTENCY_KEY_REUSED and creates nothing", async () => {
    const key = newKey();
    expect((await post(path, bodyOf(), key)).status).toBe(201);
    const before = await catalogState(acct.accountId);

    const res = await post(path, bodyOf(), key);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(replayed(res)).toBeNull();
    expect(await catalogState(acct.accountId)).toEqual(before);
  });

  it("keeps no key after a create that fails (a duplicate code), so the key then creates another entry", async () => {
    const taken = bodyOf();
    expect((await post(path, taken)).status).toBe(201);
    const key = newKey();
    const before = await catalogState(acct.accountId);

    const failed = await post(path, { ...taken, name: "Same code again" }, key);
    expect(failed.status).toBe(409);
    expect(failed.body.code).toBe("DUPLICATE_CODE");
    expect(await catalogState(acct.accountId)).toEqual(before);
    expect(await keyCount(key)).toBe(0);

    const fixed = bodyOf();
    const created = await post(path, fixed, key);
    expect(created.status).toBe(201);
    expect(replayed(created)).toBeNull();
    expect(created.body.code).toBe(fixed.code);
    expect(await keyCount(key)).toBe(1);
  });

  it("without a key, a retry of the same body is a second create (refused as DUPLICATE_CODE)", async () => {
    const body = bodyOf();
    expect((await post(path, body)).status).toBe(201);
    const retry = await post(path, body);
    expect(retry.status).toBe(409);
    expect(retry.body.code).toBe("DUPLICATE_CODE");
  });

  it.each([
    ["a key with a space", "has space"],
    ["a 256-character key", "k".repeat(256)],
    ["a key with a non-ASCII character", "clé"],
  ])(
    "refuses %s with 400 INVALID_PARAMETER naming the idempotency-key parameter, creating nothing",
    async (_label, key) => {
      const before = await catalogState(acct.accountId);
      const res = await post(path, bodyOf(), key);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("INVALID_PARAMETER");
      expect(res.body.errors).toEqual([
        expect.objectContaining({ parameter: "idempotency-key", code: "INVALID_PARAMETER" }),
      ]);
      expect(await catalogState(acct.accountId)).toEqual(before);
    },
  );

  it("accepts a key of exactly 255 visible characters", async () => {
    const key = `${newKey()}~`.padEnd(255, "!");
    const body = bodyOf();
    expect((await post(path, body, key)).status).toBe(201);
    const again = await post(path, body, key);
    expect(again.status).toBe(201);
    expect(replayed(again)).toBe("true");
  });
});

describe("catalog idempotency keys across operations and accounts", () => {
  it("refuses a key already used to create a SKU when it is sent to create a supplier item", async () => {
    const key = newKey();
    expect((await post("/skus", { code: unique("X"), name: "SKU" }, key)).status).toBe(201);
    const before = await catalogState(acct.accountId);
    const res = await post("/supplier-items", { supplier: "ACME", code: "X", name: "Item" }, key);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await catalogState(acct.accountId)).toEqual(before);
  });

  it("keeps keys apart per account: the same key and body create in each", async () => {
    const other = await newAccount(t.db);
    const key = newKey();
    const body = { code: unique("SHARED"), name: "Shared" };
    const mine = await post("/skus", body, key);
    const theirs = await post("/skus", body, key, other.token);
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(replayed(theirs)).toBeNull();
    expect(theirs.body.id).not.toBe(mine.body.id);
  });
});

describe("GraphQL createSku and createSupplierItem with an idempotencyKey", () => {
  it("createSku replays a retry with the same key and input: the same SKU, created once", async () => {
    const idempotencyKey = newKey();
    const input = { code: unique("G-IDEM"), name: "Idempotent", openingOnHand: 3, idempotencyKey };
    const first = await gql(t, CreateSkuDocument, { input }, acct.token);
    expect(first.errors).toBeUndefined();
    expect(first.data?.createSku.userErrors).toEqual([]);
    const before = await catalogState(acct.accountId);

    const second = await gql(t, CreateSkuDocument, { input }, acct.token);
    expect(second.errors).toBeUndefined();
    expect(second.data).toEqual(first.data);
    expect(await catalogState(acct.accountId)).toEqual(before);
    expect(await t.db.sku.count({ where: { accountId: acct.accountId, code: input.code } })).toBe(
      1,
    );
  });

  it("createSku answers the same key with another input with an IDEMPOTENCY_KEY_REUSED user error", async () => {
    const idempotencyKey = newKey();
    const first = await gql(
      t,
      CreateSkuDocument,
      { input: { code: unique("G-IDEM"), name: "First", idempotencyKey } },
      acct.token,
    );
    expect(first.data?.createSku.sku).not.toBeNull();
    const before = await catalogState(acct.accountId);

    const second = await gql(
      t,
      CreateSkuDocument,
      { input: { code: unique("G-IDEM"), name: "Second", idempotencyKey } },
      acct.token,
    );
    expect(second.errors).toBeUndefined();
    expect(second.data?.createSku.sku).toBeNull();
    expect(second.data?.createSku.userErrors.map((e) => e.code)).toEqual([
      "IDEMPOTENCY_KEY_REUSED",
    ]);
    expect(await catalogState(acct.accountId)).toEqual(before);
  });

  it("createSupplierItem replays a retry with the same key and input: the same item, created once", async () => {
    const idempotencyKey = newKey();
    const input = {
      supplier: "ACME",
      code: unique("G-IDEM-ITEM"),
      name: "Idempotent item",
      openingOnHand: 2,
      idempotencyKey,
    };
    const first = await gql(t, CreateSupplierItemDocument, { input }, acct.token);
    expect(first.errors).toBeUndefined();
    expect(first.data?.createSupplierItem.userErrors).toEqual([]);
    const before = await catalogState(acct.accountId);

    const second = await gql(t, CreateSupplierItemDocument, { input }, acct.token);
    expect(second.data).toEqual(first.data);
    expect(await catalogState(acct.accountId)).toEqual(before);

    const changed = await gql(
      t,
      CreateSupplierItemDocument,
      { input: { ...input, name: "Another name" } },
      acct.token,
    );
    expect(changed.data?.createSupplierItem.supplierItem).toBeNull();
    expect(changed.data?.createSupplierItem.userErrors.map((e) => e.code)).toEqual([
      "IDEMPOTENCY_KEY_REUSED",
    ]);
    expect(await catalogState(acct.accountId)).toEqual(before);
  });

  it.each([
    ["a space", "has space"],
    ["256 characters", "k".repeat(256)],
  ])(
    "createSku refuses a key with %s with an INVALID_PARAMETER user error on idempotencyKey",
    async (_label, idempotencyKey) => {
      const before = await catalogState(acct.accountId);
      const res = await gql(
        t,
        CreateSkuDocument,
        { input: { code: unique("G-BADKEY"), name: "Bad key", idempotencyKey } },
        acct.token,
      );
      expect(res.errors).toBeUndefined();
      expect(res.data?.createSku.sku).toBeNull();
      expect(res.data?.createSku.userErrors).toEqual([
        expect.objectContaining({ code: "INVALID_PARAMETER", field: ["idempotencyKey"] }),
      ]);
      expect(await catalogState(acct.accountId)).toEqual(before);
    },
  );
});
