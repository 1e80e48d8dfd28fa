// Transfers over GraphQL: the same use cases as REST (createTransfer, receiveTransfer,
// cancelTransfer, transfers, transfer), with refusals as userErrors and movements naming their
// transfer.
import { gql, postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount } from "../../helpers/db.js";
import { defaultSiteOf, newSite } from "../../helpers/sites.js";
import { createSku, ledgerProblems } from "../../helpers/stock.js";
import {
  TrCancelDocument,
  TrCreateDocument,
  TrInTransitDocument,
  TrMovementsDocument,
  TrReceiveDocument,
} from "../generated/graphql.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const SKU = "SKU" as never;

it("dispatches, lists in transit, receives closing short, and refuses a cancel once closed", async () => {
  const acct = await newAccount(t.db);
  const home = await defaultSiteOf(t, acct);
  const store = await newSite(t, acct, "STORE");
  const sku = await createSku(t, acct.token, 9);

  const created = await gql(
    t,
    TrCreateDocument,
    { input: { fromSiteId: home, toSiteId: store, lines: [{ type: SKU, id: sku, qty: 4 }] } },
    acct.token,
  );
  const transfer = created.data!.createTransfer.transfer!;
  expect(transfer).toMatchObject({
    status: "IN_TRANSIT",
    fromSiteId: home,
    toSiteId: store,
    lineCount: 1,
  });
  expect(transfer.lines.edges.map((e) => e.node)).toEqual([
    { type: "SKU", id: sku, qty: 4, receivedQty: 0, lostQty: 0, inTransitQty: 4 },
  ]);
  const incoming = await gql(t, TrInTransitDocument, { toSiteId: store }, acct.token);
  expect(incoming.data!.transfers.edges.map((e) => e.node.id)).toEqual([transfer.id]);

  const received = await gql(
    t,
    TrReceiveDocument,
    { input: { id: transfer.id, lines: [{ type: SKU, id: sku, qty: 3 }], close: true } },
    acct.token,
  );
  expect(received.data!.receiveTransfer.userErrors).toEqual([]);
  expect(received.data!.receiveTransfer.transfer).toMatchObject({ status: "RECEIVED" });
  expect(received.data!.receiveTransfer.transfer!.closedAt).not.toBeNull();
  expect(received.data!.receiveTransfer.transfer!.lines.edges[0]!.node).toEqual({
    id: sku,
    receivedQty: 3,
    lostQty: 1,
    inTransitQty: 0,
  });
  const moves = await gql(t, TrMovementsDocument, { skuId: sku }, acct.token);
  expect(
    moves.data!.stockMovements.edges.map(({ node: m }) => [
      m.siteId,
      m.reason,
      m.source,
      m.change,
      m.transferId,
    ]),
  ).toEqual([
    [home, "OPENING_BALANCE", "OPENING_BALANCE", 9, null],
    [home, "TRANSFER_OUT", "TRANSFER", -4, transfer.id],
    [store, "TRANSFER_IN", "TRANSFER", 4, transfer.id],
    [store, "TRANSFER_LOSS", "TRANSFER", -1, transfer.id],
  ]);

  const cancel = await gql(t, TrCancelDocument, { input: { id: transfer.id } }, acct.token);
  expect(cancel.data!.cancelTransfer).toEqual({
    transfer: null,
    userErrors: [{ field: null, code: "TRANSFER_CLOSED" }],
  });
  const short = await gql(
    t,
    TrCreateDocument,
    { input: { fromSiteId: home, toSiteId: store, lines: [{ type: SKU, id: sku, qty: 6 }] } },
    acct.token,
  );
  expect(short.data!.createTransfer.userErrors).toEqual([
    { field: ["lines", "0", "qty"], code: "INSUFFICIENT_STOCK" },
  ]);
  expect(await ledgerProblems(t.db, acct.accountId)).toEqual([]);
});

it("names each line's item, its stock at the destination, or at the source for a token of the source only", async () => {
  const acct = await newAccount(t.db);
  const home = await defaultSiteOf(t, acct);
  const store = await newSite(t, acct, "STORE");
  const made = await rest(t, "POST", "/skus", {
    token: acct.token,
    body: { code: "TR-MUG", name: "Mug, blue", opening_on_hand: 9 },
  });
  const item = await rest(t, "POST", "/supplier-items", {
    token: acct.token,
    body: { supplier: "ACME", code: "TR-CASE", name: "Case of mugs" },
  });
  expect([made.status, item.status]).toEqual([201, 201]);
  const stocked = await rest(t, "PATCH", `/supplier-items/${item.body.id}`, {
    token: acct.token,
    body: { on_hand: 2, reason: "correction" },
  });
  expect(stocked.status).toBe(200);
  const created = await gql(
    t,
    TrCreateDocument,
    {
      input: {
        fromSiteId: home,
        toSiteId: store,
        lines: [
          { type: SKU, id: made.body.id, qty: 4 },
          { type: "SUPPLIER_ITEM" as never, id: item.body.id, qty: 2 },
        ],
      },
    },
    acct.token,
  );
  const id = created.data!.createTransfer.transfer!.id;
  const query = `query ($id: Int!) { transfer(id: $id) { lines { edges { node {
    type sku { code name onHand } supplierItem { code name onHand } } } } } }`;
  const lines = async (token: string) =>
    (
      (await postGraphql(t, { query, variables: { id } }, token)).data as {
        transfer: { lines: { edges: { node: unknown }[] } };
      }
    ).transfer.lines.edges.map((e) => e.node);
  // At the destination, before anything arrived.
  expect(await lines(acct.token)).toEqual([
    { type: "SKU", sku: { code: "TR-MUG", name: "Mug, blue", onHand: 0 }, supplierItem: null },
    {
      type: "SUPPLIER_ITEM",
      sku: null,
      supplierItem: { code: "TR-CASE", name: "Case of mugs", onHand: 0 },
    },
  ]);
  // A device of the source sees the transfer, and the source's stock only.
  const device = await rest(t, "POST", "/tokens", {
    token: acct.token,
    body: {
      name: "Back office",
      scopes: ["read"],
      site_ids: [home],
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    },
  });
  expect(device.status).toBe(201);
  expect(await lines(device.body.token)).toEqual([
    { type: "SKU", sku: { code: "TR-MUG", name: "Mug, blue", onHand: 5 }, supplierItem: null },
    {
      type: "SUPPLIER_ITEM",
      sku: null,
      supplierItem: { code: "TR-CASE", name: "Case of mugs", onHand: 0 },
    },
  ]);
});
