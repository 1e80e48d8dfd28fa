// The migration that lets each adjustment line name its site, run on a database made by the
// migrations before it and holding adjustments with lines at two sites: every line keeps every
// value it had and names no site of its own (it reads as its adjustment's), and no table's rows
// change otherwise.
import {
  tableSnapshot,
  twoAccountsWithVan,
  useDatabaseBefore,
} from "../helpers/migrations-before.js";

const MIGRATION = "20261221000000_adjustment_line_sites";
const BEFORE = {
  stock_adjustment_lines:
    "t.account_id, t.adjustment_id, t.line_no, t.entity_type, t.sku_id, t.supplier_item_id, t.previous_qty, t.new_qty, t.change, t.status, t.movement_id",
};

const base = useDatabaseBefore(MIGRATION);

it("keeps every line as it was, at its adjustment's site", async () => {
  const [store] = await twoAccountsWithVan(base.sql);
  const { rows: sites } = await base.sql.query<{ id: number }>(
    "SELECT id FROM sites WHERE account_id = $1 ORDER BY id",
    [store],
  );
  for (const [i, site] of sites.entries()) {
    const { rows } = await base.sql.query<{ id: number }>(
      `INSERT INTO stock_adjustments (account_id, reason, actor_name, site_id)
       VALUES ($1, 'received', 'erp', $2) RETURNING id`,
      [store, site.id],
    );
    await base.sql.query(
      `INSERT INTO stock_adjustment_lines (account_id, adjustment_id, line_no, entity_type, sku_id,
         previous_qty, new_qty, change, status)
       SELECT $1, $2, g - 1, 'sku', g, 0, g + $3, g + $3, 'changed'
       FROM generate_series(1, $4::int) AS g`,
      [store, rows[0]!.id, i, 4 + i],
    );
  }
  const before = await tableSnapshot(base.sql, BEFORE);

  expect((await base.apply(MIGRATION)).applied).toEqual([MIGRATION]);

  expect(await tableSnapshot(base.sql, BEFORE)).toEqual(before);
  const { rows } = await base.sql.query<{ site_id: number; lines: number; own: number }>(
    `SELECT a.site_id, count(*)::int AS lines, count(l.site_id)::int AS own
     FROM stock_adjustment_lines l JOIN stock_adjustments a
       ON a.account_id = l.account_id AND a.id = l.adjustment_id
     GROUP BY a.site_id ORDER BY a.site_id`,
  );
  expect(rows).toEqual(sites.map((s, i) => ({ site_id: s.id, lines: 4 + i, own: 0 })));
});
