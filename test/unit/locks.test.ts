// Advisory lock classes are told apart by number alone, and migrations take some of them by
// number: every class differs, and every class a migration takes is declared with its value.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import * as locks from "../../src/db/locks.js";
import { LEDGER_LOCK_CLASS, PARTITION_LOCK_CLASS, SITE_LOCK_CLASS } from "../../src/db/locks.js";
import { migrationsDir } from "../../src/paths.js";

/** Every class the file declares (a name ending in _LOCK_CLASS). */
const CLASSES = Object.entries(locks)
  .filter(([name]) => name.endsWith("_LOCK_CLASS"))
  .map(([, value]) => value as number);

describe("advisory lock classes", () => {
  it("are distinct", () => {
    expect(CLASSES.length).toBeGreaterThanOrEqual(7);
    expect(new Set(CLASSES).size).toBe(CLASSES.length);
  });

  it("include every class a migration takes by number", async () => {
    const taken = new Set<number>();
    const folders = await readdir(migrationsDir, { withFileTypes: true });
    for (const folder of folders.filter((f) => f.isDirectory())) {
      const sql = await readFile(join(migrationsDir, folder.name, "migration.sql"), "utf8");
      for (const m of sql.matchAll(/pg_advisory_xact_lock(?:_shared)?\((\d+),/g)) {
        taken.add(Number(m[1]));
      }
    }
    const byValue = (a: number, b: number) => a - b;
    expect([...taken].sort(byValue)).toEqual(
      [LEDGER_LOCK_CLASS, PARTITION_LOCK_CLASS, SITE_LOCK_CLASS].sort(byValue),
    );
  });
});
