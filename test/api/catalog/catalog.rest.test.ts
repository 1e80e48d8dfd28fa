import { newAccount, type TestAccount } from "../../helpers/db.js";
import { rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { skuOnHand } from "../../helpers/stock.js";

let t: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

/** What the account holds in the database: catalog rows and movements. */
async function counts(accountId: number) {
  const [skus, supplierItems, movements] = await Promise.all([
    t.db.sku.count({ where: { accountId } }),
    t.db.supplierItem.count({ where: { accountId } }),
    t.db.stockMovement.count({ where: { accountId } }),
  ]);
  return { skus, supplierItems, movements };
}

const movementsOfSku = (accountId: number, skuId: number) =>
  t.db.stockMovement.findMany({ where: { accountId, skuId }, orderBy: { id: "asc" } });

describe("REST SKUs", () => {
  it("creates a SKU with an opening balance recorded as a movement", async () => {
    const created = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: "BOLT-M6", name: "Bolt M6", opening_on_hand: 12.5 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code: "BOLT-M6",
      name: "Bolt M6",
      on_hand: 12.5,
      active: true,
    });

    const fetched = await rest(t, "GET", `/skus/${created.body.id}`, { token: acct.token });
    expect(fetched.body.on_hand).toBe(12.5);

    const movements = await t.db.stockMovement.findMany({
      where: { accountId: acct.accountId, skuId: created.body.id },
    });
    expect(movements).toHaveLength(1);
    expect(movements[0]).toMatchObject({ reason: "opening_balance", source: "opening_balance" });
    expect(movements[0]?.quantityAfter.toFixed()).toBe("12.5");
  });

  it("records an opening on hand as exactly one opening_balance movement from zero", async () => {
    const created = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: "NUT-M6", name: "Nut M6", opening_on_hand: 40 },
    });
    expect(created.status).toBe(201);

    const movements = await movementsOfSku(acct.accountId, created.body.id);
    expect(movements).toHaveLength(1);
    expect(movements[0]).toMatchObject({
      entityType: "sku",
      source: "opening_balance",
      reason: "opening_balance",
    });
    expect(movements[0]?.quantityBefore.toFixed()).toBe("0");
    expect(movements[0]?.quantityAfter.toFixed()).toBe("40");
    expect(movements[0]?.change.toFixed()).toBe("40");
    expect(movements[0]?.actorName).toBe("test-token");
  });

  it("writes no movement for a zero or missing opening on hand", async () => {
    const zero = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: "WASHER-ZERO", name: "Washer", opening_on_hand: 0 },
    });
    const missing = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: "WASHER-NONE", name: "Washer" },
    });
    expect(zero.status).toBe(201);
    expect(missing.status).toBe(201);
    expect(zero.body.on_hand).toBe(0);
    expect(missing.body.on_hand).toBe(0);
    expect(await movementsOfSku(acct.accountId, zero.body.id)).toHaveLength(0);
    expect(await movementsOfSku(acct.accountId, missing.body.id)).toHaveLength(0);
  });

  it.each([
    ["0.1", 0.1],
    ["312.75", 312.75],
    ["0.001", 0.001],
    ["99999999999.999", 99999999999.999],
  ])("keeps the quantity %s exact end to end", async (text, value) => {
    const created = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: `EXACT-${text}`, name: "Exact", opening_on_hand: value },
    });
    expect(created.status).toBe(201);
    expect(created.body.on_hand).toBe(value);

    const fetched = await rest(t, "GET", `/skus/${created.body.id}`, { token: acct.token });
    expect(fetched.body.on_hand).toBe(value);

    expect(await skuOnHand(t.db, acct.accountId, created.body.id)).toBe(text);
    const movements = await movementsOfSku(acct.accountId, created.body.id);
    expect(movements.map((m) => m.quantityAfter.toFixed())).toEqual([text]);
  });

  it("creates an inactive SKU when asked", async () => {
    const created = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: "RETIRED-1", name: "Retired", active: false },
    });
    expect(created.status).toBe(201);
    expect(created.body.active).toBe(false);
    expect(
      (await rest(t, "GET", `/skus/${created.body.id}`, { token: acct.token })).body.active,
    ).toBe(false);
  });

  it("refuses a duplicate SKU code with 409 DUPLICATE_CODE and writes nothing", async () => {
    const first = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: "DUP-1", name: "First" },
    });
    expect(first.status).toBe(201);
    const before = await counts(acct.accountId);

    const second = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: "DUP-1", name: "Second", opening_on_hand: 5 },
    });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe("DUPLICATE_CODE");
    expect(second.body.errors).toEqual([
      expect.objectContaining({ pointer: "/code", code: "DUPLICATE_CODE" }),
    ]);
    expect(await counts(acct.accountId)).toEqual(before);

    const kept = await rest(t, "GET", `/skus/${first.body.id}`, { token: acct.token });
    expect(kept.body.name).toBe("First");
  });

  it("answers 404 SKU_NOT_FOUND for an id that does not exist", async () => {
    const res = await rest(t, "GET", "/skus/2147483647", { token: acct.token });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("SKU_NOT_FOUND");
  });

  it("rejects a SKU id that is not a positive integer with 400 INVALID_PARAMETER", async () => {
    const res = await rest(t, "GET", "/skus/abc", { token: acct.token });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_PARAMETER");
  });
});

describe("REST SKU list", () => {
  let lister: TestAccount;
  let ids: number[];

  beforeAll(async () => {
    lister = await newAccount(t.db);
    ids = [];
    for (let i = 1; i <= 5; i++) {
      const res = await rest(t, "POST", "/skus", {
        token: lister.token,
        body: { code: `PAGE-${i}`, name: `Page ${i}` },
      });
      ids.push(res.body.id);
    }
  });

  it("pages through every SKU exactly once, in id order, ending with a null next_cursor", async () => {
    const seen: number[] = [];
    const pageSizes: number[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : "?limit=2";
      const res = await rest(t, "GET", `/skus${query}`, { token: lister.token });
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((s: { id: number }) => s.id));
      pageSizes.push(res.body.data.length);
      cursor = res.body.next_cursor;
      if (cursor === null) break;
    }
    expect(pageSizes).toEqual([2, 2, 1]);
    expect(seen).toEqual(ids);
    expect(cursor).toBeNull();
  });

  it("returns every SKU of the account on one page by default", async () => {
    const res = await rest(t, "GET", "/skus", { token: lister.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { code: string }) => s.code)).toEqual([
      "PAGE-1",
      "PAGE-2",
      "PAGE-3",
      "PAGE-4",
      "PAGE-5",
    ]);
    expect(res.body.next_cursor).toBeNull();
  });

  it("rejects a cursor it did not issue with 400 INVALID_CURSOR", async () => {
    for (const cursor of [
      "not-a-cursor",
      Buffer.from('["supplier_item",1]').toString("base64url"),
    ]) {
      const res = await rest(t, "GET", `/skus?cursor=${cursor}`, { token: lister.token });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("INVALID_CURSOR");
    }
  });

  it.each(["0", "1001", "abc", "1.5"])(
    "rejects limit=%s with 400 INVALID_PARAMETER naming limit",
    async (limit) => {
      const res = await rest(t, "GET", `/skus?limit=${limit}`, { token: lister.token });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("INVALID_PARAMETER");
      expect(res.body.errors).toEqual([
        expect.objectContaining({ parameter: "limit", code: "INVALID_PARAMETER" }),
      ]);
      expect(res.body.detail).toContain("limit");
    },
  );

  it("accepts the largest allowed limit of 1000", async () => {
    const res = await rest(t, "GET", "/skus?limit=1000", { token: lister.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(5);
  });
});

describe("REST supplier items", () => {
  let linkedSku: { id: number; on_hand: number };

  beforeAll(async () => {
    const res = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: "LINK-TARGET", name: "Linked SKU", opening_on_hand: 17.25 },
    });
    linkedSku = res.body;
  });

  it("creates an unlinked supplier item whose opening on hand is one opening_balance movement", async () => {
    const created = await rest(t, "POST", "/supplier-items", {
      token: acct.token,
      body: {
        supplier: "Packright",
        code: "PR-BOX-S",
        name: "Shipping box, small",
        opening_on_hand: 250.5,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      supplier: "Packright",
      code: "PR-BOX-S",
      name: "Shipping box, small",
      on_hand: 250.5,
      sku_id: null,
      active: true,
    });

    const fetched = await rest(t, "GET", `/supplier-items/${created.body.id}`, {
      token: acct.token,
    });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toMatchObject({ id: created.body.id, on_hand: 250.5, sku_id: null });

    const movements = await t.db.stockMovement.findMany({
      where: { accountId: acct.accountId, supplierItemId: created.body.id },
    });
    expect(movements).toHaveLength(1);
    expect(movements[0]).toMatchObject({
      entityType: "supplier_item",
      source: "opening_balance",
      skuId: null,
    });
    expect(movements[0]?.quantityAfter.toFixed()).toBe("250.5");
  });

  it("shows a linked supplier item with its SKU's id and on hand", async () => {
    const created = await rest(t, "POST", "/supplier-items", {
      token: acct.token,
      body: { supplier: "Acme", code: "AC-LINK-1", name: "Linked item", sku_id: linkedSku.id },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ sku_id: linkedSku.id, on_hand: 17.25 });

    const fetched = await rest(t, "GET", `/supplier-items/${created.body.id}`, {
      token: acct.token,
    });
    expect(fetched.body).toMatchObject({ sku_id: linkedSku.id, on_hand: 17.25 });

    const movements = await t.db.stockMovement.count({
      where: { accountId: acct.accountId, supplierItemId: created.body.id },
    });
    expect(movements).toBe(0);
  });

  it("accepts a linked supplier item with a zero opening on hand", async () => {
    const created = await rest(t, "POST", "/supplier-items", {
      token: acct.token,
      body: {
        supplier: "Acme",
        code: "AC-LINK-0",
        name: "Linked zero",
        sku_id: linkedSku.id,
        opening_on_hand: 0,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ sku_id: linkedSku.id, on_hand: 17.25 });
  });

  it("refuses a non-zero opening on hand for a linked item with 422 LINKED_SUPPLIER_ITEM and writes nothing", async () => {
    const before = await counts(acct.accountId);
    const res = await rest(t, "POST", "/supplier-items", {
      token: acct.token,
      body: {
        supplier: "Acme",
        code: "AC-LINK-BAD",
        name: "Linked bad",
        sku_id: linkedSku.id,
        opening_on_hand: 3,
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("LINKED_SUPPLIER_ITEM");
    expect(res.body.errors).toEqual([
      expect.objectContaining({ pointer: "/opening_on_hand", code: "LINKED_SUPPLIER_ITEM" }),
    ]);
    expect(await counts(acct.accountId)).toEqual(before);
    const sku = await rest(t, "GET", `/skus/${linkedSku.id}`, { token: acct.token });
    expect(sku.body.on_hand).toBe(17.25);
  });

  it("refuses a link to an unknown SKU with 404 SKU_NOT_FOUND and writes nothing", async () => {
    const before = await counts(acct.accountId);
    const res = await rest(t, "POST", "/supplier-items", {
      token: acct.token,
      body: { supplier: "Acme", code: "AC-GHOST", name: "Ghost link", sku_id: 2147483647 },
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("SKU_NOT_FOUND");
    expect(res.body.errors).toEqual([
      expect.objectContaining({ pointer: "/sku_id", code: "SKU_NOT_FOUND" }),
    ]);
    expect(await counts(acct.accountId)).toEqual(before);
  });

  it("refuses a second item with the same supplier and code with 409 DUPLICATE_CODE", async () => {
    const first = await rest(t, "POST", "/supplier-items", {
      token: acct.token,
      body: { supplier: "Dupe Co", code: "DC-1", name: "First" },
    });
    expect(first.status).toBe(201);
    const before = await counts(acct.accountId);
    const second = await rest(t, "POST", "/supplier-items", {
      token: acct.token,
      body: { supplier: "Dupe Co", code: "DC-1", name: "Second", opening_on_hand: 2 },
    });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe("DUPLICATE_CODE");
    expect(await counts(acct.accountId)).toEqual(before);
  });

  it("allows the same item code for different suppliers", async () => {
    const a = await rest(t, "POST", "/supplier-items", {
      token: acct.token,
      body: { supplier: "Shared A", code: "SAME", name: "A" },
    });
    const b = await rest(t, "POST", "/supplier-items", {
      token: acct.token,
      body: { supplier: "Shared B", code: "SAME", name: "B" },
    });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(a.body.id).not.toBe(b.body.id);
  });

  it("answers 404 SUPPLIER_ITEM_NOT_FOUND for an id that does not exist", async () => {
    const res = await rest(t, "GET", "/supplier-items/2147483647", { token: acct.token });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("SUPPLIER_ITEM_NOT_FOUND");
  });
});

describe("REST supplier item list", () => {
  let lister: TestAccount;
  let ids: number[];

  beforeAll(async () => {
    lister = await newAccount(t.db);
    const sku = await rest(t, "POST", "/skus", {
      token: lister.token,
      body: { code: "L-SKU", name: "L", opening_on_hand: 9 },
    });
    ids = [];
    for (let i = 1; i <= 3; i++) {
      const res = await rest(t, "POST", "/supplier-items", {
        token: lister.token,
        body: {
          supplier: "Lister",
          code: `LI-${i}`,
          name: `Item ${i}`,
          ...(i === 2 ? { sku_id: sku.body.id } : {}),
        },
      });
      ids.push(res.body.id);
    }
  });

  it("pages through every supplier item exactly once in id order, linked ones showing their SKU's on hand", async () => {
    const first = await rest(t, "GET", "/supplier-items?limit=2", { token: lister.token });
    expect(first.status).toBe(200);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await rest(
      t,
      "GET",
      `/supplier-items?limit=2&cursor=${first.body.next_cursor}`,
      { token: lister.token },
    );
    expect(second.status).toBe(200);
    expect(second.body.next_cursor).toBeNull();

    const items = [...first.body.data, ...second.body.data];
    expect(items.map((i: { id: number }) => i.id)).toEqual(ids);
    expect(items.map((i: { on_hand: number }) => i.on_hand)).toEqual([0, 9, 0]);
  });

  it("rejects a SKU cursor on the supplier item list with 400 INVALID_CURSOR", async () => {
    const skus = await rest(t, "GET", "/skus?limit=1", { token: acct.token });
    const skuCursor: string = skus.body.next_cursor;
    expect(skuCursor).toEqual(expect.any(String));
    const res = await rest(t, "GET", `/supplier-items?cursor=${skuCursor}`, { token: acct.token });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_CURSOR");
  });
});
