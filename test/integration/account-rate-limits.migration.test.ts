// The migration that gives accounts a rate budget of their own, run on a database made by the
// migrations before it and holding accounts, tokens and their buckets: every row of every table
// is the same afterwards, the accounts' budgets are the default (null), the columns take a budget
// only as a token's limit is stored (both null, 0/0, or both positive), and the accounts' tokens
// authenticate as before.
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { createPrismaClient, type PrismaClient } from "../../src/db/client.js";
import { migrate } from "../../src/db/migrate.js";
import { authenticateToken, hashToken } from "../../src/modules/account/account.auth.js";
import { migrationsDir } from "../../src/paths.js";
import { createFreshDatabase, type FreshDatabase } from "../helpers/fresh-database.js";

const MIGRATION = "20261207100000_account_rate_limits";

let fresh: FreshDatabase;
let sql: pg.Client;
let beforeDir: string;
let db: PrismaClient | undefined;

beforeAll(async () => {
  fresh = await createFreshDatabase();
  beforeDir = await mkdtemp(join(tmpdir(), "countpoint-before-account-limits-"));
  const names = (await readdir(migrationsDir, { withFileTypes: true }))
    .filter((e) => e.isDirectory() && e.name < MIGRATION)
    .map((e) => e.name);
  for (const name of names) {
    await cp(join(migrationsDir, name), join(beforeDir, name), { recursive: true });
  }
  await migrate(fresh.url, beforeDir);
  sql = new pg.Client({ connectionString: fresh.url });
  await sql.connect();
});
afterAll(async () => {
  await db?.$disconnect();
  await sql?.end();
  await fresh?.drop();
  if (beforeDir) await rm(beforeDir, { recursive: true, force: true });
});

/** Per table: its row count and an md5 of every row's text, with `columns` of accounts alone. */
async function snapshot(accountColumns: string): Promise<Record<string, string>> {
  const { rows: tables } = await sql.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
       AND c.relname <> '_prisma_migrations' ORDER BY 1`,
  );
  const shot: Record<string, string> = {};
  for (const { name } of tables) {
    const row = name === "accounts" ? `(${accountColumns})` : "t";
    const { rows } = await sql.query<{ n: string; digest: string | null }>(
      `SELECT count(*)::text AS n, md5(string_agg(${row}::text, E'\\n' ORDER BY ${row}::text)) AS digest
       FROM "${name}" AS t`,
    );
    shot[name] = `${rows[0]!.n} rows, ${rows[0]!.digest}`;
  }
  return shot;
}

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

  const report = await migrate(fresh.url);
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

  db = createPrismaClient(fresh.url, 2);
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
