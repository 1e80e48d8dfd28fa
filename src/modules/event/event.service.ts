// The change feed: each account's events, oldest first, never one behind a cursor already
// answered. Events are written only with the changes they describe: the ledger's statement
// writes stock.changed, triggers the catalog's and stock takes' (migration change_events).
import { Prisma, type PrismaClient } from "../../db/client.js";
import type { ServiceContext } from "../../context.js";
import { decodeCursor, encodeCursor, pageSize } from "../../cursor.js";
import { AppError } from "../../errors.js";
import { sharedLedgerHorizon } from "../../ledger/horizon.js";
import { seesMoney } from "../../auth/principal.js";
import { eventForReader } from "./event.money.js";
import { EVENT_TYPES, type Event, type EventPage } from "./event.types.js";

const CURSOR = "event";

export interface FeedQuery {
  /** A next_cursor of an earlier page; from the start of the kept events without it. */
  after?: string | null;
  types?: string[] | null;
  limit?: number | null;
}

/**
 * The account's events after the cursor, oldest first. Events are stamped like movements, after
 * their rows are locked and under the account's ledger lock, so per entity they come in the
 * order the changes were applied; a page ends below the ledger's horizon (before every write of
 * the account still in flight), so no event can later appear behind the page's cursor.
 */
export async function eventFeed(ctx: ServiceContext, query: FeedQuery): Promise<EventPage> {
  const limit = pageSize(query.limit);
  const types = eventTypes(query.types);
  const { accountId } = ctx.principal;
  const [at, id] = query.after ? position(accountId, query.after) : [START, "0"];
  const { sites } = ctx.principal;
  const read = await eventsAfter(ctx.db, accountId, { at, id }, types, limit, undefined, sites);
  const { resume, more } = read;
  // The catalog's events carry an item as GET shows it, at the default site unless they name
  // one: a token limited to sites is shown the default site's on hand and location of none. A
  // change of stock's money is shown to the costs scope only.
  const money = seesMoney(ctx.principal);
  const events = read.events.map((e) => eventForReader(sites ? withoutDefaultSite(e) : e, money));
  return {
    data: events,
    // The last page still answers a cursor: where to resume from.
    nextCursor: encodeCursor(CURSOR, [accountId, resume.at, resume.id]),
    hasMore: more,
  };
}

/** A place in the feed: the stamp (ISO) and id of the last event read, or the start. */
export interface FeedPosition {
  at: string;
  id: string;
}

/**
 * Up to `limit` of the account's events after `from`, oldest first, of the given types (all for
 * null), and where to read on from: after the last one, or, when fewer than `limit` came, from
 * the horizon (every event below it has committed and was read), so a reader of a rare type
 * does not read the same run of other events again at every poll. With types, at most
 * SCAN_ROWS events are looked at: when they hold fewer than `limit` of those types, the answer
 * resumes after the last one looked at (`more`), so no request reads the whole feed.
 */
export async function eventsAfter(
  db: PrismaClient,
  accountId: number,
  from: FeedPosition,
  types: readonly string[] | null,
  limit: number,
  /** The account's ledger horizon, when the caller has just read it (ledgerHorizons). */
  knownHorizon?: Date,
  /** Only the events of these sites and those naming none, the catalog's (null: every site). */
  sites?: readonly number[] | null,
): Promise<{ events: Event[]; resume: FeedPosition; more: boolean }> {
  const { rows, horizon, scannedTo } = await readFeed(
    db,
    accountId,
    { ...from, types: types ? [...types] : null, sites: sites ? [...sites] : null, limit },
    knownHorizon,
  );
  const events = rows.map((row) => toEvent(accountId, row));
  const last = events.at(-1);
  if (events.length === limit) return { events, resume: positionOf(last!), more: true };
  if (scannedTo) return { events, resume: scannedTo, more: true };
  let resume = last ? positionOf(last) : from;
  const edge = { at: horizon.toISOString(), id: "0" };
  if (later(edge, resume)) resume = edge;
  return { events, resume, more: false };
}

/** Events one filtered read looks at, at most (the type is not in the feed's index). */
export const SCAN_ROWS = 10_000;

const later = (a: FeedPosition, b: FeedPosition) =>
  a.at > b.at || (a.at === b.at && BigInt(a.id) > BigInt(b.id));

/** The position of an event, to read on from after it. */
export const positionOf = (event: Event): FeedPosition => ({
  at: event.occurredAt.toISOString(),
  id: event.id.slice("evt_".length),
});

const START = "1970-01-01T00:00:00.000Z";

interface FeedRow {
  id: string;
  type: string;
  occurred_at: Date;
  data: Record<string, unknown>;
}

async function readFeed(
  db: PrismaClient,
  accountId: number,
  p: { at: string; id: string; types: string[] | null; sites: number[] | null; limit: number },
  knownHorizon?: Date,
): Promise<{ rows: FeedRow[]; horizon: Date; scannedTo: FeedPosition | null }> {
  // The horizon is read first, in a statement of its own: what commits before this one reads is
  // visible to it (READ COMMITTED), and nothing in flight can stamp below the horizon. It is sent
  // as an ISO instant: a bare Date goes out as UTC wall-clock time, which the server would read
  // in its own time zone.
  const horizon = knownHorizon ?? (await sharedLedgerHorizon(db, accountId));
  const window = Prisma.sql`SELECT e.id, e.type, e.occurred_at, e.data FROM events AS e
    WHERE e.account_id = ${accountId}
      AND (e.occurred_at, e.id) > (${p.at}::timestamptz, ${p.id}::bigint)
      -- Implied by the row comparison, but only a plain bound skips the months before it.
      AND e.occurred_at >= ${p.at}::timestamptz
      AND e.occurred_at < ${horizon.toISOString()}::timestamptz
    -- e.id, the bigint: a bare "id" would sort the text column of the same name.
    ORDER BY e.occurred_at, e.id`;
  if (!p.types && !p.sites) {
    const rows = await db.$queryRaw<FeedRow[]>`
      SELECT w.id::text AS id, w.type, w.occurred_at, w.data
      FROM (${window} LIMIT ${p.limit}) AS w ORDER BY w.occurred_at, w.id`;
    return { rows, horizon, scannedTo: null };
  }
  // A type filter reads a bounded window of the feed (the index orders by time, not type) and
  // says where the window ended when it was full, so the reader resumes after it.
  // (seq: the bigint id to sort by; the union's "id" is text.)
  const rows = await db.$queryRaw<(FeedRow & { edge: boolean; seq: bigint })[]>`
    WITH scanned AS MATERIALIZED (${window} LIMIT ${SCAN_ROWS})
    SELECT m.id::text AS id, m.id AS seq, m.type, m.occurred_at, m.data, false AS edge FROM (
      SELECT * FROM scanned
      WHERE ${p.types ? Prisma.sql`type = ANY(${p.types}::text[])` : Prisma.sql`true`}
        AND ${p.sites ? atSites(accountId, p.sites) : Prisma.sql`true`}
      ORDER BY occurred_at, id LIMIT ${p.limit}) AS m
    UNION ALL
    SELECT l.id::text, l.id, l.type, l.occurred_at, NULL, true FROM (
      SELECT id, type, occurred_at FROM scanned ORDER BY occurred_at DESC, id DESC LIMIT 1) AS l
    WHERE (SELECT count(*) FROM scanned) = ${SCAN_ROWS}
    ORDER BY edge, occurred_at, seq`;
  const end = rows.find((r) => r.edge);
  return {
    rows: rows
      .filter((r) => !r.edge)
      .map(({ id, type, occurred_at, data }) => ({ id, type, occurred_at, data })),
    horizon,
    scannedTo: end ? { at: end.occurred_at.toISOString(), id: end.id } : null,
  };
}

/**
 * An event of these sites, or of none (the catalog's), as eventSites says: a stock take's events
 * name its site, or (counted, accepted, written before) only its id, which finds it; a transfer's
 * name its two sites, either of which lets it in; a change of stock written before events named
 * their site names none, and is left out (it was the default site's).
 */
const atSites = (accountId: number, sites: number[]) => Prisma.sql`(COALESCE(
    (data->>'site_id')::int,
    CASE WHEN type LIKE 'stock_take.%' THEN (SELECT t.site_id FROM stock_takes AS t
      WHERE t.account_id = ${accountId} AND t.id = (data->>'id')::int) END
  ) = ANY(${sites}::int[])
  OR (type LIKE 'transfer.%' AND ((data->>'from_site_id')::int = ANY(${sites}::int[])
    OR (data->>'to_site_id')::int = ANY(${sites}::int[])))
  OR (data->>'site_id' IS NULL AND type NOT LIKE 'stock_take.%' AND type NOT LIKE 'transfer.%'
    AND type <> 'stock.changed'))`;

/**
 * An item's event without what it shows of the default site, its on hand and location (see
 * eventFeed); one naming its site (a location set there, which atSites let through) as it is.
 */
function withoutDefaultSite(event: Event): Event {
  if (!event.type.startsWith("sku.") && !event.type.startsWith("supplier_item.")) return event;
  const shown = event.data as Record<string, unknown>;
  if (shown.site_id !== undefined) return event;
  const { on_hand: _onHand, location: _location, ...data } = shown;
  return { ...event, data };
}

const cursorOf = (accountId: number, row: FeedRow) =>
  encodeCursor(CURSOR, [accountId, row.occurred_at.toISOString(), row.id]);

/** The event as the API shows it: `evt_` and its number, its time and the state after. */
function toEvent(accountId: number, row: FeedRow): Event {
  return {
    id: `evt_${row.id}`,
    type: row.type,
    occurredAt: row.occurred_at,
    data: row.data,
    cursor: cursorOf(accountId, row),
  };
}

const invalidAfter = () =>
  new AppError("INVALID_CURSOR", "cursor is not valid for this query", [
    { path: ["after"], code: "INVALID_CURSOR", message: "not a cursor returned by the feed" },
  ]);

const MAX_BIGINT = 2n ** 63n - 1n;

/**
 * The cursor's position: a stamp as the feed writes them (a real instant, shown as it would be
 * again) and an id that fits a bigint; anything else, or another account's cursor, is refused
 * before the database sees it.
 */
function position(accountId: number, cursor: string): [string, string] {
  let values: unknown[];
  try {
    values = decodeCursor(CURSOR, cursor, ["int4", "string", "string"]);
  } catch {
    throw invalidAfter();
  }
  const [account, at, id] = values as [number, string, string];
  const time = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(at) ? new Date(at) : null;
  const valid =
    account === accountId &&
    time !== null &&
    !Number.isNaN(time.getTime()) &&
    time.toISOString() === at &&
    at >= START &&
    /^\d{1,19}$/.test(id) &&
    BigInt(id) <= MAX_BIGINT;
  if (!valid) throw invalidAfter();
  return [at, id];
}

function eventTypes(types: string[] | null | undefined): string[] | null {
  if (!types || types.length === 0) return null;
  const unknown = types.filter((t) => !(EVENT_TYPES as readonly string[]).includes(t));
  if (unknown.length > 0) {
    throw new AppError("INVALID_PARAMETER", `unknown event type ${unknown[0]}`, [
      {
        path: ["types"],
        code: "INVALID_PARAMETER",
        message: `must be some of ${EVENT_TYPES.join(", ")}`,
      },
    ]);
  }
  return [...new Set(types)];
}
