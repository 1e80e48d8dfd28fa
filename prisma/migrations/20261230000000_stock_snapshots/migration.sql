-- Stock at the start of each month (UTC), per account, site and item: what the valuation as of a
-- date starts from, so that it reads at most half a month of movements rather than the whole
-- ledger (decision record "Stock as of a date starts from a monthly snapshot",
-- docs/architecture/ledger.md). Written by the upkeep (src/ledger/snapshots.ts) once every
-- movement before the month's start has been committed; never by a request. New tables only: no
-- row of an existing table changes.

-- An item's stock at a site at the instant `taken_at` (what the movements before it add up to);
-- only items with stock then (a missing row reads as 0).
CREATE TABLE "stock_snapshots" (
  "account_id" INTEGER NOT NULL,
  "taken_at" TIMESTAMPTZ(3) NOT NULL,
  "site_id" INTEGER NOT NULL,
  "entity_type" "entity_type" NOT NULL,
  "item_id" INTEGER NOT NULL,
  "on_hand" NUMERIC(14, 3) NOT NULL,
  CONSTRAINT "stock_snapshots_pkey"
    PRIMARY KEY ("account_id", "taken_at", "site_id", "entity_type", "item_id"),
  CONSTRAINT "stock_snapshots_on_hand_check" CHECK ("on_hand" <> 0)
);

-- One row per snapshot made (an account with no stock then has a snapshot with no rows).
CREATE TABLE "stock_snapshot_runs" (
  "account_id" INTEGER NOT NULL,
  "taken_at" TIMESTAMPTZ(3) NOT NULL,
  "made_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "items" INTEGER NOT NULL,
  CONSTRAINT "stock_snapshot_runs_pkey" PRIMARY KEY ("account_id", "taken_at")
);

-- The cost in force at a date is the item's cost now unless it changed since: the changes after
-- the date, read in the order they were made.
CREATE INDEX "item_cost_changes_changed_idx" ON "item_cost_changes" ("account_id", "changed_at", "id");
