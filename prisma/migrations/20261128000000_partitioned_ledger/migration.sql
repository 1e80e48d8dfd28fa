-- The ledger (stock_movements) and the change feed (events), range-partitioned by month on
-- occurred_at: a query of a window or an entity's history reads the months it needs, and old
-- events go by dropping a month at once. Partitions are months in UTC, named <table>_pYYYY_MM;
-- a DEFAULT partition per table catches a row no month holds, so a write never fails for a
-- missing partition. The service creates the coming months ahead of time, at start-up and daily
-- (countpoint_create_partition for each; countpoint_ensure_partitions does them all in one call).
--
-- An existing database is converted in this migration's one transaction: each table is renamed,
-- its partitioned successor created with the same columns, defaults and CHECKs (the id sequences
-- carry on), a partition made for every month holding rows, the rows copied, the old table
-- dropped, then the indexes and the ledger's append-only triggers built on the parent, which
-- gives them to every partition. The primary keys gain occurred_at (PostgreSQL requires the
-- partition key in them) and still lead with the account.

-- A table's partitions and the ranges they hold, read in UTC (bounds print in the session's
-- time zone); the DEFAULT partition's range is null.
CREATE FUNCTION "countpoint_partitions"(parent regclass)
RETURNS TABLE ("partition" regclass, "range_start" timestamptz, "range_end" timestamptz)
LANGUAGE sql STABLE SET "TimeZone" = 'UTC' SET "DateStyle" = 'ISO, YMD' AS $$
  SELECT c.oid::regclass, b[1]::timestamptz, b[2]::timestamptz
  FROM pg_inherits AS i
  JOIN pg_class AS c ON c.oid = i.inhrelid
  CROSS JOIN LATERAL regexp_match(pg_get_expr(c.relpartbound, c.oid),
    'FROM \(''([^'']+)''\) TO \(''([^'']+)''\)') AS b
  WHERE i.inhparent = parent
$$;

-- Creates the partition of `parent` for the month holding `month`, unless a partition already
-- covers it; true when it did. Rows of that month caught by the DEFAULT partition move into the
-- new one (PostgreSQL refuses a partition whose range has rows in the default). The table is
-- created on its own and then attached, which locks the parent only against other DDL (SHARE
-- UPDATE EXCLUSIVE); the default partition is locked while it is drained and checked. A lock
-- held elsewhere for 10 s makes it fail rather than queue every reader behind it: the service
-- tries again later, and the default partition takes the rows meanwhile.
CREATE FUNCTION "countpoint_create_partition"(parent regclass, month date)
RETURNS boolean LANGUAGE plpgsql
SET "TimeZone" = 'UTC' SET "DateStyle" = 'ISO, YMD' SET "lock_timeout" = '10s' AS $$
DECLARE
  first_at timestamptz := date_trunc('month', month::timestamp) AT TIME ZONE 'UTC';
  end_at timestamptz := first_at + interval '1 month';
  schema_name text;
  table_name text;
  new_table text;
  default_partition regclass;
BEGIN
  -- One creator at a time (two processes starting together), held to the end of the transaction.
  PERFORM pg_advisory_xact_lock(20564, 1); -- "PT"
  IF EXISTS (SELECT 1 FROM countpoint_partitions(parent) AS p
             WHERE p.range_start < end_at AND p.range_end > first_at) THEN
    RETURN false;
  END IF;
  SELECT n.nspname, c.relname INTO schema_name, table_name
  FROM pg_class AS c JOIN pg_namespace AS n ON n.oid = c.relnamespace WHERE c.oid = parent;
  new_table := format('%I.%I', schema_name, table_name || '_p' || to_char(first_at, 'YYYY_MM'));
  SELECT NULLIF(partdefid, 0)::regclass INTO default_partition
  FROM pg_partitioned_table WHERE partrelid = parent;
  -- The parent first, then the default partition: the order ATTACH takes them in.
  EXECUTE format('LOCK TABLE ONLY %s IN SHARE UPDATE EXCLUSIVE MODE', parent);
  IF default_partition IS NOT NULL THEN
    EXECUTE format('LOCK TABLE %s IN ACCESS EXCLUSIVE MODE', default_partition);
  END IF;
  EXECUTE format('CREATE TABLE %s (LIKE %s INCLUDING DEFAULTS INCLUDING CONSTRAINTS)',
    new_table, parent);
  IF default_partition IS NOT NULL THEN
    -- The ledger's append-only trigger lets this one delete through: it names the partition
    -- being drained, for this transaction only.
    PERFORM set_config('countpoint.partition_maintenance', default_partition::oid::text, true);
    EXECUTE format('WITH moved AS (DELETE FROM %s WHERE occurred_at >= $1 AND occurred_at < $2 '
      'RETURNING *) INSERT INTO %s SELECT * FROM moved', default_partition, new_table)
      USING first_at, end_at;
    PERFORM set_config('countpoint.partition_maintenance', '', true);
  END IF;
  EXECUTE format('ALTER TABLE %s ATTACH PARTITION %s FOR VALUES FROM (%L) TO (%L)',
    parent, new_table, first_at, end_at);
  -- Row triggers reach a partition from its parent; statement triggers (TRUNCATE) do not.
  IF parent = 'stock_movements'::regclass THEN
    EXECUTE format('CREATE TRIGGER "stock_movements_no_truncate" BEFORE TRUNCATE ON %s '
      'FOR EACH STATEMENT EXECUTE FUNCTION "stock_movements_append_only"()', new_table);
  END IF;
  RETURN true;
END $$;

-- The partitions of this month and the next `months_ahead` months of both tables; how many it
-- created. Idempotent; two callers at once take turns (countpoint_create_partition's lock).
CREATE FUNCTION "countpoint_ensure_partitions"(months_ahead integer)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  this_month date := date_trunc('month', clock_timestamp() AT TIME ZONE 'UTC')::date;
  parent regclass;
  created integer := 0;
BEGIN
  IF months_ahead IS NULL OR months_ahead < 0 OR months_ahead > 120 THEN
    RAISE EXCEPTION 'months_ahead must be between 0 and 120, not %', months_ahead;
  END IF;
  FOREACH parent IN ARRAY ARRAY['stock_movements', 'events']::regclass[] LOOP
    FOR i IN 0..months_ahead LOOP
      IF countpoint_create_partition(parent, (this_month + make_interval(months => i))::date) THEN
        created := created + 1;
      END IF;
    END LOOP;
  END LOOP;
  RETURN created;
END $$;

-- For /readyz and /metrics: per table, the rows in the DEFAULT partition (counted up to
-- `max_count`, so the check stays cheap however many strays there are) and the instant up to
-- which months follow each other without a gap from the current one (null: this month has no
-- partition).
CREATE FUNCTION "countpoint_partition_status"(max_count integer)
RETURNS TABLE ("table_name" text, "default_rows" bigint, "covered_until" timestamptz)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  parent regclass;
  default_partition regclass;
BEGIN
  FOREACH parent IN ARRAY ARRAY['stock_movements', 'events']::regclass[] LOOP
    table_name := parent::text;
    SELECT NULLIF(partdefid, 0)::regclass INTO default_partition
    FROM pg_partitioned_table WHERE partrelid = parent;
    default_rows := 0;
    IF default_partition IS NOT NULL THEN
      EXECUTE format('SELECT count(*) FROM (SELECT FROM %s LIMIT $1) AS strays', default_partition)
        INTO default_rows USING max_count;
    END IF;
    WITH RECURSIVE parts AS MATERIALIZED (
      SELECT p.range_start, p.range_end FROM countpoint_partitions(parent) AS p
      WHERE p.range_start IS NOT NULL
    ), chain AS (
      SELECT p.range_end FROM parts AS p
      WHERE p.range_start <= clock_timestamp() AND p.range_end > clock_timestamp()
      UNION ALL
      SELECT p.range_end FROM chain JOIN parts AS p ON p.range_start = chain.range_end
    )
    SELECT max(chain.range_end) INTO covered_until FROM chain;
    RETURN NEXT;
  END LOOP;
END $$;

-- The ledger stays append-only; the one exception is countpoint_create_partition moving rows
-- out of the DEFAULT partition, which it names in countpoint.partition_maintenance for its own
-- transaction. No other partition can be named so.
CREATE OR REPLACE FUNCTION "stock_movements_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND TG_LEVEL = 'ROW'
     AND current_setting('countpoint.partition_maintenance', true) = TG_RELID::text
     AND TG_RELID = (SELECT partdefid FROM pg_partitioned_table
                     WHERE partrelid = 'stock_movements'::regclass) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'stock_movements is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;

-- stock_movements. Its old indexes go first (the new ones take their names); its sequence is
-- set free before the old table is dropped and then belongs to the new one.
ALTER TABLE "stock_movements" RENAME TO "stock_movements_unpartitioned";
ALTER TABLE "stock_movements_unpartitioned"
  RENAME CONSTRAINT "stock_movements_pkey" TO "stock_movements_unpartitioned_pkey";
DROP INDEX "stock_movements_window_idx", "stock_movements_sku_idx",
  "stock_movements_supplier_item_idx", "stock_movements_stock_take_idx",
  "stock_movements_adjustment_idx";
ALTER SEQUENCE "stock_movements_id_seq" OWNED BY NONE;

CREATE TABLE "stock_movements" (
  "account_id" INTEGER NOT NULL,
  "id" BIGINT NOT NULL DEFAULT nextval('stock_movements_id_seq'::regclass),
  "occurred_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "entity_type" "entity_type" NOT NULL,
  "sku_id" INTEGER,
  "supplier_item_id" INTEGER,
  "quantity_before" DECIMAL(14,3) NOT NULL,
  "quantity_after" DECIMAL(14,3) NOT NULL,
  "change" DECIMAL(14,3) NOT NULL,
  "reason" "stock_reason" NOT NULL,
  "note" TEXT,
  "reference" TEXT,
  "source" "movement_source" NOT NULL,
  "adjustment_id" INTEGER,
  "stock_take_id" INTEGER,
  "actor_name" TEXT NOT NULL,
  "actor_token_id" INTEGER,
  CONSTRAINT "stock_movements_entity_check" CHECK (
    ("entity_type" = 'sku' AND "sku_id" IS NOT NULL AND "supplier_item_id" IS NULL) OR
    ("entity_type" = 'supplier_item' AND "supplier_item_id" IS NOT NULL AND "sku_id" IS NULL)),
  CONSTRAINT "stock_movements_quantities_check" CHECK (
    "quantity_before" >= 0 AND "quantity_after" >= 0 AND "change" = "quantity_after" - "quantity_before")
) PARTITION BY RANGE ("occurred_at");
ALTER SEQUENCE "stock_movements_id_seq" OWNED BY "stock_movements"."id";

CREATE TABLE "stock_movements_default" PARTITION OF "stock_movements" DEFAULT;
CREATE TRIGGER "stock_movements_no_truncate" BEFORE TRUNCATE ON "stock_movements_default"
  FOR EACH STATEMENT EXECUTE FUNCTION "stock_movements_append_only"();
-- A month for every month holding movements, but none past the months made ahead: a row
-- stamped far in the future is a stray, left to the default partition where it is reported.
SELECT countpoint_create_partition('stock_movements', m::date)
FROM (SELECT DISTINCT date_trunc('month', "occurred_at", 'UTC') AT TIME ZONE 'UTC' AS m
      FROM "stock_movements_unpartitioned") AS months
WHERE m < date_trunc('month', clock_timestamp() AT TIME ZONE 'UTC') + interval '4 months'
ORDER BY m;

-- Indexes are built once the rows are in (faster than maintaining them row by row).
INSERT INTO "stock_movements" ("account_id", "id", "occurred_at", "entity_type", "sku_id",
  "supplier_item_id", "quantity_before", "quantity_after", "change", "reason", "note",
  "reference", "source", "adjustment_id", "stock_take_id", "actor_name", "actor_token_id")
SELECT "account_id", "id", "occurred_at", "entity_type", "sku_id", "supplier_item_id",
  "quantity_before", "quantity_after", "change", "reason", "note", "reference", "source",
  "adjustment_id", "stock_take_id", "actor_name", "actor_token_id"
FROM "stock_movements_unpartitioned";
DROP TABLE "stock_movements_unpartitioned";

ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_pkey"
  PRIMARY KEY ("account_id", "id", "occurred_at");
CREATE INDEX "stock_movements_window_idx" ON "stock_movements"("account_id", "occurred_at", "id");
CREATE INDEX "stock_movements_sku_idx" ON "stock_movements"("account_id", "sku_id", "occurred_at", "id");
CREATE INDEX "stock_movements_supplier_item_idx" ON "stock_movements"("account_id", "supplier_item_id", "occurred_at", "id");
CREATE INDEX "stock_movements_stock_take_idx" ON "stock_movements"("account_id", "stock_take_id", "occurred_at", "id");
CREATE INDEX "stock_movements_adjustment_idx" ON "stock_movements"("account_id", "adjustment_id", "occurred_at", "id");

-- The ledger is append-only: corrections are new movements, never edits. The row trigger
-- reaches every partition, present and future; TRUNCATE's is on each partition too (above, and
-- countpoint_create_partition), since truncating a partition does not fire its parent's.
CREATE TRIGGER "stock_movements_no_update_delete" BEFORE UPDATE OR DELETE ON "stock_movements"
  FOR EACH ROW EXECUTE FUNCTION "stock_movements_append_only"();
CREATE TRIGGER "stock_movements_no_truncate" BEFORE TRUNCATE ON "stock_movements"
  FOR EACH STATEMENT EXECUTE FUNCTION "stock_movements_append_only"();

-- events, the same way (no triggers: events are pruned).
ALTER TABLE "events" RENAME TO "events_unpartitioned";
ALTER TABLE "events_unpartitioned" RENAME CONSTRAINT "events_pkey" TO "events_unpartitioned_pkey";
DROP INDEX "events_feed_idx";
ALTER SEQUENCE "events_id_seq" OWNED BY NONE;

CREATE TABLE "events" (
  "account_id" INTEGER NOT NULL,
  "id" BIGINT NOT NULL DEFAULT nextval('events_id_seq'::regclass),
  "type" TEXT NOT NULL,
  "occurred_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "data" JSONB NOT NULL
) PARTITION BY RANGE ("occurred_at");
ALTER SEQUENCE "events_id_seq" OWNED BY "events"."id";

CREATE TABLE "events_default" PARTITION OF "events" DEFAULT;
SELECT countpoint_create_partition('events', m::date)
FROM (SELECT DISTINCT date_trunc('month', "occurred_at", 'UTC') AT TIME ZONE 'UTC' AS m
      FROM "events_unpartitioned") AS months
WHERE m < date_trunc('month', clock_timestamp() AT TIME ZONE 'UTC') + interval '4 months'
ORDER BY m;

INSERT INTO "events" ("account_id", "id", "type", "occurred_at", "data")
SELECT "account_id", "id", "type", "occurred_at", "data" FROM "events_unpartitioned";
DROP TABLE "events_unpartitioned";

ALTER TABLE "events" ADD CONSTRAINT "events_pkey" PRIMARY KEY ("account_id", "id", "occurred_at");
CREATE INDEX "events_feed_idx" ON "events"("account_id", "occurred_at", "id");

-- This month and the next three, for both tables.
SELECT countpoint_ensure_partitions(3);

-- Autovacuum analyzes partitions, never a partitioned parent: the planner's figures for the
-- parents come from here.
ANALYZE "stock_movements", "events";
