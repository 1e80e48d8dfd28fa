// The ledger's horizon for readers outside a transaction (the change feed, oldest-first
// movements, the catalog's sync, a new subscriber), read for several at once. Reading it reads
// pg_locks, and PostgreSQL answers that by holding every partition of its lock table for a
// moment: each read stalls every account's writes (each takes its account's ledger lock). So a
// process reads it at most once every HORIZON_READ_GAP_MS whatever comes: callers arriving
// meanwhile wait for the next read and share it. A read is shared only by callers who asked
// before it started, so each caller's horizon is as fresh as one it would have read itself.
import type { PrismaClient } from "../db/client.js";
import { ledgerHorizons } from "./ledger.js";

/** Least time between the starts of two shared reads of the ledger's locks. */
export const HORIZON_READ_GAP_MS = 25;

interface Waiter {
  resolve: (horizon: Date) => void;
  reject: (error: unknown) => void;
}

class SharedHorizons {
  private waiting = new Map<number, Waiter[]>();
  private scheduled = false;
  private reading = false;
  private lastRead = 0;
  /** Reads of pg_locks made so far (what the gap bounds). */
  reads = 0;

  constructor(private readonly db: PrismaClient) {}

  of(accountId: number): Promise<Date> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(accountId) ?? [];
      waiters.push({ resolve, reject });
      this.waiting.set(accountId, waiters);
      this.readSoon();
    });
  }

  private readSoon(): void {
    if (this.scheduled || this.reading || this.waiting.size === 0) return;
    this.scheduled = true;
    const wait = this.lastRead + HORIZON_READ_GAP_MS - performance.now();
    // Not at once even when due: callers arriving in the same turn of the event loop share it.
    if (wait <= 0) setImmediate(() => void this.read());
    else setTimeout(() => void this.read(), wait);
  }

  private async read(): Promise<void> {
    this.scheduled = false;
    this.reading = true;
    this.lastRead = performance.now();
    this.reads++;
    const batch = this.waiting;
    this.waiting = new Map();
    try {
      const horizons = await ledgerHorizons(this.db, [...batch.keys()]);
      for (const [accountId, waiters] of batch) {
        for (const waiter of waiters) waiter.resolve(horizons.get(accountId)!);
      }
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    } finally {
      this.reading = false;
      this.readSoon();
    }
  }
}

const shared = new WeakMap<PrismaClient, SharedHorizons>();

function sharedOf(db: PrismaClient): SharedHorizons {
  let horizons = shared.get(db);
  if (!horizons) {
    horizons = new SharedHorizons(db);
    shared.set(db, horizons);
  }
  return horizons;
}

/**
 * The account's ledger horizon (see ledgerHorizon), from a read shared with every caller of this
 * process waiting meanwhile: at most one read every HORIZON_READ_GAP_MS.
 */
export const sharedLedgerHorizon = (db: PrismaClient, accountId: number): Promise<Date> =>
  sharedOf(db).of(accountId);

/** How many times the shared horizon of `db` has read the ledger's locks (for tests). */
export const sharedHorizonReads = (db: PrismaClient): number => sharedOf(db).reads;
