-- A movement's unit cost in force and its value (change × cost, rounded half away from zero to
-- the currency's minor units), written by the ledger's statement: null where the item had no
-- cost, as on every movement written before. Nullable without a default: adding them to the
-- partitioned ledger changes its catalog only, no partition is rewritten.
ALTER TABLE "stock_movements" ADD COLUMN "unit_cost" NUMERIC(14, 4),
  ADD COLUMN "value_change" NUMERIC(30, 4);
