import { newAccount, type TestAccount } from "../../helpers/db.js";
import { gql, startTestApp, type GqlResponse, type TestApp } from "../../helpers/app.js";
import { skuOnHand } from "../../helpers/stock.js";
import {
  CreateSkuDocument,
  CreateSkuWithLiteralQuantityDocument,
  CreateSupplierItemDocument,
  GetSkuDocument,
  GetSupplierItemDocument,
  ListSkusDocument,
  ListSupplierItemsDocument,
  type CreateSkuInput,
  type ListSkusQuery,
} from "../generated/graphql.js";

let t: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

async function counts(accountId: number) {
  const [skus, supplierItems, movements] = await Promise.all([
    t.db.sku.count({ where: { accountId } }),
    t.db.supplierItem.count({ where: { accountId } }),
    t.db.stockMovement.count({ where: { accountId } }),
  ]);
  return { skus, supplierItems, movements };
}

async function createSku(input: CreateSkuInput, token = acct.token) {
  const res = await gql(t, CreateSkuDocument, { input }, token);
  expect(res.errors).toBeUndefined();
  return res.data!.createSku;
}

describe("GraphQL createSku and sku", () => {
  it("creates a SKU whose opening on hand is exactly one opening_balance movement", async () => {
    const payload = await createSku({ code: "G-BOLT", name: "Bolt", openingOnHand: 12.5 });
    expect(payload.userErrors).toEqual([]);
    expect(payload.sku).toMatchObject({ code: "G-BOLT", name: "Bolt", onHand: 12.5, active: true });

    const fetched = await gql(t, GetSkuDocument, { id: payload.sku!.id }, acct.token);
    expect(fetched.errors).toBeUndefined();
    expect(fetched.data?.sku).toMatchObject({ id: payload.sku!.id, code: "G-BOLT", onHand: 12.5 });

    const movements = await t.db.stockMovement.findMany({
      where: { accountId: acct.accountId, skuId: payload.sku!.id },
    });
    expect(movements).toHaveLength(1);
    expect(movements[0]).toMatchObject({ source: "opening_balance", reason: "opening_balance" });
    expect(movements[0]?.quantityBefore.toFixed()).toBe("0");
    expect(movements[0]?.quantityAfter.toFixed()).toBe("12.5");
  });

  it("writes no movement for a zero opening on hand", async () => {
    const payload = await createSku({ code: "G-ZERO", name: "Zero", openingOnHand: 0 });
    expect(payload.sku?.onHand).toBe(0);
    expect(
      await t.db.stockMovement.count({
        where: { accountId: acct.accountId, skuId: payload.sku!.id },
      }),
    ).toBe(0);
  });

  it.each([
    ["0.1", 0.1],
    ["312.75", 312.75],
    ["99999999999.999", 99999999999.999],
  ])("keeps the quantity %s exact from variables to the database and back", async (text, value) => {
    const payload = await createSku({
      code: `G-EXACT-${text}`,
      name: "Exact",
      openingOnHand: value,
    });
    expect(payload.sku?.onHand).toBe(value);
    expect(await skuOnHand(t.db, acct.accountId, payload.sku!.id)).toBe(text);
  });

  it("keeps a quantity written as a literal in the document exact", async () => {
    const res = await gql(
      t,
      CreateSkuWithLiteralQuantityDocument,
      { code: "G-LITERAL" },
      acct.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.createSku.sku?.onHand).toBe(99999999999.999);
    expect(await skuOnHand(t.db, acct.accountId, res.data!.createSku.sku!.id)).toBe(
      "99999999999.999",
    );
  });

  it.each([
    [
      "more than 3 decimal places",
      { code: "G-PRECISE", name: "Too precise", openingOnHand: 1.0005 },
      "INVALID_QUANTITY",
      ["openingOnHand"],
    ],
    [
      "a negative quantity",
      { code: "G-NEG", name: "Negative", openingOnHand: -1 },
      "INVALID_QUANTITY",
      ["openingOnHand"],
    ],
    [
      "a quantity of 10^11",
      { code: "G-HUGE", name: "Huge", openingOnHand: 1e11 },
      "INVALID_QUANTITY",
      ["openingOnHand"],
    ],
    ["a blank name", { code: "G-BLANK", name: "   " }, "INVALID_PARAMETER", ["name"]],
    ["a blank code", { code: "  ", name: "Blank code" }, "INVALID_PARAMETER", ["code"]],
    [
      "a name over 200 characters",
      { code: "G-LONG", name: "x".repeat(201) },
      "INVALID_PARAMETER",
      ["name"],
    ],
  ] as [string, CreateSkuInput, string, string[]][])(
    "answers %s with a userError, sku null and nothing written",
    async (_label, input, code, field) => {
      const before = await counts(acct.accountId);
      const res = await gql(t, CreateSkuDocument, { input }, acct.token);
      expect(res.errors).toBeUndefined();
      expect(res.data?.createSku.sku).toBeNull();
      expect(res.data?.createSku.userErrors).toEqual([
        { field, code, message: expect.any(String) },
      ]);
      expect(res.data?.createSku.userErrors[0]?.message).not.toBe("");
      expect(await counts(acct.accountId)).toEqual(before);
    },
  );

  it("reports every broken rule of one input together", async () => {
    const res = await gql(
      t,
      CreateSkuDocument,
      { input: { code: " ", name: " ", openingOnHand: -2 } },
      acct.token,
    );
    expect(res.data?.createSku.sku).toBeNull();
    const errors = res.data?.createSku.userErrors ?? [];
    expect(errors.map((e) => [e.field, e.code])).toEqual(
      expect.arrayContaining([
        [["code"], "INVALID_PARAMETER"],
        [["name"], "INVALID_PARAMETER"],
        [["openingOnHand"], "INVALID_QUANTITY"],
      ]),
    );
  });

  it.each<[string, () => CreateSkuInput, string]>([
    ["a 65-character code", () => ({ code: "C".repeat(65), name: "Long code" }), "code"],
    ["a 201-character name", () => ({ code: "G-LONG-NAME", name: "N".repeat(201) }), "name"],
  ])(
    "answers %s with an INVALID_PARAMETER user error on that field, from the input's declared limit, and writes nothing",
    async (_label, input, field) => {
      const before = await counts(acct.accountId);
      const res = await gql(t, CreateSkuDocument, { input: input() }, acct.token);
      expect(res.errors).toBeUndefined();
      expect(res.data?.createSku.sku).toBeNull();
      // class-validator's wording: the input was checked before the resolver ran.
      expect(res.data?.createSku.userErrors).toEqual([
        {
          field: [field],
          code: "INVALID_PARAMETER",
          message: expect.stringMatching(/must be shorter than or equal to/),
        },
      ]);
      expect(await counts(acct.accountId)).toEqual(before);
    },
  );

  it("accepts a 64-character code and a 200-character name", async () => {
    const payload = await createSku({ code: "C".repeat(64), name: "N".repeat(200) });
    expect(payload.userErrors).toEqual([]);
    expect(payload.sku).toMatchObject({ code: "C".repeat(64), name: "N".repeat(200) });
  });

  it("answers a duplicate code with DUPLICATE_CODE on code and writes nothing", async () => {
    await createSku({ code: "G-DUP", name: "First" });
    const before = await counts(acct.accountId);
    const res = await gql(
      t,
      CreateSkuDocument,
      { input: { code: "G-DUP", name: "Second", openingOnHand: 4 } },
      acct.token,
    );
    expect(res.data?.createSku.sku).toBeNull();
    expect(res.data?.createSku.userErrors).toEqual([
      { field: ["code"], code: "DUPLICATE_CODE", message: expect.any(String) },
    ]);
    expect(await counts(acct.accountId)).toEqual(before);
  });

  it("answers a query for a missing SKU with a top-level SKU_NOT_FOUND error", async () => {
    const res = await gql(t, GetSkuDocument, { id: 2147483647 }, acct.token);
    expect(res.data ?? null).toBeNull();
    expect(res.errors).toEqual([
      expect.objectContaining({ path: ["sku"], extensions: { code: "SKU_NOT_FOUND" } }),
    ]);
  });
});

describe("GraphQL skus connection", () => {
  let lister: TestAccount;
  let ids: number[];

  beforeAll(async () => {
    lister = await newAccount(t.db);
    ids = [];
    for (let i = 1; i <= 5; i++)
      ids.push((await createSku({ code: `GP-${i}`, name: `Page ${i}` }, lister.token)).sku!.id);
  });

  it("pages through every SKU exactly once in id order, hasNextPage false on the last page", async () => {
    const seen: number[] = [];
    const hasNext: boolean[] = [];
    let after: string | null = null;
    for (let page = 0; page < 10; page++) {
      const res: GqlResponse<ListSkusQuery> = await gql(
        t,
        ListSkusDocument,
        { first: 2, after },
        lister.token,
      );
      expect(res.errors).toBeUndefined();
      const conn = res.data!.skus;
      seen.push(...conn.edges.map((e) => e.node.id));
      hasNext.push(conn.pageInfo.hasNextPage);
      expect(conn.pageInfo.endCursor).toBe(conn.edges.at(-1)?.cursor ?? null);
      after = conn.pageInfo.endCursor ?? null;
      if (!conn.pageInfo.hasNextPage) break;
    }
    expect(seen).toEqual(ids);
    expect(hasNext).toEqual([true, true, false]);
  });

  it("continues after any edge's cursor", async () => {
    const all = await gql(t, ListSkusDocument, {}, lister.token);
    const third = all.data!.skus.edges[2]!;
    const rest = await gql(t, ListSkusDocument, { after: third.cursor }, lister.token);
    expect(rest.data?.skus.edges.map((e) => e.node.id)).toEqual(ids.slice(3));
  });

  it("answers an invalid cursor with a top-level INVALID_CURSOR error", async () => {
    const res = await gql(t, ListSkusDocument, { after: "not-a-cursor" }, lister.token);
    expect(res.errors).toEqual([
      expect.objectContaining({ extensions: { code: "INVALID_CURSOR" } }),
    ]);
  });

  it("answers a forged cursor pointing past the id range with INVALID_CURSOR, not an internal error", async () => {
    const forged = Buffer.from(JSON.stringify(["sku", 2147483648])).toString("base64url");
    const res = await gql(t, ListSkusDocument, { after: forged }, lister.token);
    expect(res.errors).toEqual([
      expect.objectContaining({ extensions: { code: "INVALID_CURSOR" } }),
    ]);
  });

  it.each([0, 1001])(
    "answers first: %d with a top-level INVALID_PARAMETER error",
    async (first) => {
      const res = await gql(t, ListSkusDocument, { first }, lister.token);
      expect(res.errors).toEqual([
        expect.objectContaining({ extensions: { code: "INVALID_PARAMETER" } }),
      ]);
    },
  );
});

describe("GraphQL supplier items", () => {
  let sku: { id: number; onHand: number };

  beforeAll(async () => {
    sku = (await createSku({ code: "G-LINK", name: "Link target", openingOnHand: 7.125 })).sku!;
  });

  it("creates an unlinked supplier item with its opening on hand as one opening_balance movement", async () => {
    const res = await gql(
      t,
      CreateSupplierItemDocument,
      { input: { supplier: "Packright", code: "G-PR-1", name: "Box", openingOnHand: 30.5 } },
      acct.token,
    );
    const payload = res.data!.createSupplierItem;
    expect(payload.userErrors).toEqual([]);
    expect(payload.supplierItem).toMatchObject({
      supplier: "Packright",
      code: "G-PR-1",
      onHand: 30.5,
      skuId: null,
    });

    const fetched = await gql(
      t,
      GetSupplierItemDocument,
      { id: payload.supplierItem!.id },
      acct.token,
    );
    expect(fetched.data?.supplierItem).toMatchObject({ onHand: 30.5, skuId: null });

    const movements = await t.db.stockMovement.findMany({
      where: { accountId: acct.accountId, supplierItemId: payload.supplierItem!.id },
    });
    expect(movements.map((m) => [m.source, m.quantityAfter.toFixed()])).toEqual([
      ["opening_balance", "30.5"],
    ]);
  });

  it("shows a linked supplier item with its SKU's id and on hand", async () => {
    const res = await gql(
      t,
      CreateSupplierItemDocument,
      { input: { supplier: "Acme", code: "G-AC-1", name: "Linked", skuId: sku.id } },
      acct.token,
    );
    expect(res.data?.createSupplierItem.supplierItem).toMatchObject({
      skuId: sku.id,
      onHand: 7.125,
    });
    const fetched = await gql(
      t,
      GetSupplierItemDocument,
      { id: res.data!.createSupplierItem.supplierItem!.id },
      acct.token,
    );
    expect(fetched.data?.supplierItem).toMatchObject({ skuId: sku.id, onHand: 7.125 });
  });

  it("answers a linked item with a non-zero opening on hand with LINKED_SUPPLIER_ITEM and writes nothing", async () => {
    const before = await counts(acct.accountId);
    const res = await gql(
      t,
      CreateSupplierItemDocument,
      {
        input: {
          supplier: "Acme",
          code: "G-AC-BAD",
          name: "Linked bad",
          skuId: sku.id,
          openingOnHand: 1,
        },
      },
      acct.token,
    );
    expect(res.data?.createSupplierItem.supplierItem).toBeNull();
    expect(res.data?.createSupplierItem.userErrors).toEqual([
      { field: ["openingOnHand"], code: "LINKED_SUPPLIER_ITEM", message: expect.any(String) },
    ]);
    expect(await counts(acct.accountId)).toEqual(before);
  });

  it("answers a link to an unknown SKU with SKU_NOT_FOUND on skuId and writes nothing", async () => {
    const before = await counts(acct.accountId);
    const res = await gql(
      t,
      CreateSupplierItemDocument,
      { input: { supplier: "Acme", code: "G-AC-GHOST", name: "Ghost", skuId: 2147483647 } },
      acct.token,
    );
    expect(res.data?.createSupplierItem.supplierItem).toBeNull();
    expect(res.data?.createSupplierItem.userErrors).toEqual([
      { field: ["skuId"], code: "SKU_NOT_FOUND", message: expect.any(String) },
    ]);
    expect(await counts(acct.accountId)).toEqual(before);
  });

  it("answers a 101-character supplier with an INVALID_PARAMETER user error on supplier and writes nothing", async () => {
    const before = await counts(acct.accountId);
    const res = await gql(
      t,
      CreateSupplierItemDocument,
      { input: { supplier: "S".repeat(101), code: "G-LONG-SUPPLIER", name: "Long supplier" } },
      acct.token,
    );
    expect(res.data?.createSupplierItem.supplierItem).toBeNull();
    expect(res.data?.createSupplierItem.userErrors).toEqual([
      { field: ["supplier"], code: "INVALID_PARAMETER", message: expect.any(String) },
    ]);
    expect(await counts(acct.accountId)).toEqual(before);
  });

  it("answers a query for a missing supplier item with a top-level SUPPLIER_ITEM_NOT_FOUND error", async () => {
    const res = await gql(t, GetSupplierItemDocument, { id: 2147483647 }, acct.token);
    expect(res.errors).toEqual([
      expect.objectContaining({ extensions: { code: "SUPPLIER_ITEM_NOT_FOUND" } }),
    ]);
  });

  it("lists supplier items in id order across pages", async () => {
    const lister = await newAccount(t.db);
    const ids: number[] = [];
    for (let i = 1; i <= 3; i++) {
      const res = await gql(
        t,
        CreateSupplierItemDocument,
        { input: { supplier: "Lister", code: `GL-${i}`, name: `Item ${i}` } },
        lister.token,
      );
      ids.push(res.data!.createSupplierItem.supplierItem!.id);
    }
    const first = await gql(t, ListSupplierItemsDocument, { first: 2 }, lister.token);
    expect(first.data?.supplierItems.pageInfo.hasNextPage).toBe(true);
    const second = await gql(
      t,
      ListSupplierItemsDocument,
      { first: 2, after: first.data!.supplierItems.pageInfo.endCursor },
      lister.token,
    );
    expect(second.data?.supplierItems.pageInfo.hasNextPage).toBe(false);
    const seen = [...first.data!.supplierItems.edges, ...second.data!.supplierItems.edges].map(
      (e) => e.node.id,
    );
    expect(seen).toEqual(ids);
  });
});
