-- Every movement and every stock take names its site. Until now an account was one site, so each
-- existing movement and stock take was at what is now its account's default site: they are put
-- there, and the numbers stay as they were.
--
-- The movements get theirs by a rewrite of the table (ALTER COLUMN … TYPE … USING), not an UPDATE:
-- the ledger stays append-only throughout (a rewrite fires no row trigger), no row is left behind
-- as a dead version, and the indexes are built once from the rewritten rows.
CREATE FUNCTION "countpoint_default_site"(account integer) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT "id" FROM "sites" WHERE "account_id" = account AND "is_default"
$$;
ALTER TABLE "stock_movements" ADD COLUMN "site_id" INTEGER;
ALTER TABLE "stock_movements" ALTER COLUMN "site_id" TYPE INTEGER
  USING countpoint_default_site("account_id");
ALTER TABLE "stock_movements" ALTER COLUMN "site_id" SET NOT NULL;
CREATE INDEX "stock_movements_site_idx"
  ON "stock_movements"("account_id", "site_id", "occurred_at", "id");

ALTER TABLE "stock_takes" ADD COLUMN "site_id" INTEGER;
UPDATE "stock_takes" SET "site_id" = countpoint_default_site("account_id");
ALTER TABLE "stock_takes" ALTER COLUMN "site_id" SET NOT NULL;
ALTER TABLE "stock_takes" ADD CONSTRAINT "stock_takes_account_id_site_id_fkey"
  FOREIGN KEY ("account_id", "site_id") REFERENCES "sites"("account_id", "id")
  ON DELETE RESTRICT ON UPDATE CASCADE;
-- A site's stock takes, newest first (the list's site filter).
CREATE INDEX "stock_takes_site_idx" ON "stock_takes"("account_id", "site_id", "id");

-- A stock take's events name its site too (stock.changed's name it from the ledger's write).
CREATE OR REPLACE FUNCTION "stock_take_json"(t "stock_takes") RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('id', t."id", 'status', t."status", 'reference', t."reference",
    'blind', t."blind", 'basis', t."basis", 'frozen_at', api_instant(t."frozen_at"),
    'reconciled_at', api_instant(t."reconciled_at"), 'cancelled_at', api_instant(t."cancelled_at"),
    'site_id', t."site_id")
$$;

DROP FUNCTION "countpoint_default_site"(integer);
