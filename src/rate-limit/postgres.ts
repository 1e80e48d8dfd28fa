// The buckets in PostgreSQL: one row per token in api_token_buckets (UNLOGGED), taken from by a
// single INSERT … ON CONFLICT DO UPDATE. The conflicting row is locked and re-read at its latest
// version before the update, so concurrent requests of one token queue on that row for the
// length of one statement and each sees what the one before it left: no read-then-write, and no
// lock held across a round trip. Time is the database's clock, the same for every process.
import { Prisma, type PrismaClient } from "../db/client.js";
import {
  bucketDecision,
  chargeOf,
  EPSILON,
  type BucketDecision,
  type ChargeTerms,
  type TokenBucket,
} from "./bucket.js";

type Sql = Prisma.Sql;

/** What the bucket row `alias` holds now: its units plus the refill since, up to `burst`. */
export const bucketLevel = (alias: string, rate: Sql, burst: Sql): Sql => {
  const b = Prisma.raw(alias);
  // now() is when the statement started: a statement that waited for the row lock finds the row
  // refilled later than that, and GREATEST gives it no refill rather than a negative one.
  return Prisma.sql`LEAST(${burst}, ${b}.tokens
    + GREATEST(0, date_part('epoch', now() - ${b}.refilled_at)) * ${rate})`;
};

/**
 * The ON CONFLICT clause of an INSERT INTO api_token_buckets AS b that takes `cost` units: the
 * row is updated (and returned) only when it holds `holds` units (null: whatever it holds, the
 * units owed); a refusal leaves it as it is.
 */
export const takeOnConflict = (rate: Sql, burst: Sql, cost: Sql, holds: Sql | null): Sql => {
  const level = bucketLevel("b", rate, burst);
  return Prisma.sql`ON CONFLICT (account_id, token_id) DO UPDATE
    SET tokens = ${level} - ${cost}, refilled_at = GREATEST(b.refilled_at, now())
    ${holds ? Prisma.sql`WHERE ${level} >= ${holds} - ${Prisma.raw(String(EPSILON))}` : Prisma.empty}
    RETURNING b.tokens`;
};

/**
 * Takes `cost` more units from a token's bucket (the lines of a bulk request, once its body is
 * read; the rows of a list, once counted): one statement. `needed` is what a retry must find
 * there (Retry-After).
 */
export async function chargeInDatabase(
  db: PrismaClient,
  bucket: TokenBucket,
  cost: number,
  needed: number,
  { holds = cost, owed = false }: ChargeTerms = {},
): Promise<BucketDecision> {
  const rate = Prisma.sql`${bucket.limit.perSecond}::float8`;
  const burst = Prisma.sql`${bucket.limit.burst}::float8`;
  const units = Prisma.sql`${cost}::float8`;
  const floor = owed ? null : Prisma.sql`${chargeOf(holds, bucket.limit)}::float8`;
  const [row] = await db.$queryRaw<{ taken: number | null; seen: number | null }[]>`
    WITH taken AS (
      INSERT INTO api_token_buckets AS b (account_id, token_id, tokens, refilled_at)
      SELECT ${bucket.accountId}::int, ${bucket.tokenId}::int, ${burst} - ${units}, now()
      ${takeOnConflict(rate, burst, units, floor)}
    )
    SELECT taken.tokens AS taken,
      CASE WHEN taken.tokens IS NULL THEN
        (SELECT ${bucketLevel("s", rate, burst)} FROM api_token_buckets s
         WHERE s.account_id = ${bucket.accountId}::int AND s.token_id = ${bucket.tokenId}::int)
      END AS seen
    FROM (SELECT 1) one LEFT JOIN taken ON true`;
  const granted = row?.taken !== null && row?.taken !== undefined;
  return bucketDecision(
    bucket.limit,
    granted ? Number(row.taken) : Number(row?.seen ?? 0),
    granted,
    needed,
  );
}
