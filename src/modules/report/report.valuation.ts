// The valuation: what the stock was worth, per site and account-wide, now or as of any instant in
// the ledger's history: each item's stock then (from the ledger) times its unit cost then (from
// the cost history), rounded per item to the currency's minor units and added up. For the costs
// scope only. Reads only.
import { requireMoney } from "../../auth/principal.js";
import { readDb, type ServiceContext } from "../../context.js";
import { FILTER_DATE_RULE, parseFilterDate } from "../../dates.js";
import { AppError } from "../../errors.js";
import { invalidFilter, withoutNulls } from "../../filters.js";
import { inTransaction } from "../../db/transaction.js";
import type { EntityType } from "../../generated/prisma/enums.js";
import { sharedLedgerHorizon } from "../../ledger/horizon.js";
import type { Walk } from "../../operations.js";
import { checkSiteAllowed, siteNotFound } from "../site/site.access.js";
import { Decimal } from "../../quantity.js";
import type { WalkedReport } from "./report.service.js";
import {
  sitesHolding,
  snapshotsAround,
  valuationTotals,
  valuationWalk,
  valuedItems,
  VALUATION_SETTINGS,
  type ValuationBase,
  type ValuationKey,
  type ValuationRow,
  type ValuationScope,
} from "./report.valuation.sql.js";

export interface ValuationQuery {
  /** A date (its end, in the account's time zone) or an RFC 3339 timestamp; absent: now. */
  asOf?: string | null;
  siteId?: number | null;
}

/** What stock held somewhere (a site, or every site read) was worth. */
export interface Valuation {
  /** Items with stock there (an item at two sites counts twice account-wide). */
  items: number;
  units: Decimal;
  /** Exact decimal text with the currency's minor digits: each item's value rounded, added up. */
  value: string;
  /** Items with stock but no unit cost then (in `items` and `units`, not in `value`). */
  unvaluedItems: number;
}

export interface ValuationReport {
  /** The instant valued: the stock is what the movements before it add up to. */
  asOf: Date;
  currency: string;
  siteId: number | null;
  overall: Valuation;
  /** The sites holding stock then, by code. */
  sites: (Valuation & { siteId: number; code: string; name: string })[];
}

/** One item's line of the valuation's CSV. */
export interface ValuedItem {
  siteCode: string;
  type: EntityType;
  code: string;
  name: string;
  onHand: string;
  unitCost: string | null;
  value: string | null;
}

/** Every site's valuation added up (exactly: decimals), the value with the currency's digits. */
function overallOf(sites: Valuation[], digits: number): Valuation {
  return {
    items: sites.reduce((n, s) => n + s.items, 0),
    units: sites.reduce((n, s) => n.plus(s.units), new Decimal(0)),
    value: sites.reduce((n, s) => n.plus(s.value), new Decimal(0)).toFixed(digits),
    unvaluedItems: sites.reduce((n, s) => n + s.unvaluedItems, 0),
  };
}

/** Items of a site read per statement of the CSV. */
const EXPORT_PAGE = 5_000;

/**
 * The valuation per site and account-wide (or at one site), now or as of a date: FORBIDDEN
 * without the costs scope, then the query checked, before anything is read.
 */
export async function prepareValuation(
  ctx: ServiceContext,
  query: ValuationQuery,
): Promise<WalkedReport<Promise<ValuationReport>>> {
  const { scope, asOf, currency, siteId, walk } = await prepare(ctx, query, false);
  return {
    walk,
    read: async () => {
      const db = readDb(ctx);
      const [rows, sites] = await Promise.all([
        inTransaction(db, async (tx) => {
          await tx.$queryRawUnsafe(VALUATION_SETTINGS);
          return valuationTotals(tx, scope);
        }),
        siteNames(ctx, scope.sites),
      ]);
      const of = (r: ValuationRow): Valuation => ({
        items: r.items,
        units: new Decimal(r.units),
        value: r.value,
        unvaluedItems: r.unvalued_items,
      });
      const bySite = new Map(rows.map((r) => [r.site_id, of(r)]));
      const held = sites.flatMap((site) => {
        const valuation = bySite.get(site.id);
        return valuation
          ? [{ siteId: site.id, code: site.code, name: site.name, ...valuation }]
          : [];
      });
      return { asOf, currency, siteId, overall: overallOf(held, scope.digits), sites: held };
    },
  };
}

/**
 * The valuation item by item (the CSV export): every item with stock at each site read, sites by
 * code, items by type and id, `pageSize` at a time; without a date, as of the ledger's horizon
 * (every page then sees the same instant).
 */
export async function prepareValuationExport(
  ctx: ServiceContext,
  query: ValuationQuery,
  pageSize = EXPORT_PAGE,
): Promise<WalkedReport<AsyncGenerator<ValuedItem[]>> & { asOf: Date }> {
  const { scope, asOf, walk } = await prepare(ctx, query, true);
  async function* items(): AsyncGenerator<ValuedItem[]> {
    const db = readDb(ctx);
    for (const site of await sitesHolding(db, scope)) {
      let after: ValuationKey | undefined;
      for (;;) {
        const rows = await valuedItems(db, scope, {
          siteId: site.id,
          after,
          limit: pageSize,
        });
        if (rows.length)
          yield rows.map((r) => ({
            siteCode: site.code,
            type: r.entity_type,
            code: r.code,
            name: r.name,
            onHand: r.qty,
            unitCost: r.unit_cost,
            value: r.value,
          }));
        const last = rows.at(-1);
        if (!last || rows.length < pageSize) break;
        after = { siteId: site.id, type: last.entity_type, id: last.item_id };
      }
    }
  }
  return { walk, asOf, read: items };
}

/** The checks, in order (money, the date's form, the site's access, then what needs a read). */
async function prepare(ctx: ServiceContext, query: ValuationQuery, pinned: boolean) {
  requireMoney(ctx.principal, "a valuation");
  const { accountId, timezone } = ctx.principal;
  const q = withoutNulls(query);
  const now = new Date();
  const until = q.asOf === undefined ? null : parseAsOf(q.asOf, timezone, now);
  checkSiteAllowed(ctx.principal, q.siteId, ["siteId"]);
  const db = readDb(ctx);
  const [account, site] = await Promise.all([
    db.account.findUniqueOrThrow({
      where: { id: accountId },
      select: { currency: true, currencyMinorUnits: true, createdAt: true },
    }),
    q.siteId === undefined
      ? undefined
      : db.site.findUnique({ where: { accountId_id: { accountId, id: q.siteId } } }),
  ]);
  if (site === null) throw siteNotFound(q.siteId!, ["siteId"]);
  if (!account.currency || account.currencyMinorUnits === null) {
    throw new AppError(
      "CURRENCY_NOT_SET",
      "set the account's currency (PATCH /api/v1/account, or updateAccount) before a valuation",
      [{ path: ["asOf"], code: "CURRENCY_NOT_SET", message: "the account has no currency" }],
    );
  }
  if (until && until <= account.createdAt) {
    throw invalidFilter(
      "INVALID_DATE_RANGE",
      "asOf",
      `asOf is before the account was created (${account.createdAt.toISOString()})`,
    );
  }
  // Without a date, a CSV is read in pages: all of them as of the ledger's horizon.
  const at = until ?? (pinned ? await sharedLedgerHorizon(ctx.db, accountId) : null);
  const sites = q.siteId !== undefined ? [q.siteId] : (ctx.principal.sites ?? null);
  const scope: ValuationScope = {
    accountId,
    sites,
    until: at,
    base: at === null ? { kind: "levels" } : await nearestBase(ctx, at, now, account.createdAt),
    digits: account.currencyMinorUnits,
  };
  // Keyed by the query as sent: a CSV's pinned horizon moves, its retry is the same request.
  const walk: Walk = {
    key: `valuation:${JSON.stringify([sites, q.asOf ?? null, pinned])}`,
    lines: () => valuationWalk(db, scope),
  };
  return { scope, asOf: at ?? now, currency: account.currency, siteId: q.siteId ?? null, walk };
}

/**
 * The base nearest the instant in time (and so in movements to read): the snapshot before it,
 * the snapshot after it, or the levels now; nothing at all before the first snapshot.
 */
async function nearestBase(
  ctx: ServiceContext,
  until: Date,
  now: Date,
  created: Date,
): Promise<ValuationBase> {
  const { before, after } = await snapshotsAround(readDb(ctx), ctx.principal.accountId, until);
  const since = until.getTime() - (before ?? created).getTime();
  const upTo = (after ?? now).getTime() - until.getTime();
  if (upTo < since) return after ? { kind: "snapshot", at: after } : { kind: "levels" };
  return before ? { kind: "snapshot", at: before } : { kind: "none" };
}

/**
 * The instant `asOf` names, as the end of what it includes: a date's end in the zone (now, for
 * today), a timestamp's next millisecond. INVALID_PARAMETER for neither form, INVALID_DATE_RANGE
 * for the future.
 */
function parseAsOf(asOf: string, timezone: string, now: Date): Date {
  const parsed = parseFilterDate(asOf, timezone);
  if (!parsed) throw invalidFilter("INVALID_PARAMETER", "asOf", `asOf must be ${FILTER_DATE_RULE}`);
  const start = (parsed.kind === "date" ? parsed.start : parsed.at).toJSDate();
  if (start > now) throw invalidFilter("INVALID_DATE_RANGE", "asOf", "asOf is in the future");
  if (parsed.kind === "timestamp") return new Date(start.getTime() + 1);
  const end = parsed.endExclusive.toJSDate();
  return end > now ? now : end;
}

/** The sites read (all the account's, or those listed), by code. */
async function siteNames(
  ctx: ServiceContext,
  sites: readonly number[] | null | undefined,
): Promise<{ id: number; code: string; name: string }[]> {
  return readDb(ctx).site.findMany({
    where: { accountId: ctx.principal.accountId, ...(sites ? { id: { in: [...sites] } } : {}) },
    select: { id: true, code: true, name: true },
    orderBy: { code: "asc" },
  });
}
