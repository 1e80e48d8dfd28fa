// A transfer's lists are bounded before any work: 10,001 lines on a dispatch or a receipt are one
// TOO_MANY_LINES, over REST and GraphQL, with nothing written; a neighbour's dispatch beside
// them goes through. A one-step transfer pays for writing its lines at both sites.
import { print } from "graphql";
import { gql, postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { createToken } from "../../../src/modules/token/token.store.js";
import { newAccount } from "../../helpers/db.js";
import { defaultSiteOf, newSite } from "../../helpers/sites.js";
import { createSku, ledgerState } from "../../helpers/stock.js";
import { TrCreateDocument } from "../generated/graphql.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const many = (type: string, key: string) =>
  Array.from({ length: 10_001 }, (_, i) => ({ type, id: i + 1, [key]: 1 }));

it("refuses 10,001 lines on a dispatch or a receipt before any work, beside a neighbour's transfer", async () => {
  const acct = await newAccount(t.db);
  const home = await defaultSiteOf(t, acct);
  const store = await newSite(t, acct, "STORE");
  const sku = await createSku(t, acct.token, 10);
  const sent = await rest(t, "POST", "/transfers", {
    token: acct.token,
    body: { from_site_id: home, to_site_id: store, lines: [{ type: "sku", id: sku, qty: 1 }] },
  });
  expect(sent.status).toBe(201);
  const before = await ledgerState(t.db, acct.accountId);

  const neighbour = await newAccount(t.db);
  const [nHome, nStore, nSku] = [
    await defaultSiteOf(t, neighbour),
    await newSite(t, neighbour, "N-STORE"),
    await createSku(t, neighbour.token, 5),
  ];
  const [dispatch, receipt, graphql, neighbours] = await Promise.all([
    rest(t, "POST", "/transfers", {
      token: acct.token,
      body: { from_site_id: home, to_site_id: store, lines: many("sku", "qty") },
    }),
    rest(t, "POST", `/transfers/${sent.body.id}/receive`, {
      token: acct.token,
      body: { lines: many("sku", "qty") },
    }),
    gql(
      t,
      TrCreateDocument,
      { input: { fromSiteId: home, toSiteId: store, lines: many("SKU", "qty") as never } },
      acct.token,
    ),
    rest(t, "POST", "/transfers", {
      token: neighbour.token,
      body: { from_site_id: nHome, to_site_id: nStore, lines: [{ type: "sku", id: nSku, qty: 2 }] },
    }),
  ]);
  for (const res of [dispatch, receipt]) {
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { pointer: "/lines", code: "TOO_MANY_LINES", message: "must NOT have more than 10000 items" },
    ]);
  }
  expect(graphql.status).toBe(422);
  expect(graphql.errors).toEqual([
    {
      message: "createTransfer: input.lines may hold at most 10000 entries; got 10001",
      extensions: { code: "TOO_MANY_LINES" },
    },
  ]);
  expect(neighbours.status).toBe(201);
  // Nothing written: the one transfer still in transit, the stock as it was.
  expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
  expect(await t.db.transfer.count({ where: { accountId: acct.accountId } })).toBe(1);
  const line = await rest(t, "GET", `/transfers/${sent.body.id}/lines`, { token: acct.token });
  expect(line.body.data[0]).toMatchObject({ received_qty: 0, in_transit_qty: 1 });
});

it("prices a one-step transfer's lines twice (it writes each at both sites), REST and GraphQL", async () => {
  const acct = await newAccount(t.db);
  const home = await defaultSiteOf(t, acct);
  const store = await newSite(t, acct, "STORE");
  const skus = await Promise.all(Array.from({ length: 40 }, () => createSku(t, acct.token, 10)));
  const { token } = await createToken(t.db, {
    accountId: acct.accountId,
    name: "slow",
    rateLimit: { perSecond: 1 / 600, burst: 40 },
  });
  const lines = skus.map((id) => ({ type: "sku", id, qty: 1 }));
  const send = (receive: boolean) =>
    rest(t, "POST", "/transfers", {
      token,
      body: { from_site_id: home, to_site_id: store, receive, lines },
    });
  // 40 lines count as 240 (a line of stock counts as 6): 3 units; written at both sites, 480: 5.
  const dispatched = await send(false);
  expect(dispatched.status).toBe(201);
  expect(dispatched.headers.get("ratelimit-remaining")).toBe("37");
  const moved = await send(true);
  expect(moved.status).toBe(201);
  expect(moved.headers.get("ratelimit-remaining")).toBe("32");
  const viaGraphql = await postGraphql(
    t,
    {
      query: print(TrCreateDocument),
      variables: {
        input: {
          fromSiteId: home,
          toSiteId: store,
          receive: true,
          lines: skus.map((id) => ({ type: "SKU", id, qty: 1 })),
        },
      },
    },
    token,
  );
  expect(viaGraphql.errors).toBeUndefined();
  expect(viaGraphql.headers.get("ratelimit-remaining")).toBe("27");
});
