// The REST movement list reads its page as JSON made by PostgreSQL; GraphQL reads the same page
// as rows. Both must say the same: for every kind of value a movement holds, the JSON is what
// toRest writes of the rows, with the same cursors, whichever way the page is read.
import type { PrismaClient } from "../../src/db/client.js";
import type { ServiceContext } from "../../src/context.js";
import { toRest } from "../../src/http/serialize.js";
import {
  queryMovements,
  queryMovementsJson,
  type MovementQuery,
} from "../../src/modules/movement/movement.service.js";
import { newAccountContext, testDb } from "../helpers/db.js";

let db: PrismaClient;
let ctx: ServiceContext;
const DAY = 86_400_000;

beforeAll(async () => {
  db = await testDb();
  ctx = await newAccountContext(db);
  const accountId = ctx.principal.accountId;
  await db.$executeRaw`
    INSERT INTO skus (account_id, id, code, name) VALUES (${accountId}, 1, 'JSON-1', 'Json')`;
  await db.$executeRaw`
    INSERT INTO supplier_items (account_id, id, supplier, code, name)
    VALUES (${accountId}, 1, 'JSON', 'JSON-1', 'Json')`;
  await db.$executeRaw`
    INSERT INTO stock_takes (account_id, id, status, scope, actor_name, site_id)
    VALUES (${accountId}, 7, 'reconciled', '{}', 'seed', (SELECT id FROM sites WHERE account_id = ${accountId} AND is_default))`;
  // Movement r of 12: every third of the supplier item, the others of the SKU; half in the
  // last days, half months ago (a first page newest first reads the recent days first); odd
  // milliseconds; quantities with and without decimals, negative, large; text with quotes,
  // newlines and non-ASCII, or none; a token or the service.
  await db.$executeRaw`
    INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id, supplier_item_id,
      quantity_before, quantity_after, change, reason, source, adjustment_id, stock_take_id,
      note, reference, actor_name, actor_token_id, site_id)
    SELECT ${accountId},
      CASE WHEN r < 6 THEN now() - r * interval '1 day' ELSE now() - interval '90 days' - r * interval '1 day' END
        - r * interval '7 milliseconds',
      CASE WHEN r % 3 = 0 THEN 'supplier_item' ELSE 'sku' END::entity_type,
      CASE WHEN r % 3 = 0 THEN NULL ELSE 1 END,
      CASE WHEN r % 3 = 0 THEN 1 END,
      q.before, q.after, q.after - q.before,
      (ARRAY['manual', 'correction', 'stock_take'])[1 + r % 3]::stock_reason,
      (ARRAY['adjustment', 'adjustment', 'stock_take'])[1 + r % 3]::movement_source,
      CASE WHEN r % 3 <> 2 THEN 40 + r END,
      CASE WHEN r % 3 = 2 THEN 7 END,
      (ARRAY[NULL, 'Said "five"', E'two\nlines', 'Ünïcödé ✓', '', E'tab\tand \\ back'])[1 + r % 6],
      CASE WHEN r % 2 = 0 THEN 'REF-' || r END,
      CASE WHEN r % 4 = 0 THEN 'system' ELSE 'pos "7"' END,
      CASE WHEN r % 4 = 0 THEN NULL ELSE 3 END,
      (SELECT id FROM sites WHERE account_id = ${accountId} AND is_default)
    FROM generate_series(0, 11) AS r
    CROSS JOIN LATERAL (SELECT
      (ARRAY[0, 1.5, 250, 0.001, 99999999999.999, 100.100])[1 + r % 6]::numeric AS before,
      (ARRAY[1.5, 250, 12, 0, 0.010, 0])[1 + r % 6]::numeric AS after) AS q`;
});
afterAll(async () => {
  await db.$disconnect();
});

/** Both readers' pages of a query: the JSON parsed, the rows as the REST body writes them. */
async function bothPages(query: MovementQuery) {
  const [rows, json] = await Promise.all([
    queryMovements(ctx, query),
    queryMovementsJson(ctx, query),
  ]);
  return {
    fromRows: {
      data: rows.items.map((i) => toRest(i.node)),
      nextCursor: rows.nextCursor,
      resumeCursor: rows.resumeCursor,
    },
    fromJson: {
      data: JSON.parse(json.items.json) as unknown,
      nextCursor: json.nextCursor,
      resumeCursor: json.resumeCursor,
    },
    length: json.items.length,
    json,
  };
}

const from = new Date(Date.now() - 20 * DAY).toISOString();
const queries: [string, MovementQuery][] = [
  ["a SKU's history, newest first (recent days, then older)", { skuId: 1 }],
  ["a supplier item's history, oldest first", { supplierItemId: 1, order: "asc" }],
  ["the recent days' window", { from }],
  ["a stock take's movements", { stockTakeId: 7 }],
  ["an empty page", { skuId: 1, reason: "theft" }],
];

describe("the REST page made by PostgreSQL is the rows' page, as toRest writes it", () => {
  it.each(queries)("%s", async (_, query) => {
    const { fromRows, fromJson, length } = await bothPages({ ...query, limit: 100 });
    expect(fromJson).toEqual(fromRows);
    expect(length).toBe(fromRows.data.length);
  });

  it.each(queries)("%s, in pages of 3 followed by their cursors", async (_, query) => {
    let cursor: string | undefined;
    const seen: unknown[] = [];
    for (let pages = 0; pages < 10; pages++) {
      const { fromRows, fromJson, length } = await bothPages({ ...query, limit: 3, cursor });
      expect(fromJson).toEqual(fromRows);
      expect(length).toBe(fromRows.data.length);
      seen.push(...fromRows.data);
      if (!fromRows.nextCursor) break;
      cursor = fromRows.nextCursor;
    }
    const whole = await queryMovements(ctx, { ...query, limit: 100 });
    expect(seen).toEqual(whole.items.map((i) => toRest(i.node)));
  });

  it("keeps every value exact: decimals without trailing zeros, instants to the millisecond", async () => {
    const { fromJson } = await bothPages({ skuId: 1, limit: 100 });
    const data = fromJson.data as Record<string, unknown>[];
    expect(data.map((m) => m.quantity_before)).toContain(99999999999.999);
    expect(data.map((m) => m.change)).toContain(-99999999999.989);
    expect(data.map((m) => m.quantity_after)).toContain(0.01);
    for (const m of data) {
      expect(m.occurred_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Object.keys(m)[0]).toBe("id");
    }
    expect(data.map((m) => m.note)).toEqual(expect.arrayContaining(['Said "five"', "two\nlines"]));
  });
});
