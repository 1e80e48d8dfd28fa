-- Barcodes: any number per SKU or supplier item, unique per account across both. The barcodes
-- table is the index a scan is looked up by (its key: a GTIN as 14 digits, a label in lower case)
-- and what makes a barcode unique; each entity also keeps its barcodes as spelled, in order, so
-- every read of it has them without a join.
-- Prisma declares list columns nullable; the CHECKs keep them lists.
ALTER TABLE "skus" ADD COLUMN "barcodes" TEXT[] DEFAULT '{}',
  ADD CONSTRAINT "skus_barcodes_check" CHECK ("barcodes" IS NOT NULL);
ALTER TABLE "supplier_items" ADD COLUMN "barcodes" TEXT[] DEFAULT '{}',
  ADD CONSTRAINT "supplier_items_barcodes_check" CHECK ("barcodes" IS NOT NULL);

CREATE TABLE "barcodes" (
  "account_id" INTEGER NOT NULL,
  "key" TEXT NOT NULL,
  "code" TEXT NOT NULL,
  "sku_id" INTEGER,
  "supplier_item_id" INTEGER,
  CONSTRAINT "barcodes_pkey" PRIMARY KEY ("account_id", "key"),
  CONSTRAINT "barcodes_owner_check" CHECK (("sku_id" IS NULL) <> ("supplier_item_id" IS NULL))
);
CREATE INDEX "barcodes_account_id_sku_id_idx" ON "barcodes"("account_id", "sku_id");
CREATE INDEX "barcodes_account_id_supplier_item_id_idx" ON "barcodes"("account_id", "supplier_item_id");
ALTER TABLE "barcodes" ADD CONSTRAINT "barcodes_account_id_sku_id_fkey" FOREIGN KEY ("account_id", "sku_id") REFERENCES "skus"("account_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "barcodes" ADD CONSTRAINT "barcodes_account_id_supplier_item_id_fkey" FOREIGN KEY ("account_id", "supplier_item_id") REFERENCES "supplier_items"("account_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;
