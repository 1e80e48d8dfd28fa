// Today's cycle count, as a warehouse starts it: `scope: {due: true, limit}` freezes the SKUs due
// for a count, most overdue first, leaving out what an open stock take already counts, over REST
// and GraphQL alike; priced by its limit before anything is read; bad input writes nothing.
import { createToken } from "../../../src/modules/token/token.store.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** An account of `n` SKUs, all classed (so all due: never counted), in id order. */
async function classedCatalog(n: number): Promise<TestAccount & { ids: number[] }> {
  const acct = await newAccount(t.db);
  const rows = Array.from({ length: n }, (_, i) => ({ code: `DUE-${i}`, name: `Item ${i}` }));
  const made = await rest(t, "POST", "/skus/bulk", { token: acct.token, body: { rows } });
  expect(made.status).toBe(200);
  const classified = await rest(t, "POST", "/skus/classify", { token: acct.token, body: {} });
  expect(classified.status).toBe(200);
  return { ...acct, ids: (made.body.ids as { id: number }[]).map((r) => r.id) };
}

const start = (acct: TestAccount, scope: object, token = acct.token) =>
  rest(t, "POST", "/stock-takes/start", { token, body: { scope } });

/** The SKU ids of a stock take's lines, in line order. */
async function lineSkus(acct: TestAccount, id: number): Promise<number[]> {
  const res = await rest(t, "GET", `/stock-takes/${id}/lines?limit=1000`, { token: acct.token });
  expect(res.status).toBe(200);
  return (res.body.data as { id: number }[]).map((l) => l.id);
}

const dueIds = async (acct: TestAccount, limit: number) => {
  const res = await rest(t, "GET", `/stock-takes/due?limit=${limit}`, { token: acct.token });
  return (res.body.data as { sku_id: number }[]).map((d) => d.sku_id);
};

describe("a stock take of what is due", () => {
  it("takes the first `limit` SKUs of the due list, and the next day's count the next ones", async () => {
    const acct = await classedCatalog(7);
    const first = await start(acct, { due: true, limit: 3 });
    expect(first.status).toBe(201);
    expect((await lineSkus(acct, first.body.id)).sort((a, b) => a - b)).toEqual(
      acct.ids.slice(0, 3),
    );
    // Still due (not counted yet), but counted by the open stock take: the next start leaves
    // them out and takes the next ones, instead of refusing the overlap.
    expect(await dueIds(acct, 3)).toEqual(acct.ids.slice(0, 3));
    const second = await start(acct, { due: true, limit: 3 });
    expect(second.status).toBe(201);
    expect((await lineSkus(acct, second.body.id)).sort((a, b) => a - b)).toEqual(
      acct.ids.slice(3, 6),
    );
  });

  it("beside a stock take already being counted, takes the next SKUs instead of refusing the overlap", async () => {
    const acct = await classedCatalog(6);
    const first = await start(acct, { due: true, limit: 3 });
    expect(first.status).toBe(201);
    const [counted] = await lineSkus(acct, first.body.id);
    const input = await rest(t, "POST", `/stock-takes/${first.body.id}/input`, {
      token: acct.token,
      body: { counts: [{ type: "sku", id: counted, counted_qty: 1 }] },
    });
    expect(input.status).toBe(200);
    const read = await rest(t, "GET", `/stock-takes/${first.body.id}`, { token: acct.token });
    expect(read.body.status).toBe("counting");
    const second = await start(acct, { due: true, limit: 3 });
    expect(second.status).toBe(201);
    expect((await lineSkus(acct, second.body.id)).sort((a, b) => a - b)).toEqual(
      acct.ids.slice(3, 6),
    );
  });

  it("two starts at once each take SKUs of their own: the second reads the list after the first", async () => {
    const acct = await classedCatalog(6);
    const [one, two] = await Promise.all([
      start(acct, { due: true, limit: 3 }),
      start(acct, { due: true, limit: 3 }),
    ]);
    expect([one.status, two.status]).toEqual([201, 201]);
    const taken = [
      ...(await lineSkus(acct, one.body.id)),
      ...(await lineSkus(acct, two.body.id)),
    ].sort((a, b) => a - b);
    expect(taken).toEqual(acct.ids);
  });

  it("keeps due and limit in its idempotency key: the same key with another limit is refused", async () => {
    const acct = await classedCatalog(4);
    const send = (limit: number) =>
      rest(t, "POST", "/stock-takes/start", {
        token: acct.token,
        headers: { "idempotency-key": "due-start-1" },
        body: { scope: { due: true, limit } },
      });
    const first = await send(2);
    expect(first.status).toBe(201);
    const again = await send(2);
    expect(again.body.id).toBe(first.body.id);
    const other = await send(3);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("combines with SKUs named by id, and takes 100 when no limit is given", async () => {
    const acct = await classedCatalog(3);
    const [a, b, c] = acct.ids as [number, number, number];
    const res = await start(acct, { sku_ids: [c], due: true });
    expect(res.status).toBe(201);
    expect((await lineSkus(acct, res.body.id)).sort((x, y) => x - y)).toEqual([a, b, c]);
  });

  it("with nothing due outside an open stock take, refuses an empty scope and writes nothing", async () => {
    const acct = await classedCatalog(2);
    expect((await start(acct, { due: true })).status).toBe(201);
    const empty = await start(acct, { due: true });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe("INVALID_PARAMETER");
    const takes = await rest(t, "GET", "/stock-takes", { token: acct.token });
    expect(takes.body.data).toHaveLength(1);
  });

  it.each([
    [{ due: true, limit: 10_001 }, "/scope/limit"],
    [{ due: true, limit: 0 }, "/scope/limit"],
    [{ limit: 5 }, "/scope/limit"],
    [{ due: false, limit: 5 }, "/scope/limit"],
  ])("refuses scope %j with 400 at %s and writes nothing", async (scope, pointer) => {
    const acct = await classedCatalog(1);
    const res = await start(acct, scope);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_PARAMETER");
    expect(JSON.stringify(res.body.errors ?? [])).toContain(pointer);
    const takes = await rest(t, "GET", "/stock-takes", { token: acct.token });
    expect(takes.body.data).toEqual([]);
  });

  it("is priced as `limit` lines before anything is read, over REST and GraphQL", async () => {
    const acct = await classedCatalog(1);
    const { token } = await createToken(t.db, {
      accountId: acct.accountId,
      name: "small",
      rateLimit: { perSecond: 1, burst: 60 },
    });
    // 5,000 lines cost 50 units, and the one SKU due is frozen.
    const res = await postGraphql(
      t,
      {
        query: `mutation Start($input: StartStockTakeInput!) {
          startStockTake(input: $input) { stockTake { id summary { lines } } userErrors { code } } }`,
        variables: { input: { scope: { due: true, limit: 5000 } } },
      },
      token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toMatchObject({ startStockTake: { stockTake: { summary: { lines: 1 } } } });
    const remaining = Number(res.headers.get("ratelimit-remaining"));
    expect(remaining).toBeGreaterThanOrEqual(9);
    expect(remaining).toBeLessThanOrEqual(12);
    // 10,000 lines cost 100 units (a full bucket of 60 at the least): refused before any work,
    // though nothing is left to take.
    for (const refused of [
      await start(acct, { due: true, limit: 10_000 }, token),
      await postGraphql(
        t,
        {
          query: `mutation { startStockTake(input: {scope: {due: true, limit: 10000}}) {
            stockTake { id } } }`,
        },
        token,
      ),
    ]) {
      expect(refused.status).toBe(429);
    }
    const takes = await rest(t, "GET", "/stock-takes", { token: acct.token });
    expect(takes.body.data).toHaveLength(1);
  });
});
