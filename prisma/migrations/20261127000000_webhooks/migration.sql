-- Webhooks: endpoints that receive the account's events, the deliveries made to them, and every
-- attempt. A worker gives each endpoint its deliveries by following the change feed from the
-- endpoint's own position, so an endpoint never misses an event the feed has, and sends them in
-- feed order; workers of several replicas share the endpoints by lease.
CREATE TYPE "webhook_delivery_status" AS ENUM ('pending', 'delivered', 'failed');

CREATE TABLE "webhook_endpoints" (
  "account_id" INTEGER NOT NULL,
  "id" SERIAL NOT NULL,
  "url" TEXT NOT NULL,
  "event_types" TEXT[],
  "description" TEXT,
  "active" BOOLEAN NOT NULL DEFAULT true,
  "secret" TEXT NOT NULL,
  "previous_secret" TEXT,
  "previous_secret_expires_at" TIMESTAMPTZ(3),
  "feed_at" TIMESTAMPTZ(3) NOT NULL,
  "feed_id" BIGINT NOT NULL DEFAULT 0,
  "due_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "lease_until" TIMESTAMPTZ(3),
  "disabled_reason" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("account_id", "id"),
  CONSTRAINT "webhook_endpoints_event_types_check" CHECK (cardinality("event_types") > 0),
  CONSTRAINT "webhook_endpoints_disabled_reason_check" CHECK ("disabled_reason" IN ('gone', 'failing'))
);
CREATE INDEX "webhook_endpoints_active_due_at_idx" ON "webhook_endpoints"("active", "due_at");
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_account_id_fkey"
  FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "webhook_deliveries" (
  "account_id" INTEGER NOT NULL,
  "id" BIGSERIAL NOT NULL,
  "endpoint_id" INTEGER NOT NULL,
  "event_id" BIGINT NOT NULL,
  "event_type" TEXT NOT NULL,
  "event_at" TIMESTAMPTZ(3) NOT NULL,
  "body" TEXT NOT NULL,
  "status" "webhook_delivery_status" NOT NULL DEFAULT 'pending',
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "first_failed_at" TIMESTAMPTZ(3),
  "delivered_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("account_id", "id")
);
CREATE UNIQUE INDEX "webhook_deliveries_account_id_endpoint_id_event_id_key"
  ON "webhook_deliveries"("account_id", "endpoint_id", "event_id");
CREATE INDEX "webhook_deliveries_queue_idx"
  ON "webhook_deliveries"("account_id", "endpoint_id", "status", "event_at", "event_id");
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_account_id_endpoint_id_fkey"
  FOREIGN KEY ("account_id", "endpoint_id") REFERENCES "webhook_endpoints"("account_id", "id")
  ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "webhook_attempts" (
  "account_id" INTEGER NOT NULL,
  "id" BIGSERIAL NOT NULL,
  "delivery_id" BIGINT NOT NULL,
  "attempted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "status_code" INTEGER,
  "error" TEXT,
  "duration_ms" INTEGER NOT NULL,
  CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("account_id", "id")
);
CREATE INDEX "webhook_attempts_account_id_delivery_id_id_idx"
  ON "webhook_attempts"("account_id", "delivery_id", "id");
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_account_id_delivery_id_fkey"
  FOREIGN KEY ("account_id", "delivery_id") REFERENCES "webhook_deliveries"("account_id", "id")
  ON DELETE CASCADE ON UPDATE CASCADE;

-- A scope for managing webhooks (a webhook receives every event of the types it names).
ALTER TABLE "api_tokens" DROP CONSTRAINT "api_tokens_scopes_check";
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_scopes_check"
  CHECK ("scopes" <@ ARRAY['read', 'adjust', 'count', 'approve', 'webhooks']::TEXT[]);
