-- Tokens may expire, say when they were last used, and carry a rate limit of their own (NULL:
-- the service's default; 0/0: unlimited; a rate below 1 a second is a limit given per minute).
ALTER TABLE "api_tokens"
  ADD COLUMN "expires_at" TIMESTAMPTZ(3),
  ADD COLUMN "last_used_at" TIMESTAMPTZ(3),
  ADD COLUMN "rate_limit_per_second" DOUBLE PRECISION,
  ADD COLUMN "rate_limit_burst" INTEGER,
  ADD CONSTRAINT "api_tokens_rate_limit_check" CHECK (
    ("rate_limit_per_second" IS NULL AND "rate_limit_burst" IS NULL)
    OR ("rate_limit_per_second" = 0 AND "rate_limit_burst" = 0)
    OR ("rate_limit_per_second" > 0 AND "rate_limit_burst" > 0)
  );

-- Each token's rate-limit bucket: what it holds and when it was last filled up. Every
-- authenticated request updates its row, so the table is UNLOGGED: no WAL, and a commit that
-- touched only it does not wait for a disk flush. After a crash PostgreSQL empties it, which
-- leaves every bucket full: the one thing lost is a few seconds of limiting.
CREATE UNLOGGED TABLE "api_token_buckets" (
  "account_id" INTEGER NOT NULL,
  "token_id" INTEGER NOT NULL,
  "tokens" DOUBLE PRECISION NOT NULL,
  "refilled_at" TIMESTAMPTZ(6) NOT NULL,
  CONSTRAINT "api_token_buckets_pkey" PRIMARY KEY ("account_id", "token_id")
);
ALTER TABLE "api_token_buckets" ADD CONSTRAINT "api_token_buckets_account_id_token_id_fkey"
  FOREIGN KEY ("account_id", "token_id") REFERENCES "api_tokens"("account_id", "id")
  ON DELETE CASCADE ON UPDATE CASCADE;
