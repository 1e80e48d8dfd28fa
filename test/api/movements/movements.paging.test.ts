import { newAccount, type TestAccount } from "../../helpers/db.js";
import { rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { createSku } from "../../helpers/movements.js";

// Keyset pagination through a long history while the ledger keeps growing: every movement that
// existed when paging began is served exactly once, in (occurred_at, id) order.

const SEEDED = 2500;
const PAGE = 100;

let t: TestApp;
let acct: TestAccount;
let skuId: number;
/** The seeded movement ids, oldest first by (occurred_at, id). */
let ascending: number[];

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
  skuId = await createSku(t, acct.token);
  // One statement. Times run backwards against ids, three movements to a millisecond, so only
  // (occurred_at, id) gives a stable order: neither the time nor the id alone does.
  await t.db.$executeRaw`
    INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id, quantity_before,
      quantity_after, change, reason, source, actor_name, site_id)
    SELECT ${acct.accountId}, timestamptz '2026-03-01T00:00:00Z'
        + ((${SEEDED}::int - 1 - n) / 3) * interval '1 millisecond',
      'sku', ${skuId}::int, n, n + 1, 1, 'correction', 'adjustment', 'seed',
      (SELECT id FROM sites WHERE account_id = ${acct.accountId} AND is_default)
    FROM generate_series(0, ${SEEDED}::int - 1) AS n
    ORDER BY n`;
  const rows = await t.db.stockMovement.findMany({
    where: { accountId: acct.accountId, skuId },
    select: { id: true, occurredAt: true },
  });
  ascending = rows
    .sort(
      (a, b) =>
        a.occurredAt.getTime() - b.occurredAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .map((r) => Number(r.id));
  const instants = new Set(rows.map((r) => r.occurredAt.getTime()));
  if (ascending.length !== SEEDED || instants.size > SEEDED / 2) {
    throw new Error(`seeding went wrong: ${ascending.length} rows at ${instants.size} instants`);
  }
}, 120_000);
afterAll(() => t.close());

/** Ids of the movements the API wrote for the SKU so far, in the order written. */
const writtenIds: number[] = [];
let written = 0;
/** One adjustment of the SKU through the API: a new movement, stamped now. */
async function writeMovement(): Promise<number> {
  const res = await rest(t, "PATCH", `/skus/${skuId}`, {
    token: acct.token,
    body: { on_hand: 10_000 + ++written, reason: "correction" },
  });
  if (res.status !== 200) throw new Error(`adjusting failed: ${res.status}`);
  const id = res.body.movement.id as number;
  writtenIds.push(id);
  return id;
}

/** Every movement of the SKU right now, oldest first: the history plus what the API wrote. */
const existingNow = (): number[] => [...ascending, ...[...writtenIds].sort((a, b) => a - b)];

/**
 * Pages through the SKU's history with two writers adjusting it during every page request.
 * Returns the ids served, in order, and the ids the writers created.
 */
async function pageWhileWriting(order: "asc" | "desc") {
  const served: number[] = [];
  const created: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query = new URLSearchParams({ sku_id: String(skuId), limit: String(PAGE), order });
    if (cursor) query.set("cursor", cursor);
    const [page, ...newIds] = await Promise.all([
      rest(t, "GET", `/stock/movements?${query}`, { token: acct.token }),
      writeMovement(),
      writeMovement(),
    ]);
    expect(page.status).toBe(200);
    expect(page.body.data.length).toBeLessThanOrEqual(PAGE);
    served.push(...(page.body.data as { id: number }[]).map((m) => m.id));
    created.push(...newIds);
    cursor = page.body.has_more ? page.body.next_cursor : null;
  } while (cursor !== null && ++pages < 200);
  expect(cursor).toBeNull();
  return { served, created };
}

describe("paging 2,500 movements of one SKU while it keeps moving", () => {
  it("serves every existing movement exactly once, newest first, in pages of 100", async () => {
    const existing = existingNow();
    const { served, created } = await pageWhileWriting("desc");
    const before = new Set(existing);

    expect(new Set(served).size).toBe(served.length);
    expect(served.filter((id) => before.has(id))).toEqual([...existing].reverse());
    // Newer movements can only show up on top of the first page, before the older history.
    const newcomers = served.filter((id) => !before.has(id));
    expect(served.slice(0, newcomers.length)).toEqual(newcomers);
    for (const id of newcomers) expect(created).toContain(id);
    expect(created.length).toBeGreaterThanOrEqual(2 * (SEEDED / PAGE));
  }, 120_000);

  it("serves every existing movement exactly once, oldest first, then the ones written meanwhile", async () => {
    const existing = existingNow();
    const { served, created } = await pageWhileWriting("asc");

    expect(new Set(served).size).toBe(served.length);
    expect(served.slice(0, existing.length)).toEqual(existing);
    // What was written while paging comes after the history, in the order it was written.
    const newcomers = served.slice(existing.length);
    expect(newcomers).toEqual([...newcomers].sort((a, b) => a - b));
    for (const id of newcomers) expect(created).toContain(id);
    expect(created.length).toBeGreaterThanOrEqual(2 * (SEEDED / PAGE));
  }, 120_000);

  it("serves the same order through pages of 100 as in one page of 1000 at a time", async () => {
    const byHundreds: number[] = [];
    const byThousands: number[] = [];
    for (const [limit, into] of [
      [100, byHundreds],
      [1000, byThousands],
    ] as const) {
      let cursor: string | null = null;
      do {
        const query = new URLSearchParams({
          sku_id: String(skuId),
          limit: String(limit),
          order: "asc",
          to: "2026-03-31",
        });
        if (cursor) query.set("cursor", cursor);
        const page = await rest(t, "GET", `/stock/movements?${query}`, { token: acct.token });
        expect(page.status).toBe(200);
        into.push(...(page.body.data as { id: number }[]).map((m) => m.id));
        cursor = page.body.has_more ? page.body.next_cursor : null;
      } while (cursor !== null);
    }
    expect(byHundreds).toEqual(ascending);
    expect(byThousands).toEqual(ascending);
  }, 120_000);
});
