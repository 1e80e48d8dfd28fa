-- Distributing Countpoint's tables over a Citus cluster, by account. Run once, on the
-- coordinator, after `countpoint migrate` has created the tables and before any data is loaded:
--
--   psql "$DATABASE_URL" -f prisma/citus/distribute.sql
--
-- Every table but accounts carries account_id first in its primary key, unique indexes and
-- foreign keys (test/integration/citus-ready.test.ts fails otherwise), so each is distributed by
-- account_id and co-located with accounts (distributed by its id): one account's rows live on
-- one node, and every statement the service sends names its account, so it runs there.
--
-- stock_movements and events are partitioned by month: Citus distributes a partitioned table
-- together with its partitions (name the parent only, never a partition), and co-locates them.
--
-- UNTESTED against a live Citus cluster: Citus cannot be installed where Countpoint is built. See
-- "Running at scale" in the README for what is known to need care (triggers, the ledger's
-- horizon, the partitions the service creates ahead).

SELECT create_distributed_table('accounts', 'id');

SELECT create_distributed_table('api_tokens', 'account_id', colocate_with => 'accounts');
SELECT create_distributed_table('api_token_buckets', 'account_id', colocate_with => 'accounts');
SELECT create_distributed_table('sites', 'account_id', colocate_with => 'accounts');
SELECT create_distributed_table('skus', 'account_id', colocate_with => 'accounts');
SELECT create_distributed_table('supplier_items', 'account_id', colocate_with => 'accounts');
SELECT create_distributed_table('barcodes', 'account_id', colocate_with => 'accounts');
SELECT create_distributed_table('sku_stock', 'account_id', colocate_with => 'accounts');
SELECT create_distributed_table('supplier_item_stock', 'account_id', colocate_with => 'accounts');
SELECT create_distributed_table('stock_movements', 'account_id', colocate_with => 'accounts');
SELECT create_distributed_table('stock_adjustments', 'account_id', colocate_with => 'accounts');
SELECT create_distributed_table('stock_adjustment_lines', 'account_id', colocate_with => 'accounts');
SELECT create_distributed_table('transfers', 'account_id', colocate_with => 'accounts');
SELECT create_distributed_table('transfer_lines', 'account_id', colocate_with => 'accounts');
SELECT create_distributed_table('stock_takes', 'account_id', colocate_with => 'accounts');
SELECT create_distributed_table('stock_take_lines', 'account_id', colocate_with => 'accounts');
SELECT create_distributed_table('stock_take_counts', 'account_id', colocate_with => 'accounts');
SELECT create_distributed_table('sku_cycle_counts', 'account_id', colocate_with => 'accounts');
SELECT create_distributed_table('idempotency_keys', 'account_id', colocate_with => 'accounts');
SELECT create_distributed_table('item_cost_changes', 'account_id', colocate_with => 'accounts');
SELECT create_distributed_table('stock_snapshots', 'account_id', colocate_with => 'accounts');
SELECT create_distributed_table('stock_snapshot_runs', 'account_id', colocate_with => 'accounts');
SELECT create_distributed_table('events', 'account_id', colocate_with => 'accounts');
SELECT create_distributed_table('webhook_endpoints', 'account_id', colocate_with => 'accounts');
SELECT create_distributed_table('webhook_deliveries', 'account_id', colocate_with => 'accounts');
SELECT create_distributed_table('webhook_attempts', 'account_id', colocate_with => 'accounts');

-- The key that signs tokens belongs to no account and every token check may read it: a reference
-- table, copied whole to every node.
SELECT create_reference_table('token_keys');

-- Prisma's migration bookkeeping stays on the coordinator, a table like any other.
