// The migrations that sign tokens and that hold a token's own limit to both columns or neither,
// run on a database made by the migrations before them and holding tokens of two accounts: every
// row of every table is the same afterwards but for the limits the second one names, the tokens
// made before are unsigned (and authenticate, looked up as before), the key is made once, and a
// limit of one column alone is refused.
import type pg from "pg";
import { createPrismaClient, type PrismaClient } from "../../src/db/client.js";
import {
  authenticateToken,
  hashToken,
  issueToken,
  signedWith,
  tokenKey,
} from "../../src/auth/tokens.js";
import {
  databaseBefore,
  tableSnapshot,
  type DatabaseBefore,
} from "../helpers/migrations-before.js";

const SIGNATURES = "20261209000000_token_signatures";
const LIMIT_CHECK = "20261210000000_token_limit_check";
/** The migration after which the service reads a token's sites with it. */
const TOKEN_SITES = "20261224000000_token_sites";

let base: DatabaseBefore;
let sql: pg.Client;
let db: PrismaClient | undefined;

beforeAll(async () => {
  base = await databaseBefore((name) => name < SIGNATURES);
  sql = base.sql;
});
afterAll(async () => {
  await db?.$disconnect();
  await base?.close();
});

const TOKEN_COLUMNS =
  "t.account_id, t.id, t.name, t.token_hash, t.scopes, t.created_at, t.revoked_at, " +
  "t.expires_at, t.last_used_at, t.rate_limit_per_second, t.rate_limit_burst";

/** Tokens by name: their limits and whether they are signed (once there is a column for it). */
async function tokens(signed: boolean) {
  const { rows } = await sql.query(
    `SELECT name, rate_limit_per_second AS rate, rate_limit_burst AS burst
       ${signed ? ", signed" : ""} FROM api_tokens ORDER BY name`,
  );
  return rows;
}

it("leaves every token as it was, unsigned, with a key made once, and then mends half limits", async () => {
  const limits: [string, number | null, number | null][] = [
    ["a default", null, null],
    ["b unlimited", 0, 0],
    ["c own", 5, 10],
    ["d rate alone", 5, null],
    ["e burst alone", null, 7],
  ];
  const made: { token: string; accountId: number }[] = [];
  for (const account of ["Store", "Warehouse"]) {
    const { rows } = await sql.query<{ id: number }>(
      "INSERT INTO accounts (name, timezone) VALUES ($1, 'UTC') RETURNING id",
      [account],
    );
    const accountId = rows[0]!.id;
    for (const [name, rate, burst] of limits) {
      const token = `cp_${accountId}_${name[0]!.repeat(32)}`;
      await sql.query(
        `INSERT INTO api_tokens (account_id, name, token_hash, scopes, rate_limit_per_second, rate_limit_burst)
         VALUES ($1, $2, $3, '{read}', $4, $5)`,
        [accountId, `${account} ${name}`, hashToken(token), rate, burst],
      );
      made.push({ token, accountId });
    }
  }
  const before = await tableSnapshot(sql);
  const limitsBefore = await tokens(false);

  expect((await base.apply(SIGNATURES)).applied).toEqual([SIGNATURES]);
  expect(await tableSnapshot(sql, { api_tokens: TOKEN_COLUMNS })).toEqual({
    ...before,
    token_keys: expect.stringMatching(/^1 rows, /),
  });
  expect(await tokens(true)).toEqual(limitsBefore.map((row) => ({ ...row, signed: false })));
  db = createPrismaClient(base.fresh.url, 2);
  const key = await tokenKey(db);
  expect(key).toHaveLength(32);
  const issued = issueToken(key, made[0]!.accountId);
  expect(signedWith(key, issued)).toBe(true);
  for (const { token } of made) expect(signedWith(key, token)).toBe(false);
  expect((await base.apply(LIMIT_CHECK)).applied).toEqual([LIMIT_CHECK]);
  const mended = new Map([
    ["d rate alone", { rate: null, burst: null }],
    ["e burst alone", { rate: null, burst: null }],
  ]);
  expect(await tokens(true)).toEqual(
    limitsBefore.map((row) => ({
      ...row,
      ...(mended.get(String(row.name).replace(/^\w+ /, "")) ?? {}),
      signed: false,
    })),
  );
  const setLimit = (rate: number | null, burst: number | null) =>
    sql.query(
      "UPDATE api_tokens SET rate_limit_per_second = $1, rate_limit_burst = $2 WHERE name = 'Store c own'",
      [rate, burst],
    );
  await expect(setLimit(5, null)).rejects.toThrow(/api_tokens_rate_limit_check/);
  await expect(setLimit(null, 10)).rejects.toThrow(/api_tokens_rate_limit_check/);
  await expect(setLimit(0, 10)).rejects.toThrow(/api_tokens_rate_limit_check/);
  await setLimit(null, null);
  await setLimit(3, 6);

  // Unsigned, the tokens made before are looked up and authenticate (with the service's reads).
  expect((await base.apply(TOKEN_SITES)).applied).toEqual([TOKEN_SITES]);
  const own = await authenticateToken(db, made[7]!.token, {
    defaults: { perSecond: 100, burst: 200 },
    charge: 1,
  });
  expect(own.principal?.accountId).toBe(made[7]!.accountId);
  expect("bucket" in own && own.bucket?.limit).toEqual({ perSecond: 5, burst: 10 });
});
