// Blind counts: a token without approve never sees an expected quantity or a difference, in any
// response of either transport (lines, counts, summaries, CSV sheets, errors).
import { SCOPES } from "../../../src/auth/principal.js";
import { createToken } from "../../../src/modules/token/token.store.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { gql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { count, skus, stockTakeClient } from "../../helpers/stock-takes.js";
import { StStartDocument, StStockTakeDocument, StSubmitDocument } from "../generated/graphql.js";

let t: TestApp;
let acct: TestAccount;
let counter: string;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
  counter = (
    await createToken(t.db, {
      accountId: acct.accountId,
      name: "counter",
      scopes: ["read", "count"],
    })
  ).token;
});
afterAll(() => t.close());

/** Every key anywhere in a JSON value. */
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
const HIDDEN = [
  "expected_qty",
  "difference",
  "sum_abs_difference",
  "net_difference",
  "expectedQty",
  "sumAbsDifference",
  "netDifference",
];

describe("a blind stock take", () => {
  it("never replays to a count token what an approve token was shown under the same Idempotency-Key", async () => {
    const [a] = await skus(t, acct.token, 10, 1);
    const body = { blind: true, scope: { sku_ids: [a!.id] } };
    const key = { "idempotency-key": `blind-replay-${a!.id}` };
    const approver = await stockTakeClient(t, acct.token).start(body, key);
    expect(approver.status).toBe(201);
    expect(approver.body.lines[0].expected_qty).toBe(10);

    const replay = await stockTakeClient(t, counter).start(body, key);
    expect(replay.status).toBe(422);
    expect(replay.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect([...keysOf(replay.body)].filter((k) => HIDDEN.includes(k))).toEqual([]);
    const again = await stockTakeClient(t, acct.token).start(body, key);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.id).toBe(approver.body.id);
  });

  it("shows a count token no expected quantity or difference over REST, and an approve token everything", async () => {
    const [a, b] = await skus(t, acct.token, 10, 3);
    const api = stockTakeClient(t, counter);
    const started = await api.start({ blind: true, scope: { sku_ids: [a!.id, b!.id] } });
    expect(started.status).toBe(201);
    const id = started.body.id as number;
    const responses = [
      started,
      await api.input(id, { counts: [count(a!, 8)] }),
      await api.inputCsv(id, `type,id,counted_qty\nsku,${b!.id},3\n`),
      await api.input(id, { counts: [count(a!, -1)] }),
      await api.input(id, { counts: [{ type: "sku", id: 999_999_999, counted_qty: 1 }] }),
      await api.get(id),
      await api.lines(id),
      await api.lines(id, "?state=counted"),
      await api.counts(id),
      await api.accept(id),
    ];
    for (const res of responses) {
      const leaked = HIDDEN.filter((k) => keysOf(res.body).has(k));
      expect({ url: res.body?.code ?? res.status, leaked }).toEqual({
        url: res.body?.code ?? res.status,
        leaked: [],
      });
      expect(JSON.stringify(res.body)).not.toMatch(/\b10\b.*expected|expected.*\b10\b/);
    }
    expect(responses.at(-1)!.status).toBe(403);
    const sheet = await rest(t, "GET", `/stock-takes/${id}/lines`, {
      token: counter,
      headers: { accept: "text/csv" },
    });
    expect(sheet.body.split("\r\n")[0]).toBe(
      "type,id,supplier,code,name,counted_qty,state,location,site",
    );
    expect(sheet.body).not.toContain(",10,");

    const approver = stockTakeClient(t, acct.token);
    const full = await approver.get(id);
    expect(full.body.summary).toMatchObject({ sum_abs_difference: 2, net_difference: -2 });
    expect((await approver.lines(id)).body.data[0]).toMatchObject({
      expected_qty: 10,
      counted_qty: 8,
      difference: -2,
    });
    const fullSheet = await rest(t, "GET", `/stock-takes/${id}/lines`, {
      token: acct.token,
      headers: { accept: "text/csv" },
    });
    expect(fullSheet.body.split("\r\n")[0]).toBe(
      "type,id,supplier,code,name,expected_qty,counted_qty,state,location,site",
    );
    await approver.cancel(id);
  });

  it("shows a count token no expected quantity or difference over GraphQL, and an approve token everything", async () => {
    const [a] = await skus(t, acct.token, 10);
    const started = await gql(
      t,
      StStartDocument,
      { input: { blind: true, scope: { skuIds: [a!.id] } } },
      counter,
    );
    const take = started.data!.startStockTake.stockTake!;
    expect(take.lines.edges[0]!.node).toMatchObject({ expectedQty: null, difference: null });
    const submitted = await gql(
      t,
      StSubmitDocument,
      { input: { stockTakeId: take.id, counts: [{ type: "SKU", id: a!.id, countedQty: 7 }] } },
      counter,
    );
    expect(submitted.data!.submitStockTakeCounts.lines![0]).toMatchObject({
      countedQty: 7,
      expectedQty: null,
      difference: null,
    });
    const seen = await gql(t, StStockTakeDocument, { id: take.id }, counter);
    expect(seen.data!.stockTake.summary).toMatchObject({
      counted: 1,
      sumAbsDifference: null,
      netDifference: null,
    });
    // Nor the line's SKU: its on hand is the expected quantity until stock moves.
    expect(seen.data!.stockTake.lines.edges[0]!.node).toMatchObject({
      expectedQty: null,
      difference: null,
      sku: null,
    });

    const full = await gql(t, StStockTakeDocument, { id: take.id }, acct.token);
    expect(full.data!.stockTake.summary).toMatchObject({ sumAbsDifference: 3, netDifference: -3 });
    expect(full.data!.stockTake.lines.edges[0]!.node).toMatchObject({
      expectedQty: 10,
      countedQty: 7,
      difference: -3,
      sku: { id: a!.id, onHand: 10 },
    });
    expect(SCOPES).toContain("approve");
  });
});
