// A start's dry run: what it would freeze (its lines in all and by area, as the started stock
// take's progress groups them), after the same checks as the start (the same refusals), with
// nothing written, not even its idempotency key; over REST and GraphQL, and priced as the start.
import { databaseUrl, newAccount, testDb, type TestAccount } from "../../helpers/db.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { seedSkus } from "../../helpers/stock.js";
import { holdLock } from "../../helpers/locks.js";
import { settled } from "../../helpers/start-lock.js";
import { STOCK_TAKE_START_LOCK_CLASS } from "../../../src/db/locks.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(await testDb());
});
afterAll(() => t.close());

/** An account whose SKUs are at these locations (on hand 5 each); their ids in order. */
async function catalogAt(locations: (string | null)[]): Promise<TestAccount & { ids: number[] }> {
  const acct = await newAccount(t.db);
  const rows = locations.map((location, i) => ({
    code: `PRE-${i}`,
    name: `Item ${i}`,
    location,
    opening_on_hand: 5,
  }));
  const made = await rest(t, "POST", "/skus/bulk", { token: acct.token, body: { rows } });
  expect(made.status).toBe(200);
  return { ...acct, ids: (made.body.ids as { id: number }[]).map((row) => row.id) };
}

const start = (acct: TestAccount, body: unknown, key?: string) =>
  rest(t, "POST", "/stock-takes/start", {
    token: acct.token,
    body,
    ...(key ? { headers: { "idempotency-key": key } } : {}),
  });

/** The account's stock takes and their lines: what a dry run must leave as it found. */
const written = async (acct: TestAccount) => ({
  takes: await t.db.stockTake.count({ where: { accountId: acct.accountId } }),
  lines: await t.db.stockTakeLine.count({ where: { accountId: acct.accountId } }),
  keys: await t.db.idempotencyKey.count({ where: { accountId: acct.accountId } }),
});

const START_PREVIEW = `mutation ($input: StartStockTakeInput!) {
  startStockTake(input: $input) {
    stockTake { id }
    preview { siteId lines areas { prefix lines } }
    userErrors { code field }
  }
}`;

describe("a start's dry run", () => {
  it("tells the lines and areas the start then freezes, writing nothing, not even its key", async () => {
    const acct = await catalogAt(["B-01-01", "a-01-02", "A-01-01", "A-02-07", null, "C-01-01"]);
    const scope = { locations: ["A", "b-"], sku_ids: [acct.ids[4]] };
    const preview = await start(acct, { scope, dry_run: true }, "preview-then-start");
    expect(preview.status).toBe(200);
    const site = await t.db.site.findFirstOrThrow({
      where: { accountId: acct.accountId, isDefault: true },
    });
    expect(preview.body).toEqual({
      dry_run: true,
      site_id: site.id,
      lines: 5,
      areas: [
        { prefix: "A-01", lines: 2 },
        { prefix: "A-02", lines: 1 },
        { prefix: "B-01", lines: 1 },
        { prefix: null, lines: 1 },
      ],
    });
    expect(await written(acct)).toEqual({ takes: 0, lines: 0, keys: 0 });

    // The start with the same key is a first start, and freezes what the preview said.
    const started = await start(acct, { scope }, "preview-then-start");
    expect(started.status).toBe(201);
    expect(started.headers.get("idempotent-replayed")).toBeNull();
    const summary = (await rest(t, "GET", `/stock-takes/${started.body.id}`, { token: acct.token }))
      .body.summary;
    expect(summary.lines).toBe(preview.body.lines);
    expect(
      summary.locations.map((a: { prefix: string | null; lines: number }) => [a.prefix, a.lines]),
    ).toEqual(
      preview.body.areas.map((a: { prefix: string | null; lines: number }) => [a.prefix, a.lines]),
    );
  });

  it("is refused as the start would be: an area being counted, an empty area, an unknown SKU", async () => {
    const acct = await catalogAt(["A-01-01", "B-01-01"]);
    expect((await start(acct, { scope: { locations: ["A"] } })).status).toBe(201);
    const before = await written(acct);
    const overlap = await start(acct, { scope: { locations: ["a-01"] }, dry_run: true });
    expect([overlap.status, overlap.body.code]).toEqual([409, "STOCK_TAKE_OVERLAP"]);
    expect(overlap.body.errors).toEqual([
      expect.objectContaining({ pointer: "/scope/locations", code: "STOCK_TAKE_OVERLAP" }),
    ]);
    const empty = await start(acct, { scope: { locations: ["Z-"] }, dry_run: true });
    expect([empty.status, empty.body.code]).toEqual([400, "INVALID_PARAMETER"]);
    const unknown = await start(acct, { scope: { sku_ids: [2_000_000_000] }, dry_run: true });
    expect([unknown.status, unknown.body.code]).toEqual([404, "SKU_NOT_FOUND"]);
    expect(await written(acct)).toEqual(before);
    // The area left is free: its preview is one line.
    const free = await start(acct, { scope: { locations: ["B"] }, dry_run: true });
    expect(free.body).toMatchObject({ lines: 1, areas: [{ prefix: "B-01", lines: 1 }] });
  });

  it("takes neither of the start's locks: it answers beside a start under way and an adjustment holding a row", async () => {
    const acct = await catalogAt(["A-01-01", "A-01-02"]);
    // Another start of the account holds its start lock; an adjustment holds a SKU of the scope.
    const held = await holdLock(
      databaseUrl(),
      `WITH row AS (SELECT id FROM skus WHERE id = $3 FOR UPDATE)
       SELECT pg_advisory_xact_lock($1::int, $2::int), (SELECT count(*) FROM row)`,
      [STOCK_TAKE_START_LOCK_CLASS, acct.accountId, acct.ids[0]],
    );
    const starting = start(acct, { scope: { locations: ["A"] } });
    try {
      const startAnswer = settled(starting);
      await held.waiters(1);
      let timer: NodeJS.Timeout | undefined;
      const preview = await Promise.race([
        start(acct, { scope: { locations: ["A"] }, dry_run: true }),
        new Promise<{ status: number }>((resolve) => {
          timer = setTimeout(() => resolve({ status: 0 }), 10_000);
        }),
      ]).finally(() => clearTimeout(timer));
      expect(preview).toMatchObject({ status: 200, body: { lines: 2 } });
      // The start waits behind the start in progress.
      expect(startAnswer.status).toBe(0);
    } finally {
      await held.release();
    }
    expect((await starting).status).toBe(201);
  });

  it("previews a whole catalog read as one set, and answers over GraphQL with userErrors alike", async () => {
    const acct = await newAccount(t.db);
    const ids = await seedSkus(t.db, acct.accountId, 1200, { prefix: "WHOLE" });
    // Two aisles and a shelf-less rest.
    await t.db.$executeRaw`
      UPDATE sku_stock SET location = CASE WHEN sku_id % 3 = 0 THEN 'A-01-' || sku_id
        WHEN sku_id % 3 = 1 THEN 'B-02-' || sku_id END
      WHERE account_id = ${acct.accountId}`;
    const third = (r: number) => ids.filter((id) => id % 3 === r).length;
    const answer = await postGraphql(
      t,
      { query: START_PREVIEW, variables: { input: { dryRun: true } } },
      acct.token,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({
      startStockTake: {
        stockTake: null,
        preview: {
          siteId: expect.any(Number),
          lines: 1200,
          areas: [
            { prefix: "A-01", lines: third(0) },
            { prefix: "B-02", lines: third(1) },
            { prefix: null, lines: third(2) },
          ],
        },
        userErrors: [],
      },
    });
    expect(await written(acct)).toEqual({ takes: 0, lines: 0, keys: 0 });

    const started = await start(acct, {});
    expect(started.status).toBe(201);
    const again = await postGraphql(
      t,
      { query: START_PREVIEW, variables: { input: { dryRun: true } } },
      acct.token,
    );
    expect(again.data).toMatchObject({
      startStockTake: {
        stockTake: null,
        preview: null,
        userErrors: expect.arrayContaining([
          expect.objectContaining({ code: "STOCK_TAKE_OVERLAP", field: ["scope"] }),
        ]),
      },
    });
  });
});
