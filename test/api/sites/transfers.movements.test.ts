// A transfer's movements, found by the movement history's transfer filter (REST transfer_id,
// GraphQL filter.transferId): its dispatch, receipts and write-offs at both sites, in any window;
// a transfer the account does not have, or one touching none of a limited token's sites, is
// TRANSFER_NOT_FOUND, and a limited token reads the movements at its own sites only.
import { gql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount } from "../../helpers/db.js";
import { defaultSiteOf, newSite } from "../../helpers/sites.js";
import { createSku } from "../../helpers/stock.js";
import { createToken } from "../../../src/modules/token/token.store.js";
import { TrTransferMovementsDocument } from "../generated/graphql.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it("lists a transfer's movements at both sites, and only its own sites' to a limited token", async () => {
  const acct = await newAccount(t.db);
  const home = await defaultSiteOf(t, acct);
  const store = await newSite(t, acct, "STORE");
  const elsewhere = await newSite(t, acct, "ELSEWHERE");
  const [a, b] = [await createSku(t, acct.token, 20), await createSku(t, acct.token, 5)];
  const lines = [
    { type: "sku", id: a, qty: 3 },
    { type: "sku", id: b, qty: 2 },
  ];
  const sent = await rest(t, "POST", "/transfers", {
    token: acct.token,
    body: { from_site_id: home, to_site_id: store, lines },
  });
  expect(sent.status).toBe(201);
  const closed = await rest(t, "POST", `/transfers/${sent.body.id}/receive`, {
    token: acct.token,
    body: { lines: [{ type: "sku", id: a, qty: 3 }], close: true },
  });
  expect(closed.status).toBe(200);
  // Another transfer's movements are not this one's.
  const other = await rest(t, "POST", "/transfers", {
    token: acct.token,
    body: { from_site_id: home, to_site_id: elsewhere, receive: true, lines: [lines[0]] },
  });
  expect(other.status).toBe(201);

  const listed = await rest(t, "GET", `/stock/movements?transfer_id=${sent.body.id}&order=asc`, {
    token: acct.token,
  });
  expect(listed.status).toBe(200);
  const seen = (rows: { site_id: number; reason: string; change: number }[]) =>
    rows.map((m) => [m.site_id, m.reason, m.change]);
  expect(seen(listed.body.data)).toEqual([
    [home, "transfer_out", -3],
    [home, "transfer_out", -2],
    [store, "transfer_in", 3],
    [store, "transfer_in", 2],
    [store, "transfer_loss", -2],
  ]);
  expect(
    listed.body.data.every((m: { transfer_id: number }) => m.transfer_id === sent.body.id),
  ).toBe(true);

  const viaGraphql = await gql(
    t,
    TrTransferMovementsDocument,
    { transferId: sent.body.id },
    acct.token,
  );
  expect(viaGraphql.errors).toBeUndefined();
  expect(viaGraphql.data?.stockMovements.edges.map((e) => e.node.reason)).toEqual([
    "TRANSFER_OUT",
    "TRANSFER_OUT",
    "TRANSFER_IN",
    "TRANSFER_IN",
    "TRANSFER_LOSS",
  ]);

  // A store's token sees the transfer's movements at the store only; one of ELSEWHERE knows it not.
  const limited = async (site: number) =>
    (
      await createToken(t.db, {
        accountId: acct.accountId,
        name: "store",
        scopes: ["read"],
        siteIds: [site],
      })
    ).token;
  const atStore = await rest(t, "GET", `/stock/movements?transfer_id=${sent.body.id}`, {
    token: await limited(store),
  });
  expect(atStore.status).toBe(200);
  expect(atStore.body.data.map((m: { site_id: number }) => m.site_id)).toEqual([
    store,
    store,
    store,
  ]);
  for (const [token, id] of [
    [await limited(elsewhere), sent.body.id],
    [acct.token, 2_000_000_000],
  ] as const) {
    const refused = await rest(t, "GET", `/stock/movements?transfer_id=${id}`, { token });
    expect(refused.status).toBe(404);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({ parameter: "transfer_id", code: "TRANSFER_NOT_FOUND" }),
    ]);
  }
});
