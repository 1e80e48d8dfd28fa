// The raw SQL baselines' twin of the ledger's stock work: the SKUs locked (each one's row is the
// lock of its levels), their levels at the default site (or the site named) read after the locks
// are held, and the new levels written (one made where a SKU has none yet) with the SKUs' stamp.
import type pg from "pg";

/** The site as SQL: the one named (parameter 3), or the account's default. */
const siteOf = (siteId: number | undefined) =>
  siteId === undefined ? "(SELECT id FROM sites WHERE account_id = $1 AND is_default)" : "$3::int";

/** Locks the SKUs and answers their on hand at the account's default site (or `siteId`), by id. */
export async function lockLevels(
  raw: pg.Client,
  account: number,
  ids: number[],
  siteId?: number,
): Promise<Map<number, string>> {
  await raw.query(
    "SELECT id FROM skus WHERE account_id = $1 AND id = ANY($2::int[]) ORDER BY id FOR UPDATE",
    [account, ids],
  );
  const levels = await raw.query<{ id: number; on_hand: string }>(
    `SELECT v.id, COALESCE((SELECT l.on_hand FROM sku_stock l
         WHERE l.account_id = $1
           AND l.site_id = ${siteOf(siteId)}
           AND l.sku_id = v.id), 0)::text AS on_hand
     FROM unnest($2::int[]) v(id)`,
    siteId === undefined ? [account, ids] : [account, ids, siteId],
  );
  return new Map(levels.rows.map((r) => [r.id, r.on_hand]));
}

/** Sets the SKUs' levels at the default site (or `siteId`) to `qtys` and stamps the SKUs. */
export async function writeLevels(
  raw: pg.Client,
  account: number,
  ids: number[],
  qtys: string[],
  siteId?: number,
): Promise<void> {
  const site = siteId === undefined ? siteOf(undefined) : "$4::int";
  await raw.query(
    `INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand)
     SELECT $1, ${site}, v.id, v.q
     FROM unnest($2::int[], $3::numeric[]) v(id, q) ORDER BY v.id
     ON CONFLICT (account_id, site_id, sku_id) DO UPDATE SET on_hand = EXCLUDED.on_hand`,
    siteId === undefined ? [account, ids, qtys] : [account, ids, qtys, siteId],
  );
  await raw.query(
    `UPDATE skus t SET updated_at = now() FROM unnest($2::int[]) v(id)
     WHERE t.account_id = $1 AND t.id = v.id`,
    [account, ids],
  );
}
