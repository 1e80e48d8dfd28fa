// An import's rows at sites: a row may name its site (`site_id`, or a CSV's `site` column by code)
// and bring an opening balance there (`on_hand`), so one file holds an item once per site it is
// kept at. The item's catalog fields are the same on each of its rows; its stock at each site is
// the row's on_hand where the item has never moved at that site (an opening balance), and left as
// it is where it has: importing the file again never undoes what happened since.
import { Prisma, type PrismaClient, type Tx } from "../../db/client.js";
import { intArray, jsonRows } from "../../db/sql.js";
import type { Principal } from "../../auth/principal.js";
import { AppError, notFound, type FieldError } from "../../errors.js";
import type { EntityType } from "../../generated/prisma/enums.js";
import {
  applyStock,
  defaultSite,
  entityKey,
  lockStockAtSites,
  movedAtSites,
  type SiteRef,
} from "../../ledger/ledger.js";
import { MAX_ADJUSTMENT_SITES } from "../../limits.js";
import type { Decimal } from "../../quantity.js";
import { holdSites } from "../site/site.service.js";
import type { ParsedRow, RowPath } from "./catalog.import-rows.js";

/** Whether rows speak of sites at all; an import whose rows do not keeps its one-site path. */
export const namesSites = (rows: ParsedRow[]): boolean =>
  rows.some((r) => r.site !== null || r.onHand !== null);

/**
 * Each row's site id (by its position in `rows`): the one it names (by id or by code), or the
 * caller's (its first site for a token limited to sites, else the account's default). The sites
 * are held as a change of stock holds them (see holdSites): each must be the account's, one the
 * caller may use, and active. At most MAX_ADJUSTMENT_SITES of them, counted before any read.
 */
export async function rowSites(
  tx: Tx,
  principal: Principal,
  rows: ParsedRow[],
  path: RowPath,
): Promise<{ siteOf: number[]; errors: FieldError[] }> {
  const spanned = new Set(
    rows.map((r) => (r.site === null ? "" : "id" in r.site ? `#${r.site.id}` : r.site.code)),
  );
  if (spanned.size > MAX_ADJUSTMENT_SITES) {
    const message = `the rows may name at most ${MAX_ADJUSTMENT_SITES} sites per import; they name ${spanned.size}`;
    throw new AppError("TOO_MANY_SITES", message, [
      { path: ["rows"], code: "TOO_MANY_SITES", message },
    ]);
  }
  const codes = [
    ...new Set(rows.flatMap((r) => (r.site && "code" in r.site ? [r.site.code] : []))),
  ];
  const byCode = new Map<string, number>();
  if (codes.length > 0) {
    const found = await tx.$queryRaw<{ code: string; id: number }[]>`
      SELECT v.code, s.id FROM ${jsonRows(
        codes.map((c) => [c]),
        "v",
        "code text",
      )}
      JOIN sites AS s ON s.account_id = ${principal.accountId} AND s.code = v.code::citext`;
    for (const f of found) byCode.set(f.code, f.id);
  }
  const errors: FieldError[] = [];
  const named: { siteId: number; path: (string | number)[]; ord: number }[] = [];
  rows.forEach((r, ord) => {
    if (r.site === null) return;
    if ("id" in r.site) {
      named.push({ siteId: r.site.id, path: path(r.index, "siteId"), ord });
      return;
    }
    const id = byCode.get(r.site.code);
    const at = path(r.index, "site");
    if (id === undefined) errors.push(...notFound("SITE_NOT_FOUND", r.site.code, at).fieldErrors);
    else named.push({ siteId: id, path: at, ord });
  });
  // A token limited to sites puts the rows naming none at its first site, held as any named one.
  const home = principal.sites?.[0];
  const homeUsed = home !== undefined && rows.some((r) => r.site === null);
  const held = await holdSites(tx, principal, [
    ...named,
    ...(homeUsed ? [{ siteId: home, path: ["rows"] }] : []),
  ]);
  const own = home ?? held.defaultId;
  const siteOf = rows.map(() => own);
  for (const n of named) siteOf[n.ord] = n.siteId;
  return { siteOf, errors: [...errors, ...held.errors] };
}

/** An import's rows placed at their sites, and the first row of each item (what is upserted). */
export interface AtSites {
  rows: ParsedRow[];
  siteOf: number[];
  leaderOf: number[];
  /** Each item's first row, in order, and its position in `rows`. */
  leaders: ParsedRow[];
  leaderOrds: number[];
}

/** rowSites and itemRows: the rows at their sites, grouped by item, with what is wrong. */
export async function placeRows(
  tx: Tx,
  principal: Principal,
  rows: ParsedRow[],
  path: RowPath,
): Promise<{ atSites: AtSites; errors: FieldError[] }> {
  const placed = await rowSites(tx, principal, rows, path);
  const items = await itemRows(tx, rows, placed.siteOf, path);
  const leaderOrds = rows.flatMap((_, ord) => (items.leaderOf[ord] === ord ? [ord] : []));
  return {
    atSites: {
      rows,
      siteOf: placed.siteOf,
      leaderOf: items.leaderOf,
      leaders: leaderOrds.map((ord) => rows[ord]!),
      leaderOrds,
    },
    errors: [...placed.errors, ...items.errors],
  };
}

/** Each row's item as upserted: its first row's (`upserted` is by position in the leaders). */
export function rowItems(
  atSites: AtSites,
  upserted: { id: number | null; created: boolean }[],
): { id: number; created: boolean }[] {
  const position = new Map(atSites.leaderOrds.map((ord, i) => [ord, i]));
  return atSites.rows.map((_, ord) => {
    const u = upserted[position.get(atSites.leaderOf[ord]!)!]!;
    return { id: u.id!, created: u.created };
  });
}

/**
 * The rows naming an item that an earlier row names (`leaderOf`: each row's first row of its
 * item, by position), as the database compares codes (citext); a row naming an item at a site an
 * earlier row names it at is DUPLICATE_LINE, and an item's later rows must carry its first row's
 * catalog fields.
 */
export async function itemRows(
  tx: Tx,
  rows: ParsedRow[],
  siteOf: number[],
  path: RowPath,
): Promise<{ leaderOf: number[]; errors: FieldError[] }> {
  const leaderOf = rows.map((_, ord) => ord);
  if (rows.length < 2) return { leaderOf, errors: [] };
  const v = jsonRows(
    rows.map((r, ord) => [r.supplier, r.code, siteOf[ord]]),
    "v",
    "supplier text, code text, site int",
  );
  const firsts = await tx.$queryRaw<{ ord: number; item: number; pair: number }[]>`
    SELECT ord, min(ord) OVER (PARTITION BY supplier, code::citext) AS item,
      min(ord) OVER (PARTITION BY supplier, code::citext, site) AS pair
    FROM ${v}`;
  const errors: FieldError[] = [];
  for (const { ord, item, pair } of firsts) {
    leaderOf[ord] = item;
    const row = rows[ord]!;
    if (pair !== ord) {
      const at = path(rows[pair]!.index, "code")[1];
      const message = `"${row.code}" is at this site on row ${at} already`;
      errors.push({ path: path(row.index, "code"), code: "DUPLICATE_LINE", message });
    } else if (item !== ord) {
      errors.push(...differences(row, rows[item]!, path));
    }
  }
  return { leaderOf, errors };
}

/** Where an item's later row differs from its first in a catalog field. */
function differences(row: ParsedRow, first: ParsedRow, path: RowPath): FieldError[] {
  const barcodes = (r: ParsedRow) => r.barcodes?.map((b) => b.code).join("|") ?? null;
  const fields: [string, unknown, unknown][] = [
    ["name", row.name, first.name],
    ["active", row.active, first.active],
    ["barcodes", barcodes(row), barcodes(first)],
    ["skuId", row.skuId, first.skuId],
    [
      "unitCost",
      row.unitCost?.toFixed() ?? row.unitCost,
      first.unitCost?.toFixed() ?? first.unitCost,
    ],
  ];
  const at = path(first.index, "code")[1];
  return fields
    .filter(([, value, firstValue]) => value !== firstValue)
    .map(([field]) => ({
      path: path(row.index, field),
      code: "INVALID_PARAMETER",
      message: `must be as on row ${at}: an item's rows at several sites share its catalog fields`,
    }));
}

/** An item's stock a row asks for at its site. */
interface Opening extends SiteRef {
  newQty: Decimal;
  /** New in this import: it has never moved anywhere. */
  created: boolean;
}

/**
 * Writes the rows' opening balances, each at its row's site: a new item's opening_on_hand or
 * on_hand, and an existing item's on_hand where it has never moved at that site. The items are
 * locked and their levels read at every site first (lockStockAtSites), then one ledger write per
 * site, in site order. Answers how many were written, and how many rows' on_hand was kept out
 * because the item had moved there (an on_hand equal to its stock there is neither).
 */
export async function openAtSites(
  tx: Tx,
  principal: Principal,
  entityType: EntityType,
  rows: ParsedRow[],
  items: { id: number; created: boolean }[],
  siteOf: number[],
): Promise<{ written: number; kept: number }> {
  const { accountId, actor } = principal;
  const asked: Opening[] = rows.flatMap((r, ord): Opening[] => {
    const { id, created } = items[ord]!;
    const newQty = r.onHand ?? (created ? r.opening : null);
    return newQty === null || (created && newQty.isZero())
      ? []
      : [{ entityType, id, siteId: siteOf[ord]!, newQty, created }];
  });
  if (asked.length === 0) return { written: 0, kept: 0 };
  const locked = await lockStockAtSites(tx, accountId, asked);
  const stockOf = (o: Opening) => locked.get(o.siteId)!.get(entityKey(o))!.onHand;
  // Nothing on hand and no movement there: never moved at that site (stock on hand came by one).
  const moved = await movedAtSites(
    tx,
    accountId,
    asked.filter((o) => !o.created && stockOf(o).isZero()),
  );
  const differing = asked.filter((o) => !o.newQty.equals(stockOf(o)));
  const writes = differing.filter(
    (o) => o.created || (stockOf(o).isZero() && !moved.has(`${o.siteId}:${entityKey(o)}`)),
  );
  for (const siteId of [...new Set(writes.map((o) => o.siteId))].sort((a, b) => a - b)) {
    await applyStock(
      tx,
      accountId,
      locked.get(siteId)!,
      writes.filter((o) => o.siteId === siteId),
      { reason: "opening_balance", source: "opening_balance", actor },
    );
  }
  return { written: writes.length, kept: differing.length - writes.length };
}

/** A row bringing on_hand, as far as finding its item's level goes. */
export type LookbackRow = Pick<ParsedRow, "supplier" | "code" | "site">;

/**
 * How many of the rows bringing on_hand will look back through their item's latest movements
 * when the import runs (openAtSites: movedAtSites, up to MOVED_LOOKBACK each): those whose item
 * exists and whose level at the row's site holds 0. Counted before the import, outside its
 * transaction and without a lock (a price: what it finds then), at the sites the caller may use
 * only (a row naming another is refused). One statement; none for no rows.
 */
export async function lookbackRows(
  db: PrismaClient,
  principal: Principal,
  entityType: EntityType,
  rows: LookbackRow[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const { accountId } = principal;
  const v = jsonRows(
    rows.map((r) => [
      r.supplier,
      r.code,
      r.site && "id" in r.site ? r.site.id : null,
      r.site && "code" in r.site ? r.site.code : null,
    ]),
    "v",
    "supplier text, code text, site_id int, site_code text",
  );
  // A row naming no site is at the caller's: a limited token's first site, else the default.
  const home = principal.sites?.[0];
  const unnamed = home === undefined ? defaultSite(accountId) : Prisma.sql`${home}::int`;
  const usable = principal.sites
    ? Prisma.sql`r.site_id = ANY (${intArray(principal.sites)})`
    : Prisma.sql`true`;
  const levels =
    entityType === "sku"
      ? Prisma.sql`JOIN skus AS i ON i.account_id = ${accountId} AND i.code = r.code::citext
        JOIN sku_stock AS l ON l.account_id = ${accountId} AND l.site_id = r.site_id
          AND l.sku_id = i.id`
      : Prisma.sql`JOIN supplier_items AS i ON i.account_id = ${accountId}
          AND i.supplier = r.supplier AND i.code = r.code::citext
        JOIN supplier_item_stock AS l ON l.account_id = ${accountId} AND l.site_id = r.site_id
          AND l.supplier_item_id = i.id`;
  const [counted] = await db.$queryRaw<{ rows: number }[]>`
    WITH r AS MATERIALIZED (
      SELECT v.supplier, v.code, CASE
          WHEN v.site_id IS NOT NULL THEN v.site_id
          WHEN v.site_code IS NOT NULL THEN (SELECT s.id FROM sites AS s
            WHERE s.account_id = ${accountId} AND s.code = v.site_code::citext)
          ELSE ${unnamed} END AS site_id
      FROM ${v}
    )
    SELECT count(*)::int AS rows FROM r ${levels}
    WHERE l.on_hand = 0 AND ${usable}`;
  return counted?.rows ?? 0;
}
