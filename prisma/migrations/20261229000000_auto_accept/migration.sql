-- Automatic acceptance: a stock take may carry the tolerance its counts are accepted within as
-- they arrive ({"abs", "pct", "max_value", "max_value_pct"} as decimal strings; null: off), and a
-- line says whether the count statement accepted it. Neither column rewrites its table.
ALTER TABLE "stock_takes" ADD COLUMN "auto_accept" JSONB;
ALTER TABLE "stock_take_lines" ADD COLUMN "auto_accepted" BOOLEAN NOT NULL DEFAULT false;
