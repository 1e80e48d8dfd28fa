-- Stock take workflow: count basis, recount flag, and the append-only count log.
CREATE TYPE "stock_take_basis" AS ENUM ('freeze', 'count_time');
CREATE TYPE "count_mode" AS ENUM ('set', 'add');

ALTER TABLE "stock_takes" ADD COLUMN "basis" "stock_take_basis" NOT NULL DEFAULT 'freeze';

ALTER TABLE "stock_take_lines" ADD COLUMN "basis_qty" DECIMAL(14,3);
ALTER TABLE "stock_take_lines" ADD COLUMN "recount_requested" BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE "stock_take_counts" (
  "account_id" INTEGER NOT NULL,
  "id" BIGSERIAL NOT NULL,
  "stock_take_id" INTEGER NOT NULL,
  "line_id" INTEGER NOT NULL,
  "entity_type" "entity_type" NOT NULL,
  "sku_id" INTEGER,
  "supplier_item_id" INTEGER,
  "mode" "count_mode" NOT NULL,
  "quantity" DECIMAL(14,3) NOT NULL,
  "counted_qty" DECIMAL(14,3) NOT NULL,
  "counter" TEXT NOT NULL,
  "counted_at" TIMESTAMPTZ(3) NOT NULL,
  "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "actor_token_id" INTEGER,
  CONSTRAINT "stock_take_counts_pkey" PRIMARY KEY ("account_id", "id"),
  CONSTRAINT "stock_take_counts_quantities_check" CHECK ("quantity" >= 0 AND "counted_qty" >= 0)
);
CREATE INDEX "stock_take_counts_account_id_stock_take_id_id_idx" ON "stock_take_counts"("account_id", "stock_take_id", "id");
ALTER TABLE "stock_take_counts" ADD CONSTRAINT "stock_take_counts_account_id_stock_take_id_fkey" FOREIGN KEY ("account_id", "stock_take_id") REFERENCES "stock_takes"("account_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The count log is append-only like the ledger: a correction is a new count.
CREATE FUNCTION "stock_take_counts_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock_take_counts is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER "stock_take_counts_no_update_delete" BEFORE UPDATE OR DELETE ON "stock_take_counts"
  FOR EACH ROW EXECUTE FUNCTION "stock_take_counts_append_only"();
CREATE TRIGGER "stock_take_counts_no_truncate" BEFORE TRUNCATE ON "stock_take_counts"
  FOR EACH STATEMENT EXECUTE FUNCTION "stock_take_counts_append_only"();
