-- Every stock adjustment names the site whose stock it set. Until now an adjustment could only be
-- at its account's default site, so each existing one is put there, and the numbers stay as they
-- were: a rewrite of the table (ALTER COLUMN … TYPE … USING), as the movements got theirs, so
-- no row is left behind as a dead version and the indexes are built once. No foreign key, as
-- the movements: a probe per adjustment saved; sites are never deleted.
CREATE FUNCTION "countpoint_default_site"(account integer) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT "id" FROM "sites" WHERE "account_id" = account AND "is_default"
$$;
ALTER TABLE "stock_adjustments" ADD COLUMN "site_id" INTEGER;
ALTER TABLE "stock_adjustments" ALTER COLUMN "site_id" TYPE INTEGER
  USING countpoint_default_site("account_id");
ALTER TABLE "stock_adjustments" ALTER COLUMN "site_id" SET NOT NULL;
DROP FUNCTION "countpoint_default_site"(integer);

-- A change of stock at a site a statement names, in that statement: takes the account's sites
-- lock shared (0x5349, SITE_LOCK_CLASS), as a transaction does before it writes at a named site,
-- and then answers whether the site is the account's and active. Its read is a statement of its
-- own, with a snapshot taken after the lock: a deactivation that committed while it waited is
-- seen (a read in the caller's statement would see the site as it was before the wait).
CREATE FUNCTION "hold_stock_site"(account integer, site integer) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(21321, account);
  RETURN EXISTS (SELECT 1 FROM "sites" WHERE "account_id" = account AND "id" = site AND "active");
END
$$;
