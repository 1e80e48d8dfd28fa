// Progress by counter: a stock take's counted lines grouped by who counted each last (the counter
// a count names, or its token's name), so a manager sees who is counting and when each last did.
// A line counted again by someone else moves to them; one sent back for a recount has no count
// until it is counted again, so it is nobody's.
import { Prisma } from "../../db/client.js";
import { readDb, type ServiceContext } from "../../context.js";
import type { StockTakeView } from "./stock-take.records.js";

/** Most counters one answer lists (those with the most lines first). */
export const MAX_COUNTERS = 100;

/** How a stock take's progress by counter is described, for the API's documents. */
export const COUNTER_RULE = `Counted lines (counted, accepted or applied) grouped by who counted each last (the counter a count names, or its token's name); a line counted again by another counter is theirs, one sent back for a recount nobody's until counted again. Most lines first, then by name; at most ${MAX_COUNTERS}.`;

export interface CounterProgress {
  counter: string;
  /** Counted lines whose last count is this counter's. */
  lines: number;
  /** When the last of those counts was made (its counted_at). */
  lastCountedAt: Date;
}

/** The stock take's progress by counter (COUNTER_RULE), read from its lines in one statement. */
export async function counterProgress(
  ctx: ServiceContext,
  take: StockTakeView,
): Promise<CounterProgress[]> {
  const rows = await readDb(ctx).$queryRaw<
    { counter: string; lines: number; last_counted_at: Date }[]
  >(Prisma.sql`
    SELECT counted_by AS counter, count(*)::int AS lines, max(counted_at) AS last_counted_at
    FROM stock_take_lines
    WHERE account_id = ${ctx.principal.accountId} AND stock_take_id = ${take.id}
      AND counted_qty IS NOT NULL AND counted_by IS NOT NULL
    GROUP BY counted_by
    ORDER BY lines DESC, counted_by COLLATE "C"
    LIMIT ${MAX_COUNTERS}`);
  return rows.map((r) => ({
    counter: r.counter,
    lines: r.lines,
    lastCountedAt: r.last_counted_at,
  }));
}
