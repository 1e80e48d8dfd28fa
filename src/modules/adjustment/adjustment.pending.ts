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
  lockStockAtSites,
  type EntityRef,
  type LockedStock,
  type StockChange,
} from "../../ledger/ledger.js";
import type { StockAdjustment } from "./adjustment.types.js";
import {
  checkAgainstStock,
  resolveBarcodes,
  withSites,
  type Line,
  type LineSite,
  type Request,
} from "./adjustment.request.js";
import { insertAdjustment, insertLines } from "./adjustment.sql.js";
import { holdSite, holdSites } from "../site/site.service.js";

/** What an applied adjustment wrote: its record, and a change per line in the order sent. */
export interface Applied {
  adjustment: StockAdjustment;
  changes: StockChange[];
}

/** The locked entities, per site their lines are at (lockStock's map for each). */
type Locked = Map<LineSite, Map<string, LockedStock>>;

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
    return idempotent(tx, checked.principal, idempotencyKey, {
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
  private locked: Locked = new Map();
  /** The site the adjustment's record names: the request's (the default when it names none). */
  private site: number | "default" = "default";

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
   * `skuRows`: lock with each SKU's whole row, for an answer that needs no second read. Lines
   * naming sites of their own are read at each (checkAtSites).
   */
  async check({ skuRows = false }: { skuRows?: boolean } = {}): Promise<FieldError[]> {
    if (this.named.lineSites.length > 0) return this.checkAtSites();
    const { accountId } = this.ctx.principal;
    // Only a site named costs a look-up: the default is always active. Held before any row
    // lock (the barcodes' included), as every holder of the sites' lock takes it.
    const site =
      this.named.siteId === null
        ? "default"
        : await holdSite(this.tx, this.ctx.principal, this.named.siteId, ["siteId"]);
    const found = await resolveBarcodes(this.tx, accountId, this.named);
    this.named = found.request;
    const locked = await lockStock(this.tx, accountId, site, this.named.refs, { skuRows });
    this.locked = new Map([[site, locked]]);
    this.site = locked.values().next().value?.siteId ?? site;
    return [...found.errors, ...checkAgainstStock(this.named, (ref) => this.stockOf(ref))];
  }

  /**
   * check for lines naming sites of their own: every site named held (the request's refused as
   * a whole, a line's at that line) and every line's site known by id before any row lock, then
   * each entity locked once and read at each site it is named at.
   */
  private async checkAtSites(): Promise<FieldError[]> {
    const { accountId } = this.ctx.principal;
    const { siteId, lineSites, path } = this.named;
    if (siteId !== null) await holdSite(this.tx, this.ctx.principal, siteId, ["siteId"]);
    const held = await holdSites(
      this.tx,
      this.ctx.principal,
      lineSites.map((l) => ({ siteId: l.siteId, path: path(l.index, "siteId") })),
    );
    const refused = new Set(
      lineSites.filter((l) => held.refused.has(l.siteId)).map((l) => l.index),
    );
    const sited = withSites(this.named, held.defaultId, refused);
    const found = await resolveBarcodes(this.tx, accountId, sited.request);
    this.named = found.request;
    const refs = this.named.refs.map((r) => ({ ...r, siteId: r.site as number }));
    this.locked = await lockStockAtSites(this.tx, accountId, refs);
    this.site = siteId ?? held.defaultId;
    return [
      ...held.errors,
      ...sited.errors,
      ...found.errors,
      ...checkAgainstStock(this.named, (ref) => this.stockOf(ref)),
    ];
  }

  private stockOf(ref: EntityRef & { site: LineSite }): LockedStock | undefined {
    return this.locked.get(ref.site)?.get(entityKey(ref));
  }

  /**
   * Writes the record, the movements and the lines (unchanged lines write no movement): one
   * statement of the ledger per site the lines are at, in site order.
   */
  async apply(): Promise<Applied> {
    const { tx, named: request, locked } = this;
    const { accountId, actor } = this.ctx.principal;
    const adjustment = await insertAdjustment(tx, accountId, { ...request, actor }, this.site);
    const details = {
      reason: request.reason,
      source: "adjustment" as const,
      note: request.note,
      reference: request.reference,
      adjustmentId: adjustment.id,
      actor,
    };
    const bySite = new Map<LineSite, Line[]>();
    for (const line of request.lines) {
      const atSite = bySite.get(line.site);
      if (atSite) atSite.push(line);
      else bySite.set(line.site, [line]);
    }
    const changes = new Map<number, StockChange & { siteId: number }>();
    const sites = [...bySite.keys()].sort((a, b) => (a === b ? 0 : a < b ? -1 : 1));
    for (const site of sites) {
      const atSite = locked.get(site)!;
      const lines = bySite.get(site)!;
      const written = await applyStock(tx, accountId, atSite, lines, details);
      written.forEach((change, i) => {
        const siteId = atSite.get(entityKey(change))!.siteId;
        changes.set(lines[i]!.index, { ...change, siteId });
      });
    }
    const inOrder = request.lines.map((l) => changes.get(l.index)!);
    const lines = inOrder.map((c) => ({
      type: c.entityType,
      id: c.id,
      previousQty: c.previousQty,
      newQty: c.newQty,
      change: c.change,
      status: c.movementId === null ? ("unchanged" as const) : ("changed" as const),
      movementId: c.movementId,
      siteId: c.siteId,
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
      changes: inOrder,
    };
  }

  /** `apply` for a request of one line: its change, and its entity as locked. */
  async applyOne(): Promise<{ change: StockChange; locked: LockedStock | undefined }> {
    const { changes } = await this.apply();
    const [change] = changes;
    const [line] = this.named.lines;
    if (!change || !line || changes.length !== 1) throw new Error("applyOne: one line expected");
    return { change, locked: this.stockOf(line) };
  }
}
