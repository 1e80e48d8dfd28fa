-- Transfers move stock between two sites of an account: dispatch takes it out of the source
-- (reason transfer_out), receipt puts it in at the destination (transfer_in), a shortfall written
-- off when the transfer is closed short is transfer_loss at the destination, and a cancel returns
-- it to the source (transfer_in). Every such movement names its transfer. The movements' column
-- is added without a default and without a rewrite, however many movements the table holds, and
-- without an index (a transfer's movements are found through it, not the other way round).
ALTER TYPE "stock_reason" ADD VALUE IF NOT EXISTS 'transfer_out';
ALTER TYPE "stock_reason" ADD VALUE IF NOT EXISTS 'transfer_in';
ALTER TYPE "stock_reason" ADD VALUE IF NOT EXISTS 'transfer_loss';

CREATE TYPE "transfer_status" AS ENUM ('in_transit', 'received', 'cancelled');

ALTER TABLE "stock_movements" ADD COLUMN "transfer_id" INTEGER;

CREATE TABLE "transfers" (
    "account_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "from_site_id" INTEGER NOT NULL,
    "to_site_id" INTEGER NOT NULL,
    "status" "transfer_status" NOT NULL,
    "reference" TEXT,
    "note" TEXT,
    "actor_name" TEXT NOT NULL,
    "actor_token_id" INTEGER,
    "line_count" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closed_at" TIMESTAMPTZ(3),

    CONSTRAINT "transfers_pkey" PRIMARY KEY ("account_id", "id"),
    CONSTRAINT "transfers_two_sites" CHECK ("from_site_id" <> "to_site_id")
);

CREATE TABLE "transfer_lines" (
    "account_id" INTEGER NOT NULL,
    "transfer_id" INTEGER NOT NULL,
    "line_no" INTEGER NOT NULL,
    "entity_type" "entity_type" NOT NULL,
    "sku_id" INTEGER,
    "supplier_item_id" INTEGER,
    "qty" DECIMAL(14,3) NOT NULL,
    "received_qty" DECIMAL(14,3) NOT NULL DEFAULT 0,
    "lost_qty" DECIMAL(14,3) NOT NULL DEFAULT 0,

    CONSTRAINT "transfer_lines_pkey" PRIMARY KEY ("account_id", "transfer_id", "line_no"),
    CONSTRAINT "transfer_lines_within_sent" CHECK (
      "qty" > 0 AND "received_qty" >= 0 AND "lost_qty" >= 0 AND "received_qty" + "lost_qty" <= "qty"
    )
);

CREATE INDEX "transfers_from_idx" ON "transfers"("account_id", "from_site_id", "status", "id");
CREATE INDEX "transfers_to_idx" ON "transfers"("account_id", "to_site_id", "status", "id");
CREATE INDEX "transfers_reference_idx" ON "transfers"("account_id", "reference", "id");
CREATE INDEX "transfer_lines_sku_idx" ON "transfer_lines"("account_id", "sku_id", "transfer_id");
CREATE INDEX "transfer_lines_supplier_item_idx" ON "transfer_lines"("account_id", "supplier_item_id", "transfer_id");

ALTER TABLE "transfer_lines" ADD CONSTRAINT "transfer_lines_account_id_transfer_id_fkey" FOREIGN KEY ("account_id", "transfer_id") REFERENCES "transfers"("account_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;
