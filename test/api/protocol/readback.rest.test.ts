// Reading adjustments back over REST, the movement filters that go with them, supplier item
// adjustments, and the history of linked supplier items.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { rest, startTestApp, type RestResponse, type TestApp } from "../../helpers/app.js";
import { createStockTake } from "../../helpers/movements.js";
import {
  chainProblems,
  createSku,
  createSupplierItem,
  ledgerState,
  supplierItemOnHand,
} from "../../helpers/stock.js";

let t: TestApp;
let acct: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
  other = await newAccount(t.db);
});
afterAll(() => t.close());

const get = (path: string, token = acct.token) => rest(t, "GET", path, { token });

/** A refused request: status, code and the parameter or pointer every listed error names. */
function expectProblem(res: RestResponse, status: number, code: string, where?: object) {
  expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
  expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  if (where) expect(res.body.errors).toEqual([expect.objectContaining({ code, ...where })]);
}

async function bulk(lines: object[], extra: object = {}, token = acct.token) {
  const res = await rest(t, "POST", "/stock-adjustments/bulk", {
    token,
    body: { reason: "correction", ...extra, lines },
  });
  if (res.status !== 201) throw new Error(`bulk failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** `count` SKUs of the account at once (the catalog API would take a request each). */
async function manySkus(accountId: number, count: number): Promise<number[]> {
  const rows = await t.db.$queryRaw<{ id: number }[]>`
    INSERT INTO skus (account_id, code, name)
    SELECT ${accountId}, 'MANY-' || ${String(process.pid)} || '-' || g, 'Many' FROM generate_series(1, ${count}::int) AS g
    RETURNING id`;
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

describe("GET /api/v1/stock-adjustments/{id}", () => {
  it("answers the adjustment as the bulk request answered it, lines in the order sent", async () => {
    const a = await createSku(t, acct.token, 5);
    const b = await createSku(t, acct.token, 2);
    const item = await createSupplierItem(t, acct.token, { openingOnHand: 1 });
    const made = await bulk(
      [
        { type: "sku", id: b, new_qty: 2 },
        { type: "supplier_item", id: item, new_qty: 4.5 },
        { type: "sku", id: a, new_qty: 0 },
      ],
      { note: "shelf 3", reference: "RB-1" },
    );
    const res = await get(`/stock-adjustments/${made.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...made, lines_next_cursor: null });
    expect(res.body.lines.map((l: { status: string }) => l.status)).toEqual([
      "unchanged",
      "changed",
      "changed",
    ]);
  });

  it("pages a 2,500-line adjustment: the first 1000 lines, then the rest through /lines", async () => {
    const owner = await newAccount(t.db);
    const ids = await manySkus(owner.accountId, 2500);
    const made = await bulk(
      ids.map((id, i) => ({ type: "sku", id, new_qty: i % 7 })),
      {},
      owner.token,
    );
    const first = await get(`/stock-adjustments/${made.id}`, owner.token);
    expect(first.status).toBe(200);
    expect(first.body.lines).toHaveLength(1000);
    const served = [...first.body.lines];
    let cursor: string | null = first.body.lines_next_cursor;
    const sizes: number[] = [];
    while (cursor) {
      const page = await get(
        `/stock-adjustments/${made.id}/lines?limit=1000&cursor=${cursor}`,
        owner.token,
      );
      expect(page.status).toBe(200);
      sizes.push(page.body.data.length);
      served.push(...page.body.data);
      cursor = page.body.next_cursor;
    }
    expect(sizes).toEqual([1000, 500]);
    expect(served).toEqual(made.lines);
  }, 60_000);

  it("refuses another adjustment's lines cursor: 400 INVALID_CURSOR", async () => {
    const owner = await newAccount(t.db);
    const ids = await manySkus(owner.accountId, 3);
    const one = await bulk([{ type: "sku", id: ids[0], new_qty: 1 }], {}, owner.token);
    const two = await bulk(
      ids.map((id) => ({ type: "sku", id, new_qty: 2 })),
      {},
      owner.token,
    );
    const page = await get(`/stock-adjustments/${two.id}/lines?limit=1`, owner.token);
    const res = await get(
      `/stock-adjustments/${one.id}/lines?cursor=${page.body.next_cursor}`,
      owner.token,
    );
    expectProblem(res, 400, "INVALID_CURSOR", { parameter: "cursor" });
  });

  it.each([
    ["an id never issued", () => 2147483647],
    ["another account's adjustment", async () => (await otherAdjustment()).id],
  ])("answers %s with 404 ADJUSTMENT_NOT_FOUND, lines too", async (_, id) => {
    const adjustmentId = await id();
    expectProblem(await get(`/stock-adjustments/${adjustmentId}`), 404, "ADJUSTMENT_NOT_FOUND");
    expectProblem(
      await get(`/stock-adjustments/${adjustmentId}/lines`),
      404,
      "ADJUSTMENT_NOT_FOUND",
    );
  });
});

async function otherAdjustment() {
  const sku = await createSku(t, other.token);
  return bulk([{ type: "sku", id: sku, new_qty: 3 }], { reference: "THEIRS" }, other.token);
}

describe("GET /api/v1/stock-adjustments", () => {
  let owner: TestAccount;
  let made: { id: number; reason: string; reference: string | null }[];
  beforeAll(async () => {
    owner = await newAccount(t.db);
    const sku = await createSku(t, owner.token);
    made = [];
    for (const [i, reason] of ["damaged", "found", "damaged", "received", "damaged"].entries()) {
      made.push(
        await bulk(
          [{ type: "sku", id: sku, new_qty: i + 1 }],
          { reason, reference: i % 2 === 0 ? "PO-7" : null },
          owner.token,
        ),
      );
    }
    await otherAdjustment();
  });

  const list = (query: string, token = owner.token) => get(`/stock-adjustments?${query}`, token);
  const idsOf = (res: RestResponse) => res.body.data.map((a: { id: number }) => a.id);
  const newestFirst = () => made.map((a) => a.id).reverse();

  it("lists the account's adjustments newest first, without lines, a page at a time", async () => {
    const first = await list("limit=2");
    expect(first.status).toBe(200);
    expect(Object.keys(first.body.data[0]).sort()).toEqual([
      "actor",
      "created_at",
      "id",
      "note",
      "reason",
      "reference",
      "site_id",
    ]);
    const served = [...idsOf(first)];
    let cursor = first.body.next_cursor;
    while (cursor) {
      const page = await list(`limit=2&cursor=${cursor}`);
      served.push(...idsOf(page));
      cursor = page.body.next_cursor;
    }
    expect(served).toEqual(newestFirst());
  });

  it("filters by reason and by reference, each exactly, and by both", async () => {
    const byReason = newestFirst().filter(
      (id) => made.find((a) => a.id === id)!.reason === "damaged",
    );
    expect(idsOf(await list("reason=damaged"))).toEqual(byReason);
    expect(idsOf(await list("reference=PO-7"))).toEqual(byReason);
    expect(idsOf(await list("reference=po-7"))).toEqual([]);
    expect(idsOf(await list("reason=found&reference=PO-7"))).toEqual([]);
  });

  it("takes a window with the movement query's date rules, and needs none", async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(idsOf(await list(`from=${today}`))).toEqual(newestFirst());
    expect(idsOf(await list(`from=2020-01-01&to=2020-12-31`))).toEqual([]);
    expectProblem(await list("from=2026-02-01&to=2026-01-01"), 422, "INVALID_DATE_RANGE", {
      parameter: "to",
    });
    expectProblem(await list("from=yesterday"), 400, "INVALID_PARAMETER");
  });

  it("refuses a system reason, a cursor of another filter and a NUL in reference", async () => {
    expectProblem(await list("reason=stock_take"), 400, "INVALID_PARAMETER");
    const page = await list("limit=1");
    expectProblem(
      await list(`limit=1&reason=damaged&cursor=${page.body.next_cursor}`),
      400,
      "INVALID_CURSOR",
    );
    expectProblem(await list("reference=PO%007"), 400, "INVALID_PARAMETER");
  });
});

describe("GET /api/v1/stock/movements: reason, source, reference and adjustment_id", () => {
  let owner: TestAccount;
  let sku: number;
  let item: number;
  let damaged: { id: number; lines: { movement_id: number | null }[] };
  beforeAll(async () => {
    owner = await newAccount(t.db);
    sku = await createSku(t, owner.token, 10);
    item = await createSupplierItem(t, owner.token, { openingOnHand: 4 });
    damaged = await bulk(
      [
        { type: "sku", id: sku, new_qty: 8 },
        { type: "supplier_item", id: item, new_qty: 3 },
      ],
      { reason: "damaged", reference: "DMG-1" },
      owner.token,
    );
    await bulk([{ type: "sku", id: sku, new_qty: 9 }], { reason: "found" }, owner.token);
  });

  const movements = (query: string, token = owner.token) => get(`/stock/movements?${query}`, token);
  const idsOf = (res: RestResponse) => res.body.data.map((m: { id: number }) => m.id);
  const today = () => new Date().toISOString().slice(0, 10);

  it("adjustment_id bounds the query like an entity: that adjustment's movements, any window", async () => {
    const res = await movements(`adjustment_id=${damaged.id}&order=asc`);
    expect(res.status).toBe(200);
    expect(idsOf(res)).toEqual(damaged.lines.map((l) => l.movement_id));
    expect(
      res.body.data.every((m: { adjustment_id: number }) => m.adjustment_id === damaged.id),
    ).toBe(true);
    const combined = await movements(`adjustment_id=${damaged.id}&supplier_item_id=${item}`);
    expect(idsOf(combined)).toEqual([damaged.lines[1]!.movement_id]);
    expect(
      idsOf(await movements(`adjustment_id=${damaged.id}&from=2020-01-01&to=2020-02-01`)),
    ).toEqual([]);
  });

  it("narrows a window or an entity by reason, source and reference", async () => {
    const byReason = await movements(`from=${today()}&reason=damaged&order=asc`);
    expect(idsOf(byReason)).toEqual(damaged.lines.map((l) => l.movement_id));
    const opening = await movements(`sku_id=${sku}&source=opening_balance`);
    expect(opening.body.data).toEqual([
      expect.objectContaining({ reason: "opening_balance", quantity_after: 10 }),
    ]);
    const byReference = await movements(`sku_id=${sku}&reference=DMG-1`);
    expect(idsOf(byReference)).toEqual([damaged.lines[0]!.movement_id]);
    expect(idsOf(await movements(`sku_id=${sku}&reason=found&source=stock_take`))).toEqual([]);
  });

  it("does not let reason, source or reference bound a query on their own: 422 UNBOUNDED_QUERY", async () => {
    for (const query of ["reason=damaged", "source=adjustment", "reference=DMG-1"]) {
      expectProblem(await movements(query), 422, "UNBOUNDED_QUERY");
    }
  });

  it("refuses unknown reasons and sources, and a NUL in reference, with 400", async () => {
    for (const query of [
      `sku_id=${sku}&reason=stolen`,
      `sku_id=${sku}&source=import`,
      `sku_id=${sku}&reference=A%00B`,
    ]) {
      expectProblem(await movements(query), 400, "INVALID_PARAMETER");
    }
  });
});

describe("GET /api/v1/stock/movements: an entity filter naming nothing is its 404", () => {
  it.each([
    ["sku_id=999999999", "SKU_NOT_FOUND", "sku_id"],
    ["supplier_item_id=999999999", "SUPPLIER_ITEM_NOT_FOUND", "supplier_item_id"],
    ["stock_take_id=999999999", "STOCK_TAKE_NOT_FOUND", "stock_take_id"],
    ["adjustment_id=999999999", "ADJUSTMENT_NOT_FOUND", "adjustment_id"],
  ])("%s answers 404 %s pointing at %s", async (query, code, parameter) => {
    const res = await get(`/stock/movements?${query}`);
    expectProblem(res, 404, code, { parameter });
  });

  it("names every unknown entity of one request, and another account's as unknown", async () => {
    const theirs = await otherAdjustment();
    const theirStockTake = await createStockTake(t.db, other.accountId);
    const res = await get(
      `/stock/movements?sku_id=999999999&adjustment_id=${theirs.id}&stock_take_id=${theirStockTake}`,
    );
    expect(res.status).toBe(404);
    expect(
      res.body.errors.map((e: { parameter: string; code: string }) => [e.parameter, e.code]),
    ).toEqual([
      ["sku_id", "SKU_NOT_FOUND"],
      ["stock_take_id", "STOCK_TAKE_NOT_FOUND"],
      ["adjustment_id", "ADJUSTMENT_NOT_FOUND"],
    ]);
  });

  it("answers a malformed cursor (400) before an unknown entity (404)", async () => {
    expectProblem(
      await get("/stock/movements?sku_id=999999999&cursor=nonsense"),
      400,
      "INVALID_CURSOR",
    );
  });
});

describe("a linked supplier item's history is its SKU's", () => {
  it("answers supplier_item_id of a linked item with the SKU's movements, and its updated_at moves with them", async () => {
    const sku = await createSku(t, acct.token, 5);
    const item = await createSupplierItem(t, acct.token, { skuId: sku });
    const before = await get(`/supplier-items/${item}`);
    await new Promise((r) => setTimeout(r, 5));
    const patched = await rest(t, "PATCH", `/skus/${sku}`, {
      token: acct.token,
      body: { on_hand: 8, reason: "received" },
    });
    expect(patched.status).toBe(200);

    const res = await get(`/stock/movements?supplier_item_id=${item}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        entity_type: "sku",
        sku_id: sku,
        supplier_item_id: null,
        quantity_after: 8,
      }),
      expect.objectContaining({ entity_type: "sku", sku_id: sku, source: "opening_balance" }),
    ]);
    const after = await get(`/supplier-items/${item}`);
    expect(after.body.on_hand).toBe(8);
    expect(after.body.updated_at > before.body.updated_at).toBe(true);
    expect(after.body.updated_at).toBe(patched.body.updated_at);
  });

  it("answers nothing when asked for the linked item together with another SKU", async () => {
    const sku = await createSku(t, acct.token, 5);
    const another = await createSku(t, acct.token, 5);
    const item = await createSupplierItem(t, acct.token, { skuId: sku });
    const res = await get(`/stock/movements?supplier_item_id=${item}&sku_id=${another}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });
});

describe("PATCH /api/v1/supplier-items/{id}", () => {
  const patch = (id: number, body: object, headers: Record<string, string> = {}) =>
    rest(t, "PATCH", `/supplier-items/${id}`, { token: acct.token, body, headers });

  it("sets an unlinked item's on hand through the ledger and answers the item with its movement", async () => {
    const item = await createSupplierItem(t, acct.token, { openingOnHand: 2 });
    const res = await patch(item, {
      on_hand: 7.25,
      reason: "received",
      reference: "GRN-4",
      expected_on_hand: 2,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: item,
      sku_id: null,
      on_hand: 7.25,
      movement: {
        entity_type: "supplier_item",
        supplier_item_id: item,
        quantity_before: 2,
        quantity_after: 7.25,
        change: 5.25,
        reason: "received",
        reference: "GRN-4",
        source: "adjustment",
        adjustment_id: expect.any(Number),
      },
    });
    expect(await supplierItemOnHand(t.db, acct.accountId, item)).toBe("7.25");
    expect(await chainProblems(t.db, acct.accountId, { type: "supplier_item", id: item })).toEqual(
      [],
    );
    const record = await get(`/stock-adjustments/${res.body.movement.adjustment_id}`);
    expect(record.body.lines).toEqual([
      expect.objectContaining({ type: "supplier_item", id: item, previous_qty: 2, new_qty: 7.25 }),
    ]);
  });

  it("writes no movement when on hand already has the value", async () => {
    const item = await createSupplierItem(t, acct.token, { openingOnHand: 3 });
    const res = await patch(item, { on_hand: 3, reason: "correction" });
    expect(res.status).toBe(200);
    expect(res.body.movement).toBeNull();
  });

  it("replays a retry with the same Idempotency-Key and refuses the key with another body", async () => {
    const item = await createSupplierItem(t, acct.token);
    const key = `rb-${process.pid}-${Date.now()}`;
    const first = await patch(item, { on_hand: 4, reason: "found" }, { "idempotency-key": key });
    const again = await patch(item, { on_hand: 4, reason: "found" }, { "idempotency-key": key });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(
      await t.db.stockMovement.count({
        where: { accountId: acct.accountId, supplierItemId: item },
      }),
    ).toBe(1);
    const changed = await patch(item, { on_hand: 5, reason: "found" }, { "idempotency-key": key });
    expectProblem(changed, 422, "IDEMPOTENCY_KEY_REUSED");
  });

  it("refuses a linked item with 422 LINKED_SUPPLIER_ITEM naming its SKU, writing nothing", async () => {
    const sku = await createSku(t, acct.token, 5);
    const item = await createSupplierItem(t, acct.token, { skuId: sku });
    const before = await ledgerState(t.db, acct.accountId);
    const res = await patch(item, { on_hand: 9, reason: "found" });
    expectProblem(res, 422, "LINKED_SUPPLIER_ITEM");
    expect(res.body.detail).toContain(`SKU ${sku}`);
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
  });

  it("answers the rules of PATCH /skus/{id}: 404, note, expected on hand, bad quantities", async () => {
    const item = await createSupplierItem(t, acct.token, { openingOnHand: 1 });
    expectProblem(
      await patch(2147483647, { on_hand: 1, reason: "found" }),
      404,
      "SUPPLIER_ITEM_NOT_FOUND",
    );
    const foreign = await createSupplierItem(t, other.token);
    expectProblem(
      await patch(foreign, { on_hand: 1, reason: "found" }),
      404,
      "SUPPLIER_ITEM_NOT_FOUND",
    );
    expectProblem(await patch(item, { on_hand: 1, reason: "manual" }), 422, "NOTE_REQUIRED", {
      pointer: "/note",
    });
    expectProblem(
      await patch(item, { on_hand: 2, reason: "found", expected_on_hand: 5 }),
      409,
      "ON_HAND_CHANGED",
      { pointer: "/expected_on_hand" },
    );
    expectProblem(await patch(item, { on_hand: -1, reason: "found" }), 422, "INVALID_QUANTITY", {
      pointer: "/on_hand",
    });
    expectProblem(await patch(item, { on_hand: 1, reason: "stock_take" }), 422, "INVALID_REASON");
    expect(await supplierItemOnHand(t.db, acct.accountId, item)).toBe("1");
  });
});

describe("sync consumers: order=asc keeps a cursor to resume from", () => {
  it("reads to the end, and after a new movement resumes from the last cursor to exactly that one", async () => {
    const owner = await newAccount(t.db);
    const sku = await createSku(t, owner.token, 1);
    for (const q of [2, 3, 4]) {
      await rest(t, "PATCH", `/skus/${sku}`, {
        token: owner.token,
        body: { on_hand: q, reason: "found" },
      });
    }
    const query = `sku_id=${sku}&order=asc&limit=3`;
    const first = await get(`/stock/movements?${query}`, owner.token);
    expect(first.body).toMatchObject({ has_more: true });
    const last = await get(
      `/stock/movements?${query}&cursor=${first.body.next_cursor}`,
      owner.token,
    );
    expect(last.body.data).toHaveLength(1);
    expect(last.body.has_more).toBe(false);
    expect(last.body.next_cursor).toEqual(expect.any(String));
    expect(last.headers.get("link")).toBeNull();

    // Nothing new yet: an empty page that hands the same cursor back.
    const idle = await get(
      `/stock/movements?${query}&cursor=${last.body.next_cursor}`,
      owner.token,
    );
    expect(idle.body).toEqual({ data: [], next_cursor: last.body.next_cursor, has_more: false });

    const patched = await rest(t, "PATCH", `/skus/${sku}`, {
      token: owner.token,
      body: { on_hand: 9, reason: "received" },
    });
    const resumed = await get(
      `/stock/movements?${query}&cursor=${idle.body.next_cursor}`,
      owner.token,
    );
    expect(resumed.body.data.map((m: { id: number }) => m.id)).toEqual([patched.body.movement.id]);
    expect(resumed.body.has_more).toBe(false);
  });

  it("keeps newest-first paging as it was: no cursor after the last page", async () => {
    const sku = await createSku(t, acct.token, 1);
    const res = await get(`/stock/movements?sku_id=${sku}`);
    expect(res.body).toMatchObject({ next_cursor: null, has_more: false });
  });
});
