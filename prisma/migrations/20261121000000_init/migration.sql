-- Countpoint schema, version 1. Written by hand to match prisma/schema.prisma (a test compares
-- the migrated database with the schema), plus what Prisma cannot express: CHECK constraints
-- and the append-only trigger on stock_movements.

CREATE TYPE "entity_type" AS ENUM ('sku', 'supplier_item');
CREATE TYPE "movement_source" AS ENUM ('adjustment', 'stock_take', 'opening_balance');
CREATE TYPE "stock_reason" AS ENUM ('manual', 'error', 'correction', 'damaged', 'lost', 'found',
  'theft', 'expired', 'returned', 'received', 'stock_take', 'opening_balance');
CREATE TYPE "adjustment_line_status" AS ENUM ('changed', 'unchanged');
CREATE TYPE "stock_take_status" AS ENUM ('open', 'counting', 'reconciled', 'cancelled');
CREATE TYPE "stock_take_line_state" AS ENUM ('uncounted', 'counted', 'accepted', 'applied');

CREATE TABLE "accounts" (
  "id" SERIAL NOT NULL,
  "name" TEXT NOT NULL,
  "timezone" TEXT NOT NULL DEFAULT 'UTC',
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "api_tokens" (
  "account_id" INTEGER NOT NULL,
  "id" SERIAL NOT NULL,
  "name" TEXT NOT NULL,
  "token_hash" TEXT NOT NULL,
  "scopes" TEXT[],
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "revoked_at" TIMESTAMPTZ(3),
  CONSTRAINT "api_tokens_pkey" PRIMARY KEY ("account_id", "id"),
  CONSTRAINT "api_tokens_scopes_check" CHECK ("scopes" <@ ARRAY['read', 'adjust', 'count', 'approve']::TEXT[])
);
CREATE UNIQUE INDEX "api_tokens_account_id_token_hash_key" ON "api_tokens"("account_id", "token_hash");

CREATE TABLE "skus" (
  "account_id" INTEGER NOT NULL,
  "id" SERIAL NOT NULL,
  "code" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "on_hand" DECIMAL(14,3) NOT NULL DEFAULT 0,
  "active" BOOLEAN NOT NULL DEFAULT true,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "skus_pkey" PRIMARY KEY ("account_id", "id"),
  CONSTRAINT "skus_on_hand_check" CHECK ("on_hand" >= 0)
);
CREATE UNIQUE INDEX "skus_account_id_code_key" ON "skus"("account_id", "code");

CREATE TABLE "supplier_items" (
  "account_id" INTEGER NOT NULL,
  "id" SERIAL NOT NULL,
  "supplier" TEXT NOT NULL,
  "code" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "on_hand" DECIMAL(14,3) NOT NULL DEFAULT 0,
  "sku_id" INTEGER,
  "active" BOOLEAN NOT NULL DEFAULT true,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "supplier_items_pkey" PRIMARY KEY ("account_id", "id"),
  CONSTRAINT "supplier_items_on_hand_check" CHECK ("on_hand" >= 0),
  CONSTRAINT "supplier_items_linked_no_stock_check" CHECK ("sku_id" IS NULL OR "on_hand" = 0)
);
CREATE UNIQUE INDEX "supplier_items_account_id_supplier_code_key" ON "supplier_items"("account_id", "supplier", "code");
CREATE INDEX "supplier_items_account_id_sku_id_idx" ON "supplier_items"("account_id", "sku_id");

CREATE TABLE "stock_movements" (
  "account_id" INTEGER NOT NULL,
  "id" BIGSERIAL NOT NULL,
  "occurred_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "entity_type" "entity_type" NOT NULL,
  "sku_id" INTEGER,
  "supplier_item_id" INTEGER,
  "quantity_before" DECIMAL(14,3) NOT NULL,
  "quantity_after" DECIMAL(14,3) NOT NULL,
  "change" DECIMAL(14,3) NOT NULL,
  "reason" "stock_reason" NOT NULL,
  "note" TEXT,
  "reference" TEXT,
  "source" "movement_source" NOT NULL,
  "adjustment_id" INTEGER,
  "stock_take_id" INTEGER,
  "actor_name" TEXT NOT NULL,
  "actor_token_id" INTEGER,
  CONSTRAINT "stock_movements_pkey" PRIMARY KEY ("account_id", "id"),
  CONSTRAINT "stock_movements_entity_check" CHECK (
    ("entity_type" = 'sku' AND "sku_id" IS NOT NULL AND "supplier_item_id" IS NULL) OR
    ("entity_type" = 'supplier_item' AND "supplier_item_id" IS NOT NULL AND "sku_id" IS NULL)),
  CONSTRAINT "stock_movements_quantities_check" CHECK (
    "quantity_before" >= 0 AND "quantity_after" >= 0 AND "change" = "quantity_after" - "quantity_before")
);
CREATE INDEX "stock_movements_window_idx" ON "stock_movements"("account_id", "occurred_at", "id");
CREATE INDEX "stock_movements_sku_idx" ON "stock_movements"("account_id", "sku_id", "occurred_at", "id");
CREATE INDEX "stock_movements_supplier_item_idx" ON "stock_movements"("account_id", "supplier_item_id", "occurred_at", "id");
CREATE INDEX "stock_movements_stock_take_idx" ON "stock_movements"("account_id", "stock_take_id", "occurred_at", "id");
CREATE INDEX "stock_movements_adjustment_idx" ON "stock_movements"("account_id", "adjustment_id");

-- The ledger is append-only: corrections are new movements, never edits.
CREATE FUNCTION "stock_movements_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock_movements is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER "stock_movements_no_update_delete" BEFORE UPDATE OR DELETE ON "stock_movements"
  FOR EACH ROW EXECUTE FUNCTION "stock_movements_append_only"();
CREATE TRIGGER "stock_movements_no_truncate" BEFORE TRUNCATE ON "stock_movements"
  FOR EACH STATEMENT EXECUTE FUNCTION "stock_movements_append_only"();

CREATE TABLE "stock_adjustments" (
  "account_id" INTEGER NOT NULL,
  "id" SERIAL NOT NULL,
  "reason" "stock_reason" NOT NULL,
  "note" TEXT,
  "reference" TEXT,
  "actor_name" TEXT NOT NULL,
  "actor_token_id" INTEGER,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "stock_adjustments_pkey" PRIMARY KEY ("account_id", "id")
);

CREATE TABLE "stock_adjustment_lines" (
  "account_id" INTEGER NOT NULL,
  "adjustment_id" INTEGER NOT NULL,
  "line_no" INTEGER NOT NULL,
  "entity_type" "entity_type" NOT NULL,
  "sku_id" INTEGER,
  "supplier_item_id" INTEGER,
  "previous_qty" DECIMAL(14,3) NOT NULL,
  "new_qty" DECIMAL(14,3) NOT NULL,
  "change" DECIMAL(14,3) NOT NULL,
  "status" "adjustment_line_status" NOT NULL,
  "movement_id" BIGINT,
  CONSTRAINT "stock_adjustment_lines_pkey" PRIMARY KEY ("account_id", "adjustment_id", "line_no"),
  CONSTRAINT "stock_adjustment_lines_quantities_check" CHECK ("previous_qty" >= 0 AND "new_qty" >= 0)
);

CREATE TABLE "stock_takes" (
  "account_id" INTEGER NOT NULL,
  "id" SERIAL NOT NULL,
  "status" "stock_take_status" NOT NULL DEFAULT 'open',
  "frozen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "reference" TEXT,
  "note" TEXT,
  "blind" BOOLEAN NOT NULL DEFAULT false,
  "scope" JSONB NOT NULL,
  "actor_name" TEXT NOT NULL,
  "actor_token_id" INTEGER,
  "reconciled_at" TIMESTAMPTZ(3),
  "cancelled_at" TIMESTAMPTZ(3),
  "reconcile_result" JSONB,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "stock_takes_pkey" PRIMARY KEY ("account_id", "id")
);
CREATE INDEX "stock_takes_account_id_status_idx" ON "stock_takes"("account_id", "status");

CREATE TABLE "stock_take_lines" (
  "account_id" INTEGER NOT NULL,
  "id" SERIAL NOT NULL,
  "stock_take_id" INTEGER NOT NULL,
  "entity_type" "entity_type" NOT NULL,
  "sku_id" INTEGER,
  "supplier_item_id" INTEGER,
  "expected_qty" DECIMAL(14,3) NOT NULL,
  "counted_qty" DECIMAL(14,3),
  "counted_at" TIMESTAMPTZ(3),
  "counted_by" TEXT,
  "state" "stock_take_line_state" NOT NULL DEFAULT 'uncounted',
  "moved_since_freeze" BOOLEAN NOT NULL DEFAULT false,
  "movement_id" BIGINT,
  CONSTRAINT "stock_take_lines_pkey" PRIMARY KEY ("account_id", "id"),
  CONSTRAINT "stock_take_lines_entity_check" CHECK (
    ("entity_type" = 'sku' AND "sku_id" IS NOT NULL AND "supplier_item_id" IS NULL) OR
    ("entity_type" = 'supplier_item' AND "supplier_item_id" IS NOT NULL AND "sku_id" IS NULL)),
  CONSTRAINT "stock_take_lines_quantities_check" CHECK ("expected_qty" >= 0 AND ("counted_qty" IS NULL OR "counted_qty" >= 0))
);
CREATE UNIQUE INDEX "stock_take_lines_account_id_stock_take_id_sku_id_key" ON "stock_take_lines"("account_id", "stock_take_id", "sku_id");
CREATE UNIQUE INDEX "stock_take_lines_account_id_stock_take_id_supplier_item_id_key" ON "stock_take_lines"("account_id", "stock_take_id", "supplier_item_id");
CREATE INDEX "stock_take_lines_account_id_stock_take_id_state_id_idx" ON "stock_take_lines"("account_id", "stock_take_id", "state", "id");
CREATE INDEX "stock_take_lines_account_id_sku_id_idx" ON "stock_take_lines"("account_id", "sku_id");
CREATE INDEX "stock_take_lines_account_id_supplier_item_id_idx" ON "stock_take_lines"("account_id", "supplier_item_id");

CREATE TABLE "idempotency_keys" (
  "account_id" INTEGER NOT NULL,
  "key" TEXT NOT NULL,
  "request_hash" TEXT NOT NULL,
  "response_body" JSON NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("account_id", "key")
);
CREATE INDEX "idempotency_keys_account_id_expires_at_idx" ON "idempotency_keys"("account_id", "expires_at");

ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "skus" ADD CONSTRAINT "skus_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "supplier_items" ADD CONSTRAINT "supplier_items_account_id_sku_id_fkey" FOREIGN KEY ("account_id", "sku_id") REFERENCES "skus"("account_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "stock_adjustment_lines" ADD CONSTRAINT "stock_adjustment_lines_account_id_adjustment_id_fkey" FOREIGN KEY ("account_id", "adjustment_id") REFERENCES "stock_adjustments"("account_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "stock_take_lines" ADD CONSTRAINT "stock_take_lines_account_id_stock_take_id_fkey" FOREIGN KEY ("account_id", "stock_take_id") REFERENCES "stock_takes"("account_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;
