// GraphQL subscriptions over graphql-ws on the /graphql route's WebSocket upgrade. The token
// comes in connectionParams.authorization ("Bearer …" or the token alone); a connection without
// a valid one is closed with 4403 before any operation runs. Only subscriptions are served here
// (queries and mutations go over HTTP). Each subscribe message is checked with the query limits
// (a tighter cost cap) and charged to the token's rate limit, and each event's summaries are
// charged by their lines as a query's are; a token holds a bounded number of
// connections and subscriptions per process; each event's selections run on a pool of their own,
// each within a deadline.
import { makeHandler, type Extra } from "graphql-ws/use/@fastify/websocket";
import { GraphQLError, type GraphQLSchema } from "graphql";
import type { WebSocket } from "ws";
import type { PrismaClient } from "../db/client.js";
import type { Principal } from "../auth/principal.js";
import { AppError } from "../errors.js";
import { parseBearer } from "../auth/request.js";
import { chargeOf, refusalMessage, type TokenBucket } from "../rate-limit/bucket.js";
import { costOfEstimate } from "./rate-limit.js";
import type { RateLimiter } from "../auth/limiter.js";
import type { EventHub } from "../modules/event/index.js";
import { createContext } from "./context.js";
import { formatError } from "./errors.js";
import { checkSubscription, type SubscribePayload } from "./subscription-document.js";
import { quotaKey, TokenQuotas, type QuotaLimits } from "./subscription-quotas.js";
import { subscribeWithDeadline, Turns } from "./subscription-stream.js";

/** Subscriptions one connection may hold at once. */
export const MAX_SUBSCRIPTIONS = 100;

/** PostgreSQL's application_name of the pool subscribers' events are resolved on. */
export const SUBSCRIPTION_POOL_NAME = "countpoint-subscriptions";

/** What a subscribe message costs: its selection's estimate priced as a query's (at least 1). */
export const subscribeUnits = costOfEstimate;

/**
 * Subscribe messages a connection may send in a row while its token is rate limited before it
 * is closed with 4429: a client that does not wait for Retry-After is not answered forever.
 */
export const MAX_REFUSED_IN_A_ROW = 50;

/** Close codes of the subscription connection (graphql-ws's own: 4400, 4401, 4403, 4409…). */
export const CLOSE_TOO_MANY = 4429;

export interface SubscriptionOptions extends QuotaLimits {
  /**
   * Where subscriptions read (a pool of its own): what subscribing checks, and each event's
   * selection, so a flood of either never holds the requests' connections.
   */
  db: PrismaClient;
  /** Events whose selections run at once: the events' pool's size (SUBSCRIPTION_POOL_SIZE). */
  concurrency: number;
  /** How long one subscriber's event may take to resolve (SUBSCRIPTION_EVENT_TIMEOUT_MS). */
  eventTimeoutMs: number;
}

/** The settings' defaults (src/config.ts), for an app built without them. */
export const SUBSCRIPTION_DEFAULTS = {
  connectionsPerToken: 20,
  perToken: 200,
  concurrency: 2,
  eventTimeoutMs: 5_000,
} as const;

/** What /metrics shows of the subscriptions of this process. */
export interface SubscriptionStats {
  connections: number;
  subscribers: number;
  /** Subscribers ended since the start, by why: fell too far behind, or an event out of time. */
  dropped: { behind: number; deadline: number };
}

interface Connection {
  principal: Principal;
  bucket: TokenBucket | null;
  key: string;
  /** RATE_LIMITED answers in a row. */
  refused: number;
}

const refusal = (message: string) =>
  new GraphQLError(message, { originalError: new AppError("INVALID_PARAMETER", message) });

const rateLimited = (bucket: TokenBucket, units: number, retryAfterSeconds: number) => {
  const message = refusalMessage(
    bucket.limit,
    { granted: false, limit: bucket.limit.burst, remaining: 0, resetSeconds: 0, retryAfterSeconds },
    units,
  );
  return new GraphQLError(message, { originalError: new AppError("RATE_LIMITED", message) });
};

/** connectionParams.authorization: `Bearer <token>`, as the header, or the token alone. */
const bearer = (value: unknown): string | null => {
  if (typeof value !== "string" || value.length > 512) return null;
  return parseBearer(value) ?? (/^\S+$/.test(value) ? value : null);
};

/** The /graphql route's WebSocket handler, and its figures for /metrics. */
export function subscriptionHandler(
  schema: GraphQLSchema,
  limiter: RateLimiter,
  hub: EventHub,
  tokenRecheckMs: number,
  options: SubscriptionOptions,
) {
  const server = new SubscriptionServer(schema, limiter, hub, tokenRecheckMs, options);
  const handler = makeHandler<Record<string, unknown>, { connection?: Connection }>({
    schema,
    onConnect: (ctx) => server.connect(ctx.extra, ctx.connectionParams?.authorization),
    onSubscribe: (ctx, _id, payload) =>
      server.subscribe(ctx.extra, Object.keys(ctx.subscriptions).length, payload),
    subscribe: subscribeWithDeadline({
      turns: new Turns(options.concurrency),
      timeoutMs: options.eventTimeoutMs,
      onTimeout: () => server.droppedAtDeadline(),
    }),
    onError: (_ctx, _id, _payload, errors) => errors.map((e) => formatError(e.toJSON(), e)),
    onNext: (_ctx, _id, _payload, _args, result) =>
      result.errors
        ? { ...result, errors: result.errors.map((e) => formatError(e.toJSON(), e)) }
        : undefined,
  });
  return { handler, stats: () => server.stats() };
}

/** A connection's extra as graphql-ws hands it over: its socket, and the connection once let in. */
type ConnectionExtra = Extra & { connection?: Connection };

/** One process's subscriptions: who may connect, what each subscribe message and event costs. */
class SubscriptionServer {
  private readonly quotas: TokenQuotas;
  private deadlineDrops = 0;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly limiter: RateLimiter,
    private readonly hub: EventHub,
    private readonly tokenRecheckMs: number,
    private readonly options: SubscriptionOptions,
  ) {
    this.quotas = new TokenQuotas(options);
  }

  stats(): SubscriptionStats {
    return {
      connections: this.quotas.connections,
      subscribers: this.hub.subscribers,
      dropped: { behind: this.hub.dropped, deadline: this.deadlineDrops },
    };
  }

  droppedAtDeadline(): void {
    this.deadlineDrops++;
  }

  /**
   * Lets a connection in (true) or not (false: 4403, or closed with 4429 first): a token, a free
   * connection of its quota, no refusal still standing, then its check and one unit of its rate
   * limit; then the token is checked again every tokenRecheckMs while it stays open.
   */
  async connect(extra: ConnectionExtra, authorization: unknown): Promise<boolean> {
    const { socket } = extra;
    const token = bearer(authorization);
    if (!token) return false; // 4403 Forbidden
    // Counted before the token is looked up: a refusal costs no round trip.
    const key = quotaKey(token);
    const release = this.quotas.openConnection(key);
    if (!release) {
      socket.close(
        CLOSE_TOO_MANY,
        `Too many connections: a token may hold ${this.options.connectionsPerToken} on one server`,
      );
      return false;
    }
    socket.once("close", release);
    // Refused a moment ago (this very token: the key is its digest), refused again without a
    // round trip until its Retry-After has passed: a client reconnecting in a loop costs no reads.
    const known = this.quotas.refusedFor(key);
    if (known > 0) {
      socket.close(CLOSE_TOO_MANY, `Too many requests: retry after ${Math.ceil(known / 1000)} s`);
      return false;
    }
    // Connecting costs one unit of the token's rate limit; each subscribe message its price.
    const auth = await this.limiter.authenticate(token, 1);
    if (!auth.principal) return false; // 4403 Forbidden
    if (auth.decision && !auth.decision.granted) {
      const retry = auth.decision.retryAfterSeconds;
      this.quotas.refused(key, retry);
      socket.close(CLOSE_TOO_MANY, `Too many requests: retry after ${retry} s`);
      return false;
    }
    const connection: Connection = {
      principal: auth.principal,
      bucket: auth.bucket,
      key,
      refused: 0,
    };
    extra.connection = connection;
    this.recheckWhileOpen(token, socket, connection);
    return true;
  }

  /**
   * A subscribe message, cheapest refusals first: the connection's and the token's quotas, a
   * refusal still standing, then the document read once with the limits, then paid for.
   * `held`: the connection's subscriptions, this one included (graphql-ws registered it).
   */
  async subscribe(extra: ConnectionExtra, held: number, payload: SubscribePayload) {
    const conn = extra.connection!;
    if (held > MAX_SUBSCRIPTIONS) {
      return [refusal(`at most ${MAX_SUBSCRIPTIONS} subscriptions per connection`)];
    }
    const release = this.quotas.openSubscription(conn.key);
    if (!release) {
      return [
        refusal(
          `a token may hold at most ${this.options.perToken} subscriptions on one server (over all its connections)`,
        ),
      ];
    }
    try {
      // Rate limited already: refused before its document is read.
      const early =
        this.quotas.refusedFor(conn.key) > 0 ? await this.charge(conn, extra.socket, 1) : null;
      if (early) {
        release();
        return [early];
      }
      const checked = checkSubscription(this.schema, payload);
      // A document refused costs 1 unit; one served, its selection's price.
      const units = Array.isArray(checked) ? 1 : subscribeUnits(checked.cost);
      const limited = await this.charge(conn, extra.socket, units);
      if (limited || Array.isArray(checked)) {
        release();
        return limited ? [limited] : (checked as GraphQLError[]);
      }
      return {
        schema: this.schema,
        document: checked.document,
        operationName: payload.operationName,
        variableValues: payload.variables,
        contextValue: {
          ...createContext(this.options.db, conn.principal, null),
          events: this.hub,
          release,
          // Every event pays for the summaries it reads (a token without a limit pays nothing).
          ...(conn.bucket ? { chargeMore: (units: number) => this.chargeEvent(conn, units) } : {}),
        },
      };
    } catch (error) {
      release();
      throw error;
    }
  }

  /**
   * A token revoked, or expiring, while connected stops working within tokenRecheckMs; a limit
   * changed meanwhile applies from then on.
   */
  private recheckWhileOpen(token: string, socket: WebSocket, connection: Connection): void {
    const recheck = setInterval(() => {
      this.limiter.authenticate(token, 0).then(
        (still) => {
          if (!still.principal) socket.close(4403, `Forbidden: ${still.problem}`);
          else connection.bucket = still.bucket;
        },
        () => {}, // the database away for a moment: try again at the next check
      );
    }, this.tokenRecheckMs);
    recheck.unref();
    socket.once("close", () => clearInterval(recheck));
  }

  /** Takes a subscribe message's units from the token's bucket: null, or why not. */
  private async charge(
    conn: Connection,
    socket: WebSocket,
    units: number,
  ): Promise<GraphQLError | null> {
    const bucket = conn.bucket;
    if (!bucket) return null;
    const price = chargeOf(units, bucket.limit);
    const known = this.quotas.refusedFor(conn.key);
    let retryAfter = Math.ceil(known / 1000);
    if (known === 0) {
      const decision = await this.limiter.charge(bucket, units, price, price);
      // Null: the bucket store is unreachable, and the subscription goes through.
      if (!decision || decision.granted) {
        conn.refused = 0;
        return null;
      }
      retryAfter = decision.retryAfterSeconds;
      this.quotas.refused(conn.key, retryAfter);
    }
    if (++conn.refused >= MAX_REFUSED_IN_A_ROW) {
      socket.close(
        CLOSE_TOO_MANY,
        `Too many requests: subscribe messages kept coming while rate limited`,
      );
    }
    return rateLimited(bucket, price, retryAfter);
  }

  /**
   * Takes the units an event's fields cost beyond the subscription's price (a stock take's
   * summary, by its lines: the same price a query pays) from the subscriber's bucket, before that
   * work runs; a refusal is a RATE_LIMITED error on the field, in that event's message, and the
   * subscription goes on.
   */
  private async chargeEvent(conn: Connection, units: number): Promise<void> {
    const bucket = conn.bucket;
    if (!bucket) return;
    const price = chargeOf(units, bucket.limit);
    const decision = await this.limiter.charge(bucket, units, price, price);
    // Null: the bucket store is unreachable, and the event goes through.
    if (!decision || decision.granted) return;
    throw new AppError("RATE_LIMITED", refusalMessage(bucket.limit, decision, price));
  }
}
