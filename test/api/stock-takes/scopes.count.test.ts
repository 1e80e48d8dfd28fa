// A token with count but not read (a counting device): it counts and reads the stock takes it
// counts (their lines, summaries and progress), but never sees a quantity of stock in any answer
// of either transport, the event feed or a subscription, blind stock take or not; and it may
// cancel the stock takes it started (only those) so that a start made by mistake does not hold
// its SKUs until an approver comes by.
import type { Scope } from "../../../src/auth/principal.js";
import { createToken } from "../../../src/modules/token/token.store.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { gql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { createSupplierItem } from "../../helpers/stock.js";
import { count, skus, stockTakeClient } from "../../helpers/stock-takes.js";
import { subscribe, wsConnect } from "../../helpers/subscriptions.js";
import {
  ScStartDocument,
  ScSubmitDocument,
  StCancelDocument,
  StStartDocument,
} from "../generated/graphql.js";

let t: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
});
beforeEach(async () => {
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

const tokenWith = async (name: string, scopes: Scope[]) =>
  (await createToken(t.db, { accountId: acct.accountId, name, scopes })).token;

/** Every key anywhere in a JSON value whose value is not null. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, into));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (v !== null) into.add(k);
      keysOf(v, into);
    }
  }
  return into;
}
const STOCK = [
  "expected_qty",
  "difference",
  "differences",
  "sum_abs_difference",
  "net_difference",
  "on_hand",
  "quantity_before",
  "quantity_after",
];
const shownStock = (body: unknown) => STOCK.filter((k) => keysOf(body).has(k));

/** The stock take as an approver reads it. */
const statusOf = async (id: number) =>
  (await rest(t, "GET", `/stock-takes/${id}`, { token: acct.token })).body;

describe("a token with count but not read, over REST", () => {
  it("starts and counts without being shown an expected quantity or a difference", async () => {
    const counter = await tokenWith("scanner", ["count"]);
    const [a, b] = await skus(t, acct.token, 10, 4);
    const item = await createSupplierItem(t, acct.token, { openingOnHand: 6 });
    expect((await rest(t, "GET", `/skus/${a!.id}`, { token: counter })).status).toBe(403);

    const api = stockTakeClient(t, counter);
    const started = await api.start({
      scope: { sku_ids: [a!.id, b!.id], supplier_item_ids: [item] },
    });
    expect(started.status).toBe(201);
    expect(started.body.lines).toHaveLength(3);
    expect(shownStock(started.body)).toEqual([]);
    const id = started.body.id as number;

    const counted = await api.input(id, { counts: [count(a!, 8)] });
    expect(counted.status).toBe(200);
    expect(counted.body.lines).toEqual([expect.objectContaining({ id: a!.id, counted_qty: 8 })]);
    expect(shownStock(counted.body)).toEqual([]);
    const csv = await api.inputCsv(id, `type,id,counted_qty\nsupplier_item,${item},5\n`);
    expect(csv.status).toBe(200);
    expect(shownStock(csv.body)).toEqual([]);

    // It reads the stock take it counts, its lines (a scan's too) and its count sheet, with no
    // quantity of stock in them, though the stock take is not blind.
    const lines = await api.lines(id);
    expect(lines.status).toBe(200);
    expect(lines.body.data).toHaveLength(3);
    expect(lines.body.data[0]).toMatchObject({ id: a!.id, counted_qty: 8 });
    expect(shownStock(lines.body)).toEqual([]);
    const code = (await rest(t, "GET", `/skus/${a!.id}`, { token: acct.token })).body.code;
    const scanned = await rest(t, "GET", `/stock-takes/${id}/lines?code=${code}`, {
      token: counter,
    });
    expect(scanned.body.data.map((l: { id: number }) => l.id)).toEqual([a!.id]);
    const summary = await api.get(id);
    expect(summary.status).toBe(200);
    expect(summary.body.summary).toMatchObject({ lines: 3, counted: 2, uncounted: 1 });
    expect(shownStock(summary.body)).toEqual([]);
    const listed = await rest(t, "GET", "/stock-takes", { token: counter });
    expect(listed.body.data.map((s: { id: number }) => s.id)).toContain(id);
    const sheet = await rest(t, "GET", `/stock-takes/${id}/lines`, {
      token: counter,
      headers: { accept: "text/csv" },
    });
    expect(sheet.status).toBe(200);
    expect(String(sheet.body).split("\n")[0]).not.toMatch(/expected|difference/);
    // Nor their order: the stock take is not blind, the token does not read.
    const ordered = await rest(t, "GET", `/stock-takes/${id}/lines?order=difference`, {
      token: counter,
    });
    expect([ordered.status, ordered.body.code, ordered.body.detail]).toEqual([
      403,
      "FORBIDDEN",
      "ordering lines by difference needs the read or approve scope",
    ]);
    // What stock is, and its history, stay reads.
    expect((await rest(t, "GET", `/barcodes/${code}`, { token: counter })).status).toBe(403);
    expect((await rest(t, "GET", "/events", { token: counter })).status).toBe(403);
    expect((await rest(t, "GET", "/stock/movements", { token: counter })).status).toBe(403);
    expect((await rest(t, "GET", `/stock-takes/${id}/counts`, { token: counter })).status).toBe(
      403,
    );

    // A token that reads sees them in the same stock take (it is not blind).
    const read = await stockTakeClient(t, acct.token).lines(id);
    expect(read.body.data[0]).toMatchObject({ expected_qty: 10, counted_qty: 8, difference: -2 });
    expect((await stockTakeClient(t, acct.token).get(id)).body.summary).toMatchObject({
      net_difference: -3,
    });
  });

  it("is never replayed what a token that reads was answered under the same Idempotency-Key", async () => {
    const counter = await tokenWith("scanner", ["count"]);
    const reader = await tokenWith("tablet", ["read", "count"]);
    const [a] = await skus(t, acct.token, 10);
    const body = { scope: { sku_ids: [a!.id] } };
    const key = { "idempotency-key": `count-only-${a!.id}` };
    const first = await stockTakeClient(t, reader).start(body, key);
    expect(first.body.lines[0].expected_qty).toBe(10);

    const replay = await stockTakeClient(t, counter).start(body, key);
    expect([replay.status, replay.body.code]).toEqual([422, "IDEMPOTENCY_KEY_REUSED"]);
    expect(shownStock(replay.body)).toEqual([]);
    const again = await stockTakeClient(t, reader).start(body, key);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.lines[0].expected_qty).toBe(10);
  });

  it("cancels a stock take it started, after which its SKUs can be counted again", async () => {
    const counter = await tokenWith("scanner", ["count"]);
    const other = await tokenWith("scanner 2", ["count"]);
    const [a] = await skus(t, acct.token, 10);
    const body = { scope: { sku_ids: [a!.id] } };
    const mine = await stockTakeClient(t, counter).start(body);
    expect(mine.status).toBe(201);
    const blocked = await stockTakeClient(t, other).start(body);
    expect([blocked.status, blocked.body.code]).toEqual([409, "STOCK_TAKE_OVERLAP"]);

    const cancelled = await stockTakeClient(t, counter).cancel(mine.body.id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: mine.body.id, status: "cancelled" });
    expect((await statusOf(mine.body.id)).status).toBe("cancelled");
    expect((await stockTakeClient(t, other).start(body)).status).toBe(201);
  });

  it("cannot cancel a stock take another token started: 403, and it stays open", async () => {
    const counter = await tokenWith("scanner", ["count"]);
    const other = await tokenWith("scanner 2", ["count"]);
    const reader = await tokenWith("office", ["read"]);
    const [a, b] = await skus(t, acct.token, 10, 3);
    const theirs = await stockTakeClient(t, other).start({ scope: { sku_ids: [a!.id] } });
    const approvers = await stockTakeClient(t, acct.token).start({ scope: { sku_ids: [b!.id] } });

    for (const id of [theirs.body.id, approvers.body.id]) {
      const refused = await stockTakeClient(t, counter).cancel(id);
      expect([refused.status, refused.body.code]).toEqual([403, "FORBIDDEN"]);
      expect(refused.body.detail).toBe(
        "cancelling a stock take another token started needs the approve scope",
      );
      expect(await statusOf(id)).toMatchObject({ status: "open", cancelled_at: null });
    }
    // Neither does an Idempotency-Key its starter cancelled with replay to another token.
    const key = { "idempotency-key": `cancel-${theirs.body.id}` };
    const path = `/stock-takes/${theirs.body.id}/cancel`;
    expect((await rest(t, "POST", path, { token: other, headers: key })).status).toBe(200);
    const replayed = await rest(t, "POST", path, { token: counter, headers: key });
    expect([replayed.status, replayed.body.code]).toEqual([403, "FORBIDDEN"]);

    const readOnly = await stockTakeClient(t, reader).cancel(approvers.body.id);
    expect([readOnly.status, readOnly.body.detail]).toEqual([
      403,
      "this token lacks the approve or count scope",
    ]);
    // An approver cancels any.
    expect((await stockTakeClient(t, acct.token).cancel(approvers.body.id)).status).toBe(200);
  });
});

describe("a token with count but not read, over GraphQL", () => {
  it("starts and counts without being shown an expected quantity, a difference or an on hand", async () => {
    const counter = await tokenWith("scanner", ["count"]);
    const [a, b] = await skus(t, acct.token, 10, 4);
    const item = await createSupplierItem(t, acct.token, { openingOnHand: 6 });
    const scope = { skuIds: [a!.id], supplierItemIds: [item] };

    // The start's payload with its lines: no expected quantity, and no SKU (whose on hand it is).
    const withLines = await gql(
      t,
      StStartDocument,
      { input: { scope: { skuIds: [b!.id] } } },
      counter,
    );
    expect(withLines.errors).toBeUndefined();
    const opened = withLines.data!.startStockTake.stockTake!.lines.edges.map((e) => e.node);
    expect(opened).toEqual([
      expect.objectContaining({ id: b!.id, expectedQty: null, difference: null, sku: null }),
    ]);
    expect(JSON.stringify(withLines.data)).not.toMatch(/"(expectedQty|onHand)":[^n]/);

    const started = await gql(t, ScStartDocument, { input: { scope } }, counter);
    expect(started.errors).toBeUndefined();
    const take = started.data!.startStockTake.stockTake!;
    expect(take.status).toBe("OPEN");

    const submitted = await gql(
      t,
      ScSubmitDocument,
      {
        input: {
          stockTakeId: take.id,
          counts: [
            { type: "SKU", id: a!.id, countedQty: 7 },
            { type: "SUPPLIER_ITEM", id: item, countedQty: 6 },
          ],
        },
      },
      counter,
    );
    expect(submitted.errors).toBeUndefined();
    expect(submitted.data!.submitStockTakeCounts.lines).toEqual([
      expect.objectContaining({ id: a!.id, countedQty: 7 }),
      expect.objectContaining({ id: item, countedQty: 6 }),
    ]);
    for (const line of submitted.data!.submitStockTakeCounts.lines!) {
      expect(line).toMatchObject({
        expectedQty: null,
        difference: null,
        sku: null,
        supplierItem: null,
      });
    }
  });

  it("cancels a stock take it started, and not one another token started", async () => {
    const counter = await tokenWith("scanner", ["count"]);
    const other = await tokenWith("scanner 2", ["count"]);
    const [a, b] = await skus(t, acct.token, 10, 3);
    const start = (skuIds: number[], token: string) =>
      gql(t, ScStartDocument, { input: { scope: { skuIds } } }, token);
    const mine = (await start([a!.id], counter)).data!.startStockTake.stockTake!;
    const theirs = (await start([b!.id], other)).data!.startStockTake.stockTake!;

    const refused = await gql(t, StCancelDocument, { input: { stockTakeId: theirs.id } }, counter);
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(await statusOf(theirs.id)).toMatchObject({ status: "open", cancelled_at: null });

    const cancelled = await gql(t, StCancelDocument, { input: { stockTakeId: mine.id } }, counter);
    expect(cancelled.errors).toBeUndefined();
    expect(cancelled.data!.cancelStockTake).toMatchObject({
      stockTake: { id: mine.id, status: "CANCELLED" },
      userErrors: [],
    });
    const again = await start([a!.id], other);
    expect(again.data!.startStockTake).toMatchObject({ userErrors: [] });
    expect(again.data!.startStockTake.stockTake!.status).toBe("OPEN");
  });
});

describe("a token with count but not read, over subscriptions", () => {
  const PROGRESS = `subscription ($id: Int!) {
    stockTakeProgress(id: $id) {
      eventType
      stockTake { id blind summary { counted sumAbsDifference netDifference } progressByLocation { counted differences } lines(first: 10) { edges { node { id countedQty expectedQty difference sku { onHand } } } } }
    }
  }`;

  it("follows a stock take's progress with no quantity of stock in it, and cannot follow stock changes", async () => {
    const counter = await tokenWith("scanner", ["count"]);
    const [a] = await skus(t, acct.token, 10);
    const id = (await stockTakeClient(t, acct.token).start({ scope: { sku_ids: [a!.id] } })).body
      .id as number;
    const client = wsConnect(t.baseUrl, `Bearer ${counter}`);
    try {
      const progress = subscribe<{
        stockTakeProgress: { eventType: string; stockTake: unknown };
      }>(client, PROGRESS, { id });
      await new Promise((r) => setTimeout(r, 400));
      expect((await stockTakeClient(t, counter).input(id, { counts: [count(a!, 7)] })).status).toBe(
        200,
      );
      const [message] = await progress.next(1);
      expect(message!.errors).toBeUndefined();
      expect(message!.data!.stockTakeProgress.stockTake).toEqual({
        id,
        blind: false,
        summary: { counted: 1, sumAbsDifference: null, netDifference: null },
        progressByLocation: [{ counted: 1, differences: null }],
        lines: {
          edges: [
            {
              node: { id: a!.id, countedQty: 7, expectedQty: null, difference: null, sku: null },
            },
          ],
        },
      });
      // The stock itself, and the feed of its changes, are reads.
      const changes = subscribe(client, `subscription { stockChanged { eventId } }`);
      expect(await changes.ended).toBe("complete");
      expect(changes.results).toEqual([
        {
          errors: [
            expect.objectContaining({ extensions: expect.objectContaining({ code: "FORBIDDEN" }) }),
          ],
        },
      ]);
    } finally {
      await client.dispose();
    }
  });
});
