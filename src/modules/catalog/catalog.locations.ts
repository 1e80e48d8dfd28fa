// Writing locations: an item's location is its stock level's at a site (DESIGN §8), so setting
// one writes the level (making one with nothing on hand where the item has none there). The
// levels' triggers (migration `site_locations`) stamp the item and write its updated event, at
// that site, for each location that changed; a location written as it stands writes nothing.
import type { Tx } from "../../db/client.js";
import { jsonRows } from "../../db/sql.js";
import { defaultSite } from "../../ledger/ledger.js";
import { LEVELS } from "./location.js";

/** One item's location at a site (a site of the account, held by the caller). */
export interface LocationAt {
  id: number;
  /** The site; "default": the account's default site. */
  siteId: number | "default";
  /** null: none (removed). */
  location: string | null;
}

/**
 * Sets items' locations at their sites, in one statement, in the levels' key order. The caller
 * holds the items' locks (their rows FOR UPDATE, as every writer of a level takes them first)
 * and the sites. Answers the ids whose location changed. Removing a location where the item has
 * no level writes nothing.
 */
export async function writeLocations(
  tx: Tx,
  accountId: number,
  kind: keyof typeof LEVELS,
  rows: readonly LocationAt[],
): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const { table, item } = LEVELS[kind];
  const values = rows.map((r) => [r.siteId === "default" ? null : r.siteId, r.id, r.location]);
  const changed = await tx.$queryRaw<{ id: number }[]>`
    WITH d AS MATERIALIZED (SELECT ${defaultSite(accountId)} AS id),
    v AS (
      SELECT COALESCE(r.site_id, d.id) AS site_id, r.id, r.location
      FROM ${jsonRows(values, "r", "site_id int, id int, location text")} CROSS JOIN d
    )
    INSERT INTO ${table} AS level (account_id, site_id, ${item}, location)
    SELECT ${accountId}, v.site_id, v.id, v.location FROM v
    WHERE v.location IS NOT NULL OR EXISTS (SELECT 1 FROM ${table} AS l
      WHERE l.account_id = ${accountId} AND l.site_id = v.site_id AND l.${item} = v.id)
    ORDER BY v.site_id, v.id
    ON CONFLICT (account_id, site_id, ${item}) DO UPDATE SET location = EXCLUDED.location
      WHERE level.location IS DISTINCT FROM EXCLUDED.location
    RETURNING level.${item} AS id`;
  return new Set(changed.map((c) => c.id));
}
