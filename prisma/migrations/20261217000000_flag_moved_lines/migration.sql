-- A change of stock flags the lines of the account's open stock takes that count what it changed
-- (moved_since_freeze). The flagging reads the open stock takes and their lines in a statement of
-- its own, inside this function: in READ COMMITTED each statement of a VOLATILE function takes a
-- fresh snapshot, so a single-statement adjustment that waited for a start's lock on its SKU sees
-- the stock take that start committed and flags its line. Read in the adjustment's own snapshot
-- (taken before it waited), the new stock take was invisible and its line kept a frozen quantity
-- the adjustment had already changed.
--
-- Each (entity, open stock take) pair is probed on its unique key (account_id, entity,
-- stock_take_id), all three equal, so the plan does not follow the statistics (which, seeing few
-- distinct entities among many stock takes' lines, planned a walk of a stock take's lines); the
-- lines found are updated by their primary key.
CREATE FUNCTION "flag_moved_lines"(p_account integer, p_skus integer[], p_items integer[])
RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  takes integer[];
BEGIN
  takes := ARRAY(SELECT "id" FROM "stock_takes"
    WHERE "account_id" = p_account AND "status" IN ('open', 'counting'));
  IF cardinality(takes) = 0 THEN
    RETURN;
  END IF;
  UPDATE "stock_take_lines" AS l SET "moved_since_freeze" = true
  WHERE l."account_id" = p_account AND NOT l."moved_since_freeze"
    AND l."id" = ANY(ARRAY(
      SELECT x."id" FROM unnest(p_skus) AS e("id") CROSS JOIN unnest(takes) AS t("id")
      CROSS JOIN LATERAL (
        SELECT x."id" FROM "stock_take_lines" AS x
        WHERE x."account_id" = p_account AND x."sku_id" = e."id"
          AND x."stock_take_id" = t."id" AND NOT x."moved_since_freeze"
        OFFSET 0
      ) AS x
      UNION ALL
      SELECT x."id" FROM unnest(p_items) AS e("id") CROSS JOIN unnest(takes) AS t("id")
      CROSS JOIN LATERAL (
        SELECT x."id" FROM "stock_take_lines" AS x
        WHERE x."account_id" = p_account AND x."supplier_item_id" = e."id"
          AND x."stock_take_id" = t."id" AND NOT x."moved_since_freeze"
        OFFSET 0
      ) AS x));
END $$;
