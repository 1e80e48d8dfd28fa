// Transfers beside other writers: two dispatches draining one source at once never take more
// than it holds (each reads the source's stock after its row lock, so the second sees what the
// first took), two receipts of one transfer at once receive it once (each holds the transfer's
// row before reading it), and a receipt at a site where the item is being counted moves the
// count's line like any other change of its stock (flagged as moved, the difference applied on
// top).
import pg from "pg";
import { rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { databaseUrl, newAccount } from "../../helpers/db.js";
import { defaultSiteOf, newSite } from "../../helpers/sites.js";
import { createSku, ledgerProblems } from "../../helpers/stock.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** How many of the service's statements containing `text` wait on a lock, within `ms`. */
async function waitingOnLocks(text: string, want: number, ms: number): Promise<number> {
  let waiting = 0;
  for (const deadline = Date.now() + ms; Date.now() < deadline;) {
    const [row] = await t.db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE wait_event_type = 'Lock' AND strpos(query, ${text}) > 0
        AND pid <> pg_backend_pid()`;
    waiting = row!.n;
    if (waiting >= want) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  return waiting;
}

it("lets only one of two dispatches draining the same source at once through", async () => {
  const acct = await newAccount(t.db);
  const home = await defaultSiteOf(t, acct);
  const [north, south] = [await newSite(t, acct, "NORTH"), await newSite(t, acct, "SOUTH")];
  const sku = await createSku(t, acct.token, 10);

  // Another session holds the SKU's row: both dispatches queue behind it, having read nothing.
  const holder = new pg.Client({ connectionString: databaseUrl() });
  await holder.connect();
  try {
    await holder.query("BEGIN");
    await holder.query("SELECT id FROM skus WHERE account_id = $1 AND id = $2 FOR UPDATE", [
      acct.accountId,
      sku,
    ]);
    const send = (to: number) =>
      rest(t, "POST", "/transfers", {
        token: acct.token,
        body: { from_site_id: home, to_site_id: to, lines: [{ type: "sku", id: sku, qty: 6 }] },
      });
    const both = Promise.all([send(north), send(south)]);
    // Both queue behind the held row before reading the source's stock. (Read before the lock,
    // as tried: both read 10 and both are let through.)
    expect(await waitingOnLocks("ORDER BY id FOR UPDATE", 2, 3000)).toBe(2);
    await holder.query("COMMIT");
    const answers = await both;
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body.code).toBe("INSUFFICIENT_STOCK");
    expect(refused.body.errors[0].pointer).toBe("/lines/0/qty");
  } finally {
    await holder.end();
  }
  const level = await rest(t, "GET", `/skus/${sku}?site_id=${home}`, { token: acct.token });
  expect(level.body.on_hand).toBe(4);
  expect(await t.db.transfer.count({ where: { accountId: acct.accountId } })).toBe(1);
  expect(await ledgerProblems(t.db, acct.accountId)).toEqual([]);
});

it("moves a line being counted at the destination when a receipt lands there", async () => {
  const acct = await newAccount(t.db);
  const home = await defaultSiteOf(t, acct);
  const store = await newSite(t, acct, "STORE");
  const sku = await createSku(t, acct.token, 10);
  const post = (path: string, body: unknown) => rest(t, "POST", path, { token: acct.token, body });

  // The store counts the SKU (none there at the freeze): 5 on the shelf, counted as of the freeze.
  const take = await post("/stock-takes/start", { site_id: store, scope: { sku_ids: [sku] } });
  expect(take.status).toBe(201);
  const id = take.body.id as number;
  const sent = await post("/transfers", {
    from_site_id: home,
    to_site_id: store,
    lines: [{ type: "sku", id: sku, qty: 3 }],
  });
  expect((await post(`/transfers/${sent.body.id}/receive`, {})).status).toBe(200);
  expect(
    (await post(`/stock-takes/${id}/input`, { counts: [{ type: "sku", id: sku, counted_qty: 5 }] }))
      .status,
  ).toBe(200);

  const line = await rest(t, "GET", `/stock-takes/${id}/lines`, { token: acct.token });
  expect(line.body.data[0]).toMatchObject({
    expected_qty: 0,
    counted_qty: 5,
    moved_since_freeze: true,
  });
  expect(
    (await post(`/stock-takes/${id}/accept-lines`, { lines: [{ type: "sku", id: sku }] })).status,
  ).toBe(200);
  expect((await post(`/stock-takes/${id}/reconcile`, {})).status).toBe(200);
  // The difference counted (+5) on top of what arrived since (3); the home site untouched.
  const at = async (site: number) =>
    (await rest(t, "GET", `/skus/${sku}?site_id=${site}`, { token: acct.token })).body.on_hand;
  expect([await at(store), await at(home)]).toEqual([8, 7]);
  expect(await ledgerProblems(t.db, acct.accountId)).toEqual([]);
});

it("receives a transfer once when two receipts of it arrive at once", async () => {
  const acct = await newAccount(t.db);
  const home = await defaultSiteOf(t, acct);
  const store = await newSite(t, acct, "STORE");
  const sku = await createSku(t, acct.token, 10);
  const sent = await rest(t, "POST", "/transfers", {
    token: acct.token,
    body: { from_site_id: home, to_site_id: store, lines: [{ type: "sku", id: sku, qty: 6 }] },
  });
  expect(sent.status).toBe(201);
  const id = sent.body.id as number;

  // Another session holds the transfer's row: both receipts queue behind it, having read nothing.
  const holder = new pg.Client({ connectionString: databaseUrl() });
  await holder.connect();
  try {
    await holder.query("BEGIN");
    await holder.query("SELECT id FROM transfers WHERE account_id = $1 AND id = $2 FOR UPDATE", [
      acct.accountId,
      id,
    ]);
    const receive = () =>
      rest(t, "POST", `/transfers/${id}/receive`, { token: acct.token, body: {} });
    const both = Promise.all([receive(), receive()]);
    // (Read without the row lock, as tried: both find it in transit and both receive it.)
    expect(await waitingOnLocks("FROM transfers WHERE account_id", 2, 3000)).toBe(2);
    await holder.query("COMMIT");
    const answers = await both;
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe("TRANSFER_CLOSED");
  } finally {
    await holder.end();
  }
  const level = await rest(t, "GET", `/skus/${sku}?site_id=${store}`, { token: acct.token });
  expect(level.body.on_hand).toBe(6);
  expect(await ledgerProblems(t.db, acct.accountId)).toEqual([]);
});
