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
import { isServiceUnavailable } from "../../db/unavailable.js";
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

interface Lease {
  account_id: number;
  id: number;
  lease_until: Date;
}

/** The endpoint as it is now (it may be edited while leased), with its oldest pending delivery. */
interface Current {
  url: string;
  event_types: string[];
  secrets: string[];
  feed_at: Date;
  feed_id: string;
  head_id: bigint | null;
  event_id: bigint | null;
  body: string | null;
  attempts: number | null;
  next_attempt_at: Date | null;
  first_failed_at: Date | null;
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
  const stranded: Lease[] = [];
  const loop = async () => {
    if (stopped) return;
    let busy = false;
    try {
      busy = (await workOnce(db, options, log, stranded)) > 0;
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

/**
 * One round: leases the endpoints due now (and any whose lease ran out: a worker died) and serves
 * each; how many it leased. While leased an endpoint is due only in the year 9999, so an edit,
 * rotation or redelivery meanwhile (which sets it due at once) is not lost when the lease is
 * returned (the earlier of the two times is kept).
 */
export async function workOnce(
  db: PrismaClient,
  options: WorkerOptions,
  log: Log = { warn: () => {} },
  stranded: Lease[] = [],
): Promise<number> {
  // Leases an earlier round could not return (the database went away under it) first: else
  // their endpoints would wait for the lease to run out (a minute by default) after an outage.
  while (stranded.length > 0) {
    await returnLease(db, stranded[0]!, new Date());
    stranded.shift();
  }
  const leaseMs = options.timeoutMs * 3 + 30_000;
  const leases = await db.$queryRaw<Lease[]>`
    UPDATE webhook_endpoints AS w SET due_at = '9999-12-31T00:00:00Z',
      lease_until = date_trunc('milliseconds', clock_timestamp()) + make_interval(secs => ${leaseMs / 1000})
    FROM (
      SELECT account_id, id FROM webhook_endpoints
      WHERE active AND ((lease_until IS NULL AND due_at <= now()) OR lease_until < now())
      ORDER BY due_at LIMIT ${options.concurrency} FOR UPDATE SKIP LOCKED
    ) AS due
    WHERE w.account_id = due.account_id AND w.id = due.id
    RETURNING w.account_id, w.id, w.lease_until`;
  const served = await Promise.allSettled(
    leases.map((lease) => serveEndpoint(db, lease, options, leaseMs)),
  );
  served.forEach((r, i) => {
    if (r.status === "fulfilled") return;
    log.warn({ err: r.reason }, "webhook worker: an endpoint failed");
    // The database went away under it: give the lease back as soon as it returns. Any other
    // failure keeps its lease until it runs out, so a fault is not retried round after round.
    if (isServiceUnavailable(r.reason)) stranded.push(leases[i]!);
  });
  return leases.length;
}

/**
 * Serves one leased endpoint for up to half its lease: its oldest pending delivery is sent, and
 * the next, until one fails or must wait; with none pending, new events become deliveries. The
 * endpoint is read afresh before each step (it may be edited meanwhile), and the lease is
 * returned with the time it is next due.
 */
async function serveEndpoint(
  db: PrismaClient,
  lease: Lease,
  options: WorkerOptions,
  leaseMs: number,
): Promise<void> {
  const until = Date.now() + leaseMs / 2;
  const mine = lease.lease_until.toISOString();
  let due = new Date(Date.now() + options.pollMs);
  for (;;) {
    const [now] = await db.$queryRaw<Current[]>`
      SELECT w.url, w.event_types, w.feed_at, w.feed_id::text,
        array_remove(ARRAY[w.secret, CASE WHEN w.previous_secret_expires_at > now()
          THEN w.previous_secret END], NULL) AS secrets,
        h.id AS head_id, h.event_id, h.body, h.attempts, h.next_attempt_at, h.first_failed_at
      FROM webhook_endpoints AS w LEFT JOIN LATERAL (
        SELECT id, event_id, body, attempts, next_attempt_at, first_failed_at
        FROM webhook_deliveries AS d
        WHERE d.account_id = w.account_id AND d.endpoint_id = w.id AND d.status = 'pending'
        ORDER BY d.event_at, d.event_id LIMIT 1
      ) AS h ON true
      WHERE w.account_id = ${lease.account_id} AND w.id = ${lease.id} AND w.active
        AND w.lease_until = ${mine}::timestamptz`;
    if (!now) break; // paused, deleted or (a stall past the lease) taken over: let go
    if (now.head_id === null) {
      const more = await fanOut(db, lease, now);
      if (more === null) return;
      if (more > 0 && Date.now() < until) continue;
      break;
    }
    const head = now as Current & Head;
    if (head.next_attempt_at.getTime() > Date.now()) {
      due = head.next_attempt_at;
      break;
    }
    const result = await send({
      url: now.url,
      messageId: `evt_${head.event_id}`,
      body: head.body,
      secrets: now.secrets,
      timeoutMs: options.timeoutMs,
      policy: options.policy,
    });
    const next = await record(db, lease, { ...head, id: head.head_id! }, result, options);
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
  await returnLease(db, lease, due);
}

/** Gives the lease back (if it is still this worker's), the endpoint due again at `due` or sooner. */
async function returnLease(db: PrismaClient, lease: Lease, due: Date): Promise<void> {
  await db.$executeRaw`
    UPDATE webhook_endpoints SET lease_until = NULL,
      due_at = LEAST(due_at, ${due.toISOString()}::timestamptz)
    WHERE account_id = ${lease.account_id} AND id = ${lease.id}
      AND lease_until = ${lease.lease_until.toISOString()}::timestamptz`;
}

/**
 * The endpoint's new events, after its feed position and of its types (as they are now), as
 * pending deliveries, and the position moved past them, in one statement that holds the lease.
 * How many it added; null when the lease is no longer this worker's.
 */
async function fanOut(db: PrismaClient, lease: Lease, endpoint: Current): Promise<number | null> {
  const from = { at: endpoint.feed_at.toISOString(), id: endpoint.feed_id };
  const { events, resume } = await eventsAfter(
    db,
    lease.account_id,
    from,
    endpoint.event_types,
    FAN_OUT_BATCH,
  );
  const [moved] = await db.$queryRaw<{ id: number }[]>`
    WITH delivered AS (
      INSERT INTO webhook_deliveries (account_id, endpoint_id, event_id, event_type, event_at, body)
      SELECT ${lease.account_id}, ${lease.id}, e.id, e.type, e.at, e.body
      FROM ${jsonRows(
        events.map((e) => [positionOf(e).id, e.type, e.occurredAt.toISOString(), payload(e)]),
        "e",
        "id bigint, type text, at timestamptz, body text",
      )}
      ON CONFLICT (account_id, endpoint_id, event_id) DO NOTHING
    )
    UPDATE webhook_endpoints SET feed_at = ${resume.at}::timestamptz, feed_id = ${resume.id}::bigint
    WHERE account_id = ${lease.account_id} AND id = ${lease.id}
      AND lease_until = ${lease.lease_until.toISOString()}::timestamptz
    RETURNING id`;
  return moved ? events.length : null;
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
 * retry), or "stop" when the endpoint was disabled. The delivery is updated only if it is as it
 * was read (a redelivery asked for during the send makes it pending again, and it is sent again).
 */
async function record(
  db: PrismaClient,
  lease: Lease,
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
  // A Retry-After beyond the give-up period is no reason to park the endpoint longer.
  const asked =
    result.retryAfterMs !== null && Number.isFinite(result.retryAfterMs)
      ? Math.min(result.retryAfterMs, options.giveUpMs)
      : null;
  const next = new Date(now + retryDelay(head.attempts + 1, options, asked));
  const status = delivered ? "delivered" : givenUp ? "failed" : "pending";
  const { account_id: accountId, id: endpointId } = lease;
  await db.$transaction([
    db.$executeRaw`
      INSERT INTO webhook_attempts (account_id, delivery_id, status_code, error, duration_ms)
      SELECT ${accountId}, id, ${result.statusCode}, ${result.error}, ${result.durationMs}
      FROM webhook_deliveries WHERE account_id = ${accountId} AND id = ${head.id}`,
    db.$executeRaw`
      UPDATE webhook_deliveries SET attempts = attempts + 1,
        status = ${status}::webhook_delivery_status,
        delivered_at = CASE WHEN ${delivered} THEN now() END,
        first_failed_at = CASE WHEN ${delivered} THEN first_failed_at
          ELSE COALESCE(first_failed_at, now()) END,
        next_attempt_at = ${next.toISOString()}::timestamptz
      WHERE account_id = ${accountId} AND id = ${head.id} AND status = 'pending'
        AND next_attempt_at = ${head.next_attempt_at.toISOString()}::timestamptz`,
    db.$executeRaw`
      UPDATE webhook_endpoints SET active = false, lease_until = NULL, updated_at = now(),
        due_at = now(), disabled_reason = ${gone ? "gone" : "failing"}
      WHERE ${givenUp} AND account_id = ${accountId} AND id = ${endpointId}
        AND lease_until = ${lease.lease_until.toISOString()}::timestamptz`,
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
