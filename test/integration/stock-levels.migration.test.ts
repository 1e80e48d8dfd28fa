// The migration that keeps stock per site, run on a database made by the migrations before it and
// holding two accounts' SKUs and supplier items with stock (none, whole, fractional), a linked
// supplier item and movements: every SKU and every unlinked supplier item has exactly one level,
// at its account's default site, with the quantity it had, so each account's totals are the same;
// a linked item has none, and the account's second site none; every other row is as it was and
// the on_hand columns are gone. Afterwards the events' JSON reads stock from the default site's
// levels, the database refuses stock on a linked item and the linking of an item that holds stock,
// and flag_moved_lines flags only the lines of the open stock takes of the site it is given.
import type pg from "pg";
import {
  tableSnapshot,
  twoAccountsWithVan,
  useDatabaseBefore,
} from "../helpers/migrations-before.js";

const MIGRATION = "20261219000000_stock_levels";

const base = useDatabaseBefore(MIGRATION);

/** tableSnapshot's columns for skus and supplier_items: all but on_hand, which the migration drops. */
async function columnsBesideOnHand(sql: pg.Client): Promise<Record<string, string>> {
  const { rows } = await sql.query<{ table_name: string; columns: string }>(
    `SELECT table_name, string_agg('t.' || quote_ident(column_name), ', ' ORDER BY ordinal_position)
       AS columns
     FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name IN ('skus', 'supplier_items')
       AND column_name <> 'on_hand'
     GROUP BY table_name`,
  );
  return Object.fromEntries(rows.map((r) => [r.table_name, r.columns]));
}

interface Held {
  account_id: number;
  id: number;
  on_hand: string;
}

it("puts every SKU's and unlinked supplier item's stock at its account's default site, keeping every quantity", async () => {
  // The first account's second site (VAN) must get no level.
  const accounts = await twoAccountsWithVan(base.sql);
  const [first, second] = accounts as [number, number];
  const stock: Record<number, string[]> = {
    [first]: ["0", "12.5", "7", "0.001", "99999999999.999"],
    [second]: ["3.5", "0", "1250.75"],
  };
  const linkedSku: Record<number, number> = {};
  for (const accountId of accounts) {
    const { rows: skus } = await base.sql.query<{ id: number; on_hand: string }>(
      `INSERT INTO skus (account_id, code, name, on_hand)
       SELECT $1, 'SKU-' || n, 'Item ' || n, q FROM unnest($2::numeric[]) WITH ORDINALITY AS u(q, n)
       RETURNING id, on_hand`,
      [accountId, stock[accountId]],
    );
    linkedSku[accountId] = skus[1]!.id;
    // An unlinked item with stock, an unlinked one without, and one linked to a SKU (its stock is
    // the SKU's: 0 of its own, as the schema before required).
    await base.sql.query(
      `INSERT INTO supplier_items (account_id, supplier, code, name, on_hand, sku_id)
       VALUES ($1, 'ACME', 'U-STOCK', 'Unlinked with stock', 4.25, NULL),
              ($1, 'ACME', 'U-EMPTY', 'Unlinked without stock', 0, NULL),
              ($1, 'ACME', 'L-1', 'Linked', 0, $2)`,
      [accountId, linkedSku[accountId]],
    );
    // Each SKU's and the unlinked item's stock as the ledger brought it, at the default site.
    await base.sql.query(
      `INSERT INTO stock_movements (account_id, site_id, entity_type, sku_id, quantity_before,
         quantity_after, change, reason, source, actor_name)
       SELECT s.account_id, d.id, 'sku', s.id, 0, s.on_hand, s.on_hand, 'found', 'adjustment', 'seed'
       FROM skus s JOIN sites d ON d.account_id = s.account_id AND d.is_default
       WHERE s.account_id = $1 AND s.on_hand > 0`,
      [accountId],
    );
    await base.sql.query(
      `INSERT INTO stock_movements (account_id, site_id, entity_type, supplier_item_id,
         quantity_before, quantity_after, change, reason, source, actor_name)
       SELECT i.account_id, d.id, 'supplier_item', i.id, 0, i.on_hand, i.on_hand, 'found',
         'adjustment', 'seed'
       FROM supplier_items i JOIN sites d ON d.account_id = i.account_id AND d.is_default
       WHERE i.account_id = $1 AND i.on_hand > 0`,
      [accountId],
    );
  }

  const columns = await columnsBesideOnHand(base.sql);
  const before = await tableSnapshot(base.sql, columns);
  const { rows: skusBefore } = await base.sql.query<Held>(
    "SELECT account_id, id, on_hand FROM skus WHERE account_id = ANY($1) ORDER BY account_id, id",
    [accounts],
  );
  const { rows: unlinkedBefore } = await base.sql.query<Held>(
    `SELECT account_id, id, on_hand FROM supplier_items
     WHERE account_id = ANY($1) AND sku_id IS NULL ORDER BY account_id, id`,
    [accounts],
  );
  const { rows: linked } = await base.sql.query<{ account_id: number; id: number }>(
    "SELECT account_id, id FROM supplier_items WHERE account_id = ANY($1) AND sku_id IS NOT NULL",
    [accounts],
  );
  const { rows: totalsBefore } = await base.sql.query(
    `SELECT a.id AS account_id,
       (SELECT sum(on_hand) FROM skus WHERE account_id = a.id) AS skus,
       (SELECT sum(on_hand) FROM supplier_items WHERE account_id = a.id) AS supplier_items
     FROM accounts a WHERE a.id = ANY($1) ORDER BY a.id`,
    [accounts],
  );
  const { rows: defaults } = await base.sql.query<{ account_id: number; id: number }>(
    "SELECT account_id, id FROM sites WHERE account_id = ANY($1) AND is_default",
    [accounts],
  );
  const defaultSite = Object.fromEntries(defaults.map((d) => [d.account_id, d.id])) as Record<
    number,
    number
  >;
  const { rows: vans } = await base.sql.query<{ id: number }>(
    "SELECT id FROM sites WHERE account_id = $1 AND code = 'VAN'",
    [first],
  );
  const van = vans[0]!.id;
  expect(skusBefore).toHaveLength(8);
  expect(unlinkedBefore).toHaveLength(4);
  expect(linked).toHaveLength(2);

  const report = await base.apply(MIGRATION);
  expect(report.applied).toEqual([MIGRATION]);

  // Every row that was there is as it was (but for the dropped on_hand columns); the levels are new.
  const {
    sku_stock: skuLevels,
    supplier_item_stock: itemLevels,
    ...kept
  } = await tableSnapshot(base.sql, columns);
  expect(kept).toEqual(before);
  expect(skuLevels).toMatch(/^8 rows/);
  expect(itemLevels).toMatch(/^4 rows/);

  // One level per SKU and per unlinked item, at its account's default site, holding what it held.
  const { rows: skuStock } = await base.sql.query<Held & { site_id: number }>(
    `SELECT account_id, sku_id AS id, site_id, on_hand FROM sku_stock
     WHERE account_id = ANY($1) ORDER BY account_id, sku_id`,
    [accounts],
  );
  expect(skuStock).toEqual(skusBefore.map((s) => ({ ...s, site_id: defaultSite[s.account_id] })));
  const { rows: itemStock } = await base.sql.query<Held & { site_id: number }>(
    `SELECT account_id, supplier_item_id AS id, site_id, on_hand FROM supplier_item_stock
     WHERE account_id = ANY($1) ORDER BY account_id, supplier_item_id`,
    [accounts],
  );
  expect(itemStock).toEqual(
    unlinkedBefore.map((i) => ({ ...i, site_id: defaultSite[i.account_id] })),
  );
  // No level for a linked item, and none at the second site.
  const { rows: linkedLevels } = await base.sql.query(
    `SELECT * FROM supplier_item_stock WHERE (account_id, supplier_item_id) IN
       (SELECT account_id, id FROM supplier_items WHERE sku_id IS NOT NULL)`,
  );
  expect(linkedLevels).toEqual([]);
  const { rows: atVan } = await base.sql.query<{ n: string }>(
    `SELECT (SELECT count(*) FROM sku_stock WHERE site_id = $1)
       + (SELECT count(*) FROM supplier_item_stock WHERE site_id = $1) AS n`,
    [van],
  );
  expect(Number(atVan[0]!.n)).toBe(0);
  // Each account holds in all what it held.
  const { rows: totalsAfter } = await base.sql.query(
    `SELECT a.id AS account_id,
       (SELECT sum(on_hand) FROM sku_stock WHERE account_id = a.id) AS skus,
       (SELECT sum(on_hand) FROM supplier_item_stock WHERE account_id = a.id) AS supplier_items
     FROM accounts a WHERE a.id = ANY($1) ORDER BY a.id`,
    [accounts],
  );
  expect(totalsAfter).toEqual(totalsBefore);

  // The catalog keeps no stock of its own.
  const { rows: onHandColumns } = await base.sql.query(
    `SELECT table_name FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name IN ('skus', 'supplier_items')
       AND column_name = 'on_hand'`,
  );
  expect(onHandColumns).toEqual([]);

  // The events' JSON shows each SKU's stock at its default site; a linked item shows its SKU's,
  // an unlinked one its own.
  const { rows: skuJson } = await base.sql.query<{
    account_id: number;
    id: number;
    json: { on_hand: unknown };
  }>(
    `SELECT s.account_id, s.id, sku_json(s) AS json FROM skus s
     WHERE s.account_id = ANY($1) ORDER BY s.account_id, s.id`,
    [accounts],
  );
  expect(
    skuJson.map((s) => ({ account_id: s.account_id, id: s.id, on_hand: Number(s.json.on_hand) })),
  ).toEqual(skusBefore.map((s) => ({ ...s, on_hand: Number(s.on_hand) })));
  const { rows: itemJson } = await base.sql.query<{ id: number; json: { on_hand: unknown } }>(
    `SELECT i.id, supplier_item_json(i) AS json FROM supplier_items i
     WHERE i.account_id = ANY($1) ORDER BY i.account_id, i.id`,
    [accounts],
  );
  const skuHeld = new Map(skusBefore.map((s) => [s.id, Number(s.on_hand)]));
  const itemHeld = new Map(unlinkedBefore.map((i) => [i.id, Number(i.on_hand)]));
  const linkedTo = new Map(
    linked.map((l) => [l.id, skuHeld.get(linkedSku[l.account_id]!)!] as const),
  );
  expect(itemJson.map((i) => [i.id, Number(i.json.on_hand)])).toEqual(
    itemJson.map((i) => [i.id, itemHeld.get(i.id) ?? linkedTo.get(i.id)]),
  );
  expect(Number(skuHeld.get(linkedSku[first]!))).toBe(12.5);

  // A linked item may hold no stock: a level of it above 0 is refused, inserted or raised.
  const linkedItem = linked.find((l) => l.account_id === first)!.id;
  await expect(
    base.sql.query(
      `INSERT INTO supplier_item_stock (account_id, site_id, supplier_item_id, on_hand)
       VALUES ($1, $2, $3, 1)`,
      [first, defaultSite[first], linkedItem],
    ),
  ).rejects.toMatchObject({ constraint: "supplier_item_stock_linked_check" });
  await base.sql.query(
    `INSERT INTO supplier_item_stock (account_id, site_id, supplier_item_id, on_hand)
     VALUES ($1, $2, $3, 0)`,
    [first, defaultSite[first], linkedItem],
  );
  await expect(
    base.sql.query(
      `UPDATE supplier_item_stock SET on_hand = 1
       WHERE account_id = $1 AND site_id = $2 AND supplier_item_id = $3`,
      [first, defaultSite[first], linkedItem],
    ),
  ).rejects.toMatchObject({ constraint: "supplier_item_stock_linked_check" });
  // An item holding stock may not be linked; one holding none may.
  const { rows: unlinkedItems } = await base.sql.query<{ id: number; code: string }>(
    "SELECT id, code FROM supplier_items WHERE account_id = $1 AND sku_id IS NULL",
    [first],
  );
  const holding = unlinkedItems.find((i) => i.code === "U-STOCK")!.id;
  const empty = unlinkedItems.find((i) => i.code === "U-EMPTY")!.id;
  await expect(
    base.sql.query("UPDATE supplier_items SET sku_id = $2 WHERE account_id = $1 AND id = $3", [
      first,
      linkedSku[first],
      holding,
    ]),
  ).rejects.toMatchObject({ constraint: "supplier_item_stock_linked_check" });
  await base.sql.query("UPDATE supplier_items SET sku_id = $2 WHERE account_id = $1 AND id = $3", [
    first,
    linkedSku[first],
    empty,
  ]);
  const { rows: stillUnlinked } = await base.sql.query(
    "SELECT sku_id FROM supplier_items WHERE account_id = $1 AND id = $2",
    [first, holding],
  );
  expect(stillUnlinked).toEqual([{ sku_id: null }]);

  // A change at a site flags the lines of that site's open stock takes, not another site's.
  const sku = skusBefore.find((s) => s.account_id === first)!.id;
  const lines: Record<number, number[]> = {};
  for (const site of [defaultSite[first]!, van]) {
    const { rows: take } = await base.sql.query<{ id: number }>(
      `INSERT INTO stock_takes (account_id, site_id, status, scope, actor_name)
       VALUES ($1, $2, 'open', '{"all": true}', 'seed') RETURNING id`,
      [first, site],
    );
    const { rows: made } = await base.sql.query<{ id: number }>(
      `INSERT INTO stock_take_lines (account_id, stock_take_id, entity_type, sku_id,
         supplier_item_id, expected_qty)
       VALUES ($1, $2, 'sku', $3, NULL, 0), ($1, $2, 'supplier_item', NULL, $4, 4.25)
       RETURNING id`,
      [first, take[0]!.id, sku, holding],
    );
    lines[site] = made.map((l) => l.id);
  }
  const flagged = async (site: number): Promise<boolean[]> =>
    (
      await base.sql.query<{ moved_since_freeze: boolean }>(
        "SELECT moved_since_freeze FROM stock_take_lines WHERE account_id = $1 AND id = ANY($2) ORDER BY id",
        [first, lines[site]],
      )
    ).rows.map((l) => l.moved_since_freeze);
  await base.sql.query("SELECT flag_moved_lines($1, $2, $3::int[], $4::int[])", [
    first,
    defaultSite[first],
    [sku],
    [holding],
  ]);
  expect(await flagged(defaultSite[first]!)).toEqual([true, true]);
  expect(await flagged(van)).toEqual([false, false]);
  await base.sql.query("SELECT flag_moved_lines($1, $2, $3::int[], $4::int[])", [
    first,
    van,
    [sku],
    [],
  ]);
  expect(await flagged(van)).toEqual([true, false]);
});
