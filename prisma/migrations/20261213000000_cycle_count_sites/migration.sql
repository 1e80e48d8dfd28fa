-- A SKU's place in the cycle (its class, when it was last counted) is kept per site: a store and a
-- warehouse count the same SKU on cycles of their own, classed by what moved there. Until now an
-- account was one site, so every row is put at its account's default site, unchanged.
ALTER TABLE "sku_cycle_counts" ADD COLUMN "site_id" INTEGER;
UPDATE "sku_cycle_counts" AS c SET "site_id" = s."id"
  FROM "sites" AS s WHERE s."account_id" = c."account_id" AND s."is_default";
ALTER TABLE "sku_cycle_counts" ALTER COLUMN "site_id" SET NOT NULL;
ALTER TABLE "sku_cycle_counts" DROP CONSTRAINT "sku_cycle_counts_pkey";
ALTER TABLE "sku_cycle_counts" ADD CONSTRAINT "sku_cycle_counts_pkey"
  PRIMARY KEY ("account_id", "site_id", "sku_id");
-- A site's own (a row names a site of its account); still none to skus (see 20261204000000).
ALTER TABLE "sku_cycle_counts" ADD CONSTRAINT "sku_cycle_counts_account_id_site_id_fkey"
  FOREIGN KEY ("account_id", "site_id") REFERENCES "sites"("account_id", "id")
  ON DELETE RESTRICT ON UPDATE CASCADE;

-- What is due at a site, per class: never counted, then counted longest ago, each a range.
DROP INDEX "sku_cycle_counts_account_id_count_class_last_counted_at_sku_idx";
CREATE INDEX "sku_cycle_counts_site_class_idx"
  ON "sku_cycle_counts"("account_id", "site_id", "count_class", "last_counted_at", "sku_id");
