// Stock take lines: a stock take to belong to, states that fit it, what each applied count was compared with
// (its basis), and the movement each applied line names. Whether each stock take movement is
// named by a line is verify.records.ts's to tell.
import { Prisma, type Tx } from "../../db/client.js";
import { entityJson, listProblems, qty, type Listing, type Scope } from "./verify.sql.js";

/**
 * Only a reconciled stock take has applied lines, and only applied lines name movements. An
 * applied line has a count and a basis: the freeze's expected quantity (basis freeze), or what the
 * ledger held at the stock take's site at counted_at (basis count_time). Its movement
 * (stock-take.reconcile.ts) is of its entity, its stock take and the stock take's site, and ends
 * at max(quantity_before + counted − basis, 0), not where it started; without one it changed
 * nothing, so its count was not above its basis (below it, stock was already 0).
 *
 * Reconcile read the ledger under its locks, so the movements it saw of a line's entity are
 * those before its own movement (ids follow the order of changes per entity); a line without a
 * movement is checked only when counted before the reconcile began (reconciled_at), since every
 * movement stamped by then was written before the reconcile's locks were granted.
 */
export function checkStockTakeLines(tx: Tx, scoped: Scope, limit: number): Promise<Listing> {
  const ledgerAt = (column: "sku_id" | "supplier_item_id") => Prisma.sql`(
    SELECT m.quantity_after FROM stock_movements AS m
    WHERE m.account_id = l.account_id AND m.${Prisma.raw(column)} = l.${Prisma.raw(column)}
      AND m.site_id = t.site_id AND m.occurred_at <= l.counted_at
      AND (l.movement_id IS NULL OR m.id < l.movement_id)
    ORDER BY m.occurred_at DESC, m.id DESC LIMIT 1)`;
  const ctes = Prisma.sql`lines AS (
      SELECT l.account_id, l.stock_take_id, l.id AS line_id, l.entity_type::text AS entity_type,
        COALESCE(l.sku_id, l.supplier_item_id) AS entity_id, l.state::text AS state,
        l.movement_id, l.counted_qty, l.basis_qty, t.status::text AS status, t.site_id,
        t.basis::text AS basis,
        CASE WHEN t.basis = 'freeze' THEN l.expected_qty ELSE b.qty END AS expected_basis,
        m.id AS m_id, m.entity_type::text AS m_entity_type,
        COALESCE(m.sku_id, m.supplier_item_id) AS m_entity_id, m.stock_take_id AS m_stock_take_id,
        m.site_id AS m_site_id, m.source::text AS source, m.quantity_before, m.quantity_after,
        GREATEST(m.quantity_before + l.counted_qty - l.basis_qty, 0) AS expected_after
      FROM stock_take_lines AS l
      JOIN stock_takes AS t ON t.account_id = l.account_id AND t.id = l.stock_take_id
      LEFT JOIN LATERAL (
        SELECT COALESCE(${ledgerAt("sku_id")}, ${ledgerAt("supplier_item_id")}, 0) AS qty
        WHERE t.basis = 'count_time' AND l.state = 'applied'
          AND (l.movement_id IS NOT NULL OR l.counted_at < t.reconciled_at)
      ) AS b ON true
      LEFT JOIN LATERAL (
        SELECT * FROM stock_movements AS m
        WHERE m.account_id = l.account_id AND m.id = l.movement_id
      ) AS m ON true
      WHERE (l.state = 'applied' OR l.movement_id IS NOT NULL) ${scoped("l")}
    ), found AS MATERIALIZED (
      SELECT * FROM (
        SELECT x.*,
          x.state = 'applied' AND x.status <> 'reconciled'
            OR x.state <> 'applied' AND x.movement_id IS NOT NULL
            OR x.state = 'applied' AND (x.counted_qty IS NULL OR x.basis_qty IS NULL) AS bad_state,
          x.basis_qty IS DISTINCT FROM COALESCE(x.expected_basis, x.basis_qty) AS bad_basis,
          x.movement_id IS NOT NULL AND x.m_id IS NULL
            OR x.state = 'applied' AND x.movement_id IS NULL AND x.counted_qty > x.basis_qty
            AS missing,
          array_remove(ARRAY[
            CASE WHEN (x.m_entity_type, x.m_entity_id) IS DISTINCT FROM (x.entity_type, x.entity_id)
              THEN 'entity' END,
            CASE WHEN x.m_stock_take_id IS DISTINCT FROM x.stock_take_id THEN 'stock_take_id' END,
            CASE WHEN x.m_site_id IS DISTINCT FROM x.site_id THEN 'site_id' END,
            CASE WHEN x.source IS DISTINCT FROM 'stock_take' THEN 'source' END,
            CASE WHEN x.quantity_after IS DISTINCT FROM x.expected_after THEN 'quantity_after' END,
            CASE WHEN x.quantity_after = x.quantity_before THEN 'change' END
          ], NULL) AS fields
        FROM lines AS x
      ) AS y
      WHERE bad_state OR bad_basis OR missing OR m_id IS NOT NULL AND cardinality(fields) > 0
    ), orphans AS MATERIALIZED (
      -- Lines of a stock take their account does not have (no foreign key holds them: see
      -- migration 20261206000000_stock_take_line_keys), one problem per such stock take.
      SELECT l.account_id, l.stock_take_id, count(*) AS lines,
        (array_agg(l.id ORDER BY l.id))[1] AS line_id,
        (array_agg(l.entity_type::text ORDER BY l.id))[1] AS entity_type,
        (array_agg(COALESCE(l.sku_id, l.supplier_item_id) ORDER BY l.id))[1] AS entity_id
      FROM stock_take_lines AS l
      WHERE NOT EXISTS (SELECT 1 FROM stock_takes AS t
        WHERE t.account_id = l.account_id AND t.id = l.stock_take_id) ${scoped("l")}
      GROUP BY l.account_id, l.stock_take_id
    )`;
  const head = (kind: string) => Prisma.sql`'kind', ${kind}::text, 'account_id', account_id,
    'entity', ${entityJson(Prisma.sql`entity_type`, Prisma.sql`entity_id`)},
    'stock_take_id', stock_take_id`;
  const counts = Prisma.sql`'counted_qty', ${qty(Prisma.sql`counted_qty`)},
    'basis_qty', ${qty(Prisma.sql`basis_qty`)}`;
  const problems = Prisma.sql`
    SELECT account_id, 'stock_take_missing' AS kind, stock_take_id AS a, line_id AS b,
      json_build_object(${head("stock_take_missing")}, 'line_id', line_id, 'lines', lines) AS problem
    FROM orphans
    UNION ALL
    SELECT account_id, 'stock_take_line_state', stock_take_id, line_id,
      json_build_object(${head("stock_take_line_state")}, 'status', status, 'state', state,
        'movement_id', movement_id, ${counts}) AS problem
    FROM found WHERE bad_state
    UNION ALL
    SELECT account_id, 'stock_take_line_basis', stock_take_id, line_id,
      json_build_object(${head("stock_take_line_basis")}, 'basis', basis,
        'expected_basis', ${qty(Prisma.sql`expected_basis`)},
        'found_basis', ${qty(Prisma.sql`basis_qty`)})
    FROM found WHERE bad_basis
    UNION ALL
    SELECT account_id, 'stock_take_line_movement_missing', stock_take_id, line_id,
      json_build_object(${head("stock_take_line_movement_missing")}, 'movement_id', movement_id,
        ${counts})
    FROM found WHERE missing
    UNION ALL
    SELECT account_id, 'stock_take_line_mismatch', stock_take_id, line_id,
      json_build_object(${head("stock_take_line_mismatch")}, 'movement_id', m_id,
        'fields', fields, ${counts}, 'quantity_before', ${qty(Prisma.sql`quantity_before`)},
        'expected_after', ${qty(Prisma.sql`expected_after`)},
        'found_after', ${qty(Prisma.sql`quantity_after`)})
    FROM found WHERE m_id IS NOT NULL AND cardinality(fields) > 0`;
  return listProblems(tx, ctes, problems, limit);
}
