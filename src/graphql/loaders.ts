import type { Principal } from "../auth/principal.js";
import DataLoader from "dataloader";
import type { PrismaClient } from "../db/client.js";
import {
  firstLevelPages,
  itemAtSiteKey,
  readCosts,
  skusAtSites,
  supplierItemsAtSites,
  type ItemAtSite,
  type LevelOwner,
} from "../modules/catalog/index.js";
import type { Sku, StockLevel, SupplierItem } from "../modules/catalog/catalog.types.js";
import type { Page } from "../cursor.js";
import type { Decimal } from "../quantity.js";
import { entityKey, type EntityRef } from "../ledger/ledger.js";
import {
  firstMovementPages,
  movementMoney,
  type MovementMoney,
  type MovementOwner,
} from "../modules/movement/index.js";
import type { StockMovement } from "../modules/movement/movement.types.js";
import { stockTakesByIds } from "../modules/stock-take/index.js";
import type { StockTake } from "../modules/stock-take/stock-take.types.js";
import { cycleCountsAt, type SkuCycleCount } from "../modules/cycle-count/index.js";

/** Per-request batch loaders: a page of 1000 movements resolves its SKUs in one query, not 1000. */
export interface Loaders {
  /** SKUs with their on hand at a site: one statement for a batch, whatever its sites. */
  sku: DataLoader<ItemAtSite, Sku | null, string>;
  supplierItem: DataLoader<ItemAtSite, SupplierItem | null, string>;
  stockTake: DataLoader<number, StockTake | null>;
  /** SKUs' cycle counts (class, last count, due time) at a site: a page of SKUs in one statement. */
  cycleCount: DataLoader<CycleCountKey, SkuCycleCount, string>;
  /** First pages of movements: a page of SKUs with theirs in one statement, not one per SKU. */
  movementPages: DataLoader<MovementPageKey, Page<StockMovement>, string>;
  /** First pages of levels: a page of SKUs with their stock by site in one statement. */
  levelPages: DataLoader<LevelPageKey, Page<StockLevel>, string>;
  /** Items' unit costs (for a caller that sees money): a page of SKUs' in one statement. */
  cost: DataLoader<EntityRef, Decimal | null, string>;
  /** Movements' money (for a caller that sees it) by id and time: a page's in one statement. */
  movementMoney: DataLoader<{ id: number; occurredAt: Date }, MovementMoney, number>;
}

/** Whose levels, how many on the page, and at which sites (null: every site). */
export interface LevelPageKey {
  owner: LevelOwner;
  first: number | null | undefined;
  siteIds: readonly number[] | null | undefined;
}

/** What a first page of levels is asked with, beside whose: its keys sharing it go together. */
const levelAsk = (key: LevelPageKey): string =>
  `${key.first}:${key.siteIds ? [...key.siteIds].sort((a, b) => a - b).join(",") : "*"}`;

const levelPageKey = (key: LevelPageKey): string =>
  `${"sku" in key.owner ? `sku:${key.owner.sku}` : `item:${key.owner.item}`}:${levelAsk(key)}`;

/** Whose cycle count, and where (null: the default site). */
export interface CycleCountKey {
  skuId: number;
  siteId: number | null;
}

/** Whose movements, and how many on the page. */
export type MovementPageKey = MovementOwner & { first: number | null | undefined };

const movementPageKey = (key: MovementPageKey): string =>
  "skuId" in key ? `sku:${key.skuId}:${key.first}` : `item:${key.supplierItemId}:${key.first}`;

/** Each page size's keys in one call of `load`; the pages in the keys' order. */
const bySize =
  <T>(load: (owners: MovementOwner[], first: number | null | undefined) => Promise<T[]>) =>
  async (keys: readonly MovementPageKey[]): Promise<T[]> => {
    const sizes = new Map<number | null | undefined, number[]>();
    keys.forEach((key, i) => sizes.set(key.first, [...(sizes.get(key.first) ?? []), i]));
    const pages: T[] = new Array<T>(keys.length);
    await Promise.all(
      [...sizes].map(async ([first, at]) => {
        const found = await load(
          at.map((i) => keys[i]!),
          first,
        );
        at.forEach((i, j) => (pages[i] = found[j]!));
      }),
    );
    return pages;
  };

/** Items at sites, in the keys' order (null: missing). */
const atSites =
  <T>(load: (keys: readonly ItemAtSite[]) => Promise<Map<string, T>>) =>
  async (keys: readonly ItemAtSite[]) => {
    const found = await load(keys);
    return keys.map((k) => found.get(itemAtSiteKey(k)) ?? null);
  };

const batch =
  <T>(load: (ids: readonly number[]) => Promise<Map<number, T>>) =>
  async (ids: readonly number[]) => {
    const found = await load(ids);
    return ids.map((id) => found.get(id) ?? null);
  };

export function createLoaders(db: PrismaClient, principal: Principal): Loaders {
  const { accountId } = principal;
  return {
    sku: new DataLoader(
      atSites((keys) => skusAtSites(db, accountId, keys)),
      {
        cacheKeyFn: itemAtSiteKey,
      },
    ),
    supplierItem: new DataLoader(
      atSites((keys) => supplierItemsAtSites(db, accountId, keys)),
      {
        cacheKeyFn: itemAtSiteKey,
      },
    ),
    stockTake: new DataLoader(batch((ids) => stockTakesByIds(db, principal, ids))),
    cycleCount: new DataLoader(
      async (keys) => {
        // One statement per site asked for (a page asks for one).
        const sites = [...new Set(keys.map((k) => k.siteId))];
        // A site the account does not have fails its own fields only.
        const found = await Promise.allSettled(
          sites.map((site) =>
            cycleCountsAt(
              db,
              principal,
              keys.filter((k) => k.siteId === site).map((k) => k.skuId),
              site,
            ),
          ),
        );
        const bySite = new Map(sites.map((site, i) => [site, found[i]!]));
        return keys.map((k) => {
          const at = bySite.get(k.siteId)!;
          return at.status === "fulfilled"
            ? at.value.get(k.skuId)!
            : at.reason instanceof Error
              ? at.reason
              : new Error(String(at.reason));
        });
      },
      { cacheKeyFn: (k) => `${k.siteId}:${k.skuId}` },
    ),
    movementPages: new DataLoader(
      bySize((owners, first) => firstMovementPages(db, principal, owners, first)),
      { cacheKeyFn: movementPageKey },
    ),
    levelPages: new DataLoader(
      async (keys: readonly LevelPageKey[]) => {
        // One statement per way of asking (a page asks one way); a site refused fails its own.
        const asks = new Map<string, number[]>();
        keys.forEach((key, i) => asks.set(levelAsk(key), [...(asks.get(levelAsk(key)) ?? []), i]));
        const pages: (Page<StockLevel> | Error)[] = new Array(keys.length);
        await Promise.all(
          [...asks.values()].map(async (at) => {
            const { first, siteIds } = keys[at[0]!]!;
            const ctx = { db, principal };
            try {
              const found = await firstLevelPages(
                ctx,
                at.map((i) => keys[i]!.owner),
                {
                  limit: first,
                  siteIds,
                },
              );
              at.forEach((i, j) => (pages[i] = found[j]!));
            } catch (error) {
              const failed = error instanceof Error ? error : new Error(String(error));
              at.forEach((i) => (pages[i] = failed));
            }
          }),
        );
        return pages;
      },
      { cacheKeyFn: levelPageKey },
    ),
    cost: new DataLoader(
      async (refs: readonly EntityRef[]) => {
        const ids = (type: EntityRef["entityType"]) =>
          refs.filter((r) => r.entityType === type).map((r) => r.id);
        const [skus, items] = await Promise.all([
          readCosts(db, accountId, "sku", ids("sku")),
          readCosts(db, accountId, "supplier_item", ids("supplier_item")),
        ]);
        return refs.map((r) => (r.entityType === "sku" ? skus : items).get(r.id) ?? null);
      },
      { cacheKeyFn: entityKey },
    ),
    movementMoney: new DataLoader((keys) => movementMoney(db, accountId, keys), {
      cacheKeyFn: (k) => k.id,
    }),
  };
}

/** Forgets every value read so far, so the next read sees what a write just changed. */
export function clearLoaders(loaders: Loaders): void {
  for (const loader of Object.values(loaders)) loader.clearAll();
}
