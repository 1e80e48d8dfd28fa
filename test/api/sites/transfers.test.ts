// Transfers between sites over REST: dispatch takes stock out of the source at once and holds it
// in transit, receipts (in parts, or closed short with the shortfall written off) put it in at
// the destination, a cancel before any receipt puts it back, a one-step transfer does both at
// once; every movement names its transfer and the ledger checks out after each step.
import { rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { defaultSiteOf, newSite } from "../../helpers/sites.js";
import { createSku, createSupplierItem, ledgerProblems } from "../../helpers/stock.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A SKU's on hand at a site, as the API reads it. */
const skuAt = async (acct: TestAccount, sku: number, siteId: number) =>
  (await rest(t, "GET", `/skus/${sku}?site_id=${siteId}`, { token: acct.token })).body.on_hand;

const post = (acct: TestAccount, path: string, body?: unknown, key?: string) =>
  rest(t, "POST", path, {
    token: acct.token,
    headers: key ? { "idempotency-key": key } : {},
    body,
  });

/** The transfer's movements as (site, reason, change, before, after), in the order written. */
const movementsOf = async (acct: TestAccount, transferId: number) =>
  (
    await t.db.$queryRaw<{ site_id: number; reason: string; change: string }[]>`
      SELECT site_id, reason::text, trim_scale(change)::text AS change FROM stock_movements
      WHERE account_id = ${acct.accountId} AND transfer_id = ${transferId} ORDER BY id`
  ).map((m) => [m.site_id, m.reason, Number(m.change)]);

async function world() {
  const acct = await newAccount(t.db);
  const home = await defaultSiteOf(t, acct);
  const store = await newSite(t, acct, "STORE");
  const a = await createSku(t, acct.token, 20);
  const b = await createSku(t, acct.token, 5);
  return { acct, home, store, a, b };
}

it("dispatches out of the source at once, receives in two parts, and closes once nothing is in transit", async () => {
  const { acct, home, store, a, b } = await world();
  const sent = await post(acct, "/transfers", {
    from_site_id: home,
    to_site_id: store,
    reference: "DN-1",
    lines: [
      { type: "sku", id: a, qty: 12 },
      { type: "sku", id: b, qty: 2.5 },
    ],
  });
  expect(sent.status).toBe(201);
  expect(sent.body).toMatchObject({
    status: "in_transit",
    from_site_id: home,
    to_site_id: store,
    reference: "DN-1",
    line_count: 2,
    closed_at: null,
  });
  expect(sent.body.lines).toEqual([
    { type: "sku", id: a, qty: 12, received_qty: 0, lost_qty: 0, in_transit_qty: 12 },
    { type: "sku", id: b, qty: 2.5, received_qty: 0, lost_qty: 0, in_transit_qty: 2.5 },
  ]);
  const id = sent.body.id as number;
  // Out of the source at once; nothing at the destination yet.
  expect([await skuAt(acct, a, home), await skuAt(acct, b, home)]).toEqual([8, 2.5]);
  expect(await skuAt(acct, a, store)).toBe(0);
  // What is on its way to the store.
  const incoming = await rest(t, "GET", `/transfers?status=in_transit&to_site_id=${store}`, {
    token: acct.token,
  });
  expect(incoming.body.data.map((x: { id: number }) => x.id)).toEqual([id]);

  const part = await post(acct, `/transfers/${id}/receive`, {
    lines: [{ type: "sku", id: a, qty: 5 }],
  });
  expect(part.status).toBe(200);
  expect(part.body.status).toBe("in_transit");
  expect(part.body.lines[0]).toMatchObject({ received_qty: 5, in_transit_qty: 7 });
  expect(await skuAt(acct, a, store)).toBe(5);

  const rest_ = await post(acct, `/transfers/${id}/receive`, {});
  expect(rest_.status).toBe(200);
  expect(rest_.body.status).toBe("received");
  expect(rest_.body.closed_at).not.toBeNull();
  expect(rest_.body.lines.map((l: { in_transit_qty: number }) => l.in_transit_qty)).toEqual([0, 0]);
  expect([await skuAt(acct, a, store), await skuAt(acct, b, store)]).toEqual([12, 2.5]);

  expect(await movementsOf(acct, id)).toEqual([
    [home, "transfer_out", -12],
    [home, "transfer_out", -2.5],
    [store, "transfer_in", 5],
    [store, "transfer_in", 7],
    [store, "transfer_in", 2.5],
  ]);
  // Each movement names its transfer in the history too.
  const history = await rest(t, "GET", `/stock/movements?sku_id=${b}`, { token: acct.token });
  expect(history.body.data[0]).toMatchObject({ transfer_id: id, source: "transfer" });

  // Closed: nothing more to receive or cancel.
  const again = await post(acct, `/transfers/${id}/receive`, {});
  expect(again.status).toBe(409);
  expect(again.body.code).toBe("TRANSFER_CLOSED");
  const read = await rest(t, "GET", `/transfers/${id}`, { token: acct.token });
  expect(read.status).toBe(200);
  expect(read.body).toMatchObject({ status: "received", lines_next_cursor: null });
  expect(read.body.lines).toEqual(rest_.body.lines);
  expect(await ledgerProblems(t.db, acct.accountId)).toEqual([]);
});

it("closes short: what never arrived is received and written off at the destination as transfer_loss", async () => {
  const { acct, home, store, a, b } = await world();
  const sent = await post(acct, "/transfers", {
    from_site_id: home,
    to_site_id: store,
    lines: [
      { type: "sku", id: a, qty: 10 },
      { type: "sku", id: b, qty: 4 },
    ],
  });
  const id = sent.body.id as number;
  const closed = await post(acct, `/transfers/${id}/receive`, {
    lines: [{ type: "sku", id: a, qty: 8 }],
    close: true,
  });
  expect(closed.status).toBe(200);
  expect(closed.body.status).toBe("received");
  expect(closed.body.lines).toEqual([
    { type: "sku", id: a, qty: 10, received_qty: 8, lost_qty: 2, in_transit_qty: 0 },
    { type: "sku", id: b, qty: 4, received_qty: 0, lost_qty: 4, in_transit_qty: 0 },
  ]);
  expect([await skuAt(acct, a, store), await skuAt(acct, b, store)]).toEqual([8, 0]);
  expect(await movementsOf(acct, id)).toEqual([
    [home, "transfer_out", -10],
    [home, "transfer_out", -4],
    [store, "transfer_in", 10],
    [store, "transfer_in", 4],
    [store, "transfer_loss", -2],
    [store, "transfer_loss", -4],
  ]);
  expect(await ledgerProblems(t.db, acct.accountId)).toEqual([]);
});

it("cancels before any receipt (the stock goes back), refuses a cancel after one, and moves at once with receive", async () => {
  const { acct, home, store, a, b } = await world();
  const sent = await post(acct, "/transfers", {
    from_site_id: home,
    to_site_id: store,
    lines: [{ type: "sku", id: a, qty: 6 }],
  });
  const cancelled = await post(acct, `/transfers/${sent.body.id}/cancel`);
  expect(cancelled.status).toBe(200);
  expect(cancelled.body).toMatchObject({ status: "cancelled" });
  expect(cancelled.body.lines[0]).toMatchObject({ qty: 6, in_transit_qty: 0 });
  expect(await skuAt(acct, a, home)).toBe(20);
  expect(await movementsOf(acct, sent.body.id)).toEqual([
    [home, "transfer_out", -6],
    [home, "transfer_in", 6],
  ]);

  const second = await post(acct, "/transfers", {
    from_site_id: home,
    to_site_id: store,
    lines: [{ type: "sku", id: a, qty: 6 }],
  });
  await post(acct, `/transfers/${second.body.id}/receive`, {
    lines: [{ type: "sku", id: a, qty: 1 }],
  });
  const late = await post(acct, `/transfers/${second.body.id}/cancel`);
  expect(late.status).toBe(409);
  expect(late.body.code).toBe("TRANSFER_RECEIVED");

  const moved = await post(acct, "/transfers", {
    from_site_id: home,
    to_site_id: store,
    receive: true,
    lines: [{ type: "sku", id: b, qty: 5 }],
  });
  expect(moved.status).toBe(201);
  expect(moved.body.status).toBe("received");
  expect(moved.body.lines[0]).toMatchObject({ received_qty: 5, in_transit_qty: 0 });
  expect([await skuAt(acct, b, home), await skuAt(acct, b, store)]).toEqual([0, 5]);
  expect(await ledgerProblems(t.db, acct.accountId)).toEqual([]);
});

it("refuses bad transfers with every problem at its line and writes nothing", async () => {
  const { acct, home, store, a, b } = await world();
  const item = await createSupplierItem(t, acct.token, { openingOnHand: 1 });
  const before = await t.db.stockMovement.count({ where: { accountId: acct.accountId } });

  const same = await post(acct, "/transfers", {
    from_site_id: home,
    to_site_id: home,
    lines: [{ type: "sku", id: a, qty: 1 }],
  });
  expect(same.status).toBe(422);
  expect(same.body.code).toBe("SAME_SITE");

  const bad = await post(acct, "/transfers", {
    from_site_id: home,
    to_site_id: store,
    lines: [
      { type: "sku", id: a, qty: 21 },
      { type: "sku", id: b, qty: 0 },
      { type: "supplier_item", id: item, qty: 1 },
      { type: "sku", id: a, qty: 1 },
      { type: "sku", id: 999999, qty: 1 },
    ],
  });
  expect(bad.status).toBe(404);
  expect(
    bad.body.errors.map((e: { pointer: string; code: string }) => [e.pointer, e.code]),
  ).toEqual([
    ["/lines/4/id", "SKU_NOT_FOUND"],
    ["/lines/0/qty", "INSUFFICIENT_STOCK"],
    ["/lines/1/qty", "INVALID_QUANTITY"],
    ["/lines/3/id", "DUPLICATE_LINE"],
  ]);
  const missing = await post(acct, "/transfers", {
    from_site_id: home,
    to_site_id: 999999,
    lines: [{ type: "sku", id: a, qty: 1 }],
  });
  expect(missing.status).toBe(404);
  expect(missing.body.code).toBe("SITE_NOT_FOUND");

  const sent = await post(acct, "/transfers", {
    from_site_id: home,
    to_site_id: store,
    lines: [{ type: "sku", id: a, qty: 3 }],
  });
  const over = await post(acct, `/transfers/${sent.body.id}/receive`, {
    lines: [
      { type: "sku", id: a, qty: 4 },
      { type: "sku", id: b, qty: 1 },
    ],
  });
  expect(over.status).toBe(422);
  expect(
    over.body.errors.map((e: { pointer: string; code: string }) => [e.pointer, e.code]),
  ).toEqual([
    ["/lines/0/qty", "OVER_RECEIPT"],
    ["/lines/1/id", "NOT_IN_TRANSFER"],
  ]);
  const unknown = await post(acct, "/transfers/999999/receive", {});
  expect(unknown.status).toBe(404);
  expect(unknown.body.code).toBe("TRANSFER_NOT_FOUND");
  // Only the dispatch that was accepted wrote anything.
  expect(await t.db.stockMovement.count({ where: { accountId: acct.accountId } })).toBe(before + 1);
  expect(await t.db.transfer.count({ where: { accountId: acct.accountId } })).toBe(1);
});

it("answers a retry with the same key from the first answer, and keeps a site with a transfer in transit active", async () => {
  const { acct, home, store, a } = await world();
  const body = { from_site_id: home, to_site_id: store, lines: [{ type: "sku", id: a, qty: 2 }] };
  const first = await post(acct, "/transfers", body, "tr-1");
  const retry = await post(acct, "/transfers", body, "tr-1");
  expect(retry.status).toBe(201);
  expect(retry.body).toEqual(first.body);
  expect(await skuAt(acct, a, home)).toBe(18);

  const shut = await rest(t, "PATCH", `/sites/${store}`, {
    token: acct.token,
    body: { active: false },
  });
  expect(shut.status).toBe(409);
  expect(shut.body.code).toBe("SITE_IN_USE");
  expect(shut.body.detail).toContain(`transfer ${first.body.id}`);

  const received = await post(acct, `/transfers/${first.body.id}/receive`, {}, "rc-1");
  const replay = await post(acct, `/transfers/${first.body.id}/receive`, {}, "rc-1");
  expect(replay.status).toBe(200);
  expect(replay.body).toEqual(received.body);
  expect(await skuAt(acct, a, store)).toBe(2);
});

it("refuses a receipt that would take the destination to the largest quantity, pointing at the receipt's line", async () => {
  const { acct, home, store, a, b } = await world();
  const full = await rest(t, "PATCH", `/skus/${b}`, {
    token: acct.token,
    body: { on_hand: 99999999999.5, reason: "received", site_id: store },
  });
  expect(full.status).toBe(200);
  const sent = await post(acct, "/transfers", {
    from_site_id: home,
    to_site_id: store,
    lines: [
      { type: "sku", id: a, qty: 1 },
      { type: "sku", id: b, qty: 1 },
    ],
  });
  const over = await post(acct, `/transfers/${sent.body.id}/receive`, {
    lines: [{ type: "sku", id: b, qty: 1 }],
  });
  expect(over.status).toBe(422);
  expect(
    over.body.errors.map((e: { pointer: string; code: string }) => [e.pointer, e.code]),
  ).toEqual([["/lines/0/qty", "INVALID_QUANTITY"]]);
  expect(await skuAt(acct, b, store)).toBe(99999999999.5);
});
