// Cycle counts: what is due for a count, and classifying SKUs by how much they move. A reconcile
// records what it counted (stock-take.reconcile.ts, through countedNow). Nothing here changes
// stock: no movement is ever written.
import { idempotent, type Idempotent } from "../../db/idempotency.js";
import { inTransaction } from "../../db/transaction.js";
import type { PrismaClient } from "../../db/client.js";
import { readDb, type ServiceContext } from "../../context.js";
import { AppError, type FieldError } from "../../errors.js";
import type { CountClass } from "../../generated/prisma/enums.js";
import { DEFAULT_DUE_LIMIT, MAX_DUE_LIMIT } from "../../limits.js";
import { notFound } from "../../errors.js";
import { defaultSiteId, siteOrDefault } from "../site/site.service.js";
import { siteFor } from "../site/site.access.js";
import type { Principal } from "../../auth/principal.js";
import {
  classifySkus,
  cycleRowsOf,
  dueSkus,
  setSkuClass,
  type CycleRow,
  type Shares,
} from "./cycle-count.sql.js";

export { DEFAULT_DUE_LIMIT, MAX_DUE_LIMIT };
/** The movement window classify reads by default, and the longest it may read. */
export const DEFAULT_CLASSIFY_DAYS = 90;
export const MAX_CLASSIFY_DAYS = 366;
/** The default split of movement volume: A the first 80%, B the next 15%, C the last 5%. */
export const DEFAULT_SHARES: Shares = { a: 80, b: 15 };

export interface DueSku {
  skuId: number;
  code: string;
  name: string;
  location: string | null;
  countClass: CountClass;
  /** null: never counted by a reconcile since it got its class. */
  lastCountedAt: Date | null;
  /** When its class's interval ran out (null: never counted, due at once). */
  dueAt: Date | null;
  /** Whole days since dueAt (null: never counted). */
  daysOverdue: number | null;
}

/**
 * The active SKUs due for a count at a site (the default when none is named), most overdue first
 * (never counted first of all).
 */
export async function listDue(
  ctx: ServiceContext,
  query: { limit?: number | null; siteId?: number | null },
): Promise<DueSku[]> {
  const limit = query.limit ?? DEFAULT_DUE_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_DUE_LIMIT) {
    throw new AppError("INVALID_PARAMETER", `limit must be 1 to ${MAX_DUE_LIMIT}`);
  }
  const db = readDb(ctx);
  const { accountId } = ctx.principal;
  const siteId = await siteOrDefault(db, ctx.principal, query.siteId, ["siteId"]);
  const rows = await dueSkus(db, accountId, siteId, limit);
  return rows.map((r) => ({
    skuId: r.sku_id,
    code: r.code,
    name: r.name,
    location: r.location,
    countClass: r.count_class,
    lastCountedAt: r.last_counted_at,
    dueAt: r.due_at,
    daysOverdue: r.days_overdue,
  }));
}

export interface ClassifyInput {
  /** The site whose movements are weighed and whose classes are set (the default when absent). */
  siteId?: number | null;
  /** Days of movement to weigh (DEFAULT_CLASSIFY_DAYS when absent). */
  windowDays?: number | null;
  /** Percent of the volume that makes class A, then class B (80 and 15 when absent). */
  shareA?: number | null;
  shareB?: number | null;
  dryRun?: boolean | null;
}

export interface Classification {
  siteId: number;
  windowDays: number;
  shareA: number;
  shareB: number;
  dryRun: boolean;
  /** Active SKUs in each class, and how many of them the classification moved there. */
  classes: { countClass: CountClass; skus: number; changed: number }[];
}

/** How many active SKUs a classification weighs (what it is priced by: classifyUnits). */
export async function activeSkuCount(ctx: ServiceContext): Promise<number> {
  return readDb(ctx).sku.count({ where: { accountId: ctx.principal.accountId, active: true } });
}

/**
 * Gives every active SKU of the account a count class (A, B or C) at a site by the quantity its
 * movements there moved over the window; a dry run answers the same and writes nothing. Changes
 * no stock.
 */
export async function classify(
  ctx: ServiceContext,
  input: ClassifyInput,
  idempotencyKey?: string,
): Promise<Idempotent<Classification>> {
  const windowDays = input.windowDays ?? DEFAULT_CLASSIFY_DAYS;
  const shares = { a: input.shareA ?? DEFAULT_SHARES.a, b: input.shareB ?? DEFAULT_SHARES.b };
  const errors: FieldError[] = [];
  const check = (ok: boolean, path: string, message: string) => {
    if (!ok) errors.push({ path: [path], code: "INVALID_PARAMETER", message });
  };
  check(
    Number.isInteger(windowDays) && windowDays >= 1 && windowDays <= MAX_CLASSIFY_DAYS,
    "windowDays",
    `a whole number of days, 1 to ${MAX_CLASSIFY_DAYS}`,
  );
  const shareA = Number.isInteger(shares.a) && shares.a >= 1 && shares.a <= 100;
  check(shareA, "shareA", "a whole percent, 1 to 100");
  // Against a valid shareA only: a bad one is the one problem.
  if (shareA) {
    check(
      Number.isInteger(shares.b) && shares.b >= 0 && shares.a + shares.b <= 100,
      "shareB",
      `a whole percent, 0 to ${100 - shares.a} (100 less shareA)`,
    );
  }
  const dryRun = input.dryRun ?? false;
  const { accountId } = ctx.principal;
  // A token limited to sites classifies its own (named or not); its key's answer is of that site.
  const asked = siteFor(ctx.principal, input.siteId, ["siteId"]);
  let siteId = 0;
  return inTransaction(ctx.db, async (tx) => {
    const done = await idempotent(tx, ctx.principal, idempotencyKey, {
      operation: "classify",
      inputErrors: errors,
      check: async () => {
        siteId = await siteOrDefault(tx, ctx.principal, asked, ["siteId"]);
        return [];
      },
      input: () => ({
        windowDays,
        shares,
        dryRun,
        ...(asked ? { siteId: asked } : {}),
      }),
      run: async () => {
        const tally = await classifySkus(tx, accountId, siteId, windowDays, shares, dryRun);
        const classes = (["A", "B", "C"] as const).map((countClass) => {
          const row = tally.find((t) => t.count_class === countClass);
          return { countClass, skus: row?.skus ?? 0, changed: row?.changed ?? 0 };
        });
        return { siteId, windowDays, shareA: shares.a, shareB: shares.b, dryRun, classes };
      },
    });
    // A classification answered before sites (replayed within its key's 24 hours) named none:
    // it was the default site's.
    return done.value.siteId === undefined
      ? { ...done, value: { ...done.value, siteId: await defaultSiteId(tx, accountId) } }
      : done;
  });
}

/** A SKU's place in a site's cycle: its class, when it was last counted and when it falls due. */
export interface SkuCycleCount {
  skuId: number;
  siteId: number;
  /** null: no class, never due. */
  countClass: CountClass | null;
  /** When a reconcile last applied or confirmed a count of it; null: never. */
  lastCountedAt: Date | null;
  /** When its class's interval runs out; null when it has no class or was never counted. */
  dueAt: Date | null;
  /** Whole days since dueAt (negative: days until it); null with dueAt. */
  daysOverdue: number | null;
}

const toCycleCount = (skuId: number, siteId: number, row: CycleRow | undefined): SkuCycleCount => ({
  skuId,
  siteId,
  countClass: row?.count_class ?? null,
  lastCountedAt: row?.last_counted_at ?? null,
  dueAt: row?.count_class ? (row.due_at ?? null) : null,
  daysOverdue: row?.count_class ? (row.days_overdue ?? null) : null,
});

/**
 * The cycle count at a site (the default when null) of each SKU given (which the caller has read
 * from the account).
 */
export async function cycleCountsByIds(
  db: PrismaClient,
  principal: Principal,
  skuIds: readonly number[],
  site: number | null = null,
): Promise<Map<number, SkuCycleCount>> {
  const { accountId } = principal;
  const siteId = site ?? (await siteOrDefault(db, principal, null, ["siteId"]));
  const rows = await cycleRowsOf(db, accountId, siteId, skuIds);
  const byId = new Map(rows.map((r) => [r.sku_id, r]));
  return new Map(skuIds.map((id) => [id, toCycleCount(id, siteId, byId.get(id))]));
}

/**
 * The cycle counts of the SKUs given at the site named (SITE_NOT_FOUND, on `siteId`, when the
 * account has none by this id), or the default site's (GraphQL's Sku.cycleCount).
 */
export async function cycleCountsAt(
  db: PrismaClient,
  principal: Principal,
  skuIds: readonly number[],
  siteId: number | null,
): Promise<Map<number, SkuCycleCount>> {
  const site = await siteOrDefault(db, principal, siteId, ["siteId"]);
  return cycleCountsByIds(db, principal, skuIds, site);
}

/**
 * One SKU's cycle count at a site (the default when none is named); 404 SKU_NOT_FOUND when the
 * account has no such SKU, SITE_NOT_FOUND when it has no such site.
 */
export async function skuCycleCount(
  ctx: ServiceContext,
  skuId: number,
  query: { siteId?: number | null } = {},
): Promise<SkuCycleCount> {
  const db = readDb(ctx);
  const { accountId } = ctx.principal;
  const sku = await db.sku.findUnique({
    where: { accountId_id: { accountId, id: skuId } },
    select: { id: true },
  });
  if (!sku) throw notFound("SKU_NOT_FOUND", skuId, ["id"]);
  const siteId = await siteOrDefault(db, ctx.principal, query.siteId, ["siteId"]);
  return (await cycleCountsByIds(db, ctx.principal, [skuId], siteId)).get(skuId)!;
}

/**
 * Sets a SKU's count class at a site (the default when none is named) by hand (null: none, never
 * due there), until a classification of the site sets it again; when it was last counted is kept.
 * Changes no stock.
 */
export async function setCountClass(
  ctx: ServiceContext,
  skuId: number,
  countClass: string | null,
  site: number | null = null,
): Promise<SkuCycleCount> {
  if (countClass !== null && !COUNT_CLASSES.includes(countClass as CountClass)) {
    throw new AppError("INVALID_PARAMETER", "countClass must be A, B, C or null", [
      { path: ["countClass"], code: "INVALID_PARAMETER", message: "must be A, B, C or null" },
    ]);
  }
  const { accountId } = ctx.principal;
  const siteId = await siteOrDefault(ctx.db, ctx.principal, site, ["siteId"]);
  const found = await inTransaction(ctx.db, (tx) =>
    setSkuClass(tx, accountId, siteId, skuId, countClass as CountClass | null),
  );
  if (!found) throw notFound("SKU_NOT_FOUND", skuId, ["id"]);
  // From the primary: a replica may not have the change yet.
  return (await cycleCountsByIds(ctx.db, ctx.principal, [skuId], siteId)).get(skuId)!;
}

const COUNT_CLASSES: readonly CountClass[] = ["A", "B", "C"];

/** The days between counts of each class, on the account. */
export interface CycleSettings {
  intervalDaysA: number;
  intervalDaysB: number;
  intervalDaysC: number;
}

/** The longest interval a class may have: ten years. */
export const MAX_CYCLE_DAYS = 3650;

const settingsOf = (a: { cycleDaysA: number; cycleDaysB: number; cycleDaysC: number }) => ({
  intervalDaysA: a.cycleDaysA,
  intervalDaysB: a.cycleDaysB,
  intervalDaysC: a.cycleDaysC,
});

/** The account's count intervals per class. */
export async function cycleSettings(ctx: ServiceContext): Promise<CycleSettings> {
  const account = await readDb(ctx).account.findUniqueOrThrow({
    where: { id: ctx.principal.accountId },
    select: { cycleDaysA: true, cycleDaysB: true, cycleDaysC: true },
  });
  return settingsOf(account);
}

/**
 * Sets the count interval of the classes given (1 to MAX_CYCLE_DAYS days each); what is due
 * follows at once (nothing is recomputed). Changes no stock.
 */
export async function updateCycleSettings(
  ctx: ServiceContext,
  input: {
    intervalDaysA?: number | null;
    intervalDaysB?: number | null;
    intervalDaysC?: number | null;
  },
): Promise<CycleSettings> {
  // The intervals are the whole account's, every site's: not a token limited to some sites' to set.
  if (ctx.principal.sites) {
    throw new AppError(
      "FORBIDDEN",
      "the cycle-count intervals are the account's, for every site: a token limited to sites may read them, not change them",
    );
  }
  const errors: FieldError[] = [];
  const days = (name: keyof CycleSettings) => {
    const value = input[name];
    if (value === undefined || value === null) return undefined;
    if (!Number.isInteger(value) || value < 1 || value > MAX_CYCLE_DAYS) {
      errors.push({
        path: [name],
        code: "INVALID_PARAMETER",
        message: `a whole number of days, 1 to ${MAX_CYCLE_DAYS}`,
      });
      return undefined;
    }
    return value;
  };
  const data = {
    cycleDaysA: days("intervalDaysA"),
    cycleDaysB: days("intervalDaysB"),
    cycleDaysC: days("intervalDaysC"),
  };
  if (errors.length > 0) throw AppError.fromFields(errors);
  const account = await ctx.db.account.update({
    where: { id: ctx.principal.accountId },
    data,
    select: { cycleDaysA: true, cycleDaysB: true, cycleDaysC: true },
  });
  return settingsOf(account);
}
