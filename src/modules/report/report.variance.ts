// The variance (shrinkage) report: what the movements that are differences between the records
// and the shelf (counts, losses, finds, corrections; not receipts or transfers) came to over a
// window, in units and, for the costs scope, in money: overall, by reason, by site, by count class,
// by area, and the items that lost the most. Reads only.
import { seesMoney } from "../../auth/principal.js";
import { readDb, type ServiceContext } from "../../context.js";
import { AppError, notFound, type FieldError } from "../../errors.js";
import { checkBoundedWindow, parseWindow, withoutNulls } from "../../filters.js";
import { Decimal } from "../../quantity.js";
import type { EntityType } from "../../generated/prisma/enums.js";
import { checkSiteAllowed } from "../site/site.access.js";
import { parseAreaDepth } from "../stock-take/stock-take.areas.js";
import { MAX_REPORT_GROUPS } from "./report.sql.js";
import type { WalkedReport } from "./report.service.js";
import { inTransaction } from "../../db/transaction.js";
import { movementsIn, NO_JIT, varianceRows, type VarianceRow } from "./report.variance.sql.js";

/** Items the report names unless asked otherwise, and the most it names. */
export const TOP_ITEMS_DEFAULT = 10;
export const MAX_TOP_ITEMS = 100;

export interface VarianceQuery {
  from?: string | null;
  to?: string | null;
  siteId?: number | null;
  skuId?: number | null;
  supplierItemId?: number | null;
  areaDepth?: number | null;
  top?: number | null;
}

/** What a group of movements came to. */
export interface Variance {
  movements: number;
  /** Units found (changes above 0), added up. */
  unitsIn: Decimal;
  /** Units lost (changes below 0), added up: 0 or less. */
  unitsOut: Decimal;
  unitsNet: Decimal;
  /** In money, for a caller with the costs scope once the account has a currency. */
  values?: VarianceValues;
}

/** A group's movements' values (each written with its movement), added up exactly. */
export interface VarianceValues {
  gains: string;
  losses: string;
  net: string;
  /** Movements without a value (their item had no cost when they were written). */
  unvaluedMovements: number;
}

export interface VarianceReport {
  from: Date | null;
  to: Date;
  siteId: number | null;
  areaDepth: number;
  overall: Variance;
  reasons: (Variance & { reason: string })[];
  sites: (Variance & { siteId: number })[];
  classes: (Variance & { countClass: string | null })[];
  locations: (Variance & { prefix: string | null })[];
  /** The items that lost the most: by value lost (with money), then by units lost. */
  topItems: (Variance & { type: EntityType; id: number; code: string; name: string })[];
  /** Whether areas past MAX_REPORT_GROUPS were left out. */
  truncated: boolean;
}

/**
 * The variance over the window: account-wide (or at one site) at most 31 days, as the movement
 * history's; any window for one SKU or supplier item. Checks the query; its walk counts the
 * movements it reads (its price); `read` makes the report.
 */
export async function prepareVarianceReport(
  ctx: ServiceContext,
  query: VarianceQuery,
): Promise<WalkedReport<Promise<VarianceReport>>> {
  const { accountId, timezone } = ctx.principal;
  const q = withoutNulls(query);
  const depth = parseAreaDepth(q.areaDepth, ["areaDepth"]);
  const top = parseTop(q.top);
  const window = parseWindow(q.from, q.to, timezone);
  checkSiteAllowed(ctx.principal, q.siteId, ["siteId"]);
  const byEntity = q.skuId !== undefined || q.supplierItemId !== undefined;
  checkBoundedWindow(window, timezone, { byEntity, entities: "sku_id or supplier_item_id" });
  const db = readDb(ctx);
  await checkNamed(ctx, q);
  const sites = q.siteId !== undefined ? [q.siteId] : ctx.principal.sites;
  const scope = {
    accountId,
    start: window.start,
    end: window.end ?? new Date(),
    sites,
    skuId: q.skuId,
    supplierItemId: q.supplierItemId,
  };
  const money = seesMoney(ctx.principal);
  return {
    walk: {
      key: `variance:${JSON.stringify([scope.start?.getTime() ?? null, scope.end.getTime(), sites ?? null, q.skuId ?? null, q.supplierItemId ?? null])}`,
      lines: () => movementsIn(db, scope),
    },
    read: async () => {
      // JIT off for it: the statement's estimated cost is past jit_above_cost for any month of
      // movements, and compiling it took a quarter of a second more than it saved.
      const rows = await inTransaction(db, async (tx) => {
        await tx.$queryRawUnsafe(NO_JIT);
        return varianceRows(tx, { ...scope, depth, top, money });
      });
      return toReport(rows, {
        from: window.start ?? null,
        to: scope.end,
        siteId: q.siteId ?? null,
        areaDepth: depth,
      });
    },
  };
}

function parseTop(top: number | undefined): number {
  if (top === undefined) return TOP_ITEMS_DEFAULT;
  if (Number.isInteger(top) && top >= 1 && top <= MAX_TOP_ITEMS) return top;
  const message = `must be a whole number from 1 to ${MAX_TOP_ITEMS}`;
  throw new AppError("INVALID_PARAMETER", `top ${message}`, [
    { path: ["top"], code: "INVALID_PARAMETER", message },
  ]);
}

/** The site and items the query names exist in the caller's account (a typo is not "no loss"). */
async function checkNamed(
  ctx: ServiceContext,
  q: { siteId?: number; skuId?: number; supplierItemId?: number },
): Promise<void> {
  const { accountId } = ctx.principal;
  const db = readDb(ctx);
  const key = (id: number) => ({
    where: { accountId_id: { accountId, id } },
    select: { id: true },
  });
  const [site, sku, item] = await Promise.all([
    q.siteId === undefined ? undefined : db.site.findUnique(key(q.siteId)),
    q.skuId === undefined ? undefined : db.sku.findUnique(key(q.skuId)),
    q.supplierItemId === undefined ? undefined : db.supplierItem.findUnique(key(q.supplierItemId)),
  ]);
  const errors: FieldError[] = [];
  const missing = [
    [site, q.siteId, "SITE_NOT_FOUND", "siteId"],
    [sku, q.skuId, "SKU_NOT_FOUND", "skuId"],
    [item, q.supplierItemId, "SUPPLIER_ITEM_NOT_FOUND", "supplierItemId"],
  ] as const;
  for (const [found, id, code, parameter] of missing) {
    if (found === null && id !== undefined) {
      errors.push(notFound(code, id, [parameter]).fieldErrors[0]!);
    }
  }
  if (errors.length > 0) throw AppError.fromFields(errors);
}

const varianceOf = (r: VarianceRow | undefined): Variance => ({
  movements: r?.movements ?? 0,
  unitsIn: new Decimal(r?.units_in ?? 0),
  unitsOut: new Decimal(r?.units_out ?? 0),
  unitsNet: new Decimal(r?.units_net ?? 0),
  ...(r && r.value_gains !== null && r.value_losses !== null && r.value_net !== null
    ? {
        values: {
          gains: r.value_gains,
          losses: r.value_losses,
          net: r.value_net,
          unvaluedMovements: r.unvalued,
        },
      }
    : {}),
});

function toReport(
  rows: VarianceRow[],
  head: Pick<VarianceReport, "from" | "to" | "siteId" | "areaDepth">,
): VarianceReport {
  const of = (grouping: VarianceRow["grouping"]) => rows.filter((r) => r.grouping === grouping);
  const areas = of("area");
  return {
    ...head,
    overall: varianceOf(of("all")[0]),
    reasons: of("reason").map((r) => ({ reason: r.reason!, ...varianceOf(r) })),
    sites: of("site").map((r) => ({ siteId: r.site_id!, ...varianceOf(r) })),
    classes: of("class").map((r) => ({ countClass: r.count_class, ...varianceOf(r) })),
    locations: areas
      .slice(0, MAX_REPORT_GROUPS)
      .map((r) => ({ prefix: r.prefix, ...varianceOf(r) })),
    topItems: of("item").map((r) => ({
      type: r.entity_type!,
      id: r.entity_id!,
      code: r.code ?? "",
      name: r.name ?? "",
      ...varianceOf(r),
    })),
    truncated: areas.length > MAX_REPORT_GROUPS,
  };
}
