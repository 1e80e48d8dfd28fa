-- Read-back of adjustments and the movement filters, and codes unique regardless of case.

-- Movements of one adjustment, keyset-paged like those of a SKU or a stock take.
DROP INDEX "stock_movements_adjustment_idx";
CREATE INDEX "stock_movements_adjustment_idx" ON "stock_movements"("account_id", "adjustment_id", "occurred_at", "id");

-- Adjustments newest first, optionally by reason or by reference.
CREATE INDEX "stock_adjustments_created_idx" ON "stock_adjustments"("account_id", "created_at", "id");
CREATE INDEX "stock_adjustments_reason_idx" ON "stock_adjustments"("account_id", "reason", "created_at", "id");
CREATE INDEX "stock_adjustments_reference_idx" ON "stock_adjustments"("account_id", "reference", "created_at", "id");

-- `bolt-m6` is `BOLT-M6`: citext compares regardless of case and keeps the spelling stored, so
-- the existing unique indexes refuse case variants. citext ships with PostgreSQL and is a trusted
-- extension (any role that may create objects in the database can install it). If an account
-- already holds two codes differing only in case, the index rebuild fails naming them: rename
-- one, then start again.
CREATE EXTENSION IF NOT EXISTS citext;
ALTER TABLE "skus" ALTER COLUMN "code" TYPE citext;
ALTER TABLE "supplier_items" ALTER COLUMN "code" TYPE citext;
