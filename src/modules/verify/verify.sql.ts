// What the verifier's statements share: the account filter, how a problem is written as JSON,
// and how a statement answers with its problems counted and the first of them listed.
import { Prisma, type Tx } from "../../db/client.js";
import { wordArray } from "../../db/sql.js";
import { PROBLEM_KINDS, type LedgerProblem } from "./verify.types.js";

/** `AND alias.account_id = …` when one account is checked, else nothing. */
export const scopedTo = (accountId: number | undefined) => (alias: string) =>
  accountId === undefined
    ? Prisma.empty
    : Prisma.sql`AND ${Prisma.raw(alias)}.account_id = ${accountId}::int`;

export type Scope = ReturnType<typeof scopedTo>;

/** An exact quantity as the report writes it: "4", "0.25" (no trailing zeros), or null. */
export const qty = (value: Prisma.Sql) => Prisma.sql`trim_scale(${value})::text`;

/** An entity as the report names it: {"type": "sku", "id": 5}. */
export const entityJson = (type: Prisma.Sql, id: Prisma.Sql) =>
  Prisma.sql`json_build_object('type', ${type}, 'id', ${id})`;

/** A problem listed with the keys it is ordered by (account, kind, then two ids). */
export type SortedProblem = [number, number, number, number, LedgerProblem];

export interface Listing {
  total: number;
  listed: SortedProblem[];
}

/**
 * Runs a statement of the verifier: `ctes` (common table expressions) and `problems`, SQL over
 * them yielding rows (account_id, kind, a, b, problem json), where a and b order a kind's
 * problems. Answers in one row how many problems there are and the first `limit` in report
 * order, with the `extra` columns (SQL over the CTEs) as `T`. The problems are usually none, so
 * materializing them costs nothing; the CTEs that walk whole tables are each read once.
 */
export async function listProblems<T extends object = object>(
  tx: Tx,
  ctes: Prisma.Sql,
  problems: Prisma.Sql,
  limit: number,
  extra: Prisma.Sql = Prisma.empty,
): Promise<Listing & T> {
  const [row] = await tx.$queryRaw<({ total: bigint; listed: SortedProblem[] } & T)[]>`
    WITH ${ctes}, problems AS MATERIALIZED (
      SELECT p.account_id, array_position(${wordArray([...PROBLEM_KINDS])}, p.kind) AS rank,
        p.a::bigint AS a, p.b::bigint AS b, p.problem
      FROM (${problems}) AS p
    )
    SELECT (SELECT count(*) FROM problems)::bigint AS total,
      (SELECT COALESCE(json_agg(json_build_array(p.account_id, p.rank, p.a, p.b, p.problem)
          ORDER BY p.account_id, p.rank, p.a, p.b), '[]'::json)
        FROM (SELECT * FROM problems ORDER BY account_id, rank, a, b LIMIT ${limit}) AS p) AS listed
      ${extra}`;
  if (!row) throw new Error("verify: a statement answered no row");
  return { ...row, total: Number(row.total) };
}
