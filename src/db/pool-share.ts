// A share of the pool per account: an account's requests hold at most `perAccount` of a pool's
// connections at once. A request over its account's share waits here, in the process, before the
// pool hands it a connection, so a request that would wait on its own account's locks (a stock
// take's start, a row, an idempotency key) never pins a connection another account needs.
// Counted per process and per pool (each process has its pool; replicas have theirs).
import pg from "pg";

/** The part of a pool one account may hold, and how many of its requests may wait past it. */
// Four fifths: an account's many devices writing at once keep their throughput (half the pool cost
// them a third of it: docs/benchmarks, P2), and another account still has a fifth of the pool.
export const DEFAULT_ACCOUNT_SHARE = 0.8;
export const DEFAULT_ACCOUNT_QUEUE = 1_000;

/**
 * Connections one account may hold of a pool of `poolSize`: `fraction` of it, at least 1, and
 * below a fraction of 1 one fewer than the pool at most, so another account always has one.
 */
export const accountShareOf = (poolSize: number, fraction: number): number =>
  Math.max(1, Math.min(Math.floor(poolSize * fraction), fraction < 1 ? poolSize - 1 : poolSize));

/**
 * What a take refused for its account's share throws: PostgreSQL's too_many_connections (53300),
 * which every transport answers 503 SERVICE_UNAVAILABLE with Retry-After, as a full pool.
 */
export function accountShareRefused(why: string): pg.DatabaseError {
  const error = new pg.DatabaseError(
    `too many of this account's requests are using the database at once (${why})`,
    0,
    "error",
  );
  error.code = "53300";
  error.severity = "ERROR";
  return error;
}

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

interface AccountState {
  held: number;
  /**
   * Insertion-ordered: the first is served first; one leaves in O(1) when it gives up. Made for
   * the first take that waits: most accounts never do.
   */
  waiting?: Set<Waiter>;
}

/** Takes over the share that waited and that were refused, per account, since the process started. */
export interface ShareCounts {
  waited: number;
  refused: number;
}

/** A take waiting for its account's share; `cancel` ends the wait (its request was stopped). */
export interface ShareWait {
  turn: Promise<void>;
  cancel: (error: Error) => void;
}

export class PoolShare {
  private readonly accounts = new Map<number, AccountState>();
  private readonly counts = new Map<number, ShareCounts>();

  constructor(
    /** Connections one account may hold. */
    readonly perAccount: number,
    /** Takes of one account that may wait past its share; more are refused at once. */
    readonly queueLimit: number,
    /** How long a take waits for its share before it is refused (the pool's own wait). */
    readonly waitMs: number,
  ) {}

  /**
   * A place in `account`'s share: undefined when the take has it now, else its wait. `overdraft`
   * lets the take through past the share (see scopeConnections). Throws, without waiting, when
   * the account already has `queueLimit` takes waiting.
   */
  enter(account: number, overdraft: boolean): ShareWait | undefined {
    let state = this.accounts.get(account);
    if (!state) this.accounts.set(account, (state = { held: 0 }));
    if (state.held < this.perAccount || overdraft) {
      state.held++;
      return undefined;
    }
    const counts = this.countsOf(account);
    const waiting = (state.waiting ??= new Set());
    if (waiting.size >= this.queueLimit) {
      counts.refused++;
      throw accountShareRefused(`${this.queueLimit} already wait for one of its connections`);
    }
    counts.waited++;
    let waiter!: Waiter;
    const turn = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        counts.refused++;
        give(accountShareRefused(`none of its connections came free within ${this.waitMs} ms`));
      }, this.waitMs);
      timer.unref();
      waiter = { resolve, reject, timer };
    });
    const give = (error: Error) => {
      if (!waiting.delete(waiter)) return;
      clearTimeout(waiter.timer);
      waiter.reject(error);
      this.forget(account);
    };
    waiting.add(waiter);
    return { turn, cancel: give };
  }

  /** Gives back a place in `account`'s share: to the account's first waiting take, if any. */
  leave(account: number): void {
    const state = this.accounts.get(account);
    if (!state) return;
    const next = state.waiting?.values().next();
    if (!next || next.done) {
      state.held--;
      this.forget(account);
      return;
    }
    // The place passes to the waiter as it is: `held` stays.
    state.waiting!.delete(next.value);
    clearTimeout(next.value.timer);
    next.value.resolve();
  }

  /** Each account holding or waiting for a connection now. */
  *current(): Generator<{ account: number; held: number; waiting: number }> {
    for (const [account, state] of this.accounts) {
      yield { account, held: state.held, waiting: state.waiting?.size ?? 0 };
    }
  }

  /** Each account that has waited or been refused since the process started. */
  totals(): ReadonlyMap<number, ShareCounts> {
    return this.counts;
  }

  private countsOf(account: number): ShareCounts {
    let counts = this.counts.get(account);
    if (!counts) this.counts.set(account, (counts = { waited: 0, refused: 0 }));
    return counts;
  }

  /** Keeps the map to the accounts holding or waiting for something. */
  private forget(account: number): void {
    const state = this.accounts.get(account);
    if (state && state.held === 0 && !state.waiting?.size) this.accounts.delete(account);
  }
}
