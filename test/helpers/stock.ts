// Helpers for tests about stock quantities: creating entities over REST, reading what the ledger
// holds straight from the database, and checking the movement chain invariant.
import { Prisma, type PrismaClient } from "../../src/db/client.js";
import { verifyLedger } from "../../src/modules/verify/verify.service.js";
import { rest, type TestApp } from "./app.js";
import { defaultSiteId } from "../../src/modules/site/site.service.js";

let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++counter}`;

/** Creates a SKU over REST (opening_on_hand becomes an opening_balance movement); returns its id. */
export async function createSku(t: TestApp, token: string, openingOnHand = 0): Promise<number> {
  const res = await rest(t, "POST", "/skus", {
    token,
    body: { code: unique("SKU"), name: "Test SKU", opening_on_hand: openingOnHand },
  });
  if (res.status !== 201)
    throw new Error(`creating a SKU failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

/** Creates a supplier item over REST, linked to `skuId` when given; returns its id. */
export async function createSupplierItem(
  t: TestApp,
  token: string,
  options: { skuId?: number; openingOnHand?: number } = {},
): Promise<number> {
  const res = await rest(t, "POST", "/supplier-items", {
    token,
    body: {
      supplier: "ACME",
      code: unique("ITEM"),
      name: "Test item",
      ...(options.skuId !== undefined ? { sku_id: options.skuId } : {}),
      ...(options.openingOnHand !== undefined ? { opening_on_hand: options.openingOnHand } : {}),
    },
  });
  if (res.status !== 201) {
    throw new Error(`creating a supplier item failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.id as number;
}

/**
 * `n` SKUs of the account, `onHand` each at its default site (their levels) with its opening
 * balance in the ledger, written with set-based SQL (10,000 in a fraction of a second, where the
 * API takes seconds); answers their ids in order. Their codes are `${prefix}-0` onwards.
 */
export async function seedSkus(
  db: PrismaClient,
  accountId: number,
  n: number,
  { onHand = 5, prefix = "SCALE" }: { onHand?: number; prefix?: string } = {},
): Promise<number[]> {
  const rows = await db.$queryRaw<{ id: number }[]>`
    WITH d AS MATERIALIZED (
      SELECT id FROM sites WHERE account_id = ${accountId} AND is_default
    ), s AS (
      INSERT INTO skus (account_id, code, name)
      SELECT ${accountId}, ${prefix}::text || '-' || i, 'Scale ' || i
      FROM generate_series(0, ${n - 1}::int) AS i ORDER BY i
      RETURNING account_id, id
    ), l AS (
      INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand)
      SELECT s.account_id, d.id, s.id, ${onHand}::numeric FROM s, d ORDER BY s.id
    ), m AS (
      INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id, quantity_before,
        quantity_after, change, reason, source, actor_name, site_id)
      SELECT s.account_id, now() - interval '1 hour', 'sku', s.id, 0, ${onHand}::numeric,
        ${onHand}::numeric, 'opening_balance', 'opening_balance', 'test', d.id
      FROM s, d WHERE ${onHand}::numeric > 0 ORDER BY s.id
    )
    SELECT id FROM s ORDER BY id`;
  return rows.map((r) => r.id);
}

/** SQL for the account's default site. */
const defaultSiteOf = (accountId: number) =>
  Prisma.sql`(SELECT id FROM sites WHERE account_id = ${accountId} AND is_default)`;

/**
 * A SKU's on hand at the account's default site as stored (its level; 0 without one), as an
 * exact decimal string ("12.5"). Throws for an unknown SKU.
 */
export async function skuOnHand(db: PrismaClient, accountId: number, id: number): Promise<string> {
  const [row] = await db.$queryRaw<{ on_hand: string }[]>`
    SELECT trim_scale(COALESCE(l.on_hand, 0))::text AS on_hand FROM skus AS s
    LEFT JOIN sku_stock AS l ON l.account_id = s.account_id
      AND l.site_id = ${defaultSiteOf(accountId)} AND l.sku_id = s.id
    WHERE s.account_id = ${accountId} AND s.id = ${id}`;
  if (!row) throw new Error(`no SKU ${id} in account ${accountId}`);
  return row.on_hand;
}

/**
 * A supplier item's own on hand at the account's default site as stored (its level; 0 without
 * one), as an exact decimal string. Throws for an unknown item.
 */
export async function supplierItemOnHand(
  db: PrismaClient,
  accountId: number,
  id: number,
): Promise<string> {
  const [row] = await db.$queryRaw<{ on_hand: string }[]>`
    SELECT trim_scale(COALESCE(l.on_hand, 0))::text AS on_hand FROM supplier_items AS i
    LEFT JOIN supplier_item_stock AS l ON l.account_id = i.account_id
      AND l.site_id = ${defaultSiteOf(accountId)} AND l.supplier_item_id = i.id
    WHERE i.account_id = ${accountId} AND i.id = ${id}`;
  if (!row) throw new Error(`no supplier item ${id} in account ${accountId}`);
  return row.on_hand;
}

/** Everything an adjustment can write for an account, to prove a failed request wrote nothing. */
export async function ledgerState(db: PrismaClient, accountId: number) {
  const [adjustments, adjustmentLines, movements, idempotencyKeys, skus, items, levels, flagged] =
    await Promise.all([
      db.stockAdjustment.count({ where: { accountId } }),
      db.stockAdjustmentLine.count({ where: { accountId } }),
      db.stockMovement.count({ where: { accountId } }),
      db.idempotencyKey.count({ where: { accountId } }),
      db.$queryRaw<{ id: number; on_hand: string }[]>`
        SELECT s.id, trim_scale(COALESCE(l.on_hand, 0))::text AS on_hand FROM skus AS s
        LEFT JOIN sku_stock AS l ON l.account_id = s.account_id
          AND l.site_id = ${defaultSiteOf(accountId)} AND l.sku_id = s.id
        WHERE s.account_id = ${accountId} ORDER BY s.id`,
      db.$queryRaw<{ id: number; on_hand: string }[]>`
        SELECT i.id, trim_scale(COALESCE(l.on_hand, 0))::text AS on_hand FROM supplier_items AS i
        LEFT JOIN supplier_item_stock AS l ON l.account_id = i.account_id
          AND l.site_id = ${defaultSiteOf(accountId)} AND l.supplier_item_id = i.id
        WHERE i.account_id = ${accountId} ORDER BY i.id`,
      // Every level at every site: a level of 0 is told apart from none.
      db.$queryRaw<{ key: string; on_hand: string }[]>`
        SELECT 'sku:' || site_id || ':' || sku_id AS key, trim_scale(on_hand)::text AS on_hand
        FROM sku_stock WHERE account_id = ${accountId}
        UNION ALL
        SELECT 'supplier_item:' || site_id || ':' || supplier_item_id,
          trim_scale(on_hand)::text
        FROM supplier_item_stock WHERE account_id = ${accountId}
        ORDER BY 1`,
      db.stockTakeLine.count({ where: { accountId, movedSinceFreeze: true } }),
    ]);
  return {
    adjustments,
    adjustmentLines,
    movements,
    idempotencyKeys,
    skuOnHand: Object.fromEntries(skus.map((s) => [s.id, s.on_hand])),
    supplierItemOnHand: Object.fromEntries(items.map((s) => [s.id, s.on_hand])),
    stockLevels: Object.fromEntries(levels.map((l) => [l.key, l.on_hand])),
    flaggedStockTakeLines: flagged,
  };
}

/** Runs a request that must fail and checks it wrote nothing at all for the account. */
export async function expectNothingWritten<T>(
  db: PrismaClient,
  account: { accountId: number },
  request: () => Promise<T>,
): Promise<T> {
  const before = await ledgerState(db, account.accountId);
  const result = await request();
  expect(await ledgerState(db, account.accountId)).toEqual(before);
  return result;
}

/** One entity's movements in id order. */
export function movementsOf(
  db: PrismaClient,
  accountId: number,
  ref: { type: "sku" | "supplier_item"; id: number },
) {
  return db.stockMovement.findMany({
    where: { accountId, ...(ref.type === "sku" ? { skuId: ref.id } : { supplierItemId: ref.id }) },
    orderBy: { id: "asc" },
  });
}

/**
 * The chain invariant of one entity at the account's default site: ordered by id, each of its
 * movements there starts where the previous one ended, its change is after − before, and the
 * last one ends at the entity's on hand there. Returns the problems found (empty when the chain
 * holds) so a failure says exactly where it broke.
 */
export async function chainProblems(
  db: PrismaClient,
  accountId: number,
  ref: { type: "sku" | "supplier_item"; id: number },
): Promise<string[]> {
  const siteId = await defaultSiteId(db, accountId);
  const movements = (await movementsOf(db, accountId, ref)).filter((m) => m.siteId === siteId);
  const onHand =
    ref.type === "sku"
      ? await skuOnHand(db, accountId, ref.id)
      : await supplierItemOnHand(db, accountId, ref.id);
  const problems: string[] = [];
  let previousAfter = "0";
  for (const m of movements) {
    if (m.quantityBefore.toFixed() !== previousAfter) {
      problems.push(
        `movement ${m.id}: quantity_before ${m.quantityBefore.toFixed()} but the previous ended at ${previousAfter}`,
      );
    }
    if (!m.quantityAfter.minus(m.quantityBefore).equals(m.change)) {
      problems.push(`movement ${m.id}: change ${m.change.toFixed()} is not after − before`);
    }
    previousAfter = m.quantityAfter.toFixed();
  }
  if (previousAfter !== onHand)
    problems.push(`on_hand is ${onHand} but the last movement ends at ${previousAfter}`);
  return problems;
}

/**
 * What `countpoint verify` finds wrong in the account's ledger: every chain and on hand, every
 * adjustment line and stock take line against its movement (none when the ledger is sound).
 */
export async function ledgerProblems(db: PrismaClient, accountId: number) {
  return (await verifyLedger(db, { accountId })).problems;
}

/** Puts an entity into a stock take of the given status directly (there is no stock take API yet). */
export async function stockTakeWithLine(
  db: PrismaClient,
  accountId: number,
  status: "open" | "counting" | "reconciled" | "cancelled",
  ref: { type: "sku" | "supplier_item"; id: number },
  expectedQty: string,
) {
  const stockTake = await db.stockTake.create({
    data: {
      accountId,
      siteId: await defaultSiteId(db, accountId),
      status,
      scope: ref.type === "sku" ? { sku_ids: [ref.id] } : { supplier_item_ids: [ref.id] },
      actorName: "test",
      ...(status === "reconciled" ? { reconciledAt: new Date() } : {}),
    },
  });
  const line = await db.stockTakeLine.create({
    data: {
      accountId,
      stockTakeId: stockTake.id,
      entityType: ref.type,
      ...(ref.type === "sku" ? { skuId: ref.id } : { supplierItemId: ref.id }),
      expectedQty,
      ...(status === "reconciled" ? { state: "applied" as const } : {}),
    },
  });
  return { stockTake, line };
}

/** Whether a stock take line is flagged as moved since its freeze. */
export async function movedSinceFreeze(
  db: PrismaClient,
  accountId: number,
  lineId: number,
): Promise<boolean> {
  const line = await db.stockTakeLine.findUniqueOrThrow({
    where: { accountId_id: { accountId, id: lineId } },
  });
  return line.movedSinceFreeze;
}
