-- The transactional outbox: every change appends its events in the statement that makes it,
-- stamped like its movements (under the account's ledger lock), so the feed reads them in
-- (occurred_at, id) order below the ledger's horizon, as oldest-first movement readers do.
-- Like stock_movements, no foreign key: a bulk change writes thousands of rows at once, and the
-- account is the writer's own (it holds the account's ledger lock).
CREATE TABLE "events" (
  "account_id" INTEGER NOT NULL,
  "id" BIGSERIAL NOT NULL,
  "type" TEXT NOT NULL,
  "occurred_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "data" JSONB NOT NULL,
  CONSTRAINT "events_pkey" PRIMARY KEY ("account_id", "id")
);
CREATE INDEX "events_feed_idx" ON "events"("account_id", "occurred_at", "id");
