-- A transfer's own events, as a stock take has them: dispatched when it is made, received at each
-- receipt (in part or in full, or closed short: its status says which), cancelled. Written by the
-- statements that write the transfer's record, so no path can move one without its event; its
-- lines' quantities are in the stock.changed events of its movements (transfer_id), not here.
-- The data names both sites: the feed, webhooks and tokens limited to sites take a transfer's
-- events when either is theirs.
CREATE FUNCTION "transfer_json"(t "transfers") RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('id', t."id", 'status', t."status", 'from_site_id', t."from_site_id",
    'to_site_id', t."to_site_id", 'reference', t."reference", 'line_count', t."line_count",
    'created_at', api_instant(t."created_at"), 'updated_at', api_instant(t."updated_at"),
    'closed_at', api_instant(t."closed_at"))
$$;

CREATE FUNCTION "transfer_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM append_event(NEW."account_id",
    CASE WHEN TG_OP = 'INSERT' THEN 'transfer.dispatched'
      WHEN NEW."status" = 'cancelled' THEN 'transfer.cancelled'
      ELSE 'transfer.received' END,
    transfer_json(NEW));
  RETURN NULL;
END $$;
CREATE TRIGGER "transfers_dispatched_event" AFTER INSERT ON "transfers" FOR EACH ROW
  EXECUTE FUNCTION "transfer_event"();
-- Every receipt and the cancel stamp the record (updated_at); nothing else updates it.
CREATE TRIGGER "transfers_progress_event" AFTER UPDATE ON "transfers" FOR EACH ROW
  WHEN (OLD."updated_at" IS DISTINCT FROM NEW."updated_at")
  EXECUTE FUNCTION "transfer_event"();
