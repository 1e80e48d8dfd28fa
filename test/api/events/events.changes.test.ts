// Every kind of change writes its event in its own transaction: the catalog's and stock takes',
// beside the stock changes the feed tests follow; a refused request writes none.
import { rest, type TestApp } from "../../helpers/app.js";
import type { TestAccount } from "../../helpers/db.js";
import { createSupplierItem } from "../../helpers/stock.js";
import {
  adjustSku,
  count,
  eachTestInItsOwnAccount,
  skus,
  stockTakeClient,
} from "../../helpers/stock-takes.js";

let t: TestApp;
let acct: TestAccount;
let api: ReturnType<typeof stockTakeClient>;

eachTestInItsOwnAccount((suite) => ({ t, acct, api } = suite));

interface FeedEvent {
  id: string;
  type: string;
  occurred_at: string;
  data: Record<string, unknown>;
}

/** The account's whole feed once it holds `count` events (other work may hold it back a moment). */
async function feed(count: number, types?: string): Promise<FeedEvent[]> {
  let events: FeedEvent[] = [];
  for (let i = 0; i < 50; i++) {
    const query = `?limit=1000${types ? `&types=${types}` : ""}`;
    const res = await rest(t, "GET", `/events${query}`, { token: acct.token });
    expect(res.status).toBe(200);
    events = res.body.data as FeedEvent[];
    if (events.length >= count) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return events;
}

const typesOf = (events: FeedEvent[]) => events.map((e) => e.type);

describe("catalog events", () => {
  it("sku.created and sku.updated carry the SKU as GET shows it; a stock change writes only stock.changed", async () => {
    const created = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: "EV-1", name: "Event SKU", barcodes: ["4006381333931"] },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    await adjustSku(t, acct.token, id, 7);
    const renamed = await rest(t, "PATCH", `/skus/${id}`, {
      token: acct.token,
      body: { name: "Renamed", active: false },
    });
    expect(renamed.status).toBe(200);
    const shown = await rest(t, "GET", `/skus/${id}`, { token: acct.token });
    // Sending what it already is changes nothing: no event (a marker change after it shows the
    // feed has gone past where one would be).
    await rest(t, "PATCH", `/skus/${id}`, { token: acct.token, body: { name: "Renamed" } });
    await adjustSku(t, acct.token, id, 8);

    const events = await feed(4);
    expect(typesOf(events)).toEqual([
      "sku.created",
      "stock.changed",
      "sku.updated",
      "stock.changed",
    ]);
    // Events carry no money (docs/guide/costs.md): the SKU as a token without costs reads it.
    expect(events[2]!.data).toEqual(withoutMoney(shown.body));
    expect(events[0]!.data).toMatchObject({ id, code: "EV-1", name: "Event SKU", on_hand: 0 });
    expect(events[2]!.occurred_at).toBe(shown.body.updated_at);
  });

  it("supplier_item.created and .updated follow an item through linking", async () => {
    const [sku] = await skus(t, acct.token, 0);
    const item = await createSupplierItem(t, acct.token, { openingOnHand: 3 });
    const linked = await rest(t, "POST", `/supplier-items/${item}/link`, {
      token: acct.token,
      body: { sku_id: sku!.id, transfer: true },
    });
    expect(linked.status).toBe(200);
    const events = await feed(6);
    expect(typesOf(events)).toEqual([
      "sku.created",
      "supplier_item.created",
      "stock.changed", // the item's opening balance
      // The transfer: the item's stock to the SKU, then the link itself.
      ...typesOf(events.slice(3, 5)).sort(),
      "supplier_item.updated",
    ]);
    expect(typesOf(events.slice(3, 5)).sort()).toEqual(["stock.changed", "stock.changed"]);
    // A linked item shows its SKU's stock, as GET does.
    const shown = await rest(t, "GET", `/supplier-items/${item}`, { token: acct.token });
    expect(events.at(-1)!.data).toEqual(withoutMoney(shown.body));
    expect(events.at(-1)!.data).toMatchObject({ id: item, sku_id: sku!.id, on_hand: 3 });
  });

  it("an import writes one sku.created per new row and sku.updated only for rows it changed", async () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({ code: `IMP-${i}`, name: `Row ${i}` }));
    const first = await rest(t, "POST", "/skus/bulk", { token: acct.token, body: { rows } });
    expect(first.body).toMatchObject({ created: 500 });
    rows[7]!.name = "Changed";
    const again = await rest(t, "POST", "/skus/bulk", { token: acct.token, body: { rows } });
    expect(again.body).toMatchObject({ updated: 1, unchanged: 499 });
    const events = await feed(501);
    expect(events).toHaveLength(501);
    expect(events.filter((e) => e.type === "sku.created")).toHaveLength(500);
    expect(events.at(-1)).toMatchObject({ type: "sku.updated", data: { name: "Changed" } });
  });

  it("a new spelling of a code is an update (codes compare without case)", async () => {
    const [sku] = await skus(t, acct.token, 0);
    const before = await rest(t, "GET", `/skus/${sku!.id}`, { token: acct.token });
    const code = (before.body.code as string).toLowerCase();
    const res = await rest(t, "PATCH", `/skus/${sku!.id}`, { token: acct.token, body: { code } });
    expect(res.status).toBe(200);
    const events = await feed(2);
    expect(events.map((e) => [e.type, e.data.code])).toEqual([
      ["sku.created", before.body.code],
      ["sku.updated", code],
    ]);
  });

  it("an import refused inside its transaction (a barcode another SKU holds) writes no event", async () => {
    const holder = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: "HOLDER", name: "Holds it", barcodes: ["4006381333931"] },
    });
    expect(holder.status).toBe(201);
    const res = await rest(t, "POST", "/skus/bulk", {
      token: acct.token,
      body: {
        rows: [
          { code: "NEW-1", name: "New", opening_on_hand: 5 },
          { code: "NEW-2", name: "Clash", barcodes: ["4006381333931"] },
        ],
      },
    });
    expect([res.status, res.body.code]).toEqual([409, "DUPLICATE_BARCODE"]);
    await skus(t, acct.token, 0);
    // Had the refused import left events, they would come between the two SKUs' events.
    const events = await feed(2);
    expect(events.map((e) => [e.type, e.data.code ?? null])).toEqual([
      ["sku.created", "HOLDER"],
      ["sku.created", expect.stringMatching(/^SKU/)],
    ]);
  });
});

describe("stock take events", () => {
  it("started, counted, accepted and reconciled, each once, with no expected quantities", async () => {
    const [a, b] = await skus(t, acct.token, 10, 5);
    const started = await api.start({ blind: true, reference: "Aisle 9" });
    const id = started.body.id as number;
    await api.input(id, { counts: [count(a!, 12), count(b!, 5)], counter: "alice" });
    await api.accept(id, {
      lines: [
        { type: "sku", id: a!.id },
        { type: "sku", id: b!.id },
      ],
    });
    // Nothing left to decide: no event.
    await api.accept(id);
    expect((await api.reconcile(id)).status).toBe(200);

    const events = (await feed(9)).filter((e) => e.type.startsWith("stock_take."));
    expect(events.map((e) => [e.type, e.data.id])).toEqual([
      ["stock_take.started", id],
      ["stock_take.counted", id],
      ["stock_take.accepted", id],
      ["stock_take.reconciled", id],
    ]);
    expect(events[0]!.data).toMatchObject({ status: "open", blind: true, reference: "Aisle 9" });
    expect(events[1]!.data).toMatchObject({ counts: 2, counter: "alice" });
    expect(events[2]!.data).toEqual({
      id,
      accepted: 2,
      recount: 0,
      needs_review: 0,
      site_id: events[0]!.data.site_id,
    });
    expect(events[1]!.data.site_id).toBe(events[0]!.data.site_id);
    expect(events[3]!.data).toMatchObject({ status: "reconciled" });
    expect(JSON.stringify(events)).not.toMatch(/expected/);
    // The reconcile's one movement comes after the counts and before the take's reconciled event.
    const all = await feed(9);
    const move = all.findIndex((e) => e.type === "stock.changed" && e.data.stock_take_id === id);
    expect(move).toBeGreaterThan(all.findIndex((e) => e.type === "stock_take.accepted"));
    expect(all.findIndex((e) => e.type === "stock_take.reconciled")).toBeGreaterThan(move);
  });

  it("cancelled, and a types filter picks one kind", async () => {
    await skus(t, acct.token, 1);
    const id = (await api.start()).body.id as number;
    expect((await api.cancel(id)).status).toBe(200);
    const events = await feed(2, "stock_take.cancelled,stock_take.started");
    expect(events.map((e) => [e.type, e.data.status])).toEqual([
      ["stock_take.started", "open"],
      ["stock_take.cancelled", "cancelled"],
    ]);
  });
});

/** An answer as a token without the costs scope is given it. */
const withoutMoney = ({ unit_cost: _cost, ...body }: Record<string, unknown>) => body;
