// The migration that gives accounts a rate budget of their own, run on a database made by the
// migrations before it and holding accounts, tokens and their buckets: every row of every table
// is the same afterwards, the accounts' budgets are the default (null), the columns take a budget
// only as a token's limit is stored (both null, 0/0, or both positive), and the accounts' tokens
// authenticate as before.
import type pg from "pg";
import { createPrismaClient, type PrismaClient } from "../../src/db/client.js";
import { authenticateToken, hashToken } from "../../src/auth/tokens.js";
import {
  databaseBefore,
  tableSnapshot,
  type DatabaseBefore,
} from "../helpers/migrations-before.js";

const MIGRATION = "20261207100000_account_rate_limits";
/** The migration after which the service reads a token's sites with it. */
const TOKEN_SITES = "20261224000000_token_sites";

let base: DatabaseBefore;
let sql: pg.Client;
let db: PrismaClient | undefined;

beforeAll(async () => {
  base = await databaseBefore((name) => name < MIGRATION);
  sql = base.sql;
});
afterAll(async () => {
  await db?.$disconnect();
  await base?.close();
});

const snapshot = (accountColumns: string) => tableSnapshot(sql, { accounts: accountColumns });

const ACCOUNT_COLUMNS =
  "t.id, t.name, t.timezone, t.created_at, t.cycle_days_a, t.cycle_days_b, t.cycle_days_c";

it("keeps every row, gives each account the default budget, and its tokens authenticate as before", async () => {
  const tokens: { accountId: number; token: string }[] = [];
  for (const name of ["Store", "Warehouse"]) {
    const { rows } = await sql.query<{ id: number }>(
      "INSERT INTO accounts (name, timezone) VALUES ($1, 'Europe/Berlin') RETURNING id",
      [name],
    );
    const accountId = rows[0]!.id;
    const token = `cp_${accountId}_${"m".repeat(31)}${accountId % 10}`;
    const made = await sql.query<{ id: number }>(
      `INSERT INTO api_tokens (account_id, name, token_hash, scopes, rate_limit_per_second, rate_limit_burst)
       VALUES ($1, 'device', $2, '{read,count}', 5, 10) RETURNING id`,
      [accountId, hashToken(token)],
    );
    await sql.query(
      "INSERT INTO api_token_buckets (account_id, token_id, tokens, refilled_at) VALUES ($1, $2, 3.5, now())",
      [accountId, made.rows[0]!.id],
    );
    tokens.push({ accountId, token });
  }
  const before = await snapshot(ACCOUNT_COLUMNS);

  const report = await base.apply(MIGRATION);
  expect(report.applied).toEqual([MIGRATION]);

  expect(await snapshot(ACCOUNT_COLUMNS)).toEqual(before);
  const { rows: limits } = await sql.query(
    "SELECT rate_limit_per_second, rate_limit_burst FROM accounts ORDER BY id",
  );
  expect(limits).toEqual([
    { rate_limit_per_second: null, rate_limit_burst: null },
    { rate_limit_per_second: null, rate_limit_burst: null },
  ]);

  // A budget is stored as a token's limit is: both null, 0/0 (none), or both positive.
  const [{ accountId }] = tokens as [{ accountId: number; token: string }];
  const set = (rate: number | null, burst: number | null) =>
    sql.query(
      "UPDATE accounts SET rate_limit_per_second = $2, rate_limit_burst = $3 WHERE id = $1",
      [accountId, rate, burst],
    );
  await expect(set(5, null)).rejects.toThrow(/accounts_rate_limit_check/);
  await expect(set(null, 10)).rejects.toThrow(/accounts_rate_limit_check/);
  await expect(set(0, 10)).rejects.toThrow(/accounts_rate_limit_check/);
  await set(0, 0);
  await set(300, 900);

  // Authenticated as the service does now, which reads a token's sites too.
  expect((await base.apply(TOKEN_SITES)).applied).toEqual([TOKEN_SITES]);
  db = createPrismaClient(base.fresh.url, 2);
  for (const { token, accountId: id } of tokens) {
    const auth = await authenticateToken(db, token, {
      defaults: { perSecond: 100, burst: 200 },
      charge: 1,
    });
    expect(auth.principal?.accountId).toBe(id);
    if (!auth.principal) continue;
    expect(auth.bucket?.limit).toEqual({ perSecond: 5, burst: 10 });
    expect(auth.decision?.granted).toBe(true);
    expect(auth.accountLimit).toEqual(id === accountId ? { perSecond: 300, burst: 900 } : null);
  }
});
