// The table-by-table load order in docs/operations/backup.md names every table of the schema, or
// says why it is left out: a table added without a row there would be forgotten by whoever
// restores one account from it, and a table placed before one it refers to would fail its load.
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
  const leftOut = /^Left out: ([\s\S]*?)\.\s/m.exec(doc)?.[1] ?? ""; // its sentence, lines and all
  const named = [...leftOut.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!);
  expect(new Set(listed).size).toBe(listed.length);
  expect([...listed, ...named].sort()).toEqual(tables.map((t) => t.relname).sort());

  // Every foreign key between listed tables points at a table loaded before it.
  const keys = await db.$queryRaw<{ child: string; parent: string }[]>`
    SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
    FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid
    WHERE c.contype = 'f' AND NOT r.relispartition AND c.conrelid <> c.confrelid`;
  const late = keys.filter(
    (k) =>
      listed.includes(k.child) &&
      listed.includes(k.parent) &&
      listed.indexOf(k.parent) > listed.indexOf(k.child),
  );
  expect(keys.length).toBeGreaterThan(0);
  expect(late).toEqual([]);
});
