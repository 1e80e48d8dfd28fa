// Helpers for stock take tests: the REST calls a warehouse makes, in the order it makes them.
import { rest, startTestApp, type TestApp } from "./app.js";
import { newAccount, type TestAccount } from "./db.js";
import { createSku } from "./stock.js";

type Ref = { type: "sku" | "supplier_item"; id: number };

/** A small REST client for one stock take flow, with the caller's token. */
export function stockTakeClient(t: TestApp, token: string) {
  return {
    start: (body: unknown = {}, headers?: Record<string, string>) =>
      rest(t, "POST", "/stock-takes/start", { token, body, headers }),
    input: (id: number, body: unknown, headers?: Record<string, string>) =>
      rest(t, "POST", `/stock-takes/${id}/input`, { token, body, headers }),
    inputCsv: (id: number, csv: string | Uint8Array, query = "") =>
      rest(t, "POST", `/stock-takes/${id}/input${query}`, {
        token,
        raw: csv,
        headers: { "content-type": "text/csv" },
      }),
    accept: (id: number, body: unknown = {}, headers?: Record<string, string>) =>
      rest(t, "POST", `/stock-takes/${id}/accept-lines`, { token, body, headers }),
    reconcile: (id: number, body: unknown = {}, headers?: Record<string, string>) =>
      rest(t, "POST", `/stock-takes/${id}/reconcile`, { token, body, headers }),
    cancel: (id: number) => rest(t, "POST", `/stock-takes/${id}/cancel`, { token }),
    get: (id: number) => rest(t, "GET", `/stock-takes/${id}`, { token }),
    lines: (id: number, query = "") =>
      rest(t, "GET", `/stock-takes/${id}/lines${query}`, { token }),
    counts: (id: number, query = "") =>
      rest(t, "GET", `/stock-takes/${id}/counts${query}`, { token }),
  };
}

/** A stock take of one new SKU of the token's account, and a read of its count log. */
export async function oneSkuStockTake(t: TestApp, token: string, opening = 7) {
  const sku = await createSku(t, token, opening);
  const client = stockTakeClient(t, token);
  const stockTake = (await client.start({ scope: { sku_ids: [sku] } })).body.id as number;
  const countLog = async () => (await client.counts(stockTake, "?limit=1000")).body.data;
  return { sku, stockTake, countLog };
}

/** Counts of one entity by id. */
export const count = (ref: Ref, countedQty: number, extra: Record<string, unknown> = {}) => ({
  type: ref.type,
  id: ref.id,
  counted_qty: countedQty,
  ...extra,
});

/** Creates SKUs with the given opening quantities; returns their refs. */
export async function skus(t: TestApp, token: string, ...openings: number[]): Promise<Ref[]> {
  const refs: Ref[] = [];
  for (const opening of openings)
    refs.push({ type: "sku", id: await createSku(t, token, opening) });
  return refs;
}

/** Sets a SKU's on hand by an adjustment (a sale or a receipt during the count). */
export async function adjustSku(t: TestApp, token: string, id: number, onHand: number) {
  const res = await rest(t, "PATCH", `/skus/${id}`, {
    token,
    body: { on_hand: onHand, reason: "correction" },
  });
  if (res.status !== 200) throw new Error(`adjusting failed: ${JSON.stringify(res.body)}`);
  return res.body;
}

export interface StockTakeSuite {
  t: TestApp;
  acct: TestAccount;
  api: ReturnType<typeof stockTakeClient>;
}

/**
 * One app for the file and a fresh account per test (a default-scope start counts everything the
 * account has, so stories must not share one); `use` receives them before each test.
 */
export function eachTestInItsOwnAccount(use: (suite: StockTakeSuite) => void): void {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  beforeEach(async () => {
    const acct = await newAccount(t.db);
    use({ t, acct, api: stockTakeClient(t, acct.token) });
  });
  afterAll(() => t.close());
}
