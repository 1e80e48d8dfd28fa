// The movement chains and on hand quantities, in one statement: one pass over the movements in
// (account, entity, site, id) order, keeping only the last movement of each entity at each site
// and the breaks, then those last movements beside the stock levels, and both beside the SKUs
// and supplier items they name.
import { Prisma, type Tx } from "../../db/client.js";
import { entityJson, listProblems, qty, type Listing, type Scope } from "./verify.sql.js";

/**
 * Stock is kept per site, and each chain is an entity's at one site: per (entity, site),
 * movements ordered by id start where the one before ended (the first at 0: an entity holds 0
 * at a site until its first movement there, an opening balance being one), each change is
 * after − before, and the last ends at the entity's stock level there. Every level is checked,
 * and every (entity, site) with movements: a missing level reads as 0, and so does a level's
 * chain without movements. A linked supplier item is no exception: linking moved its stock to 0
 * by a movement at each site where it had any, and a level of it holds 0 while linked (its
 * stock is its SKU's). A movement naming an entity its account does not have is a break too.
 * Answers the number of movements walked besides the problems.
 */
export function checkChains(
  tx: Tx,
  scoped: Scope,
  limit: number,
): Promise<Listing & { movements: bigint }> {
  // A window over (account, entity, site) ordered by id: the planner reads the entity indexes in
  // order and sorts each entity's few movements by site and id, or sorts them all; either way
  // one pass.
  const ctes = Prisma.sql`walked AS MATERIALIZED (
      SELECT * FROM (
        SELECT m.account_id, m.entity_type::text AS entity_type,
          COALESCE(m.sku_id, m.supplier_item_id) AS entity_id, m.site_id, m.id,
          m.quantity_before, m.quantity_after, m.change, lag(m.id) OVER w AS previous_id,
          lag(m.quantity_after) OVER w AS previous_after, lead(m.id) OVER w IS NULL AS last,
          row_number() OVER w AS position
        FROM stock_movements AS m
        WHERE true ${scoped("m")}
        WINDOW w AS (PARTITION BY m.account_id, m.sku_id, m.supplier_item_id, m.site_id
          ORDER BY m.id)
      ) AS x
      WHERE last OR quantity_before <> COALESCE(previous_after, 0)
        OR change <> quantity_after - quantity_before
    ), levels AS (
      SELECT l.account_id, 'sku' AS entity_type, l.sku_id AS entity_id, l.site_id, l.on_hand
      FROM sku_stock AS l WHERE true ${scoped("l")}
      UNION ALL
      SELECT l.account_id, 'supplier_item', l.supplier_item_id, l.site_id, l.on_hand
      FROM supplier_item_stock AS l WHERE true ${scoped("l")}
    ), entities AS (
      SELECT s.account_id, 'sku' AS entity_type, s.id AS entity_id, NULL::int AS linked_sku_id
      FROM skus AS s WHERE true ${scoped("s")}
      UNION ALL
      SELECT i.account_id, 'supplier_item', i.id, i.sku_id
      FROM supplier_items AS i WHERE true ${scoped("i")}
    ), ends AS (
      SELECT x.*, e.entity_id IS NOT NULL AS known, e.linked_sku_id
      FROM (
        SELECT COALESCE(l.account_id, w.account_id) AS account_id,
          COALESCE(l.entity_type, w.entity_type) AS entity_type,
          COALESCE(l.entity_id, w.entity_id) AS entity_id,
          COALESCE(l.site_id, w.site_id) AS site_id, l.on_hand, w.id AS last_id,
          w.quantity_after, w.position
        FROM (SELECT * FROM walked WHERE last) AS w
        FULL JOIN levels AS l ON l.account_id = w.account_id AND l.entity_type = w.entity_type
          AND l.entity_id = w.entity_id AND l.site_id = w.site_id
      ) AS x
      LEFT JOIN entities AS e ON e.account_id = x.account_id AND e.entity_type = x.entity_type
        AND e.entity_id = x.entity_id
    )`;
  const entity = entityJson(Prisma.sql`entity_type`, Prisma.sql`entity_id`);
  // An entity's problems by entity (SKUs first), then site: its type and id in one key.
  const entityKey = Prisma.sql`((entity_type <> 'sku')::int::bigint << 32) + entity_id`;
  const problems = Prisma.sql`
    SELECT account_id, 'chain_break' AS kind, id AS a, 0 AS b, json_build_object(
        'kind', 'chain_break', 'account_id', account_id, 'entity', ${entity}, 'site_id', site_id,
        'movement_id', id, 'previous_movement_id', previous_id,
        'expected_before', ${qty(Prisma.sql`COALESCE(previous_after, 0)`)},
        'found_before', ${qty(Prisma.sql`quantity_before`)}) AS problem
    FROM walked WHERE quantity_before <> COALESCE(previous_after, 0)
    UNION ALL
    SELECT account_id, 'change_mismatch', id, 0, json_build_object(
        'kind', 'change_mismatch', 'account_id', account_id, 'entity', ${entity},
        'site_id', site_id, 'movement_id', id,
        'quantity_before', ${qty(Prisma.sql`quantity_before`)},
        'quantity_after', ${qty(Prisma.sql`quantity_after`)}, 'change', ${qty(Prisma.sql`change`)})
    FROM walked WHERE change <> quantity_after - quantity_before
    UNION ALL
    SELECT account_id, 'on_hand_mismatch', ${entityKey}, site_id, json_build_object(
        'kind', 'on_hand_mismatch', 'account_id', account_id, 'entity', ${entity},
        'site_id', site_id, 'last_movement_id', last_id,
        'expected_on_hand', ${qty(Prisma.sql`COALESCE(quantity_after, 0)`)},
        'found_on_hand', ${qty(Prisma.sql`COALESCE(on_hand, 0)`)})
    FROM ends
    WHERE (known OR last_id IS NULL) AND COALESCE(on_hand, 0) <> COALESCE(quantity_after, 0)
    UNION ALL
    SELECT account_id, 'linked_item_stock', ${entityKey}, site_id, json_build_object(
        'kind', 'linked_item_stock', 'account_id', account_id, 'entity', ${entity},
        'site_id', site_id, 'sku_id', linked_sku_id, 'found_on_hand', ${qty(Prisma.sql`on_hand`)})
    FROM ends WHERE linked_sku_id IS NOT NULL AND on_hand <> 0
    UNION ALL
    SELECT account_id, 'movement_entity_missing', ${entityKey}, site_id, json_build_object(
        'kind', 'movement_entity_missing', 'account_id', account_id, 'entity', ${entity},
        'site_id', site_id, 'movements', position, 'last_movement_id', last_id)
    FROM ends WHERE NOT known AND last_id IS NOT NULL`;
  return listProblems(
    tx,
    ctes,
    problems,
    limit,
    Prisma.sql`, (SELECT COALESCE(sum(position), 0) FROM walked WHERE last)::bigint AS movements`,
  );
}
