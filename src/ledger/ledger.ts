// The ledger: the one module that changes a quantity. Stock is kept per site, in the items'
// levels (sku_stock, supplier_item_stock). Every change locks the items it touches (SKUs first,
// then supplier items, each in id order, so concurrent requests cannot deadlock on each other):
// an item's row is the lock of all its levels. It then writes the new levels and appends one
// movement per changed entity, all with a fixed number of set-based statements however many
// lines a request carries.
import { Prisma, type PrismaClient, type Tx } from "../db/client.js";
import { LEDGER_LOCK_CLASS } from "../db/locks.js";
import { intArray, numericArray, wordArray } from "../db/sql.js";
import type { EntityType, MovementSource, StockReason } from "../generated/prisma/enums.js";
import type { Actor } from "../auth/principal.js";
import { Decimal } from "../quantity.js";

export interface EntityRef {
  entityType: EntityType;
  id: number;
}

/** A locked entity as it is now, at the site it was locked for. */
export interface LockedStock extends EntityRef {
  /** The site whose stock onHand is. */
  siteId: number;
  onHand: Decimal;
  /** For a supplier item: the SKU it is linked to (its stock is the SKU's), else null. */
  linkedSkuId: number | null;
  /** A SKU's other columns, when lockStock was asked for them (so no one reads it again). */
  sku?: LockedSkuRow;
}

export interface LockedSkuRow {
  id: number;
  code: string;
  name: string;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
  barcodes: string[];
  /** At the site locked: its level's (null when it has none there). */
  location: string | null;
}

export interface StockTarget extends EntityRef {
  newQty: Decimal;
}

export interface MovementDetails {
  reason: StockReason;
  source: MovementSource;
  note?: string | null;
  reference?: string | null;
  adjustmentId?: number | null;
  stockTakeId?: number | null;
  transferId?: number | null;
  actor: Actor;
}

export interface StockChange extends EntityRef {
  previousQty: Decimal;
  newQty: Decimal;
  change: Decimal;
  /** null when the quantity did not change (no movement is written). */
  movementId: number | null;
  /** The movement written, as the API shows it; null when none was. */
  movement: Movement | null;
}

/** A movement as written (the API's StockMovement shape). */
export interface Movement {
  id: number;
  occurredAt: Date;
  entityType: EntityType;
  skuId: number | null;
  supplierItemId: number | null;
  quantityBefore: Decimal;
  quantityAfter: Decimal;
  change: Decimal;
  reason: StockReason;
  note: string | null;
  reference: string | null;
  source: MovementSource;
  adjustmentId: number | null;
  stockTakeId: number | null;
  siteId: number;
  transferId: number | null;
  actor: Actor;
}

export const entityKey = (ref: EntityRef): string => `${ref.entityType}:${ref.id}`;

/**
 * Locks the given entities of the account FOR UPDATE in a fixed order and reads their stock at
 * `site` (a site of the account, or its default); missing ones are absent from the map. With
 * `skuRows`, a SKU's other columns come along. The levels are read in a statement after the
 * locks are held: a level read in the locking statement would be the one its snapshot saw before
 * it waited for a lock.
 */
export async function lockStock(
  tx: Tx,
  accountId: number,
  site: number | "default",
  refs: EntityRef[],
  { skuRows = false }: { skuRows?: boolean } = {},
): Promise<Map<string, LockedStock>> {
  const locked = await lockEntities(tx, accountId, refs, skuRows);
  if (locked.size === 0) return locked;
  const held = [...locked.values()];
  const ids = (type: EntityType) =>
    intArray(held.filter((l) => l.entityType === type).map((l) => l.id));
  const levels = await tx.$queryRaw<
    {
      site_id: number;
      entity_type: EntityType | null;
      id: number | null;
      on_hand: string | null;
      location: string | null;
    }[]
  >`
    WITH s AS MATERIALIZED (
      SELECT ${site === "default" ? defaultSite(accountId) : Prisma.sql`${site}::int`} AS id
    )
    SELECT s.id AS site_id, x.entity_type, x.id, x.on_hand, x.location FROM s LEFT JOIN LATERAL (
      SELECT 'sku' AS entity_type, sku_id AS id, on_hand::text AS on_hand, location
      FROM sku_stock
      WHERE account_id = ${accountId} AND site_id = s.id AND sku_id = ANY(${ids("sku")})
      UNION ALL
      SELECT 'supplier_item', supplier_item_id, on_hand::text, location FROM supplier_item_stock
      WHERE account_id = ${accountId} AND site_id = s.id
        AND supplier_item_id = ANY(${ids("supplier_item")})
    ) AS x ON true`;
  const siteId = levels[0]?.site_id;
  if (siteId === undefined || siteId === null) throw new Error("ledger: no site");
  for (const entity of held) entity.siteId = siteId;
  for (const level of levels) {
    if (level.entity_type === null || level.id === null || level.on_hand === null) continue;
    const entity = locked.get(entityKey({ entityType: level.entity_type, id: level.id }));
    if (!entity) continue;
    entity.onHand = new Decimal(level.on_hand);
    // A SKU's row as the API shows it at the site: its location is the level's.
    if (entity.sku) entity.sku.location = level.location;
  }
  return locked;
}

/** An entity's stock at a site of the account (held by the caller). */
export interface SiteRef extends EntityRef {
  siteId: number;
}

/** How many of an entity's latest movements movedAtSites looks at, at most, for each. */
export const MOVED_LOOKBACK = 100;

/**
 * Which of the entities have moved at their site, as `site:type:id`. An entity without a level
 * there has not (every movement writes its level); one with a level has when one of its latest
 * MOVED_LOOKBACK movements (at any site, newest first) is at that site, or when it has that many
 * (then it is taken to have moved there: the walk stops, so each entity costs at most that many
 * index entries however long its history). One statement.
 */
export async function movedAtSites(
  tx: Tx,
  accountId: number,
  refs: SiteRef[],
): Promise<Set<string>> {
  if (refs.length === 0) return new Set();
  const latest = (column: string) => Prisma.sql`(SELECT m.site_id FROM stock_movements AS m
    WHERE m.account_id = ${accountId} AND m.${Prisma.raw(column)} = v.id
    ORDER BY m.occurred_at DESC, m.id DESC LIMIT ${MOVED_LOOKBACK})`;
  const lookback = (column: string) => Prisma.sql`(SELECT bool_or(w.site_id = v.site_id)
    OR count(*) = ${MOVED_LOOKBACK} FROM ${latest(column)} AS w(site_id))`;
  // CASE, so the walk is taken only where the level is there.
  const found = await tx.$queryRaw<{ site_id: number; entity_type: EntityType; id: number }[]>`
    SELECT v.site_id, v.entity_type, v.id
    FROM unnest(${intArray(refs.map((r) => r.siteId))}, ${wordArray(refs.map((r) => r.entityType))},
      ${intArray(refs.map((r) => r.id))}) AS v(site_id, entity_type, id)
    WHERE CASE
      WHEN v.entity_type = 'sku' THEN CASE WHEN EXISTS (SELECT 1 FROM sku_stock AS l
          WHERE l.account_id = ${accountId} AND l.site_id = v.site_id AND l.sku_id = v.id)
        THEN ${lookback("sku_id")} ELSE false END
      ELSE CASE WHEN EXISTS (SELECT 1 FROM supplier_item_stock AS l
          WHERE l.account_id = ${accountId} AND l.site_id = v.site_id
            AND l.supplier_item_id = v.id)
        THEN ${lookback("supplier_item_id")} ELSE false END
      END`;
  return new Set(found.map((f) => `${f.site_id}:${f.entity_type}:${f.id}`));
}

/**
 * lockStock for entities named at several sites (an entity may be named at more than one):
 * every entity is locked once, in lockStock's order, before any level is read, and each one's
 * stock is then read at each site it is named at. Answers, per site, the map lockStock answers
 * for it; an entity missing from the account is absent from every map.
 */
export async function lockStockAtSites(
  tx: Tx,
  accountId: number,
  refs: SiteRef[],
): Promise<Map<number, Map<string, LockedStock>>> {
  const locked = await lockEntities(tx, accountId, refs, false);
  const bySite = new Map<number, Map<string, LockedStock>>();
  const held = refs.filter((r) => locked.has(entityKey(r)));
  for (const ref of held) {
    const entity = locked.get(entityKey(ref))!;
    const atSite = bySite.get(ref.siteId) ?? new Map<string, LockedStock>();
    atSite.set(entityKey(ref), { ...entity, siteId: ref.siteId, onHand: new Decimal(0) });
    bySite.set(ref.siteId, atSite);
  }
  if (held.length === 0) return bySite;
  const column = (f: (r: SiteRef) => number | null) => intArray(held.map(f));
  const levels = await tx.$queryRaw<
    { site_id: number; entity_type: EntityType; id: number; on_hand: string }[]
  >`
    SELECT l.site_id, 'sku'::text AS entity_type, l.sku_id AS id, l.on_hand::text AS on_hand
    FROM unnest(${column((r) => r.siteId)}, ${column((r) => (r.entityType === "sku" ? r.id : null))})
      AS p(site_id, id)
    JOIN sku_stock AS l ON l.account_id = ${accountId} AND l.site_id = p.site_id AND l.sku_id = p.id
    UNION ALL
    SELECT l.site_id, 'supplier_item', l.supplier_item_id, l.on_hand::text
    FROM unnest(${column((r) => r.siteId)},
      ${column((r) => (r.entityType === "supplier_item" ? r.id : null))}) AS p(site_id, id)
    JOIN supplier_item_stock AS l ON l.account_id = ${accountId} AND l.site_id = p.site_id
      AND l.supplier_item_id = p.id`;
  for (const level of levels) {
    const entity = bySite
      .get(level.site_id)
      ?.get(entityKey({ entityType: level.entity_type, id: level.id }));
    if (entity) entity.onHand = new Decimal(level.on_hand);
  }
  return bySite;
}

/** Locks the entities FOR UPDATE, SKUs then supplier items, each in id order; reads no stock. */
async function lockEntities(
  tx: Tx,
  accountId: number,
  refs: EntityRef[],
  skuRows: boolean,
): Promise<Map<string, LockedStock>> {
  const skuIds = uniqueIds(refs, "sku");
  const itemIds = uniqueIds(refs, "supplier_item");
  const locked = new Map<string, LockedStock>();
  if (skuIds.length > 0) {
    const rows = await tx.$queryRaw<
      ({ id: number } & Partial<Record<keyof LockedSkuRow, unknown>>)[]
    >`
      SELECT id
        ${
          skuRows
            ? Prisma.sql`, code, name, active, created_at AS "createdAt", updated_at AS "updatedAt", barcodes,
          NULL::text AS location`
            : Prisma.empty
        }
      FROM skus
      WHERE account_id = ${accountId} AND id = ANY(${intArray(skuIds)})
      ORDER BY id FOR UPDATE`;
    for (const row of rows) {
      locked.set(`sku:${row.id}`, {
        entityType: "sku",
        id: row.id,
        siteId: 0,
        onHand: new Decimal(0),
        linkedSkuId: null,
        ...(skuRows ? { sku: row as LockedSkuRow } : {}),
      });
    }
  }
  if (itemIds.length > 0) {
    const rows = await tx.$queryRaw<{ id: number; sku_id: number | null }[]>`
      SELECT id, sku_id FROM supplier_items
      WHERE account_id = ${accountId} AND id = ANY(${intArray(itemIds)})
      ORDER BY id FOR UPDATE`;
    for (const r of rows) {
      locked.set(`supplier_item:${r.id}`, {
        entityType: "supplier_item",
        id: r.id,
        siteId: 0,
        onHand: new Decimal(0),
        linkedSkuId: r.sku_id,
      });
    }
  }
  return locked;
}

/**
 * Gives new entities of the account a level at its default site, with nothing on hand (what a
 * missing level reads as): a single adjustment there then finds it (see setSkuAtOnce). For items
 * being created in this transaction (a linked supplier item holds no stock: give it none).
 */
export async function openLevels(tx: Tx, accountId: number, refs: EntityRef[]): Promise<void> {
  if (refs.length === 0) return;
  await tx.$executeRaw`
    WITH site AS MATERIALIZED (SELECT ${defaultSite(accountId)} AS id), skus AS (
      INSERT INTO sku_stock (account_id, site_id, sku_id)
      SELECT ${accountId}, site.id, e.id FROM site, unnest(${intArray(uniqueIds(refs, "sku"))}) AS e(id)
      ORDER BY e.id ON CONFLICT DO NOTHING
    )
    INSERT INTO supplier_item_stock (account_id, site_id, supplier_item_id)
    SELECT ${accountId}, site.id, e.id
    FROM site, unnest(${intArray(uniqueIds(refs, "supplier_item"))}) AS e(id)
    ORDER BY e.id ON CONFLICT DO NOTHING`;
}

/**
 * Gives a SKU a level at `site` (a site of the account, or its default) if it has none, with
 * nothing on hand (what a missing level reads as), without its lock: a level of 0 may be made by
 * anyone, since it changes no quantity, and a writer holding the lock finds it or makes it alike.
 * None is made at a deactivated site or a site the account does not have. Answers whether the
 * SKU exists and the site's state (`missing`: the account has no such site).
 */
export async function openLevel(
  db: PrismaClient,
  accountId: number,
  site: number | "default",
  skuId: number,
): Promise<{ known: boolean; site: "active" | "inactive" | "missing" }> {
  const where = site === "default" ? Prisma.sql`is_default` : Prisma.sql`id = ${site}::int`;
  const [row] = await db.$queryRaw<{ known: boolean; active: boolean | null }[]>`
    WITH site AS MATERIALIZED (
      SELECT id, active FROM sites WHERE account_id = ${accountId} AND ${where}
    ), added AS (
      INSERT INTO sku_stock (account_id, site_id, sku_id)
      SELECT s.account_id, site.id, s.id FROM skus AS s, site
      WHERE s.account_id = ${accountId} AND s.id = ${skuId} AND site.active
      ON CONFLICT DO NOTHING
    )
    SELECT EXISTS (SELECT 1 FROM skus WHERE account_id = ${accountId} AND id = ${skuId}) AS known,
      (SELECT active FROM site) AS active`;
  const active = row?.active ?? null;
  return {
    known: row?.known ?? false,
    site: active === null ? "missing" : active ? "active" : "inactive",
  };
}

/**
 * The sites where a locked entity holds stock (on hand not 0), in site order, with how much:
 * read after the lock, so it is what the last writer of the entity committed.
 */
export async function stockSites(
  tx: Tx,
  accountId: number,
  ref: EntityRef,
): Promise<{ siteId: number; onHand: Decimal }[]> {
  const rows = await tx.$queryRaw<{ site_id: number; on_hand: string }[]>`${
    ref.entityType === "sku"
      ? Prisma.sql`SELECT site_id, on_hand::text AS on_hand FROM sku_stock
          WHERE account_id = ${accountId} AND sku_id = ${ref.id} AND on_hand <> 0`
      : Prisma.sql`SELECT site_id, on_hand::text AS on_hand FROM supplier_item_stock
          WHERE account_id = ${accountId} AND supplier_item_id = ${ref.id} AND on_hand <> 0`
  } ORDER BY site_id`;
  return rows.map((r) => ({ siteId: r.site_id, onHand: new Decimal(r.on_hand) }));
}

/** SQL for a SKU's on hand at a site: its level's, 0 without one (a probe of the level's key). */
export const skuOnHandAt = (accountId: number | Prisma.Sql, site: Prisma.Sql, sku: Prisma.Sql) =>
  Prisma.sql`COALESCE((SELECT level.on_hand FROM sku_stock AS level
    WHERE level.account_id = ${accountId} AND level.site_id = ${site} AND level.sku_id = ${sku}), 0)`;

/** SQL for an unlinked supplier item's on hand at a site, as skuOnHandAt. */
export const itemOnHandAt = (accountId: number | Prisma.Sql, site: Prisma.Sql, item: Prisma.Sql) =>
  Prisma.sql`COALESCE((SELECT level.on_hand FROM supplier_item_stock AS level
    WHERE level.account_id = ${accountId} AND level.site_id = ${site}
      AND level.supplier_item_id = ${item}), 0)`;

/**
 * Locks, in the same order as lockStock, the entities a query names without reading them back:
 * `entities` is SQL yielding rows of (sku_id, supplier_item_id), one of them set. For locking
 * many rows whose quantities the caller then reads set-based (a stock take's lines, say).
 */
export async function lockStockOf(tx: Tx, accountId: number, entities: Prisma.Sql): Promise<void> {
  // One round trip: the target list is evaluated left to right, SKUs before supplier items.
  await tx.$queryRaw`
    SELECT
      (SELECT count(*) FROM (
        SELECT 1 FROM skus WHERE account_id = ${accountId}
          AND id IN (SELECT e.sku_id FROM (${entities}) AS e) ORDER BY id FOR UPDATE) AS s)::int AS skus,
      (SELECT count(*) FROM (
        SELECT 1 FROM supplier_items WHERE account_id = ${accountId}
          AND id IN (SELECT e.supplier_item_id FROM (${entities}) AS e) ORDER BY id FOR UPDATE) AS i)::int AS items`;
}

/**
 * Sets each locked entity to its target quantity and appends one movement per entity whose
 * quantity changes; a target equal to the current quantity writes nothing. Entities must have
 * been locked by lockStock in the same transaction. One statement, however many entities: the
 * stamp, the new quantities, the movements and the flags on open stock takes.
 */
export async function applyStock(
  tx: Tx,
  accountId: number,
  locked: Map<string, LockedStock>,
  targets: StockTarget[],
  details: MovementDetails,
): Promise<StockChange[]> {
  const sites = new Set(targets.map((t) => locked.get(entityKey(t))?.siteId));
  const results: StockChange[] = targets.map((t) => {
    const current = locked.get(entityKey(t));
    if (!current) throw new Error(`ledger: ${entityKey(t)} was not locked`);
    if (current.linkedSkuId !== null) throw new Error(`ledger: ${entityKey(t)} is linked to a SKU`);
    return {
      ...t,
      previousQty: current.onHand,
      change: t.newQty.minus(current.onHand),
      movementId: null,
      movement: null,
    };
  });
  if (new Set(targets.map(entityKey)).size !== targets.length) {
    throw new Error("ledger: an entity is named twice (callers refuse duplicate lines)");
  }
  const changed = results
    .filter((r) => !r.change.isZero())
    .sort((a, b) =>
      a.entityType === b.entityType ? a.id - b.id : a.entityType === "sku" ? -1 : 1,
    );
  if (changed.length === 0) return results;
  const [siteId] = sites;
  if (sites.size !== 1 || siteId === undefined) throw new Error("ledger: one site per change");

  const written = await writeChanges(tx, accountId, siteId, changed, details);
  changed.forEach((r, i) => {
    const row = written[i];
    if (!row) throw new Error(`ledger: no movement written for ${entityKey(r)}`);
    r.movement = movementWritten(r, row, details);
    r.movementId = r.movement.id;
    const current = locked.get(entityKey(r));
    if (current) current.onHand = r.newQty;
  });
  return results;
}

/** The movement written for a change (`row` as the ledger's statement returned it), as the API shows it. */
export function movementWritten(
  c: EntityRef & { previousQty: Decimal; newQty: Decimal },
  row: WrittenMovement,
  d: MovementDetails,
): Movement {
  return {
    id: Number(row.id),
    occurredAt: row.occurred_at,
    entityType: c.entityType,
    skuId: c.entityType === "sku" ? c.id : null,
    supplierItemId: c.entityType === "supplier_item" ? c.id : null,
    quantityBefore: c.previousQty,
    quantityAfter: c.newQty,
    change: c.newQty.minus(c.previousQty),
    reason: d.reason,
    note: d.note ?? null,
    reference: d.reference ?? null,
    source: d.source,
    adjustmentId: d.adjustmentId ?? null,
    stockTakeId: d.stockTakeId ?? null,
    siteId: row.site_id,
    transferId: d.transferId ?? null,
    actor: { name: d.actor.name, tokenId: d.actor.tokenId },
  };
}

/** What the ledger's statement returns of a movement it wrote. */
export interface WrittenMovement {
  id: bigint | number;
  occurred_at: Date;
  site_id: number;
}

/**
 * The write of applyStock in one statement: the changes, then the ledger's CTEs.
 * Returns the movements' ids and stored times in the order of `rows`.
 */
async function writeChanges(
  tx: Tx,
  accountId: number,
  siteId: number,
  rows: StockChange[],
  d: MovementDetails,
): Promise<WrittenMovement[]> {
  const types = rows.map((r) => r.entityType);
  const skuIds = rows.map((r) => (r.entityType === "sku" ? r.id : null));
  const itemIds = rows.map((r) => (r.entityType === "supplier_item" ? r.id : null));
  const before = rows.map((r) => r.previousQty.toFixed());
  const after = rows.map((r) => r.newQty.toFixed());
  const u = (column: string) => Prisma.raw(`u.${column}`);
  const changes: StockChanges = {
    from: Prisma.sql`unnest(${wordArray(types)}, ${intArray(skuIds)}, ${intArray(itemIds)},
        ${numericArray(before)}, ${numericArray(after)})
        WITH ORDINALITY AS u(entity_type, sku_id, supplier_item_id, before, after, ord)`,
    site: Prisma.sql`${siteId}::int`,
    entityType: u("entity_type"),
    skuId: u("sku_id"),
    supplierItemId: u("supplier_item_id"),
    before: u("before"),
    after: u("after"),
    ord: u("ord"),
  };
  return tx.$queryRaw<WrittenMovement[]>`
    WITH ${ledgerWrites(accountId, changes, d)}
    -- An equality on plain values (a hash join): IS NOT DISTINCT FROM would compare every pair.
    SELECT i.id, i.occurred_at, i.site_id FROM v
    JOIN inserted AS i ON i.entity_type::text = v.entity_type
      AND i.entity_id = COALESCE(v.sku_id, v.supplier_item_id)
    ORDER BY v.ord`;
}

/**
 * The entities whose quantity a statement changes, one row each (SQL expressions over `from`),
 * each locked FOR UPDATE by this transaction (in this statement or an earlier one, in lockStock's
 * order), `before` its on hand as locked.
 */
export interface StockChanges {
  /** The relations the changes are read from (a FROM clause's content). */
  from: Prisma.Sql;
  /** Which of their rows change stock (all when absent). */
  where?: Prisma.Sql;
  /** The site whose stock changes: one for the statement (an int, or SQL that reads one). */
  site: Prisma.Sql;
  /** 'sku' or 'supplier_item' (text). */
  entityType: Prisma.Sql;
  skuId: Prisma.Sql;
  supplierItemId: Prisma.Sql;
  before: Prisma.Sql;
  after: Prisma.Sql;
  /** The order the movements are written in. */
  ord: Prisma.Sql;
  /**
   * Each movement's id, drawn by the caller from the movements' sequence (MOVEMENT_ID), so the
   * statement can link other rows to the movements without joining its CTEs to each other (a
   * join the planner may run as a loop over both when its statistics are stale). Else the
   * sequence draws it as the movement is inserted.
   */
  movementId?: Prisma.Sql;
}

/**
 * The ledger's write as common table expressions of a caller's statement, for a use case that
 * locks, checks and writes in one statement: `v`, the changes (entity_type, sku_id,
 * supplier_item_id, before, after, ord and movement_id when given) at the changes' site, then
 * the items stamped, their levels there set (made when missing), the site's open stock takes'
 * lines flagged and the movements appended with their events; `inserted` yields each
 * movement's (id, entity_type, entity_id, occurred_at, …). `adjustmentId` is SQL for the
 * movements' adjustment (a CTE of the same statement), else details.adjustmentId.
 *
 * The stamp is clock_timestamp() read once the ledger lock is held (not now(), the transaction's
 * start: earlier than a concurrent write's stamp); the quantities and movements use it, so none
 * is written before the lock is held, and the movements' occurred_at and the entities'
 * updated_at are that one instant. The stamp reads `v`, so it is taken after the row locks (per
 * entity, occurred_at follows the order in which changes were really applied), and with no
 * change there is no stamp and nothing is written. A stock take's own movements do not flag its
 * lines (they are what it applies).
 */
export function ledgerWrites(
  accountId: number,
  changes: StockChanges,
  d: MovementDetails,
  { adjustmentId }: { adjustmentId?: Prisma.Sql } = {},
): Prisma.Sql {
  const flag = d.source !== "stock_take";
  const ids = changes.movementId !== undefined;
  const id = ids ? Prisma.sql`v.movement_id, ` : Prisma.empty;
  return Prisma.sql`v AS MATERIALIZED (
      SELECT ${changes.entityType} AS entity_type, ${changes.skuId} AS sku_id,
        ${changes.supplierItemId} AS supplier_item_id, ${changes.before} AS before,
        ${changes.after} AS after, ${changes.ord} AS ord
        ${ids ? Prisma.sql`, ${changes.movementId} AS movement_id` : Prisma.empty}
      FROM ${changes.from}
      ${changes.where ? Prisma.sql`WHERE ${changes.where}` : Prisma.empty}
    ), stock_site AS MATERIALIZED (SELECT ${changes.site} AS id
    ), stamp AS MATERIALIZED (
      SELECT clock_timestamp() AS at FROM (
        SELECT pg_advisory_xact_lock_shared(${LEDGER_LOCK_CLASS}::int, ${accountId}::int)
        FROM (SELECT 1 FROM v LIMIT 1) AS any_change OFFSET 0
      ) AS locked
    ), skus_set AS (
      UPDATE skus AS t SET updated_at = stamp.at FROM v, stamp
      WHERE t.account_id = ${accountId} AND t.id = v.sku_id
      RETURNING t.id, t.unit_cost
    ), items_set AS (
      UPDATE supplier_items AS t SET updated_at = stamp.at FROM v, stamp
      WHERE t.account_id = ${accountId} AND t.id = v.supplier_item_id
      RETURNING t.id, t.unit_cost
    ), sku_levels AS (
      INSERT INTO sku_stock AS l (account_id, site_id, sku_id, on_hand)
      SELECT ${accountId}, (SELECT id FROM stock_site), v.sku_id, v.after FROM v, stamp
      WHERE v.sku_id IS NOT NULL ORDER BY v.sku_id
      ON CONFLICT (account_id, site_id, sku_id) DO UPDATE SET on_hand = EXCLUDED.on_hand
    ), item_levels AS (
      INSERT INTO supplier_item_stock AS l (account_id, site_id, supplier_item_id, on_hand)
      SELECT ${accountId}, (SELECT id FROM stock_site), v.supplier_item_id, v.after
      FROM v, stamp
      WHERE v.supplier_item_id IS NOT NULL ORDER BY v.supplier_item_id
      ON CONFLICT (account_id, site_id, supplier_item_id) DO UPDATE SET on_hand = EXCLUDED.on_hand
    ), ${flag ? flagging(accountId) : Prisma.empty}inserted AS (
      INSERT INTO stock_movements (${ids ? Prisma.sql`id, ` : Prisma.empty}account_id, occurred_at, entity_type, sku_id, supplier_item_id,
        quantity_before, quantity_after, change, reason, note, reference, source, adjustment_id,
        stock_take_id, actor_name, actor_token_id, site_id, transfer_id, unit_cost, value_change)
      SELECT ${id}${accountId}, stamp.at, v.entity_type::entity_type, v.sku_id, v.supplier_item_id,
        v.before, v.after, v.after - v.before, ${d.reason}::stock_reason, ${d.note ?? null},
        ${d.reference ?? null}, ${d.source}::movement_source,
        ${adjustmentId ?? Prisma.sql`${d.adjustmentId ?? null}::int`},
        ${d.stockTakeId ?? null}::int, ${d.actor.name}, ${d.actor.tokenId}::int,
        (SELECT id FROM stock_site), ${d.transferId ?? null}::int,
        COALESCE(sc.unit_cost, ic.unit_cost),
        -- Valued at the cost the item has as it is stamped, rounded once (half away from zero)
        -- to the currency's minor units; the account is read only when there is a cost.
        CASE WHEN COALESCE(sc.unit_cost, ic.unit_cost) IS NOT NULL
          THEN round((v.after - v.before) * COALESCE(sc.unit_cost, ic.unit_cost),
            (SELECT currency_minor_units FROM accounts WHERE id = ${accountId})) END
      FROM v CROSS JOIN stamp ${flag ? Prisma.sql`CROSS JOIN flagged` : Prisma.empty}
        LEFT JOIN skus_set AS sc ON sc.id = v.sku_id
        LEFT JOIN items_set AS ic ON ic.id = v.supplier_item_id
      ORDER BY v.ord
      RETURNING id, entity_type, COALESCE(sku_id, supplier_item_id) AS entity_id, occurred_at,
        quantity_before, quantity_after, change, reason, source, adjustment_id, stock_take_id,
        site_id, transfer_id, unit_cost, value_change
    ), stock_events AS (
      -- The outbox: one stock.changed event per movement, in the same statement.
      INSERT INTO events (account_id, type, occurred_at, data)
      SELECT ${accountId}, 'stock.changed', i.occurred_at, jsonb_build_object(
        'type', i.entity_type, 'id', i.entity_id, 'quantity_before', i.quantity_before,
        'quantity_after', i.quantity_after, 'change', i.change, 'reason', i.reason,
        'source', i.source, 'movement_id', i.id, 'adjustment_id', i.adjustment_id,
        'stock_take_id', i.stock_take_id, 'site_id', i.site_id, 'transfer_id', i.transfer_id)
        -- A valued movement's money, which readers without the costs scope are not shown
        -- (src/modules/event/event.money.ts).
        || CASE WHEN i.unit_cost IS NULL THEN '{}'::jsonb ELSE jsonb_build_object(
          'unit_cost', i.unit_cost, 'value_change', round(i.value_change,
            (SELECT currency_minor_units FROM accounts WHERE id = ${accountId}))::text) END
      FROM inserted AS i ORDER BY i.id
    )`;
}

/**
 * The CTE that flags the lines of the account's open stock takes that count the changed SKUs and
 * supplier items (left out of a stock take's own writes, which are what it applies), once the
 * changed rows are locked and stamped. flag_moved_lines (migration 20261217000000) reads the
 * open stock takes in a snapshot of its own: an adjustment that waited for a start's lock sees
 * the stock take that start committed, as a read in its own statement's snapshot would not.
 */
const flagging = (accountId: number) => Prisma.sql`flagged AS MATERIALIZED (
      SELECT flag_moved_lines(${accountId}::int, (SELECT id FROM stock_site),
        ARRAY(SELECT sku_id FROM v WHERE sku_id IS NOT NULL),
        ARRAY(SELECT supplier_item_id FROM v WHERE supplier_item_id IS NOT NULL)) AS done
      FROM stamp
    ), `;

/**
 * SQL for the account's default site (one probe of its partial unique index): the site a
 * request naming none means.
 */
export const defaultSite = (accountId: number) =>
  Prisma.sql`(SELECT id FROM sites WHERE account_id = ${accountId} AND is_default)`;

/** SQL for a new movement id from the movements' sequence (for StockChanges' `movementId`). */
export const MOVEMENT_ID = Prisma.sql`nextval('stock_movements_id_seq'::regclass)`;

/**
 * The time below which every movement of the account that will ever commit has committed: the
 * start of the oldest transaction holding the account's ledger lock (it stamps after it), or
 * this statement's start when none does, less the millisecond occurred_at is rounded to. An
 * oldest-first reader that reads only below it in a later statement never sees a movement
 * appear behind a page it has read. A holder whose start this role cannot see (another role's
 * session) holds the horizon at the epoch: the reader waits rather than risk a skip. A holder
 * whose session is idle or gone by the time its activity is read has committed or rolled back
 * (a one-statement write often has): its movements are visible to the later statement, so it
 * holds nothing back (and a session that has started a transaction since shows a later start,
 * which this statement's own start bounds). It assumes
 * what a single PostgreSQL primary gives: one clock that does not step back, locks visible to
 * every session, and a caller in autocommit or READ COMMITTED (its next statement sees later
 * commits). A replica cannot see the primary's locks: oldest-first reads stay on the primary.
 */
export async function ledgerHorizon(db: PrismaClient | Tx, accountId: number): Promise<Date> {
  const [row] = await db.$queryRaw<{ horizon: Date }[]>`
    SELECT ${HORIZON} AS horizon
    FROM pg_locks l LEFT JOIN pg_stat_activity a ON a.pid = l.pid
    WHERE ${LEDGER_LOCKS} AND l.objid = ${accountId}::int::oid`;
  if (!row) throw new Error("ledger: no horizon");
  return row.horizon;
}

/**
 * ledgerHorizon of several accounts in one statement (one read of pg_locks for all of them, as
 * a reader following many accounts needs).
 */
export async function ledgerHorizons(
  db: PrismaClient | Tx,
  accountIds: number[],
): Promise<Map<number, Date>> {
  const rows = await db.$queryRaw<{ account_id: number; horizon: Date }[]>`
    SELECT acc.id AS account_id, ${HORIZON} AS horizon
    FROM unnest(${intArray(accountIds)}) AS acc(id)
    LEFT JOIN pg_locks l ON ${LEDGER_LOCKS} AND l.objid = acc.id::oid
    LEFT JOIN pg_stat_activity a ON a.pid = l.pid
    GROUP BY acc.id`;
  return new Map(rows.map((r) => [r.account_id, r.horizon]));
}

/** The granted shared ledger locks of this database (objid: the account). */
const LEDGER_LOCKS = Prisma.sql`l.locktype = 'advisory' AND l.granted
  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
  AND l.classid = ${LEDGER_LOCK_CLASS}::int::oid AND l.objsubid = 2`;

/** The horizon over the rows of LEDGER_LOCKS joined to their sessions (see ledgerHorizon). */
const HORIZON = Prisma.sql`(CASE WHEN bool_or(a.pid IS NOT NULL AND a.state IS NULL)
    THEN 'epoch'::timestamptz
    ELSE date_trunc('milliseconds', LEAST(statement_timestamp(), min(a.xact_start)))
      - interval '1 millisecond' END)::timestamptz(3)`;

/**
 * How far oldest-first readers (the change feed, catalog sync) trail the clock, in seconds, over
 * all accounts: the age of the oldest transaction holding a ledger lock, 0 when none does. A
 * write held open (a long import, a stalled client mid-transaction) holds its account's horizon
 * at its start until it ends; other accounts are not held back. Infinity while a holder's start
 * is hidden from this role (another role's session): the feed then waits for it to end.
 */
export async function ledgerLag(db: PrismaClient | Tx): Promise<number> {
  const [row] = await db.$queryRaw<{ lag: number; hidden: boolean }[]>`
    SELECT COALESCE(EXTRACT(epoch FROM clock_timestamp() - min(a.xact_start)), 0)::float8 AS lag,
      COALESCE(bool_or(a.pid IS NOT NULL AND a.state IS NULL), false) AS hidden
    FROM pg_locks l LEFT JOIN pg_stat_activity a ON a.pid = l.pid
    WHERE ${LEDGER_LOCKS}`;
  // A holder this role cannot see holds ledgerHorizon at the epoch: the feed waits, unbounded.
  if (row?.hidden) return Infinity;
  return Math.max(0, row?.lag ?? 0);
}

function uniqueIds(refs: EntityRef[], type: EntityType): number[] {
  return [...new Set(refs.filter((r) => r.entityType === type).map((r) => r.id))].sort(
    (a, b) => a - b,
  );
}
