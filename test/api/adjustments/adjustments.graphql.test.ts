import { newAccount, type TestAccount } from "../../helpers/db.js";
import { gql, startTestApp, type TestApp } from "../../helpers/app.js";
import { createToken } from "../../../src/modules/token/token.store.js";
import {
  chainProblems,
  createSku,
  createSupplierItem,
  expectNothingWritten,
  ledgerState,
  movedSinceFreeze,
  movementsOf,
  skuOnHand,
  stockTakeWithLine,
  supplierItemOnHand,
} from "../../helpers/stock.js";
import {
  AdjAdjustSkuStockDocument,
  AdjAdjustSkuStockLiteralDocument,
  AdjBulkAdjustStockDocument,
  AdjSkuMovementsDocument,
  AdjSupplierItemMovementsDocument,
  type AdjSkuMovementsQuery,
  type AdjustSkuStockInput,
  type BulkAdjustStockInput,
} from "../generated/graphql.js";

let t: TestApp;
let acct: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
  other = await newAccount(t.db);
});
afterAll(() => t.close());

async function adjustSku(input: AdjustSkuStockInput, token = acct.token) {
  const res = await gql(t, AdjAdjustSkuStockDocument, { input }, token);
  expect(res.errors).toBeUndefined();
  return res.data!.adjustSkuStock;
}

async function bulkAdjust(input: BulkAdjustStockInput, token = acct.token) {
  const res = await gql(t, AdjBulkAdjustStockDocument, { input }, token);
  expect(res.errors).toBeUndefined();
  return res.data!.bulkAdjustStock;
}

/** A GraphQL request the typed documents cannot express (wrong enum values, wrong types). */
async function rawGql(query: string, variables: Record<string, unknown> = {}, token = acct.token) {
  const response = await fetch(`${t.baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    ...((await response.json()) as {
      data?: unknown;
      errors?: { message: string; extensions?: { code?: string } }[];
    }),
  };
}

/** Runs a request that must fail and checks it wrote nothing at all. */
describe("adjustSkuStock", () => {
  it("sets a SKU's on hand and returns the SKU and its movement", async () => {
    const skuId = await createSku(t, acct.token, 5);
    const payload = await adjustSku({
      skuId,
      onHand: 12,
      reason: "MANUAL",
      note: "Cycle count correction.",
      reference: "MANUAL-001",
    });

    expect(payload.userErrors).toEqual([]);
    expect(payload.sku).toMatchObject({ id: skuId, onHand: 12 });
    expect(payload.movement).toEqual({
      id: expect.any(Number),
      occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      entityType: "SKU",
      skuId,
      supplierItemId: null,
      quantityBefore: 5,
      quantityAfter: 12,
      change: 7,
      reason: "MANUAL",
      note: "Cycle count correction.",
      reference: "MANUAL-001",
      source: "ADJUSTMENT",
      adjustmentId: expect.any(Number),
      stockTakeId: null,
      actor: { name: "test-token", tokenId: expect.any(Number) },
    });
    expect(await skuOnHand(t.db, acct.accountId, skuId)).toBe("12");
    const adjustment = await t.db.stockAdjustment.findUniqueOrThrow({
      where: { accountId_id: { accountId: acct.accountId, id: payload.movement!.adjustmentId! } },
    });
    expect(adjustment).toMatchObject({
      reason: "manual",
      note: "Cycle count correction.",
      reference: "MANUAL-001",
    });
  });

  it("updating a SKU to its current on hand returns a null movement and writes none", async () => {
    const skuId = await createSku(t, acct.token, 4.5);
    const before = await ledgerState(t.db, acct.accountId);
    const payload = await adjustSku({ skuId, onHand: 4.5, reason: "CORRECTION" });
    expect(payload).toMatchObject({
      sku: { id: skuId, onHand: 4.5 },
      movement: null,
      userErrors: [],
    });
    expect((await ledgerState(t.db, acct.accountId)).movements).toBe(before.movements);
  });

  it("keeps a quantity written as a literal in the document exact", async () => {
    const skuId = await createSku(t, acct.token, 0.1);
    const res = await gql(t, AdjAdjustSkuStockLiteralDocument, { skuId }, acct.token);
    expect(res.errors).toBeUndefined();
    expect(res.data?.adjustSkuStock.movement).toMatchObject({
      quantityBefore: 0.1,
      quantityAfter: 0.3,
      change: 0.2,
    });
    const [, movement] = await movementsOf(t.db, acct.accountId, { type: "sku", id: skuId });
    expect(movement?.change.toFixed()).toBe("0.2");
  });

  it("flags the SKU's line in an open stock take, not in a reconciled one", async () => {
    const skuId = await createSku(t, acct.token, 5);
    const open = await stockTakeWithLine(
      t.db,
      acct.accountId,
      "open",
      { type: "sku", id: skuId },
      "5",
    );
    const done = await stockTakeWithLine(
      t.db,
      acct.accountId,
      "reconciled",
      { type: "sku", id: skuId },
      "5",
    );
    const payload = await adjustSku({ skuId, onHand: 3, reason: "THEFT" });
    expect(payload.userErrors).toEqual([]);
    expect(await movedSinceFreeze(t.db, acct.accountId, open.line.id)).toBe(true);
    expect(await movedSinceFreeze(t.db, acct.accountId, done.line.id)).toBe(false);
  });

  describe("answers rule violations as userErrors and writes nothing", () => {
    let skuId: number;
    beforeAll(async () => {
      skuId = await createSku(t, acct.token, 3);
    });
    afterEach(async () => {
      expect(await skuOnHand(t.db, acct.accountId, skuId)).toBe("3");
    });

    it.each<[string, Partial<AdjustSkuStockInput>, string[] | null, string]>([
      ["a negative quantity", { onHand: -1 }, ["onHand"], "INVALID_QUANTITY"],
      ["a quantity with four decimals", { onHand: 1.0001 }, ["onHand"], "INVALID_QUANTITY"],
      ["an absurdly large quantity", { onHand: 1e11 }, ["onHand"], "INVALID_QUANTITY"],
      ["a bad expected on hand", { expectedOnHand: -3 }, ["expectedOnHand"], "INVALID_QUANTITY"],
      ["MANUAL without a note", { reason: "MANUAL" }, ["note"], "NOTE_REQUIRED"],
      [
        "MANUAL with a note of whitespace",
        { reason: "MANUAL", note: "  " },
        ["note"],
        "NOTE_REQUIRED",
      ],
      ["ERROR with a null note", { reason: "ERROR", note: null }, ["note"], "NOTE_REQUIRED"],
      ["a stale expected on hand", { expectedOnHand: 2 }, ["expectedOnHand"], "ON_HAND_CHANGED"],
      ["a note over 1000 characters", { note: "n".repeat(1001) }, ["note"], "INVALID_PARAMETER"],
    ])("refuses %s", async (_name, change, field, code) => {
      const payload = await expectNothingWritten(t.db, acct, () =>
        adjustSku({ skuId, onHand: 4, reason: "FOUND", ...change }),
      );
      expect(payload.sku).toBeNull();
      expect(payload.movement).toBeNull();
      expect(payload.userErrors).toContainEqual({ field, code, message: expect.any(String) });
    });

    it("answers SKU_NOT_FOUND for an unknown SKU and for another account's SKU alike", async () => {
      const theirs = await createSku(t, other.token, 6);
      const unknown = theirs + 1_000_000;
      const forUnknown = await expectNothingWritten(t.db, acct, () =>
        adjustSku({ skuId: unknown, onHand: 4, reason: "FOUND" }),
      );
      const forTheirs = await expectNothingWritten(t.db, other, () =>
        adjustSku({ skuId: theirs, onHand: 4, reason: "FOUND" }),
      );
      expect(forUnknown.userErrors).toEqual([expect.objectContaining({ code: "SKU_NOT_FOUND" })]);
      expect(forTheirs.userErrors).toEqual([
        {
          ...forUnknown.userErrors[0],
          message: forUnknown.userErrors[0]!.message.replace(String(unknown), String(theirs)),
        },
      ]);
      expect(forTheirs.sku).toBeNull();
      expect(await skuOnHand(t.db, other.accountId, theirs)).toBe("6");
    });

    it.each([
      ["the system reason STOCK_TAKE", "STOCK_TAKE"],
      ["the system reason OPENING_BALANCE", "OPENING_BALANCE"],
      ["an unknown reason", "SHRINKAGE"],
    ])("rejects %s as a value the schema does not allow", async (_name, reason) => {
      const res = await expectNothingWritten(t.db, acct, () =>
        rawGql(
          `mutation { adjustSkuStock(input: { skuId: ${skuId}, onHand: 4, reason: ${reason} }) { sku { id } } }`,
        ),
      );
      expect(res.data).toBeUndefined();
      expect(res.errors?.[0]?.extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
    });

    it("rejects a missing reason and a quantity sent as a string as bad input", async () => {
      const mutation = `mutation ($input: AdjustSkuStockInput!) { adjustSkuStock(input: $input) { sku { id } } }`;
      const noReason = await expectNothingWritten(t.db, acct, () =>
        rawGql(mutation, { input: { skuId, onHand: 4 } }),
      );
      const asString = await expectNothingWritten(t.db, acct, () =>
        rawGql(mutation, { input: { skuId, onHand: "12", reason: "FOUND" } }),
      );
      for (const res of [noReason, asString]) {
        expect(res.data ?? null).toBeNull();
        expect(res.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
      }
    });

    it("requires the adjust scope", async () => {
      const reader = await newAccount(t.db, { scopes: ["read"] });
      const res = await expectNothingWritten(t.db, reader, () =>
        gql(
          t,
          AdjAdjustSkuStockDocument,
          { input: { skuId, onHand: 4, reason: "FOUND" } },
          reader.token,
        ),
      );
      expect(res.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    });
  });
});

describe("bulkAdjustStock", () => {
  it("sets SKUs and unlinked supplier items, reporting unchanged lines without a movement", async () => {
    const a = await createSku(t, acct.token, 1);
    const b = await createSku(t, acct.token, 2);
    const item = await createSupplierItem(t, acct.token, { openingOnHand: 3 });
    const before = await ledgerState(t.db, acct.accountId);

    const payload = await bulkAdjust({
      reason: "MANUAL",
      note: "Stock correction after count.",
      reference: "COUNT-001",
      lines: [
        { type: "SKU", id: a, newQty: 25 },
        { type: "SKU", id: b, newQty: 2 },
        { type: "SUPPLIER_ITEM", id: item, newQty: 0.125, expectedQty: 3 },
      ],
    });

    expect(payload.userErrors).toEqual([]);
    expect(payload.adjustment).toEqual({
      id: expect.any(Number),
      reason: "MANUAL",
      note: "Stock correction after count.",
      reference: "COUNT-001",
      createdAt: expect.any(String),
      actor: { name: "test-token", tokenId: expect.any(Number) },
      lines: [
        {
          type: "SKU",
          id: a,
          previousQty: 1,
          newQty: 25,
          change: 24,
          status: "CHANGED",
          movementId: expect.any(Number),
        },
        {
          type: "SKU",
          id: b,
          previousQty: 2,
          newQty: 2,
          change: 0,
          status: "UNCHANGED",
          movementId: null,
        },
        {
          type: "SUPPLIER_ITEM",
          id: item,
          previousQty: 3,
          newQty: 0.125,
          change: -2.875,
          status: "CHANGED",
          movementId: expect.any(Number),
        },
      ],
    });
    const after = await ledgerState(t.db, acct.accountId);
    expect(after.adjustments).toBe(before.adjustments + 1);
    expect(after.movements).toBe(before.movements + 2);
    expect(await supplierItemOnHand(t.db, acct.accountId, item)).toBe("0.125");

    const itemMovement = (
      await movementsOf(t.db, acct.accountId, { type: "supplier_item", id: item })
    ).at(-1)!;
    expect(Number(itemMovement.id)).toBe(payload.adjustment!.lines[2]!.movementId);
    expect(itemMovement).toMatchObject({
      entityType: "supplier_item",
      skuId: null,
      reason: "manual",
      note: "Stock correction after count.",
      reference: "COUNT-001",
      source: "adjustment",
      adjustmentId: payload.adjustment!.id,
    });
    for (const ref of [
      { type: "sku", id: a },
      { type: "sku", id: b },
      { type: "supplier_item", id: item },
    ] as const) {
      expect(await chainProblems(t.db, acct.accountId, ref)).toEqual([]);
    }
  });

  describe("answers rule violations as userErrors with field paths and writes nothing", () => {
    let a: number;
    let b: number;
    let linkedTo: number;
    let linked: number;
    let theirs: number;

    beforeAll(async () => {
      a = await createSku(t, acct.token, 5);
      b = await createSku(t, acct.token, 6);
      linkedTo = await createSku(t, acct.token, 7);
      linked = await createSupplierItem(t, acct.token, { skuId: linkedTo });
      theirs = await createSku(t, other.token, 1);
    });
    afterEach(async () => {
      expect(await skuOnHand(t.db, acct.accountId, a)).toBe("5");
      expect(await skuOnHand(t.db, acct.accountId, b)).toBe("6");
      expect(await skuOnHand(t.db, acct.accountId, linkedTo)).toBe("7");
    });

    async function refused(input: BulkAdjustStockInput) {
      const payload = await expectNothingWritten(t.db, acct, () => bulkAdjust(input));
      expect(payload.adjustment).toBeNull();
      return payload.userErrors;
    }

    it("reports every bad line with its path", async () => {
      const errors = await refused({
        reason: "FOUND",
        lines: [
          { type: "SKU", id: a, newQty: 50 },
          { type: "SKU", id: b, newQty: -1 },
          { type: "SKU", id: linkedTo, newQty: 1.0001 },
          { type: "SKU", id: a, newQty: 2 },
          { type: "SKU", id: b, newQty: 1, expectedQty: 1e11 },
        ],
      });
      expect(errors).toEqual([
        { field: ["lines", "1", "newQty"], code: "INVALID_QUANTITY", message: expect.any(String) },
        { field: ["lines", "2", "newQty"], code: "INVALID_QUANTITY", message: expect.any(String) },
        { field: ["lines", "3", "id"], code: "DUPLICATE_LINE", message: expect.any(String) },
        { field: ["lines", "4", "id"], code: "DUPLICATE_LINE", message: expect.any(String) },
        {
          field: ["lines", "4", "expectedQty"],
          code: "INVALID_QUANTITY",
          message: expect.any(String),
        },
      ]);
    });

    it("reports every line naming a missing or linked entity", async () => {
      const errors = await refused({
        reason: "FOUND",
        lines: [
          { type: "SKU", id: a, newQty: 50 },
          { type: "SUPPLIER_ITEM", id: linked, newQty: 1 },
          { type: "SKU", id: theirs, newQty: 1 },
          { type: "SUPPLIER_ITEM", id: 2_000_000_000, newQty: 1 },
        ],
      });
      // Under the one error policy the 404s come first, then the 422, each in line order.
      expect(errors).toEqual([
        { field: ["lines", "2", "id"], code: "SKU_NOT_FOUND", message: expect.any(String) },
        {
          field: ["lines", "3", "id"],
          code: "SUPPLIER_ITEM_NOT_FOUND",
          message: expect.any(String),
        },
        {
          field: ["lines", "1", "id"],
          code: "LINKED_SUPPLIER_ITEM",
          message: expect.stringContaining(`SKU ${linkedTo}`),
        },
      ]);
    });

    it.each<[string, () => BulkAdjustStockInput, string[], string]>([
      [
        "MANUAL without a note",
        () => ({ reason: "MANUAL", lines: [{ type: "SKU", id: a, newQty: 1 }] }),
        ["note"],
        "NOTE_REQUIRED",
      ],
      [
        "ERROR with a blank note",
        () => ({ reason: "ERROR", note: "\t", lines: [{ type: "SKU", id: a, newQty: 1 }] }),
        ["note"],
        "NOTE_REQUIRED",
      ],
      ["empty lines", () => ({ reason: "FOUND", lines: [] }), ["lines"], "INVALID_PARAMETER"],
      [
        "a 1001-character note",
        () => ({
          reason: "DAMAGED",
          note: "n".repeat(1001),
          lines: [{ type: "SKU", id: a, newQty: 1 }],
        }),
        ["note"],
        "INVALID_PARAMETER",
      ],
      [
        "a 201-character reference",
        () => ({
          reason: "FOUND",
          reference: "r".repeat(201),
          lines: [{ type: "SKU", id: a, newQty: 1 }],
        }),
        ["reference"],
        "INVALID_PARAMETER",
      ],
      [
        "a stale expected quantity",
        () => ({
          reason: "FOUND",
          lines: [
            { type: "SKU", id: b, newQty: 1 },
            { type: "SKU", id: a, newQty: 1, expectedQty: 4 },
          ],
        }),
        ["lines", "1", "expectedQty"],
        "ON_HAND_CHANGED",
      ],
    ])("refuses %s", async (_name, input, field, code) => {
      const errors = await refused(input());
      expect(errors).toContainEqual({ field, code, message: expect.any(String) });
    });

    it("refuses 10,001 lines with a top-level 422 TOO_MANY_LINES before reading them", async () => {
      const lines = Array.from({ length: 10_001 }, (_, i) => ({
        type: "SKU",
        id: i + 1,
        newQty: 1,
      }));
      const res = await expectNothingWritten(t.db, acct, () =>
        rawGql(
          `mutation Bulk($input: BulkAdjustStockInput!) { bulkAdjustStock(input: $input) { adjustment { id } } }`,
          { input: { reason: "FOUND", lines } },
        ),
      );
      expect(res.status).toBe(422);
      expect(res.errors?.map((e) => e.extensions?.code)).toEqual(["TOO_MANY_LINES"]);
    });

    it("rejects a system reason as a value the schema does not allow", async () => {
      const res = await expectNothingWritten(t.db, acct, () =>
        rawGql(
          `mutation { bulkAdjustStock(input: { reason: STOCK_TAKE, lines: [{ type: SKU, id: ${a}, newQty: 1 }] }) { adjustment { id } } }`,
        ),
      );
      expect(res.errors?.[0]?.extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
    });
  });

  it("accepts a note of exactly 1000 characters and a reference of exactly 200", async () => {
    const id = await createSku(t, acct.token, 1);
    const note = "n".repeat(1000);
    const reference = "r".repeat(200);
    const payload = await bulkAdjust({
      reason: "DAMAGED",
      note,
      reference,
      lines: [{ type: "SKU", id, newQty: 0.5 }],
    });
    expect(payload.userErrors).toEqual([]);
    expect(payload.adjustment).toMatchObject({ note, reference });
  });
});

describe("Sku.movements", () => {
  it("lists a SKU's movements newest first, page by page, without gaps or repeats", async () => {
    const skuId = await createSku(t, acct.token, 1);
    const values = [2, 3.5, 0, 7, 7, 4.25, 9];
    for (const onHand of values) {
      expect(
        (await adjustSku({ skuId, onHand, reason: "CORRECTION", reference: `R-${onHand}` }))
          .userErrors,
      ).toEqual([]);
    }

    type Node = AdjSkuMovementsQuery["sku"]["movements"]["edges"][number]["node"];
    const seen: Node[] = [];
    let after: string | null | undefined;
    let pages = 0;
    for (;;) {
      const res = await gql(t, AdjSkuMovementsDocument, { id: skuId, first: 2, after }, acct.token);
      expect(res.errors).toBeUndefined();
      const connection = res.data!.sku.movements;
      seen.push(...connection.edges.map((e) => e.node));
      pages++;
      if (!connection.pageInfo.hasNextPage) break;
      expect(connection.edges).toHaveLength(2);
      after = connection.pageInfo.endCursor;
    }

    // The opening balance and six changes: setting 7 twice wrote one movement.
    expect(pages).toBe(4);
    expect(seen.map((m) => m.quantityAfter)).toEqual([9, 4.25, 7, 0, 3.5, 2, 1]);
    const ids = seen.map((m) => Number(m.id));
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(seen.at(-1)).toMatchObject({
      reason: "OPENING_BALANCE",
      source: "OPENING_BALANCE",
      quantityBefore: 0,
    });
    expect(seen[0]).toMatchObject({
      reason: "CORRECTION",
      source: "ADJUSTMENT",
      reference: "R-9",
      quantityBefore: 4.25,
    });

    const all = await gql(t, AdjSkuMovementsDocument, { id: skuId }, acct.token);
    expect(all.data!.sku.onHand).toBe(9);
    expect(all.data!.sku.movements.edges.map((e) => e.node)).toEqual(seen);
    expect(all.data!.sku.movements.pageInfo.hasNextPage).toBe(false);
  });

  it("shows only this SKU's movements, and a supplier item's own ones", async () => {
    const skuId = await createSku(t, acct.token, 0);
    const bystander = await createSku(t, acct.token, 0);
    const item = await createSupplierItem(t, acct.token);
    await bulkAdjust({
      reason: "RECEIVED",
      lines: [
        { type: "SKU", id: skuId, newQty: 1 },
        { type: "SKU", id: bystander, newQty: 2 },
        { type: "SUPPLIER_ITEM", id: item, newQty: 3 },
      ],
    });
    const sku = await gql(t, AdjSkuMovementsDocument, { id: skuId }, acct.token);
    expect(sku.data!.sku.movements.edges.map((e) => [e.node.skuId, e.node.quantityAfter])).toEqual([
      [skuId, 1],
    ]);

    const supplierItem = await gql(t, AdjSupplierItemMovementsDocument, { id: item }, acct.token);
    expect(supplierItem.errors).toBeUndefined();
    expect(supplierItem.data!.supplierItem.movements.edges.map((e) => e.node)).toEqual([
      expect.objectContaining({
        entityType: "SUPPLIER_ITEM",
        supplierItemId: item,
        skuId: null,
        quantityAfter: 3,
      }),
    ]);
  });

  it("can be read with a read-only token", async () => {
    const skuId = await createSku(t, acct.token, 2);
    const { token } = await createToken(t.db, {
      accountId: acct.accountId,
      name: "reader",
      scopes: ["read"],
    });
    const res = await gql(t, AdjSkuMovementsDocument, { id: skuId }, token);
    expect(res.errors).toBeUndefined();
    expect(res.data!.sku.movements.edges.map((e) => e.node.quantityAfter)).toEqual([2]);
  });
});

describe("idempotencyKey", () => {
  it("replays a bulk adjustment sent twice with the same key, writing it once", async () => {
    const skuId = await createSku(t, acct.token, 1);
    const input: BulkAdjustStockInput = {
      reason: "RECEIVED",
      idempotencyKey: `gql-bulk-${skuId}`,
      lines: [{ type: "SKU", id: skuId, newQty: 6 }],
    };
    const first = await bulkAdjust(input);
    expect(first.userErrors).toEqual([]);
    const before = await ledgerState(t.db, acct.accountId);

    const second = await bulkAdjust(input);
    expect(second).toEqual(first);
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
  });

  it("replays a single adjustment even after the stock moved on", async () => {
    const skuId = await createSku(t, acct.token, 1);
    const input: AdjustSkuStockInput = {
      skuId,
      onHand: 2,
      reason: "FOUND",
      idempotencyKey: `gql-sku-${skuId}`,
    };
    const first = await adjustSku(input);
    expect(first.userErrors).toEqual([]);
    await adjustSku({ skuId, onHand: 10, reason: "RECEIVED" });
    const before = await ledgerState(t.db, acct.accountId);

    const replay = await adjustSku(input);
    expect(replay).toEqual(first);
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
    expect(await skuOnHand(t.db, acct.accountId, skuId)).toBe("10");
  });

  it("refuses the same key with a different input as IDEMPOTENCY_KEY_REUSED and writes nothing", async () => {
    const skuId = await createSku(t, acct.token, 1);
    const key = `gql-reuse-${skuId}`;
    expect(
      (await adjustSku({ skuId, onHand: 2, reason: "FOUND", idempotencyKey: key })).userErrors,
    ).toEqual([]);
    const payload = await expectNothingWritten(t.db, acct, () =>
      adjustSku({ skuId, onHand: 3, reason: "FOUND", idempotencyKey: key }),
    );
    expect(payload.sku).toBeNull();
    expect(payload.userErrors).toEqual([
      expect.objectContaining({ code: "IDEMPOTENCY_KEY_REUSED" }),
    ]);
    expect(await skuOnHand(t.db, acct.accountId, skuId)).toBe("2");
  });

  it("leaves no key behind when the request fails, so the key can be used again", async () => {
    const skuId = await createSku(t, acct.token, 1);
    const key = `gql-retry-${skuId}`;
    const failed = await expectNothingWritten(t.db, acct, () =>
      bulkAdjust({
        reason: "FOUND",
        idempotencyKey: key,
        lines: [{ type: "SKU", id: skuId, newQty: 2, expectedQty: 5 }],
      }),
    );
    expect(failed.userErrors).toEqual([expect.objectContaining({ code: "ON_HAND_CHANGED" })]);

    const retried = await bulkAdjust({
      reason: "FOUND",
      idempotencyKey: key,
      lines: [{ type: "SKU", id: skuId, newQty: 2, expectedQty: 1 }],
    });
    expect(retried.userErrors).toEqual([]);
    expect(retried.adjustment?.lines[0]).toMatchObject({
      previousQty: 1,
      newQty: 2,
      status: "CHANGED",
    });
  });
});
