// The delivery worker, run by `countpoint serve` (or alone by `countpoint worker`). Each endpoint
// is served by one worker at a time, whatever the number of replicas: a worker leases the
// endpoint (FOR UPDATE SKIP LOCKED, then a lease time, so no connection is held across a
// request to the receiver). Under the lease it follows the change feed from the endpoint's own
// position, which never skips an event, turning new events into deliveries, and sends the
// endpoint's deliveries one at a time in feed order: a delivery that fails is retried with
// exponential backoff and jitter (or after the receiver's Retry-After) and the ones after it
// wait, so a receiver sees the events in feed order. 410 disables the endpoint at once; a
// delivery still failing after the give-up period disables it too.
import type { Config } from "../../config.js";
import type { PrismaClient } from "../../db/client.js";
import { jsonRows } from "../../db/sql.js";
import { eventsAfter, positionOf } from "../event/event.service.js";
import type { Event } from "../event/event.types.js";
import { send, type SendResult } from "./webhook.send.js";
import type { UrlPolicy } from "./webhook.url.js";

export interface WorkerOptions {
  /** How often to look for endpoints with work when there was none. */
  pollMs: number;
  /** How long a receiver has to answer. */
  timeoutMs: number;
  /** The first retry's delay; each next one doubles, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** A delivery failing for this long is given up, and its endpoint disabled. */
  giveUpMs: number;
  /** Endpoints one process serves at once. */
  concurrency: number;
  policy: UrlPolicy;
}

export const DEFAULT_WORKER_OPTIONS: Omit<WorkerOptions, "policy"> = {
  pollMs: 1_000,
  timeoutMs: 10_000,
  retryBaseMs: 30_000,
  retryMaxMs: 6 * 3_600_000,
  giveUpMs: 3 * 86_400_000,
  concurrency: 8,
};

/** Events turned into deliveries per look at the feed. */
const FAN_OUT_BATCH = 500;

interface Log {
  warn: (o: object, m: string) => void;
}

interface LeasedEndpoint {
  account_id: number;
  id: number;
  url: string;
  event_types: string[];
  secrets: string[];
  feed_at: Date;
  feed_id: string;
  lease_until: Date;
}

interface Head {
  id: bigint;
  event_id: bigint;
  body: string;
  attempts: number;
  next_attempt_at: Date;
  first_failed_at: Date | null;
}

/** The worker's options from the service's configuration. */
export const workerOptions = (config: Config): WorkerOptions => ({
  ...DEFAULT_WORKER_OPTIONS,
  pollMs: config.webhookPollMs,
  timeoutMs: config.webhookTimeoutMs,
  retryBaseMs: config.webhookRetryBaseMs,
  giveUpMs: config.webhookGiveUpHours * 3_600_000,
  policy: { production: config.env === "production" },
});

/** Starts the worker; `stop` lets the endpoints in hand finish their current delivery. */
export function startWebhookWorker(db: PrismaClient, options: WorkerOptions, log: Log) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const loop = async () => {
    if (stopped) return;
    let busy = false;
    try {
      busy = (await workOnce(db, options)) > 0;
    } catch (err) {
      log.warn({ err }, "webhook worker: a round failed; trying again");
    }
    if (!stopped) timer = setTimeout(() => (running = loop()), busy ? 0 : options.pollMs);
  };
  running = loop();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** One round: leases the endpoints due now and serves each; how many it leased. */
export async function workOnce(db: PrismaClient, options: WorkerOptions): Promise<number> {
  const leaseMs = options.timeoutMs * 3 + 30_000;
  const endpoints = await db.$queryRaw<LeasedEndpoint[]>`
    UPDATE webhook_endpoints AS w
    SET lease_until = date_trunc('milliseconds', clock_timestamp()) + make_interval(secs => ${leaseMs / 1000})
    FROM (
      SELECT account_id, id FROM webhook_endpoints
      WHERE active AND due_at <= now() AND (lease_until IS NULL OR lease_until < now())
      ORDER BY due_at LIMIT ${options.concurrency} FOR UPDATE SKIP LOCKED
    ) AS due
    WHERE w.account_id = due.account_id AND w.id = due.id
    RETURNING w.account_id, w.id, w.url, w.event_types, w.feed_at, w.feed_id::text, w.lease_until,
      array_remove(ARRAY[w.secret, CASE WHEN w.previous_secret_expires_at > now()
        THEN w.previous_secret END], NULL) AS secrets`;
  await Promise.all(endpoints.map((e) => serveEndpoint(db, e, options, leaseMs)));
  return endpoints.length;
}

/**
 * Serves one leased endpoint for up to half its lease: new events become deliveries, then the
 * oldest pending delivery is sent, and the next, until one fails or must wait. Returns the lease
 * with the time the endpoint is next due.
 */
async function serveEndpoint(
  db: PrismaClient,
  endpoint: LeasedEndpoint,
  options: WorkerOptions,
  leaseMs: number,
): Promise<void> {
  const until = Date.now() + leaseMs / 2;
  let due = new Date(Date.now() + options.pollMs);
  for (;;) {
    const more = await fanOut(db, endpoint);
    if (more === null) return; // the lease was lost: another worker has the endpoint now
    const [head] = await db.$queryRaw<Head[]>`
      SELECT id, event_id, body, attempts, next_attempt_at, first_failed_at
      FROM webhook_deliveries
      WHERE account_id = ${endpoint.account_id} AND endpoint_id = ${endpoint.id}
        AND status = 'pending'
      ORDER BY event_at, event_id LIMIT 1`;
    if (!head) {
      if (more && Date.now() < until) continue;
      due = new Date(Date.now() + (more ? 0 : options.pollMs));
      break;
    }
    if (head.next_attempt_at.getTime() > Date.now()) {
      due = head.next_attempt_at;
      break;
    }
    const result = await send({
      url: endpoint.url,
      messageId: `evt_${head.event_id}`,
      body: head.body,
      secrets: endpoint.secrets,
      timeoutMs: options.timeoutMs,
      policy: options.policy,
    });
    const next = await record(db, endpoint, head, result, options);
    if (next === "stop") return;
    if (next !== "sent") {
      due = next;
      break;
    }
    if (Date.now() >= until) {
      due = new Date();
      break;
    }
  }
  await db.$executeRaw`
    UPDATE webhook_endpoints SET lease_until = NULL, due_at = ${due.toISOString()}::timestamptz
    WHERE account_id = ${endpoint.account_id} AND id = ${endpoint.id}
      AND lease_until = ${endpoint.lease_until.toISOString()}::timestamptz`;
}

/**
 * The endpoint's new events, after its feed position and of its types, as pending deliveries,
 * and the position moved past them, in one transaction that holds the lease. Whether a full
 * batch was read (more may follow); null when the lease is no longer this worker's.
 */
async function fanOut(db: PrismaClient, endpoint: LeasedEndpoint): Promise<boolean | null> {
  const from = { at: endpoint.feed_at.toISOString(), id: endpoint.feed_id };
  const events = await eventsAfter(
    db,
    endpoint.account_id,
    from,
    endpoint.event_types,
    FAN_OUT_BATCH,
  );
  const last = events.at(-1);
  const to = last ? positionOf(last) : from;
  const [moved] = await db.$queryRaw<{ id: number }[]>`
    WITH delivered AS (
      INSERT INTO webhook_deliveries (account_id, endpoint_id, event_id, event_type, event_at, body)
      SELECT ${endpoint.account_id}, ${endpoint.id}, e.id, e.type, e.at, e.body
      FROM ${jsonRows(
        events.map((e) => [positionOf(e).id, e.type, e.occurredAt.toISOString(), payload(e)]),
        "e",
        "id bigint, type text, at timestamptz, body text",
      )}
      ON CONFLICT (account_id, endpoint_id, event_id) DO NOTHING
    )
    UPDATE webhook_endpoints SET feed_at = ${to.at}::timestamptz, feed_id = ${to.id}::bigint
    WHERE account_id = ${endpoint.account_id} AND id = ${endpoint.id}
      AND lease_until = ${endpoint.lease_until.toISOString()}::timestamptz
    RETURNING id`;
  if (!moved) return null;
  endpoint.feed_at = new Date(to.at);
  endpoint.feed_id = to.id;
  return events.length === FAN_OUT_BATCH;
}

/** The body a receiver gets: the event as the feed shows it, with the feed cursor after it. */
export const payload = (e: Event): string =>
  JSON.stringify({
    id: e.id,
    type: e.type,
    occurred_at: e.occurredAt.toISOString(),
    cursor: e.cursor,
    data: e.data,
  });

/**
 * Records an attempt and what follows from it: "sent", the time the endpoint is next due (the
 * retry), or "stop" when the endpoint was disabled.
 */
async function record(
  db: PrismaClient,
  endpoint: LeasedEndpoint,
  head: Head,
  result: SendResult,
  options: WorkerOptions,
): Promise<"sent" | "stop" | Date> {
  const delivered =
    result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const now = Date.now();
  const firstFailed = head.first_failed_at?.getTime() ?? now;
  const gone = result.statusCode === 410;
  const givenUp = !delivered && (gone || now - firstFailed >= options.giveUpMs);
  const next = new Date(now + retryDelay(head.attempts + 1, options, result.retryAfterMs));
  const status = delivered ? "delivered" : givenUp ? "failed" : "pending";
  const { account_id: accountId, id: endpointId } = endpoint;
  await db.$transaction([
    db.$executeRaw`
      INSERT INTO webhook_attempts (account_id, delivery_id, status_code, error, duration_ms)
      VALUES (${accountId}, ${head.id}, ${result.statusCode}, ${result.error}, ${result.durationMs})`,
    db.$executeRaw`
      UPDATE webhook_deliveries SET attempts = attempts + 1,
        status = ${status}::webhook_delivery_status,
        delivered_at = CASE WHEN ${delivered} THEN now() END,
        first_failed_at = CASE WHEN ${delivered} THEN first_failed_at
          ELSE COALESCE(first_failed_at, now()) END,
        next_attempt_at = ${next.toISOString()}::timestamptz
      WHERE account_id = ${accountId} AND id = ${head.id}`,
    db.$executeRaw`
      UPDATE webhook_endpoints SET active = false, lease_until = NULL, updated_at = now(),
        disabled_reason = ${gone ? "gone" : "failing"}
      WHERE ${givenUp} AND account_id = ${accountId} AND id = ${endpointId}`,
  ]);
  if (givenUp) return "stop";
  return delivered ? "sent" : next;
}

/**
 * The wait before attempt `attempt + 1`: retryBaseMs doubled per attempt up to retryMaxMs, of
 * which a random half (full jitter on the upper half, so many endpoints failing together do not
 * retry together), and never sooner than the receiver's Retry-After.
 */
export function retryDelay(
  attempt: number,
  options: Pick<WorkerOptions, "retryBaseMs" | "retryMaxMs">,
  retryAfterMs: number | null,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** (attempt - 1));
  return Math.max(exponential / 2 + (random() * exponential) / 2, retryAfterMs ?? 0);
}
