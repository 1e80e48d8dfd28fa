// The ledger's locks for a change naming several sites (a bulk adjustment whose lines name their
// own): each entity is locked once, in the one order every change takes, before any stock is
// read, and read at each site it is named at. Without retries (plain transactions), so a
// deadlock would surface here.
import { createPrismaClient, type PrismaClient } from "../../src/db/client.js";
import { lockStockAtSites, type SiteRef } from "../../src/ledger/ledger.js";
import { createSku } from "../../src/modules/catalog/catalog.service.js";
import { createSite } from "../../src/modules/site/site.service.js";
import type { ServiceContext } from "../../src/context.js";
import { databaseUrl, newAccountContext, testDb } from "../helpers/db.js";

let db: PrismaClient;
/** A client with a larger pool, so the transactions really run side by side. */
let wide: PrismaClient;
let ctx: ServiceContext;
let accountId: number;
let codes = 0;

beforeAll(async () => {
  db = await testDb();
  wide = createPrismaClient(databaseUrl(), 6);
  ctx = await newAccountContext(db);
  accountId = ctx.principal.accountId;
});
afterAll(() => Promise.all([db.$disconnect(), wide.$disconnect()]));

const newSku = async (openingOnHand = 0) =>
  (await createSku(ctx, { code: `LSITES-${++codes}`, name: "Sites ledger", openingOnHand })).value
    .id;
const newSite = async () =>
  (await createSite(ctx, { code: `LS-${++codes}`, name: "Ledger site" })).value.id;
const at = (id: number, siteId: number): SiteRef => ({ entityType: "sku", id, siteId });

/** Resolves once `pid` waits for a lock (polled: the waiting is PostgreSQL's to report). */
async function waitingForLock(pid: number): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const [row] = await db.$queryRaw<{ waiting: boolean }[]>`
      SELECT coalesce(bool_or(wait_event_type = 'Lock'), false) AS waiting
      FROM pg_stat_activity WHERE pid = ${pid}`;
    if (row?.waiting) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`backend ${pid} never waited for a lock`);
}

/**
 * A transaction that locks `refs` with lockStockAtSites once `go` resolves, answering its
 * backend's pid first (so the test can see it wait).
 */
function locking(refs: SiteRef[]) {
  let pid!: (n: number) => void;
  const started = new Promise<number>((r) => (pid = r));
  const done = wide.$transaction(
    async (tx) => {
      const [me] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
      pid(me!.pid);
      return lockStockAtSites(tx, accountId, refs);
    },
    { maxWait: 20_000, timeout: 60_000 },
  );
  return { started, done };
}

it("reads an entity's stock at each site it is named at, 0 where it has no level", async () => {
  const a = await newSku(5);
  const b = await newSku(7);
  const store = await newSite();
  const [home] = await db.$queryRaw<{ id: number }[]>`
    SELECT id FROM sites WHERE account_id = ${accountId} AND is_default`;
  await db.$executeRaw`
    INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand)
    VALUES (${accountId}, ${store}, ${a}, 2.5)`;

  const locked = await db.$transaction((tx) =>
    lockStockAtSites(tx, accountId, [at(a, home!.id), at(a, store), at(b, store)]),
  );

  const onHand = (site: number, id: number) => locked.get(site)?.get(`sku:${id}`)?.onHand.toFixed();
  expect(onHand(home!.id, a)).toBe("5");
  expect(onHand(store, a)).toBe("2.5");
  expect(onHand(store, b)).toBe("0");
  expect(locked.get(store)?.get(`sku:${b}`)?.siteId).toBe(store);
  expect(locked.get(home!.id)?.has(`sku:${b}`)).toBe(false);
});

it("locks every entity in one order before reading: changes naming them at sites in crossing orders never deadlock", async () => {
  const [one, two, three] = [await newSku(), await newSku(), await newSku()];
  const [x, y, z] = [await newSite(), await newSite(), await newSite()];
  // One holds the middle SKU, so both changes are queued behind it; a change locking site by
  // site would then hold its first site's SKU (one, or two) and wait for the other's.
  const blocker = await wide.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM skus WHERE account_id = ${accountId} AND id = ${three} FOR UPDATE`;
      const first = locking([at(one!, x), at(three!, y), at(two!, z)]);
      await waitingForLock(await first.started);
      const second = locking([at(two!, x), at(three!, y), at(one!, z)]);
      await waitingForLock(await second.started);
      return { first: first.done, second: second.done };
    },
    { maxWait: 20_000, timeout: 60_000 },
  );

  const outcomes = await Promise.allSettled([blocker.first, blocker.second]);

  expect(outcomes.map((o) => (o.status === "rejected" ? String(o.reason) : "ok"))).toEqual([
    "ok",
    "ok",
  ]);
});
