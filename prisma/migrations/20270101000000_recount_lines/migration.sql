-- The lines a reviewer sent back for a recount, listed for the counters (lines?recount=true): few
-- among a stock take's uncounted lines, found without walking them. A start writes nothing into
-- it (a line starts without a recount asked), nor does a count of a line no one sent back.
CREATE INDEX "stock_take_lines_recount_idx"
  ON "stock_take_lines"("account_id", "stock_take_id", "id")
  WHERE "recount_requested";
