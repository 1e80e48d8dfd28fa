// Stock takes as a hostile client uses them: odd characters, dates and quantities at the edges,
// crafted cursors. Each is refused with a 4xx and its code, and nothing is written.
import type { TestAccount } from "../../helpers/db.js";
import { rest, type RestResponse, type TestApp } from "../../helpers/app.js";
import {
  adjustSku,
  count,
  skus,
  eachTestInItsOwnAccount,
  stockTakeClient,
} from "../../helpers/stock-takes.js";

let t: TestApp;
let acct: TestAccount;
let api: ReturnType<typeof stockTakeClient>;

eachTestInItsOwnAccount((suite) => ({ t, acct, api } = suite));

/** Everything a stock take request could write for the account. */
async function written() {
  const where = { where: { accountId: acct.accountId } };
  const [takes, lines, counts, movements] = await Promise.all([
    t.db.stockTake.findMany({ ...where, orderBy: { id: "asc" } }),
    t.db.stockTakeLine.findMany({ ...where, orderBy: { id: "asc" } }),
    t.db.stockTakeCount.count(where),
    t.db.stockMovement.count(where),
  ]);
  return { takes, lines, counts, movements };
}

/** The answer's status, code and pointers, with nothing written by the request. */
async function refused(request: () => Promise<RestResponse>) {
  const before = await written();
  const res = await request();
  expect(await written()).toEqual(before);
  return {
    status: res.status,
    code: res.body.code,
    pointers: (res.body.errors ?? []).map((e: { pointer: string }) => e.pointer),
  };
}

const cursor = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString("base64url");

describe("text a database cannot keep", () => {
  it("refuses NUL and lone surrogates in reference and note at start", async () => {
    await skus(t, acct.token, 1);
    expect(await refused(() => api.start({ reference: "R\u0000" }))).toEqual({
      status: 400,
      code: "INVALID_PARAMETER",
      pointers: ["/reference"],
    });
    expect(await refused(() => api.start({ note: "n\ud800" }))).toEqual({
      status: 400,
      code: "INVALID_PARAMETER",
      pointers: ["/note"],
    });
  });

  it("refuses them in the counter (JSON and ?counter= for CSV) and in codes and suppliers of counts", async () => {
    const [a] = await skus(t, acct.token, 1);
    const id = (await api.start()).body.id as number;
    const bad = [
      [{ counts: [count(a!, 1)], counter: "al\u0000ice" }, "/counter"],
      [{ counts: [count(a!, 1)], counter: "\udc00" }, "/counter"],
      [{ counts: [{ type: "sku", code: "B\u0000", counted_qty: 1 }] }, "/counts/0/code"],
      [{ counts: [{ type: "sku", code: "\ud800X", counted_qty: 1 }] }, "/counts/0/code"],
      [
        { counts: [{ type: "supplier_item", code: "X", supplier: "A\u0000", counted_qty: 1 }] },
        "/counts/0/supplier",
      ],
    ] as const;
    for (const [body, pointer] of bad) {
      expect({ body, answer: await refused(() => api.input(id, body)) }).toEqual({
        body,
        answer: { status: 400, code: "INVALID_PARAMETER", pointers: [pointer] },
      });
    }
    const csv = `type,id,counted_qty\nsku,${a!.id},1\n`;
    // (An encoded lone surrogate is no UTF-8: the query string keeps it as the text "%ED%A0%80".)
    for (const counter of ["%00", "a%00b"]) {
      const answer = await refused(() => api.inputCsv(id, csv, `?counter=${counter}`));
      expect({ counter, answer }).toEqual({
        counter,
        answer: { status: 400, code: "INVALID_PARAMETER", pointers: ["/counter"] },
      });
    }
  });
});

describe("counted_at", () => {
  it("refuses years out of range instead of failing in the database", async () => {
    const [a] = await skus(t, acct.token, 1);
    const id = (await api.start()).body.id as number;
    for (const at of [
      "0000-01-01T00:00:00Z",
      "0001-01-01T00:00:00+14:00",
      "1969-12-31T23:59:59Z",
    ]) {
      expect({
        at,
        answer: await refused(() => api.input(id, { counts: [count(a!, 1, { counted_at: at })] })),
      }).toEqual({
        at,
        answer: { status: 400, code: "INVALID_PARAMETER", pointers: ["/counts/0/counted_at"] },
      });
    }
  });

  it("with basis count_time refuses a count before the freeze", async () => {
    const [a] = await skus(t, acct.token, 1);
    const started = await api.start({ basis: "count_time" });
    const id = started.body.id as number;
    const before = new Date(Date.parse(started.body.frozen_at) - 60_000).toISOString();
    const answer = await refused(() =>
      api.input(id, { counts: [count(a!, 1), count(a!, 2, { counted_at: before })] }),
    );
    expect(answer).toEqual({
      status: 400,
      code: "INVALID_PARAMETER",
      pointers: ["/counts/1/counted_at"],
    });
    // The same time is fine with basis freeze: the count is compared with the freeze.
    await api.cancel(id);
    const other = (await api.start()).body.id as number;
    expect(
      (await api.input(other, { counts: [count(a!, 2, { counted_at: before })] })).status,
    ).toBe(200);
  });
});

describe("quantities past the largest", () => {
  it("refuses add counts summing to 10^11, in one request and across requests", async () => {
    const [a] = await skus(t, acct.token, 1);
    const id = (await api.start()).body.id as number;
    const inOne = await refused(() =>
      api.input(id, {
        counts: [count(a!, 99_999_999_999), count(a!, 1, { mode: "add" })],
      }),
    );
    expect(inOne).toEqual({
      status: 422,
      code: "INVALID_QUANTITY",
      pointers: ["/counts/1/counted_qty"],
    });
    expect((await api.input(id, { counts: [count(a!, 99_999_999_999.5)] })).status).toBe(200);
    const across = await refused(() =>
      api.input(id, { counts: [count(a!, 0.5, { mode: "add" })] }),
    );
    expect(across).toEqual({
      status: 422,
      code: "INVALID_QUANTITY",
      pointers: ["/counts/0/counted_qty"],
    });
  });

  it("refuses a reconcile whose on hand plus difference would pass the largest quantity", async () => {
    const [a] = await skus(t, acct.token, 99_999_999_000);
    const id = (await api.start()).body.id as number;
    expect((await api.input(id, { counts: [count(a!, 99_999_999_900)] })).status).toBe(200);
    expect((await api.accept(id, { lines: [a] })).status).toBe(200);
    // A receipt during the count: on hand + the difference (900) no longer fits.
    await adjustSku(t, acct.token, a!.id, 99_999_999_500);
    for (const body of [{ dry_run: true }, {}]) {
      const answer = await refused(() => api.reconcile(id, body));
      expect({ body, answer }).toEqual({
        body,
        answer: { status: 422, code: "INVALID_QUANTITY", pointers: [undefined] },
      });
    }
    const res = await api.reconcile(id);
    expect(res.body.detail).toContain(`sku ${a!.id}`);
  });
});

describe("crafted cursors", () => {
  it("answers INVALID_CURSOR for ids past int4 in every stock take and adjustment line cursor", async () => {
    await skus(t, acct.token, 1);
    const id = (await api.start()).body.id as number;
    const big = 2_147_483_648;
    const paths = [
      `/stock-takes?cursor=${cursor(["stock_take", big])}`,
      `/stock-takes/${id}/lines?cursor=${cursor(["stock_take_line", id, big])}`,
      `/stock-adjustments/1/lines?cursor=${cursor(["adjustment_line", 1, big])}`,
    ];
    for (const path of paths) {
      const res = await rest(t, "GET", path, { token: acct.token });
      expect({ path, status: res.status, code: res.body.code }).toEqual({
        path,
        status: 400,
        code: "INVALID_CURSOR",
      });
    }
  });
});

describe("codes in counts", () => {
  it("names entities by code regardless of case, as the catalog does", async () => {
    const sku = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: "BOLT-M6", name: "Bolt", opening_on_hand: 5 },
    });
    const item = await rest(t, "POST", "/supplier-items", {
      token: acct.token,
      body: { supplier: "ACME", code: "Nut-1", name: "Nut", opening_on_hand: 2 },
    });
    const id = (await api.start()).body.id as number;
    const res = await api.input(id, {
      counts: [
        { type: "sku", code: "bolt-m6", counted_qty: 4 },
        { type: "supplier_item", code: "NUT-1", supplier: "ACME", counted_qty: 3 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: sku.body.id, code: "BOLT-M6", counted_qty: 4 }),
        expect.objectContaining({ id: item.body.id, code: "Nut-1", counted_qty: 3 }),
      ]),
    );
    const csv = await api.inputCsv(id, "type,code,counted_qty\nsku,Bolt-m6,6\n");
    expect(csv.body.lines).toEqual([expect.objectContaining({ id: sku.body.id, counted_qty: 6 })]);
  });
});

describe("idempotency keys", () => {
  const key = (k: string) => ({ "idempotency-key": k });

  it("answers bad counts as such whatever the key, with every problem listed", async () => {
    const [a] = await skus(t, acct.token, 1);
    const id = (await api.start()).body.id as number;
    expect((await api.input(id, { counts: [count(a!, 1)] }, key("counts-1"))).status).toBe(200);
    const body = { counts: [count(a!, -1), { type: "sku", id: 999_999_999, counted_qty: 1 }] };
    const unkeyed = await refused(() => api.input(id, body));
    expect(unkeyed).toEqual({
      status: 422,
      code: "INVALID_QUANTITY",
      pointers: ["/counts/0/counted_qty", "/counts/1/id"],
    });
    // A key already used for other counts: still the same answer, not IDEMPOTENCY_KEY_REUSED.
    expect(await refused(() => api.input(id, body, key("counts-1")))).toEqual(unkeyed);
    const bad = await api.input(id, { counts: [count(a!, -1)] }, key("counts-1"));
    expect([bad.status, bad.body.code]).toEqual([422, "INVALID_QUANTITY"]);
  });

  it("replays a retry whose fields come in another order or whose quantities are written otherwise", async () => {
    const [a] = await skus(t, acct.token, 1);
    const first = await api.start({ reference: "R-1", blind: false, basis: "freeze" }, key("s"));
    const again = await api.start({ basis: "freeze", blind: false, reference: "R-1" }, key("s"));
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.id).toBe(first.body.id);
    const id = first.body.id as number;

    expect((await api.input(id, { counts: [count(a!, 2)] }, key("c"))).status).toBe(200);
    const retry = await api.input(id, { counts: [count(a!, 2.0)] }, key("c"));
    expect(retry.headers.get("idempotent-replayed")).toBe("true");

    const tolerance = { abs: 1, pct: 50 };
    expect((await api.accept(id, { tolerance, safe: true }, key("a"))).status).toBe(200);
    const accepted = await api.accept(id, { safe: true, tolerance: { pct: 50, abs: 1 } }, key("a"));
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get("idempotent-replayed")).toBe("true");
  });
});
