// GraphQL subscriptions over graphql-ws, against the real server: a client sees the changes of
// what it follows once they commit, nothing of another account, and a counter on a blind stock
// take never receives expected quantities.
import type { Client } from "graphql-ws";
import { rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { createSku } from "../../helpers/stock.js";
import { count, skus, stockTakeClient } from "../../helpers/stock-takes.js";
import { subscribe, untilSubscribers, wsConnect } from "../../helpers/subscriptions.js";

let t: TestApp;
let acct: TestAccount;
const clients: Client[] = [];

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  acct = await newAccount(t.db);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.dispose()));
  // The server lets go of them as it reads the closes: the next test counts its own from none.
  await untilSubscribers(t.baseUrl, 0);
});

function connect(authorization?: string): Client {
  const client = wsConnect(t.baseUrl, authorization);
  clients.push(client);
  return client;
}

const STOCK_CHANGED = `subscription ($skuIds: [Int!]) {
  stockChanged(skuIds: $skuIds) { eventId skuId quantityBefore quantityAfter change reason source movementId cursor }
}`;
const PROGRESS = `subscription ($id: Int!) {
  stockTakeProgress(id: $id) {
    eventType
    stockTake { id status blind summary { counted uncounted sumAbsDifference netDifference } lines(first: 10) { edges { node { id countedQty expectedQty difference } } } }
  }
}`;

/** Waits until the server holds `n` subscriptions, each in place: changes from now on reach them. */
const inPlace = (n: number) => untilSubscribers(t.baseUrl, n);
/** A while for what should not come to show that it does not. */
const settle = () => new Promise((r) => setTimeout(r, 400));

const setStock = (token: string, id: number, onHand: number) =>
  rest(t, "PATCH", `/skus/${id}`, { token, body: { on_hand: onHand, reason: "correction" } });

interface StockChangedData {
  stockChanged: { skuId: number; quantityAfter: number; quantityBefore: number; reason: string };
}

describe("subscription stockChanged", () => {
  it("sends a subscribed SKU's changes as they commit, and not other SKUs'", async () => {
    const [a, b] = [await createSku(t, acct.token, 1), await createSku(t, acct.token, 1)];
    const stream = subscribe<StockChangedData>(connect(`Bearer ${acct.token}`), STOCK_CHANGED, {
      skuIds: [a],
    });
    await inPlace(1);
    await setStock(acct.token, b, 50);
    await setStock(acct.token, a, 7);
    await setStock(acct.token, a, 8);
    const got = await stream.next(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(stream.results.map((r) => r.data?.stockChanged)).toEqual([
      expect.objectContaining({
        skuId: a,
        quantityBefore: 1,
        quantityAfter: 7,
        reason: "CORRECTION",
      }),
      expect.objectContaining({ skuId: a, quantityBefore: 7, quantityAfter: 8 }),
    ]);
    expect(got).toHaveLength(2);
  });

  it("shows one account's client nothing of another account, and refuses its ids as unknown", async () => {
    const other = await newAccount(t.db);
    const mine = await createSku(t, acct.token, 1);
    const everything = subscribe<StockChangedData>(connect(`Bearer ${other.token}`), STOCK_CHANGED);
    const foreign = subscribe<StockChangedData>(connect(other.token), STOCK_CHANGED, {
      skuIds: [mine],
    });
    expect(await foreign.next(1)).toEqual([
      expect.objectContaining({
        errors: [expect.objectContaining({ extensions: { code: "SKU_NOT_FOUND" } })],
      }),
    ]);
    await inPlace(1);
    await setStock(acct.token, mine, 99);
    const theirs = await createSku(t, other.token, 5);
    const got = await everything.next(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(everything.results).toHaveLength(1);
    expect(got[0]!.data?.stockChanged).toMatchObject({ skuId: theirs, quantityAfter: 5 });
  });

  it("refuses more than 1,000 SKU ids before looking any up", async () => {
    const ids = Array.from({ length: 1_001 }, (_, i) => i + 1);
    const stream = subscribe(connect(`Bearer ${acct.token}`), STOCK_CHANGED, { skuIds: ids });
    const [result] = await stream.next(1);
    expect(result!.errors).toEqual([
      expect.objectContaining({ extensions: { code: "INVALID_PARAMETER" } }),
    ]);
  });

  it("closes a connection without a valid token before any operation (4403)", async () => {
    for (const auth of [undefined, "Bearer cp_1_not-a-token", "Basic abc"]) {
      const stream = subscribe<StockChangedData>(connect(auth), STOCK_CHANGED);
      const why = (await stream.ended) as { code?: number };
      expect(why.code).toBe(4403);
      expect(stream.results).toEqual([]);
    }
  });

  it("serves only subscriptions, with the depth limit, at most 100 per connection", async () => {
    const client = connect(`Bearer ${acct.token}`);
    const query = subscribe(client, "{ skus { edges { node { id } } } }");
    expect(await query.ended).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/only subscriptions/) }),
    ]);
    const deep = `subscription { stockTakeProgress(id: 1) { stockTake { lines { edges { node { sku { movements { edges { node { stockTake { lines { edges { node { id } } } } } } } } } } } } } }`;
    const tooDeep = subscribe(client, deep);
    expect(await tooDeep.ended).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: "QUERY_TOO_DEEP" }) }),
    ]);
    const many = Array.from({ length: 101 }, () => subscribe(client, STOCK_CHANGED));
    const refused = await many[100]!.ended;
    expect(refused).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/at most 100/) }),
    ]);
    // The hundredth is served.
    const hundredth = await Promise.race([many[99]!.ended, settle().then(() => "open")]);
    expect(hundredth).toBe("open");
  });

  it("refuses a selection too costly to run at every event", async () => {
    const costly = `subscription { stockTakeProgress(id: 1) { stockTake { lines(first: 1000) { edges { node { sku { movements(first: 1000) { edges { node { id } } } } } } } } } }`;
    const stream = subscribe(connect(`Bearer ${acct.token}`), costly);
    expect(await stream.ended).toEqual([
      expect.objectContaining({
        extensions: expect.objectContaining({ code: "QUERY_TOO_COMPLEX" }),
      }),
    ]);
  });

  it("ends a revoked token's subscriptions (4403)", async () => {
    const { createToken, revokeToken } = await import("../../../src/modules/token/token.store.js");
    const made = await createToken(t.db, {
      accountId: acct.accountId,
      name: "screen",
      scopes: ["read"],
    });
    const stream = subscribe<StockChangedData>(connect(`Bearer ${made.token}`), STOCK_CHANGED);
    await inPlace(1);
    await revokeToken(t.db, { accountId: acct.accountId, tokenId: made.id });
    const why = (await stream.ended) as { code?: number };
    expect(why.code).toBe(4403);
    await createSku(t, acct.token, 3);
    await settle();
    expect(stream.results).toEqual([]);
  });
});

describe("subscription stockTakeProgress", () => {
  it("gives a counter on a blind stock take counts arriving, never expected quantities", async () => {
    const [a, b] = await skus(t, acct.token, 10, 5);
    const api = stockTakeClient(t, acct.token);
    const id = (await api.start({ blind: true, scope: { sku_ids: [a!.id, b!.id] } })).body
      .id as number;
    const counterToken = await tokenFor(acct.accountId, ["read", "count"]);
    const approverStream = subscribe<{ stockTakeProgress: unknown }>(
      connect(`Bearer ${acct.token}`),
      PROGRESS,
      { id },
    );
    const counterStream = subscribe<{ stockTakeProgress: unknown }>(
      connect(`Bearer ${counterToken}`),
      PROGRESS,
      { id },
    );
    await inPlace(2);
    const input = await rest(t, "POST", `/stock-takes/${id}/input`, {
      token: counterToken,
      body: { counts: [count(a!, 12)], counter: "alice" },
    });
    expect(input.status).toBe(200);
    const [forCounter] = await counterStream.next(1);
    const [forApprover] = await approverStream.next(1);
    expect(forCounter!.data?.stockTakeProgress).toMatchObject({
      eventType: "stock_take.counted",
      stockTake: { id, status: "COUNTING", blind: true, summary: { counted: 1, uncounted: 1 } },
    });
    // No expected quantity, and nothing it could be worked out from.
    const shown = JSON.stringify(forCounter);
    expect(shown).not.toMatch(/"(expectedQty|difference|netDifference|sumAbsDifference)":\s*-?\d/);
    expect(JSON.stringify(forApprover)).toMatch(/"expectedQty":10/);
  });

  it("sends a reconcile as one message, however many lines it applied", async () => {
    const refs = await skus(t, acct.token, ...Array.from({ length: 30 }, () => 1));
    const api = stockTakeClient(t, acct.token);
    const id = (await api.start({ scope: { sku_ids: refs.map((r) => r.id) } })).body.id as number;
    await api.input(id, { counts: refs.map((r) => count(r, 2)), counter: "bob" });
    await api.accept(id, { lines: refs.map((r) => ({ type: "sku", id: r.id })) });
    const stream = subscribe<{ stockTakeProgress: { eventType: string } }>(
      connect(`Bearer ${acct.token}`),
      PROGRESS,
      { id },
    );
    await inPlace(1);
    expect((await api.reconcile(id)).status).toBe(200);
    await stream.next(1);
    await settle();
    expect(stream.results.map((r) => r.data?.stockTakeProgress.eventType)).toEqual([
      "stock_take.reconciled",
    ]);
  });

  it("refuses a stock take of another account as unknown", async () => {
    const other = await newAccount(t.db);
    const [a] = await skus(t, other.token, 1);
    const id = (await stockTakeClient(t, other.token).start({ scope: { sku_ids: [a!.id] } })).body
      .id as number;
    const stream = subscribe(connect(`Bearer ${acct.token}`), PROGRESS, { id });
    expect(await stream.next(1)).toEqual([
      expect.objectContaining({
        errors: [expect.objectContaining({ extensions: { code: "STOCK_TAKE_NOT_FOUND" } })],
      }),
    ]);
  });
});

/** Another token of an account, with the given scopes. */
async function tokenFor(accountId: number, scopes: ("read" | "count")[]): Promise<string> {
  const { createToken } = await import("../../../src/modules/token/token.store.js");
  return (await createToken(t.db, { accountId, name: "counter", scopes })).token;
}
