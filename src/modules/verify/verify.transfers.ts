// Transfers against the movements they wrote, both ways: each line's quantities sent, received,
// lost and (for a cancelled transfer) returned are what its movements moved, at the sites they
// should have moved it, and every movement naming a transfer is of an item on it. One pass over
// the movements that name a transfer, one over the transfers' lines.
import { Prisma, type Tx } from "../../db/client.js";
import { entityJson, listProblems, qty, type Listing, type Scope } from "./verify.sql.js";

/**
 * Per transfer line: `transfer_mismatch` when its movements disagree with it (the movements'
 * sums beside the line's own figures), or when its state is impossible (received but still in
 * transit, cancelled after a receipt); per movement naming a transfer none of whose lines is of
 * its item (or no transfer at all): `transfer_movement_unlisted`.
 */
export function checkTransfers(tx: Tx, scoped: Scope, limit: number): Promise<Listing> {
  const ctes = Prisma.sql`moved AS MATERIALIZED (
      SELECT m.account_id, m.transfer_id, m.entity_type::text AS entity_type,
        COALESCE(m.sku_id, m.supplier_item_id) AS entity_id, m.site_id, m.reason::text AS reason,
        sum(m.change) AS change, min(m.id) AS first_id
      FROM stock_movements AS m WHERE m.transfer_id IS NOT NULL ${scoped("m")}
      GROUP BY 1, 2, 3, 4, 5, 6
    ), lines AS MATERIALIZED (
      SELECT l.account_id, l.transfer_id, l.entity_type::text AS entity_type,
        COALESCE(l.sku_id, l.supplier_item_id) AS entity_id, t.from_site_id, t.to_site_id,
        t.status::text AS status, l.qty, l.received_qty, l.lost_qty
      FROM transfer_lines AS l
      JOIN transfers AS t ON t.account_id = l.account_id AND t.id = l.transfer_id
      WHERE true ${scoped("l")}
    ), compared AS MATERIALIZED (
      SELECT l.*,
        COALESCE(-sum(m.change) FILTER (WHERE m.site_id = l.from_site_id
          AND m.reason = 'transfer_out'), 0) AS sent,
        COALESCE(sum(m.change) FILTER (WHERE m.site_id = l.to_site_id
          AND m.reason = 'transfer_in'), 0) AS arrived,
        COALESCE(-sum(m.change) FILTER (WHERE m.site_id = l.to_site_id
          AND m.reason = 'transfer_loss'), 0) AS written_off,
        COALESCE(sum(m.change) FILTER (WHERE m.site_id = l.from_site_id
          AND m.reason = 'transfer_in'), 0) AS returned,
        count(m.*) FILTER (WHERE NOT (
          (m.site_id = l.from_site_id AND m.reason IN ('transfer_out', 'transfer_in'))
          OR (m.site_id = l.to_site_id AND m.reason IN ('transfer_in', 'transfer_loss')))) AS stray
      FROM lines AS l
      LEFT JOIN moved AS m ON m.account_id = l.account_id AND m.transfer_id = l.transfer_id
        AND m.entity_type = l.entity_type AND m.entity_id = l.entity_id
      GROUP BY l.account_id, l.transfer_id, l.entity_type, l.entity_id, l.from_site_id,
        l.to_site_id, l.status, l.qty, l.received_qty, l.lost_qty
    ), unlisted AS MATERIALIZED (
      SELECT m.* FROM moved AS m WHERE NOT EXISTS (
        SELECT 1 FROM lines AS l WHERE l.account_id = m.account_id
          AND l.transfer_id = m.transfer_id AND l.entity_type = m.entity_type
          AND l.entity_id = m.entity_id)
    )`;
  const problems = Prisma.sql`
    SELECT account_id, 'transfer_mismatch' AS kind, transfer_id AS a, entity_id AS b,
      json_build_object('kind', 'transfer_mismatch', 'account_id', account_id,
        'entity', ${entityJson(Prisma.sql`entity_type`, Prisma.sql`entity_id`)},
        'transfer_id', transfer_id, 'status', status,
        'line', json_build_object('qty', ${qty(Prisma.sql`qty`)},
          'received_qty', ${qty(Prisma.sql`received_qty`)},
          'lost_qty', ${qty(Prisma.sql`lost_qty`)}),
        'movements', json_build_object('sent', ${qty(Prisma.sql`sent`)},
          'arrived', ${qty(Prisma.sql`arrived`)}, 'written_off', ${qty(Prisma.sql`written_off`)},
          'returned', ${qty(Prisma.sql`returned`)}, 'elsewhere', stray)) AS problem
    FROM compared
    WHERE sent <> qty OR arrived <> received_qty + lost_qty OR written_off <> lost_qty
      OR returned <> CASE WHEN status = 'cancelled' THEN qty ELSE 0 END OR stray > 0
      OR (status = 'received' AND received_qty + lost_qty <> qty)
      OR (status = 'cancelled' AND received_qty + lost_qty <> 0)
    UNION ALL
    SELECT account_id, 'transfer_movement_unlisted', transfer_id, entity_id,
      json_build_object('kind', 'transfer_movement_unlisted', 'account_id', account_id,
        'entity', ${entityJson(Prisma.sql`entity_type`, Prisma.sql`entity_id`)},
        'transfer_id', transfer_id, 'site_id', site_id, 'reason', reason,
        'movement_id', first_id)
    FROM unlisted`;
  return listProblems(tx, ctes, problems, limit);
}
