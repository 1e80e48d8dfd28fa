// The ledger verifier: every movement chain, on hand quantity, adjustment line and stock take
// line checked set-based, in a few statements whatever the size of the ledger, all reading one
// snapshot (a REPEATABLE READ READ ONLY transaction), so writes can go on meanwhile and the report
// is of one instant. What each check holds is told in verify.types.ts.
import { Prisma, type PrismaClient, type Tx } from "../../db/client.js";
import { checkChains } from "./verify.chain.js";
import { compareRows, fingerprints } from "./verify.records.js";
import { scopedTo, type Scope, type SortedProblem } from "./verify.sql.js";
import { checkSites } from "./verify.sites.js";
import { checkStockTakeLines } from "./verify.stock-takes.js";
import { checkTransfers } from "./verify.transfers.js";
import { MAX_LISTED, type LedgerReport, type VerifyOptions } from "./verify.types.js";

/** How long the whole check may take: it reads every movement, which takes a while on a big ledger. */
const TRANSACTION_TIMEOUT_MS = 6 * 60 * 60_000;

/**
 * Checks the ledger of every account, or of `accountId` only, and reports what it checked and
 * every break found (the first `limit` listed, all counted). Only reads.
 */
export async function verifyLedger(
  db: PrismaClient,
  options: VerifyOptions = {},
): Promise<LedgerReport> {
  const limit = options.limit ?? MAX_LISTED;
  const scoped = scopedTo(options.accountId);
  return db.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe("SET TRANSACTION READ ONLY");
      // A statement timeout set for the service's requests is not meant for this one.
      await tx.$executeRawUnsafe("SET LOCAL statement_timeout = 0");
      const counted = await countRecords(tx, options.accountId, scoped);
      const chains = await checkChains(tx, scoped, limit);
      const { flagged, adjustmentLines } = await fingerprints(tx, scoped);
      const records =
        flagged.length > 0 ? await compareRows(tx, flagged, limit) : { total: 0, listed: [] };
      const lines = await checkStockTakeLines(tx, scoped, limit);
      const sites = await checkSites(tx, scoped, limit);
      const transfers = await checkTransfers(tx, scoped, limit);
      const total = chains.total + records.total + lines.total + sites.total + transfers.total;
      const problems = [
        ...chains.listed,
        ...records.listed,
        ...lines.listed,
        ...sites.listed,
        ...transfers.listed,
      ]
        .sort(reportOrder)
        .slice(0, limit)
        .map((p) => p[4]);
      return {
        ok: total === 0,
        checked: {
          accounts: Number(counted.accounts),
          skus: Number(counted.skus),
          supplier_items: Number(counted.supplier_items),
          movements: Number(chains.movements),
          stock_takes: Number(counted.stock_takes),
          adjustment_lines: Number(adjustmentLines),
          stock_take_lines: Number(counted.stock_take_lines),
        },
        problems,
        problem_count: total,
        truncated: total > problems.length,
      };
    },
    {
      isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead,
      maxWait: 30_000,
      timeout: TRANSACTION_TIMEOUT_MS,
    },
  );
}

/** By account, then kind, then the kind's own two keys (what listProblems ordered by). */
function reportOrder(x: SortedProblem, y: SortedProblem): number {
  for (let i = 0; i < 4; i++) {
    const d = (x[i] as number) - (y[i] as number);
    if (d !== 0) return d;
  }
  return 0;
}

/** How many rows of each kind the check covers (movements and adjustment lines: as checked). */
async function countRecords(tx: Tx, accountId: number | undefined, scoped: Scope) {
  const account = accountId === undefined ? Prisma.empty : Prisma.sql`AND a.id = ${accountId}::int`;
  const count = (table: string) =>
    Prisma.sql`(SELECT count(*) FROM ${Prisma.raw(table)} AS t WHERE true ${scoped("t")})::bigint`;
  const [row] = await tx.$queryRaw<
    Record<Exclude<keyof LedgerReport["checked"], "movements" | "adjustment_lines">, bigint>[]
  >`
    SELECT (SELECT count(*) FROM accounts AS a WHERE true ${account})::bigint AS accounts,
      ${count("skus")} AS skus, ${count("supplier_items")} AS supplier_items,
      ${count("stock_takes")} AS stock_takes,
      ${count("stock_take_lines")} AS stock_take_lines`;
  if (!row) throw new Error("verify: the counts answered no row");
  return row;
}
