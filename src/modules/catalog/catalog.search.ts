// Listing the catalog: filters, search by code and name, and incremental sync, a page at a time.
// Without updated_since a list is in id order; with it, in the order rows changed, read only
// below the ledger's horizon (catalog rows are stamped under the ledger lock, see the migration
// catalog_search), so a sync that pages on while rows are edited sees every edit.
import { TEXT_LIMITS } from "../../limits.js";
import { Prisma, type PrismaClient, type Tx } from "../../db/client.js";
import { intArray } from "../../db/sql.js";
import { readDb, type ServiceContext } from "../../context.js";
import {
  decodeIdCursor,
  decodeTimeCursor,
  encodeCursor,
  encodeTimeCursor,
  pageSize,
  queryFingerprint,
  type Page,
  type TimePosition,
} from "../../cursor.js";
import { FILTER_DATE_RULE, parseFilterDate } from "../../dates.js";
import { JsonRows } from "../../json-rows.js";
import { AppError, type FieldError } from "../../errors.js";
import { invalidFilter } from "../../filters.js";
import { sharedLedgerHorizon } from "../../ledger/horizon.js";
import { defaultSite, itemOnHandAt, skuOnHandAt } from "../../ledger/ledger.js";
import { Decimal } from "../../quantity.js";
import { checkText } from "../../text.js";
import { siteOrDefault } from "../site/site.service.js";
import { siteFor } from "../site/site.access.js";
import { seesMoney, type Principal } from "../../auth/principal.js";
import { parseBarcode } from "./barcode.js";
import { locatedAt, locationAt, parseLocationPrefix } from "./location.js";
import type { Sku, SupplierItem } from "./catalog.types.js";

/** Longest search text. */
export const MAX_QUERY_LENGTH = 200;

export interface SkuFilter {
  /** Part of the code or name, any case. */
  q?: string;
  /** The exact code, any case. */
  code?: string;
  /** One of its barcodes, any spelling of a GTIN. */
  barcode?: string;
  active?: boolean;
  /** Changed at or after: a timestamp, or a date in the account's time zone. */
  updatedSince?: string;
  /** Its location starts with this, any case. */
  location?: string;
}

export interface SupplierItemFilter extends SkuFilter {
  supplier?: string;
  skuId?: number;
}

export interface ListArgs {
  limit?: number;
  cursor?: string;
  /** The site whose on hand the rows show; the default site when absent. */
  siteId?: number | null;
}

/**
 * The site a read asks for, checked (SITE_NOT_FOUND at siteId; a deactivated site is read as any
 * other), or undefined for the default site, which the read's own statement finds: a request
 * naming no site costs no query more.
 */
export async function askedSite(
  db: PrismaClient | Tx,
  principal: Principal,
  named: number | null | undefined,
): Promise<number | undefined> {
  const siteId = siteFor(principal, named, ["siteId"]);
  if (siteId === null) return undefined;
  return siteOrDefault(db, principal, siteId, ["siteId"]);
}

/** SQL for a site askedSite answered: that site, or the account's default. */
const siteSql = (accountId: number, siteId: number | undefined): Prisma.Sql =>
  siteId === undefined ? defaultSite(accountId) : Prisma.sql`${siteId}::int`;

/** SKUs of the caller's account that match the filter: in id order, or as they changed. */
export async function listSkus(
  ctx: ServiceContext,
  args: ListArgs & SkuFilter,
): Promise<Page<Sku>> {
  const rows = await listed(ctx, args, SKUS);
  return { ...rows, items: rows.items.map((i) => ({ ...i, node: toSku(i.node) })) };
}

/**
 * A REST list's page: in id order, its rows as the body's JSON array written by PostgreSQL (no row
 * object is made here); a list of changes (updatedSince), ordered by time, as rows to serialize.
 */
export type RestListPage<T> =
  { json: { items: JsonRows; nextCursor: string | null } } | { rows: Page<T> };

/** listSkus for REST (see RestListPage). */
export async function listSkusForRest(
  ctx: ServiceContext,
  args: ListArgs & SkuFilter,
): Promise<RestListPage<Sku>> {
  return args.updatedSince === undefined
    ? { json: await listedJson(ctx, args, SKUS) }
    : { rows: await listSkus(ctx, args) };
}

/** listSupplierItems for REST (see RestListPage). */
export async function listSupplierItemsForRest(
  ctx: ServiceContext,
  args: ListArgs & SupplierItemFilter,
): Promise<RestListPage<SupplierItem>> {
  return args.updatedSince === undefined
    ? { json: await listedJson(ctx, args, SUPPLIER_ITEMS) }
    : { rows: await listSupplierItems(ctx, args) };
}

/** Supplier items of the caller's account that match the filter: in id order, or as they changed. */
export async function listSupplierItems(
  ctx: ServiceContext,
  args: ListArgs & SupplierItemFilter,
): Promise<Page<SupplierItem>> {
  const rows = await listed(ctx, args, SUPPLIER_ITEMS);
  return { ...rows, items: rows.items.map((i) => ({ ...i, node: toSupplierItem(i.node) })) };
}

interface Row {
  id: number;
  supplier?: string;
  code: string;
  name: string;
  on_hand: string;
  sku_id?: number | null;
  active: boolean;
  created_at: Date;
  updated_at: Date;
  barcodes: string[];
  location: string | null;
  /** Read only for a caller that sees money (the costs scope). */
  unit_cost?: string | null;
}

/** How one list reads its table. */
interface Listing {
  kind: "sku" | "supplier_item";
  /** FROM (the row as `x`) with what the answer needs. */
  from: Prisma.Sql;
  /** The columns the answer needs, on hand at `site` (SQL for a site id), the cost with `money`. */
  columns: (site: Prisma.Sql, money?: boolean) => Prisma.Sql;
  /**
   * How a list in the order of change reads its rows: one or more parts, each with the time it
   * orders by (a row's updated_at as the API shows it, in that part) and its own FROM and
   * condition, so each part walks an index on that time instead of sorting the account.
   */
  changes: { from: Prisma.Sql; at: Prisma.Sql; where: Prisma.Sql }[];
  barcodeOwner: Prisma.Sql;
  /** A row as REST answers it (toRest's keys, in its order, and values), as named columns. */
  json: (site: Prisma.Sql, money?: boolean) => Prisma.Sql;
}

/** A timestamp as toRest writes one (Date.toISOString: UTC, milliseconds). */
const utcText = (at: Prisma.Sql) =>
  Prisma.sql`to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const X_ACCOUNT = Prisma.sql`x.account_id`;
/** A SKU's on hand at a site. */
const skuOnHand = (site: Prisma.Sql) => skuOnHandAt(X_ACCOUNT, site, Prisma.sql`x.id`);
/** A supplier item's on hand at a site: its own, or its SKU's when linked. */
const itemOnHand = (site: Prisma.Sql) => Prisma.sql`(CASE WHEN x.sku_id IS NULL
    THEN ${itemOnHandAt(X_ACCOUNT, site, Prisma.sql`x.id`)}
    ELSE ${skuOnHandAt(X_ACCOUNT, site, Prisma.sql`x.sku_id`)} END)`;

/** An item's location at a site. */
const skuLocation = (site: Prisma.Sql) => locationAt("sku", X_ACCOUNT, site, Prisma.sql`x.id`);
const itemLocation = (site: Prisma.Sql) =>
  locationAt("supplier_item", X_ACCOUNT, site, Prisma.sql`x.id`);

/** An item's unit cost, read only for a caller that sees money (DESIGN §9). */
const costColumn = (money: boolean | undefined) =>
  money ? Prisma.sql`, x.unit_cost::text AS unit_cost` : Prisma.empty;
const costJson = (money: boolean | undefined) =>
  money ? Prisma.sql`, trim_scale(x.unit_cost) AS unit_cost` : Prisma.empty;

const SKUS: Listing = {
  kind: "sku",
  from: Prisma.sql`skus AS x`,
  columns: (site, money) => Prisma.sql`x.id, x.code::text AS code, x.name,
    ${skuOnHand(site)}::text AS on_hand, x.active, x.created_at, x.updated_at, x.barcodes,
    ${skuLocation(site)} AS location ${costColumn(money)}`,
  changes: [{ from: Prisma.sql`skus AS x`, at: Prisma.sql`x.updated_at`, where: Prisma.sql`true` }],
  barcodeOwner: Prisma.raw("sku_id"),
  json: (site, money) => Prisma.sql`x.id AS id, x.code::text AS code, x.name AS name,
    trim_scale(${skuOnHand(site)}) AS on_hand, x.active AS active,
    ${utcText(Prisma.sql`x.created_at`)} AS created_at,
    ${utcText(Prisma.sql`x.updated_at`)} AS updated_at,
    x.barcodes AS barcodes, ${skuLocation(site)} AS location ${costJson(money)}`,
};

const SUPPLIER_ITEMS: Listing = {
  kind: "supplier_item",
  from: Prisma.sql`supplier_items AS x
    LEFT JOIN skus AS linked ON linked.account_id = x.account_id AND linked.id = x.sku_id`,
  columns: (site, money) => Prisma.sql`x.id, x.supplier, x.code::text AS code, x.name,
    ${itemOnHand(site)}::text AS on_hand, x.sku_id, x.active, x.created_at,
    GREATEST(x.updated_at, linked.updated_at) AS updated_at, x.barcodes,
    ${itemLocation(site)} AS location ${costColumn(money)}`,
  // A linked item shows when it or its SKU last changed, whichever was later: the items whose own
  // change is the later one in the order of their own stamps, the others in their SKUs'.
  changes: [
    {
      from: Prisma.sql`supplier_items AS x
        LEFT JOIN skus AS linked ON linked.account_id = x.account_id AND linked.id = x.sku_id`,
      at: Prisma.sql`x.updated_at`,
      where: Prisma.sql`(linked.id IS NULL OR x.updated_at >= linked.updated_at)`,
    },
    {
      from: Prisma.sql`skus AS linked
        JOIN supplier_items AS x ON x.account_id = linked.account_id AND x.sku_id = linked.id`,
      at: Prisma.sql`linked.updated_at`,
      where: Prisma.sql`linked.updated_at > x.updated_at`,
    },
  ],
  barcodeOwner: Prisma.raw("supplier_item_id"),
  json: (site, money) => Prisma.sql`x.id AS id, x.supplier AS supplier, x.code::text AS code,
    x.name AS name, trim_scale(${itemOnHand(site)}) AS on_hand, x.sku_id AS sku_id,
    x.active AS active, ${utcText(Prisma.sql`x.created_at`)} AS created_at,
    ${utcText(Prisma.sql`GREATEST(x.updated_at, linked.updated_at)`)} AS updated_at,
    x.barcodes AS barcodes, ${itemLocation(site)} AS location ${costJson(money)}`,
};

async function listed(
  ctx: ServiceContext,
  args: ListArgs & SupplierItemFilter,
  listing: Listing,
): Promise<Page<Row>> {
  const { accountId, timezone } = ctx.principal;
  const take = pageSize(args.limit);
  const where = filters(accountId, args, listing);
  const since = args.updatedSince === undefined ? null : parseSince(args.updatedSince, timezone);
  if (since === null) {
    const after = decodeIdCursor(listing.kind, args.cursor);
    const db = readDb(ctx);
    const site = siteSql(accountId, await askedSite(db, ctx.principal, args.siteId));
    const rows = await db.$queryRaw<Row[]>`
      SELECT ${listing.columns(site, seesMoney(ctx.principal))} FROM ${listing.from}
      WHERE ${Prisma.join([...where(site), Prisma.sql`x.id > ${after}`], " AND ")}
      ORDER BY x.id LIMIT ${take + 1}`;
    const page = rows.slice(0, take);
    const items = page.map((node) => ({ cursor: encodeCursor(listing.kind, [node.id]), node }));
    return { items, nextCursor: rows.length > take ? (items.at(-1)?.cursor ?? null) : null };
  }

  // Changed since: every filter is part of the cursor, so a cursor cannot continue another query.
  const kind = `${listing.kind}_changes`;
  const fingerprint = queryFingerprint([
    args.q,
    args.code,
    args.barcode,
    args.active,
    args.updatedSince,
    args.supplier,
    args.skuId,
    // Only when given: a sync cursor from before locations existed stays valid; the site too, as
    // the location filter reads the site's (a cursor from before that named none).
    ...(args.location !== undefined ? [args.location] : []),
    ...(args.location !== undefined && args.siteId != null ? [args.siteId] : []),
  ]);
  const after: TimePosition | null = args.cursor
    ? decodeTimeCursor(kind, args.cursor, fingerprint)
    : null;
  // Not in the fingerprint: the order is by time, so one cursor serves the list at any site.
  const site = siteSql(accountId, await askedSite(ctx.db, ctx.principal, args.siteId));
  const horizon = await sharedLedgerHorizon(ctx.db, accountId);
  const parts = listing.changes.map(({ from, at, where: own }) => {
    const range = [
      own,
      Prisma.sql`${at} >= ${after ? new Date(Math.max(since.getTime(), after.at.getTime())) : since}`,
      // As an ISO instant: a bare Date goes out as UTC wall-clock time, read in the server's zone.
      Prisma.sql`${at} < ${horizon.toISOString()}::timestamptz`,
      ...(after ? [Prisma.sql`(${at}, x.id) > (${after.at}::timestamptz, ${after.id})`] : []),
    ];
    return Prisma.sql`(SELECT ${listing.columns(site, seesMoney(ctx.principal))} FROM ${from}
      WHERE ${Prisma.join([...where(site), ...range], " AND ")}
      ORDER BY ${at}, x.id LIMIT ${take + 1})`;
  });
  const rows = await ctx.db.$queryRaw<Row[]>`
    SELECT * FROM (${Prisma.join(parts, " UNION ALL ")}) AS changed
    ORDER BY updated_at, id LIMIT ${take + 1}`;
  const items = rows.slice(0, take).map((node) => ({
    cursor: encodeTimeCursor(kind, { at: node.updated_at, id: node.id }, fingerprint),
    node,
  }));
  return { items, nextCursor: rows.length > take ? (items.at(-1)?.cursor ?? null) : null };
}

/** A list's page in id order with its rows as REST's JSON array, made by PostgreSQL. */
async function listedJson(
  ctx: ServiceContext,
  args: ListArgs & SupplierItemFilter,
  listing: Listing,
): Promise<{ items: JsonRows; nextCursor: string | null }> {
  const { accountId } = ctx.principal;
  const take = pageSize(args.limit);
  const where = filters(accountId, args, listing);
  const after = decodeIdCursor(listing.kind, args.cursor);
  const db = readDb(ctx);
  const site = siteSql(accountId, await askedSite(db, ctx.principal, args.siteId));
  // row_to_json writes compact JSON (json_build_object and json_agg add spaces); the page is read
  // once, with one row past it to tell whether there is more.
  const [page] = await db.$queryRaw<[{ json: string; rows: number; last: number | null }]>`
    WITH page AS MATERIALIZED (
      SELECT ${listing.json(site, seesMoney(ctx.principal))} FROM ${listing.from}
      WHERE ${Prisma.join([...where(site), Prisma.sql`x.id > ${after}`], " AND ")}
      ORDER BY x.id LIMIT ${take + 1}
    ), kept AS (SELECT * FROM page ORDER BY id LIMIT ${take})
    SELECT (SELECT '[' || COALESCE(string_agg(row_to_json(k)::text, ',' ORDER BY k.id), '') || ']'
        FROM kept AS k) AS json,
      (SELECT count(*)::int FROM page) AS rows, (SELECT max(id) FROM kept) AS last`;
  return {
    items: new JsonRows(page.json, Math.min(page.rows, take)),
    nextCursor:
      page.rows > take && page.last !== null ? encodeCursor(listing.kind, [page.last]) : null,
  };
}

/**
 * The filter's conditions on `x`, the account's included, at a site (a location is a level's):
 * checked before any read (a bad value is INVALID_PARAMETER, a bad GTIN INVALID_BARCODE).
 */
function filters(
  accountId: number,
  f: SupplierItemFilter,
  listing: Listing,
): (site: Prisma.Sql) => Prisma.Sql[] {
  const errors: FieldError[] = [];
  const conditions: Prisma.Sql[] = [Prisma.sql`x.account_id = ${accountId}`];
  const q = f.q?.trim();
  if (q) {
    checkText(q, ["q"], MAX_QUERY_LENGTH, errors);
    // The trigram index's expression; LIKE's own characters in q match themselves.
    const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
    conditions.push(
      Prisma.sql`lower(x.code::text || ' ' || x.name) LIKE '%' || lower(${escaped}) || '%'`,
    );
  }
  if (f.code !== undefined) {
    checkText(f.code, ["code"], TEXT_LIMITS.code, errors);
    conditions.push(Prisma.sql`x.code = ${f.code.trim()}::citext`);
  }
  if (f.barcode !== undefined) {
    const barcode = parseBarcode(f.barcode, ["barcode"], errors);
    conditions.push(Prisma.sql`x.id IN (SELECT b.${listing.barcodeOwner} FROM barcodes AS b
      WHERE b.account_id = ${accountId} AND b.key = ${barcode?.key ?? ""})`);
  }
  if (f.active !== undefined) conditions.push(Prisma.sql`x.active = ${f.active}`);
  if (f.supplier !== undefined) {
    checkText(f.supplier, ["supplier"], TEXT_LIMITS.supplier, errors);
    conditions.push(Prisma.sql`x.supplier = ${f.supplier.trim()}`);
  }
  if (f.skuId !== undefined) conditions.push(Prisma.sql`x.sku_id = ${f.skuId}`);
  const location = parseLocationPrefix(f.location, ["location"], errors);
  if (errors.length > 0) throw AppError.fromFields(errors);
  return (site) =>
    location === null
      ? conditions
      : [...conditions, locatedAt(listing.kind, accountId, site, Prisma.sql`x.id`, [location])];
}

/** updated_since as an instant: a date means its start in the account's time zone. */
function parseSince(value: string, timezone: string): Date {
  const parsed = parseFilterDate(value, timezone);
  if (!parsed) {
    throw invalidFilter(
      "INVALID_PARAMETER",
      "updatedSince",
      `updatedSince must be ${FILTER_DATE_RULE}`,
    );
  }
  return (parsed.kind === "date" ? parsed.start : parsed.at).toJSDate();
}

/**
 * The rows of a listing with these ids, on hand at a site askedSite answered (the default when
 * undefined); one statement however many.
 */
const rowsByIds = (
  db: PrismaClient | Tx,
  accountId: number,
  listing: Listing,
  ids: readonly number[],
  siteId: number | undefined,
  money: boolean | undefined,
) =>
  db.$queryRaw<Row[]>`
    SELECT ${listing.columns(siteSql(accountId, siteId), money)} FROM ${listing.from}
    WHERE x.account_id = ${accountId} AND x.id = ANY(${intArray([...ids])})`;

/** Whether a read shows items' unit costs: only for a caller that sees money (seesMoney). */
export interface WithMoney {
  money?: boolean;
}

/**
 * SKUs of the account by id, as the API shows them, on hand at `siteId` (a site of the account,
 * see askedSite; the default site when absent); missing ids are absent.
 */
export async function readSkus(
  db: PrismaClient | Tx,
  accountId: number,
  ids: readonly number[],
  siteId?: number,
  { money }: WithMoney = {},
): Promise<Map<number, Sku>> {
  const rows = await rowsByIds(db, accountId, SKUS, ids, siteId, money);
  return new Map(rows.map((r) => [r.id, toSku(r)]));
}

/** An item by id, and the site whose on hand it shows (null: the default site). */
export interface ItemAtSite {
  id: number;
  siteId: number | null;
}

/** The key of an ItemAtSite in the maps readSkusAtSites and readSupplierItemsAtSites answer. */
export const itemAtSiteKey = (k: ItemAtSite): string => `${k.siteId}:${k.id}`;

/**
 * Rows of a listing for (id, site) pairs, each with on hand at its site (the default site's for
 * a null one), in one statement however many pairs and sites; missing ids are absent.
 */
const rowsAtSites = (
  db: PrismaClient | Tx,
  accountId: number,
  listing: Listing,
  keys: readonly ItemAtSite[],
) =>
  db.$queryRaw<(Row & { asked_site: number | null })[]>`
    SELECT p.site_id AS asked_site,
      ${listing.columns(Prisma.sql`COALESCE(p.site_id, ${defaultSite(accountId)})`)}
    FROM ${listing.from}
      JOIN unnest(${intArray(keys.map((k) => k.id))}, ${intArray(keys.map((k) => k.siteId))})
        AS p(item_id, site_id) ON x.id = p.item_id
    WHERE x.account_id = ${accountId}`;

/** SKUs of the account for (id, site) pairs, as readSkus, keyed by itemAtSiteKey. */
export async function readSkusAtSites(
  db: PrismaClient | Tx,
  accountId: number,
  keys: readonly ItemAtSite[],
): Promise<Map<string, Sku>> {
  const rows = await rowsAtSites(db, accountId, SKUS, keys);
  return new Map(rows.map((r) => [itemAtSiteKey({ id: r.id, siteId: r.asked_site }), toSku(r)]));
}

/** Supplier items of the account for (id, site) pairs, as readSupplierItems, keyed likewise. */
export async function readSupplierItemsAtSites(
  db: PrismaClient | Tx,
  accountId: number,
  keys: readonly ItemAtSite[],
): Promise<Map<string, SupplierItem>> {
  const rows = await rowsAtSites(db, accountId, SUPPLIER_ITEMS, keys);
  return new Map(
    rows.map((r) => [itemAtSiteKey({ id: r.id, siteId: r.asked_site }), toSupplierItem(r)]),
  );
}

/** Supplier items of the account by id, as readSkus (a linked item shows its SKU's stock). */
export async function readSupplierItems(
  db: PrismaClient | Tx,
  accountId: number,
  ids: readonly number[],
  siteId?: number,
  { money }: WithMoney = {},
): Promise<Map<number, SupplierItem>> {
  const rows = await rowsByIds(db, accountId, SUPPLIER_ITEMS, ids, siteId, money);
  return new Map(rows.map((r) => [r.id, toSupplierItem(r)]));
}

const toSku = (r: Row): Sku => ({
  id: r.id,
  code: r.code,
  name: r.name,
  onHand: new Decimal(r.on_hand),
  active: r.active,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  barcodes: r.barcodes,
  location: r.location,
  ...(r.unit_cost !== undefined
    ? { unitCost: r.unit_cost === null ? null : new Decimal(r.unit_cost) }
    : {}),
});

const toSupplierItem = ({ unit_cost, ...r }: Row): SupplierItem => ({
  ...toSku(r),
  supplier: r.supplier ?? "",
  skuId: r.sku_id ?? null,
  // Last, as the JSON rows have it.
  ...(unit_cost !== undefined
    ? { unitCost: unit_cost === null ? null : new Decimal(unit_cost) }
    : {}),
});
