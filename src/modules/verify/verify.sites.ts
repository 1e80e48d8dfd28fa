// What names a site without a foreign key to it: a SKU's cycle count. (Movements name theirs too;
// they are walked by the chains' pass.)
import { Prisma, type Tx } from "../../db/client.js";
import { entityJson, listProblems, type Listing, type Scope } from "./verify.sql.js";

/**
 * Cycle counts that name a site their account does not have (a table-by-table restore that left
 * the site out, or loaded another account's): one problem per such row, by SKU, then site.
 */
export function checkSites(tx: Tx, scoped: Scope, limit: number): Promise<Listing> {
  const ctes = Prisma.sql`strays AS MATERIALIZED (
      SELECT c.account_id, c.site_id, c.sku_id FROM sku_cycle_counts AS c
      WHERE true ${scoped("c")} AND NOT EXISTS (
        SELECT 1 FROM sites AS s WHERE s.account_id = c.account_id AND s.id = c.site_id)
    )`;
  const problems = Prisma.sql`
    SELECT account_id, 'cycle_count_site_missing' AS kind, sku_id AS a, site_id AS b,
      json_build_object('kind', 'cycle_count_site_missing', 'account_id', account_id,
        'entity', ${entityJson(Prisma.sql`'sku'`, Prisma.sql`sku_id`)}, 'site_id', site_id) AS problem
    FROM strays`;
  return listProblems(tx, ctes, problems, limit);
}
