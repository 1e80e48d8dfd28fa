-- A transfer's movements, for the movement history's transfer_id filter: a partial index, so the
-- movements of adjustments, stock takes and opening balances (every movement but a transfer's)
-- are not in it and their writes never touch it. Built on every partition of the ledger.
CREATE INDEX "stock_movements_transfer_idx"
  ON "stock_movements" ("account_id", "transfer_id", "occurred_at", "id")
  WHERE "transfer_id" IS NOT NULL;
