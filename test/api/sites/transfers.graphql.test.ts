// Transfers over GraphQL: the same use cases as REST (createTransfer, receiveTransfer,
// cancelTransfer, transfers, transfer), with refusals as userErrors and movements naming their
// transfer.
import { gql, startTestApp, type TestApp } from "../../helpers/app.js";
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
