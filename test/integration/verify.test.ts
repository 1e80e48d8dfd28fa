// countpoint verify over a ledger written through the API: a sound ledger verifies clean (exit
// 0), a break is reported (exit 1) for its account only, bad arguments and an unreachable
// database are exit 2, and the check reads one snapshot while writes go on.
import { verifyLedger } from "../../src/modules/verify/verify.service.js";
import { rest } from "../helpers/app.js";
import { createSku } from "../helpers/stock.js";
import type { TestAccount } from "../helpers/db.js";
import { runCountpoint as countpoint } from "../helpers/cli.js";
import { busyAccount, tamper, verifyWorld, type VerifyWorld } from "../helpers/verify.js";

let w: VerifyWorld;
let a: TestAccount;
let b: TestAccount;

beforeAll(async () => {
  w = await verifyWorld();
  a = await busyAccount(w.t);
  b = await busyAccount(w.t);
});
afterAll(() => w.close());

const rowCount = async (table: string, accountId?: number) => {
  const where = accountId === undefined ? "" : ` WHERE account_id = ${accountId}`;
  const [row] = await w.t.db.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM ${table}${where}`,
  );
  return row!.n;
};

describe("a sound ledger", () => {
  it("verifies clean, counting everything it checked, in process and on the command line", async () => {
    const report = await verifyLedger(w.t.db);
    expect(report).toEqual({
      ok: true,
      checked: {
        accounts: 2,
        skus: await rowCount("skus"),
        supplier_items: await rowCount("supplier_items"),
        movements: await rowCount("stock_movements"),
        stock_takes: 8,
        adjustment_lines: await rowCount("stock_adjustment_lines"),
        stock_take_lines: await rowCount("stock_take_lines"),
      },
      problems: [],
      problem_count: 0,
      truncated: false,
    });
    // Every kind of movement was written: the check walked them all.
    const sources = await w.t.db.$queryRaw<{ source: string }[]>`
      SELECT DISTINCT source::text AS source FROM stock_movements ORDER BY 1`;
    expect(sources.map((s) => s.source)).toEqual([
      "adjustment",
      "opening_balance",
      "stock_take",
      "transfer",
    ]);

    const cli = await countpoint(w.fresh.url, ["verify"]);
    expect(cli).toMatchObject({ code: 0, stderr: "" });
    expect(cli.stdout.trimEnd().split("\n")).toHaveLength(1);
    expect(JSON.parse(cli.stdout)).toEqual(report);
  });

  it("checks one snapshot: adjustments running meanwhile never show as a break", async () => {
    const id = await createSku(w.t, a.token, 1);
    const writes = Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        rest(w.t, "PATCH", `/skus/${id}`, {
          token: a.token,
          body: { on_hand: i + 2, reason: "correction" },
        }),
      ),
    );
    const reports = await Promise.all([1, 2, 3].map(() => verifyLedger(w.t.db)));
    expect((await writes).every((r) => r.status === 200)).toBe(true);
    for (const report of reports) expect(report.problems).toEqual([]);
  });
});

describe("countpoint verify on a broken ledger", () => {
  it("exits 1 with the break in its report, and --account checks one account only", async () => {
    const [movement] = await w.t.db.$queryRaw<{ id: bigint; sku_id: number }[]>`
      SELECT id, sku_id FROM stock_movements
      WHERE account_id = ${b.accountId} AND sku_id IS NOT NULL ORDER BY id LIMIT 1`;
    await tamper(
      w.fresh.url,
      `UPDATE sku_stock SET on_hand = on_hand + 1
      WHERE account_id = ${b.accountId} AND sku_id = ${movement!.sku_id}`,
    );

    const all = await countpoint(w.fresh.url, ["verify"]);
    expect(all.code).toBe(1);
    const report = JSON.parse(all.stdout);
    expect(report).toMatchObject({ ok: false, problem_count: 1, truncated: false });
    expect(report.problems).toEqual([
      expect.objectContaining({
        kind: "on_hand_mismatch",
        account_id: b.accountId,
        entity: { type: "sku", id: movement!.sku_id },
      }),
    ]);

    const other = await countpoint(w.fresh.url, ["verify", "--account", String(a.accountId)]);
    expect(other.code).toBe(0);
    expect(JSON.parse(other.stdout)).toMatchObject({
      ok: true,
      checked: { accounts: 1, movements: await rowCount("stock_movements", a.accountId) },
    });
    const own = await countpoint(w.fresh.url, ["verify", "--account", String(b.accountId)]);
    expect(own.code).toBe(1);
    expect(JSON.parse(own.stdout).problems).toEqual(report.problems);
  });

  it("lists at most the limit asked for and counts them all", async () => {
    const report = await verifyLedger(w.t.db, { accountId: b.accountId, limit: 0 });
    expect(report).toMatchObject({ ok: false, problems: [], problem_count: 1, truncated: true });
  });
});

describe("countpoint verify refuses to run", () => {
  it.each([
    [["--account", "x"], "--account must be a positive integer"],
    [["--account", "0"], "--account must be a positive integer"],
    [["--account"], "--account"],
    [["--acount", "1"], "--acount"],
    [["--account", "999999"], "there is no account 999999"],
  ])("%j: exit 2 with a message", async (args, message) => {
    const result = await countpoint(w.fresh.url, ["verify", ...args]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(message);
    expect(result.stderr).toMatch(/^countpoint: /);
  });

  it("exits 2 when the database cannot be reached", async () => {
    const unreachable = new URL(w.fresh.url);
    unreachable.port = "1";
    const result = await countpoint(unreachable.toString(), ["verify"]);
    expect(result).toMatchObject({ code: 2, stdout: "" });
    expect(result.stderr).toMatch(/^countpoint: verify failed: /);
  });
});
