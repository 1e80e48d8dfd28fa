// The stock take workflow over REST: start, count, review, reconcile, as a warehouse runs it.
import type { TestAccount } from "../../helpers/db.js";
import type { TestApp } from "../../helpers/app.js";
import { chainProblems, movementsOf, skuOnHand } from "../../helpers/stock.js";
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

describe("the full flow over REST", () => {
  it("starts, counts, accepts and reconciles into stock_take movements", async () => {
    const [a, b, c] = await skus(t, acct.token, 10, 5, 0);
    const started = await api.start({ reference: "Aisle 4", note: "Quarterly" });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      status: "open",
      basis: "freeze",
      blind: false,
      reference: "Aisle 4",
      lines_next_cursor: null,
    });
    expect(started.body.lines).toEqual([
      expect.objectContaining({
        type: "sku",
        id: a!.id,
        expected_qty: 10,
        counted_qty: null,
        state: "uncounted",
      }),
      expect.objectContaining({ type: "sku", id: b!.id, expected_qty: 5, state: "uncounted" }),
      expect.objectContaining({ type: "sku", id: c!.id, expected_qty: 0, state: "uncounted" }),
    ]);
    const id = started.body.id as number;

    const counted = await api.input(id, {
      counts: [count(a!, 12), count(b!, 5), count(c!, 0)],
      counter: "alice",
    });
    expect(counted.status).toBe(200);
    expect(counted.body.status).toBe("counting");
    expect(counted.body.lines).toEqual([
      expect.objectContaining({
        id: a!.id,
        counted_qty: 12,
        difference: 2,
        state: "counted",
        counted_by: "alice",
      }),
      expect.objectContaining({ id: b!.id, counted_qty: 5, difference: 0, state: "counted" }),
      expect.objectContaining({ id: c!.id, counted_qty: 0, difference: 0, state: "counted" }),
    ]);

    const accepted = await api.accept(id);
    expect(accepted.status).toBe(200);
    // Safe by default tolerance (abs 1, pct 2): the +2 line needs a reviewer.
    expect(accepted.body.accepted.map((l: { id: number }) => l.id)).toEqual([b!.id, c!.id]);
    expect(accepted.body.needs_review).toEqual([
      expect.objectContaining({ id: a!.id, expected_qty: 10, counted_qty: 12, difference: 2 }),
    ]);
    expect(accepted.body).toMatchObject({ accepted_count: 2, needs_review_count: 1 });
    const listed = await api.accept(id, { lines: [{ type: "sku", id: a!.id }] });
    expect(listed.body.accepted.map((l: { id: number }) => l.id)).toEqual([a!.id]);
    expect(listed.body.needs_review).toEqual([]);
    expect(listed.body).toMatchObject({ accepted_count: 1, needs_review_count: 0 });

    const reconciled = await api.reconcile(id);
    expect(reconciled.status).toBe(200);
    expect(reconciled.body).toMatchObject({ id, status: "reconciled", dry_run: false });
    expect(reconciled.body.applied).toEqual([
      expect.objectContaining({
        id: a!.id,
        previous_qty: 10,
        new_qty: 12,
        change: 2,
        clamped: false,
        movement_id: expect.any(Number),
      }),
    ]);
    // b and c matched their count: applied, with nothing to write.
    expect(reconciled.body).toMatchObject({
      unchanged: 2,
      skipped: { unaccepted: 0, uncounted: 0, linked: 0 },
    });
    expect(await skuOnHand(t.db, acct.accountId, a!.id)).toBe("12");
    const [, movement] = await movementsOf(t.db, acct.accountId, a!);
    expect(movement).toMatchObject({
      reason: "stock_take",
      source: "stock_take",
      stockTakeId: id,
      reference: "Aisle 4",
      actorName: "test-token",
      note: expect.stringContaining("alice"),
    });
    expect(await chainProblems(t.db, acct.accountId, a!)).toEqual([]);

    const summary = await api.get(id);
    expect(summary.body).toMatchObject({
      status: "reconciled",
      summary: { lines: 3, applied: 3, counted_share: 1, sum_abs_difference: 2, net_difference: 2 },
    });
  });
});

describe("sales during the count", () => {
  async function story(basis: "freeze" | "count_time", countBeforeSale: boolean) {
    const [sku] = await skus(t, acct.token, 10);
    const started = await api.start({ basis, scope: { sku_ids: [sku!.id] } });
    const id = started.body.id as number;
    const beforeSale = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    await adjustSku(t, acct.token, sku!.id, 7);
    const counted = await api.input(id, {
      counts: [count(sku!, 9, countBeforeSale ? { counted_at: beforeSale } : {})],
    });
    expect(counted.status).toBe(200);
    const accepted = await api.accept(id, { lines: [sku] });
    expect(accepted.status).toBe(200);
    const reconciled = await api.reconcile(id);
    expect(reconciled.status).toBe(200);
    const movements = await movementsOf(t.db, acct.accountId, sku!);
    return {
      onHand: await skuOnHand(t.db, acct.accountId, sku!.id),
      stockTakeChanges: movements
        .filter((m) => m.source === "stock_take")
        .map((m) => m.change.toFixed()),
    };
  }

  it("basis freeze: 10 at the freeze, sold to 7, counted 9 → 6, one movement of −1", async () => {
    expect(await story("freeze", false)).toEqual({ onHand: "6", stockTakeChanges: ["-1"] });
  });

  it("basis count_time, counted after the sale → 9", async () => {
    expect(await story("count_time", false)).toEqual({ onHand: "9", stockTakeChanges: ["2"] });
  });

  it("basis count_time, counted_at before the sale → 6", async () => {
    expect(await story("count_time", true)).toEqual({ onHand: "6", stockTakeChanges: ["-1"] });
  });
});

describe("REST documentation", () => {
  it("lists every stock take operation in the OpenAPI document, each with a summary", async () => {
    const res = await fetch(`${t.baseUrl}/api/v1/openapi.json`);
    const doc = (await res.json()) as {
      paths: Record<string, Record<string, { summary?: string; requestBody?: unknown }>>;
    };
    const operations = [
      ["post", "/api/v1/stock-takes/start"],
      ["get", "/api/v1/stock-takes"],
      ["get", "/api/v1/stock-takes/{id}"],
      ["get", "/api/v1/stock-takes/{id}/lines"],
      ["post", "/api/v1/stock-takes/{id}/input"],
      ["post", "/api/v1/stock-takes/{id}/accept-lines"],
      ["post", "/api/v1/stock-takes/{id}/reconcile"],
      ["post", "/api/v1/stock-takes/{id}/cancel"],
      ["get", "/api/v1/stock-takes/{id}/counts"],
    ] as const;
    for (const [method, path] of operations) {
      expect({ path, summary: typeof doc.paths[path]?.[method]?.summary }).toEqual({
        path,
        summary: "string",
      });
    }
    // Counts may be sent as JSON or as a CSV file.
    expect(
      Object.keys(
        (
          doc.paths["/api/v1/stock-takes/{id}/input"]?.post?.requestBody as {
            content: Record<string, unknown>;
          }
        ).content,
      ).sort(),
    ).toEqual(["application/json", "text/csv"]);
  });
});
