import DataLoader from "dataloader";
import type { PrismaClient } from "../db/client.js";
import {
  itemAtSiteKey,
  skusAtSites,
  supplierItemsAtSites,
  type ItemAtSite,
} from "../modules/catalog/index.js";
import type { Sku, SupplierItem } from "../modules/catalog/catalog.types.js";
import type { Page } from "../cursor.js";
import { firstMovementPages, type MovementOwner } from "../modules/movement/index.js";
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
}

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

export function createLoaders(db: PrismaClient, accountId: number): Loaders {
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
    stockTake: new DataLoader(batch((ids) => stockTakesByIds(db, accountId, ids))),
    cycleCount: new DataLoader(
      async (keys) => {
        // One statement per site asked for (a page asks for one).
        const sites = [...new Set(keys.map((k) => k.siteId))];
        // A site the account does not have fails its own fields only.
        const found = await Promise.allSettled(
          sites.map((site) =>
            cycleCountsAt(
              db,
              accountId,
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
      bySize((owners, first) => firstMovementPages(db, accountId, owners, first)),
      { cacheKeyFn: movementPageKey },
    ),
  };
}

/** Forgets every value read so far, so the next read sees what a write just changed. */
export function clearLoaders(loaders: Loaders): void {
  for (const loader of Object.values(loaders)) loader.clearAll();
}
