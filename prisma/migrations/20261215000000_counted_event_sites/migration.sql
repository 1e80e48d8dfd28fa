-- A stock take's counted event names its site, as its other events do, so a webhook taking some
-- sites' events only is not given other sites' counts. (Counted events written before do not.)
CREATE OR REPLACE FUNCTION "stock_take_counted_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM append_event(c."account_id", 'stock_take.counted', jsonb_build_object(
      'id', c."stock_take_id", 'counts', c.n, 'counter', c.counter,
      'counted_at', api_instant(c.counted_at),
      'site_id', (SELECT t."site_id" FROM "stock_takes" AS t
        WHERE t."account_id" = c."account_id" AND t."id" = c."stock_take_id")))
  FROM (SELECT "account_id", "stock_take_id", count(*) AS n, min("counter") AS counter,
      max("counted_at") AS counted_at
    FROM logged GROUP BY "account_id", "stock_take_id" ORDER BY "account_id", "stock_take_id") AS c;
  RETURN NULL;
END $$;
