-- A webhook may take the events of some sites only: those naming another site are not delivered
-- to it (events naming no site, the catalog's, still are). Empty: every site, as before. (Nullable
-- as Prisma keeps its lists; the service writes a list always, and reads null as empty.)
ALTER TABLE "webhook_endpoints" ADD COLUMN "site_ids" INTEGER[] DEFAULT '{}';
