-- Sites: the stores, warehouses and vans of an account, where its stock is. Every account has
-- exactly one default site, the one a request naming no site means: each existing account gets
-- one here (code MAIN, named Main), and each account made later gets one as it is made (the
-- trigger below), whoever makes it. At most one default per account is the partial unique index;
-- at least one is the trigger; a default is never deactivated (the check), and stops being the
-- default only when another site of its account becomes it (the service does both in one
-- transaction).
CREATE TABLE "sites" (
  "account_id" INTEGER NOT NULL,
  "id" SERIAL NOT NULL,
  "code" CITEXT NOT NULL,
  "name" TEXT NOT NULL,
  "timezone" TEXT,
  "active" BOOLEAN NOT NULL DEFAULT true,
  "is_default" BOOLEAN NOT NULL DEFAULT false,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "sites_pkey" PRIMARY KEY ("account_id", "id"),
  CONSTRAINT "sites_default_active_check" CHECK (NOT "is_default" OR "active")
);
CREATE UNIQUE INDEX "sites_account_id_code_key" ON "sites"("account_id", "code");
CREATE UNIQUE INDEX "sites_default_key" ON "sites"("account_id") WHERE "is_default";
ALTER TABLE "sites" ADD CONSTRAINT "sites_account_id_fkey"
  FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

INSERT INTO "sites" ("account_id", "code", "name", "is_default", "created_at", "updated_at")
SELECT "id", 'MAIN', 'Main', true, "created_at", "created_at" FROM "accounts" ORDER BY "id";

CREATE FUNCTION "account_default_site"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "sites" ("account_id", "code", "name", "is_default", "created_at", "updated_at")
  VALUES (NEW."id", 'MAIN', 'Main', true, NEW."created_at", NEW."created_at");
  RETURN NULL;
END $$;
CREATE TRIGGER "accounts_default_site" AFTER INSERT ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION "account_default_site"();

-- Managing sites is the admin tokens' right: every token that may issue tokens (made by the
-- command line or on first start) may now manage sites too.
ALTER TABLE "api_tokens" DROP CONSTRAINT "api_tokens_scopes_check";
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_scopes_check"
  CHECK ("scopes" <@ ARRAY['read', 'adjust', 'count', 'approve', 'webhooks', 'sites', 'tokens']::TEXT[]);
UPDATE "api_tokens" SET "scopes" = array_append("scopes", 'sites')
WHERE 'tokens' = ANY("scopes") AND NOT 'sites' = ANY("scopes");
