import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { PrismaClient } from "../../db/client.js";
import type { ServiceContext } from "../../context.js";
import { SCOPES, SYSTEM_ACTOR } from "../../auth/principal.js";
import { createSku, createSupplierItem } from "../catalog/catalog.service.js";
import { updateSku } from "../catalog/catalog.update.js";
import { createAccount } from "./account.service.js";
import { createToken } from "../token/token.store.js";
import { bulkAdjust } from "../adjustment/adjustment.service.js";
import { createSite } from "../site/site.service.js";
import { startStockTake, submitCounts } from "../stock-take/stock-take.service.js";
import { updateAccount } from "./account.settings.js";

/** The demo's SKUs: code, name, on hand at Main, bin location, unit cost in EUR. */
const DEMO_SKUS: [code: string, name: string, onHand: number, location: string, cost: number][] = [
  ["TSHIRT-S-BLK", "T-shirt, small, black", 40, "A-01-01", 4.2],
  ["TSHIRT-M-BLK", "T-shirt, medium, black", 55, "A-01-02", 4.2],
  ["TSHIRT-L-BLK", "T-shirt, large, black", 32, "A-01-03", 4.35],
  ["HOODIE-M-GRY", "Hoodie, medium, grey", 18, "A-02-01", 11.8],
  ["HOODIE-L-GRY", "Hoodie, large, grey", 12, "A-02-02", 12.1],
  ["CAP-NAVY", "Baseball cap, navy", 60, "A-03-01", 3.15],
  ["SOCKS-3PK", "Socks, 3-pack", 120, "A-03-02", 2.4],
  ["MUG-WHITE", "Mug, white, 330 ml", 75, "B-01-01", 1.9],
  ["BOTTLE-STEEL", "Water bottle, steel, 0.75 l", 24, "B-01-02", 6.75],
  ["TOTE-CANVAS", "Tote bag, canvas", 48, "B-02-01", 2.05],
  ["COFFEE-BEANS-1KG", "Coffee beans (kg)", 22.5, "B-03-01", 14.6],
  ["ROPE-MANILA", "Manila rope (m)", 312.75, "C-01-01", 0.85],
  ["STICKER-LOGO", "Logo sticker", 500, "C-02-01", 0.04],
  ["NOTEBOOK-A5", "Notebook, A5", 0, "C-02-02", 1.3],
];

/**
 * The n-th demo barcode (from 1): an EAN-13 in the range GS1 keeps for use inside a company
 * (prefix 200), so it can never be a real product's.
 */
export function demoBarcode(n: number): string {
  const body = `200000000${String(n).padStart(3, "0")}`;
  const sum = [...body].reduce((total, d, i) => total + Number(d) * (i % 2 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}

/** The second site, its stock of some SKUs and their bins there, and what its first count found. */
const WAREHOUSE = { code: "WAREHOUSE", name: "Warehouse" };
const WAREHOUSE_STOCK: [code: string, onHand: number, location: string, counted: number | null][] =
  [
    ["TSHIRT-S-BLK", 200, "W1-01", 198],
    ["TSHIRT-M-BLK", 240, "W1-02", 240],
    ["HOODIE-M-GRY", 60, "W1-03", 57],
    ["MUG-WHITE", 300, "W2-01", 300],
    ["COFFEE-BEANS-1KG", 80, "W2-02", null],
    ["SOCKS-3PK", 500, "W2-03", null],
  ];

const DEMO_SUPPLIER_ITEMS: [
  supplier: string,
  code: string,
  name: string,
  link: string | null,
  onHand: number,
][] = [
  ["Acme Textiles", "AT-1001", "Tee blank black S", "TSHIRT-S-BLK", 0],
  ["Acme Textiles", "AT-1002", "Tee blank black M", "TSHIRT-M-BLK", 0],
  ["Acme Textiles", "AT-2001", "Hoodie blank grey M", "HOODIE-M-GRY", 0],
  ["Northwind Roasters", "NW-ETH-1KG", "Ethiopia beans 1 kg bag", "COFFEE-BEANS-1KG", 0],
  ["Packright", "PR-BOX-S", "Shipping box, small", null, 250],
  ["Packright", "PR-TAPE", "Packing tape (rolls)", null, 36],
];

export interface DemoAccess {
  accountId: number;
  accountName: string;
  token: string;
  created: boolean;
}

/**
 * On first start of an empty embedded database: creates the demo account (in EUR) with SKUs
 * (opening balances as movements, a barcode, a bin location in areas A to C and a cost each) and
 * supplier items, a second site holding some of them with a stock take being counted there, and
 * a token with every scope, kept in the data folder so later starts can show it again. Later
 * starts create nothing.
 */
export async function ensureDemoAccount(
  db: PrismaClient,
  dataDir: string,
): Promise<DemoAccess | null> {
  const tokenFile = join(dataDir, "demo-token");
  const existing = await db.account.findFirst({ orderBy: { id: "asc" } });
  if (existing) {
    const token = await readFile(tokenFile, "utf8").catch(() => null);
    if (!token) return null;
    return {
      accountId: existing.id,
      accountName: existing.name,
      token: token.trim(),
      created: false,
    };
  }
  const account = await createAccount(db, { name: "Demo", timezone: "UTC" });
  // The token first: should seeding stop half-way, the next start still shows a working token.
  const { token } = await createToken(db, {
    accountId: account.id,
    name: "demo",
    scopes: [...SCOPES],
  });
  await writeFile(tokenFile, token, { mode: 0o600 });
  const ctx: ServiceContext = {
    db,
    principal: {
      accountId: account.id,
      timezone: account.timezone,
      actor: SYSTEM_ACTOR,
      scopes: new Set(SCOPES),
    },
  };
  await updateAccount(ctx, { currency: "EUR" });
  const skuIds = new Map<string, number>();
  for (const [i, [code, name, onHand, location, unitCost]] of DEMO_SKUS.entries()) {
    const barcodes = [demoBarcode(i + 1)];
    const made = await createSku(ctx, {
      code,
      name,
      openingOnHand: onHand,
      barcodes,
      location,
      unitCost,
    });
    skuIds.set(code, made.value.id);
  }
  for (const [supplier, code, name, link, onHand] of DEMO_SUPPLIER_ITEMS) {
    await createSupplierItem(ctx, {
      supplier,
      code,
      name,
      skuId: link ? skuIds.get(link) : null,
      openingOnHand: onHand,
    });
  }
  await seedWarehouse(ctx, skuIds);
  return { accountId: account.id, accountName: account.name, token, created: true };
}

/**
 * The warehouse: its stock of some SKUs (set as a stock adjustment there) in bins of two areas,
 * and its first stock take, of those SKUs, counted in part, so the count and review screens have
 * something to show.
 */
async function seedWarehouse(ctx: ServiceContext, skuIds: Map<string, number>): Promise<void> {
  const site = (await createSite(ctx, WAREHOUSE)).value;
  const id = (code: string) => skuIds.get(code)!;
  await bulkAdjust(ctx, {
    siteId: site.id,
    reason: "received",
    reference: "Opening stock",
    lines: WAREHOUSE_STOCK.map(([code, onHand]) => ({ type: "sku", id: id(code), newQty: onHand })),
  });
  for (const [code, , location] of WAREHOUSE_STOCK) {
    await updateSku(ctx, id(code), { location, siteId: site.id });
  }
  const take = await startStockTake(ctx, {
    siteId: site.id,
    scope: { skuIds: WAREHOUSE_STOCK.map(([code]) => id(code)) },
    reference: "Warehouse, first count",
  });
  await submitCounts(ctx, take.value.id, {
    counter: "demo",
    counts: WAREHOUSE_STOCK.flatMap(([code, , , counted]) =>
      counted === null ? [] : [{ type: "sku", id: id(code), countedQty: counted }],
    ),
  });
}
