// Sites: the stores, warehouses and vans of an account, where its stock is. Every account has
// exactly one default site (made with the account, by the database), the one a request naming no
// site means. Reading sites needs the read scope; creating and changing them the sites scope.
// Creates and changes of one account's sites run one at a time (a lock on the account's sites):
// the cap holds, and the default moves from one site to another in one transaction.
import { readDb, type ServiceContext } from "../../context.js";
import type { Tx } from "../../db/client.js";
import { decodeCursor, encodeCursor, pageSize, type Page } from "../../cursor.js";
import { isValidTimezone } from "../../dates.js";
import { idempotent, type Idempotent } from "../../db/idempotency.js";
import { SITE_LOCK_CLASS } from "../../db/locks.js";
import { inTransaction } from "../../db/transaction.js";
import { uniqueCode } from "../../db/unique.js";
import { AppError, type FieldError } from "../../errors.js";
import { checkSiteAllowed, mayUseSite, siteFor, siteNotFound } from "./site.access.js";
import type { Principal } from "../../auth/principal.js";
import { TEXT_LIMITS } from "../../limits.js";
import { checkName } from "../../text.js";
import type { Site, SiteChanges, SiteInput } from "./site.types.js";

/** Sites one account may have, active or not. */
export const MAX_SITES = 1_000;

/** The longest time zone name a site takes (IANA names are far shorter). */
export const MAX_TIMEZONE_LENGTH = 64;

const SITE_CURSOR = "site";

const SITE_VIEW = {
  id: true,
  code: true,
  name: true,
  timezone: true,
  active: true,
  isDefault: true,
  createdAt: true,
  updatedAt: true,
} as const;

/** The account's sites in id order (the default among them), active ones only when asked. */
export async function listSites(
  ctx: ServiceContext,
  query: { limit?: number | null; cursor?: string | null; active?: boolean | null },
): Promise<Page<Site>> {
  const limit = pageSize(query.limit);
  const after = query.cursor ? (decodeCursor(SITE_CURSOR, query.cursor, ["int4"])[0] as number) : 0;
  const rows = await readDb(ctx).site.findMany({
    where: {
      accountId: ctx.principal.accountId,
      id: { gt: after, ...(ctx.principal.sites ? { in: [...ctx.principal.sites] } : {}) },
      ...(typeof query.active === "boolean" ? { active: query.active } : {}),
    },
    select: SITE_VIEW,
    orderBy: { id: "asc" },
    take: limit + 1,
  });
  const items = rows
    .slice(0, limit)
    .map((row) => ({ cursor: encodeCursor(SITE_CURSOR, [row.id]), node: row }));
  return { items, nextCursor: rows.length > limit ? (items.at(-1)?.cursor ?? null) : null };
}

/**
 * The sites the caller may use, in the order its token names them, and the one a request naming
 * none means (the first of them); for a caller of every site, the account's default and null.
 */
export async function sitesOfCaller(
  ctx: ServiceContext,
): Promise<{ site: Site; sites: Site[] | null }> {
  const { accountId, sites: limited } = ctx.principal;
  // The primary's: what a token names was written there (a site made a moment ago, too).
  const db = ctx.db;
  if (!limited) {
    const site = await db.site.findFirst({
      where: { accountId, isDefault: true },
      select: SITE_VIEW,
    });
    if (!site) throw new Error(`account ${accountId} has no default site`);
    return { site, sites: null };
  }
  const rows = await db.site.findMany({
    where: { accountId, id: { in: [...limited] } },
    select: SITE_VIEW,
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const sites = limited.flatMap((id) => byId.get(id) ?? []);
  // Sites are never deleted: a token's sites all exist.
  if (!sites[0]) throw new Error(`account ${accountId} has none of the token's sites`);
  return { site: sites[0], sites };
}

/** The site with this id in the caller's account. */
export async function getSite(ctx: ServiceContext, id: number): Promise<Site> {
  checkSiteAllowed(ctx.principal, id, []);
  const site = await readDb(ctx).site.findUnique({
    where: { accountId_id: { accountId: ctx.principal.accountId, id } },
    select: SITE_VIEW,
  });
  if (!site) throw siteNotFound(id);
  return site;
}

/** Refuses (SITE_NOT_FOUND, pointing at `path`) a site id the caller may not use or the account does not have. */
export async function requireSite(
  db: Tx,
  principal: Principal,
  id: number,
  path: (string | number)[],
): Promise<void> {
  checkSiteAllowed(principal, id, path);
  const { accountId } = principal;
  const site = await db.site.findUnique({
    where: { accountId_id: { accountId, id } },
    select: { id: true },
  });
  if (!site) throw siteNotFound(id, path);
}

/**
 * Refuses (SITE_NOT_FOUND, pointing at `path` and the index) a list naming a site the caller may
 * not use or the account does not have; one read however many.
 */
export async function requireSites(
  db: Tx,
  principal: Principal,
  ids: readonly number[],
  path: (string | number)[],
): Promise<void> {
  ids.forEach((id, i) => checkSiteAllowed(principal, id, [...path, i]));
  const { accountId } = principal;
  const found = await db.site.findMany({
    where: { accountId, id: { in: [...ids] } },
    select: { id: true },
  });
  const known = new Set(found.map((s) => s.id));
  const missing = ids.findIndex((id) => !known.has(id));
  if (missing >= 0) throw siteNotFound(ids[missing]!, [...path, missing]);
}

/** The id of the account's default site (every account has one). */
export async function defaultSiteId(db: Tx, accountId: number): Promise<number> {
  const site = await db.site.findFirst({
    where: { accountId, isDefault: true },
    select: { id: true },
  });
  if (!site) throw new Error(`account ${accountId} has no default site`);
  return site.id;
}

/** The code of a site of the account (one the caller has found there: a stock take's, say). */
export async function siteCodeOf(db: Tx, accountId: number, id: number): Promise<string> {
  const site = await db.site.findUnique({
    where: { accountId_id: { accountId, id } },
    select: { code: true },
  });
  if (!site) throw new Error(`account ${accountId} has no site ${id}`);
  return site.code;
}

/**
 * The account's default site, held for the rest of the transaction: the sites' lock is taken
 * shared, so a change of the account's sites (a new default, a deactivation) waits until this
 * transaction has committed, and then finds what it wrote there (a stock take it started); a
 * change in progress is waited for, and the default read after it.
 */
export async function holdDefaultSite(tx: Tx, accountId: number): Promise<number> {
  await tx.$queryRaw`SELECT pg_advisory_xact_lock_shared(${SITE_LOCK_CLASS}::int, ${accountId}::int)::text`;
  return defaultSiteId(tx, accountId);
}

/**
 * The site a change of stock is at, held for the rest of the transaction as holdDefaultSite
 * holds the default: the one `named` names, which must be a site of the account the caller may
 * use (SITE_NOT_FOUND at `path`) and active (SITE_INACTIVE), read after the lock so a deactivation
 * that committed while it waited is seen; when it names none, the one siteFor says (the account's
 * default for a caller of every site).
 */
export async function holdSite(
  tx: Tx,
  principal: Principal,
  named: number | null | undefined,
  path: (string | number)[],
): Promise<number> {
  const { accountId } = principal;
  const siteId = siteFor(principal, named, path);
  if (siteId === null) return holdDefaultSite(tx, accountId);
  await tx.$queryRaw`SELECT pg_advisory_xact_lock_shared(${SITE_LOCK_CLASS}::int, ${accountId}::int)::text`;
  const site = await tx.site.findUnique({
    where: { accountId_id: { accountId, id: siteId } },
    select: { active: true },
  });
  if (!site) throw siteNotFound(siteId, path);
  if (!site.active) throw siteInactive(siteId, path);
  return siteId;
}

/**
 * The sites a change of stock names line by line, held as holdSite holds one, and the account's
 * default (for the lines naming none), in one read after the lock: each named site the account
 * does not have is SITE_NOT_FOUND, each deactivated one SITE_INACTIVE, at the path of each use
 * (`refused`: those sites).
 */
export async function holdSites(
  tx: Tx,
  principal: Principal,
  named: { siteId: number; path: (string | number)[] }[],
): Promise<{ defaultId: number; errors: FieldError[]; refused: Set<number> }> {
  const { accountId } = principal;
  await tx.$queryRaw`SELECT pg_advisory_xact_lock_shared(${SITE_LOCK_CLASS}::int, ${accountId}::int)::text`;
  const ids = [...new Set(named.map((n) => n.siteId))];
  const sites = await tx.site.findMany({
    where: { accountId, OR: [{ isDefault: true }, { id: { in: ids } }] },
    select: { id: true, active: true, isDefault: true },
  });
  const defaultId = sites.find((s) => s.isDefault)?.id;
  if (defaultId === undefined) throw new Error(`account ${accountId} has no default site`);
  // A site the caller may not use is as unknown to it as another account's.
  const active = new Map(
    sites.filter((s) => mayUseSite(principal, s.id)).map((s) => [s.id, s.active]),
  );
  const errors = named.flatMap(({ siteId, path }): FieldError[] => {
    const state = active.get(siteId);
    if (state === undefined) return siteNotFound(siteId, path).fieldErrors;
    return state ? [] : siteInactive(siteId, path).fieldErrors;
  });
  const refused = new Set(ids.filter((id) => active.get(id) !== true));
  return { defaultId, errors, refused };
}

/** A change of stock at a deactivated site is refused (its history stays readable). */
export const siteInactive = (id: number, path: (string | number)[]) =>
  new AppError(
    "SITE_INACTIVE",
    `site ${id} is deactivated: activate it again (PATCH /api/v1/sites/${id}) to change its stock`,
    [{ path, code: "SITE_INACTIVE", message: `site ${id} is deactivated` }],
  );

/**
 * The site a request means: the one it names (SITE_NOT_FOUND at `path` when the account has no
 * such site or the caller may not use it), or when it names none the one siteFor says (the
 * account's default for a caller of every site).
 */
export async function siteOrDefault(
  db: Tx,
  principal: Principal,
  named: number | null | undefined,
  path: (string | number)[],
): Promise<number> {
  const siteId = siteFor(principal, named, path);
  if (siteId === null) return defaultSiteId(db, principal.accountId);
  await requireSite(db, principal, siteId, path);
  return siteId;
}

/** Creates a site (active unless said; the default only when asked, taking it from the other). */
export async function createSite(
  ctx: ServiceContext,
  input: SiteInput,
  idempotencyKey?: string,
): Promise<Idempotent<Site>> {
  const errors: FieldError[] = [];
  const code = checkName(input.code, ["code"], TEXT_LIMITS.code, errors);
  const name = checkName(input.name, ["name"], TEXT_LIMITS.name, errors);
  const timezone = checkTimezone(input.timezone, errors);
  const active = input.active ?? true;
  const isDefault = input.isDefault ?? false;
  if (isDefault && !active) errors.push(defaultInactive);
  const { accountId } = ctx.principal;
  return inTransaction(ctx.db, (tx) =>
    idempotent(tx, accountId, idempotencyKey, {
      operation: "createSite",
      input: () => ({ code, name, timezone, active, isDefault }),
      inputErrors: errors,
      check: async () => {
        await lockSites(tx, accountId);
        const count = await tx.site.count({ where: { accountId } });
        return count < MAX_SITES
          ? []
          : [
              {
                path: [],
                code: "TOO_MANY_SITES",
                message: `an account has at most ${MAX_SITES.toLocaleString("en-US")} sites (active or not)`,
              },
            ];
      },
      run: async () => {
        if (isDefault) await giveUpDefault(tx, accountId);
        return uniqueCode(
          () =>
            tx.site.create({
              data: { accountId, code: code!, name: name!, timezone, active, isDefault },
              select: SITE_VIEW,
            }),
          `a site with code "${code}" already exists`,
          ["code"],
        );
      },
    }),
  );
}

/**
 * Changes a site; a field left out stays as it is. `isDefault: true` makes it the default (the
 * one before stops being it); the default cannot be deactivated nor stop being the default
 * otherwise (DEFAULT_SITE: make another site the default first), and a site is deactivated only
 * when no stock take there is open or counting and it holds no stock (SITE_IN_USE).
 */
export async function updateSite(
  ctx: ServiceContext,
  id: number,
  changes: SiteChanges,
): Promise<Site> {
  const errors: FieldError[] = [];
  const code =
    changes.code == null ? undefined : checkName(changes.code, ["code"], TEXT_LIMITS.code, errors);
  const name =
    changes.name == null ? undefined : checkName(changes.name, ["name"], TEXT_LIMITS.name, errors);
  const timezone =
    changes.timezone === undefined ? undefined : checkTimezone(changes.timezone, errors);
  if (changes.isDefault === true && changes.active === false) errors.push(defaultInactive);
  if (errors.length > 0) throw AppError.fromFields(errors);
  const { accountId } = ctx.principal;
  return inTransaction(ctx.db, async (tx) => {
    await lockSites(tx, accountId);
    const site = await tx.site.findUnique({
      where: { accountId_id: { accountId, id } },
      select: { isDefault: true, code: true },
    });
    if (!site) throw siteNotFound(id);
    if (site.isDefault && changes.active === false) {
      throw new AppError(
        "DEFAULT_SITE",
        `site ${id} is the account's default, which stays active: make another site the default first`,
      );
    }
    if (site.isDefault && changes.isDefault === false) {
      throw new AppError(
        "DEFAULT_SITE",
        `site ${id} is the account's default: make another site the default instead (is_default: true on it)`,
      );
    }
    if (changes.active === false) await requireIdle(tx, accountId, { id, code: site.code });
    const becomesDefault = changes.isDefault === true && !site.isDefault;
    if (becomesDefault) await giveUpDefault(tx, accountId);
    return uniqueCode(
      () =>
        tx.site.update({
          where: { accountId_id: { accountId, id } },
          data: {
            code,
            name,
            timezone,
            active: changes.active ?? undefined,
            ...(becomesDefault ? { isDefault: true, active: true } : {}),
            updatedAt: new Date(),
          },
          select: SITE_VIEW,
        }),
      `a site with code "${code}" already exists`,
      ["code"],
    );
  });
}

/**
 * Refuses (SITE_IN_USE) to deactivate a site where a stock take is open or counting (its counts
 * would have nowhere to go), that a transfer in transit leaves or goes to (its receipt or cancel
 * would have nowhere to put the stock), or that holds stock (it would stay out of sight, and
 * unchangeable). A transfer's dispatch holds the sites' lock shared (holdSites), so none lands
 * after this reads; a receipt or cancel needs no lock, since its sites stay active while it is
 * in transit.
 * Read through the stock takes' site index, newest first, and the levels' key (the site's levels
 * until the first one not at 0). A change of stock at a named site holds the sites' lock shared
 * (holdSite, hold_stock_site), so none is in progress while this reads, and none lands after it.
 */
async function requireIdle(
  tx: Tx,
  accountId: number,
  site: { id: number; code: string },
): Promise<void> {
  const { id } = site;
  const [busy] = await tx.$queryRaw<
    {
      take: number | null;
      transfer: number | null;
      sku: number | null;
      item: number | null;
      held: string | null;
    }[]
  >`
    SELECT b.*, coalesce(
        (SELECT code FROM skus WHERE account_id = ${accountId} AND id = b.sku),
        (SELECT supplier || ' ' || code FROM supplier_items
          WHERE account_id = ${accountId} AND id = b.item))::text AS held
    FROM (SELECT
      (SELECT id FROM stock_takes WHERE account_id = ${accountId} AND site_id = ${id}
        AND status IN ('open', 'counting') ORDER BY id DESC LIMIT 1) AS take,
      (SELECT max(t.id) FROM (
        SELECT max(id) AS id FROM transfers WHERE account_id = ${accountId}
          AND from_site_id = ${id} AND status = 'in_transit'
        UNION ALL
        SELECT max(id) FROM transfers WHERE account_id = ${accountId}
          AND to_site_id = ${id} AND status = 'in_transit'
      ) AS t) AS transfer,
      (SELECT sku_id FROM sku_stock WHERE account_id = ${accountId} AND site_id = ${id}
        AND on_hand <> 0 LIMIT 1) AS sku,
      (SELECT supplier_item_id FROM supplier_item_stock WHERE account_id = ${accountId}
        AND site_id = ${id} AND on_hand <> 0 LIMIT 1) AS item) AS b`;
  // What a person finds the site and the item by: their codes beside their ids.
  const named = `site ${id} (${site.code})`;
  if (busy?.take != null) {
    throw new AppError(
      "SITE_IN_USE",
      `${named} has stock take ${busy.take} open: reconcile or cancel it before deactivating the site`,
    );
  }
  if (busy?.transfer != null) {
    throw new AppError(
      "SITE_IN_USE",
      `${named} has transfer ${busy.transfer} in transit from or to it: receive or cancel it before deactivating the site`,
    );
  }
  if (busy?.sku != null || busy?.item != null) {
    const what = busy.sku != null ? `SKU ${busy.sku}` : `supplier item ${busy.item}`;
    throw new AppError(
      "SITE_IN_USE",
      `${named} still holds stock, of ${what} (${busy.held}) among others perhaps: set it to 0 or move it before deactivating the site`,
    );
  }
}

/** Waits for the account's other site changes to end (the lock is the transaction's). */
async function lockSites(tx: Tx, accountId: number): Promise<void> {
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(${SITE_LOCK_CLASS}::int, ${accountId}::int)::text`;
}

/** The account's default site stops being it (another becomes it in the same transaction). */
async function giveUpDefault(tx: Tx, accountId: number): Promise<void> {
  await tx.site.updateMany({
    where: { accountId, isDefault: true },
    data: { isDefault: false, updatedAt: new Date() },
  });
}

/** A time zone given: null (or blank) means the account's; else a known IANA name. */
function checkTimezone(value: string | null | undefined, errors: FieldError[]): string | null {
  const tz = value?.trim() ?? "";
  if (tz === "") return null;
  if (tz.length > MAX_TIMEZONE_LENGTH || !isValidTimezone(tz)) {
    errors.push({
      path: ["timezone"],
      code: "INVALID_PARAMETER",
      message: `must be an IANA time zone such as Europe/Berlin, or null for the account's`,
    });
    return null;
  }
  return tz;
}

const defaultInactive: FieldError = {
  path: ["active"],
  code: "INVALID_PARAMETER",
  message: "must not be false for the default site (isDefault: true): the default is always active",
};
