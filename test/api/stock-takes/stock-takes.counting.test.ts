// Counting: set and add, several counters, recounts, zero counts, the count log, CSV in and out,
// and every way a count request can be wrong (refused whole, nothing recorded).
import { jest } from "@jest/globals";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { rest, type TestApp } from "../../helpers/app.js";
import {
  count,
  skus,
  eachTestInItsOwnAccount,
  stockTakeClient,
} from "../../helpers/stock-takes.js";

let t: TestApp;
let acct: TestAccount;
let api: ReturnType<typeof stockTakeClient>;

eachTestInItsOwnAccount((suite) => ({ t, acct, api } = suite));

/** Everything a count request could write for the account. */
async function countState(accountId: number) {
  const [counts, lines, takes] = await Promise.all([
    t.db.stockTakeCount.count({ where: { accountId } }),
    t.db.stockTakeLine.findMany({ where: { accountId }, orderBy: { id: "asc" } }),
    t.db.stockTake.findMany({
      where: { accountId },
      orderBy: { id: "asc" },
      select: { status: true },
    }),
  ]);
  return { counts, lines, takes };
}

async function expectNothingRecorded<T>(request: () => Promise<T>): Promise<T> {
  const before = await countState(acct.accountId);
  const result = await request();
  expect(await countState(acct.accountId)).toEqual(before);
  return result;
}

describe("counts", () => {
  it("two counters adding to one line, a recount after acceptance and a zero count all show in the count log", async () => {
    const [a, b] = await skus(t, acct.token, 10, 3);
    const id = (await api.start()).body.id as number;

    await api.input(id, { counts: [count(a!, 4, { mode: "add" })], counter: "alice" });
    const second = await api.input(id, { counts: [count(a!, 5, { mode: "add" })], counter: "bob" });
    expect(second.body.lines).toEqual([
      expect.objectContaining({ id: a!.id, counted_qty: 9, counted_by: "bob", state: "counted" }),
    ]);
    const zero = await api.input(id, { counts: [count(b!, 0)] });
    expect(zero.body.lines[0]).toMatchObject({
      id: b!.id,
      counted_qty: 0,
      difference: -3,
      state: "counted",
    });

    await api.accept(id, { lines: [a] });
    const recount = await api.input(id, { counts: [count(a!, 10)], counter: "carol" });
    expect(recount.body.lines[0]).toMatchObject({ counted_qty: 10, state: "counted" });

    const log = await api.counts(id);
    expect(log.status).toBe(200);
    expect(log.body.data).toEqual([
      expect.objectContaining({
        type: "sku",
        id: a!.id,
        mode: "add",
        quantity: 4,
        counted_qty: 4,
        counter: "alice",
      }),
      expect.objectContaining({
        id: a!.id,
        mode: "add",
        quantity: 5,
        counted_qty: 9,
        counter: "bob",
      }),
      expect.objectContaining({
        id: b!.id,
        mode: "set",
        quantity: 0,
        counted_qty: 0,
        counter: "test-token",
      }),
      expect.objectContaining({
        id: a!.id,
        mode: "set",
        quantity: 10,
        counted_qty: 10,
        counter: "carol",
      }),
    ]);
    expect(log.body.data[0]).toEqual(
      expect.objectContaining({
        code: expect.any(String),
        counted_at: expect.any(String),
        received_at: expect.any(String),
      }),
    );
    expect(log.body.next_cursor).toBeNull();
    const paged = await api.counts(id, "?limit=3");
    expect(paged.body.data).toHaveLength(3);
    expect((await api.counts(id, `?cursor=${paged.body.next_cursor}`)).body.data).toHaveLength(1);
  });

  it("a reviewer's recount sends a line back to uncounted, flagged and listed for the counters, and keeps its earlier counts", async () => {
    const [a, b] = await skus(t, acct.token, 10, 2);
    const id = (await api.start()).body.id as number;
    await api.input(id, { counts: [count(a!, 30), count(b!, 2)] });
    const sentBack = async () =>
      (await api.lines(id, "?recount=true")).body.data.map((l: { id: number }) => l.id);
    expect(await sentBack()).toEqual([]);
    const review = await api.accept(id, { recount: [a] });
    expect(review.status).toBe(200);
    expect(review.body.recount).toEqual([
      expect.objectContaining({
        id: a!.id,
        state: "uncounted",
        counted_qty: null,
        recount_requested: true,
      }),
    ]);
    expect((await api.lines(id, "?state=uncounted")).body.data).toHaveLength(1);
    expect(await sentBack()).toEqual([a!.id]);
    const others = (await api.lines(id, "?recount=false")).body.data;
    expect(others.map((l: { id: number }) => l.id)).toEqual([b!.id]);
    const again = await api.input(id, { counts: [count(a!, 11, { mode: "add" })] });
    expect(again.body.lines[0]).toMatchObject({ counted_qty: 11, recount_requested: false });
    expect(await sentBack()).toEqual([]);
    expect((await api.counts(id)).body.data.map((c: { quantity: number }) => c.quantity)).toEqual([
      30, 2, 11,
    ]);
  });

  it("names entities by code: a SKU's code, a supplier item's supplier and code", async () => {
    const [a] = await skus(t, acct.token, 2);
    const sku = await rest(t, "GET", `/skus/${a!.id}`, { token: acct.token });
    const item = await rest(t, "POST", "/supplier-items", {
      token: acct.token,
      body: { supplier: "ACME", code: "X-1", name: "Bolt", opening_on_hand: 4 },
    });
    const id = (await api.start()).body.id as number;
    const res = await api.input(id, {
      counts: [
        { type: "sku", code: sku.body.code, counted_qty: 2 },
        { type: "supplier_item", supplier: "ACME", code: "X-1", counted_qty: 5 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.lines).toEqual([
      expect.objectContaining({ type: "sku", id: a!.id, counted_qty: 2 }),
      expect.objectContaining({
        type: "supplier_item",
        id: item.body.id,
        supplier: "ACME",
        code: "X-1",
        difference: 1,
      }),
    ]);
  });

  it("replays a retried count with the same Idempotency-Key instead of adding twice", async () => {
    const [a] = await skus(t, acct.token, 1);
    const id = (await api.start()).body.id as number;
    const body = { counts: [count(a!, 2, { mode: "add" })] };
    const first = await api.input(id, body, { "idempotency-key": "scan-1" });
    const retry = await api.input(id, body, { "idempotency-key": "scan-1" });
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    expect((await api.counts(id)).body.data).toHaveLength(1);
  });
});

describe("refused count requests record nothing", () => {
  it("an entity outside the scope, an unknown one and a bad quantity: every problem listed", async () => {
    const [a, outside] = await skus(t, acct.token, 1, 1);
    const id = (await api.start({ scope: { sku_ids: [a!.id] } })).body.id as number;
    const res = await expectNothingRecorded(() =>
      api.input(id, {
        counts: [
          count(a!, 1),
          count(outside!, 1),
          { type: "sku", code: "NO-SUCH-CODE", counted_qty: 1 },
          count(a!, -1),
          count(a!, 1.0001),
        ],
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("NOT_IN_STOCK_TAKE");
    expect(res.body.errors).toEqual([
      expect.objectContaining({ pointer: "/counts/1/id", code: "NOT_IN_STOCK_TAKE" }),
      expect.objectContaining({ pointer: "/counts/2/code", code: "NOT_IN_STOCK_TAKE" }),
      expect.objectContaining({ pointer: "/counts/3/counted_qty", code: "INVALID_QUANTITY" }),
      expect.objectContaining({ pointer: "/counts/4/counted_qty", code: "INVALID_QUANTITY" }),
    ]);
    const scope = await expectNothingRecorded(() =>
      api.input(id, {
        counts: [count(a!, 1), count(outside!, 1), { type: "sku", code: "NOPE", counted_qty: 1 }],
      }),
    );
    expect(scope.status).toBe(422);
    expect(scope.body.code).toBe("NOT_IN_STOCK_TAKE");
    expect(scope.body.errors).toEqual([
      {
        pointer: "/counts/1/id",
        code: "NOT_IN_STOCK_TAKE",
        message: `sku ${outside!.id} is not in stock take ${id}`,
      },
      {
        pointer: "/counts/2/code",
        code: "NOT_IN_STOCK_TAKE",
        message: `SKU "NOPE" is not in stock take ${id}`,
      },
    ]);
  });

  it("malformed counts, unknown modes, timestamps and empty or over-long lists", async () => {
    const [a] = await skus(t, acct.token, 1);
    const id = (await api.start()).body.id as number;
    const cases: [unknown, number, string, string[]][] = [
      [{ counts: [] }, 400, "INVALID_PARAMETER", ["/counts"]],
      [
        { counts: [count(a!, 1, { mode: "replace" })] },
        400,
        "INVALID_PARAMETER",
        ["/counts/0/mode"],
      ],
      [
        { counts: [count(a!, 1, { counted_at: "yesterday" })] },
        400,
        "INVALID_PARAMETER",
        ["/counts/0/counted_at"],
      ],
      [
        { counts: [count(a!, 1, { counted_at: "2999-01-01T00:00:00Z" })] },
        400,
        "INVALID_PARAMETER",
        ["/counts/0/counted_at"],
      ],
      [
        { counts: [{ type: "pallet", id: a!.id, counted_qty: 1 }] },
        400,
        "INVALID_PARAMETER",
        ["/counts/0/type"],
      ],
      [{ counts: [{ type: "sku", counted_qty: 1 }] }, 400, "INVALID_PARAMETER", ["/counts/0/id"]],
      [
        { counts: [{ type: "sku", id: a!.id, code: "X", counted_qty: 1 }] },
        400,
        "INVALID_PARAMETER",
        ["/counts/0/code"],
      ],
      [
        { counts: [{ type: "supplier_item", code: "X", counted_qty: 1 }] },
        400,
        "INVALID_PARAMETER",
        ["/counts/0/supplier"],
      ],
      [
        { counts: [{ type: "sku", id: a!.id, counted_qty: "1" }] },
        400,
        "INVALID_PARAMETER",
        ["/counts/0/counted_qty"],
      ],
      [
        { counts: [count(a!, 1, { colour: "red" })] },
        400,
        "INVALID_PARAMETER",
        ["/counts/0/colour"],
      ],
    ];
    for (const [body, status, code, pointers] of cases) {
      const res = await expectNothingRecorded(() => api.input(id, body));
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status, code });
      expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual(pointers);
    }
    const tooMany = await expectNothingRecorded(() =>
      api.input(id, { counts: Array.from({ length: 10_001 }, () => count(a!, 1)) }),
    );
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.code).toBe("TOO_MANY_LINES");
  });

  it("unknown and foreign stock take ids are 404", async () => {
    const [a] = await skus(t, acct.token, 1);
    const other = await newAccount(t.db);
    const [theirs] = await skus(t, other.token, 1);
    const foreign = (await stockTakeClient(t, other.token).start()).body.id as number;
    for (const id of [foreign, 2_000_000_000]) {
      const res = await api.input(id, { counts: [count(a!, 1)] });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("STOCK_TAKE_NOT_FOUND");
    }
    expect(theirs).toBeDefined();
  });
});

describe("CSV", () => {
  it("takes counts as text/csv, by id or by code, and answers like JSON", async () => {
    const [a, b] = await skus(t, acct.token, 5, 6);
    const code = (await rest(t, "GET", `/skus/${b!.id}`, { token: acct.token })).body.code;
    const id = (await api.start()).body.id as number;
    const byId = await api.inputCsv(
      id,
      `type,id,counted_qty\r\nsku,${a!.id},4.5\r\n`,
      "?counter=dora",
    );
    expect(byId.status).toBe(200);
    expect(byId.body.lines).toEqual([
      expect.objectContaining({ id: a!.id, counted_qty: 4.5, counted_by: "dora" }),
    ]);
    const byCode = await api.inputCsv(
      id,
      `type,code,counted_qty,mode\nsku,"${code}",2,add\nsku,${code},1,add\n`,
    );
    expect(byCode.status).toBe(200);
    expect(byCode.body.lines).toEqual([expect.objectContaining({ id: b!.id, counted_qty: 3 })]);
  });

  it("refuses a bad header, a wrong column count or a bad row, naming every row, recording nothing", async () => {
    const [a] = await skus(t, acct.token, 5);
    const id = (await api.start()).body.id as number;
    const header = await expectNothingRecorded(() =>
      api.inputCsv(id, `sku,id,qty\nsku,${a!.id},1\n`),
    );
    expect(header.status).toBe(400);
    expect(header.body.code).toBe("MALFORMED_REQUEST");
    expect(header.body.errors[0].pointer).toBe("/rows/1");

    const columns = await expectNothingRecorded(() =>
      api.inputCsv(id, `type,id,counted_qty\nsku,${a!.id},1\nsku,${a!.id}\nsku,${a!.id},1,9\n`),
    );
    expect(columns.status).toBe(400);
    expect(columns.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual([
      "/rows/3",
      "/rows/4",
    ]);

    const cells = await expectNothingRecorded(() =>
      api.inputCsv(id, `type,id,counted_qty\nsku,${a!.id},1\nsku,abc,1\nsku,${a!.id},-2\n`),
    );
    expect(cells.status).toBe(400);
    expect(cells.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual([
      "/rows/3/id",
      "/rows/4/counted_qty",
    ]);

    // Every kind of problem in one file is named, each at its row.
    const mixed = await expectNothingRecorded(() =>
      api.inputCsv(
        id,
        `type,id,counted_qty\nsku,${a!.id}\nsku,${a!.id},-2\nsku,999999999,1\nsku,${a!.id},1\n`,
      ),
    );
    expect(mixed.status).toBeGreaterThanOrEqual(400);
    expect(mixed.status).toBeLessThan(500);
    expect(
      mixed.body.errors.map((e: { pointer: string; code: string }) => [e.pointer, e.code]),
    ).toEqual([
      ["/rows/2", "MALFORMED_REQUEST"],
      ["/rows/3/counted_qty", "INVALID_QUANTITY"],
      ["/rows/4/id", "NOT_IN_STOCK_TAKE"],
    ]);
  });

  it("refuses a file that is not UTF-8, as a catalog import does, recording nothing", async () => {
    const [a] = await skus(t, acct.token, 5);
    const id = (await api.start()).body.id as number;
    const latin1 = Buffer.concat([
      Buffer.from(`type,id,counted_qty\nsku,${a!.id},1\n`),
      Buffer.from([0xdf]),
      Buffer.from("\n"),
    ]);
    const res = await expectNothingRecorded(() => api.inputCsv(id, latin1, "?counter=x"));
    expect([res.status, res.body.code]).toEqual([400, "MALFORMED_REQUEST"]);
    expect(res.body.detail).toMatch(/not UTF-8/);
    // Bad bytes in a code are not mended into another code either.
    const inCode = await expectNothingRecorded(() =>
      api.inputCsv(
        id,
        Buffer.concat([
          Buffer.from("type,code,counted_qty\nsku,A"),
          Buffer.from([0xc3, 0x28]),
          Buffer.from(",1\n"),
        ]),
      ),
    );
    expect([inCode.status, inCode.body.code]).toEqual([400, "MALFORMED_REQUEST"]);
  });

  it("refuses a file of more than 10,000 counts at the row past the limit, recording nothing", async () => {
    const [a] = await skus(t, acct.token, 5);
    const id = (await api.start()).body.id as number;
    const csv = `type,id,counted_qty\n${`sku,${a!.id},1\n`.repeat(10_001)}`;
    const res = await expectNothingRecorded(() => api.inputCsv(id, csv));
    expect([res.status, res.body.code]).toEqual([422, "TOO_MANY_LINES"]);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ pointer: "/rows/10002", code: "TOO_MANY_LINES" }),
    ]);
  });

  it("writes text cells a spreadsheet would run as formulas as text, and numbers as numbers", async () => {
    const hostile = ['=HYPERLINK("http://x","y")', "+1+1", "-2+3", "@SUM(A1)"];
    const made = [];
    for (const [i, text] of hostile.entries()) {
      const res = await rest(t, "POST", "/skus", {
        token: acct.token,
        body: { code: `${text}-${i}`, name: text, opening_on_hand: 5 },
      });
      expect(res.status).toBe(201);
      made.push(res.body as { id: number; code: string });
    }
    const id = (await api.start({ scope: { sku_ids: made.map((s) => s.id) } })).body.id as number;
    await api.input(id, { counts: made.map((s) => count({ type: "sku", id: s.id }, 2)) });
    const sheet = await rest(t, "GET", `/stock-takes/${id}/lines`, {
      token: acct.token,
      headers: { accept: "text/csv" },
    });
    expect(sheet.status).toBe(200);
    const quoted = (text: string) => `"'${text.replaceAll('"', '""')}"`;
    expect((sheet.body as string).split("\r\n").slice(1, -1)).toEqual(
      made.map((s, i) => `sku,${s.id},,${quoted(s.code)},${quoted(hostile[i]!)},5,2,counted,,MAIN`),
    );
  });

  it("streams the count sheet with Accept: text/csv", async () => {
    const [a] = await skus(t, acct.token, 5);
    const id = (await api.start()).body.id as number;
    await api.input(id, { counts: [count(a!, 4)] });
    const sheet = await rest(t, "GET", `/stock-takes/${id}/lines`, {
      token: acct.token,
      headers: { accept: "text/csv" },
    });
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get("content-type")).toMatch(/^text\/csv/);
    const code = (await rest(t, "GET", `/skus/${a!.id}`, { token: acct.token })).body.code;
    expect(sheet.body).toBe(
      `type,id,supplier,code,name,expected_qty,counted_qty,state,location,site\r\nsku,${a!.id},,${code},Test SKU,5,4,counted,,MAIN\r\n`,
    );
  });
});

describe("counted_at of added counts", () => {
  it("keeps the latest counted_at when add counts arrive out of order across requests, and a set replaces it", async () => {
    const [a] = await skus(t, acct.token, 10);
    const id = (await api.start()).body.id as number;
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const later = at(1);
    await api.input(id, { counts: [count(a!, 2, { mode: "add", counted_at: later })] });
    const earlier = await api.input(id, {
      counts: [count(a!, 3, { mode: "add", counted_at: at(3) })],
    });
    expect(earlier.body.lines[0]).toMatchObject({ counted_qty: 5, counted_at: later });
    const set = at(2);
    const replaced = await api.input(id, { counts: [count(a!, 7, { counted_at: set })] });
    expect(replaced.body.lines[0]).toMatchObject({ counted_qty: 7, counted_at: set });
  });

  it("stamps a count sent without counted_at by the database's clock, however far the service's clock drifts", async () => {
    const [a] = await skus(t, acct.token, 10);
    const id = (await api.start({ basis: "count_time" })).body.id as number;
    // The service's clock ten minutes behind the database's: only Date is faked.
    const now = Date.now();
    jest.useFakeTimers({
      now: now - 10 * 60_000,
      doNotFake: [
        "hrtime",
        "nextTick",
        "performance",
        "queueMicrotask",
        "requestAnimationFrame",
        "cancelAnimationFrame",
        "requestIdleCallback",
        "cancelIdleCallback",
        "setImmediate",
        "clearImmediate",
        "setInterval",
        "clearInterval",
        "setTimeout",
        "clearTimeout",
      ],
      advanceTimers: true,
    });
    let res;
    try {
      res = await api.input(id, { counts: [count(a!, 4)] });
    } finally {
      jest.useRealTimers();
    }
    // Not refused as counted before the freeze: it was counted when the database received it.
    expect(res.status).toBe(200);
    const log = await api.counts(id);
    expect(res.body.lines[0].counted_at).toBe(log.body.data[0].received_at);
    expect(Date.parse(res.body.lines[0].counted_at)).toBeGreaterThanOrEqual(now - 60_000);
  });
});
