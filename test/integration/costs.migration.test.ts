// The migration that brings money (an account's currency, items' unit costs with their history,
// movements' values, the costs scope), run on a database made by the migrations before it and
// holding two accounts' tokens, items and movements: every row keeps what it held, every new
// column is null (no account has a currency, no item a cost, no movement a value), and the admin
// tokens, and only they, gain the costs scope.
import { randomBytes } from "node:crypto";
import { hashToken } from "../../src/auth/tokens.js";
import {
  tableSnapshot,
  twoAccountsWithVan,
  useDatabaseBefore,
} from "../helpers/migrations-before.js";

const MIGRATION = "20261228000000_costs";
/** Its second half: the movements' value columns. */
const VALUES = "20261228000100_movement_values";

const base = useDatabaseBefore(MIGRATION);

/** The columns of the tables the migration widens, as they were before it. */
const BEFORE = {
  accounts:
    "t.id, t.name, t.timezone, t.created_at, t.cycle_days_a, t.cycle_days_b, t.cycle_days_c, t.rate_limit_per_second, t.rate_limit_burst",
  skus: "t.account_id, t.id, t.code, t.name, t.active, t.created_at, t.updated_at, t.barcodes",
  supplier_items:
    "t.account_id, t.id, t.supplier, t.code, t.name, t.sku_id, t.active, t.created_at, t.updated_at, t.barcodes",
  stock_movements:
    "t.account_id, t.id, t.occurred_at, t.entity_type, t.sku_id, t.supplier_item_id, t.quantity_before, t.quantity_after, t.change, t.reason, t.note, t.reference, t.source, t.adjustment_id, t.stock_take_id, t.actor_name, t.actor_token_id, t.site_id, t.transfer_id",
  // Scopes aside: the admin tokens' change, checked on their own below.
  api_tokens:
    "t.account_id, t.id, t.name, t.token_hash, t.created_at, t.revoked_at, t.expires_at, t.last_used_at, t.rate_limit_per_second, t.rate_limit_burst, t.signed, t.site_ids",
};

it("keeps every row as it was, values nothing, and gives the costs scope to admin tokens only", async () => {
  const accounts = await twoAccountsWithVan(base.sql);
  const scopesBefore = [
    ["read", "adjust", "count", "approve", "webhooks", "sites", "tokens"],
    ["read", "count"],
    ["read", "adjust", "tokens"],
  ];
  for (const [i, scopes] of scopesBefore.entries()) {
    const accountId = accounts[i % 2]!;
    const token = `cp_${accountId}_${randomBytes(24).toString("base64url")}`;
    await base.sql.query(
      "INSERT INTO api_tokens (account_id, name, token_hash, scopes) VALUES ($1, $2, $3, $4)",
      [accountId, `token ${i}`, hashToken(token), scopes],
    );
  }
  for (const accountId of accounts) {
    const { rows } = await base.sql.query<{ id: number; site: number }>(
      `INSERT INTO skus (account_id, code, name) VALUES ($1, 'BOLT', 'Bolt')
       RETURNING id, (SELECT id FROM sites WHERE account_id = $1 AND is_default) AS site`,
      [accountId],
    );
    const [{ id, site }] = rows as [{ id: number; site: number }];
    await base.sql.query(
      "INSERT INTO supplier_items (account_id, supplier, code, name) VALUES ($1, 'ACME', 'B-1', 'Bolt')",
      [accountId],
    );
    for (const [before, after] of [
      [0, 12.5],
      [12.5, 7],
    ]) {
      await base.sql.query(
        `INSERT INTO stock_movements (account_id, entity_type, sku_id, quantity_before,
           quantity_after, change, reason, source, actor_name, site_id)
         VALUES ($1, 'sku', $2, $3, $4, $4::numeric - $3::numeric, 'correction', 'adjustment', 'erp', $5)`,
        [accountId, id, before, after, site],
      );
    }
  }
  const before = await tableSnapshot(base.sql, { api_tokens: BEFORE.api_tokens });
  expect(before.stock_movements).toMatch(/^4 rows/);

  expect((await base.apply(MIGRATION)).applied).toEqual([MIGRATION]);
  expect((await base.apply(VALUES)).applied).toEqual([VALUES]);

  // Every table as it was (the new one aside), the widened ones' earlier columns included.
  const after = await tableSnapshot(base.sql, BEFORE);
  expect(after).toEqual({ ...before, item_cost_changes: "0 rows, null" });
  const { rows: same } = await base.sql.query<{ name: string; digest: string }>(`
    SELECT 'stock_movements' AS name, count(*)::text AS digest FROM stock_movements
      WHERE unit_cost IS NULL AND value_change IS NULL
    UNION ALL SELECT 'skus', count(*)::text FROM skus WHERE unit_cost IS NULL
    UNION ALL SELECT 'supplier_items', count(*)::text FROM supplier_items WHERE unit_cost IS NULL
    UNION ALL SELECT 'accounts', count(*)::text FROM accounts
      WHERE currency IS NULL AND currency_minor_units IS NULL
    UNION ALL SELECT 'item_cost_changes', count(*)::text FROM item_cost_changes`);
  expect(same).toEqual([
    { name: "stock_movements", digest: "4" },
    { name: "skus", digest: "2" },
    { name: "supplier_items", digest: "2" },
    { name: "accounts", digest: "2" },
    { name: "item_cost_changes", digest: "0" },
  ]);
  const { rows: tokens } = await base.sql.query<{ name: string; scopes: string[] }>(
    "SELECT name, scopes FROM api_tokens ORDER BY name",
  );
  expect(tokens).toEqual([
    { name: "token 0", scopes: [...scopesBefore[0]!, "costs"] },
    { name: "token 1", scopes: ["read", "count"] },
    { name: "token 2", scopes: ["read", "adjust", "tokens", "costs"] },
  ]);

  // A currency comes with its minor units; a cost is never negative.
  await expect(
    base.sql.query("UPDATE accounts SET currency = 'EUR' WHERE id = $1", [accounts[0]]),
  ).rejects.toThrow(/accounts_currency_check/);
  await expect(
    base.sql.query("UPDATE skus SET unit_cost = -1 WHERE account_id = $1", [accounts[0]]),
  ).rejects.toThrow(/skus_unit_cost_check/);
});
