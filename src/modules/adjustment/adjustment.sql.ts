// An adjustment's statements: its record, its lines, and the one statement that is the whole of a
// single SKU's adjustment.
import { Prisma, queryRows, type PrismaClient, type Tx } from "../../db/client.js";
import type { TokenCheck, TokenRow } from "../../auth/tokens.js";
import { bigintArray, intArray, numericArray, wordArray } from "../../db/sql.js";
import {
  defaultSite,
  ledgerWrites,
  type LockedSkuRow,
  type MovementDetails,
} from "../../ledger/ledger.js";
import type { Decimal } from "../../quantity.js";
import type { StockAdjustment } from "./adjustment.types.js";

/** What an adjustment record says: the movement details of its lines. */
export type AdjustmentRecord = Pick<MovementDetails, "reason" | "note" | "reference" | "actor">;

/** Writes the adjustment's record, at the site whose stock it sets. */
export async function insertAdjustment(
  tx: Tx,
  accountId: number,
  r: AdjustmentRecord,
  site: number | "default",
): Promise<{ id: number; created_at: Date; site_id: number }> {
  const siteId = site === "default" ? defaultSite(accountId) : Prisma.sql`${site}::int`;
  const [adjustment] = await tx.$queryRaw<{ id: number; created_at: Date; site_id: number }[]>`
    INSERT INTO stock_adjustments (account_id, reason, note, reference, actor_name, actor_token_id,
      site_id)
    VALUES (${accountId}, ${r.reason}::stock_reason, ${r.note ?? null}, ${r.reference ?? null},
      ${r.actor.name}, ${r.actor.tokenId}::int, ${siteId})
    RETURNING id, created_at, site_id`;
  if (!adjustment) throw new Error("adjustment: no record inserted");
  return adjustment;
}

/**
 * The adjustment's lines in one statement however many there are (createMany would split 10,000
 * lines into several INSERTs to stay under PostgreSQL's bind parameter limit).
 */
export async function insertLines(
  tx: Tx,
  accountId: number,
  adjustmentId: number,
  lines: StockAdjustment["lines"],
): Promise<void> {
  const types = lines.map((l) => l.type);
  const skuIds = lines.map((l) => (l.type === "sku" ? l.id : null));
  const itemIds = lines.map((l) => (l.type === "supplier_item" ? l.id : null));
  const previous = lines.map((l) => l.previousQty.toFixed());
  const next = lines.map((l) => l.newQty.toFixed());
  const changes = lines.map((l) => l.change.toFixed());
  const statuses = lines.map((l) => l.status);
  const movementIds = lines.map((l) => l.movementId);
  const sites = lines.map((l) => l.siteId);
  await tx.$executeRaw`
    INSERT INTO stock_adjustment_lines (account_id, adjustment_id, line_no, entity_type, sku_id,
      supplier_item_id, previous_qty, new_qty, change, status, movement_id, site_id)
    SELECT ${accountId}::int, ${adjustmentId}::int, v.ord - 1, v.entity_type::entity_type, v.sku_id,
      v.supplier_item_id, v.previous_qty, v.new_qty, v.change,
      v.status::adjustment_line_status, v.movement_id, v.site_id
    FROM unnest(${wordArray(types)}, ${intArray(skuIds)}, ${intArray(itemIds)},
      ${numericArray(previous)}, ${numericArray(next)}, ${numericArray(changes)},
      ${wordArray(statuses)}, ${bigintArray(movementIds)}, ${intArray(sites)})
      WITH ORDINALITY AS v(entity_type, sku_id, supplier_item_id, previous_qty, new_qty, change,
        status, movement_id, site_id, ord)`;
}

/** The SKU as the one-statement adjustment locked it, and what it wrote (null: nothing). */
export interface SkuSet extends LockedSkuRow {
  onHand: string;
  /** The site whose stock onHand is. */
  levelSiteId: number;
  adjustmentId: number | null;
  adjustmentCreatedAt: Date | null;
  movementId: bigint | null;
  occurredAt: Date | null;
  siteId: number | null;
}

/** The single adjustment's change, from its locked SKU `ok` (built once: it is P2's path). */
const ONE_SKU_CHANGE = {
  from: Prisma.sql`ok`,
  entityType: Prisma.sql`'sku'::text`,
  skuId: Prisma.sql`id`,
  supplierItemId: Prisma.sql`NULL::int`,
  before: Prisma.sql`on_hand`,
  ord: Prisma.sql`1::bigint`,
  site: Prisma.sql`(SELECT site_id FROM ok)`,
} as const;
const THIS_ADJUSTMENT = Prisma.sql`(SELECT id FROM adjustment)`;

/**
 * A single SKU's adjustment at `site` (a site of the account, or its default) in one statement, a
 * transaction of its own (no BEGIN, no COMMIT, one round trip): locks the SKU and its level there
 * and, when `expected` is null or its on hand, writes the record, the new on hand and its movement
 * through the ledger (none when unchanged) and the line. Answers nothing for an unknown SKU or one
 * without a level at the site (every SKU gets one at the default site when it is created: see
 * openLevel), nor at a named site that is not the account's or is deactivated (hold_stock_site,
 * which holds the sites' lock shared as holdSite does, and reads the site after it), and the SKU
 * without an adjustment when its on hand is not `expected`: then nothing was written. Both row
 * locks are taken in the statement, so the level it reads is the one the last writer of the SKU
 * committed, however long it waited. With a `check`, the statement also authenticates the
 * caller's token and takes its charge, and does the rest only if that lets it in; the caller
 * hands `token` (undefined: the token is unknown) to the check's outcome.
 */
export async function setSkuAtOnce(
  db: PrismaClient,
  accountId: number,
  site: number | "default",
  skuId: number,
  newQty: Decimal,
  expected: Decimal | null,
  d: MovementDetails,
  check?: TokenCheck,
): Promise<{ sku: SkuSet | undefined; token: TokenRow | undefined }> {
  const qty = newQty.toFixed();
  const [row] = await queryRows<SkuRow & Partial<TokenRow>>(
    db,
    Prisma.sql`
    WITH ${check ? Prisma.sql`${check.ctes},` : Prisma.empty} target AS MATERIALIZED (
      SELECT s.id, l.on_hand, l.site_id, s.code, s.name, s.active, s.created_at, s.updated_at,
        s.barcodes, l.location
      FROM skus AS s JOIN sku_stock AS l ON l.account_id = s.account_id
        AND l.site_id = ${site === "default" ? defaultSite(accountId) : Prisma.sql`${site}::int`}
        AND l.sku_id = s.id
      WHERE s.account_id = ${accountId} AND s.id = ${skuId}
        ${check ? Prisma.sql`AND ${check.granted}` : Prisma.empty}
        ${site === "default" ? Prisma.empty : Prisma.sql`AND hold_stock_site(${accountId}::int, ${site}::int)`}
      FOR UPDATE OF s, l
    ), ok AS MATERIALIZED (
      SELECT * FROM target
      WHERE ${expected?.toFixed() ?? null}::numeric IS NULL OR on_hand = ${expected?.toFixed() ?? null}::numeric
    ), adjustment AS (
      INSERT INTO stock_adjustments (account_id, reason, note, reference, actor_name, actor_token_id,
        site_id)
      SELECT ${accountId}, ${d.reason}::stock_reason, ${d.note ?? null}, ${d.reference ?? null},
        ${d.actor.name}, ${d.actor.tokenId}::int, ok.site_id
      FROM ok
      RETURNING id, created_at
    ), ${ledgerWrites(
      accountId,
      {
        ...ONE_SKU_CHANGE,
        where: Prisma.sql`on_hand <> ${qty}::numeric`,
        after: Prisma.sql`${qty}::numeric`,
      },
      d,
      { adjustmentId: THIS_ADJUSTMENT },
    )},
    line AS (
      INSERT INTO stock_adjustment_lines (account_id, adjustment_id, line_no, entity_type, sku_id,
        supplier_item_id, previous_qty, new_qty, change, status, movement_id, site_id)
      SELECT ${accountId}, a.id, 0, 'sku', ok.id, NULL, ok.on_hand, ${qty}::numeric,
        ${qty}::numeric - ok.on_hand,
        (CASE WHEN i.id IS NULL THEN 'unchanged' ELSE 'changed' END)::adjustment_line_status, i.id,
        ok.site_id
      FROM ok CROSS JOIN adjustment AS a LEFT JOIN inserted AS i ON true
    )
    SELECT t.id, t.code, t.name, t.active, t.created_at AS "createdAt",
      t.updated_at AS "updatedAt", t.barcodes, t.location, t.on_hand::text AS "onHand",
      t.site_id AS "levelSiteId", a.id AS "adjustmentId",
      a.created_at AS "adjustmentCreatedAt", i.id AS "movementId", i.occurred_at AS "occurredAt",
      i.site_id AS "siteId"
      ${check ? Prisma.sql`, ${check.columns}` : Prisma.empty}
    FROM ${check ? Prisma.sql`tok LEFT JOIN taken ON true LEFT JOIN` : Prisma.empty} target AS t
      ${check ? Prisma.sql`ON true` : Prisma.empty}
      LEFT JOIN adjustment AS a ON true LEFT JOIN inserted AS i ON true`,
  );
  const token = check && row ? (row as TokenRow) : undefined;
  // The movement's id is an int8: a string from node-postgres, a bigint through Prisma.
  const sku =
    row && row.id !== null
      ? { ...row, movementId: row.movementId === null ? null : BigInt(row.movementId) }
      : undefined;
  return { sku, token };
}

/** SkuSet as the statement answers it. */
type SkuRow = Omit<SkuSet, "movementId"> & { movementId: bigint | string | null };
