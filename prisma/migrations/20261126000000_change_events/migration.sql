-- Events for stock take transitions and catalog changes, written by the statements that make
-- them (triggers), so no code path can change a stock take or the catalog without its event.
-- Each is stamped as a movement is: by clock_timestamp() read once the account's ledger lock
-- is held in shared mode (held to commit), so the feed's horizon covers them too.

-- An instant as the API writes it (UTC, milliseconds, Z), whatever the session's time zone.
CREATE FUNCTION "api_instant"(at timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

-- One event, stamped under the ledger lock ("LD", 19524); its id.
CREATE FUNCTION "append_event"(account integer, event_type text, event_data jsonb)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  event_id bigint;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(19524, account);
  INSERT INTO "events" ("account_id", "type", "occurred_at", "data")
  VALUES (account, event_type, clock_timestamp(), event_data) RETURNING "id" INTO event_id;
  RETURN event_id;
END $$;

-- Catalog rows as the API shows them.
CREATE FUNCTION "sku_json"(s "skus") RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('id', s."id", 'code', s."code", 'name', s."name",
    'on_hand', s."on_hand", 'active', s."active", 'barcodes', to_jsonb(s."barcodes"),
    'created_at', api_instant(s."created_at"), 'updated_at', api_instant(s."updated_at"))
$$;
-- A linked item shows its SKU's stock, and the later of the two stamps, as GET shows it.
CREATE FUNCTION "supplier_item_json"(i "supplier_items") RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('id', i."id", 'supplier', i."supplier", 'code', i."code",
    'name', i."name", 'on_hand', COALESCE(s."on_hand", i."on_hand"), 'sku_id', i."sku_id",
    'active', i."active", 'barcodes', to_jsonb(i."barcodes"),
    'created_at', api_instant(i."created_at"),
    'updated_at', api_instant(GREATEST(i."updated_at", s."updated_at")))
  FROM (SELECT 1) AS one
  LEFT JOIN "skus" AS s ON s."account_id" = i."account_id" AND s."id" = i."sku_id"
$$;

-- Created rows: one statement's rows at once (an import inserts thousands), stamped with the
-- stamps catalog_stamp gave them under the ledger lock.
CREATE FUNCTION "catalog_created_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'skus' THEN
    INSERT INTO "events" ("account_id", "type", "occurred_at", "data")
    SELECT c."account_id", 'sku.created', c."updated_at", sku_json(c) FROM created AS c ORDER BY c."id";
  ELSE
    INSERT INTO "events" ("account_id", "type", "occurred_at", "data")
    SELECT c."account_id", 'supplier_item.created', c."updated_at", supplier_item_json(c)
    FROM created AS c ORDER BY c."id";
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "skus_created_events" AFTER INSERT ON "skus"
  REFERENCING NEW TABLE AS created FOR EACH STATEMENT EXECUTE FUNCTION "catalog_created_events"();
CREATE TRIGGER "supplier_items_created_events" AFTER INSERT ON "supplier_items"
  REFERENCING NEW TABLE AS created FOR EACH STATEMENT EXECUTE FUNCTION "catalog_created_events"();

-- Updated rows: only when what the catalog shows changed (a code's spelling too: citext would
-- call BOLT-M6 and bolt-m6 equal). A stock change updates on_hand and
-- updated_at alone and writes stock.changed instead; the row-level WHEN keeps the ledger's
-- statements free of any trigger work (a statement trigger would copy every row they touch).
CREATE FUNCTION "catalog_updated_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch is planned only for its own table (NEW's type differs).
  IF TG_TABLE_NAME = 'skus' THEN
    INSERT INTO "events" ("account_id", "type", "occurred_at", "data")
    VALUES (NEW."account_id", 'sku.updated', NEW."updated_at", sku_json(NEW));
  ELSE
    INSERT INTO "events" ("account_id", "type", "occurred_at", "data")
    VALUES (NEW."account_id", 'supplier_item.updated', NEW."updated_at", supplier_item_json(NEW));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "skus_updated_event" AFTER UPDATE ON "skus" FOR EACH ROW
  WHEN ((OLD."code"::text, OLD."name", OLD."active", OLD."barcodes")
    IS DISTINCT FROM (NEW."code"::text, NEW."name", NEW."active", NEW."barcodes"))
  EXECUTE FUNCTION "catalog_updated_event"();
CREATE TRIGGER "supplier_items_updated_event" AFTER UPDATE ON "supplier_items" FOR EACH ROW
  WHEN ((OLD."supplier", OLD."code"::text, OLD."name", OLD."sku_id", OLD."active", OLD."barcodes")
    IS DISTINCT FROM (NEW."supplier", NEW."code"::text, NEW."name", NEW."sku_id", NEW."active", NEW."barcodes"))
  EXECUTE FUNCTION "catalog_updated_event"();

-- A stock take as events show it (never its lines' expected quantities).
CREATE FUNCTION "stock_take_json"(t "stock_takes") RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('id', t."id", 'status', t."status", 'reference', t."reference",
    'blind', t."blind", 'basis', t."basis", 'frozen_at', api_instant(t."frozen_at"),
    'reconciled_at', api_instant(t."reconciled_at"), 'cancelled_at', api_instant(t."cancelled_at"))
$$;

-- Started, reconciled, cancelled: a stock take's own transitions.
CREATE FUNCTION "stock_take_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM append_event(NEW."account_id",
    CASE WHEN TG_OP = 'INSERT' THEN 'stock_take.started' ELSE 'stock_take.' || NEW."status" END,
    stock_take_json(NEW));
  RETURN NULL;
END $$;
CREATE TRIGGER "stock_takes_started_event" AFTER INSERT ON "stock_takes" FOR EACH ROW
  EXECUTE FUNCTION "stock_take_event"();
CREATE TRIGGER "stock_takes_ended_event" AFTER UPDATE OF "status" ON "stock_takes" FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" AND NEW."status" IN ('reconciled', 'cancelled'))
  EXECUTE FUNCTION "stock_take_event"();

-- Counted: one event per stock take per statement appending to the count log (a request's
-- counts, up to 10,000, are one statement), with how many counts it recorded.
CREATE FUNCTION "stock_take_counted_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM append_event(c."account_id", 'stock_take.counted', jsonb_build_object(
      'id', c."stock_take_id", 'counts', c.n, 'counter', c.counter,
      'counted_at', api_instant(c.counted_at)))
  FROM (SELECT "account_id", "stock_take_id", count(*) AS n, min("counter") AS counter,
      max("counted_at") AS counted_at
    FROM logged GROUP BY "account_id", "stock_take_id" ORDER BY "account_id", "stock_take_id") AS c;
  RETURN NULL;
END $$;
CREATE TRIGGER "stock_take_counts_counted_event" AFTER INSERT ON "stock_take_counts"
  REFERENCING NEW TABLE AS logged FOR EACH STATEMENT EXECUTE FUNCTION "stock_take_counted_event"();
