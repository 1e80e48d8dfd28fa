-- Values in events (DESIGN §9): a stock.changed event of a valued movement carries its unit_cost
-- and value_change (written by the ledger's statement, src/ledger/ledger.ts), shown only to a
-- reader with the costs scope; a webhook endpoint receives them only when it asks
-- (include_values, set by a token with the costs scope). A column with a constant default:
-- adding it rewrites no table, and every endpoint made before keeps receiving no values.
ALTER TABLE "webhook_endpoints" ADD COLUMN "include_values" BOOLEAN NOT NULL DEFAULT false;
