import DataLoader from "dataloader";
import type { PrismaClient } from "../db/client.js";
import { skusByIds, supplierItemsByIds } from "../modules/catalog/catalog.service.js";
import type { Sku, SupplierItem } from "../modules/catalog/catalog.types.js";
import { stockTakesByIds } from "../modules/stock-take/stock-take.service.js";
import type { StockTake } from "../modules/stock-take/stock-take.types.js";

/** Per-request batch loaders: a page of 1000 movements resolves its SKUs in one query, not 1000. */
export interface Loaders {
  sku: DataLoader<number, Sku | null>;
  supplierItem: DataLoader<number, SupplierItem | null>;
  stockTake: DataLoader<number, StockTake | null>;
}

const batch =
  <T>(load: (ids: readonly number[]) => Promise<Map<number, T>>) =>
  async (ids: readonly number[]) => {
    const found = await load(ids);
    return ids.map((id) => found.get(id) ?? null);
  };

export function createLoaders(db: PrismaClient, accountId: number): Loaders {
  return {
    sku: new DataLoader(batch((ids) => skusByIds(db, accountId, ids))),
    supplierItem: new DataLoader(batch((ids) => supplierItemsByIds(db, accountId, ids))),
    stockTake: new DataLoader(batch((ids) => stockTakesByIds(db, accountId, ids))),
  };
}

/** Forgets every value read so far, so the next read sees what a write just changed. */
export function clearLoaders(loaders: Loaders): void {
  for (const loader of Object.values(loaders)) loader.clearAll();
}
