-- Where a counter found an item, when not where the catalog says: each count may say it (the
-- count log keeps it), and the line keeps the latest count's, so review can show the lines found
-- away from their location at the freeze (misplaced). It changes no stock and no location.
ALTER TABLE "stock_take_lines" ADD COLUMN "found_location" text;
ALTER TABLE "stock_take_counts" ADD COLUMN "found_location" text;
