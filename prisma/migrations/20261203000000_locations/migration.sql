-- Where stock is kept: an optional location per SKU and supplier item (a shelf, bay, bin or
-- picking position such as A-01-03), as spelled, compared regardless of case. The service trims
-- it and refuses control characters and more than 64 characters; the checks below say the same
-- to anything writing past it. A location is where an entity's stock is, not stock of its own:
-- changing it writes no movement, and its events are sku.updated and supplier_item.updated.
ALTER TABLE "skus" ADD COLUMN "location" text
  CONSTRAINT "skus_location_check"
  CHECK ("location" IS NULL OR ("location" <> '' AND char_length("location") <= 64
    AND "location" !~ '[[:cntrl:]]'));
ALTER TABLE "supplier_items" ADD COLUMN "location" text
  CONSTRAINT "supplier_items_location_check"
  CHECK ("location" IS NULL OR ("location" <> '' AND char_length("location") <= 64
    AND "location" !~ '[[:cntrl:]]'));

-- The prefix filter (location=A-01) compares lower(location) in byte order (COLLATE "C"), as a
-- range: lower(prefix) <= lower(location) < lower(prefix) || U+10FFFF, which these serve.
CREATE INDEX "skus_account_id_location_idx"
  ON "skus"("account_id", (lower("location") COLLATE "C"), "id") WHERE "location" IS NOT NULL;
CREATE INDEX "supplier_items_account_id_location_idx"
  ON "supplier_items"("account_id", (lower("location") COLLATE "C"), "id")
  WHERE "location" IS NOT NULL;

-- Catalog rows as the API shows them, now with their location.
CREATE OR REPLACE FUNCTION "sku_json"(s "skus") RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('id', s."id", 'code', s."code", 'name', s."name",
    'on_hand', s."on_hand", 'active', s."active", 'barcodes', to_jsonb(s."barcodes"),
    'location', s."location",
    'created_at', api_instant(s."created_at"), 'updated_at', api_instant(s."updated_at"))
$$;
CREATE OR REPLACE FUNCTION "supplier_item_json"(i "supplier_items") RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('id', i."id", 'supplier', i."supplier", 'code', i."code",
    'name', i."name", 'on_hand', COALESCE(s."on_hand", i."on_hand"), 'sku_id', i."sku_id",
    'active', i."active", 'barcodes', to_jsonb(i."barcodes"), 'location', i."location",
    'created_at', api_instant(i."created_at"),
    'updated_at', api_instant(GREATEST(i."updated_at", s."updated_at")))
  FROM (SELECT 1) AS one
  LEFT JOIN "skus" AS s ON s."account_id" = i."account_id" AND s."id" = i."sku_id"
$$;

-- A changed location is a catalog change: an updated event, as for the other catalog fields.
CREATE OR REPLACE TRIGGER "skus_updated_event" AFTER UPDATE ON "skus" FOR EACH ROW
  WHEN ((OLD."code"::text, OLD."name", OLD."active", OLD."barcodes", OLD."location")
    IS DISTINCT FROM (NEW."code"::text, NEW."name", NEW."active", NEW."barcodes", NEW."location"))
  EXECUTE FUNCTION "catalog_updated_event"();
CREATE OR REPLACE TRIGGER "supplier_items_updated_event" AFTER UPDATE ON "supplier_items" FOR EACH ROW
  WHEN ((OLD."supplier", OLD."code"::text, OLD."name", OLD."sku_id", OLD."active", OLD."barcodes", OLD."location")
    IS DISTINCT FROM (NEW."supplier", NEW."code"::text, NEW."name", NEW."sku_id", NEW."active", NEW."barcodes", NEW."location"))
  EXECUTE FUNCTION "catalog_updated_event"();
