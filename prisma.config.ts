import { defineConfig } from "prisma/config";

// Used by the Prisma CLI only (generate, and `prisma migrate deploy` where its engine is
// available). The service itself connects through @prisma/adapter-pg and applies migrations
// with its own applier (src/db/migrate.ts).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/countpoint" },
});
