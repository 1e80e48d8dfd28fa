// The movement chains and on hand quantities, in one statement: one pass over the movements in
// (account, entity, id) order, keeping only each entity's last movement and the breaks, then the
// last movements beside the SKUs and supplier items.
import { Prisma, type Tx } from "../../db/client.js";
import { entityJson, listProblems, qty, type Listing, type Scope } from "./verify.sql.js";

/**
 * Per entity, movements ordered by id start where the one before ended (the first at 0: an
 * entity is created at 0 and an opening balance is its first movement), each change is
 * after − before, and the last ends at on hand; an entity without movements holds 0. A linked
 * supplier item is no exception: linking moved its stock to 0 by a movement (or it had none),
 * and it holds 0 while linked. A movement naming an entity its account does not have is a break
 * too. Answers the number of movements walked besides the problems.
 */
export function checkChains(
  tx: Tx,
  scoped: Scope,
  limit: number,
): Promise<Listing & { movements: bigint }> {
  // A window over (account, entity) ordered by id: the planner reads the entity indexes in order
  // and sorts each entity's few movements by id, or sorts them all; either way one pass.
  const ctes = Prisma.sql`walked AS MATERIALIZED (
      SELECT * FROM (
        SELECT m.account_id, m.entity_type::text AS entity_type,
          COALESCE(m.sku_id, m.supplier_item_id) AS entity_id, m.id, m.quantity_before,
          m.quantity_after, m.change, lag(m.id) OVER w AS previous_id,
          lag(m.quantity_after) OVER w AS previous_after, lead(m.id) OVER w IS NULL AS last,
          row_number() OVER w AS position
        FROM stock_movements AS m
        WHERE true ${scoped("m")}
        WINDOW w AS (PARTITION BY m.account_id, m.sku_id, m.supplier_item_id ORDER BY m.id)
      ) AS x
      WHERE last OR quantity_before <> COALESCE(previous_after, 0)
        OR change <> quantity_after - quantity_before
    ), entities AS (
      SELECT s.account_id, 'sku' AS entity_type, s.id AS entity_id, s.on_hand
      FROM skus AS s WHERE true ${scoped("s")}
      UNION ALL
      SELECT i.account_id, 'supplier_item', i.id, i.on_hand
      FROM supplier_items AS i WHERE true ${scoped("i")}
    ), ends AS (
      SELECT COALESCE(e.account_id, w.account_id) AS account_id,
        COALESCE(e.entity_type, w.entity_type) AS entity_type,
        COALESCE(e.entity_id, w.entity_id) AS entity_id, e.entity_id IS NOT NULL AS known,
        e.on_hand, w.id AS last_id, w.quantity_after, w.position
      FROM (SELECT * FROM walked WHERE last) AS w
      FULL JOIN entities AS e ON e.account_id = w.account_id AND e.entity_type = w.entity_type
        AND e.entity_id = w.entity_id
    )`;
  const entity = entityJson(Prisma.sql`entity_type`, Prisma.sql`entity_id`);
  const problems = Prisma.sql`
    SELECT account_id, 'chain_break' AS kind, id AS a, 0 AS b, json_build_object(
        'kind', 'chain_break', 'account_id', account_id, 'entity', ${entity}, 'movement_id', id,
        'previous_movement_id', previous_id,
        'expected_before', ${qty(Prisma.sql`COALESCE(previous_after, 0)`)},
        'found_before', ${qty(Prisma.sql`quantity_before`)}) AS problem
    FROM walked WHERE quantity_before <> COALESCE(previous_after, 0)
    UNION ALL
    SELECT account_id, 'change_mismatch', id, 0, json_build_object(
        'kind', 'change_mismatch', 'account_id', account_id, 'entity', ${entity}, 'movement_id', id,
        'quantity_before', ${qty(Prisma.sql`quantity_before`)},
        'quantity_after', ${qty(Prisma.sql`quantity_after`)}, 'change', ${qty(Prisma.sql`change`)})
    FROM walked WHERE change <> quantity_after - quantity_before
    UNION ALL
    SELECT account_id, 'on_hand_mismatch', (entity_type <> 'sku')::int, entity_id,
      json_build_object(
        'kind', 'on_hand_mismatch', 'account_id', account_id, 'entity', ${entity},
        'last_movement_id', last_id,
        'expected_on_hand', ${qty(Prisma.sql`COALESCE(quantity_after, 0)`)},
        'found_on_hand', ${qty(Prisma.sql`on_hand`)})
    FROM ends WHERE known AND on_hand <> COALESCE(quantity_after, 0)
    UNION ALL
    SELECT account_id, 'movement_entity_missing', (entity_type <> 'sku')::int, entity_id,
      json_build_object(
        'kind', 'movement_entity_missing', 'account_id', account_id, 'entity', ${entity},
        'movements', position, 'last_movement_id', last_id)
    FROM ends WHERE NOT known`;
  return listProblems(
    tx,
    ctes,
    problems,
    limit,
    Prisma.sql`, (SELECT COALESCE(sum(position), 0) FROM walked WHERE last)::bigint AS movements`,
  );
}
