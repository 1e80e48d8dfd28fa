import pg from "pg";
import { databaseUrl, newAccount, type TestAccount } from "../../helpers/db.js";
import { rest, startTestApp, type RestResponse, type TestApp } from "../../helpers/app.js";
import {
  chainProblems,
  createSku,
  ledgerProblems,
  ledgerState,
  skuOnHand,
} from "../../helpers/stock.js";

let t: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

let keys = 0;
const newKey = () => `key-${process.pid}-${Date.now()}-${++keys}`;

const patch = (id: number, body: unknown, key?: string, token = acct.token) =>
  rest(t, "PATCH", `/skus/${id}`, { token, body, headers: key ? { "idempotency-key": key } : {} });
const bulk = (body: unknown, key?: string, token = acct.token) =>
  rest(t, "POST", "/stock-adjustments/bulk", {
    token,
    body,
    headers: key ? { "idempotency-key": key } : {},
  });

const replayed = (res: RestResponse) => res.headers.get("idempotent-replayed");

describe("Idempotency-Key replays", () => {
  it("replays a PATCH sent twice with the same key: same body, Idempotent-Replayed: true, nothing written", async () => {
    const id = await createSku(t, acct.token, 5);
    const key = newKey();
    const body = {
      on_hand: 12,
      reason: "manual",
      note: "Cycle count correction.",
      reference: "MANUAL-001",
    };

    const first = await patch(id, body, key);
    expect(first.status).toBe(200);
    expect(replayed(first)).toBeNull();
    const before = await ledgerState(t.db, acct.accountId);

    const second = await patch(id, body, key);
    expect(second.status).toBe(200);
    expect(replayed(second)).toBe("true");
    expect(second.body).toEqual(first.body);
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
  });

  it("replays a bulk adjustment sent twice with the same key: one adjustment, one set of movements", async () => {
    const a = await createSku(t, acct.token, 1);
    const b = await createSku(t, acct.token, 2);
    const key = newKey();
    const body = {
      reason: "received",
      reference: "PO-1",
      lines: [
        { type: "sku", id: a, new_qty: 10 },
        { type: "sku", id: b, new_qty: 2 },
      ],
    };

    const first = await bulk(body, key);
    expect(first.status).toBe(201);
    expect(replayed(first)).toBeNull();
    const before = await ledgerState(t.db, acct.accountId);

    const second = await bulk(body, key);
    expect(second.status).toBe(201);
    expect(replayed(second)).toBe("true");
    expect(second.body).toEqual(first.body);
    expect(JSON.stringify(second.body)).toBe(JSON.stringify(first.body));
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
    expect(
      await t.db.stockAdjustment.count({ where: { accountId: acct.accountId, reference: "PO-1" } }),
    ).toBe(1);
  });

  it("replays the stored response even after the stock has moved on, without undoing the later change", async () => {
    const id = await createSku(t, acct.token, 1);
    const key = newKey();
    const first = await patch(id, { on_hand: 2, reason: "found" }, key);
    expect(first.status).toBe(200);
    expect((await patch(id, { on_hand: 30, reason: "received" })).status).toBe(200);
    const before = await ledgerState(t.db, acct.accountId);

    const replay = await patch(id, { on_hand: 2, reason: "found" }, key);
    expect(replay.status).toBe(200);
    expect(replayed(replay)).toBe("true");
    expect(replay.body).toEqual(first.body);
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
    expect(await skuOnHand(t.db, acct.accountId, id)).toBe("30");
  });

  it("treats the same fields in another order as the same request", async () => {
    const id = await createSku(t, acct.token, 1);
    const key = newKey();
    const first = await rest(t, "PATCH", `/skus/${id}`, {
      token: acct.token,
      headers: { "idempotency-key": key },
      raw: `{"on_hand": 4, "reason": "found", "note": "n"}`,
    });
    const second = await rest(t, "PATCH", `/skus/${id}`, {
      token: acct.token,
      headers: { "idempotency-key": key },
      raw: `{"note": "n", "reason": "found", "on_hand": 4}`,
    });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(replayed(second)).toBe("true");
    expect(second.body).toEqual(first.body);
  });

  it("without a key, a repeated request is a new adjustment", async () => {
    const id = await createSku(t, acct.token, 1);
    const body = { reason: "found", lines: [{ type: "sku", id, new_qty: 3 }] };
    const first = await bulk(body);
    const second = await bulk(body);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
    expect(second.body.lines[0]).toMatchObject({
      previous_qty: 3,
      new_qty: 3,
      status: "unchanged",
      movement_id: null,
    });
  });

  it("runs a request again once its key is more than 24 hours old", async () => {
    const id = await createSku(t, acct.token, 1);
    const key = newKey();
    const body = { reason: "found", lines: [{ type: "sku", id, new_qty: 3 }] };
    const first = await bulk(body, key);
    expect(first.status).toBe(201);
    await t.db.idempotencyKey.update({
      where: { accountId_key: { accountId: acct.accountId, key } },
      data: {
        expiresAt: new Date(Date.now() - 1000),
        createdAt: new Date(Date.now() - 25 * 3600_000),
      },
    });

    const again = await bulk(body, key);
    expect(again.status).toBe(201);
    expect(replayed(again)).toBeNull();
    expect(again.body.id).not.toBe(first.body.id);
    const stored = await t.db.idempotencyKey.findUniqueOrThrow({
      where: { accountId_key: { accountId: acct.accountId, key } },
    });
    expect(stored.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
  });

  it("keeps keys apart per account", async () => {
    const otherAccount = await newAccount(t.db);
    const mine = await createSku(t, acct.token, 1);
    const theirs = await createSku(t, otherAccount.token, 1);
    const key = newKey();
    const first = await bulk(
      { reason: "found", lines: [{ type: "sku", id: mine, new_qty: 2 }] },
      key,
    );
    const second = await bulk(
      { reason: "found", lines: [{ type: "sku", id: theirs, new_qty: 5 }] },
      key,
      otherAccount.token,
    );
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(replayed(second)).toBeNull();
    expect(await skuOnHand(t.db, otherAccount.accountId, theirs)).toBe("5");
  });
});

describe("Idempotency-Key reuse", () => {
  it.each<
    [string, (a: number, b: number) => [() => Promise<RestResponse>, () => Promise<RestResponse>]]
  >([
    [
      "a PATCH with another on_hand",
      (a) => {
        const key = newKey();
        return [
          () => patch(a, { on_hand: 2, reason: "found" }, key),
          () => patch(a, { on_hand: 3, reason: "found" }, key),
        ];
      },
    ],
    [
      "the same PATCH body for another SKU",
      (a, b) => {
        const key = newKey();
        return [
          () => patch(a, { on_hand: 7, reason: "found" }, key),
          () => patch(b, { on_hand: 7, reason: "found" }, key),
        ];
      },
    ],
    [
      "a bulk adjustment with another note",
      (a) => {
        const key = newKey();
        const body = (note: string) => ({
          reason: "lost",
          note,
          lines: [{ type: "sku", id: a, new_qty: 9 }],
        });
        return [() => bulk(body("first"), key), () => bulk(body("second"), key)];
      },
    ],
    [
      "a bulk adjustment after a PATCH",
      (a) => {
        const key = newKey();
        return [
          () => patch(a, { on_hand: 4, reason: "found" }, key),
          () => bulk({ reason: "found", lines: [{ type: "sku", id: a, new_qty: 4 }] }, key),
        ];
      },
    ],
  ])(
    "refuses the same key with %s as 422 IDEMPOTENCY_KEY_REUSED and writes nothing",
    async (_name, make) => {
      const a = await createSku(t, acct.token, 1);
      const b = await createSku(t, acct.token, 1);
      const [original, different] = make(a, b);
      expect([200, 201]).toContain((await original()).status);
      const before = await ledgerState(t.db, acct.accountId);

      const res = await different();
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
      expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(replayed(res)).toBeNull();
      expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
    },
  );

  it("refuses a key that is not 1 to 255 visible ASCII characters with 400 and writes nothing", async () => {
    const id = await createSku(t, acct.token, 1);
    const before = await ledgerState(t.db, acct.accountId);
    for (const key of ["k".repeat(256), "has space"]) {
      const res = await patch(id, { on_hand: 2, reason: "found" }, key);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("INVALID_PARAMETER");
    }
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
  });
});

describe("Idempotency-Key under concurrency", () => {
  it("20 concurrent bulk requests with one key write exactly one adjustment and one set of movements", async () => {
    const a = await createSku(t, acct.token, 1);
    const b = await createSku(t, acct.token, 1);
    const key = newKey();
    const body = {
      reason: "received",
      lines: [
        { type: "sku", id: a, new_qty: 11 },
        { type: "sku", id: b, new_qty: 22 },
      ],
    };
    const before = await ledgerState(t.db, acct.accountId);

    const responses = await Promise.all(Array.from({ length: 20 }, () => bulk(body, key)));

    const created = responses.filter((r) => r.status === 201);
    const inProgress = responses.filter((r) => r.status === 409);
    expect(created.length + inProgress.length).toBe(20);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of inProgress) expect(r.body.code).toBe("IDEMPOTENCY_KEY_IN_PROGRESS");
    expect(new Set(created.map((r) => r.body.id)).size).toBe(1);
    for (const r of created) expect(r.body).toEqual(created[0]!.body);
    expect(created.filter((r) => replayed(r) === null)).toHaveLength(1);

    const after = await ledgerState(t.db, acct.accountId);
    expect(after.adjustments).toBe(before.adjustments + 1);
    expect(after.movements).toBe(before.movements + 2);
    expect(after.idempotencyKeys).toBe(before.idempotencyKeys + 1);
    expect(await skuOnHand(t.db, acct.accountId, a)).toBe("11");
    expect(await skuOnHand(t.db, acct.accountId, b)).toBe("22");
    expect(await chainProblems(t.db, acct.accountId, { type: "sku", id: a })).toEqual([]);
    expect(await ledgerProblems(t.db, acct.accountId)).toEqual([]);
  });

  it("20 concurrent PATCH requests with one key write exactly one movement", async () => {
    const id = await createSku(t, acct.token, 1);
    const key = newKey();
    const before = await ledgerState(t.db, acct.accountId);

    const responses = await Promise.all(
      Array.from({ length: 20 }, () => patch(id, { on_hand: 8, reason: "found" }, key)),
    );

    const ok = responses.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of responses.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.code).toBe("IDEMPOTENCY_KEY_IN_PROGRESS");
    }
    expect(new Set(ok.map((r) => r.body.movement.id)).size).toBe(1);
    const after = await ledgerState(t.db, acct.accountId);
    expect(after.adjustments).toBe(before.adjustments + 1);
    expect(after.movements).toBe(before.movements + 1);
    expect(await ledgerProblems(t.db, acct.accountId)).toEqual([]);
  });
});

describe("a key whose first request is still running", () => {
  /**
   * Takes the key's lock on a connection of its own, inside an open transaction, as a first
   * request still in flight holds it; `release` commits and lets it go.
   */
  async function holdKey(key: string) {
    const client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    await client.query("BEGIN");
    const { rows } = await client.query<{ locked: boolean }>(
      "SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS locked",
      [`${acct.accountId}:${key}`],
    );
    expect(rows[0]?.locked).toBe(true);
    return {
      release: async () => {
        await client.query("COMMIT");
        await client.end();
      },
    };
  }

  it.each<[string, (id: number, key: string) => Promise<RestResponse>, number]>([
    ["a PATCH", (id, key) => patch(id, { on_hand: 6, reason: "found" }, key), 200],
    [
      "a bulk adjustment",
      (id, key) => bulk({ reason: "found", lines: [{ type: "sku", id, new_qty: 6 }] }, key),
      201,
    ],
  ])(
    "answers %s sent meanwhile with 409 IDEMPOTENCY_KEY_IN_PROGRESS, writing nothing; once the first is done the same request runs",
    async (_name, send, status) => {
      const id = await createSku(t, acct.token, 1);
      const key = newKey();
      const before = await ledgerState(t.db, acct.accountId);
      const holder = await holdKey(key);
      let blocked: RestResponse;
      try {
        blocked = await send(id, key);
      } finally {
        await holder.release();
      }

      expect(blocked.status).toBe(409);
      expect(blocked.body.code).toBe("IDEMPOTENCY_KEY_IN_PROGRESS");
      expect(blocked.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(await ledgerState(t.db, acct.accountId)).toEqual(before);

      const retried = await send(id, key);
      expect(retried.status).toBe(status);
      expect(replayed(retried)).toBeNull();
      expect(await skuOnHand(t.db, acct.accountId, id)).toBe("6");
      expect(await t.db.idempotencyKey.count({ where: { accountId: acct.accountId, key } })).toBe(
        1,
      );
    },
  );

  it("does not hold up the same key in another account", async () => {
    const otherAccount = await newAccount(t.db);
    const theirs = await createSku(t, otherAccount.token, 1);
    const key = newKey();
    const holder = await holdKey(key);
    try {
      const res = await patch(theirs, { on_hand: 3, reason: "found" }, key, otherAccount.token);
      expect(res.status).toBe(200);
    } finally {
      await holder.release();
    }
  });
});

describe("a failed request leaves no key behind", () => {
  it.each<[string, (id: number, item: number) => unknown, number, string]>([
    [
      "a bad quantity on its last line",
      (id, other) => ({
        reason: "found",
        lines: [
          { type: "sku", id, new_qty: 2 },
          // Not id + 1: that id may be another account's.
          { type: "sku", id: other, new_qty: -1 },
        ],
      }),
      422,
      "INVALID_QUANTITY",
    ],
    [
      "an unknown SKU on its last line",
      (id) => ({
        reason: "found",
        lines: [
          { type: "sku", id, new_qty: 2 },
          { type: "sku", id: 2_000_000_000, new_qty: 1 },
        ],
      }),
      404,
      "SKU_NOT_FOUND",
    ],
    [
      "a stale expected quantity on its last line",
      (id, other) => ({
        reason: "found",
        lines: [
          { type: "sku", id, new_qty: 2 },
          { type: "sku", id: other, new_qty: 1, expected_qty: 99 },
        ],
      }),
      409,
      "ON_HAND_CHANGED",
    ],
  ])("after %s, writing nothing, and the key then works", async (_name, body, status, code) => {
    const id = await createSku(t, acct.token, 1);
    const second = await createSku(t, acct.token, 1);
    const key = newKey();
    const before = await ledgerState(t.db, acct.accountId);

    const failed = await bulk(body(id, second), key);
    expect(failed.status).toBe(status);
    expect(failed.body.code).toBe(code);
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
    expect(await t.db.idempotencyKey.count({ where: { accountId: acct.accountId, key } })).toBe(0);

    const fixed = await bulk({ reason: "found", lines: [{ type: "sku", id, new_qty: 2 }] }, key);
    expect(fixed.status).toBe(201);
    expect(replayed(fixed)).toBeNull();
    expect(fixed.body.lines[0]).toMatchObject({ previous_qty: 1, new_qty: 2, status: "changed" });
    expect(await t.db.idempotencyKey.count({ where: { accountId: acct.accountId, key } })).toBe(1);

    const replay = await bulk({ reason: "found", lines: [{ type: "sku", id, new_qty: 2 }] }, key);
    expect(replayed(replay)).toBe("true");
    expect(replay.body).toEqual(fixed.body);
  });

  it("after a PATCH refused for a stale expected_on_hand", async () => {
    const id = await createSku(t, acct.token, 1);
    const key = newKey();
    const failed = await patch(id, { on_hand: 5, reason: "found", expected_on_hand: 2 }, key);
    expect(failed.status).toBe(409);
    expect(await t.db.idempotencyKey.count({ where: { accountId: acct.accountId, key } })).toBe(0);

    const retried = await patch(id, { on_hand: 5, reason: "found", expected_on_hand: 1 }, key);
    expect(retried.status).toBe(200);
    expect(replayed(retried)).toBeNull();
    expect(retried.body.on_hand).toBe(5);
  });
});
