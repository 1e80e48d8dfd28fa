// The migration that lets tokens be limited to sites, run on a database made by the migrations
// before it and holding tokens of two accounts: every row stays as it was, and each token still
// authenticates with its scopes, at every site of its account.
import { randomBytes } from "node:crypto";
import { authenticateToken, hashToken } from "../../src/auth/tokens.js";
import { createPrismaClient } from "../../src/db/client.js";
import {
  tableSnapshot,
  twoAccountsWithVan,
  useDatabaseBefore,
} from "../helpers/migrations-before.js";

const MIGRATION = "20261224000000_token_sites";

const base = useDatabaseBefore(MIGRATION);

/** api_tokens' columns before the migration, for the snapshot of what it held. */
const TOKEN_COLUMNS =
  "t.account_id, t.id, t.name, t.token_hash, t.scopes, t.created_at, t.revoked_at, t.expires_at, t.last_used_at, t.rate_limit_per_second, t.rate_limit_burst, t.signed";

it("keeps every token as it was, each authenticating at every site of its account", async () => {
  const accounts = await twoAccountsWithVan(base.sql);
  const tokens = accounts.map((id) => `cp_${id}_${randomBytes(24).toString("base64url")}`);
  for (const [i, accountId] of accounts.entries()) {
    await base.sql.query(
      `INSERT INTO api_tokens (account_id, name, token_hash, scopes) VALUES ($1, $2, $3, $4)`,
      [accountId, `device ${i}`, hashToken(tokens[i]!), i === 0 ? ["read", "count"] : ["read"]],
    );
  }
  const before = await tableSnapshot(base.sql, { api_tokens: TOKEN_COLUMNS });
  expect(before.api_tokens).toMatch(/^2 rows/);

  expect((await base.apply(MIGRATION)).applied).toEqual([MIGRATION]);

  expect(await tableSnapshot(base.sql, { api_tokens: TOKEN_COLUMNS })).toEqual(before);
  const { rows } = await base.sql.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM api_tokens WHERE site_ids IS NULL",
  );
  expect(rows).toEqual([{ n: 2 }]);
  const db = createPrismaClient(base.fresh.url, 1);
  try {
    const options = { defaults: { perSecond: 0, burst: 0 }, charge: 0 };
    const first = await authenticateToken(db, tokens[0]!, options);
    expect(first.principal).toMatchObject({ accountId: accounts[0], sites: null });
    expect([...(first.principal?.scopes ?? [])].sort()).toEqual(["count", "read"]);
    const second = await authenticateToken(db, tokens[1]!, options);
    expect(second.principal).toMatchObject({ accountId: accounts[1], sites: null });
  } finally {
    await db.$disconnect();
  }
  // A limited token names at least one site, none of them null.
  for (const sites of ["{}", "{NULL}"]) {
    await expect(
      base.sql.query("UPDATE api_tokens SET site_ids = $1 WHERE account_id = $2", [
        sites,
        accounts[0],
      ]),
    ).rejects.toThrow(/api_tokens_site_ids_check/);
  }
});
