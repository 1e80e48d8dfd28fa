// Unit costs (DESIGN §9): what one unit of an item costs, in the account's currency. A cost is
// catalog data, not stock: setting one writes no movement, and the ledger values each movement
// at the cost its item has when the movement is written. Every change of a cost is recorded
// (item_cost_changes: when, by whom, from, to) in the statement that makes it, here only.
// Costs are seen and set only by tokens with the costs scope.
import type { Tx } from "../../db/client.js";
import { readDb, type ServiceContext } from "../../context.js";
import { CURRENCY_LOCK_CLASS } from "../../db/locks.js";
import { intArray, jsonRows } from "../../db/sql.js";
import {
  decodeTimeCursor,
  encodeTimeCursor,
  pageSize,
  queryFingerprint,
  type Page,
} from "../../cursor.js";
import { AppError, notFound, type FieldError } from "../../errors.js";
import { requireMoney, type Actor, type Principal } from "../../auth/principal.js";
import { Decimal } from "../../quantity.js";
import { parseUnitCost } from "../../money.js";
import type { EntityType } from "../../generated/prisma/enums.js";
import { Prisma } from "../../db/client.js";
import { ITEMS } from "./location.js";

/** One item's new unit cost (null: none). */
export interface CostOf {
  id: number;
  cost: Decimal | null;
}

/** A recorded change of an item's unit cost. */
export interface CostChange {
  id: number;
  /** null: it had none. */
  costBefore: Decimal | null;
  /** null: it has none since. */
  costAfter: Decimal | null;
  changedAt: Date;
  actor: Actor;
}

/**
 * A cost as sent, checked (INVALID_COST into `errors`), and refused for a caller without the
 * costs scope (FORBIDDEN, at once: it says nothing about the item). undefined: not sent.
 */
export function checkUnitCost(
  principal: Principal,
  value: unknown,
  path: (string | number)[],
  errors: FieldError[],
): Decimal | null | undefined {
  if (value === undefined) return undefined;
  requireMoney(principal, "setting a unit cost");
  return parseUnitCost(value, path, errors);
}

/**
 * Holds the account's currency while money is written or judged (CURRENCY_LOCK_CLASS, shared, to
 * commit: a currency cannot change under it, and nothing else of the account waits):
 * CURRENCY_NOT_SET at `path` when it has none. The currency is read in a statement after the lock
 * is held, so it is the one a change that held the lock before committed.
 */
export async function requireCurrency(
  tx: Tx,
  accountId: number,
  path: (string | number)[] = ["unitCost"],
): Promise<void> {
  await tx.$queryRaw`
    SELECT pg_advisory_xact_lock_shared(${CURRENCY_LOCK_CLASS}::int, ${accountId}::int)::text`;
  const [row] = await tx.$queryRaw<{ currency: string | null }[]>`
    SELECT currency FROM accounts WHERE id = ${accountId}`;
  if (!row?.currency) {
    throw new AppError(
      "CURRENCY_NOT_SET",
      "set the account's currency (PATCH /api/v1/account, or updateAccount) before any unit cost",
      [{ path, code: "CURRENCY_NOT_SET", message: "the account has no currency" }],
    );
  }
}

/**
 * Sets items' unit costs and records each change, in one statement, in id order; a cost equal to
 * the item's writes nothing. The caller holds the items (their rows FOR UPDATE, or made in its
 * transaction) and the currency (requireCurrency). Answers the ids whose cost changed.
 */
export async function writeCosts(
  tx: Tx,
  accountId: number,
  actor: Actor,
  kind: EntityType,
  rows: readonly CostOf[],
): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const { table, column } = ITEMS[kind];
  const values = rows.map((r) => [r.id, r.cost === null ? null : r.cost.toFixed()]);
  const changed = await tx.$queryRaw<{ id: number }[]>`
    WITH v AS (SELECT * FROM ${jsonRows(values, "r", "id int, cost numeric")}),
    before AS MATERIALIZED (
      SELECT t.id, t.unit_cost FROM ${table} AS t
      WHERE t.account_id = ${accountId} AND t.id IN (SELECT id FROM v)
    ), set AS (
      UPDATE ${table} AS t SET unit_cost = v.cost FROM v
      WHERE t.account_id = ${accountId} AND t.id = v.id AND t.unit_cost IS DISTINCT FROM v.cost
      RETURNING t.id, t.unit_cost, t.updated_at
    )
    INSERT INTO item_cost_changes (account_id, entity_type, ${column}, cost_before, cost_after,
      changed_at, actor_name, actor_token_id)
    SELECT ${accountId}, ${kind}::entity_type, s.id, b.unit_cost, s.unit_cost, s.updated_at,
      ${actor.name}, ${actor.tokenId}::int
    FROM set AS s JOIN before AS b ON b.id = s.id ORDER BY s.id
    RETURNING ${column} AS id`;
  return new Set(changed.map((c) => c.id));
}

/** Sets one held item's cost, when one was sent: the currency held first. */
export async function setCost(
  tx: Tx,
  principal: Principal,
  kind: EntityType,
  id: number,
  cost: Decimal | null | undefined,
): Promise<void> {
  if (cost === undefined) return;
  await requireCurrency(tx, principal.accountId);
  await writeCosts(tx, principal.accountId, principal.actor, kind, [{ id, cost }]);
}

/** Items' unit costs by id (missing ids are absent): for answers shown to the costs scope. */
export async function readCosts(
  db: Tx | ServiceContext["db"],
  accountId: number,
  kind: EntityType,
  ids: readonly number[],
): Promise<Map<number, Decimal | null>> {
  if (ids.length === 0) return new Map();
  const { table } = ITEMS[kind];
  const rows = await db.$queryRaw<{ id: number; unit_cost: string | null }[]>`
    SELECT id, unit_cost::text AS unit_cost FROM ${table}
    WHERE account_id = ${accountId} AND id = ANY(${intArray([...ids])})`;
  return new Map(rows.map((r) => [r.id, r.unit_cost === null ? null : new Decimal(r.unit_cost)]));
}

const HISTORY_CURSOR = "cost_change";

/**
 * An item's cost changes, newest first (the costs scope's, checked by the transports):
 * SKU_NOT_FOUND / SUPPLIER_ITEM_NOT_FOUND for an item the account does not have.
 */
export async function listCostChanges(
  ctx: ServiceContext,
  kind: EntityType,
  id: number,
  query: { limit?: number | null; cursor?: string | null },
): Promise<Page<CostChange>> {
  const { accountId } = ctx.principal;
  const { table, column } = ITEMS[kind];
  const limit = pageSize(query.limit);
  // Newest first by (changed_at, id), the order its index keeps: a page reads its rows, sorts none.
  // A cursor names its item's history: another item's (or account's) is INVALID_CURSOR.
  const fingerprint = queryFingerprint([accountId, kind, id]);
  const before = query.cursor ? decodeTimeCursor(HISTORY_CURSOR, query.cursor, fingerprint) : null;
  const db = readDb(ctx);
  const rows = await db.$queryRaw<
    {
      known: boolean;
      id: bigint | null;
      cost_before: string | null;
      cost_after: string | null;
      changed_at: Date | null;
      actor_name: string | null;
      actor_token_id: number | null;
    }[]
  >`
    SELECT true AS known, c.id, c.cost_before::text AS cost_before,
      c.cost_after::text AS cost_after, c.changed_at, c.actor_name, c.actor_token_id
    FROM ${table} AS t LEFT JOIN LATERAL (
      SELECT * FROM item_cost_changes AS c
      WHERE c.account_id = ${accountId} AND c.${column} = t.id
        ${
          before === null
            ? Prisma.empty
            : Prisma.sql`AND (c.changed_at, c.id) < (${before.at}::timestamptz, ${before.id})`
        }
      ORDER BY c.changed_at DESC, c.id DESC LIMIT ${limit + 1}
    ) AS c ON true
    WHERE t.account_id = ${accountId} AND t.id = ${id}`;
  if (rows.length === 0) {
    throw notFound(kind === "sku" ? "SKU_NOT_FOUND" : "SUPPLIER_ITEM_NOT_FOUND", id);
  }
  const found = rows.filter((r) => r.id !== null);
  const decimal = (text: string | null) => (text === null ? null : new Decimal(text));
  const items = found.slice(0, limit).map((r) => ({
    cursor: encodeTimeCursor(
      HISTORY_CURSOR,
      { at: r.changed_at as Date, id: Number(r.id) },
      fingerprint,
    ),
    node: {
      id: Number(r.id),
      costBefore: decimal(r.cost_before),
      costAfter: decimal(r.cost_after),
      changedAt: r.changed_at as Date,
      actor: { name: r.actor_name as string, tokenId: r.actor_token_id },
    },
  }));
  return { items, nextCursor: found.length > limit ? (items.at(-1)?.cursor ?? null) : null };
}
