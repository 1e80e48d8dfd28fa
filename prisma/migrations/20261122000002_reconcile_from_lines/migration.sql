-- A repeated reconcile answers from the applied lines and their movements, which never change
-- once reconciled, so the stored copy of the first answer is no longer kept.
ALTER TABLE "stock_takes" DROP COLUMN "reconcile_result";
