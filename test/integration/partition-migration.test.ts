// The migration that partitions the ledger and the change feed, run on a database that already
// holds them: every row of every table is the same afterwards, ids carry on from the sequences,
// each row sits in its month's partition, the chains hold, and the service writes and reads as
// before, with the ledger as append-only on every partition as it was on the table.
import type pg from "pg";
import { createPrismaClient } from "../../src/db/client.js";
import { migrate } from "../../src/db/migrate.js";
import { partitionStatus } from "../../src/db/partitions.js";
import { rest, startTestApp, type TestApp } from "../helpers/app.js";
import { newAccount, type TestAccount } from "../helpers/db.js";
import {
  COLUMNS_BEFORE_SITES,
  databaseBefore,
  tableSnapshot,
  type DatabaseBefore,
} from "../helpers/migrations-before.js";
import { createSku } from "../helpers/stock.js";
import { count, stockTakeClient } from "../helpers/stock-takes.js";

const PARTITIONING = "20261128000000_partitioned_ledger";
/** A later migration that changes the ledger: applied again after this one, see below. */
const MOVEMENT_SITES = "20261212000000_movement_sites";
/** Another: transfers, whose movements' column the partitioning's new table would not have. */
const TRANSFERS = "20261222000000_transfers";
/** And the transfers' events, whose functions name the transfers' row type. */
const TRANSFER_EVENTS = "20261227000000_transfer_events";
/** And the movements' values, whose columns the partitioning's new table would not have. */
const MOVEMENT_VALUES = "20261228000100_movement_values";

let base: DatabaseBefore;
let sql: pg.Client;

beforeAll(async () => {
  // Every migration but this one: those before it, and the later ones today's service reads (token
  // columns and buckets, the stock take lines' index, webhook secrets), which touch neither
  // partitioned table, so the service of today can write the data the migration is then run on.
  base = await databaseBefore((name) => name !== PARTITIONING);
  sql = base.sql;
});
afterAll(async () => {
  await base?.close();
});

/** The first instant of the UTC month `offset` months from this one. */
const monthStart = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
};
const monthName = (d: Date) =>
  `${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, "0")}`;

const snapshot = () => tableSnapshot(sql, COLUMNS_BEFORE_SITES);

/**
 * Entities of the account whose movements, in id order, do not chain up to their on hand at the
 * account's default site (where all its stock is here).
 */
async function brokenChains(accountId: number): Promise<unknown[]> {
  const { rows } = await sql.query(
    `WITH m AS (
       SELECT sku_id, supplier_item_id, quantity_before, quantity_after,
         lag(quantity_after) OVER (PARTITION BY sku_id, supplier_item_id ORDER BY id) AS previous,
         row_number() OVER (PARTITION BY sku_id, supplier_item_id ORDER BY id DESC) AS from_last
       FROM stock_movements WHERE account_id = $1)
     SELECT m.* FROM m
     CROSS JOIN (SELECT id FROM sites WHERE account_id = $1 AND is_default) AS d
     LEFT JOIN skus s ON s.account_id = $1 AND s.id = m.sku_id
     LEFT JOIN supplier_items i ON i.account_id = $1 AND i.id = m.supplier_item_id
     LEFT JOIN sku_stock sl ON sl.account_id = $1 AND sl.site_id = d.id AND sl.sku_id = s.id
     LEFT JOIN supplier_item_stock il ON il.account_id = $1 AND il.site_id = d.id
       AND il.supplier_item_id = i.id
     WHERE (m.previous IS NOT NULL AND m.previous <> m.quantity_before)
        OR (m.from_last = 1 AND (s.id IS NOT NULL OR i.id IS NOT NULL)
          AND m.quantity_after <> COALESCE(sl.on_hand, il.on_hand, 0))`,
    [accountId],
  );
  return rows;
}

const partitionOf = async (table: string, id: number | string) =>
  (
    await sql.query<{ p: string }>(
      `SELECT tableoid::regclass::text AS p FROM ${table} WHERE id = $1`,
      [id],
    )
  ).rows[0]?.p;

describe("partitioning a database that holds a ledger and a feed", () => {
  it("keeps every row, carries the ids on, and the service works on as before", async () => {
    // 1. A database as the previous version left it, with data written through the API…
    let t: TestApp = await startTestApp(createPrismaClient(base.fresh.url, 2));
    const acct: TestAccount = await newAccount(t.db);
    const as = { token: acct.token };
    const a = await createSku(t, acct.token, 10);
    const b = await createSku(t, acct.token, 4);
    const old = await createSku(t, acct.token, 0);
    expect(
      (
        await rest(t, "POST", "/stock-adjustments/bulk", {
          ...as,
          body: {
            reason: "received",
            lines: [
              { type: "sku", id: a, new_qty: 12.5 },
              { type: "sku", id: b, new_qty: 7 },
            ],
          },
        })
      ).status,
    ).toBe(201);
    const client = stockTakeClient(t, acct.token);
    const take = await client.start({ scope: { sku_ids: [a, b] } });
    expect(take.status).toBe(201);
    await client.input(take.body.id, { counts: [count({ type: "sku", id: a }, 11)] });
    await client.accept(take.body.id, { lines: [{ type: "sku", id: a }] });
    expect((await client.reconcile(take.body.id)).status).toBe(200);
    await t.close();
    // The version before partitioning kept no site on movements and stock takes: what today's
    // service wrote is put back in that shape, and movement_sites is made unapplied, so that the
    // upgrade below applies it after the partitioning, in order, as an upgrade from that version
    // does (applied before it, its column would not survive the partitioning's new table).
    await sql.query("ALTER TABLE stock_movements DROP COLUMN site_id");
    await sql.query("ALTER TABLE stock_takes DROP COLUMN site_id");
    await sql.query("DELETE FROM _prisma_migrations WHERE migration_name = $1", [MOVEMENT_SITES]);
    // Nor transfers (none was made here): their tables, type and the movements' column go, to be
    // made again after the partitioning (the reasons it added stay: an enum keeps its values).
    await sql.query("ALTER TABLE stock_movements DROP COLUMN transfer_id");
    // Their events' triggers and functions go with them, to be made again after them.
    await sql.query("DROP TABLE transfer_lines, transfers CASCADE");
    await sql.query("DROP FUNCTION transfer_event()");
    await sql.query("DROP TYPE transfer_status");
    await sql.query("DELETE FROM _prisma_migrations WHERE migration_name = ANY($1)", [
      [TRANSFERS, TRANSFER_EVENTS],
    ]);
    // Nor values on movements (none had a cost here): their columns go, to be made again after.
    await sql.query("ALTER TABLE stock_movements DROP COLUMN unit_cost, DROP COLUMN value_change");
    await sql.query("DELETE FROM _prisma_migrations WHERE migration_name = $1", [MOVEMENT_VALUES]);

    // …and history from months back, a stray far in the future, and old events, by hand.
    const history = [
      [monthStart(-14), 0, 5],
      [new Date(monthStart(-3).getTime() + 86_400_000), 5, 3],
      [new Date(monthStart(0).getTime() - 1), 3, 8],
    ] as const;
    for (const [at, before, after] of history) {
      await sql.query(
        `INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id, quantity_before,
           quantity_after, change, reason, source, actor_name)
         VALUES ($1, $2, 'sku', $3, $4, $5, $5::numeric - $4::numeric, 'correction', 'adjustment', 'import')`,
        [acct.accountId, at.toISOString(), old, before, after],
      );
    }
    await sql.query(
      `INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand)
       SELECT account_id, id, $2, 8 FROM sites WHERE account_id = $1 AND is_default
       ON CONFLICT (account_id, site_id, sku_id) DO UPDATE SET on_hand = EXCLUDED.on_hand`,
      [acct.accountId, old],
    );
    const stray = await sql.query<{ id: string }>(
      `INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id, quantity_before,
         quantity_after, change, reason, source, actor_name)
       VALUES ($1, '2999-01-01T00:00:00Z', 'sku', 999999, 0, 1, 1, 'found', 'adjustment', 'stray')
       RETURNING id`,
      [acct.accountId],
    );
    await sql.query(
      `INSERT INTO events (account_id, type, occurred_at, data)
       SELECT $1, 'sku.updated', $2::timestamptz + g * interval '1 hour', '{}'::jsonb
       FROM generate_series(1, 50) AS g`,
      [acct.accountId, monthStart(-2).toISOString()],
    );
    const { rows: highest } = await sql.query<{ movement: string; event: string }>(
      `SELECT (SELECT max(id) FROM stock_movements)::text AS movement,
         (SELECT max(id) FROM events)::text AS event`,
    );
    const before = await snapshot();
    expect(Object.keys(before)).toEqual(expect.arrayContaining(["stock_movements", "events"]));
    // Two openings, a bulk of two, a reconcile, three from history and the stray.
    expect(before.stock_movements).toMatch(/^9 rows/);

    // 2. The migration.
    await expect(migrate(base.fresh.url)).resolves.toMatchObject({
      applied: [PARTITIONING, MOVEMENT_SITES, TRANSFERS, TRANSFER_EVENTS, MOVEMENT_VALUES],
    });

    // 3. Every row as it was, each in its month (the stray in the DEFAULT partition).
    // (transfers' tables made again, empty).
    expect(await snapshot()).toEqual({
      ...before,
      transfer_lines: "0 rows, null",
      transfers: "0 rows, null",
    });
    const { rows: kinds } = await sql.query<{ relname: string; relkind: string }>(
      `SELECT relname, relkind FROM pg_class WHERE relname IN ('stock_movements', 'events')
       ORDER BY 1`,
    );
    expect(kinds).toEqual([
      { relname: "events", relkind: "p" },
      { relname: "stock_movements", relkind: "p" },
    ]);
    const { rows: placed } = await sql.query<{ p: string; n: number }>(
      `SELECT tableoid::regclass::text AS p, count(*)::int AS n FROM stock_movements
       WHERE account_id = $1 AND sku_id = $2 GROUP BY 1 ORDER BY 1`,
      [acct.accountId, old],
    );
    expect(placed).toEqual(
      [-14, -3, -1].map((m) => ({ p: `stock_movements_p${monthName(monthStart(m))}`, n: 1 })),
    );
    expect(await partitionOf("stock_movements", stray.rows[0]!.id)).toBe("stock_movements_default");
    const { rows: eventParts } = await sql.query<{ p: string }>(
      `SELECT DISTINCT tableoid::regclass::text AS p FROM events
       WHERE account_id = $1 AND type = 'sku.updated' AND occurred_at < $2`,
      [acct.accountId, monthStart(0).toISOString()],
    );
    expect(eventParts).toEqual([{ p: `events_p${monthName(monthStart(-2))}` }]);
    // The sequences belong to the new tables (dropping the old ones did not take them along).
    const { rows: sequences } = await sql.query(
      `SELECT pg_get_serial_sequence('stock_movements', 'id') AS movements,
         pg_get_serial_sequence('events', 'id') AS events`,
    );
    expect(sequences).toEqual([
      { movements: "public.stock_movements_id_seq", events: "public.events_id_seq" },
    ]);
    expect(await brokenChains(acct.accountId)).toEqual([]);
    const reader = createPrismaClient(base.fresh.url, 1);
    const status = await partitionStatus(reader).finally(() => reader.$disconnect());
    expect(status.stock_movements.defaultRows).toBe(1);
    expect(status.events.defaultRows).toBe(0);

    // 4. The service writes on: ids carry on from the sequences, the chains hold, the feed has
    // every event, old and new.
    t = await startTestApp(createPrismaClient(base.fresh.url, 2));
    try {
      const adjusted = await rest(t, "POST", "/stock-adjustments/bulk", {
        ...as,
        body: {
          reason: "correction",
          lines: [
            { type: "sku", id: old, new_qty: 9 },
            { type: "sku", id: a, new_qty: 1 },
          ],
        },
      });
      expect(adjusted.status).toBe(201);
      const ids = (adjusted.body.lines as { movement_id: number }[]).map((l) => l.movement_id);
      for (const id of ids) expect(BigInt(id)).toBeGreaterThan(BigInt(highest[0]!.movement));
      expect(await partitionOf("stock_movements", ids[0]!)).toBe(
        `stock_movements_p${monthName(monthStart(0))}`,
      );
      expect(await brokenChains(acct.accountId)).toEqual([]);
      const history = await rest(t, "GET", `/stock/movements?sku_id=${old}&order=asc`, as);
      expect(history.body.data.map((m: { quantity_after: number }) => m.quantity_after)).toEqual([
        5, 3, 8, 9,
      ]);
      const feed = await rest(t, "GET", "/events?limit=1000", as);
      const events = feed.body.data as { id: string; type: string }[];
      const { rows: stored } = await sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM events WHERE account_id = $1`,
        [acct.accountId],
      );
      expect(events).toHaveLength(stored[0]!.n);
      expect(events.filter((e) => e.type === "sku.updated")).toHaveLength(50);
      const newest = events.filter((e) => e.type === "stock.changed").at(-1)!;
      expect(BigInt(newest.id.slice(4))).toBeGreaterThan(BigInt(highest[0]!.event));
    } finally {
      await t.close();
    }

    // 5. Append-only still, on the table and on each partition directly.
    const oldMonth = `stock_movements_p${monthName(monthStart(-14))}`;
    for (const statement of [
      `UPDATE stock_movements SET note = 'tampered' WHERE account_id = ${acct.accountId}`,
      `DELETE FROM stock_movements WHERE account_id = ${acct.accountId}`,
      `UPDATE ${oldMonth} SET note = 'tampered'`,
      `DELETE FROM ${oldMonth}`,
      `DELETE FROM stock_movements_default`,
      `TRUNCATE stock_movements`,
      `TRUNCATE ${oldMonth}`,
      `TRUNCATE stock_movements_default`,
    ]) {
      await expect(sql.query(statement)).rejects.toThrow(/append-only/);
    }
    // Only the DEFAULT partition can be drained (when a month is created), even by hand.
    await sql.query("BEGIN");
    await sql.query(
      `SELECT set_config('countpoint.partition_maintenance', $1::regclass::oid::text, true)`,
      [oldMonth],
    );
    await expect(sql.query(`DELETE FROM ${oldMonth}`)).rejects.toThrow(/append-only/);
    await sql.query("ROLLBACK");
    const { rows: kept } = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${oldMonth}`,
    );
    expect(kept[0]!.n).toBe(1);
  }, 120_000);
});
