// The migration that brings sites, run on a database made by the migrations before it and holding
// accounts with stock, movements and tokens: every row of every table that was there is the same
// afterwards; each account has exactly one site, its default (MAIN, "Main", made when the account
// was); the admin tokens (those that issue tokens) may manage sites and no other token's scopes
// change; an account made afterwards gets its default site by itself; and the database refuses a
// second default or an inactive one.
import { tableSnapshot, useDatabaseBefore } from "../helpers/migrations-before.js";

const MIGRATION = "20261211000000_sites";

const base = useDatabaseBefore(MIGRATION);

const TOKEN_COLUMNS =
  "t.account_id, t.id, t.name, t.token_hash, t.created_at, t.revoked_at, t.expires_at, t.rate_limit_per_second, t.rate_limit_burst, t.signed";

it("gives every account its default site and the admin tokens the sites scope, keeping every row", async () => {
  const accounts: number[] = [];
  for (const [name, created] of [
    ["Store", "2026-01-05T08:00:00Z"],
    ["Warehouse", "2026-03-01T12:30:00Z"],
  ]) {
    const { rows } = await base.sql.query<{ id: number }>(
      "INSERT INTO accounts (name, timezone, created_at) VALUES ($1, 'Europe/Berlin', $2) RETURNING id",
      [name, created],
    );
    const accountId = rows[0]!.id;
    accounts.push(accountId);
    for (const [token, scopes] of [
      ["admin", "{read,adjust,count,approve,webhooks,tokens}"],
      ["device", "{read,count}"],
    ]) {
      await base.sql.query(
        "INSERT INTO api_tokens (account_id, name, token_hash, scopes) VALUES ($1, $2, $3, $4)",
        [accountId, token, `${token}-${accountId}`, scopes],
      );
    }
    // Stock with its movements, through the tables as the schema before wrote them.
    const sku = await base.sql.query<{ id: number }>(
      "INSERT INTO skus (account_id, code, name, on_hand, location) VALUES ($1, 'MUG', 'Mug', 12.5, 'A-01') RETURNING id",
      [accountId],
    );
    await base.sql.query(
      `INSERT INTO stock_movements (account_id, entity_type, sku_id, quantity_before, quantity_after,
         change, reason, source, actor_name)
       VALUES ($1, 'sku', $2, 0, 12.5, 12.5, 'opening_balance', 'opening_balance', 'admin')`,
      [accountId, sku.rows[0]!.id],
    );
  }
  const before = await tableSnapshot(base.sql, { api_tokens: TOKEN_COLUMNS });
  const { rows: scopesBefore } = await base.sql.query(
    "SELECT account_id, name, scopes FROM api_tokens ORDER BY account_id, id",
  );

  const report = await base.apply(MIGRATION);
  expect(report.applied).toEqual([MIGRATION]);

  const after = await tableSnapshot(base.sql, { api_tokens: TOKEN_COLUMNS });
  const { sites: made, ...kept } = after;
  expect(kept).toEqual(before);
  expect(made).toMatch(/^2 rows/);

  const { rows: sites } = await base.sql.query(
    `SELECT s.account_id, s.code, s.name, s.timezone, s.active, s.is_default,
            s.created_at = a.created_at AS made_with_account
     FROM sites s JOIN accounts a ON a.id = s.account_id ORDER BY s.account_id`,
  );
  expect(sites).toEqual(
    accounts.map((accountId) => ({
      account_id: accountId,
      code: "MAIN",
      name: "Main",
      timezone: null,
      active: true,
      is_default: true,
      made_with_account: true,
    })),
  );

  const { rows: scopesAfter } = await base.sql.query(
    "SELECT account_id, name, scopes FROM api_tokens ORDER BY account_id, id",
  );
  expect(scopesAfter).toEqual(
    scopesBefore.map((t) => ({
      ...t,
      scopes: t.name === "admin" ? [...t.scopes, "sites"] : t.scopes,
    })),
  );

  // An account made afterwards, by whatever means, has its default site at once.
  const { rows: later } = await base.sql.query<{ id: number }>(
    "INSERT INTO accounts (name) VALUES ('Later') RETURNING id",
  );
  const { rows: itsSites } = await base.sql.query(
    "SELECT code, is_default, active FROM sites WHERE account_id = $1",
    [later[0]!.id],
  );
  expect(itsSites).toEqual([{ code: "MAIN", is_default: true, active: true }]);

  // One default per account, always active.
  const [first] = accounts;
  await expect(
    base.sql.query(
      "INSERT INTO sites (account_id, code, name, is_default) VALUES ($1, 'SECOND', 'Second', true)",
      [first],
    ),
  ).rejects.toThrow(/sites_default_key/);
  await expect(
    base.sql.query("UPDATE sites SET active = false WHERE account_id = $1 AND is_default", [first]),
  ).rejects.toThrow(/sites_default_active_check/);
  await expect(
    base.sql.query("INSERT INTO sites (account_id, code, name) VALUES ($1, 'main', 'Again')", [
      first,
    ]),
  ).rejects.toThrow(/sites_account_id_code_key/);
});
