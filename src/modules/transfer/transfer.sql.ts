// A transfer's statements: its record and lines written, held for a receipt or a cancel, and
// their progress saved; each in one statement however many lines there are.
import { Prisma, type Tx } from "../../db/client.js";
import { intArray, numericArray, wordArray } from "../../db/sql.js";
import type { Actor, Principal } from "../../auth/principal.js";
import type { TransferStatus } from "../../generated/prisma/enums.js";
import type {
  TransferLine as LineRow,
  Transfer as TransferRow,
} from "../../generated/prisma/client.js";
import { AppError } from "../../errors.js";
import { Decimal } from "../../quantity.js";
import type { Transfer, TransferLine } from "./transfer.types.js";

/** A line as stored, with its position (line_no). */
export interface StoredLine extends TransferLine {
  lineNo: number;
}

/** Writes the transfer's record and its lines (as sent: nothing received). */
export async function insertTransfer(
  tx: Tx,
  accountId: number,
  t: {
    fromSiteId: number;
    toSiteId: number;
    reference: string | null;
    note: string | null;
    actor: Actor;
    lines: { entityType: "sku" | "supplier_item"; id: number; qty: Decimal }[];
  },
): Promise<Transfer> {
  const [row] = await tx.$queryRaw<TransferRow[]>`
    WITH t AS (
      INSERT INTO transfers (account_id, from_site_id, to_site_id, status, reference, note,
        actor_name, actor_token_id, line_count)
      VALUES (${accountId}, ${t.fromSiteId}::int, ${t.toSiteId}::int, 'in_transit', ${t.reference},
        ${t.note}, ${t.actor.name}, ${t.actor.tokenId}::int, ${t.lines.length}::int)
      RETURNING *
    ), lines AS (
      INSERT INTO transfer_lines (account_id, transfer_id, line_no, entity_type, sku_id,
        supplier_item_id, qty)
      SELECT ${accountId}::int, t.id, v.ord - 1, v.entity_type::entity_type, v.sku_id,
        v.supplier_item_id, v.qty
      FROM t, unnest(${wordArray(t.lines.map((l) => l.entityType))},
        ${intArray(t.lines.map((l) => (l.entityType === "sku" ? l.id : null)))},
        ${intArray(t.lines.map((l) => (l.entityType === "supplier_item" ? l.id : null)))},
        ${numericArray(t.lines.map((l) => l.qty.toFixed()))})
        WITH ORDINALITY AS v(entity_type, sku_id, supplier_item_id, qty, ord)
    )
    SELECT account_id AS "accountId", id, from_site_id AS "fromSiteId", to_site_id AS "toSiteId",
      status, reference, note, actor_name AS "actorName", actor_token_id AS "actorTokenId",
      line_count AS "lineCount", created_at AS "createdAt", updated_at AS "updatedAt",
      closed_at AS "closedAt"
    FROM t`;
  if (!row) throw new Error("transfer: no record inserted");
  return toTransfer(row);
}

/**
 * The transfer and its lines, its row locked FOR UPDATE (before any item's, as every use case
 * that holds a transfer takes them): receipts and cancels of one transfer run one at a time, and
 * each reads what the one before committed. null when the account has no such transfer.
 */
export async function holdTransfer(
  tx: Tx,
  caller: Pick<Principal, "accountId" | "sites">,
  id: number,
  /** The end whose stock the work changes: locked only when the caller may use that site. */
  changes: "toSiteId" | "fromSiteId",
): Promise<{ transfer: Transfer; lines: StoredLine[] } | null> {
  const { accountId, sites } = caller;
  const end = Prisma.raw(changes === "toSiteId" ? "to_site_id" : "from_site_id");
  const transfer = await tx.$queryRaw<TransferRow[]>`
    SELECT account_id AS "accountId", id, from_site_id AS "fromSiteId", to_site_id AS "toSiteId",
      status, reference, note, actor_name AS "actorName", actor_token_id AS "actorTokenId",
      line_count AS "lineCount", created_at AS "createdAt", updated_at AS "updatedAt",
      closed_at AS "closedAt"
    FROM transfers WHERE account_id = ${accountId} AND id = ${id}::int
      -- Never locked for a caller that may not change the stock of the end the work changes.
      ${sites ? Prisma.sql`AND ${end} = ANY(${[...sites]}::int[])` : Prisma.empty}
    FOR UPDATE`;
  const row = transfer[0];
  if (!row) return null;
  const lines = await tx.transferLine.findMany({
    where: { accountId, transferId: id },
    orderBy: { lineNo: "asc" },
  });
  return { transfer: toTransfer(row), lines: lines.map(toLine) };
}

/**
 * Saves a receipt's or a cancel's progress: each listed line's received and lost quantities
 * raised by as much, and the transfer's status (closed_at set when it closes).
 */
export async function saveProgress(
  tx: Tx,
  accountId: number,
  transferId: number,
  lines: { lineNo: number; received: Decimal; lost: Decimal }[],
  status: TransferStatus,
): Promise<{ updatedAt: Date; closedAt: Date | null }> {
  const [row] = await tx.$queryRaw<{ updated_at: Date; closed_at: Date | null }[]>`
    WITH moved AS (
      UPDATE transfer_lines AS l
      SET received_qty = l.received_qty + v.received, lost_qty = l.lost_qty + v.lost
      FROM unnest(${intArray(lines.map((l) => l.lineNo))},
        ${numericArray(lines.map((l) => l.received.toFixed()))},
        ${numericArray(lines.map((l) => l.lost.toFixed()))}) AS v(line_no, received, lost)
      WHERE l.account_id = ${accountId} AND l.transfer_id = ${transferId}::int
        AND l.line_no = v.line_no
    )
    UPDATE transfers SET status = ${status}::transfer_status, updated_at = clock_timestamp(),
      closed_at = CASE WHEN ${status}::transfer_status = 'in_transit' THEN NULL
        ELSE clock_timestamp() END
    WHERE account_id = ${accountId} AND id = ${transferId}::int
    RETURNING updated_at, closed_at`;
  if (!row) throw new Error(`transfer ${transferId}: no record to update`);
  return { updatedAt: row.updated_at, closedAt: row.closed_at };
}

/** A transfer's record as both transports show it. */
export function toTransfer(row: TransferRow): Transfer {
  return {
    id: row.id,
    status: row.status,
    fromSiteId: row.fromSiteId,
    toSiteId: row.toSiteId,
    reference: row.reference,
    note: row.note,
    lineCount: row.lineCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    closedAt: row.closedAt,
    actor: { name: row.actorName, tokenId: row.actorTokenId },
  };
}

/** A line as stored, with what is still in transit. */
export function toLine(row: LineRow): StoredLine {
  const id = row.entityType === "sku" ? row.skuId : row.supplierItemId;
  if (id === null) throw new AppError("INTERNAL", `transfer line ${row.lineNo} names no entity`);
  const qty = new Decimal(row.qty);
  const receivedQty = new Decimal(row.receivedQty);
  const lostQty = new Decimal(row.lostQty);
  return {
    lineNo: row.lineNo,
    type: row.entityType,
    id,
    qty,
    receivedQty,
    lostQty,
    inTransitQty: qty.minus(receivedQty).minus(lostQty),
  };
}

/** Lines as the API shows them (without their position). */
export const shownLines = (lines: StoredLine[]): TransferLine[] =>
  lines.map(({ lineNo: _, ...line }) => line);
