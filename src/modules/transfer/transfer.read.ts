// Reading transfers back: one by id with its lines, a transfer's lines a page at a time, and the
// account's transfers newest first, narrowed by status and by site (what is on its way to a
// store: to_site_id and status in_transit). A transfer holds up to 10,000 lines, so they are paged
// wherever they are read back, as an adjustment's are.
import { readDb, type ServiceContext } from "../../context.js";
import { decodeCursor, encodeCursor, pageSize, type Page } from "../../cursor.js";
import { notFound } from "../../errors.js";
import { invalidFilter, withoutNulls } from "../../filters.js";
import type { TransferStatus } from "../../generated/prisma/enums.js";
import { shownLines, toLine, toTransfer } from "./transfer.sql.js";
import type { Transfer, TransferLine } from "./transfer.types.js";
import type { Principal } from "../../auth/principal.js";
import { checkSiteAllowed, mayUseSite } from "../site/site.access.js";

/** How many lines GET /transfers/{id} answers with; the rest are paged. */
export const FIRST_LINES = 1000;

export const TRANSFER_STATUSES = ["in_transit", "received", "cancelled"] as const;

export interface TransferListQuery {
  status?: string | null;
  fromSiteId?: number | null;
  toSiteId?: number | null;
  limit?: number | null;
  cursor?: string | null;
}

/** Whether the caller sees a transfer: one from or to a site it may use. */
export const seesTransfer = (
  caller: Principal,
  t: { fromSiteId: number; toSiteId: number },
): boolean => mayUseSite(caller, t.fromSiteId) || mayUseSite(caller, t.toSiteId);

/** The transfer with this id in the caller's account (TRANSFER_NOT_FOUND also for one the caller does not see), without its lines. */
export async function getTransfer(ctx: ServiceContext, id: number): Promise<Transfer> {
  const row = await readDb(ctx).transfer.findUnique({
    where: { accountId_id: { accountId: ctx.principal.accountId, id } },
  });
  if (!row || !seesTransfer(ctx.principal, row)) throw notFound("TRANSFER_NOT_FOUND", id);
  return toTransfer(row);
}

/** The transfer with its first FIRST_LINES lines and the cursor to the rest (null when none). */
export async function getTransferWithLines(
  ctx: ServiceContext,
  id: number,
): Promise<Transfer & { lines: TransferLine[]; linesNextCursor: string | null }> {
  const [transfer, lines] = await Promise.all([
    getTransfer(ctx, id),
    listTransferLines(ctx, id, { limit: FIRST_LINES }),
  ]);
  return { ...transfer, lines: lines.items.map((i) => i.node), linesNextCursor: lines.nextCursor };
}

/**
 * One page of a transfer's lines, in the order they were sent, and the site whose stock their
 * items show: the destination when the caller may use it, else the source.
 */
export async function listTransferLines(
  ctx: ServiceContext,
  transferId: number,
  query: { limit?: number | null; cursor?: string | null },
): Promise<Page<TransferLine> & { itemSiteId: number }> {
  const { accountId } = ctx.principal;
  const take = pageSize(query.limit);
  let after = -1;
  if (query.cursor) {
    const [forId, lineNo] = decodeCursor("transfer_line", query.cursor, ["int4", "int4"]);
    if (forId !== transferId) {
      throw invalidFilter("INVALID_CURSOR", "cursor", "the cursor belongs to another transfer");
    }
    after = lineNo as number;
  }
  const db = readDb(ctx);
  const [transfer, rows] = await Promise.all([
    db.transfer.findUnique({
      where: { accountId_id: { accountId, id: transferId } },
      select: { fromSiteId: true, toSiteId: true },
    }),
    db.transferLine.findMany({
      where: { accountId, transferId, lineNo: { gt: after } },
      orderBy: { lineNo: "asc" },
      take: take + 1,
    }),
  ]);
  if (!transfer || !seesTransfer(ctx.principal, transfer)) {
    throw notFound("TRANSFER_NOT_FOUND", transferId);
  }
  const lines = rows.slice(0, take).map(toLine);
  const itemSiteId = mayUseSite(ctx.principal, transfer.toSiteId)
    ? transfer.toSiteId
    : transfer.fromSiteId;
  const items = shownLines(lines).map((node, i) => ({
    cursor: encodeCursor("transfer_line", [transferId, lines[i]!.lineNo]),
    node,
  }));
  return {
    items,
    nextCursor: rows.length > take ? (items.at(-1)?.cursor ?? null) : null,
    itemSiteId,
  };
}

/** The account's transfers, newest first, narrowed by status and by either site. */
export async function listTransfers(
  ctx: ServiceContext,
  query: TransferListQuery,
): Promise<Page<Transfer>> {
  const { accountId } = ctx.principal;
  const q = withoutNulls(query);
  const take = pageSize(q.limit);
  if (q.status !== undefined && !(TRANSFER_STATUSES as readonly string[]).includes(q.status)) {
    throw invalidFilter(
      "INVALID_PARAMETER",
      "status",
      `status must be one of ${TRANSFER_STATUSES.join(", ")}`,
    );
  }
  const before = q.cursor ? (decodeCursor("transfer", q.cursor, ["int4"])[0] as number) : undefined;
  checkSiteAllowed(ctx.principal, q.fromSiteId, ["fromSiteId"]);
  checkSiteAllowed(ctx.principal, q.toSiteId, ["toSiteId"]);
  const sites = ctx.principal.sites ? [...ctx.principal.sites] : null;
  const rows = await readDb(ctx).transfer.findMany({
    where: {
      accountId,
      status: q.status as TransferStatus | undefined,
      fromSiteId: q.fromSiteId,
      toSiteId: q.toSiteId,
      // A token limited to sites lists the transfers from or to them.
      ...(sites ? { OR: [{ fromSiteId: { in: sites } }, { toSiteId: { in: sites } }] } : {}),
      ...(before === undefined ? {} : { id: { lt: before } }),
    },
    orderBy: { id: "desc" },
    take: take + 1,
  });
  const items = rows.slice(0, take).map((r) => ({
    cursor: encodeCursor("transfer", [r.id]),
    node: toTransfer(r),
  }));
  return { items, nextCursor: rows.length > take ? (items.at(-1)?.cursor ?? null) : null };
}
