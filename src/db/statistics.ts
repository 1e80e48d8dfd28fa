// Fresh planner statistics after a big insert. Autovacuum analyzes a table once a tenth of it has
// changed, up to a minute later; until then the planner believes what it last saw. Right after a
// stock take of 100,000 lines is started on statistics that predate it, it believes the stock
// take holds a line or two, and plans each scan's lookup as a walk of the stock take's lines
// filtered, on every request ([decision](../../docs/architecture/statements.md#a-big-start-analyzes-its-lines)).
// So a start that added a tenth of the table (as last analyzed) or more asks for an ANALYZE of
// it at once, after its commit, in the background: never on the request's path, at most one at
// a time, and one more after it if another such start came meanwhile.
import type { PrismaClient } from "./client.js";

/** Tables analyzed this way. */
export type AnalyzedTable = "stock_take_lines";

/**
 * Begins each statement of this upkeep: it runs after a request, off its path, and a test that
 * counts a request's statements leaves it out by this mark.
 */
export const UPKEEP_MARK = "/* statistics upkeep */";

/** Fewer rows added than this: the planner's error costs little, no ANALYZE. */
export const ANALYZE_MIN_ROWS = 1000;

/** The share of the table (rows as last analyzed) from which rows added call for an ANALYZE. */
const ANALYZE_SHARE = 0.1;

interface Analyzing {
  running: Promise<void> | null;
  /** Rows added by starts that came while an ANALYZE ran (the most of them): one more after it. */
  again: number;
}

/** Per database client (a process may serve several), per table. */
const analyzing = new WeakMap<PrismaClient, Map<AnalyzedTable, Analyzing>>();

/** Clients whose starts never analyze: for tests that study plans on statistics predating them. */
const kept = new WeakSet<PrismaClient>();

/** This client's starts leave the statistics to autovacuum (tests of plans on stale ones). */
export function keepStatistics(db: PrismaClient): void {
  kept.add(db);
}

/**
 * Says that `added` rows were just committed to `table`; analyzes it in the background when they
 * are a tenth of it or more. The promise (for tests) settles when any ANALYZE it started is done;
 * it never rejects: without the table's ownership, or on shutdown, autovacuum does it later.
 */
export function rowsAdded(db: PrismaClient, table: AnalyzedTable, added: number): Promise<void> {
  if (added < ANALYZE_MIN_ROWS || kept.has(db)) return Promise.resolve();
  let tables = analyzing.get(db);
  if (!tables) analyzing.set(db, (tables = new Map()));
  let current = tables.get(table);
  if (!current) tables.set(table, (current = { running: null, again: 0 }));
  if (current.running) {
    current.again = Math.max(current.again, added);
    return current.running;
  }
  current.running = (async () => {
    try {
      for (let rows = added; rows > 0; rows = current.again) {
        current.again = 0;
        const [known] = await db.$queryRawUnsafe<{ rows: number }[]>(
          `${UPKEEP_MARK} SELECT reltuples::float8 AS rows FROM pg_class WHERE oid = '${table}'::regclass`,
        );
        if (known && rows >= ANALYZE_SHARE * Math.max(0, known.rows)) {
          await db.$executeRawUnsafe(`${UPKEEP_MARK} ANALYZE ${table}`);
        }
      }
    } catch {
      // Not the table's owner, or the pool closed: the statistics come with autovacuum.
    } finally {
      current.running = null;
    }
  })();
  return current.running;
}
