-- Searching and syncing the catalog.
--
-- Search: `q` matches a SKU's or supplier item's code and name anywhere, regardless of case,
-- through trigram indexes (pg_trgm) that lead with the account (btree_gin). Prisma cannot declare
-- indexes on expressions; the schema test lists these two as the migrations' own.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gin;
CREATE INDEX "skus_search_idx" ON "skus" USING gin
  ("account_id", (lower("code"::text || ' ' || "name")) gin_trgm_ops);
CREATE INDEX "supplier_items_search_idx" ON "supplier_items" USING gin
  ("account_id", (lower("code"::text || ' ' || "name")) gin_trgm_ops);

-- Sync: `updated_since` pages by (updated_at, id), and a reader reads only below the ledger's
-- horizon, so a change that commits late never lands behind a page already read. That holds for
-- catalog changes too when each is stamped as a stock change is: by the database's clock, read
-- once the account's ledger lock is held in shared mode (held to commit). Stock changes set
-- updated_at to their movement's stamp; every other insert or update of a row is stamped here.
-- (A statement that sets updated_at itself is left alone: it must stamp as the ledger does.)
CREATE FUNCTION "catalog_stamp"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(19524, NEW."account_id"); -- the ledger lock class, "LD"
  NEW."updated_at" := clock_timestamp();
  RETURN NEW;
END $$;
CREATE TRIGGER "skus_stamp_insert" BEFORE INSERT ON "skus"
  FOR EACH ROW EXECUTE FUNCTION "catalog_stamp"();
CREATE TRIGGER "skus_stamp_update" BEFORE UPDATE ON "skus"
  FOR EACH ROW WHEN (NEW."updated_at" IS NOT DISTINCT FROM OLD."updated_at")
  EXECUTE FUNCTION "catalog_stamp"();
CREATE TRIGGER "supplier_items_stamp_insert" BEFORE INSERT ON "supplier_items"
  FOR EACH ROW EXECUTE FUNCTION "catalog_stamp"();
CREATE TRIGGER "supplier_items_stamp_update" BEFORE UPDATE ON "supplier_items"
  FOR EACH ROW WHEN (NEW."updated_at" IS NOT DISTINCT FROM OLD."updated_at")
  EXECUTE FUNCTION "catalog_stamp"();

CREATE INDEX "skus_account_id_updated_at_id_idx" ON "skus"("account_id", "updated_at", "id");
CREATE INDEX "supplier_items_account_id_updated_at_id_idx" ON "supplier_items"("account_id", "updated_at", "id");
