import type { PrismaClient } from "../../db/client.js";
import type { StockTake } from "./stock-take.types.js";

/** Stock takes of the account by id (for loaders); missing ids are absent. */
export async function stockTakesByIds(
  db: PrismaClient,
  accountId: number,
  ids: readonly number[],
): Promise<Map<number, StockTake>> {
  const rows = await db.stockTake.findMany({
    where: { accountId, id: { in: [...ids] } },
    select: {
      id: true,
      status: true,
      frozenAt: true,
      reference: true,
      note: true,
      blind: true,
      reconciledAt: true,
      cancelledAt: true,
      createdAt: true,
    },
  });
  return new Map(rows.map((r) => [r.id, r]));
}
