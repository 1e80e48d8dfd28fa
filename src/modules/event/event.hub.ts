// Live events for GraphQL subscriptions. Each process follows the change feed of every account
// that has a subscriber there (one small read per account and poll), so every replica's
// subscribers see every change, in feed order, without skipping one, and writers pay nothing:
// NOTIFY would have each writing transaction take PostgreSQL's one notification queue lock at
// commit, which serialises the commits of every account.
import type { PrismaClient } from "../../db/client.js";
import { AppError } from "../../errors.js";
import { sharedLedgerHorizon } from "../../ledger/horizon.js";
import { ledgerHorizons } from "../../ledger/ledger.js";
import { eventsAfter, type FeedPosition } from "./event.service.js";
import type { Event } from "./event.types.js";

/** Events a subscriber may have waiting before it is dropped as too slow… */
const MAX_QUEUED = 10_000;
/** …or bytes of their data (as JSON): events of any size hold a subscriber to about 1 MiB. */
const MAX_QUEUED_BYTES = 1024 * 1024;
/** Subscriptions of one account one process serves. */
const MAX_PER_ACCOUNT = 1_000;
/** Events read per account and poll. */
const BATCH = 1_000;

/** How a subscriber takes its events. */
export interface SubscribeOptions {
  /**
   * Only the newest waiting event matters (the subscriber reads the state afresh at each one):
   * a subscriber still busy with one event finds only the latest of those that came meanwhile.
   */
  coalesce?: boolean;
}

/** What ends a subscriber that fell too far behind (SERVICE_UNAVAILABLE: subscribe again). */
export const FELL_BEHIND = `the subscriber fell too far behind (${MAX_QUEUED} events or ${MAX_QUEUED_BYTES} bytes waiting); subscribe again, and read what it missed from the feed after its last cursor`;

/** An event's data size as JSON, worked out once however many subscribers queue it. */
const sizes = new WeakMap<Event, number>();
function sizeOf(event: Event): number {
  let size = sizes.get(event);
  if (size === undefined) {
    size = JSON.stringify(event.data).length + 200;
    sizes.set(event, size);
  }
  return size;
}

interface Listener {
  accept: (event: Event) => boolean;
  push: (event: Event) => void;
  fail: (error: Error) => void;
}

interface Followed {
  position: FeedPosition;
  listeners: Set<Listener>;
}

export class EventHub {
  private readonly accounts = new Map<number, Followed>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Subscribers dropped for falling too far behind since the start (a counter). */
  dropped = 0;

  constructor(
    private readonly db: PrismaClient,
    private readonly pollMs: number,
    private readonly log: { warn: (o: object, m: string) => void } = { warn: () => {} },
  ) {}

  /**
   * The account's events from now on that `accept` takes, as an async iterable; it ends when
   * the consumer stops (return) or falls MAX_QUEUED events or MAX_QUEUED_BYTES behind (an
   * error, SERVICE_UNAVAILABLE).
   */
  async subscribe(
    accountId: number,
    accept: (e: Event) => boolean,
    { coalesce = false }: SubscribeOptions = {},
  ): Promise<AsyncIterable<Event>> {
    let followed = this.accounts.get(accountId);
    if (!followed) {
      // From the feed's end: what every write in flight will stamp after (a read shared with
      // other first subscribers, so subscribing in a loop does not stall every account's writes).
      const horizon = await sharedLedgerHorizon(this.db, accountId);
      followed = this.accounts.get(accountId) ?? {
        position: { at: horizon.toISOString(), id: "0" },
        listeners: new Set(),
      };
      this.accounts.set(accountId, followed);
    }
    if (followed.listeners.size >= MAX_PER_ACCOUNT) {
      throw new AppError(
        "INVALID_PARAMETER",
        `an account has at most ${MAX_PER_ACCOUNT} subscriptions on one server`,
      );
    }
    const target = followed;
    const queue: Event[] = [];
    let queuedBytes = 0;
    let failure: Error | null = null;
    let stopped = false;
    let wake: (() => void) | null = null;
    const leave = () => {
      target.listeners.delete(listener);
      if (target.listeners.size === 0 && this.accounts.get(accountId) === target) {
        this.accounts.delete(accountId);
      }
    };
    const listener: Listener = {
      accept,
      push: (event) => {
        if (coalesce) {
          queue.length = 0;
          queuedBytes = 0;
        }
        const size = sizeOf(event);
        if (queue.length < MAX_QUEUED && queuedBytes + size <= MAX_QUEUED_BYTES) {
          queue.push(event);
          queuedBytes += size;
          wake?.();
        } else {
          // Dropped at once: what it missed is in the feed, from its last event's cursor.
          queue.length = 0;
          queuedBytes = 0;
          leave();
          this.dropped++;
          listener.fail(new AppError("SERVICE_UNAVAILABLE", FELL_BEHIND));
        }
      },
      fail: (error) => {
        failure = error;
        wake?.();
      },
    };
    target.listeners.add(listener);
    this.schedule();
    const isClosed = () => this.closed;
    return {
      [Symbol.asyncIterator]: () => ({
        async next(): Promise<IteratorResult<Event>> {
          for (;;) {
            if (stopped) return { value: undefined, done: true };
            if (queue.length > 0) {
              const event = queue.shift()!;
              queuedBytes -= sizeOf(event);
              return { value: event, done: false };
            }
            if (failure) {
              leave();
              throw failure;
            }
            if (isClosed()) return { value: undefined, done: true };
            await new Promise<void>((resolve) => (wake = resolve));
            wake = null;
          }
        },
        async return(): Promise<IteratorResult<Event>> {
          // A next() still waiting ends too, so whoever iterates sees the end.
          stopped = true;
          queue.length = 0;
          leave();
          wake?.();
          return { value: undefined, done: true };
        },
      }),
    };
  }

  /** Subscribers right now, over all accounts (a gauge). */
  get subscribers(): number {
    let n = 0;
    for (const f of this.accounts.values()) n += f.listeners.size;
    return n;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    for (const f of this.accounts.values())
      for (const l of f.listeners) l.fail(new Error("closed"));
    this.accounts.clear();
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => void this.poll(), this.pollMs);
    this.timer.unref();
  }

  /** Reads each followed account's new events and hands each to the listeners that take it. */
  private async poll(): Promise<void> {
    try {
      // One read of the ledger's locks for every account followed, then each account's events.
      const horizons = await ledgerHorizons(this.db, [...this.accounts.keys()]);
      for (const [accountId, followed] of [...this.accounts]) {
        let horizon = horizons.get(accountId);
        for (;;) {
          const { events, resume } = await eventsAfter(
            this.db,
            accountId,
            followed.position,
            null,
            BATCH,
            horizon,
          );
          // A further batch reads a fresh horizon of its own.
          horizon = undefined;
          followed.position = resume;
          for (const event of events) {
            for (const l of followed.listeners) if (l.accept(event)) l.push(event);
          }
          if (events.length < BATCH) break;
        }
      }
    } catch (err) {
      this.log.warn({ err }, "subscriptions: reading the feed failed; trying again");
    } finally {
      this.timer = undefined;
      if (this.accounts.size > 0) this.schedule();
    }
  }
}
