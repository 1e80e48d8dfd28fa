// Everything one account holds, as one comparable value: for every table with an account_id
// (found in the catalog, so a table added later is included), its row count and a hash of its
// rows, plus the account's own row. Two equal fingerprints mean nothing of the account was
// written in between.
import type { PrismaClient } from "../../src/db/client.js";

/**
 * Columns left out: a token's last use is stamped by its own requests (asynchronously, at most
 * once a minute), never by another account's, and may land while a sweep runs.
 */
const BOOKKEEPING = ["last_used_at"];

/**
 * Rows that read as no row: a stock level holding nothing, without a location, reads as a missing
 * one (DESIGN §8), and a single adjustment at a site makes one before its statement, refused or
 * not (src/ledger/ledger.ts, openLevel).
 */
const READ_AS_MISSING: Record<string, string> = {
  sku_stock: "AND NOT (t.on_hand = 0 AND t.location IS NULL)",
  supplier_item_stock: "AND NOT (t.on_hand = 0 AND t.location IS NULL)",
};

export type Fingerprint = Record<string, { rows: number; hash: string }>;

let tables: Promise<string[]> | undefined;

/** Tables holding account rows (partitioned parents, not their partitions). */
function accountTables(db: PrismaClient): Promise<string[]> {
  tables ??= db.$queryRaw<{ name: string }[]>`
      SELECT c.relname AS name FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'account_id' AND NOT a.attisdropped
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY c.relname`.then((rows) => rows.map((r) => r.name));
  return tables;
}

/**
 * The account's fingerprint. Tables in `appendOnly` are summed up by row count and last id
 * instead of a digest of every row: as sure for tables whose rows are only ever added (the
 * ledger, the feed), and cheap however many rows an account has piled up in them. Tables in
 * `leaveOut` are not looked at (bookkeeping a caller's own requests write).
 */
export async function fingerprint(
  db: PrismaClient,
  accountId: number,
  { appendOnly = [], leaveOut = [] }: { appendOnly?: string[]; leaveOut?: string[] } = {},
): Promise<Fingerprint> {
  const names = (await accountTables(db)).filter((name) => !leaveOut.includes(name));
  // Names come from the catalog and are quoted; the account id is bound.
  const parts = names.map((name) =>
    appendOnly.includes(name)
      ? `SELECT '${name}' AS name, count(*)::int AS rows, coalesce(max(id)::text, '') AS hash
         FROM "${name}" WHERE account_id = $1`
      : `SELECT '${name}' AS name, count(*)::int AS rows,
         md5(coalesce(string_agg(r.row, E'\\n' ORDER BY r.row), '')) AS hash
       FROM (SELECT (to_jsonb(t) - $2::text[])::text AS row
             FROM "${name}" AS t WHERE t.account_id = $1 ${READ_AS_MISSING[name] ?? ""}) AS r`,
  );
  parts.push(
    `SELECT 'accounts', count(*)::int, md5(coalesce(string_agg(a::text, ''), ''))
     FROM accounts AS a WHERE a.id = $1`,
  );
  const rows = await db.$queryRawUnsafe<{ name: string; rows: number; hash: string }[]>(
    parts.join(" UNION ALL "),
    accountId,
    BOOKKEEPING,
  );
  return Object.fromEntries(rows.map((r) => [r.name, { rows: r.rows, hash: r.hash }]));
}
