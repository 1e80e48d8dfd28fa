-- Tokens limited to sites: a token with site_ids sees and changes the stock of those sites only
-- (NULL: every site of its account, as every token before this migration). No index: a token's
-- row is read by its hash, and its sites with it. Adding a nullable column rewrites nothing.
ALTER TABLE "api_tokens" ADD COLUMN "site_ids" INTEGER[];

-- A limited token names at least one site, each once (the service checks they are the account's).
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_site_ids_check"
  CHECK ("site_ids" IS NULL OR (cardinality("site_ids") >= 1 AND array_position("site_ids", NULL) IS NULL));
