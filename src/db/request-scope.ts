// The database work of one HTTP request, tied to it, so that a request that runs out of time is
// stopped on the database too and not only answered: its running statements are cancelled
// (PostgreSQL's cancel request, what libpq and JDBC send), no further statement of it is let
// through, and a connection that was sent a cancel is closed rather than reused.
//
// A statement that may commit (a COMMIT, or a write outside a transaction) can end either way
// once cancelled: PostgreSQL ignores a cancel in the last steps of a commit (and a commit waiting
// for a synchronous standby is cancelled with the transaction already committed). So the request
// learns which it was, and answers what it did.
//
// The request is found by AsyncLocalStorage: a connection taken from the pool while a request's
// code runs belongs to that request until it is released.
import { AsyncLocalStorage } from "node:async_hooks";
import { connect } from "node:net";
import pg from "pg";
import type { PoolShare, ShareWait } from "./pool-share.js";

/** How long a cancelled statement has to end before its connection is closed under it. */
const CANCEL_GRACE_MS = 1_000;

/** A statement that changes data (a SELECT … FOR UPDATE too; outside a transaction it is harmless). */
const WRITE = /\b(INSERT|UPDATE|DELETE|MERGE)\b/i;

interface ClientState {
  /** The request holding the connection, if a request does, and whether for its bookkeeping. */
  scope: RequestScope | undefined;
  bookkeeping: boolean;
  /** Statements sent and not yet answered, and those of them that may commit. */
  running: number;
  committing: number;
  /** Between BEGIN and COMMIT or ROLLBACK. */
  inTransaction: boolean;
  /** A cancel was sent: a late one must not reach whoever uses the connection next. */
  cancelled: boolean;
}

const states = new WeakMap<pg.PoolClient, ClientState>();

/** One request's hold on the database. */
export class RequestScope {
  /** No statement of the request starts while set (a COMMIT becomes a ROLLBACK). */
  stopped = false;
  /** A statement of the request that may commit succeeded: the request changed data. */
  committed = false;
  /** Such a statement ended with its connection closed under it: whether it committed is unknown. */
  inDoubt = false;
  /** Its statements count in statementsSent() (a /metrics scrape's own reads do not). */
  counted = true;
  /** The connections the request holds now. */
  readonly clients = new Set<pg.PoolClient>();
  /** The account whose share of the pool the request's connections count in (bindAccount). */
  account: number | undefined = undefined;
  /** Connections the request holds that count in its account's share. */
  shared = 0;
  /** Its takes waiting for their account's share. */
  waits: Set<ShareWait> | undefined = undefined;
  private committing = 0;
  private waiting: (() => void)[] = [];

  /** Cancels the request's running statements and refuses the next ones. */
  stop(): void {
    this.stopped = true;
    for (const wait of this.waits ?? []) wait.cancel(requestTimedOut());
    for (const client of this.clients) {
      const state = states.get(client);
      if (!state || state.running === 0) continue;
      state.cancelled = true;
      sendCancelRequest(client);
      // A server that does not answer (a network gone silent) never ends the statement.
      setTimeout(() => {
        if (state.running === 0) return;
        if (state.committing > 0) this.inDoubt = true;
        socketOf(client)?.destroy();
      }, CANCEL_GRACE_MS).unref();
    }
  }

  /** Lets the request go on after stop(): it committed, so its own answer must say so. */
  resume(): void {
    this.stopped = false;
  }

  /** Resolves once no statement of the request that may commit is in flight. */
  async commitsSettled(): Promise<void> {
    while (this.committing > 0) await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  commitStarted(): void {
    this.committing++;
  }

  commitEnded(ok: boolean): void {
    this.committing--;
    if (ok) this.committed = true;
    if (this.committing === 0) for (const resolve of this.waiting.splice(0)) resolve();
  }
}

/** A request's bookkeeping (its token's last use, its rate-limit bucket): see asBookkeeping. */
class Bookkeeping {
  constructor(readonly scope: RequestScope) {}
}

const storage = new AsyncLocalStorage<RequestScope | Bookkeeping>();

/** Statements sent to PostgreSQL through a scoped pool since the process started. */
let statements = 0;

/**
 * How many statements the process has sent to PostgreSQL through its pools (every request's,
 * authentication included, and background work's), but the reads of /metrics scrapes.
 */
export const statementsSent = (): number => statements;

/**
 * Runs `work` with its statements left out of statementsSent() (a /metrics scrape's reads): as
 * the current request's, or, with no request scope (no request timeout), in a scope of its own.
 */
export function uncounted<T>(work: () => T): T {
  const current = storage.getStore();
  const scope = current instanceof Bookkeeping ? current.scope : (current ?? new RequestScope());
  scope.counted = false;
  return current ? work() : storage.run(scope, work);
}

/**
 * From now on the current request's connections count in `accountId`'s share of the pool: called
 * once the request's account is known (authenticated, or the token's account remembered).
 */
export function bindAccount(accountId: number): void {
  const current = storage.getStore();
  const scope = current instanceof Bookkeeping ? current.scope : current;
  if (scope) scope.account = accountId;
}

/** Runs `work` (and everything it starts) as the request `scope`'s. */
export const runInScope = (scope: RequestScope, work: () => void): void => storage.run(scope, work);

/**
 * Runs `work` as the current request's bookkeeping: stopped with the request like the rest of its
 * work, but a write of it that commits is not a change the request made, which its answer must
 * tell (src/http/request-timeout.ts).
 */
export function asBookkeeping<T>(work: () => T): T {
  const current = storage.getStore();
  return current instanceof RequestScope ? storage.run(new Bookkeeping(current), work) : work();
}

/** What PostgreSQL says of a statement it cancelled (query_canceled), here before it ran. */
export function requestTimedOut(): pg.DatabaseError {
  const error = new pg.DatabaseError("canceling statement due to request timeout", 0, "error");
  error.code = "57014";
  error.severity = "ERROR";
  return error;
}

type Callback = (err: Error | undefined, client?: pg.PoolClient, done?: () => void) => void;

/**
 * Makes the pool's connections answer to the request that holds them (see the top), and, with a
 * `share`, a request's connections count in its account's share of the pool (pool-share.ts).
 *
 * Not counted: a request of no account (health, /metrics, a refused token), which has none to
 * count in, and a request's bookkeeping (its token's check and bucket charge), one short
 * statement taken before the account is known or while the request may already hold a connection.
 *
 * A request that already holds a counted connection and takes another (parallel GraphQL root
 * fields, a statement sent beside an open transaction) is let through past the share: made to
 * wait, it would hold a connection while waiting for its own account, and a share's worth of such
 * requests would wait on each other for good. What it may take past the share is bounded by what
 * one request runs at once; its first connection, which every request needs, always counts.
 */
export function scopeConnections(pool: pg.Pool, share?: PoolShare): void {
  pool.on("connect", (client) => guard(client as pg.PoolClient));
  const take = pool.connect.bind(pool) as (callback?: Callback) => Promise<pg.PoolClient> | void;
  const takeFor = (
    scope: RequestScope,
    bookkeeping: boolean,
    left: (() => void) | undefined,
    callback?: Callback,
  ): Promise<pg.PoolClient> | void => {
    if (!callback) {
      return (take() as Promise<pg.PoolClient>).then(
        (client) => claim(scope, client, bookkeeping, left),
        (error: unknown) => {
          left?.();
          throw error;
        },
      );
    }
    take((err, client) => {
      if (err || !client) {
        left?.();
        return callback(err, client);
      }
      let claimed: pg.PoolClient;
      try {
        claimed = claim(scope, client, bookkeeping, left);
      } catch (refused) {
        return callback(refused as Error);
      }
      callback(undefined, claimed, () => claimed.release());
    });
  };
  const scoped = (callback?: Callback): Promise<pg.PoolClient> | void => {
    const current = storage.getStore();
    if (!current) return take(callback);
    const bookkeeping = current instanceof Bookkeeping;
    const scope = bookkeeping ? current.scope : current;
    const account = share && !bookkeeping ? scope.account : undefined;
    if (!share || account === undefined) return takeFor(scope, bookkeeping, undefined, callback);
    let held = false;
    const left = () => {
      if (!held) return;
      held = false;
      scope.shared--;
      share.leave(account);
    };
    const entered = () => {
      held = true;
      scope.shared++;
    };
    let wait: ShareWait | undefined;
    try {
      wait = share.enter(account, scope.shared > 0);
    } catch (refused) {
      if (callback) return callback(refused as Error);
      return Promise.reject(refused as Error);
    }
    if (!wait) {
      entered();
      return takeFor(scope, bookkeeping, left, callback);
    }
    const waited = wait;
    (scope.waits ??= new Set()).add(waited);
    const turn = waited.turn.finally(() => scope.waits?.delete(waited));
    if (!callback) {
      return turn.then(() => {
        entered();
        return takeFor(scope, bookkeeping, left) as Promise<pg.PoolClient>;
      });
    }
    turn.then(
      () => {
        entered();
        takeFor(scope, bookkeeping, left, callback);
      },
      (refused: Error) => callback(refused),
    );
  };
  pool.connect = scoped as typeof pool.connect;
}

/**
 * The connection now belongs to the request, unless the request was stopped meanwhile; `left`
 * gives back its place in the account's share when it is released.
 */
function claim(
  scope: RequestScope,
  client: pg.PoolClient,
  bookkeeping: boolean,
  left?: () => void,
): pg.PoolClient {
  if (scope.stopped) {
    client.release();
    left?.();
    throw requestTimedOut();
  }
  const state = states.get(client);
  if (!state) {
    // Never so (every connection is guarded as it opens); uncounted rather than never given back.
    left?.();
    return client;
  }
  Object.assign(state, { scope, bookkeeping, inTransaction: false });
  scope.clients.add(client);
  const release = client.release.bind(client);
  client.release = (err?: Error | boolean) => {
    state.scope = undefined;
    scope.clients.delete(client);
    left?.();
    // Never back into the pool: a connection that may still receive a cancel, or one left in a
    // transaction (which the next request's BEGIN would join).
    const discard = state.cancelled || state.inTransaction;
    release(err || (discard ? new Error("closed after its request was stopped") : undefined));
  };
  return client;
}

type Query = (...args: unknown[]) => unknown;

/** Counts the connection's statements and holds back those of a stopped request. */
function guard(client: pg.PoolClient): void {
  const state: ClientState = {
    scope: undefined,
    bookkeeping: false,
    running: 0,
    committing: 0,
    inTransaction: false,
    cancelled: false,
  };
  states.set(client, state);
  const query = client.query.bind(client) as Query;
  const guarded: Query = (...args) => {
    const scope = state.scope;
    if (!scope) {
      statements++;
      return query(...args);
    }
    if (scope.counted) statements++;
    const first = args[0] as { text?: unknown; submit?: unknown } | string;
    if (typeof first === "object" && typeof first?.submit === "function") return query(...args);
    const text = String(typeof first === "string" ? first : first?.text);
    if (scope.stopped && text !== "ROLLBACK") {
      // A COMMIT becomes a ROLLBACK: the transaction ends here, with nothing of it kept.
      const ended = text === "COMMIT" ? (query("ROLLBACK") as Promise<unknown>) : Promise.resolve();
      return answer(
        args,
        ended.then(
          () => {
            if (text === "COMMIT") state.inTransaction = false;
            return Promise.reject(requestTimedOut());
          },
          () => {
            // Whether the transaction ended is unknown: the connection is closed, not reused.
            state.cancelled = true;
            return Promise.reject(requestTimedOut());
          },
        ),
      );
    }
    const mayCommit =
      !state.bookkeeping && (text === "COMMIT" || (!state.inTransaction && WRITE.test(text)));
    if (/^(BEGIN|START TRANSACTION)\b/i.test(text)) state.inTransaction = true;
    else if (text === "COMMIT" || text === "ROLLBACK") state.inTransaction = false;
    state.running++;
    if (mayCommit) {
      state.committing++;
      scope.commitStarted();
    }
    const ended = (ok: boolean) => {
      state.running--;
      if (!mayCommit) return;
      state.committing--;
      scope.commitEnded(ok);
    };
    const last = args.at(-1);
    if (typeof last === "function") {
      return query(...args.slice(0, -1), (err: unknown, result: unknown) => {
        ended(!err);
        (last as (err: unknown, result: unknown) => void)(err, result);
      });
    }
    const result = query(...args) as Promise<unknown>;
    result.then(
      () => ended(true),
      () => ended(false),
    );
    return result;
  };
  client.query = guarded as typeof client.query;
}

/** A refusal, answered the way the caller asked: through its callback, or as a promise. */
function answer(args: unknown[], result: Promise<unknown>): unknown {
  const last = args.at(-1);
  if (typeof last !== "function") return result;
  result.then(
    (value) => (last as (err: unknown, value: unknown) => void)(undefined, value),
    (err: unknown) => (last as (err: unknown) => void)(err),
  );
  return undefined;
}

interface Backend {
  host: string;
  port: number;
  processID: number | null;
  secretKey: number | null;
  connection?: { stream?: { destroy: () => void } };
}

const socketOf = (client: pg.PoolClient) => (client as unknown as Backend).connection?.stream;

/**
 * PostgreSQL's CancelRequest for the statement the connection runs: on a connection of its own,
 * so it needs no free connection of the pool, and before any authentication.
 */
function sendCancelRequest(client: pg.PoolClient): void {
  const { host, port, processID, secretKey } = client as unknown as Backend;
  if (processID === null || secretKey === null) return;
  const packet = Buffer.alloc(16);
  packet.writeInt32BE(16, 0);
  packet.writeInt32BE(80877102, 4); // the cancel request code
  packet.writeInt32BE(processID, 8);
  packet.writeInt32BE(secretKey, 12);
  const socket = host.startsWith("/")
    ? connect({ path: `${host}/.s.PGSQL.${port}` })
    : connect({ host, port });
  socket.setTimeout(CANCEL_GRACE_MS, () => socket.destroy());
  socket.on("error", () => {}); // the grace period's close covers a cancel that cannot be sent
  socket.on("connect", () => socket.end(packet));
}
