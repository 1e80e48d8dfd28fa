-- A stock take's lines keep the location their entity had at the freeze: the walking order of
-- the count (lines are inserted by location, then code) and the area a line belongs to, however
-- the catalog's locations change while it is counted.
ALTER TABLE "stock_take_lines" ADD COLUMN "location" text;
