// Transfers: stock moved between two sites of the account. Dispatch takes each line's quantity out
// of the source (transfer_out movements) and holds it in transit; a receipt puts what arrived in
// at the destination (transfer_in), in as many parts as it takes; closing short writes what never
// arrived off at the destination (transfer_in of it, then transfer_loss: the ledger says what was
// sent and what was lost); a cancel before any receipt puts it back at the source (transfer_in).
// Each use case is one transaction, idempotent under a key, and reads as its steps: the request
// parsed (transfer.request.ts), the sites held, the transfer's row and then the items locked in
// the ledger's order, the check, the writes (one ledger statement per site and reason).
import type { Tx } from "../../db/client.js";
import { idempotent, type Idempotent } from "../../db/idempotency.js";
import { inTransaction } from "../../db/transaction.js";
import { verified, type ServiceContext } from "../../context.js";
import { AppError, notFound, type FieldError } from "../../errors.js";
import type { StockReason } from "../../generated/prisma/enums.js";
import {
  applyStock,
  entityKey,
  lockStockAtSites,
  type EntityRef,
  type LockedStock,
} from "../../ledger/ledger.js";
import type { Walk } from "../../operations.js";
import { Decimal, MAX_QUANTITY } from "../../quantity.js";
import { holdSites } from "../site/site.service.js";
import { checkSiteAllowed } from "../site/site.access.js";
import { seesTransfer } from "./transfer.read.js";
import type { Principal } from "../../auth/principal.js";
import {
  dispatchRequest,
  linePath,
  receiptRequest,
  type CreateTransferData,
  type QtyLine,
  type ReceiveTransferData,
} from "./transfer.request.js";
import {
  holdTransfer,
  insertTransfer,
  saveProgress,
  shownLines,
  type StoredLine,
} from "./transfer.sql.js";
import type { Transfer, TransferWithLines } from "./transfer.types.js";

export type { CreateTransferData, ReceiveTransferData };

/** Each entity's stock at a site, as locked (lockStockAtSites' map for it). */
type AtSite = Map<string, LockedStock>;

/** One line's part of a receipt: what arrived, and what is written off as lost. */
interface Arrival {
  line: StoredLine;
  received: Decimal;
  lost: Decimal;
  /** Where errors point: the receipt's line naming it, else its line on the transfer. */
  index: number;
}

/**
 * Dispatches a transfer: every line's quantity out of the source at once, all or nothing; with
 * `receive`, in at the destination in the same transaction (a one-step transfer). A source
 * holding less than a line sends is INSUFFICIENT_STOCK at that line (negative stock is never
 * made); every bad line is reported.
 */
export async function createTransfer(
  ctx: ServiceContext,
  input: CreateTransferData,
  idempotencyKey?: string,
): Promise<Idempotent<TransferWithLines>> {
  const request = dispatchRequest(input);
  // Both ends are sites the caller may use, before any work (a token limited to sites moves
  // stock between its own sites only).
  checkSiteAllowed(ctx.principal, request.fromSiteId, ["fromSiteId"]);
  checkSiteAllowed(ctx.principal, request.toSiteId, ["toSiteId"]);
  const checked = await verified(ctx);
  const { accountId, actor } = checked.principal;
  const { fromSiteId, toSiteId, lines } = request;
  return inTransaction(checked.db, (tx) => {
    let stock = new Map<number, AtSite>();
    return idempotent(tx, checked.principal, idempotencyKey, {
      operation: "createTransfer",
      input: request.sent,
      inputErrors: request.errors,
      check: async () => {
        const held = await holdSites(tx, checked.principal, [
          { siteId: fromSiteId, path: ["fromSiteId"] },
          { siteId: toSiteId, path: ["toSiteId"] },
        ]);
        if (held.errors.length > 0) return held.errors;
        const sites = request.receive ? [fromSiteId, toSiteId] : [fromSiteId];
        stock = await lockStockAtSites(
          tx,
          accountId,
          lines.flatMap((l) => sites.map((siteId) => ({ ...ref(l), siteId }))),
        );
        return [
          ...unknownOrLinked(lines, stock.get(fromSiteId)),
          ...shortAtSource(lines, stock.get(fromSiteId), fromSiteId),
          ...(request.receive ? tooMuchAt(lines, stock.get(toSiteId)) : []),
        ];
      },
      run: async () => {
        const transfer = await insertTransfer(tx, accountId, { ...request, actor });
        const details = {
          source: "transfer" as const,
          reference: request.reference,
          note: request.note,
          transferId: transfer.id,
          actor,
        };
        const out = {
          site: fromSiteId,
          reason: "transfer_out" as const,
          by: (l: QtyLine) => l.qty.negated(),
        };
        const into = { site: toSiteId, reason: "transfer_in" as const, by: (l: QtyLine) => l.qty };
        // One ledger statement per site, in site order (as a bulk adjustment spanning sites).
        const moves = request.receive ? [out, into].sort((a, b) => a.site - b.site) : [out];
        for (const move of moves) {
          await moveStock(tx, accountId, stock.get(move.site)!, lines, move.by, {
            ...details,
            reason: move.reason,
          });
        }
        const stored = lines.map((l, lineNo) => ({
          lineNo,
          type: l.entityType,
          id: l.id,
          qty: l.qty,
          receivedQty: request.receive ? l.qty : new Decimal(0),
          lostQty: new Decimal(0),
          inTransitQty: request.receive ? new Decimal(0) : l.qty,
        }));
        if (!request.receive) return { ...transfer, lines: shownLines(stored) };
        // Received at once: what was sent is what arrived.
        const closed = await saveProgress(
          tx,
          accountId,
          transfer.id,
          stored.map((l) => ({ lineNo: l.lineNo, received: l.qty, lost: new Decimal(0) })),
          "received",
        );
        return { ...transfer, ...closed, status: "received", lines: shownLines(stored) };
      },
    });
  });
}

/**
 * Receives a transfer in transit at its destination: the lines given (each at most what is
 * still in transit for it, OVER_RECEIPT otherwise), or everything in transit when none are.
 * With `close`, what is still in transit afterwards is written off as lost and the transfer
 * closes; it also closes once nothing is left in transit.
 */
export async function receiveTransfer(
  ctx: ServiceContext,
  transferId: number,
  input: ReceiveTransferData,
  idempotencyKey?: string,
): Promise<Idempotent<TransferWithLines>> {
  const request = receiptRequest(input);
  const checked = await verified(ctx);
  const { accountId, actor } = checked.principal;
  return inTransaction(checked.db, (tx) => {
    let held: { transfer: Transfer; lines: StoredLine[] } | null = null;
    let arrivals: Arrival[] = [];
    let stock: AtSite = new Map();
    return idempotent(tx, checked.principal, idempotencyKey, {
      operation: `receiveTransfer:${transferId}`,
      input: request.sent,
      inputErrors: request.errors,
      check: async () => {
        held = await openTransfer(tx, checked.principal, transferId, "toSiteId");
        const plan = planReceipt(held.lines, request.lines, request.close);
        arrivals = plan.arrivals;
        const siteId = held.transfer.toSiteId;
        const locked = await lockStockAtSites(
          tx,
          accountId,
          arrivals.map((a) => ({ ...lineRef(a.line), siteId })),
        );
        stock = locked.get(siteId) ?? new Map();
        const incoming = arrivals.map((a) => ({
          index: a.index,
          entityType: a.line.type,
          id: a.line.id,
          qty: a.received.plus(a.lost),
        }));
        return [...plan.errors, ...linkedSince(incoming, stock), ...tooMuchAt(incoming, stock)];
      },
      run: async () => {
        const { transfer, lines } = held!;
        const details = {
          source: "transfer" as const,
          reference: transfer.reference,
          note: request.note ?? transfer.note,
          transferId,
          actor,
        };
        const arriving = arrivals.filter((a) => !a.received.plus(a.lost).isZero());
        const asLines = (by: (a: Arrival) => Decimal) =>
          arriving.map((a) => ({
            index: a.line.lineNo,
            entityType: a.line.type,
            id: a.line.id,
            qty: by(a),
          }));
        await moveStock(
          tx,
          accountId,
          stock,
          asLines((a) => a.received.plus(a.lost)),
          (l) => l.qty,
          {
            ...details,
            reason: "transfer_in",
          },
        );
        const lost = asLines((a) => a.lost).filter((l) => !l.qty.isZero());
        await moveStock(tx, accountId, stock, lost, (l) => l.qty.negated(), {
          ...details,
          reason: "transfer_loss",
        });
        const after = new Map(
          arrivals.map((a) => [
            a.line.lineNo,
            {
              ...a.line,
              receivedQty: a.line.receivedQty.plus(a.received),
              lostQty: a.line.lostQty.plus(a.lost),
              inTransitQty: a.line.inTransitQty.minus(a.received).minus(a.lost),
            },
          ]),
        );
        const now = lines.map((l) => after.get(l.lineNo) ?? l);
        const status = now.every((l) => l.inTransitQty.isZero()) ? "received" : "in_transit";
        const saved = await saveProgress(
          tx,
          accountId,
          transferId,
          arrivals.map((a) => ({ lineNo: a.line.lineNo, received: a.received, lost: a.lost })),
          status,
        );
        return { ...transfer, ...saved, status, lines: shownLines(now) };
      },
    });
  });
}

/**
 * Cancels a transfer in transit before any receipt: every line's quantity back at the source
 * (transfer_in). One received in part is TRANSFER_RECEIVED: receive the rest, or close it short.
 */
export async function cancelTransfer(
  ctx: ServiceContext,
  transferId: number,
  idempotencyKey?: string,
): Promise<Idempotent<TransferWithLines>> {
  const checked = await verified(ctx);
  const { accountId, actor } = checked.principal;
  return inTransaction(checked.db, (tx) => {
    let held: { transfer: Transfer; lines: StoredLine[] } | null = null;
    let stock: AtSite = new Map();
    return idempotent(tx, checked.principal, idempotencyKey, {
      operation: `cancelTransfer:${transferId}`,
      input: () => ({}),
      inputErrors: [],
      check: async () => {
        held = await openTransfer(tx, checked.principal, transferId, "fromSiteId");
        const started = held.lines.find((l) => !l.receivedQty.isZero() || !l.lostQty.isZero());
        if (started) {
          throw new AppError(
            "TRANSFER_RECEIVED",
            `transfer ${transferId} has been received in part (line ${started.lineNo}): receive the rest, or close it short (close: true)`,
          );
        }
        const siteId = held.transfer.fromSiteId;
        const locked = await lockStockAtSites(
          tx,
          accountId,
          held.lines.map((l) => ({ ...lineRef(l), siteId })),
        );
        stock = locked.get(siteId) ?? new Map();
        const back = held.lines.map((l) => ({
          index: l.lineNo,
          entityType: l.type,
          id: l.id,
          qty: l.qty,
        }));
        return [...linkedSince(back, stock), ...tooMuchAt(back, stock)];
      },
      run: async () => {
        const { transfer, lines } = held!;
        const back = lines.map((l) => ({
          index: l.lineNo,
          entityType: l.type,
          id: l.id,
          qty: l.qty,
        }));
        await moveStock(tx, accountId, stock, back, (l) => l.qty, {
          source: "transfer",
          reason: "transfer_in",
          reference: transfer.reference,
          note: transfer.note,
          transferId,
          actor,
        });
        const saved = await saveProgress(tx, accountId, transferId, [], "cancelled");
        const now = lines.map((l) => ({ ...l, inTransitQty: new Decimal(0) }));
        return { ...transfer, ...saved, status: "cancelled", lines: shownLines(now) };
      },
    });
  });
}

/**
 * The walk of a receipt or a cancel (its price: src/operations.ts): every line of the transfer,
 * read from its row when asked, before the work.
 */
export function transferWalk(ctx: ServiceContext, transferId: number): Walk {
  return {
    key: `transfer:${transferId}`,
    lines: async () => {
      const row = await ctx.db.transfer.findUnique({
        where: { accountId_id: { accountId: ctx.principal.accountId, id: transferId } },
        select: { lineCount: true, fromSiteId: true, toSiteId: true },
      });
      // One the caller does not see is not there to price.
      return row && seesTransfer(ctx.principal, row) ? row.lineCount : 0;
    },
  };
}

/**
 * The supplier items on a transfer in transit (nothing to link while stock of theirs is on the
 * way: its receipt would have nowhere to go); the first transfer holding each, by item id.
 */
export async function inTransitItems(
  tx: Tx,
  accountId: number,
  itemIds: number[],
): Promise<Map<number, number>> {
  const rows = await tx.$queryRaw<{ supplier_item_id: number; transfer_id: number }[]>`
    SELECT DISTINCT ON (l.supplier_item_id) l.supplier_item_id, l.transfer_id
    FROM transfer_lines l JOIN transfers t ON t.account_id = l.account_id AND t.id = l.transfer_id
    WHERE l.account_id = ${accountId} AND l.supplier_item_id = ANY(${itemIds}::int[])
      AND t.status = 'in_transit'
    ORDER BY l.supplier_item_id, l.transfer_id`;
  return new Map(rows.map((r) => [r.supplier_item_id, r.transfer_id]));
}

/**
 * The transfer held for a receipt (whose stock arrives at its destination) or a cancel (at its
 * source): TRANSFER_NOT_FOUND (also when the caller sees neither of its sites), FORBIDDEN when the
 * caller may not use the site whose stock the work changes, or TRANSFER_CLOSED.
 */
async function openTransfer(
  tx: Tx,
  caller: Principal,
  transferId: number,
  changes: "toSiteId" | "fromSiteId",
) {
  const held = await holdTransfer(tx, caller, transferId, changes);
  if (!held) {
    // Not held: unknown, or (for a token limited to sites) one it sees but may not change there,
    // told apart by a read that locks nothing.
    const seen = caller.sites
      ? await tx.transfer.findUnique({
          where: { accountId_id: { accountId: caller.accountId, id: transferId } },
          select: { fromSiteId: true, toSiteId: true },
        })
      : null;
    if (!seen || !seesTransfer(caller, seen)) throw notFound("TRANSFER_NOT_FOUND", transferId);
    throw new AppError(
      "FORBIDDEN",
      `transfer ${transferId} ${changes === "toSiteId" ? "arrives at" : "returns to"} site ${seen[changes]}, whose stock this token may not change (it is limited to sites ${caller.sites!.join(", ")})`,
    );
  }
  if (held.transfer.status !== "in_transit") {
    throw new AppError(
      "TRANSFER_CLOSED",
      `transfer ${transferId} is ${held.transfer.status === "received" ? "received" : "cancelled"}: nothing of it is in transit`,
    );
  }
  return held;
}

/** What each line of a receipt brings, and what is wrong with the lines asked for. */
function planReceipt(
  lines: StoredLine[],
  asked: QtyLine[] | null,
  close: boolean,
): { arrivals: Arrival[]; errors: FieldError[] } {
  const zero = new Decimal(0);
  if (asked === null) {
    const arrivals = lines
      .filter((l) => !l.inTransitQty.isZero())
      .map((line) => ({ line, received: line.inTransitQty, lost: zero, index: line.lineNo }));
    return { arrivals, errors: [] };
  }
  const byEntity = new Map(lines.map((l) => [entityKey(lineRef(l)), l]));
  const errors: FieldError[] = [];
  const named = new Map<number, { qty: Decimal; index: number }>();
  for (const a of asked) {
    const line = byEntity.get(entityKey(ref(a)));
    if (!line) {
      errors.push({
        path: linePath(a.index, "id"),
        code: "NOT_IN_TRANSFER",
        message: `${a.entityType} ${a.id} is not on this transfer`,
      });
    } else if (a.qty.greaterThan(line.inTransitQty)) {
      errors.push({
        path: linePath(a.index, "qty"),
        code: "OVER_RECEIPT",
        message: `${a.entityType} ${a.id} has ${line.inTransitQty.toFixed()} in transit, less than the ${a.qty.toFixed()} received`,
      });
    } else {
      named.set(line.lineNo, { qty: a.qty, index: a.index });
    }
  }
  const arrivals = lines.flatMap((line): Arrival[] => {
    const given = named.get(line.lineNo);
    const received = given?.qty ?? zero;
    const lost = close ? line.inTransitQty.minus(received) : zero;
    const index = given?.index ?? line.lineNo;
    return received.isZero() && lost.isZero() ? [] : [{ line, received, lost, index }];
  });
  return { arrivals, errors };
}

/**
 * Sets each line's entity at the site of `locked` to its on hand plus `by(line)`: one ledger
 * statement (nothing when no line changes anything).
 */
async function moveStock(
  tx: Tx,
  accountId: number,
  locked: AtSite,
  lines: QtyLine[],
  by: (line: QtyLine) => Decimal,
  details: {
    source: "transfer";
    reason: StockReason;
    reference: string | null;
    note: string | null;
    transferId: number;
    actor: ServiceContext["principal"]["actor"];
  },
): Promise<void> {
  if (lines.length === 0) return;
  const targets = lines.map((l) => ({
    ...ref(l),
    newQty: locked.get(entityKey(ref(l)))!.onHand.plus(by(l)),
  }));
  await applyStock(tx, accountId, locked, targets, details);
}

/** Lines whose entity the account does not have, or a supplier item linked to a SKU. */
function unknownOrLinked(lines: QtyLine[], stock: AtSite | undefined): FieldError[] {
  return lines.flatMap((l): FieldError[] => {
    const current = stock?.get(entityKey(ref(l)));
    if (!current) {
      const code = l.entityType === "sku" ? "SKU_NOT_FOUND" : "SUPPLIER_ITEM_NOT_FOUND";
      const { message } = notFound(code, l.id);
      return [{ path: linePath(l.index, "id"), code, message }];
    }
    return current.linkedSkuId === null ? [] : [linkedError(l, current.linkedSkuId)];
  });
}

/** Lines naming a supplier item now linked to a SKU (whose stock is the SKU's). */
function linkedSince(lines: QtyLine[], stock: AtSite): FieldError[] {
  return lines.flatMap((l): FieldError[] => {
    const linked = stock.get(entityKey(ref(l)))?.linkedSkuId ?? null;
    return linked === null ? [] : [linkedError(l, linked)];
  });
}

const linkedError = (l: QtyLine, skuId: number): FieldError => ({
  path: linePath(l.index, "id"),
  code: "LINKED_SUPPLIER_ITEM",
  message: `supplier item ${l.id} is linked to SKU ${skuId}, which holds its stock: transfer SKU ${skuId} instead`,
});

/** Lines sending more than the source holds (INSUFFICIENT_STOCK: no stock goes below 0). */
function shortAtSource(lines: QtyLine[], stock: AtSite | undefined, siteId: number): FieldError[] {
  return lines.flatMap((l): FieldError[] => {
    const current = stock?.get(entityKey(ref(l)));
    if (!current || current.linkedSkuId !== null || !l.qty.greaterThan(current.onHand)) return [];
    return [
      {
        path: linePath(l.index, "qty"),
        code: "INSUFFICIENT_STOCK",
        message: `${l.entityType} ${l.id} has ${current.onHand.toFixed()} on hand at site ${siteId}, less than the ${l.qty.toFixed()} sent`,
      },
    ];
  });
}

/** Lines that would take the site's on hand to the largest quantity or past it. */
function tooMuchAt(lines: QtyLine[], stock: AtSite | undefined): FieldError[] {
  return lines.flatMap((l): FieldError[] => {
    const current = stock?.get(entityKey(ref(l)));
    if (!current || !current.onHand.plus(l.qty).greaterThanOrEqualTo(MAX_QUANTITY)) return [];
    return [
      {
        path: linePath(l.index, "qty"),
        code: "INVALID_QUANTITY",
        message: `${l.entityType} ${l.id} would hold ${current.onHand.plus(l.qty).toFixed()}; a quantity must be less than ${MAX_QUANTITY.toFixed()}`,
      },
    ];
  });
}

const ref = (l: { entityType: EntityRef["entityType"]; id: number }): EntityRef => ({
  entityType: l.entityType,
  id: l.id,
});

const lineRef = (l: StoredLine): EntityRef => ({ entityType: l.type, id: l.id });
