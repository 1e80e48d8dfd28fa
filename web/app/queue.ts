// Counts waiting to be sent: made where the network does not reach (a warehouse's dead spot), or
// sent without an answer. Each is kept in this browser's IndexedDB with the idempotency key it was
// made with, and sent with that key until the API answers: a count the API recorded before the
// answer was lost is replayed, not recorded twice. They survive a reload. Each remembers which
// sign-in made it and when: it is sent only by that sign-in, stamped with the moment it was made.
import { openDB, type IDBPDatabase } from "idb";

/** A count as the counter made it, and what the app knew of its line then. */
export interface QueuedCount {
  /** The idempotency key it is sent with, every time: also its key in the store. */
  key: string;
  stockTakeId: number;
  /** What was scanned or typed (its line is found when it is sent, if it was not known). */
  code: string;
  /** The line's entity, when the app found it before the network went. */
  entity: { type: "SKU" | "SUPPLIER_ITEM"; id: number; name: string } | null;
  /** As typed, decimal point normalised ("1.5"). */
  quantity: string;
  /**
   * SET: the line's count becomes the quantity; ADD: the quantity is added to the line's count
   * (a line not counted yet is set). None on counts kept by an earlier version: SET.
   */
  mode?: "SET" | "ADD";
  /** When it was made (milliseconds since the epoch): counts are sent in this order. */
  madeAt: number;
  /**
   * The mark of the token that made it (session.ts's tokenMark): only that token sends it. None
   * on counts kept by an earlier version of the app: the token signed in sends those.
   */
  owner?: string;
  /**
   * When it was made by the server's clock (RFC 3339), sent as its countedAt: a count that waited
   * is compared as of when it was made. None on counts kept by an earlier version.
   */
  countedAt?: string;
  /** How many times the server failed on it (500): after a few it is given up, not retried. */
  failures?: number;
}

/** A count the API would not take when it was sent from the queue, and why. */
export interface RefusedCount {
  count: QueuedCount;
  problem: { code: string; message: string };
}

const STORE = "counts";
/** Counts not taken, kept until the counter sends one again or lets it go. */
const REFUSED = "refused";

let opened: Promise<IDBPDatabase> | null = null;

const db = () =>
  (opened ??= openDB("countpoint", 2, {
    upgrade(database, from) {
      if (from < 1) {
        database.createObjectStore(STORE, { keyPath: "key" }).createIndex("madeAt", "madeAt");
      }
      if (from < 2) database.createObjectStore(REFUSED, { keyPath: "count.key" });
    },
  }));

/** Keeps a count until it is sent. */
export async function enqueue(count: QueuedCount): Promise<void> {
  await (await db()).put(STORE, count);
}

/** The counts waiting for a stock take, oldest first. */
export async function waiting(stockTakeId: number): Promise<QueuedCount[]> {
  const all = (await (await db()).getAllFromIndex(STORE, "madeAt")) as QueuedCount[];
  return all.filter((c) => c.stockTakeId === stockTakeId);
}

/** Whether `owner`'s sign-in sends this count. */
export const sentBy = (count: QueuedCount, owner: string): boolean =>
  count.owner === undefined || count.owner === owner;

/** Forgets a count the API answered (recorded, replayed or refused), or one let go. */
export async function settle(key: string): Promise<void> {
  await (await db()).delete(STORE, key);
}

/** Moves a count the API would not take out of the queue, into the list of counts not taken. */
export async function refuse(refused: RefusedCount): Promise<void> {
  const tx = (await db()).transaction([STORE, REFUSED], "readwrite");
  await Promise.all([
    tx.objectStore(STORE).delete(refused.count.key),
    tx.objectStore(REFUSED).put(refused),
    tx.done,
  ]);
}

/** The counts of a stock take not taken, oldest first. */
export async function refusedOf(stockTakeId: number): Promise<RefusedCount[]> {
  const all = (await (await db()).getAll(REFUSED)) as RefusedCount[];
  return all
    .filter((r) => r.count.stockTakeId === stockTakeId)
    .sort((a, b) => a.count.madeAt - b.count.madeAt);
}

/**
 * Takes a count back from the list of counts not taken: into the queue again (with its key and
 * no failures counted) to be sent, or, with `requeue` false, forgotten.
 */
export async function takeBack(count: QueuedCount, requeue: boolean): Promise<void> {
  const tx = (await db()).transaction([STORE, REFUSED], "readwrite");
  await Promise.all([
    tx.objectStore(REFUSED).delete(count.key),
    requeue ? tx.objectStore(STORE).put({ ...count, failures: 0 }) : Promise.resolve(),
    tx.done,
  ]);
}
