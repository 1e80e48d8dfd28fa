-- A cycle count's site is not checked by a foreign key, as a movement's is not: a reconcile stamps
-- every SKU it counted, and the check cost a probe of the site per new row (0.7 s of a first
-- reconcile of 100,000 SKUs). Rows are written only at a site the service has found in the
-- account (a stock take's, or one a request named and was checked), and sites are never deleted.
ALTER TABLE "sku_cycle_counts" DROP CONSTRAINT "sku_cycle_counts_account_id_site_id_fkey";
