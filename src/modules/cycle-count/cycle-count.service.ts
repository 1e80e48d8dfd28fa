// Cycle counts: what is due for a count, and classifying SKUs by how much they move. A reconcile
// records what it counted (stock-take.reconcile.ts, through countedNow). Nothing here changes
// stock: no movement is ever written.
import { idempotent, type Idempotent } from "../../db/idempotency.js";
import { inTransaction } from "../../db/transaction.js";
import { readDb, type ServiceContext } from "../../context.js";
import { AppError, type FieldError } from "../../errors.js";
import type { CountClass } from "../../generated/prisma/enums.js";
import { DEFAULT_DUE_LIMIT, MAX_DUE_LIMIT } from "../../limits.js";
import { classifySkus, dueSkus, type Shares } from "./cycle-count.sql.js";

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

/** The active SKUs due for a count, most overdue first (never counted first of all). */
export async function listDue(
  ctx: ServiceContext,
  query: { limit?: number | null },
): Promise<DueSku[]> {
  const limit = query.limit ?? DEFAULT_DUE_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_DUE_LIMIT) {
    throw new AppError("INVALID_PARAMETER", `limit must be 1 to ${MAX_DUE_LIMIT}`);
  }
  const rows = await dueSkus(readDb(ctx), ctx.principal.accountId, limit);
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
  /** Days of movement to weigh (DEFAULT_CLASSIFY_DAYS when absent). */
  windowDays?: number | null;
  /** Percent of the volume that makes class A, then class B (80 and 15 when absent). */
  shareA?: number | null;
  shareB?: number | null;
  dryRun?: boolean | null;
}

export interface Classification {
  windowDays: number;
  shareA: number;
  shareB: number;
  dryRun: boolean;
  /** Active SKUs in each class, and how many of them the classification moved there. */
  classes: { countClass: CountClass; skus: number; changed: number }[];
}

/**
 * Gives every active SKU of the account a count class (A, B or C) by the quantity its movements
 * moved over the window; a dry run answers the same and writes nothing. Changes no stock.
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
  return inTransaction(ctx.db, (tx) =>
    idempotent(tx, accountId, idempotencyKey, {
      operation: "classify",
      inputErrors: errors,
      check: async () => [],
      input: () => ({ windowDays, shares, dryRun }),
      run: async () => {
        const tally = await classifySkus(tx, accountId, windowDays, shares, dryRun);
        const classes = (["A", "B", "C"] as const).map((countClass) => {
          const row = tally.find((t) => t.count_class === countClass);
          return { countClass, skus: row?.skus ?? 0, changed: row?.changed ?? 0 };
        });
        return { windowDays, shareA: shares.a, shareB: shares.b, dryRun, classes };
      },
    }),
  );
}
