import DataLoader from "dataloader";
import { lineCounts } from "../modules/stock-take/index.js";
import { costOfLines, summarizedLines } from "../rate-limit/bucket.js";
import type { GraphQLContext } from "./context.js";
import { serviceContext } from "./service-context.js";

/**
 * Charges a rate-limited caller for summarizing a stock take's lines (1 unit per started
 * SUMMARIZED_LINES, as REST's GET /stock-takes/{id} is charged), before they are read; nothing
 * for others. The summaries of one tick (a page of stock takes, each with its summary) have
 * their lines counted in one statement and are charged at once, all or none: a refusal fails
 * every one of them with RATE_LIMITED.
 */
export function chargeSummarizedLines(ctx: GraphQLContext, stockTakeId: number): Promise<void> {
  const chargeMore = ctx.chargeMore;
  if (!chargeMore) return Promise.resolve();
  ctx.lineCharges ??= new DataLoader<number, void>(
    async (ids) => {
      const counts = await lineCounts(serviceContext(ctx), ids);
      const units = ids.reduce(
        (sum, id) => sum + costOfLines(summarizedLines(counts.get(id) ?? 0)),
        0,
      );
      await chargeMore(units);
      return ids.map(() => undefined);
    },
    // Every summary asked for is charged, the same stock take's twice if asked for twice.
    { cache: false },
  );
  return ctx.lineCharges.load(stockTakeId);
}
