// Automatic acceptance (DESIGN §9): a stock take started with a tolerance accepts the counts
// within it as they arrive, marked as such, never a line moved since the freeze; money bounds
// hold back valued lines as accept-lines' do. A counter who may not see expected quantities is
// never told which counts matched: to it such a line is counted.
import { type TestAccount } from "../../helpers/db.js";
import { postGraphql, rest, type TestApp } from "../../helpers/app.js";
import { movementsOf } from "../../helpers/stock.js";
import {
  adjustSku,
  count,
  eachTestInItsOwnAccount,
  skus,
  stockTakeClient,
} from "../../helpers/stock-takes.js";
import { createToken } from "../../../src/modules/token/token.store.js";

let t: TestApp;
let acct: TestAccount;
let api: ReturnType<typeof stockTakeClient>;

eachTestInItsOwnAccount((suite) => ({ t, acct, api } = suite));

type Line = { id: number; state: string; auto_accepted?: boolean };
const states = (lines: Line[]) => lines.map((l) => [l.id, l.state, l.auto_accepted]);

async function costedSku(onHand: number, cost: number | null): Promise<number> {
  const res = await rest(t, "POST", "/skus", {
    token: acct.token,
    body: {
      code: `AA-${onHand}-${cost}-${Math.random().toString(36).slice(2, 8)}`,
      name: "Auto",
      opening_on_hand: onHand,
      ...(cost === null ? {} : { unit_cost: cost }),
    },
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

describe("a stock take with automatic acceptance", () => {
  it("accepts the counts within its tolerance as they arrive and leaves the rest for review", async () => {
    const [a, b, c] = await skus(t, acct.token, 10, 10, 50);
    const started = await api.start({ auto_accept: { abs: 1, pct: 0 } });
    expect(started.status).toBe(201);
    expect(started.body.auto_accept).toEqual({
      abs: 1,
      pct: 0,
      max_value: null,
      max_value_pct: null,
    });
    const id = started.body.id as number;
    const res = await api.input(id, { counts: [count(a!, 9), count(b!, 7), count(c!, 50)] });
    expect(res.status).toBe(200);
    expect(states(res.body.lines)).toEqual([
      [a!.id, "accepted", true],
      [b!.id, "counted", false],
      [c!.id, "accepted", true],
    ]);
    const take = await api.get(id);
    expect(take.body.summary).toMatchObject({ counted: 1, accepted: 2, auto_accepted: 2 });
    expect(take.body.auto_accept).toEqual(started.body.auto_accept);
    // A review sees only what is left; reconcile applies what was accepted, automatically or not.
    const review = await api.accept(id, { safe: true, tolerance: { abs: 0, pct: 0 } });
    expect(review.body.needs_review.map((l: Line) => l.id)).toEqual([b!.id]);
    const done = await api.reconcile(id);
    expect(done.status).toBe(200);
    expect(await movementsOf(t.db, acct.accountId, a!)).toHaveLength(2);
  });

  it("judges every count again: a recount outside the tolerance waits for review", async () => {
    const [a] = await skus(t, acct.token, 10);
    const id = (await api.start({ auto_accept: { abs: 1, pct: 0 } })).body.id as number;
    await api.input(id, { counts: [count(a!, 10)] });
    const again = await api.input(id, { counts: [count(a!, 5, { mode: "add" })] });
    expect(states(again.body.lines)).toEqual([[a!.id, "counted", false]]);
    const back = await api.input(id, { counts: [count(a!, 11)] });
    expect(states(back.body.lines)).toEqual([[a!.id, "accepted", true]]);
  });

  it("never accepts a line whose stock moved since the freeze", async () => {
    const [a, b] = await skus(t, acct.token, 10, 10);
    const id = (await api.start({ auto_accept: { abs: 5, pct: 0 } })).body.id as number;
    await adjustSku(t, acct.token, a!.id, 9);
    const res = await api.input(id, { counts: [count(a!, 10), count(b!, 10)] });
    expect(states(res.body.lines)).toEqual([
      [a!.id, "counted", false],
      [b!.id, "accepted", true],
    ]);
  });

  it("compares with the ledger at the count with basis count_time", async () => {
    const [a] = await skus(t, acct.token, 10);
    const id = (await api.start({ basis: "count_time", auto_accept: { abs: 0, pct: 0 } })).body
      .id as number;
    await adjustSku(t, acct.token, a!.id, 4);
    const res = await api.input(id, { counts: [count(a!, 4)] });
    // Moved since the freeze, so never automatic, but compared with 4, not 10.
    expect(res.body.lines[0]).toMatchObject({ state: "counted", difference: 0 });
    const [b] = await skus(t, acct.token, 3);
    const other = (
      await api.start({
        basis: "count_time",
        auto_accept: { abs: 0, pct: 0 },
        scope: { sku_ids: [b!.id] },
      })
    ).body.id as number;
    const exact = await api.input(other, { counts: [count(b!, 3)] });
    expect(states(exact.body.lines)).toEqual([[b!.id, "accepted", true]]);
  });

  it("makes a line the reviewer's when listed, and a recount clears the mark", async () => {
    const [a, b] = await skus(t, acct.token, 10, 10);
    const id = (await api.start({ auto_accept: {} })).body.id as number;
    await api.input(id, { counts: [count(a!, 10), count(b!, 10)] });
    const listed = await api.accept(id, {
      lines: [{ type: "sku", id: a!.id }],
      recount: [{ type: "sku", id: b!.id }],
    });
    expect(listed.status).toBe(200);
    const lines = (await api.lines(id)).body.data as Line[];
    expect(states(lines)).toEqual([
      [a!.id, "accepted", false],
      [b!.id, "uncounted", false],
    ]);
  });

  it("holds back a valued line over its money bound, and judges a line without a cost by its units", async () => {
    await rest(t, "PATCH", "/account", { token: acct.token, body: { currency: "EUR" } });
    const dear = await costedSku(10, 10);
    const cheap = await costedSku(10, 0.5);
    const uncosted = await costedSku(10, null);
    const id = (await api.start({ auto_accept: { abs: 5, pct: 0, max_value: 2.5 } })).body
      .id as number;
    const res = await api.input(id, {
      counts: [dear, cheap, uncosted].map((sku) => ({ type: "sku", id: sku, counted_qty: 8 })),
    });
    expect(states(res.body.lines)).toEqual([
      [dear, "counted", false],
      [cheap, "accepted", true],
      [uncosted, "accepted", true],
    ]);
    // The money bound shows to the costs scope only.
    const reader = (
      await createToken(t.db, {
        accountId: acct.accountId,
        name: "approver",
        scopes: ["read", "approve"],
      })
    ).token;
    const seen = await rest(t, "GET", `/stock-takes/${id}`, { token: reader });
    expect(seen.body.auto_accept).toEqual({ abs: 5, pct: 0, max_value: null, max_value_pct: null });
  });
});

describe("what a blind counter is told", () => {
  it("shows a line accepted as it was counted as counted, in answers, lists, filters and the summary", async () => {
    const [a, b] = await skus(t, acct.token, 10, 10);
    const id = (await api.start({ blind: true, auto_accept: { abs: 0, pct: 0 } })).body
      .id as number;
    const counter = (
      await createToken(t.db, {
        accountId: acct.accountId,
        name: "counter",
        scopes: ["read", "count"],
      })
    ).token;
    const as = stockTakeClient(t, counter);
    const res = await as.input(id, { counts: [count(a!, 10), count(b!, 3)] });
    expect(res.status).toBe(200);
    expect(res.body.lines.map((l: Line) => [l.state, "auto_accepted" in l])).toEqual([
      ["counted", false],
      ["counted", false],
    ]);
    const counted = await as.lines(id, "?state=counted");
    expect(counted.body.data.map((l: Line) => l.id)).toEqual([a!.id, b!.id]);
    expect((await as.lines(id, "?state=accepted")).body.data).toEqual([]);
    const take = await as.get(id);
    expect(take.body.auto_accept).toBeUndefined();
    expect(take.body.summary).toMatchObject({ counted: 2, accepted: 0 });
    expect(take.body.summary.auto_accepted).toBeUndefined();
    // The manager sees what happened.
    expect(states((await api.lines(id)).body.data)).toEqual([
      [a!.id, "accepted", true],
      [b!.id, "counted", false],
    ]);
  });
});

describe("refused", () => {
  it("needs the approve scope, the costs scope for money, a currency, and a tolerance in range; nothing is started", async () => {
    const [a] = await skus(t, acct.token, 10);
    const counting = (
      await createToken(t.db, { accountId: acct.accountId, name: "c", scopes: ["read", "count"] })
    ).token;
    const approving = (
      await createToken(t.db, {
        accountId: acct.accountId,
        name: "a",
        scopes: ["read", "count", "approve"],
      })
    ).token;
    const start = (token: string, auto_accept: unknown) =>
      rest(t, "POST", "/stock-takes/start", {
        token,
        body: { scope: { sku_ids: [a!.id] }, auto_accept },
      });
    expect((await start(counting, { abs: 1 })).body.code).toBe("FORBIDDEN");
    expect((await start(approving, { max_value: 5 })).body.code).toBe("FORBIDDEN");
    const noCurrency = await start(acct.token, { max_value_pct: 5 });
    expect([noCurrency.status, noCurrency.body.code]).toEqual([409, "CURRENCY_NOT_SET"]);
    const bad = await start(acct.token, { pct: 101 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual([
      "/auto_accept/pct",
    ]);
    expect(await t.db.stockTake.count({ where: { accountId: acct.accountId } })).toBe(0);
  });
});

describe("over GraphQL", () => {
  it("starts with autoAccept and shows what the counts did", async () => {
    const [a] = await skus(t, acct.token, 10);
    const started = await postGraphql(
      t,
      {
        query: `mutation { startStockTake(input: { autoAccept: { abs: 1, pct: 0 } }) {
          stockTake { id autoAccept { abs pct maxValue maxValuePct } } } }`,
      },
      acct.token,
    );
    expect(started.errors).toBeUndefined();
    const take = (
      started.data as { startStockTake: { stockTake: { id: number; autoAccept: unknown } } }
    ).startStockTake.stockTake;
    expect(take.autoAccept).toEqual({ abs: 1, pct: 0, maxValue: null, maxValuePct: null });
    const counted = await postGraphql(
      t,
      {
        query: `mutation($id: Int!, $sku: Int!) { submitStockTakeCounts(input: {
          stockTakeId: $id, counts: [{ type: SKU, id: $sku, countedQty: 11 }] }) {
          lines { state autoAccepted } } }`,
        variables: { id: take.id, sku: a!.id },
      },
      acct.token,
    );
    expect(counted.data).toEqual({
      submitStockTakeCounts: { lines: [{ state: "ACCEPTED", autoAccepted: true }] },
    });
  });
});
