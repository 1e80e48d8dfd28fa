-- Tokens issued through the API (a counting device's, issued by a manager's admin token). A new
-- scope, tokens: issuing, listing and revoking tokens. Tokens made before it do not hold it (as
-- with every scope added later); the command line makes tokens with every scope by default.
ALTER TABLE "api_tokens" DROP CONSTRAINT "api_tokens_scopes_check";
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_scopes_check"
  CHECK ("scopes" <@ ARRAY['read', 'adjust', 'count', 'approve', 'webhooks', 'tokens']::TEXT[]);

-- An account holds at most 1,000 live tokens: they are counted before each is issued. Only the
-- unrevoked ones, by expiry, so the count reads the live ones (and those without an expiry),
-- however many revoked and expired tokens an account has piled up.
CREATE INDEX "api_tokens_live_idx" ON "api_tokens" ("account_id", "expires_at")
  WHERE "revoked_at" IS NULL;
