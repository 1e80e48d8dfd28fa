-- The key that signs the tokens the service issues (an HMAC-SHA256 in a token's last eight
-- characters), so that a made-up token is told from an issued one without a statement: one row,
-- made here from two random UUIDs (244 random bits), and kept with the data it guards.
CREATE TABLE "token_keys" (
  "id" SMALLINT NOT NULL DEFAULT 1,
  "key" BYTEA NOT NULL,
  CONSTRAINT "token_keys_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "token_keys_one_row" CHECK ("id" = 1)
);
INSERT INTO "token_keys" ("key")
VALUES (decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'));

-- Whether a token carries that signature: every token issued from now on, none issued before
-- (those are looked up as they always were, for as long as they live).
ALTER TABLE "api_tokens" ADD COLUMN "signed" BOOLEAN NOT NULL DEFAULT false;
