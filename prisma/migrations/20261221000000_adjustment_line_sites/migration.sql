-- A bulk adjustment's line may name a site of its own, so each line names the site whose stock
-- it set. A line that names none (every line recorded before this column) is at its
-- adjustment's site, which the readers take in its place: the column is added without a
-- default and without a rewrite, however many lines the table holds. No foreign key, as the
-- adjustments and the movements: sites are never deleted.
ALTER TABLE "stock_adjustment_lines" ADD COLUMN "site_id" INTEGER;
