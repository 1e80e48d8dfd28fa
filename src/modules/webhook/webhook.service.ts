// Webhook endpoints of an account: registered with the event types they want, signed with a
// secret shown once, rotated with the old secret still valid for a while. Deliveries are made
// by the worker (webhook.worker.ts); here they are listed and sent again on request.
import { Prisma, type Tx } from "../../db/client.js";
import { readDb, type ServiceContext } from "../../context.js";
import { decodeCursor, encodeCursor, pageSize, type Page } from "../../cursor.js";
import { idempotent, type Idempotent } from "../../db/idempotency.js";
import { WEBHOOK_LOCK_CLASS } from "../../db/locks.js";
import { inTransaction } from "../../db/transaction.js";
import { AppError, notFound, type FieldError } from "../../errors.js";
import { ledgerHorizon } from "../../ledger/ledger.js";
import { requireMoney } from "../../auth/principal.js";
import { checkText, optionalText } from "../../text.js";
import { EVENT_TYPES } from "../event/event.types.js";
import { MAX_WEBHOOK_SITES } from "../../limits.js";
import { requireSites } from "../site/site.service.js";
import { newSecret } from "./webhook.send.js";
import type {
  Webhook,
  WebhookAttempt,
  WebhookDelivery,
  WebhookInput,
  WebhookWithSecret,
} from "./webhook.types.js";
import { MAX_URL_LENGTH, urlRefusal, type UrlPolicy } from "./webhook.url.js";

/** Endpoints one account may have. */
export const MAX_WEBHOOKS = 20;
export const MAX_DESCRIPTION = 500;
/** How long the secret before a rotation keeps signing deliveries, by default and at most. */
export const ROTATION_OVERLAP_HOURS = { default: 24, max: 168 };
/**
 * Earlier secrets signing beside the current one at most (so a delivery carries at most 5
 * signatures): a rotation that would keep one more is refused rather than cut another's overlap.
 */
export const MAX_PREVIOUS_SECRETS = 4;

/** The URL rules of this deployment: production refuses http and internal addresses. */
export const urlPolicy = (): UrlPolicy => ({ production: process.env.NODE_ENV === "production" });

// An id from the URL (or the operation's own id field): no path into a body, as elsewhere.
const webhookNotFound = (id: number) => notFound("WEBHOOK_NOT_FOUND", id);

/** Registers an endpoint; its deliveries start with the events after this moment. */
export async function createWebhook(
  ctx: ServiceContext,
  input: WebhookInput,
  idempotencyKey?: string,
): Promise<Idempotent<WebhookWithSecret>> {
  const errors: FieldError[] = [];
  const url = checkUrl(input.url, errors);
  const eventTypes = checkEventTypes(input.eventTypes, errors);
  const siteIds = checkSiteIds(input.siteIds, errors);
  const description = optionalText(input.description, ["description"], MAX_DESCRIPTION, errors);
  const includeValues = input.includeValues ?? false;
  if (includeValues) requireMoney(ctx.principal, "a webhook with values (include_values)");
  const { accountId } = ctx.principal;
  const done = await inTransaction(ctx.db, (tx) =>
    idempotent(tx, accountId, idempotencyKey, {
      operation: "createWebhook",
      input: () => ({
        url,
        eventTypes,
        description,
        active: input.active ?? true,
        ...(siteIds?.length ? { siteIds } : {}),
        ...(includeValues ? { includeValues } : {}),
      }),
      inputErrors: errors,
      check: async () => {
        if (siteIds?.length) await requireSites(tx, ctx.principal, input.siteIds!, ["siteIds"]);
        // Counted under a lock on the account's endpoints, so two creates cannot both pass.
        await tx.$queryRaw`SELECT pg_advisory_xact_lock(${WEBHOOK_LOCK_CLASS}::int, ${accountId}::int)::text`;
        const count = await tx.webhookEndpoint.count({ where: { accountId } });
        return count < MAX_WEBHOOKS
          ? []
          : [
              {
                path: [],
                code: "TOO_MANY_WEBHOOKS",
                message: `an account has at most ${MAX_WEBHOOKS} webhooks: delete one first`,
              },
            ];
      },
      run: async () => {
        const row = await tx.webhookEndpoint.create({
          data: {
            accountId,
            url: url!,
            eventTypes: eventTypes!,
            siteIds: siteIds ?? [],
            description,
            active: input.active ?? true,
            includeValues,
            secret: newSecret(),
            // From the feed's end by the database's clock: a change committing after this
            // answer is delivered, whenever it was stamped.
            feedAt: await ledgerHorizon(tx, accountId),
          },
        });
        return { ...toWebhook(row), secret: row.secret };
      },
    }),
  );
  // An answer stored before webhooks took sites, or values (replayed within its key's 24 hours),
  // names none: it takes every site's events, without values.
  return {
    ...done,
    value: {
      ...done.value,
      siteIds: done.value.siteIds ?? null,
      includeValues: done.value.includeValues ?? false,
    },
  };
}

/** The account's endpoints, oldest first (at most MAX_WEBHOOKS). */
export async function listWebhooks(ctx: ServiceContext): Promise<Webhook[]> {
  const rows = await readDb(ctx).webhookEndpoint.findMany({
    where: { accountId: ctx.principal.accountId },
    orderBy: { id: "asc" },
  });
  return rows.map(toWebhook);
}

/** One endpoint of the account. */
export async function getWebhook(ctx: ServiceContext, id: number): Promise<Webhook> {
  const row = await readDb(ctx).webhookEndpoint.findUnique({
    where: { accountId_id: { accountId: ctx.principal.accountId, id } },
  });
  if (!row) throw webhookNotFound(id);
  return toWebhook(row);
}

/**
 * Changes what was sent; a field left out stays. Activating an endpoint the service disabled
 * clears the reason and resumes its deliveries where they stopped.
 */
export async function updateWebhook(
  ctx: ServiceContext,
  id: number,
  input: WebhookInput,
): Promise<Webhook> {
  const errors: FieldError[] = [];
  const url = input.url === undefined ? undefined : checkUrl(input.url, errors);
  const eventTypes =
    input.eventTypes === undefined ? undefined : checkEventTypes(input.eventTypes, errors);
  const siteIds = input.siteIds === undefined ? undefined : checkSiteIds(input.siteIds, errors);
  const description =
    input.description === undefined
      ? undefined
      : optionalText(input.description, ["description"], MAX_DESCRIPTION, errors);
  if (input.active === null) errors.push(invalid(["active"], "must be true or false"));
  if (input.includeValues === null) {
    errors.push(invalid(["includeValues"], "must be true or false"));
  }
  if (Object.values(input).every((v) => v === undefined)) {
    errors.push(
      invalid(
        [],
        "send at least one of url, event_types, site_ids, description, active, include_values",
      ),
    );
  }
  if (input.includeValues) requireMoney(ctx.principal, "a webhook with values (include_values)");
  if (errors.length > 0) throw AppError.fromFields(errors);
  const { accountId } = ctx.principal;
  return inTransaction(ctx.db, async (tx) => {
    const [before] = await tx.$queryRaw<{ url: string; disabled_reason: string | null }[]>`
      SELECT url, disabled_reason FROM webhook_endpoints
      WHERE account_id = ${accountId} AND id = ${id} FOR UPDATE`;
    if (!before) throw webhookNotFound(id);
    if (siteIds?.length) await requireSites(tx, ctx.principal, input.siteIds!, ["siteIds"]);
    // Due now, so a worker holding the endpoint picks the change up when it lets go.
    const row = await tx.webhookEndpoint.update({
      where: { accountId_id: { accountId, id } },
      data: {
        url,
        eventTypes,
        ...(siteIds !== undefined ? { siteIds: siteIds ?? [] } : {}),
        description,
        ...(input.active === false ? { active: false } : {}),
        ...(input.active === true ? { active: true, disabledReason: null } : {}),
        ...(typeof input.includeValues === "boolean" ? { includeValues: input.includeValues } : {}),
        dueAt: new Date(0),
        updatedAt: new Date(),
      },
    });
    // Pending deliveries of types it no longer takes are not sent (nor block the rest).
    if (eventTypes) {
      await tx.$executeRaw`
        DELETE FROM webhook_deliveries WHERE account_id = ${accountId} AND endpoint_id = ${id}
          AND status = 'pending' AND NOT (event_type = ANY(${eventTypes}::text[]))`;
    }
    // Pending deliveries of events at sites it no longer takes are not sent either.
    if (siteIds?.length) {
      await tx.$executeRaw`
        DELETE FROM webhook_deliveries WHERE account_id = ${accountId} AND endpoint_id = ${id}
          AND status = 'pending' AND NOT COALESCE(ARRAY[(body::jsonb #>> '{data,site_id}')::int,
            (body::jsonb #>> '{data,from_site_id}')::int, (body::jsonb #>> '{data,to_site_id}')::int]
            && ${siteIds}::int[], false)
          AND (body::jsonb #> '{data,site_id}' IS NOT NULL
            OR body::jsonb #> '{data,from_site_id}' IS NOT NULL)`;
    }
    // A new address is tried at once, not after the old one's backoff.
    if (url !== undefined && url !== before.url) {
      await tx.$executeRaw`
        UPDATE webhook_deliveries SET next_attempt_at = now()
        WHERE account_id = ${accountId} AND endpoint_id = ${id} AND status = 'pending'`;
    }
    // Resumed after the service disabled it: the delivery that disabled it is sent again first.
    if (input.active === true && before.disabled_reason !== null) {
      await tx.$executeRaw`
        UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now(),
          first_failed_at = NULL
        WHERE account_id = ${accountId} AND id = (
          SELECT id FROM webhook_deliveries WHERE account_id = ${accountId}
            AND endpoint_id = ${id} AND status = 'failed' ORDER BY id DESC LIMIT 1)`;
    }
    return toWebhook(row);
  });
}

/** Deletes an endpoint with its deliveries; a delivery under way may still arrive. */
export async function deleteWebhook(ctx: ServiceContext, id: number): Promise<void> {
  const { count } = await ctx.db.webhookEndpoint.deleteMany({
    where: { accountId: ctx.principal.accountId, id },
  });
  if (count === 0) throw webhookNotFound(id);
}

/**
 * A new secret; the one before keeps signing every delivery (a signature more) for
 * `overlapHours`, so receivers can switch over without a failed verification. Earlier secrets
 * keep signing until the end of the overlap each was given; with MAX_PREVIOUS_SECRETS of them
 * still signing, only a rotation without overlap is taken.
 */
export async function rotateWebhookSecret(
  ctx: ServiceContext,
  id: number,
  overlapHours?: number | null,
  idempotencyKey?: string,
): Promise<Idempotent<WebhookWithSecret>> {
  const hours = overlapHours ?? ROTATION_OVERLAP_HOURS.default;
  const errors: FieldError[] = [];
  if (!Number.isInteger(hours) || hours < 0 || hours > ROTATION_OVERLAP_HOURS.max) {
    errors.push(
      invalid(["overlapHours"], `must be an integer from 0 to ${ROTATION_OVERLAP_HOURS.max}`),
    );
  }
  const { accountId } = ctx.principal;
  // Under a key, a retried rotation answers the secret it made rather than rotating twice.
  return inTransaction(ctx.db, (tx) =>
    idempotent(tx, accountId, idempotencyKey, {
      operation: "rotateWebhookSecret",
      input: () => ({ id, overlapHours: hours }),
      inputErrors: errors,
      check: async () => {
        if (hours === 0) return [];
        // Counted under the endpoint's row lock, so two rotations cannot both pass.
        const [kept] = await tx.$queryRaw<{ count: number; next_end: Date | null }[]>`
          SELECT (SELECT count(*)::int FROM jsonb_array_elements(previous_secrets) AS s
              WHERE (s->>'expires_at')::timestamptz > now()) AS count,
            (SELECT min((s->>'expires_at')::timestamptz) FROM jsonb_array_elements(previous_secrets) AS s
              WHERE (s->>'expires_at')::timestamptz > now()) AS next_end
          FROM webhook_endpoints WHERE account_id = ${accountId} AND id = ${id} FOR UPDATE`;
        if (!kept || kept.count < MAX_PREVIOUS_SECRETS) return [];
        return [
          invalid(
            ["overlapHours"],
            `${MAX_PREVIOUS_SECRETS} earlier secrets still sign deliveries, the most kept: rotate with an overlap of 0 hours, or after ${kept.next_end!.toISOString()} when the first of them ends`,
          ),
        ];
      },
      run: async () => {
        const [row] = await tx.$queryRaw<{ id: number }[]>`
          UPDATE webhook_endpoints SET secret = ${newSecret()},
            previous_secrets = (
              SELECT COALESCE(jsonb_agg(s ORDER BY n), '[]')
              FROM jsonb_array_elements(previous_secrets) WITH ORDINALITY AS kept (s, n)
              WHERE (s->>'expires_at')::timestamptz > now()
            ) || jsonb_build_array(jsonb_build_object('secret', secret, 'expires_at',
              date_trunc('milliseconds', now() + make_interval(hours => ${hours})))),
            updated_at = now(), due_at = 'epoch'
          WHERE account_id = ${accountId} AND id = ${id} RETURNING id`;
        if (!row) throw webhookNotFound(id);
        const rotated = await tx.webhookEndpoint.findUniqueOrThrow({
          where: { accountId_id: { accountId, id } },
        });
        return { ...toWebhook(rotated), secret: rotated.secret };
      },
    }),
  );
}

const DELIVERY_CURSOR = "webhook-delivery";

/** Where the page after this delivery starts: a GraphQL edge's cursor, REST's next_cursor. */
const deliveryCursor = (id: number): string => encodeCursor(DELIVERY_CURSOR, [id]);

/** An endpoint's deliveries, newest first, each with its attempts. */
export async function listDeliveries(
  ctx: ServiceContext,
  webhookId: number,
  query: { limit?: number | null; cursor?: string | null; status?: string | null },
): Promise<Page<WebhookDelivery>> {
  const limit = pageSize(query.limit);
  const status = query.status ?? null;
  if (status !== null && !["pending", "delivered", "failed"].includes(status)) {
    throw AppError.fromFields([invalid(["status"], "must be pending, delivered or failed")]);
  }
  // Delivery ids are bigints: any safe integer (decodeIdCursor stops at int4).
  const before = query.cursor
    ? (decodeCursor(DELIVERY_CURSOR, query.cursor, ["number"])[0] as number)
    : null;
  const { accountId } = ctx.principal;
  await getWebhook(ctx, webhookId);
  // Deliveries and their attempts are read by two statements: in one snapshot, so a delivery is
  // never shown with an attempt the worker recorded after the delivery's row was read (its
  // attempts counted, its next attempt still the one before).
  const rows = await readDb(ctx).$transaction(
    (tx) =>
      tx.webhookDelivery.findMany({
        where: {
          accountId,
          endpointId: webhookId,
          ...(status ? { status: status as WebhookDelivery["status"] } : {}),
          ...(before !== null ? { id: { lt: before } } : {}),
        },
        orderBy: { id: "desc" },
        take: limit + 1,
        include: { tries: { orderBy: { id: "asc" } } },
      }),
    { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead },
  );
  const items = rows
    .slice(0, limit)
    .map((row) => ({ cursor: deliveryCursor(Number(row.id)), node: toDelivery(row) }));
  return { items, nextCursor: rows.length > limit ? (items.at(-1)?.cursor ?? null) : null };
}

/**
 * Sends a delivery again, whatever became of it: it is pending from now, and, being older than
 * the endpoint's other pending deliveries, the next one sent (once the endpoint is active).
 */
export async function redeliver(
  ctx: ServiceContext,
  webhookId: number,
  deliveryId: number,
): Promise<WebhookDelivery> {
  const { accountId } = ctx.principal;
  return inTransaction(ctx.db, async (tx) => {
    const [row] = await tx.$queryRaw<{ id: bigint }[]>`
      UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now(),
        first_failed_at = NULL, delivered_at = NULL
      WHERE account_id = ${accountId} AND endpoint_id = ${webhookId} AND id = ${deliveryId}
      RETURNING id`;
    if (!row) {
      await requireWebhook(tx, accountId, webhookId);
      throw notFound("WEBHOOK_DELIVERY_NOT_FOUND", deliveryId);
    }
    await tx.$executeRaw`UPDATE webhook_endpoints SET due_at = 'epoch'
      WHERE account_id = ${accountId} AND id = ${webhookId}`;
    const delivery = await tx.webhookDelivery.findUniqueOrThrow({
      where: { accountId_id: { accountId, id: BigInt(deliveryId) } },
      include: { tries: { orderBy: { id: "asc" } } },
    });
    return toDelivery(delivery);
  });
}

async function requireWebhook(tx: Tx, accountId: number, id: number): Promise<void> {
  const found = await tx.webhookEndpoint.findUnique({
    where: { accountId_id: { accountId, id } },
    select: { id: true },
  });
  if (!found) throw webhookNotFound(id);
}

const invalid = (path: (string | number)[], message: string): FieldError => ({
  path,
  code: "INVALID_PARAMETER",
  message,
});

function checkUrl(url: string | null | undefined, errors: FieldError[]): string | undefined {
  if (typeof url !== "string" || url.trim() === "") {
    errors.push({ path: ["url"], code: "INVALID_WEBHOOK_URL", message: "is required" });
    return undefined;
  }
  const before = errors.length;
  checkText(url, ["url"], MAX_URL_LENGTH, errors);
  if (errors.length > before) return undefined;
  const refusal = urlRefusal(url.trim(), urlPolicy());
  if (refusal) errors.push({ path: ["url"], code: "INVALID_WEBHOOK_URL", message: refusal });
  return url.trim();
}

function checkEventTypes(
  types: string[] | null | undefined,
  errors: FieldError[],
): string[] | undefined {
  if (!Array.isArray(types) || types.length === 0) {
    errors.push(invalid(["eventTypes"], `name at least one of ${EVENT_TYPES.join(", ")}`));
    return undefined;
  }
  types.forEach((t, i) => {
    if (!(EVENT_TYPES as readonly string[]).includes(t)) {
      errors.push(
        invalid(["eventTypes", i], `unknown event type; one of ${EVENT_TYPES.join(", ")}`),
      );
    }
  });
  return [...new Set(types)];
}

/**
 * The sites a webhook takes the events of: null (every site) when null, else 1 to
 * MAX_WEBHOOK_SITES ids, each once; undefined when refused. Whether the account has them is
 * checked with the rows (SITE_NOT_FOUND).
 */
function checkSiteIds(
  ids: number[] | null | undefined,
  errors: FieldError[],
): number[] | null | undefined {
  if (ids === null || ids === undefined) return null;
  if (ids.length === 0 || ids.length > MAX_WEBHOOK_SITES) {
    errors.push(
      invalid(
        ["siteIds"],
        `name 1 to ${MAX_WEBHOOK_SITES} sites, or null for the events of every site`,
      ),
    );
    return undefined;
  }
  return [...new Set(ids)];
}

interface EndpointRow {
  id: number;
  url: string;
  eventTypes: string[];
  siteIds: number[] | null;
  description: string | null;
  active: boolean;
  disabledReason: string | null;
  previousSecrets: unknown;
  includeValues: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const toWebhook = (r: EndpointRow): Webhook => ({
  id: r.id,
  url: r.url,
  eventTypes: r.eventTypes,
  siteIds: r.siteIds?.length ? r.siteIds : null,
  description: r.description,
  active: r.active,
  disabledReason: r.disabledReason,
  previousSecretExpiresAt: replacedSecretEnd(r.previousSecrets),
  includeValues: r.includeValues,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/**
 * When the secret the last rotation replaced stops signing (the list's last: a rotation appends
 * it, with no overlap already expired); null when it no longer does.
 */
function replacedSecretEnd(previousSecrets: unknown): Date | null {
  const last = (previousSecrets as { expires_at: string }[]).at(-1);
  const end = last ? new Date(last.expires_at) : null;
  return end && end > new Date() ? end : null;
}

interface DeliveryRow {
  id: bigint;
  eventId: bigint;
  eventType: string;
  status: WebhookDelivery["status"];
  nextAttemptAt: Date;
  deliveredAt: Date | null;
  createdAt: Date;
  tries: WebhookAttempt[];
}

const toDelivery = (r: DeliveryRow): WebhookDelivery => ({
  id: Number(r.id),
  eventId: `evt_${r.eventId}`,
  eventType: r.eventType,
  status: r.status,
  attempts: r.tries.map((a) => ({
    attemptedAt: a.attemptedAt,
    statusCode: a.statusCode,
    error: a.error,
    durationMs: a.durationMs,
  })),
  nextAttemptAt: r.status === "pending" ? r.nextAttemptAt : null,
  deliveredAt: r.deliveredAt,
  createdAt: r.createdAt,
});
