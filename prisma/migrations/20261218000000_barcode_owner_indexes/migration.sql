-- A barcode's owner indexes hold only the barcodes of their kind of owner, so a look-up by key
-- can use no index but the key: on statistics that show the account with a barcode or two, the
-- planner found the two-column indexes on (account_id, owner) as cheap as the key, took one and
-- filtered every barcode of the account by key, once per count sent. A query by owner
-- (sku_id = …, or the foreign keys' checks) implies its owner is not null and still uses them.
DROP INDEX "barcodes_account_id_sku_id_idx";
CREATE INDEX "barcodes_account_id_sku_id_idx" ON "barcodes" ("account_id", "sku_id")
  WHERE "sku_id" IS NOT NULL;
DROP INDEX "barcodes_account_id_supplier_item_id_idx";
CREATE INDEX "barcodes_account_id_supplier_item_id_idx" ON "barcodes" ("account_id", "supplier_item_id")
  WHERE "supplier_item_id" IS NOT NULL;
