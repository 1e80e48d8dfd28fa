// The rules around the flow: overlap, state transitions, concurrent reconciles, clamping,
// moved-since-freeze, dry runs, review input, and tenancy.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { rest, type TestApp } from "../../helpers/app.js";
import { placeMovement } from "../../helpers/movements.js";
import {
  chainProblems,
  ledgerProblems,
  ledgerState,
  movementsOf,
  skuOnHand,
} from "../../helpers/stock.js";
import {
  adjustSku,
  count,
  skus,
  eachTestInItsOwnAccount,
  stockTakeClient,
} from "../../helpers/stock-takes.js";

let t: TestApp;
let acct: TestAccount;
let api: ReturnType<typeof stockTakeClient>;

eachTestInItsOwnAccount((suite) => ({ t, acct, api } = suite));

describe("overlap", () => {
  it("refuses a start whose scope is already in an open stock take, naming the entities and that stock take", async () => {
    const [a, b, c] = await skus(t, acct.token, 1, 1, 1);
    const first = await api.start({ scope: { sku_ids: [a!.id, b!.id] } });
    expect(first.status).toBe(201);
    const before = await t.db.stockTakeLine.count({ where: { accountId: acct.accountId } });
    const res = await api.start({ scope: { sku_ids: [c!.id, b!.id] } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("STOCK_TAKE_OVERLAP");
    expect(res.body.detail).toContain(`stock take ${first.body.id}`);
    expect(res.body.errors).toEqual([
      {
        pointer: "/scope/sku_ids/1",
        code: "STOCK_TAKE_OVERLAP",
        message: `sku ${b!.id} is already in stock take ${first.body.id}`,
      },
    ]);
    const everything = await api.start();
    expect(everything.status).toBe(409);
    expect(everything.body.errors).toHaveLength(2);
    expect(await t.db.stockTakeLine.count({ where: { accountId: acct.accountId } })).toBe(before);
    // Once the first is cancelled its entities are free again.
    expect((await api.cancel(first.body.id)).status).toBe(200);
    expect((await api.start()).status).toBe(201);
  });

  it("lets only one of two concurrent overlapping starts succeed", async () => {
    await skus(t, acct.token, 1, 2, 3);
    const results = await Promise.all([api.start(), api.start(), api.start()]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await t.db.stockTake.count({ where: { accountId: acct.accountId } })).toBe(1);
    expect(await ledgerProblems(t.db, acct.accountId)).toEqual([]);
  });

  it("refuses unknown and linked entities in an explicit scope, and bad scope input", async () => {
    const [a] = await skus(t, acct.token, 1);
    const linked = await rest(t, "POST", "/supplier-items", {
      token: acct.token,
      body: { supplier: "ACME", code: "L-1", name: "Linked", sku_id: a!.id },
    });
    const res = await api.start({
      scope: { sku_ids: [999_999_999], supplier_item_ids: [linked.body.id] },
    });
    expect(res.status).toBe(404);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ pointer: "/scope/sku_ids/0", code: "SKU_NOT_FOUND" }),
      expect.objectContaining({
        pointer: "/scope/supplier_item_ids/0",
        code: "LINKED_SUPPLIER_ITEM",
      }),
    ]);
    for (const [body, code] of [
      [{ basis: "yesterday" }, "INVALID_PARAMETER"],
      [{ scope: { sku_ids: [] } }, "INVALID_PARAMETER"],
      [{ scope: { sku_ids: [a!.id, a!.id] } }, "DUPLICATE_LINE"],
      [{ scope: { sku_ids: [0] } }, "INVALID_PARAMETER"],
    ] as const) {
      const bad = await api.start(body);
      expect({ body, code: bad.body.code }).toEqual({ body, code });
    }
    expect(await t.db.stockTake.count({ where: { accountId: acct.accountId } })).toBe(0);
  });
});

describe("state transitions", () => {
  it("refuses counts, reviews and cancels after reconcile, and a reconcile of a cancelled stock take", async () => {
    const [a, b] = await skus(t, acct.token, 1, 1);
    const done = (await api.start({ scope: { sku_ids: [a!.id] } })).body.id as number;
    await api.reconcile(done);
    for (const res of [
      await api.input(done, { counts: [count(a!, 1)] }),
      await api.accept(done),
      await api.cancel(done),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("STOCK_TAKE_CLOSED");
    }
    const cancelled = (await api.start({ scope: { sku_ids: [b!.id] } })).body.id as number;
    expect((await api.cancel(cancelled)).body).toMatchObject({
      status: "cancelled",
      cancelled_at: expect.any(String),
    });
    const res = await api.reconcile(cancelled);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("STOCK_TAKE_CLOSED");
  });

  it("cancels a stock take being counted; then refuses counts and reviews, and frees its scope", async () => {
    const [a] = await skus(t, acct.token, 4);
    const id = (await api.start({ scope: { sku_ids: [a!.id] } })).body.id as number;
    expect((await api.input(id, { counts: [count(a!, 3)] })).body.status).toBe("counting");
    expect((await api.cancel(id)).body.status).toBe("cancelled");
    for (const res of [
      await api.input(id, { counts: [count(a!, 1)] }),
      await api.accept(id),
      await api.accept(id, { lines: [a] }),
      await api.cancel(id),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("STOCK_TAKE_CLOSED");
    }
    expect(await skuOnHand(t.db, acct.accountId, a!.id)).toBe("4");
    expect((await api.start({ scope: { sku_ids: [a!.id] } })).status).toBe(201);
  });
});

describe("reconcile", () => {
  it("two concurrent reconcile calls write one set of movements and both see the same result", async () => {
    const refs = await skus(t, acct.token, 5, 6, 7);
    const [matching, unaccepted] = await skus(t, acct.token, 4, 4, 4); // and one uncounted
    const id = (await api.start()).body.id as number;
    await api.input(id, {
      counts: [...refs.map((r) => count(r, 1)), count(matching!, 4), count(unaccepted!, 9)],
    });
    await api.accept(id, { lines: [...refs, matching] });
    const [one, two] = await Promise.all([api.reconcile(id), api.reconcile(id)]);
    expect(one.status).toBe(200);
    expect(two.status).toBe(200);
    expect(two.body).toEqual(one.body);
    expect(one.body).toMatchObject({
      unchanged: 1,
      skipped: { unaccepted: 1, uncounted: 1, linked: 0 },
    });
    const again = await api.reconcile(id);
    expect(again.body).toEqual(one.body);
    expect(
      await t.db.stockMovement.count({ where: { accountId: acct.accountId, stockTakeId: id } }),
    ).toBe(3);
    for (const r of refs) expect(await chainProblems(t.db, acct.accountId, r)).toEqual([]);
    expect(await ledgerProblems(t.db, acct.accountId)).toEqual([]);
  });

  it("basis count_time: a sale stamped before a count but written after it is taken into account at reconcile", async () => {
    const [a] = await skus(t, acct.token, 10);
    const id = (await api.start({ basis: "count_time" })).body.id as number;
    // The device's clock runs a minute ahead: the count is dated after the sale that follows.
    const countedAt = new Date(Date.now() + 60_000).toISOString();
    await api.input(id, { counts: [count(a!, 7, { counted_at: countedAt })] }); // 3 short of 10
    await adjustSku(t, acct.token, a!.id, 8); // sold 2, stamped before counted_at
    await api.accept(id, { lines: [a] });
    const res = await api.reconcile(id);
    // Counted 7 where the ledger held 8 at counted_at: 1 short, on top of the current 8.
    expect(res.body.applied).toEqual([
      expect.objectContaining({ id: a!.id, difference: -1, previous_qty: 8, new_qty: 7 }),
    ]);
    expect(await skuOnHand(t.db, acct.accountId, a!.id)).toBe("7");
    expect(await ledgerProblems(t.db, acct.accountId)).toEqual([]);
  });

  it("basis count_time: concurrent and repeated reconciles answer the same, from the ledger at each count", async () => {
    const [a, b] = await skus(t, acct.token, 10, 10);
    const id = (await api.start({ basis: "count_time" })).body.id as number;
    await adjustSku(t, acct.token, a!.id, 7); // sold 3 before the count
    await api.input(id, { counts: [count(a!, 6), count(b!, 10)] }); // a: 1 short of 7
    await api.accept(id, { lines: [a, b] });
    const [one, two] = await Promise.all([api.reconcile(id), api.reconcile(id)]);
    expect(one.status).toBe(200);
    expect(two.body).toEqual(one.body);
    expect(one.body).toMatchObject({
      applied: [
        expect.objectContaining({ id: a!.id, difference: -1, previous_qty: 7, new_qty: 6 }),
      ],
      unchanged: 1,
    });
    expect((await api.reconcile(id)).body).toEqual(one.body);
    expect(await skuOnHand(t.db, acct.accountId, a!.id)).toBe("6");
    expect(
      await t.db.stockMovement.count({ where: { accountId: acct.accountId, stockTakeId: id } }),
    ).toBe(1);
    expect(await chainProblems(t.db, acct.accountId, a!)).toEqual([]);
    expect(await ledgerProblems(t.db, acct.accountId)).toEqual([]);
  });

  it("basis count_time: an entity that last moved months before the count is measured against what it held then", async () => {
    // The ledger is partitioned by month: the look back must reach past the last 31 days.
    const [a] = await skus(t, acct.token, 0);
    await placeMovement(t.db, acct.accountId, {
      at: new Date(Date.now() - 75 * 86_400_000),
      skuId: a!.id,
      before: 0,
      after: 6,
    });
    await t.db.$executeRaw`
      INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand)
      SELECT account_id, id, ${a!.id}, 6 FROM sites WHERE account_id = ${acct.accountId} AND is_default
      ON CONFLICT (account_id, site_id, sku_id) DO UPDATE SET on_hand = EXCLUDED.on_hand`;
    const id = (await api.start({ basis: "count_time" })).body.id as number;
    await api.input(id, { counts: [count(a!, 4)] }); // 2 short of the 6 it has held since
    await api.accept(id, { lines: [a] });
    const res = await api.reconcile(id);
    expect(res.body.applied).toEqual([
      expect.objectContaining({ id: a!.id, difference: -2, previous_qty: 6, new_qty: 4 }),
    ]);
    expect(await chainProblems(t.db, acct.accountId, a!)).toEqual([]);
  });

  it("clamps a result below zero at 0 and reports it, also when nothing was left to take", async () => {
    const [a, b] = await skus(t, acct.token, 10, 5);
    const id = (await api.start()).body.id as number;
    await adjustSku(t, acct.token, a!.id, 1); // sold 9 during the count
    await adjustSku(t, acct.token, b!.id, 0); // sold out during the count
    await api.input(id, { counts: [count(a!, 7), count(b!, 3)] }); // 3 and 2 short of the freeze
    await api.accept(id, { lines: [a, b] });
    const res = await api.reconcile(id);
    expect(res.body.applied).toEqual([
      expect.objectContaining({
        id: a!.id,
        difference: -3,
        previous_qty: 1,
        new_qty: 0,
        change: -1,
        clamped: true,
        movement_id: expect.any(Number),
      }),
      expect.objectContaining({
        id: b!.id,
        difference: -2,
        previous_qty: 0,
        new_qty: 0,
        change: 0,
        clamped: true,
        movement_id: null,
      }),
    ]);
    expect(await skuOnHand(t.db, acct.accountId, a!.id)).toBe("0");
    // Asked again, it answers the same from what it wrote.
    expect((await api.reconcile(id)).body).toEqual(res.body);
  });

  it("reports unaccepted and uncounted lines and leaves them alone; dry_run writes nothing", async () => {
    const [a, b, c] = await skus(t, acct.token, 4, 4, 4);
    const id = (await api.start()).body.id as number;
    await api.input(id, { counts: [count(a!, 6), count(b!, 9)] });
    await api.accept(id, { lines: [a] });
    const before = await ledgerState(t.db, acct.accountId);
    const dry = await api.reconcile(id, { dry_run: true });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ status: "counting", dry_run: true, reconciled_at: null });
    expect(dry.body.applied).toEqual([
      expect.objectContaining({ id: a!.id, new_qty: 6, movement_id: null }),
    ]);
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
    expect((await api.get(id)).body.status).toBe("counting");

    const res = await api.reconcile(id);
    expect(res.body).toMatchObject({
      unchanged: 0,
      skipped: { unaccepted: 1, uncounted: 1, linked: 0 },
    });
    // The dry run answered what the reconcile then did, but for the movements it did not write.
    expect(dry.body).toEqual({
      ...res.body,
      status: "counting",
      reconciled_at: null,
      dry_run: true,
      applied: (res.body.applied as object[]).map((l) => ({ ...l, movement_id: null })),
    });
    // The lines left alone are listed by their state.
    const unaccepted = await api.lines(id, "?state=counted");
    expect(unaccepted.body.data).toEqual([expect.objectContaining({ id: b!.id, counted_qty: 9 })]);
    const uncounted = await api.lines(id, "?state=uncounted");
    expect(uncounted.body.data).toEqual([expect.objectContaining({ id: c!.id })]);
    expect(await skuOnHand(t.db, acct.accountId, b!.id)).toBe("4");
    expect(await movementsOf(t.db, acct.accountId, b!)).toHaveLength(1);
  });
});

describe("linked since the start", () => {
  it("leaves a supplier item linked to a SKU during the count alone, whatever its count, and says so", async () => {
    const [sku] = await skus(t, acct.token, 3);
    const items: { type: "supplier_item"; id: number }[] = [];
    for (const code of ["L-1", "L-2", "L-3"]) {
      const res = await rest(t, "POST", "/supplier-items", {
        token: acct.token,
        body: { supplier: "ACME", code, name: code, opening_on_hand: 4 },
      });
      items.push({ type: "supplier_item", id: res.body.id as number });
    }
    const [differs, matches, unlinked] = items;
    const id = (await api.start({ scope: { supplier_item_ids: items.map((i) => i.id) } })).body
      .id as number;
    await api.input(id, { counts: [count(differs!, 6), count(matches!, 4), count(unlinked!, 5)] });
    await api.accept(id, { lines: items });
    // What linking does to a supplier item: its stock becomes the SKU's, its levels hold none.
    const linking = [differs!.id, matches!.id];
    await t.db.$transaction([
      t.db.supplierItemStock.updateMany({
        where: { accountId: acct.accountId, supplierItemId: { in: linking } },
        data: { onHand: 0 },
      }),
      t.db.supplierItem.updateMany({
        where: { accountId: acct.accountId, id: { in: linking } },
        data: { skuId: sku!.id },
      }),
    ]);
    const res = await api.reconcile(id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      applied: [expect.objectContaining({ id: unlinked!.id, previous_qty: 4, new_qty: 5 })],
      unchanged: 0,
      skipped: { unaccepted: 0, uncounted: 0, linked: 2 },
    });
    const left = await api.lines(id, "?state=accepted");
    expect(left.body.data.map((l: { id: number }) => l.id)).toEqual([differs!.id, matches!.id]);
    expect(
      await t.db.stockMovement.count({ where: { accountId: acct.accountId, stockTakeId: id } }),
    ).toBe(1);
    expect(await skuOnHand(t.db, acct.accountId, sku!.id)).toBe("3");
  });
});

describe("review", () => {
  it("never accepts a line moved since the freeze automatically; listing it accepts it", async () => {
    const [a, b] = await skus(t, acct.token, 10, 10);
    const id = (await api.start()).body.id as number;
    await adjustSku(t, acct.token, a!.id, 9);
    await api.input(id, { counts: [count(a!, 10), count(b!, 10.1)] });
    const safe = await api.accept(id);
    expect(safe.body.accepted.map((l: { id: number }) => l.id)).toEqual([b!.id]);
    expect(safe.body.needs_review).toEqual([
      expect.objectContaining({ id: a!.id, moved_since_freeze: true, difference: 0 }),
    ]);
    expect((await api.lines(id, "?moved=true")).body.data.map((l: { id: number }) => l.id)).toEqual(
      [a!.id],
    );
    const listed = await api.accept(id, { lines: [a] });
    expect(listed.body.accepted.map((l: { id: number }) => l.id)).toEqual([a!.id]);
  });

  it("narrows or widens the tolerance per request, and refuses a tolerance below zero", async () => {
    const [a] = await skus(t, acct.token, 100);
    const id = (await api.start()).body.id as number;
    await api.input(id, { counts: [count(a!, 104)] });
    expect((await api.accept(id, { tolerance: { abs: 0, pct: 2 } })).body.accepted).toEqual([]);
    const bad = await api.accept(id, { tolerance: { abs: -1, pct: 101 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual([
      "/tolerance/abs",
      "/tolerance/pct",
    ]);
    expect((await api.accept(id, { tolerance: { pct: 5 } })).body.accepted).toHaveLength(1);
  });

  it("refuses a line both accepted and sent back, and more than 10,000 lines, changing nothing", async () => {
    const [a, b] = await skus(t, acct.token, 5, 5);
    const id = (await api.start({ scope: { sku_ids: [a!.id, b!.id] } })).body.id as number;
    await api.input(id, { counts: [count(a!, 5), count(b!, 9)] });
    const states = async () =>
      (await api.lines(id)).body.data.map((l: { id: number; state: string }) => [l.id, l.state]);
    const before = await states();

    const both = await api.accept(id, { lines: [a, b], recount: [b] });
    expect(both.status).toBe(422);
    expect(both.body.errors).toEqual([
      expect.objectContaining({ pointer: "/recount/0/id", code: "DUPLICATE_LINE" }),
    ]);
    const many = await api.accept(id, {
      lines: Array.from({ length: 10_001 }, () => ({ type: "sku", id: a!.id })),
    });
    expect(many.status).toBe(422);
    expect(many.body.code).toBe("TOO_MANY_LINES");
    expect(await states()).toEqual(before);
  });

  it("refuses accepting an uncounted line or one outside the stock take", async () => {
    const [a, b] = await skus(t, acct.token, 1, 1);
    const id = (await api.start({ scope: { sku_ids: [a!.id] } })).body.id as number;
    const res = await api.accept(id, { lines: [a, b] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ pointer: "/lines/0/id", code: "INVALID_PARAMETER" }),
      expect.objectContaining({ pointer: "/lines/1/id", code: "NOT_IN_STOCK_TAKE" }),
    ]);
  });
});

describe("reads", () => {
  it("lists stock takes newest first, by status, with a cursor; pages lines", async () => {
    const refs = await skus(t, acct.token, 1, 2, 3);
    const first = (await api.start({ scope: { sku_ids: [refs[0]!.id] } })).body.id;
    const second = (await api.start({ scope: { sku_ids: [refs[1]!.id, refs[2]!.id] } })).body.id;
    await api.cancel(first);
    const all = await rest(t, "GET", "/stock-takes?limit=1", { token: acct.token });
    expect(all.body.data.map((s: { id: number }) => s.id)).toEqual([second]);
    const next = await rest(t, "GET", `/stock-takes?limit=1&cursor=${all.body.next_cursor}`, {
      token: acct.token,
    });
    expect(next.body.data.map((s: { id: number }) => s.id)).toEqual([first]);
    const cancelled = await rest(t, "GET", "/stock-takes?status=cancelled", { token: acct.token });
    expect(cancelled.body.data.map((s: { id: number }) => s.id)).toEqual([first]);
    expect((await rest(t, "GET", "/stock-takes?status=done", { token: acct.token })).status).toBe(
      400,
    );

    const page = await api.lines(second, "?limit=1");
    expect(page.body.data).toHaveLength(1);
    const rest2 = await api.lines(second, `?limit=1&cursor=${page.body.next_cursor}`);
    expect(rest2.body.data[0].id).toBe(refs[2]!.id);
    expect(rest2.body.next_cursor).toBeNull();
    expect((await api.lines(first, `?cursor=${page.body.next_cursor}`)).body.code).toBe(
      "INVALID_CURSOR",
    );
  });
});

describe("tenancy", () => {
  it("another account's stock take is 404 STOCK_TAKE_NOT_FOUND on every route", async () => {
    await skus(t, acct.token, 1);
    const id = (await api.start()).body.id as number;
    const other = await newAccount(t.db);
    const [theirs] = await skus(t, other.token, 1);
    const them = stockTakeClient(t, other.token);
    const responses = [
      await them.get(id),
      await them.lines(id),
      await rest(t, "GET", `/stock-takes/${id}/lines`, {
        token: other.token,
        headers: { accept: "text/csv" },
      }),
      await them.counts(id),
      await them.input(id, { counts: [count(theirs!, 1)] }),
      await them.inputCsv(id, `type,id,counted_qty\nsku,${theirs!.id},1\n`),
      await them.accept(id),
      await them.reconcile(id),
      await them.cancel(id),
    ];
    for (const res of responses) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("STOCK_TAKE_NOT_FOUND");
    }
    const list = await rest(t, "GET", "/stock-takes", { token: other.token });
    expect(list.body.data).toEqual([]);
    expect((await api.get(id)).body.status).toBe("open");
  });
});
