-- Money (DESIGN §9): an account's currency, items' unit costs with the history of their changes,
-- stock take lines' costs at the freeze, and the costs scope (the movements' values are the next
-- migration's). Every column added here is nullable without a default, so adding it rewrites no
-- table: an account that sets no currency and no cost stores and sees nothing new.

-- The currency and its minor units (ISO 4217), set together or not at all.
ALTER TABLE "accounts" ADD COLUMN "currency" TEXT, ADD COLUMN "currency_minor_units" SMALLINT;
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_currency_check" CHECK (
  ("currency" IS NULL) = ("currency_minor_units" IS NULL)
  AND "currency" ~ '^[A-Z]{3}$' AND "currency_minor_units" BETWEEN 0 AND 4);

-- What one unit of an item costs: at most 4 decimals, below 10^10, never negative.
ALTER TABLE "skus" ADD COLUMN "unit_cost" NUMERIC(14, 4);
ALTER TABLE "skus" ADD CONSTRAINT "skus_unit_cost_check" CHECK ("unit_cost" >= 0);
ALTER TABLE "supplier_items" ADD COLUMN "unit_cost" NUMERIC(14, 4);
ALTER TABLE "supplier_items" ADD CONSTRAINT "supplier_items_unit_cost_check"
  CHECK ("unit_cost" >= 0);

-- Each change of a cost, written in the statement that sets it (src/modules/catalog/catalog.costs.ts).
CREATE TABLE "item_cost_changes" (
  "account_id" INTEGER NOT NULL,
  "id" BIGSERIAL NOT NULL,
  "entity_type" "entity_type" NOT NULL,
  "sku_id" INTEGER,
  "supplier_item_id" INTEGER,
  "cost_before" NUMERIC(14, 4),
  "cost_after" NUMERIC(14, 4),
  "changed_at" TIMESTAMPTZ(3) NOT NULL,
  "actor_name" TEXT NOT NULL,
  "actor_token_id" INTEGER,
  CONSTRAINT "item_cost_changes_pkey" PRIMARY KEY ("account_id", "id"),
  CONSTRAINT "item_cost_changes_entity_check" CHECK (
    ("entity_type" = 'sku' AND "sku_id" IS NOT NULL AND "supplier_item_id" IS NULL)
    OR ("entity_type" = 'supplier_item' AND "supplier_item_id" IS NOT NULL AND "sku_id" IS NULL)),
  CONSTRAINT "item_cost_changes_changed_check" CHECK ("cost_before" IS DISTINCT FROM "cost_after")
);
CREATE INDEX "item_cost_changes_sku_idx"
  ON "item_cost_changes" ("account_id", "sku_id", "changed_at", "id");
CREATE INDEX "item_cost_changes_supplier_item_idx"
  ON "item_cost_changes" ("account_id", "supplier_item_id", "changed_at", "id");

-- A stock take line's unit cost at the freeze (the start reads the item's row anyway): its
-- difference is valued at it, so a review's values do not move while it runs.
ALTER TABLE "stock_take_lines" ADD COLUMN "unit_cost" NUMERIC(14, 4);

-- Seeing money is a scope of its own; the admin tokens (those that may issue tokens, made by the
-- command line or on first start) hold it, as they came to hold sites.
ALTER TABLE "api_tokens" DROP CONSTRAINT "api_tokens_scopes_check";
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_scopes_check"
  CHECK ("scopes" <@ ARRAY['read', 'adjust', 'count', 'approve', 'webhooks', 'sites', 'costs', 'tokens']::TEXT[]);
UPDATE "api_tokens" SET "scopes" = array_append("scopes", 'costs')
WHERE 'tokens' = ANY("scopes") AND NOT 'costs' = ANY("scopes");
