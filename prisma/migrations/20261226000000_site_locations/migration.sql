-- Where stock is kept belongs to a stock level: an item's bin at one site is not its bin at
-- another (DESIGN §8). Each item's location moves to its level at its account's default site
-- (every location was there), a level of 0 on hand being made where the item had none (a linked
-- supplier item with a location, say: a level of 0 holds no stock, so its link stays valid); the
-- item columns and their indexes go.
--
-- The items are locked against writes first: a process of the version before, still serving
-- while this runs, would otherwise change a location after it was copied and before it is dropped.
LOCK TABLE "skus", "supplier_items" IN SHARE ROW EXCLUSIVE MODE;

-- The same rule as the item columns had: trimmed by the service, never blank, at most 64
-- characters, no control characters.
ALTER TABLE "sku_stock" ADD COLUMN "location" text
  CONSTRAINT "sku_stock_location_check"
  CHECK ("location" IS NULL OR ("location" <> '' AND char_length("location") <= 64
    AND "location" !~ '[[:cntrl:]]'));
ALTER TABLE "supplier_item_stock" ADD COLUMN "location" text
  CONSTRAINT "supplier_item_stock_location_check"
  CHECK ("location" IS NULL OR ("location" <> '' AND char_length("location") <= 64
    AND "location" !~ '[[:cntrl:]]'));

INSERT INTO "sku_stock" ("account_id", "site_id", "sku_id", "location")
SELECT s."account_id", d."id", s."id", s."location"
FROM "skus" AS s JOIN "sites" AS d ON d."account_id" = s."account_id" AND d."is_default"
WHERE s."location" IS NOT NULL
ORDER BY s."account_id", s."id"
ON CONFLICT ("account_id", "site_id", "sku_id") DO UPDATE SET "location" = EXCLUDED."location";
INSERT INTO "supplier_item_stock" ("account_id", "site_id", "supplier_item_id", "location")
SELECT i."account_id", d."id", i."id", i."location"
FROM "supplier_items" AS i JOIN "sites" AS d ON d."account_id" = i."account_id" AND d."is_default"
WHERE i."location" IS NOT NULL
ORDER BY i."account_id", i."id"
ON CONFLICT ("account_id", "site_id", "supplier_item_id") DO UPDATE SET "location" = EXCLUDED."location";

-- The prefix filter and a stock take's areas at a site: lower(location) in byte order, as a
-- range (see the migration `locations`), within the site; only levels with a location.
CREATE INDEX "sku_stock_location_idx"
  ON "sku_stock" ("account_id", "site_id", (lower("location") COLLATE "C"), "sku_id")
  WHERE "location" IS NOT NULL;
CREATE INDEX "supplier_item_stock_location_idx"
  ON "supplier_item_stock" ("account_id", "site_id", (lower("location") COLLATE "C"), "supplier_item_id")
  WHERE "location" IS NOT NULL;

-- Catalog rows as the API shows them at a site: on hand and location there.
CREATE FUNCTION "sku_json_at"(s "skus", site integer) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('id', s."id", 'code', s."code", 'name', s."name",
    'on_hand', COALESCE(l."on_hand", 0),
    'active', s."active", 'barcodes', to_jsonb(s."barcodes"),
    'location', l."location",
    'created_at', api_instant(s."created_at"), 'updated_at', api_instant(s."updated_at"))
  FROM (SELECT 1) AS one
  LEFT JOIN "sku_stock" AS l ON l."account_id" = s."account_id" AND l."site_id" = site
    AND l."sku_id" = s."id"
$$;
-- A linked item shows its SKU's stock but its own location (it may have a bin of its own).
CREATE FUNCTION "supplier_item_json_at"(i "supplier_items", site integer) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('id', i."id", 'supplier', i."supplier", 'code', i."code",
    'name', i."name",
    'on_hand', COALESCE(CASE WHEN i."sku_id" IS NULL THEN own."on_hand"
      ELSE (SELECT l."on_hand" FROM "sku_stock" AS l
        WHERE l."account_id" = i."account_id" AND l."site_id" = site AND l."sku_id" = i."sku_id")
      END, 0),
    'sku_id', i."sku_id",
    'active', i."active", 'barcodes', to_jsonb(i."barcodes"), 'location', own."location",
    'created_at', api_instant(i."created_at"),
    'updated_at', api_instant(GREATEST(i."updated_at", s."updated_at")))
  FROM (SELECT 1) AS one
  LEFT JOIN "supplier_item_stock" AS own ON own."account_id" = i."account_id"
    AND own."site_id" = site AND own."supplier_item_id" = i."id"
  LEFT JOIN "skus" AS s ON s."account_id" = i."account_id" AND s."id" = i."sku_id"
$$;
-- As events naming no site show them: at the account's default site.
CREATE OR REPLACE FUNCTION "sku_json"(s "skus") RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT sku_json_at(s, (SELECT d."id" FROM "sites" AS d
    WHERE d."account_id" = s."account_id" AND d."is_default"))
$$;
CREATE OR REPLACE FUNCTION "supplier_item_json"(i "supplier_items") RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT supplier_item_json_at(i, (SELECT d."id" FROM "sites" AS d
    WHERE d."account_id" = i."account_id" AND d."is_default"))
$$;

-- The catalog's updated events no longer watch a location of the item's own.
CREATE OR REPLACE TRIGGER "skus_updated_event" AFTER UPDATE ON "skus" FOR EACH ROW
  WHEN ((OLD."code"::text, OLD."name", OLD."active", OLD."barcodes")
    IS DISTINCT FROM (NEW."code"::text, NEW."name", NEW."active", NEW."barcodes"))
  EXECUTE FUNCTION "catalog_updated_event"();
CREATE OR REPLACE TRIGGER "supplier_items_updated_event" AFTER UPDATE ON "supplier_items" FOR EACH ROW
  WHEN ((OLD."supplier", OLD."code"::text, OLD."name", OLD."sku_id", OLD."active", OLD."barcodes")
    IS DISTINCT FROM (NEW."supplier", NEW."code"::text, NEW."name", NEW."sku_id", NEW."active", NEW."barcodes"))
  EXECUTE FUNCTION "catalog_updated_event"();

DROP INDEX "skus_account_id_location_idx";
DROP INDEX "supplier_items_account_id_location_idx";
ALTER TABLE "skus" DROP COLUMN "location";
ALTER TABLE "supplier_items" DROP COLUMN "location";

-- A location set or changed at a site is a catalog change: the item is stamped (catalog_stamp,
-- so a catalog sync sees it) and an updated event shows it at that site, naming the site. The
-- ledger's writes never set a location: an INSERT of a level without one, or an UPDATE that does
-- not name the column, does no trigger work. A level written before its item exists (none is,
-- today) finds no item and writes nothing.
CREATE FUNCTION "level_location_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch is planned only for its own table (NEW's type differs).
  IF TG_TABLE_NAME = 'sku_stock' THEN
    WITH stamped AS (
      UPDATE "skus" AS s SET "updated_at" = s."updated_at"
      WHERE s."account_id" = NEW."account_id" AND s."id" = NEW."sku_id" RETURNING s.*
    )
    INSERT INTO "events" ("account_id", "type", "occurred_at", "data")
    SELECT s."account_id", 'sku.updated', s."updated_at",
      sku_json_at(s::"skus", NEW."site_id") || jsonb_build_object('location', NEW."location",
        'site_id', NEW."site_id")
    FROM stamped AS s;
  ELSE
    WITH stamped AS (
      UPDATE "supplier_items" AS i SET "updated_at" = i."updated_at"
      WHERE i."account_id" = NEW."account_id" AND i."id" = NEW."supplier_item_id" RETURNING i.*
    )
    INSERT INTO "events" ("account_id", "type", "occurred_at", "data")
    SELECT i."account_id", 'supplier_item.updated', i."updated_at",
      supplier_item_json_at(i::"supplier_items", NEW."site_id")
        || jsonb_build_object('location', NEW."location", 'site_id', NEW."site_id")
    FROM stamped AS i;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "sku_stock_location_set" AFTER INSERT ON "sku_stock" FOR EACH ROW
  WHEN (NEW."location" IS NOT NULL) EXECUTE FUNCTION "level_location_event"();
CREATE TRIGGER "sku_stock_location_changed" AFTER UPDATE OF "location" ON "sku_stock" FOR EACH ROW
  WHEN (OLD."location" IS DISTINCT FROM NEW."location") EXECUTE FUNCTION "level_location_event"();
CREATE TRIGGER "supplier_item_stock_location_set" AFTER INSERT ON "supplier_item_stock" FOR EACH ROW
  WHEN (NEW."location" IS NOT NULL) EXECUTE FUNCTION "level_location_event"();
CREATE TRIGGER "supplier_item_stock_location_changed" AFTER UPDATE OF "location"
  ON "supplier_item_stock" FOR EACH ROW
  WHEN (OLD."location" IS DISTINCT FROM NEW."location") EXECUTE FUNCTION "level_location_event"();
