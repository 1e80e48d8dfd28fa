// Adjustment lines and stock take lines against the movements they name, both ways: each
// adjustment line's movement exists and agrees with it, and each movement of an adjustment or a
// stock take is named by a line of it. Joining millions of lines to millions of movements row by
// row is the costliest thing a verifier could do, so fingerprints are compared first: per
// account and range of movement ids, how many movements there are and a sum of hashes of their
// rows, against the same of the lines naming them; one pass over each table into a small
// aggregate. Only the ranges whose fingerprints differ (none, on a sound ledger) are compared row
// by row, which says exactly what is wrong.
import { Prisma, type Tx } from "../../db/client.js";
import { bigintArray, intArray } from "../../db/sql.js";
import { entityJson, listProblems, qty, type Listing, type Scope } from "./verify.sql.js";

/** A range of movement ids of an account (id >> RANGE_BITS); null: lines naming no movement. */
export type Range = [accountId: number, range: number | null];

/** Movement ids per range: a range compared row by row is at most this many movements. */
const RANGE_BITS = 16;

/** Movements that belong to an adjustment or a stock take, or say they do. */
const claimed = (alias: string) => {
  const m = Prisma.raw(alias);
  return Prisma.sql`(${m}.adjustment_id IS NOT NULL OR ${m}.stock_take_id IS NOT NULL
    OR ${m}.source IN ('adjustment', 'stock_take'))`;
};

/**
 * What a movement and the line naming it must agree on, hashed: the movement, its entity (a
 * supplier item's id negated), its adjustment, its stock take, its source and, for an adjustment,
 * its quantities and its site (each hash seeds the next; cheaper than hashing a row). A stock take line's
 * quantities are compared with its movement's by checkStockTakeLines (they depend on the
 * movement's own quantity_before), so a stock take's movement hashes without them. A line hashes
 * what its movement must be, so a movement with another source or owner, or two owners, differs.
 */
const fingerprint = (
  id: Prisma.Sql,
  entity: Prisma.Sql,
  adjustment: Prisma.Sql,
  stockTake: Prisma.Sql,
  source: Prisma.Sql,
  quantities: Prisma.Sql,
  site: Prisma.Sql,
) => Prisma.sql`sum(hashint8extended(${id}, hashint4extended(${entity},
  hashint4extended(COALESCE(${adjustment}, 0), hashint4extended(COALESCE(${stockTake}, 0),
  hashint4extended(${source}, hashint4extended(${site}, ${quantities})))))))`;
const bothQuantities = (before: string, after: string) =>
  Prisma.sql`hash_numeric_extended(${Prisma.raw(before)}, hash_numeric_extended(${Prisma.raw(after)}, 0))`;
const ADJUSTMENT = Prisma.sql`1`;
const STOCK_TAKE = Prisma.sql`2`;
const movementHash = fingerprint(
  Prisma.sql`m.id`,
  Prisma.sql`COALESCE(m.sku_id, -m.supplier_item_id)`,
  Prisma.sql`m.adjustment_id`,
  Prisma.sql`m.stock_take_id`,
  Prisma.sql`CASE m.source WHEN 'adjustment' THEN ${ADJUSTMENT} WHEN 'stock_take' THEN ${STOCK_TAKE}
    ELSE 0 END`,
  Prisma.sql`CASE WHEN m.source = 'stock_take' THEN 0
    ELSE ${bothQuantities("m.quantity_before", "m.quantity_after")} END`,
  // A stock take's movement is at its stock take's site: checkStockTakeLines holds it to it.
  Prisma.sql`CASE WHEN m.source = 'stock_take' THEN 0 ELSE m.site_id END`,
);
/** An adjustment line's site: its own, or (a line recorded without one) its adjustment's. */
const lineSite = Prisma.sql`COALESCE(l.site_id, a.site_id)`;
/** An adjustment line's adjustment, for its site. */
const lineAdjustment = Prisma.sql`JOIN stock_adjustments AS a
  ON a.account_id = l.account_id AND a.id = l.adjustment_id`;
const adjustmentLineHash = fingerprint(
  Prisma.sql`l.movement_id`,
  Prisma.sql`COALESCE(l.sku_id, -l.supplier_item_id)`,
  Prisma.sql`l.adjustment_id`,
  Prisma.sql`NULL`,
  ADJUSTMENT,
  bothQuantities("l.previous_qty", "l.new_qty"),
  lineSite,
);
const stockTakeLineHash = fingerprint(
  Prisma.sql`l.movement_id`,
  Prisma.sql`COALESCE(l.sku_id, -l.supplier_item_id)`,
  Prisma.sql`NULL`,
  Prisma.sql`l.stock_take_id`,
  STOCK_TAKE,
  Prisma.sql`0`,
  Prisma.sql`0`,
);

/** An adjustment line that does not add up on its own (whatever its movement says). */
const badLine = Prisma.sql`((l.status = 'changed') <> (l.movement_id IS NOT NULL)
  OR l.change <> l.new_qty - l.previous_qty
  OR l.status = 'unchanged' AND l.new_qty <> l.previous_qty)`;

/**
 * The ranges whose movements and lines differ, and the number of adjustment lines. Adjustment
 * lines without a movement are one range per account (null), flagged when one does not add up.
 */
export async function fingerprints(
  tx: Tx,
  scoped: Scope,
): Promise<{ flagged: Range[]; adjustmentLines: bigint }> {
  const [row] = await tx.$queryRaw<{ flagged: Range[]; adjustment_lines: bigint }[]>`
    WITH moved AS (
      SELECT m.account_id, m.id >> ${RANGE_BITS} AS range, count(*) AS n,
        ${movementHash} AS fp
      FROM stock_movements AS m WHERE ${claimed("m")} ${scoped("m")}
      GROUP BY 1, 2
    ), named AS (
      SELECT l.account_id, l.movement_id >> ${RANGE_BITS} AS range, count(l.movement_id) AS n,
        ${adjustmentLineHash} FILTER (WHERE l.movement_id IS NOT NULL) AS fp,
        count(*) FILTER (WHERE ${badLine}) AS bad, count(*) AS lines
      FROM stock_adjustment_lines AS l ${lineAdjustment} WHERE true ${scoped("l")}
      GROUP BY 1, 2
      UNION ALL
      SELECT l.account_id, l.movement_id >> ${RANGE_BITS}, count(*), ${stockTakeLineHash},
        0, 0
      FROM stock_take_lines AS l WHERE l.movement_id IS NOT NULL ${scoped("l")}
      GROUP BY 1, 2
    ), listed AS MATERIALIZED (
      SELECT account_id, range, sum(n) AS n, sum(fp) AS fp, sum(bad) AS bad, sum(lines) AS lines
      FROM named GROUP BY 1, 2
    )
    SELECT (SELECT COALESCE(sum(lines), 0) FROM listed)::bigint AS adjustment_lines,
      (SELECT COALESCE(json_agg(json_build_array(account_id, range) ORDER BY account_id, range),
          '[]'::json)
        FROM (
          SELECT COALESCE(m.account_id, l.account_id) AS account_id,
            COALESCE(m.range, l.range) AS range
          FROM moved AS m
          FULL JOIN listed AS l ON l.account_id = m.account_id AND l.range = m.range
          WHERE COALESCE(m.n, 0) <> COALESCE(l.n, 0) OR COALESCE(m.fp, 0) <> COALESCE(l.fp, 0)
            OR l.bad > 0
        ) AS f) AS flagged`;
  if (!row) throw new Error("verify: the fingerprints answered no row");
  return { flagged: row.flagged, adjustmentLines: row.adjustment_lines };
}

/**
 * Compares the lines and movements of the flagged ranges row by row. Reports each adjustment
 * line whose movement is missing or disagrees with it (`fields` says how), each adjustment line
 * that does not add up, and each movement of an adjustment or a stock take that no line of it
 * names. A stock take line's own problems are checkStockTakeLines' to report.
 */
export function compareRows(tx: Tx, flagged: Range[], limit: number): Promise<Listing> {
  const accounts = intArray(flagged.map(([account]) => account));
  const ranges = bigintArray(flagged.map(([, range]) => range));
  // Two hashed lookups in the flagged ranges, so a line costs the same however many there are.
  const inRange = (alias: string) => {
    const t = Prisma.raw(alias);
    return Prisma.sql`((${t}.account_id, ${t}.movement_id >> ${RANGE_BITS}) IN (
        SELECT account_id, range FROM flagged WHERE range IS NOT NULL)
      OR ${t}.movement_id IS NULL
        AND ${t}.account_id IN (SELECT account_id FROM flagged WHERE range IS NULL))`;
  };
  const ctes = Prisma.sql`flagged AS MATERIALIZED (
      SELECT * FROM unnest(${accounts}, ${ranges}) AS f(account_id, range)
    ), lines AS (
      SELECT l.account_id, 'adjustment' AS owner, l.adjustment_id AS owner_id,
        l.line_no::bigint AS line, l.entity_type::text AS entity_type,
        COALESCE(l.sku_id, l.supplier_item_id) AS entity_id, l.movement_id,
        l.status = 'changed' AS applied, l.previous_qty, l.new_qty, l.change,
        ${lineSite} AS site_id
      FROM stock_adjustment_lines AS l ${lineAdjustment} WHERE ${inRange("l")}
      UNION ALL
      SELECT l.account_id, 'stock_take', l.stock_take_id, l.id, l.entity_type::text,
        COALESCE(l.sku_id, l.supplier_item_id), l.movement_id, l.state = 'applied', NULL, NULL,
        NULL, NULL
      FROM stock_take_lines AS l WHERE l.movement_id IS NOT NULL AND ${inRange("l")}
    ), movements AS (
      -- Each flagged range as an index range scan of the movements' key.
      SELECT m.account_id, m.id, m.entity_type::text AS entity_type,
        COALESCE(m.sku_id, m.supplier_item_id) AS entity_id, m.quantity_before,
        m.quantity_after, m.source::text AS source, m.adjustment_id, m.stock_take_id,
        m.site_id AS m_site_id
      FROM flagged AS f
      JOIN stock_movements AS m ON m.account_id = f.account_id
        AND m.id >= f.range << ${RANGE_BITS} AND m.id < (f.range + 1) << ${RANGE_BITS}
      WHERE ${claimed("m")}
    ), found AS MATERIALIZED (
      SELECT p.*, CASE
          WHEN p.owner IS NULL THEN 'unlisted'
          WHEN p.m_id IS NULL AND (p.movement_id IS NOT NULL OR p.applied) THEN 'missing'
          ELSE 'mismatch' END AS verdict,
        array_remove(CASE WHEN p.m_id IS NULL THEN ARRAY[
          CASE WHEN p.new_qty <> p.previous_qty THEN 'new_qty' END,
          CASE WHEN p.change <> p.new_qty - p.previous_qty THEN 'change' END
        ] ELSE ARRAY[
          CASE WHEN (p.m_entity_type, p.m_entity_id) IS DISTINCT FROM (p.entity_type, p.entity_id)
            THEN 'entity' END,
          CASE WHEN p.adjustment_id IS DISTINCT FROM p.owner_id THEN 'adjustment_id' END,
          CASE WHEN p.stock_take_id IS NOT NULL THEN 'stock_take_id' END,
          CASE WHEN p.source IS DISTINCT FROM p.owner THEN 'source' END,
          CASE WHEN p.quantity_before IS DISTINCT FROM p.previous_qty THEN 'quantity_before' END,
          CASE WHEN p.quantity_after IS DISTINCT FROM p.new_qty THEN 'quantity_after' END,
          CASE WHEN p.change <> p.new_qty - p.previous_qty THEN 'change' END,
          CASE WHEN NOT p.applied THEN 'status' END,
          CASE WHEN p.m_site_id IS DISTINCT FROM p.site_id THEN 'site_id' END
        ] END, NULL) AS fields
      FROM (
        SELECT COALESCE(l.account_id, m.account_id) AS account_id, l.owner, l.owner_id, l.line,
          l.entity_type, l.entity_id, l.movement_id, l.applied, l.previous_qty, l.new_qty,
          l.change, l.site_id, m.id AS m_id, m.entity_type AS m_entity_type,
          m.entity_id AS m_entity_id, m.quantity_before, m.quantity_after, m.source,
          m.adjustment_id, m.stock_take_id, m.m_site_id
        FROM lines AS l
        FULL JOIN movements AS m ON m.account_id = l.account_id AND m.id = l.movement_id
      ) AS p
      WHERE p.owner IS DISTINCT FROM 'stock_take'
    )`;
  const entity = entityJson(Prisma.sql`entity_type`, Prisma.sql`entity_id`);
  const kind = Prisma.sql`CASE verdict WHEN 'missing' THEN 'adjustment_line_movement_missing'
    ELSE 'adjustment_line_mismatch' END`;
  const problems = Prisma.sql`
    SELECT account_id, ${kind} AS kind, owner_id AS a, line AS b, json_build_object(
        'kind', ${kind}, 'account_id', account_id, 'entity', ${entity},
        'adjustment_id', owner_id, 'line_no', line, 'movement_id', movement_id,
        'fields', fields, 'expected_after', ${qty(Prisma.sql`new_qty`)},
        'found_after', ${qty(Prisma.sql`quantity_after`)}) AS problem
    FROM found
    WHERE owner = 'adjustment' AND (verdict = 'missing' OR cardinality(fields) > 0)
    UNION ALL
    SELECT account_id, kind, COALESCE(stock_take_id, adjustment_id, 0), m_id, json_build_object(
        'kind', kind, 'account_id', account_id,
        'entity', ${entityJson(Prisma.sql`m_entity_type`, Prisma.sql`m_entity_id`)},
        'movement_id', m_id, 'source', source, 'adjustment_id', adjustment_id,
        'stock_take_id', stock_take_id)
    FROM (SELECT *, CASE WHEN source = 'stock_take' OR stock_take_id IS NOT NULL
        THEN 'stock_take_movement_unlisted' ELSE 'adjustment_movement_unlisted' END AS kind
      FROM found WHERE owner IS NULL) AS u`;
  return listProblems(tx, ctes, problems, limit);
}
