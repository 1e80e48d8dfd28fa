// The world the fuzz tests send their requests into: the real app on PostgreSQL, an account with
// something of everything (SKUs with barcodes, linked and unlinked supplier items, adjustments,
// stock takes in every status, a webhook with a delivery, API tokens issued through the API, sites)
// and a second account to aim at, plus the names and ids each holds, so generated requests can
// name real things and reach the services rather than stop at the validator. Run settings (FUZZ_RUNS, FUZZ_SEED) live here too.
import { reportingWhenSlow, type SetupSteps } from "./slow-setup.js";
import type { EntityKind } from "../../src/operations.js";
import { createToken } from "../../src/modules/token/token.store.js";
import type { PrismaClient } from "../../src/db/client.js";
import { rest, startTestApp, type TestApp } from "./app.js";
import { newAccount, type TestAccount } from "./db.js";
import { fingerprint } from "./fingerprint.js";

/** Cases per operation or GraphQL field: FUZZ_RUNS=500 npm test -- fuzz tries many more. */
export const FUZZ_RUNS = positive(process.env.FUZZ_RUNS) ?? 30;

/**
 * One seed for the whole run, printed so a failure can be replayed with FUZZ_SEED=… (fast-check
 * also prints the seed and path of the failing case).
 */
export const FUZZ_SEED = positive(process.env.FUZZ_SEED) ?? Math.floor(Math.random() * 2 ** 31);

/** The run's seed, varied per operation or field so that each draws cases of its own. */
export const seedOf = (name: string): number =>
  [...name].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) | 0, FUZZ_SEED);

function positive(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** The names and ids of one account's data. */
export interface Pools {
  skus: number[];
  /** Supplier items, unlinked ones first. */
  supplierItems: number[];
  linkedItems: number[];
  stockTakes: number[];
  adjustments: number[];
  webhooks: number[];
  deliveries: { endpoint: number; id: string }[];
  /** API tokens the cases may revoke: never the world's own tokens, which they send. */
  tokens: number[];
  /** Sites: the default, another, and a deactivated one. */
  sites: number[];
  /** Transfers: one in transit, one received at once. */
  transfers: number[];
  barcodes: string[];
  codes: string[];
  suppliers: string[];
  /** Cursors the lists answered, for `cursor` and `after`, by the list's path template. */
  cursors: Record<string, string[]>;
}

/** The pool that holds ids of each kind an operation takes (src/operations.ts). */
export const POOL_OF: Record<EntityKind, keyof Pools> = {
  sku: "skus",
  supplierItem: "supplierItems",
  linkedSupplierItem: "linkedItems",
  barcode: "barcodes",
  adjustment: "adjustments",
  stockTake: "stockTakes",
  webhook: "webhooks",
  webhookDelivery: "deliveries",
  token: "tokens",
  site: "sites",
  transfer: "transfers",
};

export interface FuzzWorld {
  t: TestApp;
  /** The account the requests are about, with every scope. */
  mine: TestAccount;
  /** A token of the same account with the read scope only. */
  readOnly: string;
  /** Another account: its token and ids must never reach the first account's data. */
  theirs: TestAccount;
  pools: { mine: Pools; theirs: Pools };
  /** Both accounts as the last case left them (nothing else writes to them meanwhile). */
  last?: WorldFingerprint;
}

/** The names of the world's own tokens (newAccount's, and the read-only one). */
const WORLD_TOKEN = "test-token";
const READ_ONLY_TOKEN = "fuzz-reader";

let counter = 0;
const code = (prefix: string) => `${prefix}-${process.pid}-${++counter}`;
const LOCAL_HOOK = "http://127.0.0.1:9/hooks";

/** The request the world's setup sent last (reported when the setup runs long). */
export const SETUP_STEPS: SetupSteps = { current: "starting the app" };

async function must(t: TestApp, method: string, path: string, token: string, body?: unknown) {
  SETUP_STEPS.current = `${method} ${path}`;
  const res = await rest(t, method, path, { token, body });
  if (res.status >= 300) {
    throw new Error(`setting up: ${method} ${path} ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body;
}

/** Something of everything in one account, made through the API. */
async function seed(t: TestApp, token: string, db: PrismaClient, accountId: number) {
  const skus: number[] = [];
  for (let i = 0; i < 8; i++) {
    const barcodes = i % 2 === 0 ? [code("LBL")] : [];
    const body = { code: code("SKU"), name: `Fuzz SKU ${i}`, opening_on_hand: i * 7.5, barcodes };
    skus.push((await must(t, "POST", "/skus", token, body)).id);
  }
  const items: number[] = [];
  for (let i = 0; i < 4; i++) {
    const body = { supplier: "ACME", code: code("ITEM"), name: `Item ${i}`, opening_on_hand: i };
    items.push((await must(t, "POST", "/supplier-items", token, body)).id);
  }
  await must(t, "POST", "/supplier-items", token, {
    supplier: "BOLTS",
    code: code("LINKED"),
    name: "Linked",
    sku_id: skus[0],
  });
  await must(t, "POST", "/stock-adjustments/bulk", token, {
    reason: "received",
    lines: [
      { type: "sku", id: skus[1], new_qty: 12 },
      { type: "supplier_item", id: items[1], new_qty: 3.25 },
    ],
  });
  await must(t, "PATCH", `/skus/${skus[2]}`, token, { on_hand: 4, reason: "damaged" });
  // Stock takes in every status, each over SKUs of its own.
  const cancelled = await must(t, "POST", "/stock-takes/start", token, {
    scope: { sku_ids: [skus[7]] },
  });
  await must(t, "POST", `/stock-takes/${cancelled.id}/cancel`, token);
  const reconciled = await must(t, "POST", "/stock-takes/start", token, {
    scope: { sku_ids: [skus[6]] },
  });
  await must(t, "POST", `/stock-takes/${reconciled.id}/input`, token, {
    counts: [{ type: "sku", id: skus[6], counted_qty: 40 }],
  });
  await must(t, "POST", `/stock-takes/${reconciled.id}/accept-lines`, token, {
    lines: [{ type: "sku", id: skus[6] }],
  });
  await must(t, "POST", `/stock-takes/${reconciled.id}/reconcile`, token, {});
  await startStockTakes(t, token);
  const hook = await must(t, "POST", "/webhooks", token, {
    url: LOCAL_HOOK,
    event_types: ["stock.changed", "sku.created"],
  });
  // Deliveries are made by the worker, which the test app does not run: one written directly.
  await db.webhookDelivery.create({
    data: {
      accountId,
      endpointId: hook.id,
      eventId: 1n,
      eventType: "stock.changed",
      eventAt: new Date(),
      body: "{}",
      status: "failed",
    },
  });
  // Tokens for the cases to list and revoke (one revoked already).
  const expires_at = new Date(Date.now() + 12 * 3_600_000).toISOString();
  for (const scopes of [["read", "count"], ["read"]]) {
    await must(t, "POST", "/tokens", token, { name: code("device"), scopes, expires_at });
  }
  const revoked = await must(t, "POST", "/tokens", token, {
    name: code("lost"),
    scopes: ["count"],
    expires_at,
  });
  await must(t, "DELETE", `/tokens/${revoked.id}`, token);
  const store = await must(t, "POST", "/sites", token, { code: code("STORE"), name: "Fuzz store" });
  await must(t, "POST", "/sites", token, { code: code("SHUT"), name: "Closed", active: false });
  const main = await must(t, "GET", "/sites?limit=1", token);
  const between = { from_site_id: main.data[0].id, to_site_id: store.id };
  await must(t, "POST", "/transfers", token, {
    ...between,
    lines: [{ type: "sku", id: skus[1], qty: 2 }],
  });
  await must(t, "POST", "/transfers", token, {
    ...between,
    receive: true,
    lines: [{ type: "sku", id: skus[2], qty: 1 }],
  });
}

/** Entities of their own for new stock takes: three SKUs and two supplier items. */
async function freshEntities(t: TestApp, token: string) {
  const skus: number[] = [];
  const items: number[] = [];
  for (let i = 0; i < 3; i++) {
    const body = { code: code("SKU"), name: "Counted", opening_on_hand: 10 };
    skus.push((await must(t, "POST", "/skus", token, body)).id);
  }
  for (let i = 0; i < 2; i++) {
    const body = { supplier: "ACME", code: code("ITEM"), name: "Counted", opening_on_hand: 2 };
    items.push((await must(t, "POST", "/supplier-items", token, body)).id);
  }
  return { skus, items };
}

/** An open stock take and one being counted (blind, count_time), with a count of each kind. */
async function startStockTakes(t: TestApp, token: string) {
  const { skus, items } = await freshEntities(t, token);
  await must(t, "POST", "/stock-takes/start", token, {
    scope: { sku_ids: [skus[0]], supplier_item_ids: [items[0]] },
  });
  const counting = await must(t, "POST", "/stock-takes/start", token, {
    scope: { sku_ids: [skus[1], skus[2]], supplier_item_ids: [items[1]] },
    blind: true,
    basis: "count_time",
  });
  await must(t, "POST", `/stock-takes/${counting.id}/input`, token, {
    counts: [
      { type: "sku", id: skus[1], counted_qty: 9 },
      { type: "supplier_item", id: items[1], counted_qty: 3, mode: "add" },
    ],
  });
}

/** The account's current names and ids (the fuzzer's own successful writes add to them). */
async function poolsOf(t: TestApp, account: TestAccount): Promise<Pools> {
  const accountId = account.accountId;
  const db = t.db;
  const [skus, items, takes, adjustments, hooks, deliveries, barcodes, tokens, sites, transfers] =
    await Promise.all([
      db.sku.findMany({
        where: { accountId },
        select: { id: true, code: true },
        orderBy: { id: "asc" },
      }),
      db.supplierItem.findMany({
        where: { accountId },
        select: { id: true, code: true, supplier: true, skuId: true },
        orderBy: { id: "asc" },
      }),
      db.stockTake.findMany({ where: { accountId }, select: { id: true }, orderBy: { id: "asc" } }),
      db.stockAdjustment.findMany({ where: { accountId }, select: { id: true }, take: 20 }),
      db.webhookEndpoint.findMany({ where: { accountId }, select: { id: true } }),
      db.webhookDelivery.findMany({ where: { accountId }, select: { id: true, endpointId: true } }),
      db.barcode.findMany({ where: { accountId }, select: { code: true }, take: 50 }),
      // Not the world's own tokens (newAccount's and the read-only one): the cases send them.
      db.apiToken.findMany({
        where: { accountId, name: { notIn: [WORLD_TOKEN, READ_ONLY_TOKEN] } },
        select: { id: true },
        orderBy: { id: "desc" },
        take: 20,
      }),
      db.site.findMany({ where: { accountId }, select: { id: true }, orderBy: { id: "asc" } }),
      db.transfer.findMany({ where: { accountId }, select: { id: true }, orderBy: { id: "asc" } }),
    ]);
  return {
    skus: skus.map((s) => s.id),
    supplierItems: [
      ...items.filter((i) => i.skuId === null),
      ...items.filter((i) => i.skuId !== null),
    ].map((i) => i.id),
    linkedItems: items.filter((i) => i.skuId !== null).map((i) => i.id),
    stockTakes: takes.map((s) => s.id),
    adjustments: adjustments.map((a) => a.id),
    webhooks: hooks.map((h) => h.id),
    deliveries: deliveries.map((d) => ({ endpoint: d.endpointId, id: String(d.id) })),
    tokens: tokens.map((t) => t.id),
    sites: sites.map((s) => s.id),
    transfers: transfers.map((x) => x.id),
    barcodes: barcodes.map((b) => b.code),
    codes: [...skus.map((s) => s.code), ...items.map((i) => i.code)].slice(0, 50),
    suppliers: [...new Set(items.map((i) => i.supplier))],
    cursors: {},
  };
}

/** A cursor of each list (they are valid for their own list only), by path template. */
async function cursorsOf(t: TestApp, account: TestAccount, pools: Pools) {
  const lists: Record<string, string> = {
    "/skus": "/skus",
    "/supplier-items": "/supplier-items",
    "/stock-adjustments": "/stock-adjustments",
    "/stock-adjustments/{id}/lines": `/stock-adjustments/${pools.adjustments[0]}/lines`,
    "/events": "/events",
    "/stock/movements": `/stock/movements?sku_id=${pools.skus[1]}`,
    "/stock-takes": "/stock-takes",
    "/stock-takes/{id}/lines": `/stock-takes/${pools.stockTakes.at(-1)}/lines`,
    "/stock-takes/{id}/counts": `/stock-takes/${pools.stockTakes.at(-1)}/counts`,
    "/tokens": "/tokens",
    "/sites": "/sites",
    "/transfers": "/transfers",
    "/transfers/{id}/lines": `/transfers/${pools.transfers[0]}/lines`,
  };
  for (const [template, path] of Object.entries(lists)) {
    const limit = `${path.includes("?") ? "&" : "?"}limit=1`;
    const res = await rest(t, "GET", `${path}${limit}`, { token: account.token });
    if (typeof res.body.next_cursor === "string") pools.cursors[template] = [res.body.next_cursor];
  }
}

/**
 * How long a suite gives startFuzzWorld (its beforeAll's timeout). The world is two accounts made
 * through about a hundred requests: 4 s alone, 12 s beside the other fuzz suite's cases; past
 * 30 s it reports what the database's sessions wait on.
 */
export const WORLD_SETUP_MS = 120_000;

/** The app, both accounts with their data, and their pools. */
export function startFuzzWorld(): Promise<FuzzWorld> {
  return reportingWhenSlow("the fuzz world", SETUP_STEPS, buildWorld(), 30_000);
}

async function buildWorld(): Promise<FuzzWorld> {
  SETUP_STEPS.current = "starting the app";
  const t = await startTestApp();
  const mine = await newAccount(t.db);
  const theirs = await newAccount(t.db);
  const { token: readOnly } = await createToken(t.db, {
    accountId: mine.accountId,
    name: READ_ONLY_TOKEN,
    scopes: ["read"],
  });
  await seed(t, mine.token, t.db, mine.accountId);
  await seed(t, theirs.token, t.db, theirs.accountId);
  SETUP_STEPS.current = "reading the pools";
  const pools = { mine: await poolsOf(t, mine), theirs: await poolsOf(t, theirs) };
  await cursorsOf(t, mine, pools.mine);
  await cursorsOf(t, theirs, pools.theirs);
  return { t, mine, readOnly, theirs, pools };
}

/**
 * Reads the pools again, and starts stock takes when the fuzzer has closed every one, so each
 * operation's cases find open ones to count and reconcile.
 */
export async function refreshPools(world: FuzzWorld): Promise<void> {
  const { t, mine } = world;
  const open = await t.db.stockTake.count({
    where: { accountId: mine.accountId, status: { in: ["open", "counting"] } },
  });
  if (open < 2) await startStockTakes(t, mine.token);
  world.pools.mine = { ...(await poolsOf(t, mine)), cursors: world.pools.mine.cursors };
  world.last = undefined;
}

const FINGERPRINT = {
  // Only ever added to (movements and counts refuse changes in PostgreSQL; events are added, and
  // pruned by age, which a count sees): count and last id suffice.
  appendOnly: ["stock_movements", "events", "stock_take_counts"],
  // The rate limiter's buckets: every request a token sends takes from its bucket, refused or
  // not (a client sending bad requests over and over is limited too).
  leaveOut: ["api_token_buckets"],
};

/** Both accounts' rows, table by table (count and digest): a refusal or a read changes neither. */
export type WorldFingerprint = Record<string, string>;

export async function worldFingerprint(world: FuzzWorld): Promise<WorldFingerprint> {
  const accounts = { mine: world.mine.accountId, theirs: world.theirs.accountId };
  const parts = await Promise.all(
    Object.entries(accounts).map(async ([who, id]) =>
      Object.entries(await fingerprint(world.t.db, id, FINGERPRINT)).map(
        ([table, { rows, hash }]) => [`${who}.${table}`, `${rows} rows ${hash}`] as const,
      ),
    ),
  );
  return Object.fromEntries(parts.flat());
}

/** The tables whose rows differ between two fingerprints, as "table: before → after". */
export function fingerprintChanges(before: WorldFingerprint, after: WorldFingerprint): string[] {
  return Object.keys(before)
    .filter((table) => before[table] !== after[table])
    .map((table) => `${table}: ${before[table]} → ${after[table]}`);
}
