-- Cycle counts: counting a little every day instead of everything once a year. Each SKU may have
-- a count class (A, B or C: how often it is to be counted) and remembers when a reconcile last
-- applied or confirmed a count of it; the account says how many days each class may go uncounted.
-- Both live in a table of their own, not on skus: a reconcile stamps every counted SKU, and on the
-- SKU rows it would contend with the adjustments that lock them, bump their catalog stamp and
-- rewrite them outside HOT. No row means no class and never counted.
CREATE TYPE "count_class" AS ENUM ('A', 'B', 'C');

ALTER TABLE "accounts"
  ADD COLUMN "cycle_days_a" integer NOT NULL DEFAULT 30
    CONSTRAINT "accounts_cycle_days_a_check" CHECK ("cycle_days_a" BETWEEN 1 AND 3650),
  ADD COLUMN "cycle_days_b" integer NOT NULL DEFAULT 90
    CONSTRAINT "accounts_cycle_days_b_check" CHECK ("cycle_days_b" BETWEEN 1 AND 3650),
  ADD COLUMN "cycle_days_c" integer NOT NULL DEFAULT 365
    CONSTRAINT "accounts_cycle_days_c_check" CHECK ("cycle_days_c" BETWEEN 1 AND 3650);

CREATE TABLE "sku_cycle_counts" (
  "account_id" integer NOT NULL,
  "sku_id" integer NOT NULL,
  "count_class" "count_class",
  "last_counted_at" timestamptz(3),
  "classified_at" timestamptz(3),
  CONSTRAINT "sku_cycle_counts_pkey" PRIMARY KEY ("account_id", "sku_id")
);
-- No foreign key to skus, as stock_take_lines and stock_movements have none: its check would take
-- a KEY SHARE lock on every newly stamped SKU until the reconcile commits, and an adjustment's
-- FOR UPDATE of one of them would wait for it. Rows are written only for SKUs of the account
-- (a stock take's lines, a classification), and SKUs are never deleted.

-- What is due, per class: never counted (last_counted_at IS NULL), then counted longest ago, each a
-- range of this index.
CREATE INDEX "sku_cycle_counts_account_id_count_class_last_counted_at_sku_idx"
  ON "sku_cycle_counts"("account_id", "count_class", "last_counted_at", "sku_id");
