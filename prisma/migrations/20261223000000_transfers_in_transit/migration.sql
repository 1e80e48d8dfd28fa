-- The transfers still in transit, by destination: what an item's levels read for the stock on
-- its way to each site. A partial index, so that read walks the transfers in transit only, never
-- an account's whole history of received and cancelled ones.
CREATE INDEX "transfers_in_transit_idx" ON "transfers" ("account_id", "to_site_id", "id")
  WHERE "status" = 'in_transit';
