-- Stock is kept per site: a SKU's or an unlinked supplier item's quantity at a site is its stock
-- level there (sku_stock, supplier_item_stock), keyed (account, site, item) as DESIGN §8 says.
-- The catalog stays account-wide. A missing level reads as 0 on hand. Every item gets a level at
-- its account's default site here, with the quantity it had (every quantity was there), and
-- each item created later gets one at its creation; a first change at another site makes it.
--
-- No foreign key from a level to its item or site: as for movements and cycle counts, a write
-- stays one probe lighter per row, items and sites are never deleted, and every level is written
-- by the ledger for an item it has locked at a site the service found in the account (or made
-- with nothing on hand, which changes no quantity, for an item of the account at its default).
--
-- The items are locked against writes first: a process of the version before, still serving
-- while this runs, would otherwise change an on_hand after it was copied and before it is dropped.
LOCK TABLE "skus", "supplier_items" IN SHARE ROW EXCLUSIVE MODE;

-- The item's row is the lock for all its levels: every writer locks it first (FOR UPDATE), then
-- writes its levels, so two sites' changes of one item never deadlock, and a level read in a
-- statement after the lock is the quantity as it stands.
CREATE TABLE "sku_stock" (
  "account_id" INTEGER NOT NULL,
  "site_id" INTEGER NOT NULL,
  "sku_id" INTEGER NOT NULL,
  "on_hand" DECIMAL(14,3) NOT NULL DEFAULT 0,
  CONSTRAINT "sku_stock_pkey" PRIMARY KEY ("account_id", "site_id", "sku_id"),
  CONSTRAINT "sku_stock_on_hand_check" CHECK ("on_hand" >= 0)
);
-- One SKU at every site (verify, a SKU's stock across a chain).
CREATE INDEX "sku_stock_sku_idx" ON "sku_stock" ("account_id", "sku_id", "site_id");

CREATE TABLE "supplier_item_stock" (
  "account_id" INTEGER NOT NULL,
  "site_id" INTEGER NOT NULL,
  "supplier_item_id" INTEGER NOT NULL,
  "on_hand" DECIMAL(14,3) NOT NULL DEFAULT 0,
  CONSTRAINT "supplier_item_stock_pkey" PRIMARY KEY ("account_id", "site_id", "supplier_item_id"),
  CONSTRAINT "supplier_item_stock_on_hand_check" CHECK ("on_hand" >= 0)
);
CREATE INDEX "supplier_item_stock_supplier_item_idx"
  ON "supplier_item_stock" ("account_id", "supplier_item_id", "site_id");

INSERT INTO "sku_stock" ("account_id", "site_id", "sku_id", "on_hand")
SELECT s."account_id", d."id", s."id", s."on_hand"
FROM "skus" AS s JOIN "sites" AS d ON d."account_id" = s."account_id" AND d."is_default"
ORDER BY s."account_id", s."id";
-- A linked item's stock is its SKU's: it has no level of its own.
INSERT INTO "supplier_item_stock" ("account_id", "site_id", "supplier_item_id", "on_hand")
SELECT i."account_id", d."id", i."id", i."on_hand"
FROM "supplier_items" AS i JOIN "sites" AS d ON d."account_id" = i."account_id" AND d."is_default"
WHERE i."sku_id" IS NULL
ORDER BY i."account_id", i."id";

-- A linked supplier item holds no stock at any site: a level of it may not rise above 0, and an
-- item may not be linked while it holds stock somewhere (the link moves it to the SKU first).
CREATE FUNCTION "supplier_item_stock_unlinked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'supplier_item_stock' THEN
    IF EXISTS (SELECT 1 FROM "supplier_items"
        WHERE "account_id" = NEW."account_id" AND "id" = NEW."supplier_item_id"
          AND "sku_id" IS NOT NULL) THEN
      RAISE EXCEPTION 'supplier item % is linked to a SKU: its stock is the SKU''s', NEW."supplier_item_id"
        USING ERRCODE = 'check_violation', CONSTRAINT = 'supplier_item_stock_linked_check';
    END IF;
  ELSIF EXISTS (SELECT 1 FROM "supplier_item_stock"
      WHERE "account_id" = NEW."account_id" AND "supplier_item_id" = NEW."id" AND "on_hand" <> 0) THEN
    RAISE EXCEPTION 'supplier item % holds stock: it cannot be linked to a SKU', NEW."id"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'supplier_item_stock_linked_check';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER "supplier_item_stock_linked_check" AFTER INSERT OR UPDATE OF "on_hand"
  ON "supplier_item_stock" FOR EACH ROW WHEN (NEW."on_hand" <> 0)
  EXECUTE FUNCTION "supplier_item_stock_unlinked"();
CREATE CONSTRAINT TRIGGER "supplier_items_linked_stock_check" AFTER INSERT OR UPDATE OF "sku_id"
  ON "supplier_items" FOR EACH ROW WHEN (NEW."sku_id" IS NOT NULL)
  EXECUTE FUNCTION "supplier_item_stock_unlinked"();

ALTER TABLE "supplier_items" DROP CONSTRAINT "supplier_items_linked_no_stock_check";
ALTER TABLE "supplier_items" DROP COLUMN "on_hand";
ALTER TABLE "skus" DROP COLUMN "on_hand";

-- Catalog rows as the events show them: on hand at the account's default site, as a request
-- naming no site reads it.
CREATE OR REPLACE FUNCTION "sku_json"(s "skus") RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('id', s."id", 'code', s."code", 'name', s."name",
    'on_hand', COALESCE((SELECT l."on_hand" FROM "sites" AS d
      JOIN "sku_stock" AS l ON l."account_id" = d."account_id" AND l."site_id" = d."id"
        AND l."sku_id" = s."id"
      WHERE d."account_id" = s."account_id" AND d."is_default"), 0),
    'active', s."active", 'barcodes', to_jsonb(s."barcodes"),
    'location', s."location",
    'created_at', api_instant(s."created_at"), 'updated_at', api_instant(s."updated_at"))
$$;
CREATE OR REPLACE FUNCTION "supplier_item_json"(i "supplier_items") RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('id', i."id", 'supplier', i."supplier", 'code', i."code",
    'name', i."name",
    'on_hand', COALESCE(CASE WHEN i."sku_id" IS NULL
      THEN (SELECT l."on_hand" FROM "supplier_item_stock" AS l
        WHERE l."account_id" = i."account_id" AND l."site_id" = d."id"
          AND l."supplier_item_id" = i."id")
      ELSE (SELECT l."on_hand" FROM "sku_stock" AS l
        WHERE l."account_id" = i."account_id" AND l."site_id" = d."id" AND l."sku_id" = i."sku_id")
      END, 0),
    'sku_id', i."sku_id",
    'active', i."active", 'barcodes', to_jsonb(i."barcodes"), 'location', i."location",
    'created_at', api_instant(i."created_at"),
    'updated_at', api_instant(GREATEST(i."updated_at", s."updated_at")))
  FROM (SELECT 1) AS one
  LEFT JOIN "sites" AS d ON d."account_id" = i."account_id" AND d."is_default"
  LEFT JOIN "skus" AS s ON s."account_id" = i."account_id" AND s."id" = i."sku_id"
$$;

-- A change of stock flags the lines of the open stock takes of its own site only.
DROP FUNCTION "flag_moved_lines"(integer, integer[], integer[]);
CREATE FUNCTION "flag_moved_lines"(p_account integer, p_site integer, p_skus integer[], p_items integer[])
RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  takes integer[];
BEGIN
  takes := ARRAY(SELECT "id" FROM "stock_takes"
    WHERE "account_id" = p_account AND "site_id" = p_site AND "status" IN ('open', 'counting'));
  IF cardinality(takes) = 0 THEN
    RETURN;
  END IF;
  UPDATE "stock_take_lines" AS l SET "moved_since_freeze" = true
  WHERE l."account_id" = p_account AND NOT l."moved_since_freeze"
    AND l."id" = ANY(ARRAY(
      SELECT x."id" FROM unnest(p_skus) AS e("id") CROSS JOIN unnest(takes) AS t("id")
      CROSS JOIN LATERAL (
        SELECT x."id" FROM "stock_take_lines" AS x
        WHERE x."account_id" = p_account AND x."sku_id" = e."id"
          AND x."stock_take_id" = t."id" AND NOT x."moved_since_freeze"
        OFFSET 0
      ) AS x
      UNION ALL
      SELECT x."id" FROM unnest(p_items) AS e("id") CROSS JOIN unnest(takes) AS t("id")
      CROSS JOIN LATERAL (
        SELECT x."id" FROM "stock_take_lines" AS x
        WHERE x."account_id" = p_account AND x."supplier_item_id" = e."id"
          AND x."stock_take_id" = t."id" AND NOT x."moved_since_freeze"
        OFFSET 0
      ) AS x));
END $$;
