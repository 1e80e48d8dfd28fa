// The movement history's statements: one page of rows as the service maps them, or the same
// page as the REST body's JSON, made by PostgreSQL (a large page mapped row by row in Node holds
// the server's thread in one piece; the JSON costs it a string).
import { Prisma } from "../../db/client.js";

/** A movement's columns under the names of the model's fields. */
const COLUMNS = Prisma.sql`m.account_id AS "accountId", m.id, m.occurred_at AS "occurredAt",
  m.entity_type AS "entityType", m.sku_id AS "skuId", m.supplier_item_id AS "supplierItemId",
  m.quantity_before AS "quantityBefore", m.quantity_after AS "quantityAfter", m.change,
  m.reason, m.note, m.reference, m.source, m.adjustment_id AS "adjustmentId",
  m.stock_take_id AS "stockTakeId", m.site_id AS "siteId", m.transfer_id AS "transferId",
  m.actor_name AS "actorName",
  m.actor_token_id AS "actorTokenId"`;

/**
 * A movement's money (DESIGN §9), for a caller that sees it (`money`: its account, else null):
 * the unit cost, and the value as the currency writes it (its minor digits, as text). The
 * account's row is read once per statement, and only for a row with a value.
 */
const moneyColumns = (money: number | null, alias: string, json: boolean) =>
  money === null
    ? Prisma.empty
    : Prisma.sql`, ${json ? Prisma.sql`trim_scale(${Prisma.raw(alias)}.unit_cost)` : Prisma.raw(`${alias}.unit_cost`)} AS ${Prisma.raw(json ? "unit_cost" : '"unitCost"')},
      ${moneyText(Prisma.raw(`${alias}.value_change`), money)} AS ${Prisma.raw(json ? "value_change" : '"valueChange"')}`;

/** SQL for an amount of the account as text with its currency's minor digits (null stays null). */
export const moneyText = (amount: Prisma.Sql, accountId: number) => Prisma.sql`CASE
    WHEN ${amount} IS NOT NULL THEN round(${amount},
      (SELECT currency_minor_units FROM accounts WHERE id = ${accountId}))::text END`;

const orderBy = (order: "asc" | "desc", alias: string) =>
  order === "desc"
    ? Prisma.raw(`${alias}.occurred_at DESC, ${alias}.id DESC`)
    : Prisma.raw(`${alias}.occurred_at, ${alias}.id`);

/** The first `n` movements meeting every condition, in the page's order. */
export const movementRows = (
  where: Prisma.Sql[],
  order: "asc" | "desc",
  n: number,
  money: number | null,
) => Prisma.sql`
  SELECT ${COLUMNS} ${moneyColumns(money, "m", false)} FROM stock_movements m
  WHERE ${Prisma.join(where, " AND ")}
  ORDER BY ${orderBy(order, "m")} LIMIT ${n}`;

/** One part of a page as its REST body holds it. */
export interface JsonPart {
  /** The first `keep` movements as the REST body's JSON array (what toRest makes of them). */
  json: string;
  /** How many movements the part read (up to `n`, so more than `keep` says there are more). */
  rows: number;
  /** The last kept movement's position, for the next cursor; null when none was kept. */
  lastAt: Date | null;
  lastId: bigint | null;
}

/**
 * The first `n` movements meeting every condition, in the page's order, the first `keep` of them
 * as a JSON array of REST movements: snake_case keys, quantities as plain JSON numbers (no
 * trailing zeros), instants as RFC 3339 in UTC with milliseconds, as toRest writes them.
 */
export const movementJson = (
  where: Prisma.Sql[],
  order: "asc" | "desc",
  n: number,
  keep: number,
  money: number | null,
) => Prisma.sql`
  SELECT COALESCE('[' || string_agg(row_to_json(r)::text, ',' ORDER BY p.n)
      FILTER (WHERE p.n <= ${keep}) || ']', '[]') AS json,
    count(*)::int AS rows,
    (array_agg(p.occurred_at ORDER BY p.n DESC) FILTER (WHERE p.n <= ${keep}))[1] AS "lastAt",
    (array_agg(p.id ORDER BY p.n DESC) FILTER (WHERE p.n <= ${keep}))[1] AS "lastId"
  FROM (
    SELECT m.*, row_number() OVER (ORDER BY ${orderBy(order, "m")}) AS n
    FROM (
      SELECT * FROM stock_movements m
      WHERE ${Prisma.join(where, " AND ")}
      ORDER BY ${orderBy(order, "m")} LIMIT ${n}
    ) m
  ) p
  -- row_to_json writes compact JSON, as every other answer is written (json_build_object and
  -- json_agg add spaces).
  CROSS JOIN LATERAL (
    SELECT p.id,
      to_char(p.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS occurred_at,
      p.entity_type, p.sku_id, p.supplier_item_id,
      trim_scale(p.quantity_before) AS quantity_before,
      trim_scale(p.quantity_after) AS quantity_after, trim_scale(p.change) AS change,
      p.reason, p.note, p.reference, p.source, p.adjustment_id, p.stock_take_id, p.site_id,
      p.transfer_id, (SELECT row_to_json(a) FROM (SELECT p.actor_name AS name, p.actor_token_id AS token_id) a)
        AS actor ${moneyColumns(money, "p", true)}
  ) r`;

/**
 * The newest movements within `bound` of each owner (by SKU or by supplier item, the other
 * null), at most its entry of `takes`, newest first, each row with its owner's ordinal `n`.
 */
export const pagesOfMovements = (
  accountId: number,
  skuIds: (number | null)[],
  itemIds: (number | null)[],
  takes: number[],
  bound: Prisma.Sql,
  money: number | null,
) => Prisma.sql`
  SELECT o.n::int AS n, ${COLUMNS} ${moneyColumns(money, "m", false)}
  FROM unnest(${skuIds}::int[], ${itemIds}::int[], ${takes}::int[])
    WITH ORDINALITY AS o(sku_id, item_id, take, n)
  CROSS JOIN LATERAL (
    (SELECT * FROM stock_movements m
      WHERE m.account_id = ${accountId} AND m.sku_id = o.sku_id AND ${bound}
      ORDER BY m.occurred_at DESC, m.id DESC LIMIT o.take)
    UNION ALL
    (SELECT * FROM stock_movements m
      WHERE m.account_id = ${accountId} AND m.supplier_item_id = o.item_id AND ${bound}
      ORDER BY m.occurred_at DESC, m.id DESC LIMIT o.take)
  ) m
  WHERE o.take > 0
  ORDER BY o.n, m.occurred_at DESC, m.id DESC`;

/** Two JSON arrays' texts as one. */
export const concatJsonArrays = (a: string, b: string): string =>
  a === "[]" ? b : b === "[]" ? a : `${a.slice(0, -1)},${b.slice(1)}`;
