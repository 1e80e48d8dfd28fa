// The valuation's statements: the stock held per site and item at an instant, from a base (the
// levels now, a monthly snapshot, or nothing) and the movements between the base and the instant;
// valued at the cost each item had then; totalled per site, or listed a page at a time.
import { Prisma, type PrismaClient, type Tx } from "../../db/client.js";
import type { EntityType } from "../../generated/prisma/enums.js";

/**
 * Where the stock at the instant is worked out from: the levels now less the movements since
 * (`levels`), a snapshot at `at` plus the movements from it (or less those up to it), or nothing
 * plus every movement before (`none`, an account without snapshots yet).
 */
export type ValuationBase = { kind: "levels" } | { kind: "snapshot"; at: Date } | { kind: "none" };

/** What a valuation reads. */
export interface ValuationScope {
  accountId: number;
  /** The sites read (one, or those a token may use); absent: every site. */
  sites?: readonly number[] | null;
  /** The stock of this instant is what the movements before it add up to; null: now. */
  until: Date | null;
  base: ValuationBase;
  /** The currency's minor units, which each item's value is rounded to. */
  digits: number;
}

/** A page's start: after this item of this site (items in type, then id order). */
export interface ValuationKey {
  siteId: number;
  type: EntityType;
  id: number;
}

/** Movements between the base and the instant, added (from a base before it) or taken away. */
function movedSince(q: ValuationScope): { from?: Date; to?: Date; sign: 1 | -1 } | null {
  if (q.until === null) return null;
  if (q.base.kind === "levels") return { from: q.until, sign: -1 };
  if (q.base.kind === "none") return { to: q.until, sign: 1 };
  return q.base.at <= q.until
    ? { from: q.base.at, to: q.until, sign: 1 }
    : { from: q.until, to: q.base.at, sign: -1 };
}

const sitesIn = (q: ValuationScope, column: string) =>
  q.sites ? Prisma.sql`AND ${Prisma.raw(column)} = ANY(${[...q.sites]}::int[])` : Prisma.empty;

/** Conditions keeping the rows of one site after `after` (a page's start), per kind of row. */
function pageOf(after: ValuationKey | undefined) {
  if (!after) return { sku: Prisma.empty, item: Prisma.empty, any: () => Prisma.empty };
  const site = Prisma.sql`AND site_id = ${after.siteId}`;
  return {
    sku:
      after.type === "sku" ? Prisma.sql`${site} AND sku_id > ${after.id}` : Prisma.sql`AND false`,
    item: after.type === "sku" ? site : Prisma.sql`${site} AND supplier_item_id > ${after.id}`,
    any: (item: Prisma.Sql) =>
      Prisma.sql`${site} AND (entity_type, ${item}) > (${after.type}::entity_type, ${after.id})`,
  };
}

/** The rows of the base (site, type, item, quantity), before the movements. */
function baseRows(q: ValuationScope, after?: ValuationKey): Prisma.Sql {
  const page = pageOf(after);
  if (q.base.kind === "levels") {
    return Prisma.sql`
      SELECT site_id, 'sku'::entity_type AS entity_type, sku_id AS item_id, on_hand AS qty
      FROM sku_stock WHERE account_id = ${q.accountId} AND on_hand <> 0
        ${sitesIn(q, "site_id")} ${page.sku}
      UNION ALL
      SELECT site_id, 'supplier_item'::entity_type, supplier_item_id, on_hand
      FROM supplier_item_stock WHERE account_id = ${q.accountId} AND on_hand <> 0
        ${sitesIn(q, "site_id")} ${page.item}`;
  }
  if (q.base.kind === "snapshot") {
    return Prisma.sql`
      SELECT site_id, entity_type, item_id, on_hand AS qty
      FROM stock_snapshots WHERE account_id = ${q.accountId} AND taken_at = ${q.base.at}
        ${sitesIn(q, "site_id")} ${page.any(Prisma.sql`item_id`)}`;
  }
  return Prisma.sql`SELECT NULL::int, NULL::entity_type, NULL::int, NULL::numeric WHERE false`;
}

/**
 * The stock held per site and item at the instant (not 0), as the CTE `held`: the movements
 * between the base and the instant added up per item (the smaller set), then joined to the
 * base's rows (one per item), so the base is read once and never aggregated.
 */
function held(q: ValuationScope, after?: ValuationKey): Prisma.Sql {
  const moved = movedSince(q);
  const base = baseRows(q, after);
  if (!moved) {
    return Prisma.sql`held AS (
      SELECT * FROM (${base}) AS b (site_id, entity_type, item_id, qty) WHERE qty <> 0)`;
  }
  const item = Prisma.sql`COALESCE(sku_id, supplier_item_id)`;
  return Prisma.sql`moved AS (
      SELECT site_id, entity_type, ${item} AS item_id,
        sum(${moved.sign === 1 ? Prisma.sql`change` : Prisma.sql`-change`}) AS qty
      FROM stock_movements
      WHERE account_id = ${q.accountId}
        ${moved.from ? Prisma.sql`AND occurred_at >= ${moved.from}` : Prisma.empty}
        ${moved.to ? Prisma.sql`AND occurred_at < ${moved.to}` : Prisma.empty}
        ${sitesIn(q, "site_id")} ${pageOf(after).any(item)}
      GROUP BY site_id, entity_type, ${item}),
    held AS (
      SELECT COALESCE(b.site_id, m.site_id) AS site_id,
        COALESCE(b.entity_type, m.entity_type) AS entity_type,
        COALESCE(b.item_id, m.item_id) AS item_id,
        COALESCE(b.qty, 0) + COALESCE(m.qty, 0) AS qty
      FROM (${base}) AS b (site_id, entity_type, item_id, qty)
      FULL JOIN moved AS m ON m.site_id = b.site_id AND m.entity_type = b.entity_type
        AND m.item_id = b.item_id
      WHERE COALESCE(b.qty, 0) + COALESCE(m.qty, 0) <> 0)`;
}

/**
 * `held` with each item's code, name and unit cost at the instant (its cost now, unless it changed
 * since: then what it was before the first change since), as the CTE `valued`. The catalog's
 * costs are gathered first (the account's items, a few thousand rows beside a million held), so
 * each held row is looked up once.
 */
function valued(q: ValuationScope, after?: ValuationKey): Prisma.Sql {
  const costThen = q.until
    ? Prisma.sql`
      LEFT JOIN (
        SELECT DISTINCT ON (entity_type, COALESCE(sku_id, supplier_item_id)) entity_type,
          COALESCE(sku_id, supplier_item_id) AS item_id, cost_before
        FROM item_cost_changes WHERE account_id = ${q.accountId} AND changed_at >= ${q.until}
        ORDER BY entity_type, COALESCE(sku_id, supplier_item_id), changed_at, id
      ) AS c ON c.entity_type = i.entity_type AND c.item_id = i.item_id`
    : Prisma.empty;
  const cost = q.until
    ? Prisma.sql`CASE WHEN c.item_id IS NOT NULL THEN c.cost_before ELSE i.unit_cost END`
    : Prisma.sql`i.unit_cost`;
  return Prisma.sql`WITH ${held(q, after)},
    costs AS (
      SELECT i.entity_type, i.item_id, i.code, i.name, ${cost} AS unit_cost
      FROM (
        SELECT 'sku'::entity_type AS entity_type, id AS item_id, code::text, name, unit_cost
        FROM skus WHERE account_id = ${q.accountId}
        UNION ALL
        SELECT 'supplier_item'::entity_type, id, code::text, name, unit_cost
        FROM supplier_items WHERE account_id = ${q.accountId}
      ) AS i ${costThen}),
    valued AS (
      SELECT h.site_id, h.entity_type, h.item_id, h.qty, c.code, c.name, c.unit_cost
      FROM held h LEFT JOIN costs c ON c.entity_type = h.entity_type AND c.item_id = h.item_id)`;
}

/** A site's totals. */
export interface ValuationRow {
  site_id: number;
  items: number;
  units: string;
  value: string;
  unvalued_items: number;
}

/**
 * For the statement after it in its transaction: JIT off (the plan's estimated cost is past
 * jit_above_cost for any large account, and compiling costs more than it saves); room for the
 * hash of a month's movements per item (400,000 items moved beside 1,000,000 in the base: the
 * default 4 MB would spill them to disk); and no merge joins: the planner sorted a million held
 * rows to merge them with the catalog's costs (4.2 s where hashing the costs takes 1.8 s, on a
 * million stock levels: docs/benchmarks, V3).
 */
export const VALUATION_SETTINGS = `SELECT set_config('jit', 'off', true),
  set_config('work_mem', '64MB', true), set_config('enable_mergejoin', 'off', true)`;

/** The totals per site, in one statement (every site's together: added up by the caller). */
export async function valuationTotals(
  db: PrismaClient | Tx,
  q: ValuationScope,
): Promise<ValuationRow[]> {
  return db.$queryRaw<ValuationRow[]>`${valued(q)}
    SELECT site_id, count(*)::int AS items, sum(qty)::text AS units,
      round(COALESCE(sum(round(qty * unit_cost, ${q.digits})), 0), ${q.digits})::text AS value,
      (count(*) FILTER (WHERE unit_cost IS NULL))::int AS unvalued_items
    FROM valued GROUP BY site_id`;
}

/** An item's stock at a site at the instant, its unit cost then and its value. */
export interface ValuedItemRow {
  site_id: number;
  entity_type: EntityType;
  item_id: number;
  code: string;
  name: string;
  qty: string;
  unit_cost: string | null;
  value: string | null;
}

/** A site the valuation lists. */
export interface ValuedSite {
  id: number;
  code: string;
  name: string;
}

/**
 * The sites read that may hold stock at the instant, by code: those with a row in the base or a
 * movement between the base and the instant (each an index probe), so that a CSV of a chain of
 * mostly empty sites spends no statement on them. A site found may still hold nothing then.
 */
export async function sitesHolding(
  db: PrismaClient | Tx,
  q: ValuationScope,
): Promise<ValuedSite[]> {
  const at = (table: string, extra: Prisma.Sql = Prisma.empty) =>
    Prisma.sql`EXISTS (SELECT 1 FROM ${Prisma.raw(table)} AS x
      WHERE x.account_id = ${q.accountId} AND x.site_id = s.id ${extra})`;
  const base =
    q.base.kind === "levels"
      ? Prisma.sql`${at("sku_stock")} OR ${at("supplier_item_stock")}`
      : q.base.kind === "snapshot"
        ? at("stock_snapshots", Prisma.sql`AND x.taken_at = ${q.base.at}`)
        : Prisma.sql`false`;
  const moved = movedSince(q);
  const movements = moved
    ? at(
        "stock_movements",
        Prisma.sql`${moved.from ? Prisma.sql`AND x.occurred_at >= ${moved.from}` : Prisma.empty}
          ${moved.to ? Prisma.sql`AND x.occurred_at < ${moved.to}` : Prisma.empty}`,
      )
    : Prisma.sql`false`;
  return db.$queryRaw<ValuedSite[]>`
    SELECT s.id, s.code::text AS code, s.name FROM sites s
    WHERE s.account_id = ${q.accountId} ${sitesIn(q, "s.id")} AND (${base} OR ${movements})
    ORDER BY s.code`;
}

/** Up to `limit` items of one site (`after.siteId`, or `siteId` from its start), in key order. */
export async function valuedItems(
  db: PrismaClient | Tx,
  q: ValuationScope,
  page: { siteId: number; after?: ValuationKey; limit: number },
): Promise<ValuedItemRow[]> {
  const one = { ...q, sites: [page.siteId] };
  return db.$queryRaw<ValuedItemRow[]>`${valued(one, page.after)}
    SELECT site_id, entity_type, item_id, code, name, qty::text AS qty, unit_cost::text AS unit_cost,
      round(qty * unit_cost, ${q.digits})::text AS value
    FROM valued ORDER BY entity_type, item_id LIMIT ${page.limit}`;
}

/**
 * How many rows the valuation walks (its price): the base's rows and the movements between the
 * base and the instant, counted from the indexes that lead with their conditions.
 */
export async function valuationWalk(db: PrismaClient, q: ValuationScope): Promise<number> {
  const moved = movedSince(q);
  const base =
    q.base.kind === "levels"
      ? Prisma.sql`(SELECT count(*) FROM sku_stock WHERE account_id = ${q.accountId} ${sitesIn(q, "site_id")})
          + (SELECT count(*) FROM supplier_item_stock WHERE account_id = ${q.accountId} ${sitesIn(q, "site_id")})`
      : q.base.kind === "snapshot"
        ? q.sites
          ? Prisma.sql`(SELECT count(*) FROM stock_snapshots WHERE account_id = ${q.accountId}
              AND taken_at = ${q.base.at} ${sitesIn(q, "site_id")})`
          : // Every site's: the run row says how many (a million rows are not counted again).
            Prisma.sql`(SELECT items FROM stock_snapshot_runs WHERE account_id = ${q.accountId}
              AND taken_at = ${q.base.at})`
        : Prisma.sql`0`;
  const movements = moved
    ? Prisma.sql`(SELECT count(*) FROM stock_movements WHERE account_id = ${q.accountId}
        ${moved.from ? Prisma.sql`AND occurred_at >= ${moved.from}` : Prisma.empty}
        ${moved.to ? Prisma.sql`AND occurred_at < ${moved.to}` : Prisma.empty}
        ${sitesIn(q, "site_id")})`
    : Prisma.sql`0`;
  const [row] = await db.$queryRaw<[{ n: number }]>`SELECT (${base} + ${movements})::int AS n`;
  return row.n;
}

/** The snapshots nearest the instant: the latest at or before it, the earliest after it. */
export async function snapshotsAround(
  db: PrismaClient,
  accountId: number,
  until: Date,
): Promise<{ before: Date | null; after: Date | null }> {
  const [row] = await db.$queryRaw<[{ before: Date | null; after: Date | null }]>`
    SELECT (SELECT max(taken_at) FROM stock_snapshot_runs
        WHERE account_id = ${accountId} AND taken_at <= ${until}) AS before,
      (SELECT min(taken_at) FROM stock_snapshot_runs
        WHERE account_id = ${accountId} AND taken_at > ${until}) AS after`;
  return row;
}
