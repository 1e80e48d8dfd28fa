// Scale: start, input, accept and reconcile send as many SQL statements for 10,000 lines as for
// 10 (set-based, never a round trip per line), and a count sheet of any size streams in full,
// each batch reading only its own lines.
import pg from "pg";
import { databaseUrl, newAccount, type TestAccount } from "../../helpers/db.js";
import { explain, scansOf } from "../../helpers/explain.js";
import { rest, type TestApp } from "../../helpers/app.js";
import { startLoggedApp, type LoggedApp } from "../../helpers/movements.js";
import { seedSkus } from "../../helpers/stock.js";
import { stockTakeClient } from "../../helpers/stock-takes.js";

let logged: LoggedApp;

beforeAll(async () => {
  logged = await startLoggedApp();
});
afterAll(() => logged.close());

/** An account with `n` SKUs on hand 5 each, each with its opening balance in the ledger. */
async function accountWithSkus(n: number): Promise<{ account: TestAccount; ids: number[] }> {
  const account = await newAccount(logged.db);
  return { account, ids: await seedSkus(logged.db, account.accountId, n) };
}

/** Runs the whole flow, returning the statements each step sent. */
async function flow(t: TestApp, n: number, basis: "freeze" | "count_time" = "freeze") {
  const { account, ids } = await accountWithSkus(n);
  const api = stockTakeClient(t, account.token);
  const statements: Record<string, number> = {};
  const step = async <T extends { status: number }>(name: string, call: () => Promise<T>) => {
    logged.queries.length = 0;
    const res = await call();
    expect({ name, status: res.status }).toEqual({ name, status: expect.any(Number) });
    statements[name] = logged.queries.length;
    return res as T & {
      body: {
        id: number;
        lines: unknown[];
        lines_count: number;
        accepted: unknown[];
        needs_review: unknown[];
        accepted_count: number;
        needs_review_count: number;
        applied: unknown[];
        applied_count: number;
        unchanged: number;
      };
    };
  };
  const started = await step("start", () => api.start({ basis }));
  expect(started.status).toBe(201);
  const id = started.body.id;
  // Every line counted; one in ten off by 3 (needs review), one in ten off by 1 (safe, applied),
  // the rest exact (safe, unchanged).
  const countOf = (i: number) => (i % 10 === 0 ? 8 : i % 10 === 1 ? 4 : 5);
  const counts = ids.map((sku, i) => ({ type: "sku", id: sku, counted_qty: countOf(i) }));
  const input = await step("input", () => api.input(id, { counts }));
  // The lines counted travel back once each, the first 1000 in line order, with how many.
  expect(input.body.lines_count).toBe(n);
  expect((input.body.lines as { id: number }[]).map((l) => l.id)).toEqual(ids.slice(0, 1000));
  const accepted = await step("accept", () => api.accept(id));
  // The answer stays small: the first 1000 of each list, with how many there are.
  expect(accepted.body).toMatchObject({ accepted_count: n - n / 10, needs_review_count: n / 10 });
  expect(accepted.body.accepted).toHaveLength(Math.min(1000, n - n / 10));
  // In line order from the first: the lines of every tenth SKU need review, the rest are safe.
  const firstSafe = ids.filter((_, i) => i % 10 !== 0).slice(0, 1000);
  expect((accepted.body.accepted as { id: number }[]).map((l) => l.id)).toEqual(firstSafe);
  expect(accepted.body.needs_review).toHaveLength(Math.min(1000, n / 10));
  await step("accept listed", () =>
    api.accept(id, {
      lines: ids.filter((_, i) => i % 10 === 0).map((sku) => ({ type: "sku", id: sku })),
    }),
  );
  const reconciled = await step("reconcile", () => api.reconcile(id));
  // Only the lines with a difference travel back, the first 1000 in line order; the matching
  // ones are counted.
  const changed = ids.filter((_, i) => i % 10 <= 1);
  expect(reconciled.body).toMatchObject({
    applied_count: changed.length,
    unchanged: n - changed.length,
  });
  expect((reconciled.body.applied as { id: number }[]).map((l) => l.id)).toEqual(
    changed.slice(0, 1000),
  );
  expect(
    await logged.db.stockMovement.count({
      where: { accountId: account.accountId, stockTakeId: id },
    }),
  ).toBe(changed.length);
  // Asked again, it answers the same from what it wrote, and writes nothing.
  const again = await step("reconcile again", () => api.reconcile(id));
  expect(again.body).toEqual({ ...reconciled.body });
  return { statements, account, id };
}

describe("set-based stock takes", () => {
  it("sends as many statements for 10,000 lines and counts as for 10", async () => {
    const small = await flow(logged, 10);
    const large = await flow(logged, 10_000);
    expect(large.statements).toEqual(small.statements);
    for (const count of Object.values(small.statements)) expect(count).toBeLessThan(25);
    // Counts: the token, the stock take locked, the lines found, one write that appends the count
    // log, updates the lines and reads the first of them back, COMMIT (Prisma's log shows no BEGIN).
    expect(small.statements.input).toBe(5);

    // Basis count_time reads the ledger at each count's time: set-based too.
    const smallAtCountTime = await flow(logged, 10, "count_time");
    const largerAtCountTime = await flow(logged, 2000, "count_time");
    expect(largerAtCountTime.statements).toEqual(smallAtCountTime.statements);

    // The count sheet of 10,000 lines streams in full (keyset batches, never one huge query).
    logged.queries.length = 0;
    const sheet = await rest(logged, "GET", `/stock-takes/${large.id}/lines`, {
      token: large.account.token,
      headers: { accept: "text/csv" },
    });
    expect(sheet.status).toBe(200);
    const rows = (sheet.body as string).trim().split("\r\n");
    expect(rows).toHaveLength(10_001);
    expect(rows[1]).toMatch(/^sku,\d+,,SCALE-0,Scale 0,5,8,applied,,MAIN$/);
    expect(rows[2]).toMatch(/^sku,\d+,,SCALE-1,Scale 1,5,4,applied,,MAIN$/);
    const reads = logged.queries.filter((q) => /FROM stock_take_lines (AS )?l\b/.test(q.sql));
    expect(reads.length).toBe(11);
  }, 600_000); // 20,020 SKUs through five steps each; slow on a busy machine, never a timing assertion
});

describe("a count sheet of 43,000 lines", () => {
  it("is served in full, byte for byte, in batches that each read only their own lines", async () => {
    const n = 43_000;
    const { account, ids } = await accountWithSkus(n);
    const api = stockTakeClient(logged, account.token);
    const started = await api.start({});
    expect(started.status).toBe(201);
    const id = started.body.id;
    // A few counted, one with a name the sheet must quote.
    await logged.db.sku.update({
      where: { accountId_id: { accountId: account.accountId, id: ids[1]! } },
      data: { name: 'Bolt, "M8"' },
    });
    const counted = await api.input(id, {
      counts: [0, 1, n - 1].map((i) => ({ type: "sku", id: ids[i], counted_qty: 7.5 })),
    });
    expect(counted.status).toBe(200);

    logged.queries.length = 0;
    const sheet = await rest(logged, "GET", `/stock-takes/${id}/lines`, {
      token: account.token,
      headers: { accept: "text/csv" },
    });
    expect(sheet.status).toBe(200);
    const row = (i: number) => {
      const name = i === 1 ? '"Bolt, ""M8"""' : `Scale ${i}`;
      const count = [0, 1, n - 1].includes(i) ? "7.5,counted" : ",uncounted";
      return `sku,${ids[i]},,SCALE-${i},${name},5,${count},,MAIN\r\n`;
    };
    const expected =
      "type,id,supplier,code,name,expected_qty,counted_qty,state,location,site\r\n" +
      ids.map((_, i) => row(i)).join("");
    expect(sheet.body).toBe(expected);

    // 43 batches of 1,000 lines and the empty one after them; the first reads 1,000 lines, not
    // all 43,000 (the index in line order), and so does every other.
    const batches = logged.queries.filter((q) => /FROM stock_take_lines (AS )?l\b/.test(q.sql));
    expect(batches).toHaveLength(44);
    const sql = new pg.Client({ connectionString: databaseUrl() });
    await sql.connect();
    try {
      for (const batch of [batches[0]!, batches[21]!]) {
        const read = scansOf("stock_take_lines", await explain(sql, batch, true));
        expect(read.reduce((sum, node) => sum + (node["Actual Rows"] ?? 0), 0)).toBeLessThanOrEqual(
          1000,
        );
      }
    } finally {
      await sql.end();
    }
  }, 600_000); // 43,000 SKUs and a stock take of them: slow on a busy machine, never timed
});
