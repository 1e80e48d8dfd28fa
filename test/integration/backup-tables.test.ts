// The table-by-table load order in docs/operations/backup.md names every table of the schema, or
// says why it is left out: a table added without a row there would be forgotten by whoever
// restores one account from it.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { PrismaClient } from "../../src/db/client.js";
import { projectRoot } from "../../src/paths.js";
import { testDb } from "../helpers/db.js";

let db: PrismaClient;
beforeAll(async () => {
  db = await testDb();
});
afterAll(() => db.$disconnect());

it("lists every table of the schema in the load order, or among those left out", async () => {
  const tables = await db.$queryRaw<{ relname: string }[]>`
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
    ORDER BY c.relname`;
  const doc = await readFile(join(projectRoot, "docs/operations/backup.md"), "utf8");
  // Rows of the load order: "| 4   | `skus`   | …".
  const listed = [...doc.matchAll(/^\| \d+ +\| `([a-z_]+)` +\|/gm)].map((m) => m[1]!);
  const leftOut = /^Left out: (.*)$/m.exec(doc)?.[1] ?? "";
  const named = [...leftOut.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!);
  expect(new Set(listed).size).toBe(listed.length);
  expect([...listed, ...named].sort()).toEqual(tables.map((t) => t.relname).sort());
});
