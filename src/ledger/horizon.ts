// The ledger's horizon for readers outside a transaction (the change feed, oldest-first
// movements, the catalog's sync, a new subscriber), read for several at once. Reading it reads
// pg_locks, and PostgreSQL answers that by holding every partition of its lock table for a
// moment: each read stalls every account's writes (each takes its account's ledger lock). So a
// process starts a read at most once every HORIZON_READ_GAP_MS whatever comes: callers arriving
// meanwhile wait for the next read and share it (a DataLoader batch). A read is shared only by
// callers who asked before it started, so each caller's horizon is as fresh as one it would have
// read itself.
import DataLoader from "dataloader";
import type { PrismaClient } from "../db/client.js";
import { ledgerHorizons } from "./ledger.js";

/** Least time between the starts of two shared reads of the ledger's locks. */
export const HORIZON_READ_GAP_MS = 25;

/** Reads the horizons of these accounts (one statement). */
type ReadHorizons = (accountIds: number[]) => Promise<Map<number, Date>>;

/**
 * A loader of horizons by account id: the ids asked for until its next read starts are read
 * together, a read starting HORIZON_READ_GAP_MS after the one before at the soonest (and never
 * in the turn of the event loop that asked, so callers of one turn share it). Nothing is cached.
 */
export function horizonLoader(read: ReadHorizons): DataLoader<number, Date> {
  let lastStart = -Infinity;
  return new DataLoader<number, Date>(
    async (ids) => {
      const horizons = await read([...new Set(ids)]);
      return ids.map((id) => horizons.get(id) ?? new Error(`ledger: no horizon for ${id}`));
    },
    {
      cache: false,
      batchScheduleFn: (dispatch) => {
        // Timers may fire a little early (the event loop's clock is read once per turn): a start
        // that is not yet due waits again. The gap is counted from the moment the read has been
        // called (dispatch calls it at once), so however long that call took, the next one
        // starts a full gap after it.
        const start = () => {
          const wait = lastStart + HORIZON_READ_GAP_MS - performance.now();
          if (wait > 0) return void setTimeout(start, Math.ceil(wait));
          dispatch();
          lastStart = performance.now();
        };
        setImmediate(start);
      },
    },
  );
}

const shared = new WeakMap<PrismaClient, DataLoader<number, Date>>();

/**
 * The account's ledger horizon (see ledgerHorizon), from a read shared with every caller of this
 * process waiting meanwhile: at most one read every HORIZON_READ_GAP_MS.
 */
export function sharedLedgerHorizon(db: PrismaClient, accountId: number): Promise<Date> {
  let loader = shared.get(db);
  if (!loader) {
    loader = horizonLoader((ids) => ledgerHorizons(db, ids));
    shared.set(db, loader);
  }
  return loader.load(accountId);
}
