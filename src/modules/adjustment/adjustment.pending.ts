// An adjustment inside its use case's transaction, in two steps: `check` finds what the lines
// name, locks it in a stable order and says what the stock makes wrong; `apply` writes the record,
// the movements (through the ledger) and the lines. A use case builds one per attempt of its
// transaction, so a retry finds its barcodes afresh.
import type { Tx } from "../../db/client.js";
import { idempotent, type Idempotent } from "../../db/idempotency.js";
import { inTransaction } from "../../db/transaction.js";
import { verified, type ServiceContext } from "../../context.js";
import type { FieldError } from "../../errors.js";
import {
  applyStock,
  entityKey,
  lockStock,
  type LockedStock,
  type StockChange,
} from "../../ledger/ledger.js";
import type { StockAdjustment } from "./adjustment.types.js";
import { checkAgainstStock, resolveBarcodes, type Request } from "./adjustment.request.js";
import { insertAdjustment, insertLines } from "./adjustment.sql.js";
import { holdSite } from "../site/site.service.js";

/** What an applied adjustment wrote: its record, a change per line, and the entities as locked. */
export interface Applied {
  adjustment: StockAdjustment;
  changes: StockChange[];
  locked: Map<string, LockedStock>;
}

/**
 * An adjustment use case's transaction: the token checked first if the transport left it, then,
 * under the idempotency key (its replay or refusal, or the request's input errors), the use case's
 * `check` and `apply` steps, each attempt with a PendingAdjustment of its own. `input`: the
 * fingerprint, when the use case sends more than the request (a PATCH's catalog changes).
 */
export async function inAdjustment<T>(
  ctx: ServiceContext,
  request: Request,
  idempotencyKey: string | undefined,
  steps: {
    input?: () => unknown;
    check: (pending: PendingAdjustment, tx: Tx) => Promise<FieldError[]>;
    apply: (pending: PendingAdjustment, tx: Tx) => Promise<T>;
  },
): Promise<Idempotent<T>> {
  const checked = await verified(ctx);
  return inTransaction(checked.db, (tx) => {
    const pending = new PendingAdjustment(checked, tx, request);
    return idempotent(tx, checked.principal.accountId, idempotencyKey, {
      operation: request.operation,
      input: steps.input ?? request.sent,
      inputErrors: request.errors,
      check: () => steps.check(pending, tx),
      run: () => steps.apply(pending, tx),
    });
  });
}

export class PendingAdjustment {
  private named: Request;
  private locked = new Map<string, LockedStock>();

  constructor(
    private readonly ctx: ServiceContext,
    private readonly tx: Tx,
    request: Request,
  ) {
    this.named = request;
  }

  /**
   * Finds the lines named by barcode (holding their barcode rows), locks every entity named, and
   * answers what is wrong given the stock (unknown or linked entities, stale expected quantities).
   * `skuRows`: lock with each SKU's whole row, for an answer that needs no second read.
   */
  async check({ skuRows = false }: { skuRows?: boolean } = {}): Promise<FieldError[]> {
    const { accountId } = this.ctx.principal;
    // Only a site named costs a look-up: the default is always active. Held before any row
    // lock (the barcodes' included), as every holder of the sites' lock takes it.
    const site =
      this.named.siteId === null
        ? "default"
        : await holdSite(this.tx, accountId, this.named.siteId, ["siteId"]);
    const found = await resolveBarcodes(this.tx, accountId, this.named);
    this.named = found.request;
    this.locked = await lockStock(this.tx, accountId, site, this.named.refs, { skuRows });
    return [...found.errors, ...checkAgainstStock(this.named, this.locked)];
  }

  /** Writes the record, the movements and the lines (unchanged lines write no movement). */
  async apply(): Promise<Applied> {
    const { tx, named: request, locked } = this;
    const { accountId, actor } = this.ctx.principal;
    // Every locked entity was read at the site the request means.
    const site = locked.values().next().value?.siteId ?? "default";
    const adjustment = await insertAdjustment(tx, accountId, { ...request, actor }, site);
    const changes = await applyStock(tx, accountId, locked, request.lines, {
      reason: request.reason,
      source: "adjustment",
      note: request.note,
      reference: request.reference,
      adjustmentId: adjustment.id,
      actor,
    });
    const lines = changes.map((c) => ({
      type: c.entityType,
      id: c.id,
      previousQty: c.previousQty,
      newQty: c.newQty,
      change: c.change,
      status: c.movementId === null ? ("unchanged" as const) : ("changed" as const),
      movementId: c.movementId,
    }));
    await insertLines(tx, accountId, adjustment.id, lines);
    return {
      adjustment: {
        id: adjustment.id,
        reason: request.reason,
        note: request.note,
        reference: request.reference,
        createdAt: adjustment.created_at,
        actor: { name: actor.name, tokenId: actor.tokenId },
        siteId: adjustment.site_id,
        lines,
      },
      changes,
      locked,
    };
  }

  /** `apply` for a request of one line: its change, and its entity as locked. */
  async applyOne(): Promise<{ change: StockChange; locked: LockedStock | undefined }> {
    const { changes, locked } = await this.apply();
    const [change] = changes;
    if (!change || changes.length !== 1) throw new Error("applyOne: one line expected");
    return { change, locked: locked.get(entityKey(change)) };
  }
}
