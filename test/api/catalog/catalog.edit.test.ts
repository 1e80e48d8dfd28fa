// Editing the catalog: PATCH /skus/{id} and /supplier-items/{id} change code, name, supplier and
// active without a reason or a movement; with on_hand too, both apply in one transaction or
// neither does. GraphQL updateSku and updateSupplierItem change the same fields.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { createSku, createSupplierItem, ledgerState } from "../../helpers/stock.js";

let t: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

let counter = 0;
const code = (prefix: string) => `${prefix}-${++counter}`;

const patch = (path: string, body: unknown, token = acct.token, key?: string) =>
  rest(t, "PATCH", path, {
    token,
    body,
    ...(key ? { headers: { "idempotency-key": key } } : {}),
  });

/** The catalog rows and the ledger of the account, to show a refused request changed nothing. */
async function everything(accountId = acct.accountId) {
  return {
    skus: await t.db.sku.findMany({ where: { accountId }, orderBy: { id: "asc" } }),
    items: await t.db.supplierItem.findMany({ where: { accountId }, orderBy: { id: "asc" } }),
    ledger: await ledgerState(t.db, accountId),
  };
}

describe("PATCH /skus/{id} with catalog fields", () => {
  it("renames, recodes and retires a SKU with no reason and no movement; its stock stays", async () => {
    const id = await createSku(t, acct.token, 7);
    const before = await ledgerState(t.db, acct.accountId);
    const newCode = code("RENAMED");
    const res = await patch(`/skus/${id}`, { code: newCode, name: "Bolt M6, zinc", active: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      code: newCode,
      name: "Bolt M6, zinc",
      active: false,
      on_hand: 7,
      movement: null,
    });
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
    expect((await rest(t, "GET", `/skus/${id}`, { token: acct.token })).body).toMatchObject({
      code: newCode,
      name: "Bolt M6, zinc",
      active: false,
    });
    // A field left out stays as it is.
    const again = await patch(`/skus/${id}`, { active: true });
    expect(again.body).toMatchObject({ code: newCode, name: "Bolt M6, zinc", active: true });
  });

  it("writes nothing for an edit that changes nothing: the row and its updated_at stay", async () => {
    const id = await createSku(t, acct.token);
    await patch(`/skus/${id}`, { name: "Same", active: true });
    const version = () =>
      t.db.$queryRaw<{ xmin: string; updated_at: Date }[]>`
        SELECT xmin::text, updated_at FROM skus WHERE account_id = ${acct.accountId} AND id = ${id}`;
    const before = await version();
    const res = await patch(`/skus/${id}`, { name: "Same", active: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Same", movement: null });
    expect(await version()).toEqual(before);
    const item = await createSupplierItem(t, acct.token);
    const itemBefore = await t.db.supplierItem.findFirstOrThrow({ where: { id: item } });
    await patch(`/supplier-items/${item}`, {
      supplier: itemBefore.supplier,
      name: itemBefore.name,
    });
    expect(await t.db.supplierItem.findFirstOrThrow({ where: { id: item } })).toEqual(itemBefore);
  });

  it("refuses a code another SKU has, in any case, with 409 DUPLICATE_CODE, and changes nothing", async () => {
    const taken = code("TAKEN");
    const other = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: taken, name: "Other" },
    });
    expect(other.status).toBe(201);
    const id = await createSku(t, acct.token, 3);
    const before = await everything();
    const res = await patch(`/skus/${id}`, { code: taken.toLowerCase(), name: "Clash" });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "DUPLICATE_CODE" });
    expect(res.body.errors).toEqual([expect.objectContaining({ pointer: "/code" })]);
    expect(await everything()).toEqual(before);
    // Its own code in another case is its own.
    const own = (await rest(t, "GET", `/skus/${id}`, { token: acct.token })).body.code as string;
    expect((await patch(`/skus/${id}`, { code: own.toLowerCase() })).body.code).toBe(
      own.toLowerCase(),
    );
  });

  it("with on_hand too, applies both in one transaction: both or neither", async () => {
    const id = await createSku(t, acct.token, 5);
    const both = await patch(`/skus/${id}`, { name: "Counted", on_hand: 8, reason: "found" });
    expect(both.status).toBe(200);
    expect(both.body).toMatchObject({ name: "Counted", on_hand: 8 });
    expect(both.body.movement).toMatchObject({ quantity_before: 5, quantity_after: 8 });

    // A stale expected_on_hand refuses the stock change, and the rename with it.
    const before = await everything();
    const stale = await patch(`/skus/${id}`, {
      name: "Never",
      on_hand: 9,
      reason: "found",
      expected_on_hand: 5,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("ON_HAND_CHANGED");
    expect(await everything()).toEqual(before);
    // A taken code refuses the rename, and the stock change with it.
    const taken = code("TAKEN");
    await rest(t, "POST", "/skus", { token: acct.token, body: { code: taken, name: "T" } });
    const clash = await everything();
    const dup = await patch(`/skus/${id}`, { code: taken, on_hand: 1, reason: "found" });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("DUPLICATE_CODE");
    expect(await everything()).toEqual(clash);
  });

  it("answers every problem of a bad request at once and writes nothing", async () => {
    const id = await createSku(t, acct.token, 2);
    const before = await everything();
    const empty = await patch(`/skus/${id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: "INVALID_PARAMETER" });
    expect(empty.body.detail).toContain("onHand");
    const blank = await patch(`/skus/${id}`, { name: "   ", code: " ", on_hand: 1, reason: "?" });
    expect(blank.status).toBe(400);
    expect(blank.body.code).toBe("INVALID_PARAMETER");
    expect((blank.body.errors as { pointer: string }[]).map((e) => e.pointer).sort()).toEqual([
      "/code",
      "/name",
      "/reason",
    ]);
    // Stock fields without on_hand: on_hand is what is missing.
    const reasonOnly = await patch(`/skus/${id}`, { reason: "found", name: "X" });
    expect(reasonOnly.status).toBe(422);
    expect(reasonOnly.body.errors).toEqual([
      expect.objectContaining({ pointer: "/on_hand", code: "INVALID_QUANTITY" }),
    ]);
    const tooLong = await patch(`/skus/${id}`, { code: "C".repeat(65) });
    expect(tooLong.status).toBe(400);
    const unknownField = await patch(`/skus/${id}`, { colour: "red" });
    expect(unknownField.status).toBe(400);
    expect(await everything()).toEqual(before);
  });

  it("keeps odd characters as sent, trimmed", async () => {
    const id = await createSku(t, acct.token);
    const name = "  Schraube M6 \u00d8 6 mm \u2014 \u201cverzinkt\u201d 🔩 ";
    const res = await patch(`/skus/${id}`, { name });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe(name.trim());
  });

  it("gives one of two concurrent renames to the same code, the other 409", async () => {
    const [a, b] = [await createSku(t, acct.token), await createSku(t, acct.token)];
    const wanted = code("RACE");
    const answers = await Promise.all([
      patch(`/skus/${a}`, { code: wanted }),
      patch(`/skus/${b}`, { code: wanted }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await t.db.sku.count({ where: { accountId: acct.accountId, code: wanted } })).toBe(1);
  });

  it("replays a keyed edit and refuses the key for another body", async () => {
    const id = await createSku(t, acct.token);
    const key = `edit-${id}`;
    const first = await patch(`/skus/${id}`, { name: "Keyed" }, acct.token, key);
    const replay = await patch(`/skus/${id}`, { name: "Keyed" }, acct.token, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    const other = await patch(`/skus/${id}`, { name: "Other" }, acct.token, key);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("answers 404 for another account's SKU and changes nothing there", async () => {
    const owner = await newAccount(t.db);
    const id = await createSku(t, owner.token, 4);
    const before = await everything(owner.accountId);
    const res = await patch(`/skus/${id}`, { name: "Mine now" });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("SKU_NOT_FOUND");
    expect(await everything(owner.accountId)).toEqual(before);
  });
});

describe("PATCH /supplier-items/{id} with catalog fields", () => {
  it("changes supplier, code and name; (supplier, code) stays unique", async () => {
    const a = await createSupplierItem(t, acct.token);
    const b = await createSupplierItem(t, acct.token);
    const itemCode = code("W");
    const res = await patch(`/supplier-items/${a}`, { supplier: "Würth", code: itemCode });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ supplier: "Würth", code: itemCode, movement: null });
    const before = await everything();
    const clash = await patch(`/supplier-items/${b}`, { supplier: "Würth", code: itemCode });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe("DUPLICATE_CODE");
    // The same code from another supplier is another item's code.
    expect(await everything()).toEqual(before);
    const elsewhere = await patch(`/supplier-items/${b}`, { supplier: "Bossard", code: itemCode });
    expect(elsewhere.status).toBe(200);
  });

  it("edits a linked item's catalog fields; its stock is its SKU's, so on_hand is refused", async () => {
    const sku = await createSku(t, acct.token, 3);
    const item = await createSupplierItem(t, acct.token, { skuId: sku });
    const renamed = await patch(`/supplier-items/${item}`, { name: "Linked, renamed" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Linked, renamed", sku_id: sku, on_hand: 3 });
    const before = await everything();
    const stock = await patch(`/supplier-items/${item}`, {
      name: "Never",
      on_hand: 1,
      reason: "found",
    });
    expect(stock.status).toBe(422);
    expect(stock.body.code).toBe("LINKED_SUPPLIER_ITEM");
    expect(await everything()).toEqual(before);
  });
});

describe("GraphQL updateSku and updateSupplierItem", () => {
  const UPDATE_SKU = `mutation($input: UpdateSkuInput!) {
    updateSku(input: $input) { sku { id code name active onHand } userErrors { code field message } }
  }`;
  const UPDATE_ITEM = `mutation($input: UpdateSupplierItemInput!) {
    updateSupplierItem(input: $input) { supplierItem { id supplier code name } userErrors { code field } }
  }`;

  it("changes a SKU, and answers a taken code or a foreign id as userErrors", async () => {
    const id = await createSku(t, acct.token, 6);
    const newCode = code("GQL");
    const res = await postGraphql(
      t,
      { query: UPDATE_SKU, variables: { input: { id, code: newCode, active: false } } },
      acct.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({
      updateSku: {
        sku: { id, code: newCode, name: "Test SKU", active: false, onHand: 6 },
        userErrors: [],
      },
    });
    const other = await createSku(t, acct.token);
    const taken = await postGraphql(
      t,
      { query: UPDATE_SKU, variables: { input: { id: other, code: newCode } } },
      acct.token,
    );
    expect(taken.data).toEqual({
      updateSku: {
        sku: null,
        userErrors: [expect.objectContaining({ code: "DUPLICATE_CODE", field: ["code"] })],
      },
    });
    const stranger = await newAccount(t.db);
    const foreign = await postGraphql(
      t,
      { query: UPDATE_SKU, variables: { input: { id, name: "Mine" } } },
      stranger.token,
    );
    expect(foreign.data).toEqual({
      updateSku: { sku: null, userErrors: [expect.objectContaining({ code: "SKU_NOT_FOUND" })] },
    });
  });

  it("changes a supplier item", async () => {
    const id = await createSupplierItem(t, acct.token);
    const res = await postGraphql(
      t,
      { query: UPDATE_ITEM, variables: { input: { id, supplier: "Bossard", name: "Nut" } } },
      acct.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toMatchObject({
      updateSupplierItem: {
        supplierItem: { id, supplier: "Bossard", name: "Nut" },
        userErrors: [],
      },
    });
  });
});
