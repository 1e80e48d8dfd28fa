// Starting a stock take: freeze the scope's quantities as its lines, in one transaction and a
// fixed number of statements whatever the scope's size.
import { Prisma, type Tx } from "../../db/client.js";
import type { ServiceContext } from "../../context.js";
import { AppError, notFound, type FieldError } from "../../errors.js";
import type { EntityType } from "../../generated/prisma/enums.js";
import { optionalText } from "../../text.js";
import { TEXT_LIMITS, parseBasis, parseIds, type Basis } from "./stock-take.parse.js";
import { toStockTake, type StockTakeView } from "./stock-take.records.js";
import { intArray } from "../../db/sql.js";
import { STOCK_TAKE_START_LOCK_CLASS } from "../../db/locks.js";

export interface StartData {
  scope?: { skuIds?: number[] | null; supplierItemIds?: number[] | null } | null;
  reference?: string | null;
  note?: string | null;
  blind?: boolean | null;
  basis?: string | null;
}

export interface StartRequest {
  /** null: the default scope (all active SKUs and all unlinked supplier items). */
  skuIds: number[] | null;
  supplierItemIds: number[] | null;
  reference: string | null;
  note: string | null;
  blind: boolean;
  basis: Basis;
}

/** Most overlapping entities named in a STOCK_TAKE_OVERLAP answer. */
const MAX_REPORTED = 1000;

export function parseStart(input: StartData): StartRequest {
  const errors: FieldError[] = [];
  const explicit = input.scope !== undefined && input.scope !== null;
  const skuIds = parseIds(input.scope?.skuIds, ["scope", "skuIds"], errors);
  const supplierItemIds = parseIds(
    input.scope?.supplierItemIds,
    ["scope", "supplierItemIds"],
    errors,
  );
  if (explicit && (skuIds?.length ?? 0) + (supplierItemIds?.length ?? 0) === 0) {
    errors.push({
      path: ["scope"],
      code: "INVALID_PARAMETER",
      message: "name at least one SKU or supplier item, or leave scope out to count everything",
    });
  }
  const request: StartRequest = {
    skuIds: explicit ? (skuIds ?? []) : null,
    supplierItemIds: explicit ? (supplierItemIds ?? []) : null,
    reference: optionalText(input.reference, ["reference"], TEXT_LIMITS.reference, errors),
    note: optionalText(input.note, ["note"], TEXT_LIMITS.note, errors),
    blind: input.blind ?? false,
    basis: parseBasis(input.basis, errors),
  };
  if (errors.length > 0) throw AppError.fromFields(errors);
  return request;
}

/**
 * Creates the stock take and its lines. Starts of one account run one at a time (an advisory
 * lock), so two overlapping starts cannot both pass the overlap check; the scope's rows are
 * locked FOR SHARE in the ledger's order, so a concurrent adjustment either lands before the
 * freeze (and is in expected_qty) or after it (and flags the line as moved since the freeze).
 */
export async function start(
  ctx: ServiceContext,
  tx: Tx,
  request: StartRequest,
): Promise<StockTakeView> {
  const { accountId, actor } = ctx.principal;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${STOCK_TAKE_START_LOCK_CLASS}::int, ${accountId}::int)`;
  const skuScope =
    request.skuIds === null
      ? Prisma.sql`active`
      : Prisma.sql`id = ANY(${intArray(request.skuIds ?? [])})`;
  const itemScope =
    request.supplierItemIds === null
      ? Prisma.sql`sku_id IS NULL`
      : Prisma.sql`id = ANY(${intArray(request.supplierItemIds ?? [])})`;

  const skus = await lockScope(tx, "skus", accountId, skuScope, request.skuIds !== null);
  const items = await lockScope(
    tx,
    "supplier_items",
    accountId,
    itemScope,
    request.supplierItemIds !== null,
  );
  const errors = [
    ...scopeErrors(request.skuIds, skus.rows, "sku"),
    ...scopeErrors(request.supplierItemIds, items.rows, "supplier_item"),
  ];
  if (errors.length > 0) throw AppError.fromFields(errors);
  await refuseOverlap(tx, accountId, request);
  if (skus.count + items.count === 0) {
    throw new AppError(
      "INVALID_PARAMETER",
      "nothing to count: the account has no active SKUs and no unlinked supplier items",
      [{ path: ["scope"], code: "INVALID_PARAMETER", message: "the scope is empty" }],
    );
  }

  const take = await tx.stockTake.create({
    data: {
      accountId,
      reference: request.reference,
      note: request.note,
      blind: request.blind,
      basis: request.basis,
      scope:
        request.skuIds === null
          ? { all: true }
          : { sku_ids: request.skuIds, supplier_item_ids: request.supplierItemIds },
      actorName: actor.name,
      actorTokenId: actor.tokenId,
    },
  });
  // The rows are locked: on_hand read here is the quantity at the freeze.
  await tx.$executeRaw`
    INSERT INTO stock_take_lines (account_id, stock_take_id, entity_type, sku_id, expected_qty)
    SELECT account_id, ${take.id}, 'sku', id, on_hand FROM skus
    WHERE account_id = ${accountId} AND ${skuScope} ORDER BY id`;
  await tx.$executeRaw`
    INSERT INTO stock_take_lines (account_id, stock_take_id, entity_type, supplier_item_id, expected_qty)
    SELECT account_id, ${take.id}, 'supplier_item', id, on_hand FROM supplier_items
    WHERE account_id = ${accountId} AND ${itemScope} AND sku_id IS NULL ORDER BY id`;
  return toStockTake(take);
}

/**
 * Locks the scope's rows FOR SHARE in id order. For an explicit scope it returns the rows found
 * (to report unknown and linked ones); for the default scope only how many there are.
 */
async function lockScope(
  tx: Tx,
  table: "skus" | "supplier_items",
  accountId: number,
  scope: Prisma.Sql,
  explicit: boolean,
): Promise<{ rows: { id: number; sku_id: number | null }[]; count: number }> {
  const linkedTo = Prisma.raw(table === "skus" ? "NULL::int" : "sku_id");
  const rows = await tx.$queryRaw<{ id: number; sku_id: number | null; total: number }[]>`
    SELECT id, sku_id, (count(*) OVER ())::int AS total FROM (
      SELECT id, ${linkedTo} AS sku_id FROM ${Prisma.raw(table)}
      WHERE account_id = ${accountId} AND ${scope} ORDER BY id FOR SHARE) AS locked
    ${explicit ? Prisma.empty : Prisma.sql`LIMIT 1`}`;
  const count = explicit ? rows.filter((r) => r.sku_id === null).length : (rows[0]?.total ?? 0);
  return { rows, count };
}

/** Unknown ids and linked supplier items of an explicit scope. */
function scopeErrors(
  requested: number[] | null,
  found: { id: number; sku_id: number | null }[],
  type: EntityType,
): FieldError[] {
  if (requested === null) return [];
  const byId = new Map(found.map((f) => [f.id, f]));
  const list = type === "sku" ? "skuIds" : "supplierItemIds";
  const code = type === "sku" ? "SKU_NOT_FOUND" : "SUPPLIER_ITEM_NOT_FOUND";
  return requested.flatMap((id, i): FieldError[] => {
    const row = byId.get(id);
    const path = ["scope", list, i];
    if (!row) return [{ path, code, message: notFound(code, id).message }];
    if (row.sku_id !== null) {
      return [
        {
          path,
          code: "LINKED_SUPPLIER_ITEM",
          message: `supplier item ${id} is linked to SKU ${row.sku_id}, which holds its stock: count SKU ${row.sku_id} instead`,
        },
      ];
    }
    return [];
  });
}

/** STOCK_TAKE_OVERLAP naming each entity already in an open or counting stock take, and that stock take. */
async function refuseOverlap(tx: Tx, accountId: number, request: StartRequest): Promise<void> {
  const inScope =
    request.skuIds === null
      ? Prisma.sql`(l.sku_id IN (SELECT id FROM skus WHERE account_id = ${accountId} AND active)
          OR l.supplier_item_id IN (SELECT id FROM supplier_items
            WHERE account_id = ${accountId} AND sku_id IS NULL))`
      : Prisma.sql`(l.sku_id = ANY(${intArray(request.skuIds ?? [])})
          OR l.supplier_item_id = ANY(${intArray(request.supplierItemIds ?? [])}))`;
  const overlaps = await tx.$queryRaw<
    { entity_type: EntityType; entity_id: number; stock_take_id: number; total: number }[]
  >`
    SELECT l.entity_type, COALESCE(l.sku_id, l.supplier_item_id) AS entity_id, l.stock_take_id,
      (count(*) OVER ())::int AS total
    FROM stock_take_lines l
    JOIN stock_takes t ON t.account_id = l.account_id AND t.id = l.stock_take_id
    WHERE l.account_id = ${accountId} AND t.status IN ('open', 'counting') AND ${inScope}
    ORDER BY l.entity_type, entity_id
    LIMIT ${MAX_REPORTED}`;
  if (overlaps.length === 0) return;
  const takes = [...new Set(overlaps.map((o) => o.stock_take_id))].sort((a, b) => a - b);
  const total = overlaps[0]?.total ?? overlaps.length;
  const errors: FieldError[] = overlaps.map((o) => ({
    path: scopePath(request, o.entity_type, o.entity_id),
    code: "STOCK_TAKE_OVERLAP",
    message: `${o.entity_type} ${o.entity_id} is already in stock take ${o.stock_take_id}`,
  }));
  throw new AppError(
    "STOCK_TAKE_OVERLAP",
    `${total} ${total === 1 ? "entity is" : "entities are"} already in open stock take${takes.length > 1 ? "s" : ""} ${takes.join(", ")}; reconcile or cancel ${takes.length > 1 ? "them" : "it"} first, or leave ${total === 1 ? "it" : "them"} out of the scope`,
    errors,
  );
}

function scopePath(request: StartRequest, type: EntityType, id: number): (string | number)[] {
  const list = type === "sku" ? request.skuIds : request.supplierItemIds;
  if (list === null) return ["scope"];
  return ["scope", type === "sku" ? "skuIds" : "supplierItemIds", list.indexOf(id)];
}
