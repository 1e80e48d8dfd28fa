// A single SKU's adjustment sent without a key, in one statement (docs/architecture/statements.md):
// the lock, the checks, the token's check when the transport left it to the work, the movement and
// the record, in one round trip.
import { retryingConflicts } from "../../db/transaction.js";
import type { ServiceContext } from "../../context.js";
import { AppError, notFound } from "../../errors.js";
import {
  entityKey,
  movementWritten,
  openLevel,
  type LockedStock,
  type StockChange,
} from "../../ledger/ledger.js";
import { Decimal } from "../../quantity.js";
import { checkAgainstStock, type Request } from "./adjustment.request.js";
import { setSkuAtOnce, type SkuSet } from "./adjustment.sql.js";
import { siteInactive } from "../site/site.service.js";
import type { TokenCheck } from "../../auth/tokens.js";

/**
 * A single SKU's adjustment sent without a key, in one statement (see setSkuAtOnce): the same
 * checks, writes and answer as a PendingAdjustment's, in one round trip instead of five.
 */
export async function adjustSkuAtOnce(
  ctx: ServiceContext,
  request: Request,
): Promise<{ change: StockChange; locked: LockedStock | undefined }> {
  const line = request.lines[0];
  if (!line || request.lines.length !== 1) throw new Error("adjustSkuAtOnce: one line expected");
  const { accountId, actor } = ctx.principal;
  const { reason, note, reference } = request;
  const details = { reason, note, reference, source: "adjustment" as const, actor };
  const { unverified } = ctx;
  const site = request.siteId ?? "default";
  const set = (check: TokenCheck | undefined) =>
    retryingConflicts(() =>
      setSkuAtOnce(ctx.db, accountId, site, line.id, line.newQty, line.expectedQty, details, check),
    );
  const first = await set(unverified?.check);
  // An unchecked token was checked by the statement, which did nothing unless it let it in.
  if (unverified) unverified.admit(unverified.check.outcome(first.token));
  // A SKU without a level at the site (one never held there, every SKU at a default made after
  // it, one made outside the service) gets one, and the statement runs again without the token's
  // check: it was checked and charged once, above. A site named that is not the account's, or is
  // deactivated, is said so here.
  const row = first.sku ?? (await withLevel(ctx, site, line.id, () => set(undefined)));
  const locked = new Map<string, LockedStock>();
  if (row) {
    const { id, code, name, active, createdAt, updatedAt, barcodes, location } = row;
    locked.set(entityKey(line), {
      entityType: "sku",
      id,
      siteId: row.levelSiteId,
      onHand: new Decimal(row.onHand),
      linkedSkuId: null,
      sku: { id, code, name, active, createdAt, updatedAt, barcodes, location },
    });
  }
  const current = locked.get(entityKey(line));
  if (!row || !current || row.adjustmentId === null) {
    const errors = checkAgainstStock(request, (ref) => locked.get(entityKey(ref)));
    if (errors.length === 0) throw new Error("adjustSkuAtOnce: nothing written and nothing wrong");
    throw AppError.fromFields(errors);
  }
  const previousQty = current.onHand;
  const movement =
    row.movementId === null || row.occurredAt === null || row.siteId === null
      ? null
      : movementWritten(
          { ...line, previousQty },
          { id: row.movementId, occurred_at: row.occurredAt, site_id: row.siteId },
          { ...details, adjustmentId: row.adjustmentId },
        );
  const change: StockChange = {
    entityType: "sku",
    id: line.id,
    previousQty,
    newQty: line.newQty,
    change: line.newQty.minus(previousQty),
    movementId: movement?.id ?? null,
    movement,
  };
  return { change, locked: current };
}

/** The statement run again once the SKU has a level at the site (undefined: an unknown SKU). */
async function withLevel(
  ctx: ServiceContext,
  site: number | "default",
  skuId: number,
  again: () => Promise<{ sku: SkuSet | undefined }>,
): Promise<SkuSet | undefined> {
  const siteRefused = (state: "active" | "inactive" | "missing") => {
    if (site === "default" || state === "active") return;
    if (state === "missing") throw notFound("SITE_NOT_FOUND", site, ["siteId"]);
    throw siteInactive(site, ["siteId"]);
  };
  const opened = await openLevel(ctx.db, ctx.principal.accountId, site, skuId);
  siteRefused(opened.site);
  if (!opened.known) return undefined;
  const row = (await again()).sku;
  // Nothing again: the site was deactivated in between (else the SKU would have been found).
  if (!row) siteRefused((await openLevel(ctx.db, ctx.principal.accountId, site, skuId)).site);
  return row;
}
