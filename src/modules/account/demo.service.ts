import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { PrismaClient } from "../../db/client.js";
import type { ServiceContext } from "../../context.js";
import { SCOPES, SYSTEM_ACTOR } from "../../auth/principal.js";
import { createSku, createSupplierItem } from "../catalog/catalog.service.js";
import { createAccount } from "./account.service.js";
import { createToken } from "../token/token.store.js";

const DEMO_SKUS: [code: string, name: string, onHand: number][] = [
  ["TSHIRT-S-BLK", "T-shirt, small, black", 40],
  ["TSHIRT-M-BLK", "T-shirt, medium, black", 55],
  ["TSHIRT-L-BLK", "T-shirt, large, black", 32],
  ["HOODIE-M-GRY", "Hoodie, medium, grey", 18],
  ["HOODIE-L-GRY", "Hoodie, large, grey", 12],
  ["CAP-NAVY", "Baseball cap, navy", 60],
  ["SOCKS-3PK", "Socks, 3-pack", 120],
  ["MUG-WHITE", "Mug, white, 330 ml", 75],
  ["BOTTLE-STEEL", "Water bottle, steel, 0.75 l", 24],
  ["TOTE-CANVAS", "Tote bag, canvas", 48],
  ["COFFEE-BEANS-1KG", "Coffee beans (kg)", 22.5],
  ["ROPE-MANILA", "Manila rope (m)", 312.75],
  ["STICKER-LOGO", "Logo sticker", 500],
  ["NOTEBOOK-A5", "Notebook, A5", 0],
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
 * On first start of an empty embedded database: creates the demo account with SKUs and
 * supplier items (opening balances as movements) and a token with every scope, kept in the
 * data folder so later starts can show it again. Later starts create nothing.
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
  const skuIds = new Map<string, number>();
  for (const [code, name, onHand] of DEMO_SKUS) {
    skuIds.set(code, (await createSku(ctx, { code, name, openingOnHand: onHand })).value.id);
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
  return { accountId: account.id, accountName: account.name, token, created: true };
}
