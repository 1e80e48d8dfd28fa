-- How many lines a stock take has: what a review or a reconcile walks, read from the stock
-- take's own row to price either before a line is read. The lines are written by the start
-- alone; a statement trigger keeps the count with every insert or delete of lines, whoever
-- writes them (the start, a restore, a fixture).
ALTER TABLE "stock_takes" ADD COLUMN "line_count" INTEGER NOT NULL DEFAULT 0;

UPDATE "stock_takes" AS t SET "line_count" = l.n
FROM (
  SELECT "account_id", "stock_take_id", count(*)::int AS n
  FROM "stock_take_lines" GROUP BY 1, 2
) AS l
WHERE t."account_id" = l."account_id" AND t."id" = l."stock_take_id";

CREATE FUNCTION "stock_take_lines_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "stock_takes" AS t
  SET "line_count" = t."line_count" + CASE TG_OP WHEN 'INSERT' THEN c.n ELSE -c.n END
  FROM (
    SELECT "account_id", "stock_take_id", count(*)::int AS n
    FROM "changed_lines" GROUP BY 1, 2
  ) AS c
  WHERE t."account_id" = c."account_id" AND t."id" = c."stock_take_id";
  RETURN NULL;
END
$$;

CREATE TRIGGER "stock_take_lines_count_insert" AFTER INSERT ON "stock_take_lines"
  REFERENCING NEW TABLE AS "changed_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "stock_take_lines_counted"();
CREATE TRIGGER "stock_take_lines_count_delete" AFTER DELETE ON "stock_take_lines"
  REFERENCING OLD TABLE AS "changed_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "stock_take_lines_counted"();
