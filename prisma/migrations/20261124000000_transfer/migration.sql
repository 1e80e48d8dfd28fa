-- Linking a supplier item that holds stock moves its stock into the SKU: two movements with the
-- system reason and source `transfer`.
ALTER TYPE "stock_reason" ADD VALUE 'transfer';
ALTER TYPE "movement_source" ADD VALUE 'transfer';
