// GET /api/v1/events over HTTP: the feed a consumer follows with a stored cursor.
import { rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount } from "../../helpers/db.js";
import { createSku } from "../../helpers/stock.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

interface EventPage {
  data: { id: string; type: string; data: Record<string, unknown>; cursor: string }[];
  next_cursor: string;
  has_more: boolean;
}

/** The whole feed after `after`, waiting out a moment of other work holding the horizon back. */
async function feedUntil(token: string, count: number, after?: string): Promise<EventPage> {
  let page: EventPage | undefined;
  for (let i = 0; i < 50; i++) {
    const query = after ? `?after=${after}&limit=1000` : "?limit=1000";
    const res = await rest(t, "GET", `/events${query}`, { token });
    expect(res.status).toBe(200);
    page = res.body as EventPage;
    if (page.data.length >= count) return page;
    await new Promise((r) => setTimeout(r, 100));
  }
  return page!;
}

describe("GET /api/v1/events", () => {
  it("answers each stock change once, with a cursor to resume from after the last page", async () => {
    const account = await newAccount(t.db);
    const skuId = await createSku(t, account.token, 4);
    const patched = await rest(t, "PATCH", `/skus/${skuId}`, {
      token: account.token,
      body: { on_hand: 10, reason: "correction" },
    });
    expect(patched.status).toBe(200);
    const first = await feedUntil(account.token, 3);
    expect(first.data.map((e) => [e.type, e.data.id, e.data.quantity_after])).toEqual([
      ["sku.created", skuId, undefined],
      ["stock.changed", skuId, 4],
      ["stock.changed", skuId, 10],
    ]);
    expect(first.has_more).toBe(false);

    await rest(t, "PATCH", `/skus/${skuId}`, {
      token: account.token,
      body: { on_hand: 1, reason: "damaged" },
    });
    const next = await feedUntil(account.token, 1, first.next_cursor);
    expect(next.data.map((e) => e.data)).toEqual([
      expect.objectContaining({ type: "sku", id: skuId, quantity_before: 10, quantity_after: 1 }),
    ]);
  });

  it("shows another account nothing, and refuses its cursor, unknown types and a bad limit", async () => {
    const a = await newAccount(t.db);
    const b = await newAccount(t.db);
    await createSku(t, a.token, 3);
    const page = await feedUntil(a.token, 1);
    expect((await feedUntil(b.token, 0)).data).toEqual([]);
    const foreign = await rest(t, "GET", `/events?after=${page.next_cursor}`, {
      token: b.token,
    });
    expect([foreign.status, foreign.body.code]).toEqual([400, "INVALID_CURSOR"]);
    const unknown = await rest(t, "GET", "/events?types=stock.changed,sku.exploded", {
      token: a.token,
    });
    expect([unknown.status, unknown.body.code]).toEqual([400, "INVALID_PARAMETER"]);
    const limit = await rest(t, "GET", "/events?limit=0", { token: a.token });
    expect(limit.status).toBe(400);
    const anonymous = await rest(t, "GET", "/events", {});
    expect(anonymous.status).toBe(401);
  });
});
