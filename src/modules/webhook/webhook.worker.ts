// The delivery worker, run by `countpoint serve` (or alone by `countpoint worker`). Each endpoint
// is served by one worker at a time, whatever the number of replicas: a worker leases the
// endpoint (FOR UPDATE SKIP LOCKED, then a lease time, so no connection is held across a
// request to the receiver). Under the lease it follows the change feed from the endpoint's own
// position, which never skips an event, turning new events into deliveries, and sends the
// endpoint's deliveries one at a time in feed order: a delivery that fails is retried with
// exponential backoff and jitter (or after the receiver's Retry-After) and the ones after it
// wait, so a receiver sees the events in feed order. 410 disables the endpoint at once; a
// delivery still failing after the give-up period disables it too.
//
// Fairness: a process has `concurrency` delivery slots, refilled as each lease ends (no round
// waits for its slowest endpoint). Due endpoints are ranked within their account, plus the slots
// their account holds, and leased lowest first (round-robin across accounts), an account holding
// at most `accountConcurrency` slots of the process; the last free slot is kept for an account
// holding none; a lease serves its endpoint for one turn (`turnMs`, plus the delivery under way)
// before it goes back in line. So one account's slow or dead receivers hold only its own slots,
// and several such accounts together never all of them. The caps are per process: with several
// workers an account may hold `accountConcurrency` slots in each.
import type { Config } from "../../config.js";
import type { PrismaClient } from "../../db/client.js";
import { jsonRows } from "../../db/sql.js";
import { isServiceUnavailable } from "../../db/unavailable.js";
import { eventForReader } from "../event/event.money.js";
import { eventsAfter, positionOf } from "../event/event.service.js";
import { eventSites, type Event } from "../event/event.types.js";
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
  /** Endpoints one process serves at once: its delivery slots. */
  concurrency: number;
  /** Slots of one process one account's endpoints may hold at once. */
  accountConcurrency: number;
  /** How long a lease serves its endpoint (the delivery under way finishes) before it goes back in line. */
  turnMs: number;
  policy: UrlPolicy;
}

export const DEFAULT_WORKER_OPTIONS: Omit<WorkerOptions, "policy"> = {
  pollMs: 1_000,
  timeoutMs: 10_000,
  retryBaseMs: 30_000,
  retryMaxMs: 6 * 3_600_000,
  giveUpMs: 3 * 86_400_000,
  concurrency: 8,
  accountConcurrency: 2,
  turnMs: 10_000,
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
  site_ids: number[];
  include_values: boolean;
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
  concurrency: config.webhookConcurrency,
  accountConcurrency: config.webhookAccountConcurrency,
  policy: { production: config.env === "production" },
});

/** How long a worker holds an endpoint unless it returns it: past it, another worker may take it. */
const leaseMsOf = (options: WorkerOptions) => options.timeoutMs * 3 + 30_000;

/**
 * Starts the worker; `stop` lets the endpoints in hand finish their current delivery and
 * returns their leases.
 */
export function startWebhookWorker(db: PrismaClient, options: WorkerOptions, log: Log) {
  const leaseMs = leaseMsOf(options);
  const state = { stopped: false };
  const serving = new Set<Promise<void>>();
  /** Slots each account holds in this process. */
  const held = new Map<number, number>();
  const stranded: Lease[] = [];
  let timer: NodeJS.Timeout | undefined;
  let filling: Promise<void> | null = null;
  let again = false;

  const hold = (accountId: number, by: number) => {
    const n = (held.get(accountId) ?? 0) + by;
    if (n > 0) held.set(accountId, n);
    else held.delete(accountId);
  };

  const serve = (lease: Lease) => {
    hold(lease.account_id, 1);
    const run: Promise<void> = serveEndpoint(db, lease, options, leaseMs, state)
      .catch((err: unknown) => {
        log.warn({ err }, "webhook worker: an endpoint failed");
        // The database went away under it: give the lease back as soon as it returns. Any other
        // failure keeps its lease until it runs out, so a fault is not retried at once.
        if (isServiceUnavailable(err)) stranded.push(lease);
      })
      .finally(() => {
        hold(lease.account_id, -1);
        serving.delete(run);
        wake(); // a slot is free: refill it now, not at the next poll
      });
    serving.add(run);
  };

  /** Fills the free slots; whether every one was filled (more may be due at once). */
  const fill = async (): Promise<boolean> => {
    try {
      // Leases a lease could not return (the database went away under it) first: else their
      // endpoints would wait for the lease to run out (a minute by default) after an outage.
      while (stranded.length > 0) {
        await returnLease(db, stranded[0]!, new Date());
        stranded.shift();
      }
      const free = options.concurrency - serving.size;
      if (free <= 0) return false;
      const leases = await leaseDue(db, options, leaseMs, free, held);
      leases.forEach(serve);
      return leases.length === free;
    } catch (err) {
      log.warn({ err }, "webhook worker: leasing failed; trying again");
      return false;
    }
  };

  const wake = () => {
    if (state.stopped) return;
    if (filling) {
      again = true;
      return;
    }
    clearTimeout(timer);
    filling = (async () => {
      let more: boolean;
      do {
        again = false;
        more = await fill();
      } while (!state.stopped && (again || more));
    })().finally(() => {
      filling = null;
      if (!state.stopped) timer = setTimeout(wake, options.pollMs);
    });
  };

  wake();
  return {
    async stop() {
      state.stopped = true;
      clearTimeout(timer);
      await filling;
      while (serving.size > 0) await Promise.all([...serving]);
    },
  };
}

/**
 * Leases up to `free` endpoints due now (or whose lease ran out: a worker died), round-robin
 * across accounts: each candidate's turn is its rank by due time within its account plus the
 * slots its account holds here (`held`), so an account holding none goes before one holding some;
 * none past its account's cap; and the last free slot goes only to an account holding none
 * (turn 1), so however many accounts keep slow receivers busy, an account with none waits for no
 * slot to come free. While leased an endpoint is due only in the year 9999, so an edit, rotation
 * or redelivery meanwhile (which sets it due at once) is not lost when the lease is returned (the
 * earlier of the two is kept).
 */
async function leaseDue(
  db: PrismaClient,
  options: WorkerOptions,
  leaseMs: number,
  free: number,
  held: ReadonlyMap<number, number>,
): Promise<Lease[]> {
  const accounts = [...held.keys()];
  const counts = accounts.map((a) => held.get(a)!);
  return db.$queryRaw<Lease[]>`
    WITH due AS (
      -- A lease that ran out is due since it ran out (its due_at says 9999 while leased).
      SELECT d.account_id, d.id, LEAST(d.due_at, d.lease_until) AS due_at,
        row_number() OVER (PARTITION BY d.account_id ORDER BY LEAST(d.due_at, d.lease_until), d.id)
          + COALESCE(max(busy.slots) OVER (PARTITION BY d.account_id), 0) AS turn
      FROM webhook_endpoints AS d
      LEFT JOIN unnest(${accounts}::int[], ${counts}::int[]) AS busy(account_id, slots)
        ON busy.account_id = d.account_id
      WHERE d.active AND ((d.lease_until IS NULL AND d.due_at <= now()) OR d.lease_until < now())
    ), first AS (
      SELECT w.account_id, w.id, due.turn, due.due_at FROM webhook_endpoints AS w
      JOIN due ON due.account_id = w.account_id AND due.id = w.id
      WHERE due.turn = 1
        AND w.active AND ((w.lease_until IS NULL AND w.due_at <= now()) OR w.lease_until < now())
      ORDER BY due.due_at LIMIT ${free}
      FOR UPDATE OF w SKIP LOCKED
    ), more AS (
      SELECT w.account_id, w.id, due.turn, due.due_at FROM webhook_endpoints AS w
      JOIN due ON due.account_id = w.account_id AND due.id = w.id
      WHERE due.turn > 1 AND due.turn <= ${options.accountConcurrency}
        AND w.active AND ((w.lease_until IS NULL AND w.due_at <= now()) OR w.lease_until < now())
      ORDER BY due.turn, due.due_at LIMIT ${Math.max(0, free - 1)}
      FOR UPDATE OF w SKIP LOCKED
    ), picked AS (
      SELECT account_id, id FROM (
        SELECT account_id, id, turn, row_number() OVER (ORDER BY turn, due_at) AS place
        FROM (SELECT * FROM first UNION ALL SELECT * FROM more) AS candidates
      ) AS placed
      WHERE place <= ${free} AND (turn = 1 OR place < ${free})
    )
    UPDATE webhook_endpoints AS w SET due_at = '9999-12-31T00:00:00Z',
      lease_until = date_trunc('milliseconds', clock_timestamp()) + make_interval(secs => ${leaseMs / 1000})
    FROM picked
    WHERE w.account_id = picked.account_id AND w.id = picked.id
    RETURNING w.account_id, w.id, w.lease_until`;
}

/**
 * Serves one leased endpoint for one turn (at most half its lease, and not past a stop): its
 * oldest pending delivery is sent, and the next, until one fails or must wait; with none
 * pending, new events become deliveries. The endpoint is read afresh before each step (it may be
 * edited meanwhile), and the lease is returned with the time it is next due.
 */
async function serveEndpoint(
  db: PrismaClient,
  lease: Lease,
  options: WorkerOptions,
  leaseMs: number,
  state: { stopped: boolean },
): Promise<void> {
  const until = Date.now() + Math.min(options.turnMs, leaseMs / 2);
  const mine = lease.lease_until.toISOString();
  let due = new Date(Date.now() + options.pollMs);
  for (;;) {
    const [now] = await db.$queryRaw<Current[]>`
      SELECT w.url, w.event_types, COALESCE(w.site_ids, '{}') AS site_ids, w.include_values,
        w.feed_at, w.feed_id::text,
        ARRAY[w.secret] || ARRAY(SELECT s->>'secret' FROM jsonb_array_elements(w.previous_secrets) AS s
          WHERE (s->>'expires_at')::timestamptz > now()) AS secrets,
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
      if (more > 0 && Date.now() < until && !state.stopped) continue;
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
    if (Date.now() >= until || state.stopped) {
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
 * The endpoint's new events, after its feed position and of its types and sites (as they are
 * now), as pending deliveries, and the position moved past them, in one statement that holds the
 * lease. How many events it read; null when the lease is no longer this worker's.
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
        events
          .filter((e) => atSites(e, endpoint.site_ids))
          .map((e) => [
            positionOf(e).id,
            e.type,
            e.occurredAt.toISOString(),
            // Its money only to an endpoint that asked for it, as the event is when fanned out.
            payload(eventForReader(e, endpoint.include_values)),
          ]),
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

/** Whether an endpoint taking the events of `siteIds` (none: every site) takes this one. */
const atSites = (e: Event, siteIds: number[]): boolean => {
  const sites = eventSites(e.data);
  return siteIds.length === 0 || sites === null || sites.some((s) => siteIds.includes(s));
};

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
