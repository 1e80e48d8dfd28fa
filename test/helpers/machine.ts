// The machine lock: timed suites have the machine to themselves. The noisy-neighbour suites hold
// another account's latency to a bound; a suite running beside them in the other Jest worker (a
// browser, a fuzz run, a database made and dropped) takes the cores and the disk their bound is
// about. So every test file holds one PostgreSQL advisory lock while it runs (test/setup-machine.ts):
// shared for ordinary files, exclusive for timed ones. A timed file waits until the file the
// other worker runs has finished, and the other worker's next file waits until the timed one has.
// The lock lives in the server's `postgres` database, which every worker reaches whatever
// database it tests on.
import pg from "pg";

/** The files whose assertions are timings: the noisy-neighbour suites (`noisy.*.test.ts`). */
export const TIMED = /[\\/]noisy\.[^\\/]+\.test\.ts$/;
/** Advisory lock class and key: no class the service uses (src/db/locks.ts). */
const CLASS = 0x5445;
const KEY = 0;

async function connect(): Promise<pg.Client> {
  const url = new URL(process.env.DATABASE_URL ?? "");
  url.pathname = "/postgres";
  const client = new pg.Client({
    connectionString: url.toString(),
    application_name: "test machine",
  });
  await client.connect();
  return client;
}

/** Holds the machine, exclusively for a timed file; answers the release. */
export async function holdMachine(exclusive: boolean): Promise<() => Promise<void>> {
  const client = await connect();
  await client.query(
    exclusive
      ? "SELECT pg_advisory_lock($1::int, $2::int)"
      : "SELECT pg_advisory_lock_shared($1::int, $2::int)",
    [CLASS, KEY],
  );
  return () => client.end();
}

/** Throws unless one file holds the machine exclusively and none beside it holds it at all. */
export async function assertMachineAlone(): Promise<void> {
  const client = await connect();
  try {
    const { rows } = await client.query<{ mode: string }>(
      `SELECT mode FROM pg_locks
       WHERE locktype = 'advisory' AND classid = $1::int::oid AND objid = $2::int::oid
         AND objsubid = 2 AND granted`,
      [CLASS, KEY],
    );
    const modes = rows.map((r) => r.mode);
    if (modes.length !== 1 || modes[0] !== "ExclusiveLock") {
      throw new Error(
        `a timed test runs beside other files (machine lock held as ${JSON.stringify(modes)}): ` +
          "name its file noisy.*.test.ts",
      );
    }
  } finally {
    await client.end();
  }
}
