-- Every secret a rotation promised an overlap keeps signing until its own end: the secrets before
-- the current one are kept each with its expiry ([{"secret": "whsec_…", "expires_at": "…"}]),
-- not just the last one (a second rotation used to end the first one's overlap). At most 4 are
-- kept: a rotation that would keep a fifth is refused (see webhook.service.ts).
ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secrets" JSONB NOT NULL DEFAULT '[]';
UPDATE "webhook_endpoints"
SET "previous_secrets" = jsonb_build_array(jsonb_build_object(
  'secret', "previous_secret", 'expires_at', "previous_secret_expires_at"))
WHERE "previous_secret" IS NOT NULL AND "previous_secret_expires_at" > now();
ALTER TABLE "webhook_endpoints"
  DROP COLUMN "previous_secret",
  DROP COLUMN "previous_secret_expires_at";
