// Helpers for tests of the ledger verifier: the app over a database of its own (a check reads
// every account, and breaks are injected on purpose), the built command line against it, breaks
// written with SQL past the ledger's guards, and a ledger written through the API.
import pg from "pg";
import { createPrismaClient } from "../../src/db/client.js";
import { migrate } from "../../src/db/migrate.js";
import { rest, startTestApp, type TestApp } from "./app.js";
import { newAccount, type TestAccount } from "./db.js";
import { createFreshDatabase, type FreshDatabase } from "./fresh-database.js";
import { createSupplierItem } from "./stock.js";
import { adjustSku, count, skus, stockTakeClient } from "./stock-takes.js";

type Ref = { type: "sku" | "supplier_item"; id: number };

export interface VerifyWorld {
  fresh: FreshDatabase;
  t: TestApp;
  close: () => Promise<void>;
}

/** The app over a fresh, migrated database of its own. */
export async function verifyWorld(): Promise<VerifyWorld> {
  const fresh = await createFreshDatabase();
  await migrate(fresh.url);
  const t = await startTestApp(createPrismaClient(fresh.url, 5));
  return {
    fresh,
    t,
    close: async () => {
      await t.close();
      await fresh.drop();
    },
  };
}

/**
 * Runs SQL that breaks the ledger, committed, with triggers off for its transaction (replica
 * mode, as the test's superuser): the movements' append-only guard, whether the table is
 * partitioned or not, and the catalog's own triggers (a break writes no event).
 */
export async function tamper(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`BEGIN;
      SET LOCAL session_replication_role = replica;
      ${sql};
      COMMIT`);
  } finally {
    await client.end();
  }
}

/** Reconciles a stock take of `refs` counted as `counts` (basis freeze unless told). */
export async function reconciledTake(
  t: TestApp,
  token: string,
  refs: Ref[],
  counts: number[],
  options: { basis?: "freeze" | "count_time"; during?: () => Promise<unknown> } = {},
): Promise<number> {
  const api = stockTakeClient(t, token);
  const started = await api.start({ scope: scopeOf(refs), basis: options.basis ?? "freeze" });
  if (started.status !== 201) throw new Error(`start: ${JSON.stringify(started.body)}`);
  const id = started.body.id as number;
  await options.during?.();
  await api.input(id, { counts: refs.map((r, i) => count(r, counts[i]!)) });
  await api.accept(id, { lines: refs });
  const res = await api.reconcile(id);
  if (res.status !== 200) throw new Error(`reconcile: ${JSON.stringify(res.body)}`);
  return id;
}

const scopeOf = (refs: Ref[]) => ({
  sku_ids: refs.filter((r) => r.type === "sku").map((r) => r.id),
  supplier_item_ids: refs.filter((r) => r.type === "supplier_item").map((r) => r.id),
});

/**
 * An account whose ledger holds every kind of record: opening balances, single and bulk
 * adjustments (with an unchanged line), a supplier item linked with its stock transferred and one
 * adjusted on its own, a stock take reconciled on basis freeze (with a sale during the count, a
 * clamp at 0 and a matching count), one on basis count_time, one still counting, one cancelled.
 */
export async function busyAccount(t: TestApp): Promise<TestAccount> {
  const acct = await newAccount(t.db);
  const token = acct.token;
  const [a, b, c, d] = await skus(t, token, 10, 5, 0, 2.5);
  const linked = await createSupplierItem(t, token, { openingOnHand: 4 });
  const own = await createSupplierItem(t, token, { openingOnHand: 1.25 });
  await adjustSku(t, token, a!.id, 12);
  const bulk = await rest(t, "POST", "/stock-adjustments/bulk", {
    token,
    body: {
      reason: "received",
      lines: [
        { type: "sku", id: b!.id, new_qty: 7.5 },
        { type: "sku", id: c!.id, new_qty: 0 },
        { type: "supplier_item", id: own, new_qty: 3 },
      ],
    },
  });
  if (bulk.status !== 201) throw new Error(`bulk: ${JSON.stringify(bulk.body)}`);
  const link = await rest(t, "POST", `/supplier-items/${linked}/link`, {
    token,
    body: { sku_id: d!.id, transfer: true },
  });
  if (link.status !== 200) throw new Error(`link: ${JSON.stringify(link.body)}`);
  // Freeze: a sells 11 during the count and is counted 3 short (clamped at 0), b is counted 2
  // over, the item as it was.
  const ownRef = { type: "supplier_item" as const, id: own };
  await reconciledTake(t, token, [a!, b!, ownRef], [9, 9.5, 3], {
    during: () => adjustSku(t, token, a!.id, 1),
  });
  // Count time: d sells 1 before its count, which finds 1 less than the ledger.
  await reconciledTake(t, token, [d!, c!], [4.5, 1], {
    basis: "count_time",
    during: () => adjustSku(t, token, d!.id, 5.5),
  });
  const api = stockTakeClient(t, token);
  const counting = (await api.start({ scope: { sku_ids: [c!.id] } })).body.id as number;
  await api.input(counting, { counts: [count(c!, 2)] });
  const cancelled = (await api.start({ scope: { sku_ids: [a!.id] } })).body.id as number;
  await api.cancel(cancelled);
  return acct;
}
