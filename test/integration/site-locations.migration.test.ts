// The migration that keeps locations per stock level, run on a database made by the migrations
// before it and holding two accounts' SKUs and supplier items with and without locations, with
// and without stock, one linked: each location lands on the item's level at its account's default
// site (a level of 0 made where there was none), no level elsewhere gains one, every quantity is
// as it was, and the item columns are gone. Afterwards the events' JSON reads the default site's
// location, and a location set at another site stamps the item and writes its updated event there.
import {
  tableSnapshot,
  twoAccountsWithVan,
  useDatabaseBefore,
} from "../helpers/migrations-before.js";

const MIGRATION = "20261226000000_site_locations";

const base = useDatabaseBefore(MIGRATION);

it("moves every item's location to its level at the default site, keeping every quantity", async () => {
  const accounts = await twoAccountsWithVan(base.sql);
  const [first] = accounts as [number, number];
  for (const accountId of accounts) {
    const { rows: skus } = await base.sql.query<{ id: number }>(
      `INSERT INTO skus (account_id, code, name, location)
       VALUES ($1, 'S-1', 'Bolt', 'A-01-03'), ($1, 'S-2', 'Nut', NULL), ($1, 'S-3', 'Washer', 'b-02')
       RETURNING id`,
      [accountId],
    );
    // Levels at the default site as the version before writes them: S-1 with stock, S-2 with
    // none, S-3 without a level (made before levels were made at creation).
    await base.sql.query(
      `INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand)
       SELECT $1, d.id, x.id, x.q FROM sites d, unnest($2::int[], $3::numeric[]) AS x(id, q)
       WHERE d.account_id = $1 AND d.is_default`,
      [accountId, [skus[0]!.id, skus[1]!.id], ["12.5", "0"]],
    );
    const { rows: items } = await base.sql.query<{ id: number }>(
      `INSERT INTO supplier_items (account_id, supplier, code, name, location, sku_id)
       VALUES ($1, 'ACME', 'U-1', 'Unlinked', 'R-12', NULL), ($1, 'ACME', 'L-1', 'Linked', 'R-13', $2)
       RETURNING id`,
      [accountId, skus[0]!.id],
    );
    await base.sql.query(
      `INSERT INTO supplier_item_stock (account_id, site_id, supplier_item_id, on_hand)
       SELECT $1, d.id, $2, 4.25 FROM sites d WHERE d.account_id = $1 AND d.is_default`,
      [accountId, items[0]!.id],
    );
  }
  // The van holds stock of the first account's S-2, without a location anywhere.
  await base.sql.query(
    `INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand)
     SELECT $1, v.id, s.id, 3 FROM sites v, skus s
     WHERE v.account_id = $1 AND v.code = 'VAN' AND s.account_id = $1 AND s.code = 'S-2'`,
    [first],
  );
  const itemsBefore = await base.sql.query(
    `SELECT 'sku' AS kind, account_id, id, location FROM skus
     UNION ALL SELECT 'supplier_item', account_id, id, location FROM supplier_items
     ORDER BY 1, 2, 3`,
  );
  const levels = `SELECT 'sku' AS kind, account_id, site_id, sku_id AS id, on_hand::text
    FROM sku_stock UNION ALL SELECT 'supplier_item', account_id, site_id, supplier_item_id,
      on_hand::text FROM supplier_item_stock ORDER BY 1, 2, 3, 4`;
  const { rows: levelsBefore } = await base.sql.query(levels);
  // Every other table, and the items' columns beside their location, stay as they were.
  const { rows: kept } = await base.sql.query<{ table_name: string; columns: string }>(
    `SELECT table_name, string_agg('t.' || quote_ident(column_name), ', ' ORDER BY ordinal_position)
       AS columns
     FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name IN ('skus', 'supplier_items')
       AND column_name <> 'location'
     GROUP BY table_name`,
  );
  const columns = Object.fromEntries(kept.map((k) => [k.table_name, k.columns]));
  const without = ({ sku_stock, supplier_item_stock, ...rest }: Record<string, string>) => {
    void sku_stock;
    void supplier_item_stock;
    return rest;
  };
  const before = without(await tableSnapshot(base.sql, columns));

  expect((await base.apply(MIGRATION)).applied).toEqual([MIGRATION]);

  expect(without(await tableSnapshot(base.sql, columns))).toEqual(before);
  // Every location is now its level's at the default site; nothing else has one.
  const { rows: located } = await base.sql.query(
    `SELECT 'sku' AS kind, l.account_id, l.sku_id AS id, l.location, d.is_default
     FROM sku_stock l JOIN sites d ON d.account_id = l.account_id AND d.id = l.site_id
     WHERE l.location IS NOT NULL
     UNION ALL SELECT 'supplier_item', l.account_id, l.supplier_item_id, l.location, d.is_default
     FROM supplier_item_stock l JOIN sites d ON d.account_id = l.account_id AND d.id = l.site_id
     WHERE l.location IS NOT NULL
     ORDER BY 1, 2, 3`,
  );
  expect(located).toEqual(
    itemsBefore.rows
      .filter((r: { location: string | null }) => r.location !== null)
      .map((r: object) => ({ ...r, is_default: true })),
  );
  // Every level is as it was, with its quantity; the only new ones are levels of 0 at the
  // default sites, for the items that had a location and no level there (S-3, the linked L-1).
  const { rows: levelsAfter } = await base.sql.query<{ kind: string; id: number; on_hand: string }>(
    levels,
  );
  const key = (l: object) => JSON.stringify(l);
  const old = new Set(levelsBefore.map(key));
  expect(levelsBefore.every((l) => levelsAfter.some((a) => key(a) === key(l)))).toBe(true);
  const made = levelsAfter.filter((l) => !old.has(key(l)));
  expect(made.map((l) => l.on_hand)).toEqual(["0.000", "0.000", "0.000", "0.000"]);
  const { rows: madeFor } = await base.sql.query<{ code: string }>(
    `SELECT code::text FROM skus WHERE id = ANY($1) UNION ALL
     SELECT code::text FROM supplier_items WHERE id = ANY($2) ORDER BY 1`,
    [
      made.filter((m) => m.kind === "sku").map((m) => m.id),
      made.filter((m) => m.kind !== "sku").map((m) => m.id),
    ],
  );
  expect(madeFor.map((m) => m.code)).toEqual(["L-1", "L-1", "S-3", "S-3"]);
  const { rows: gone } = await base.sql.query(
    `SELECT table_name FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name IN ('skus', 'supplier_items')
       AND column_name = 'location'`,
  );
  expect(gone).toEqual([]);

  // Events read the default site's location; a location at the van is its own updated event.
  const { rows: json } = await base.sql.query<{ data: { location: string | null } }>(
    "SELECT sku_json(s) AS data FROM skus s WHERE account_id = $1 AND code = 'S-1'",
    [first],
  );
  expect(json[0]!.data.location).toBe("A-01-03");
  const { rows: van } = await base.sql.query<{ id: number }>(
    "SELECT id FROM sites WHERE account_id = $1 AND code = 'VAN'",
    [first],
  );
  const { rows: stamped } = await base.sql.query<{ updated_at: Date }>(
    "SELECT updated_at FROM skus WHERE account_id = $1 AND code = 'S-2'",
    [first],
  );
  await base.sql.query(
    `UPDATE sku_stock SET location = 'V-1' WHERE account_id = $1 AND site_id = $2
       AND sku_id = (SELECT id FROM skus WHERE account_id = $1 AND code = 'S-2')`,
    [first, van[0]!.id],
  );
  const { rows: events } = await base.sql.query<{ type: string; data: Record<string, unknown> }>(
    "SELECT type, data FROM events WHERE account_id = $1 AND type = 'sku.updated'",
    [first],
  );
  expect(events).toEqual([
    {
      type: "sku.updated",
      data: expect.objectContaining({
        code: "S-2",
        on_hand: 3,
        location: "V-1",
        site_id: van[0]!.id,
      }),
    },
  ]);
  const { rows: restamped } = await base.sql.query<{ updated_at: Date }>(
    "SELECT updated_at FROM skus WHERE account_id = $1 AND code = 'S-2'",
    [first],
  );
  expect(restamped[0]!.updated_at.getTime()).toBeGreaterThan(stamped[0]!.updated_at.getTime());
});
