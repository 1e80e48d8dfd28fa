// Linking and unlinking supplier items: a linked item's stock is its SKU's; an item with stock of
// its own is linked only with transfer (two movements through the ledger); an item being counted
// is neither linked nor unlinked.
import { newAccount, testDb, type TestAccount } from "../../helpers/db.js";
import { aroundStart, settled } from "../../helpers/start-lock.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import {
  chainProblems,
  createSku,
  createSupplierItem,
  ledgerProblems,
  ledgerState,
  movementsOf,
  skuOnHand,
  supplierItemOnHand,
} from "../../helpers/stock.js";
import { stockTakeClient } from "../../helpers/stock-takes.js";

let t: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  // Two requests wait on a start's lock while a third goes by: the account may hold the whole
  // pool (its share is tested in pool-share and noisy.pool).
  t = await startTestApp(await testDb({ accountPoolShare: 1 }));
});
afterAll(() => t.close());
// A fresh account per test: a default-scope start takes every unlinked item of the account.
beforeEach(async () => {
  acct = await newAccount(t.db);
});

const link = (item: number, body: unknown, token = acct.token, key?: string) =>
  rest(t, "POST", `/supplier-items/${item}/link`, {
    token,
    body,
    ...(key ? { headers: { "idempotency-key": key } } : {}),
  });
const unlink = (item: number, token = acct.token) =>
  rest(t, "POST", `/supplier-items/${item}/unlink`, { token });

describe("POST /supplier-items/{id}/link", () => {
  it("links an item without stock: it shows its SKU's stock, and nothing moves", async () => {
    const sku = await createSku(t, acct.token, 9);
    const item = await createSupplierItem(t, acct.token);
    const before = await ledgerState(t.db, acct.accountId);
    const res = await link(item, { sku_id: sku });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: item, sku_id: sku, on_hand: 9, movements: [] });
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
    // Adjusting the item now is refused: its stock is the SKU's.
    const adjust = await rest(t, "PATCH", `/supplier-items/${item}`, {
      token: acct.token,
      body: { on_hand: 1, reason: "found" },
    });
    expect(adjust.body.code).toBe("LINKED_SUPPLIER_ITEM");
  });

  it("refuses an item holding stock without transfer, naming it, and writes nothing", async () => {
    const sku = await createSku(t, acct.token, 9);
    const item = await createSupplierItem(t, acct.token, { openingOnHand: 2.5 });
    const before = await ledgerState(t.db, acct.accountId);
    const res = await link(item, { sku_id: sku });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("SUPPLIER_ITEM_HAS_STOCK");
    expect(res.body.detail).toContain("2.5");
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
  });

  it("with transfer, moves the item's stock into the SKU: two transfer movements, chains intact", async () => {
    const sku = await createSku(t, acct.token, 9);
    const item = await createSupplierItem(t, acct.token, { openingOnHand: 2.5 });
    const res = await link(item, { sku_id: sku, transfer: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sku_id: sku, on_hand: 11.5 });
    expect(res.body.movements).toEqual([
      expect.objectContaining({ sku_id: sku, quantity_before: 9, quantity_after: 11.5 }),
      expect.objectContaining({ supplier_item_id: item, quantity_before: 2.5, quantity_after: 0 }),
    ]);
    for (const m of res.body.movements)
      expect(m).toMatchObject({ reason: "transfer", source: "transfer" });
    expect(await skuOnHand(t.db, acct.accountId, sku)).toBe("11.5");
    expect(await supplierItemOnHand(t.db, acct.accountId, item)).toBe("0");
    expect(await chainProblems(t.db, acct.accountId, { type: "sku", id: sku })).toEqual([]);
    expect(await chainProblems(t.db, acct.accountId, { type: "supplier_item", id: item })).toEqual(
      [],
    );
    // The movements are in the ledger's history like any other.
    const history = await rest(t, "GET", `/stock/movements?supplier_item_id=${item}`, {
      token: acct.token,
    });
    expect((history.body.data as { reason: string }[]).map((m) => m.reason)).toEqual([
      "transfer",
      "opening_balance",
    ]);
  });

  it("with transfer, moves the item's stock at every site into the SKU there, each site's chain intact", async () => {
    const sku = await createSku(t, acct.token, 9);
    const item = await createSupplierItem(t, acct.token, { openingOnHand: 2.5 });
    const van = await rest(t, "POST", "/sites", {
      token: acct.token,
      body: { code: "VAN", name: "Van" },
    });
    expect(van.status).toBe(201);
    // 4 of the item at the van: its opening balance there and its level.
    await t.db.$executeRaw`
      WITH m AS (
        INSERT INTO stock_movements (account_id, entity_type, supplier_item_id, quantity_before,
          quantity_after, change, reason, source, actor_name, site_id)
        VALUES (${acct.accountId}, 'supplier_item', ${item}, 0, 4, 4, 'opening_balance', 'opening_balance',
          'test', ${van.body.id})
      )
      INSERT INTO supplier_item_stock (account_id, site_id, supplier_item_id, on_hand)
      VALUES (${acct.accountId}, ${van.body.id}, ${item}, 4)`;
    const refused = await link(item, { sku_id: sku });
    expect(refused.body.code).toBe("SUPPLIER_ITEM_HAS_STOCK");
    expect(refused.body.detail).toContain("holds 6.5 of its own");

    const res = await link(item, { sku_id: sku, transfer: true });
    expect(res.status).toBe(200);
    // At the default site 9 + 2.5; at the van 0 + 4, two movements at each site.
    expect(res.body).toMatchObject({ sku_id: sku, on_hand: 11.5 });
    expect(res.body.movements).toEqual([
      expect.objectContaining({ sku_id: sku, quantity_before: 9, quantity_after: 11.5 }),
      expect.objectContaining({ supplier_item_id: item, quantity_before: 2.5, quantity_after: 0 }),
      expect.objectContaining({ sku_id: sku, quantity_before: 0, quantity_after: 4 }),
      expect.objectContaining({ supplier_item_id: item, quantity_before: 4, quantity_after: 0 }),
    ]);
    const sites = (res.body.movements as { site_id: number }[]).map((m) => m.site_id);
    expect(sites.slice(2)).toEqual([van.body.id, van.body.id]);
    expect(sites.slice(0, 2)).not.toContain(van.body.id);
    const levels = await t.db.$queryRaw<{ on_hand: string }[]>`
      SELECT trim_scale(on_hand)::text AS on_hand FROM sku_stock
      WHERE account_id = ${acct.accountId} AND site_id = ${van.body.id} AND sku_id = ${sku}`;
    expect(levels).toEqual([{ on_hand: "4" }]);
    expect(await ledgerProblems(t.db, acct.accountId)).toEqual([]);
  });

  it("refuses to link a linked item elsewhere (unlink it first); to its own SKU changes nothing", async () => {
    const [a, b] = [await createSku(t, acct.token, 1), await createSku(t, acct.token, 2)];
    const item = await createSupplierItem(t, acct.token, { skuId: a });
    expect((await link(item, { sku_id: a })).body).toMatchObject({ sku_id: a, movements: [] });
    const before = await ledgerState(t.db, acct.accountId);
    const elsewhere = await link(item, { sku_id: b });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body).toMatchObject({ code: "LINKED_SUPPLIER_ITEM" });
    expect(elsewhere.body.detail).toContain(`SKU ${a}`);
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
    expect((await unlink(item)).status).toBe(200);
    const moved = await link(item, { sku_id: b });
    expect(moved.body).toMatchObject({ sku_id: b, on_hand: 2, movements: [] });
  });

  it("refuses an item in an open stock take, naming it; once it is closed it may link", async () => {
    const sku = await createSku(t, acct.token, 4);
    const item = await createSupplierItem(t, acct.token);
    const takes = stockTakeClient(t, acct.token);
    const take = (await takes.start({ scope: { supplier_item_ids: [item] } })).body.id as number;
    const before = await ledgerState(t.db, acct.accountId);
    const res = await link(item, { sku_id: sku });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("ENTITY_IN_STOCK_TAKE");
    expect(res.body.detail).toContain(`stock take ${take}`);
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
    expect((await takes.cancel(take)).status).toBe(200);
    expect((await link(item, { sku_id: sku })).status).toBe(200);
  });

  it("never leaves an item both linked and counted when a link races a start", async () => {
    const sku = await createSku(t, acct.token);
    const takes = stockTakeClient(t, acct.token);
    for (let i = 0; i < 6; i++) {
      const item = await createSupplierItem(t, acct.token);
      const [started, linked] = await Promise.all([
        takes.start({ scope: { supplier_item_ids: [item] } }),
        link(item, { sku_id: sku }),
      ]);
      // One of the two wins: a start that took the item refuses the link, and a link that came
      // first makes the item unfit for a scope.
      const outcome = [started.status, linked.status];
      if (started.status === 201) {
        expect({ outcome, link: linked.body.code }).toEqual({
          outcome: [201, 409],
          link: "ENTITY_IN_STOCK_TAKE",
        });
        await takes.cancel(started.body.id as number);
      } else {
        expect({ outcome, start: started.body.code }).toEqual({
          outcome: [422, 200],
          start: "LINKED_SUPPLIER_ITEM",
        });
      }
    }
  });

  it("answers unknown and foreign ids as not found", async () => {
    const sku = await createSku(t, acct.token);
    const item = await createSupplierItem(t, acct.token);
    expect((await link(item, { sku_id: 2_000_000_000 })).body.code).toBe("SKU_NOT_FOUND");
    expect((await link(2_000_000_000, { sku_id: sku })).body.code).toBe("SUPPLIER_ITEM_NOT_FOUND");
    const stranger = await newAccount(t.db);
    const before = await ledgerState(t.db, acct.accountId);
    const foreign = await link(item, { sku_id: sku }, stranger.token);
    expect([foreign.status, foreign.body.code]).toEqual([404, "SUPPLIER_ITEM_NOT_FOUND"]);
    const theirs = await createSupplierItem(t, stranger.token);
    const foreignSku = await link(theirs, { sku_id: sku }, stranger.token);
    expect([foreignSku.status, foreignSku.body.code]).toEqual([404, "SKU_NOT_FOUND"]);
    expect((await unlink(item, stranger.token)).status).toBe(404);
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
    const bad = await link(item, { sku_id: "one", transfer: "yes" });
    expect(bad.status).toBe(400);
  });

  it("transfers once when two links of one item race, and replays a keyed link", async () => {
    const [a, b] = [await createSku(t, acct.token, 10), await createSku(t, acct.token, 20)];
    const item = await createSupplierItem(t, acct.token, { openingOnHand: 5 });
    const answers = await Promise.all([
      link(item, { sku_id: a, transfer: true }),
      link(item, { sku_id: b, transfer: true }),
    ]);
    // Whichever came second found the item linked to the other SKU: one transfer, stock conserved.
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    const total =
      Number(await skuOnHand(t.db, acct.accountId, a)) +
      Number(await skuOnHand(t.db, acct.accountId, b));
    expect(total).toBe(35);
    expect(
      await movementsOf(t.db, acct.accountId, { type: "supplier_item", id: item }),
    ).toHaveLength(2);

    const other = await createSupplierItem(t, acct.token, { openingOnHand: 1 });
    const first = await link(other, { sku_id: a, transfer: true }, acct.token, `link-${other}`);
    const again = await link(other, { sku_id: a, transfer: true }, acct.token, `link-${other}`);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
  });
});

describe("POST /supplier-items/{id}/unlink", () => {
  it("gives the item stock of its own again, from 0; the SKU keeps its stock", async () => {
    const sku = await createSku(t, acct.token, 6);
    const item = await createSupplierItem(t, acct.token, { skuId: sku });
    const res = await unlink(item);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: item, sku_id: null, on_hand: 0 });
    expect(await skuOnHand(t.db, acct.accountId, sku)).toBe("6");
    // Unlinked, it is adjusted and counted on its own; unlinking again changes nothing.
    const adjust = await rest(t, "PATCH", `/supplier-items/${item}`, {
      token: acct.token,
      body: { on_hand: 3, reason: "found" },
    });
    expect(adjust.body).toMatchObject({ on_hand: 3 });
    expect((await unlink(item)).body).toMatchObject({ sku_id: null, on_hand: 3 });
  });
});

describe("GraphQL linkSupplierItem and unlinkSupplierItem", () => {
  it("links with transfer and unlinks", async () => {
    const sku = await createSku(t, acct.token, 1);
    const item = await createSupplierItem(t, acct.token, { openingOnHand: 2 });
    const refused = await postGraphql(
      t,
      {
        query: `mutation($input: LinkSupplierItemInput!) {
          linkSupplierItem(input: $input) { supplierItem { id } userErrors { code field } } }`,
        variables: { input: { id: item, skuId: sku } },
      },
      acct.token,
    );
    expect(refused.data).toEqual({
      linkSupplierItem: {
        supplierItem: null,
        userErrors: [{ code: "SUPPLIER_ITEM_HAS_STOCK", field: ["transfer"] }],
      },
    });
    const linked = await postGraphql(
      t,
      {
        query: `mutation($input: LinkSupplierItemInput!) {
          linkSupplierItem(input: $input) {
            supplierItem { skuId onHand } movements { reason change } userErrors { code } } }`,
        variables: { input: { id: item, skuId: sku, transfer: true } },
      },
      acct.token,
    );
    expect(linked.data).toEqual({
      linkSupplierItem: {
        supplierItem: { skuId: sku, onHand: 3 },
        movements: [
          { reason: "TRANSFER", change: 2 },
          { reason: "TRANSFER", change: -2 },
        ],
        userErrors: [],
      },
    });
    const unlinked = await postGraphql(
      t,
      {
        query: `mutation($input: UnlinkSupplierItemInput!) {
          unlinkSupplierItem(input: $input) { supplierItem { skuId onHand } userErrors { code } } }`,
        variables: { input: { id: item } },
      },
      acct.token,
    );
    expect(unlinked.data).toEqual({
      unlinkSupplierItem: { supplierItem: { skuId: null, onHand: 0 }, userErrors: [] },
    });
  });
});

describe("changes that bring an entity into a start's default scope", () => {
  it("wait for a start in progress (activating a SKU, unlinking an item); others do not", async () => {
    const sku = await createSku(t, acct.token);
    await rest(t, "PATCH", `/skus/${sku}`, { token: acct.token, body: { active: false } });
    const item = await createSupplierItem(t, acct.token, { skuId: await createSku(t, acct.token) });
    const statuses = await aroundStart(acct.accountId, async () => {
      const activate = settled(
        rest(t, "PATCH", `/skus/${sku}`, { token: acct.token, body: { active: true } }),
      );
      const unlinked = settled(unlink(item));
      const renamed = await rest(t, "PATCH", `/skus/${sku}`, {
        token: acct.token,
        body: { name: "Renamed meanwhile" },
      });
      expect(renamed.status).toBe(200);
      return [activate, unlinked];
    });
    expect(statuses).toEqual({ before: [0, 0], after: [200, 200] });
  });
});
