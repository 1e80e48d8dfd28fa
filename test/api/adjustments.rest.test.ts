import { newAccount, type TestAccount } from "../helpers/db.js";
import { rest, startTestApp, type TestApp } from "../helpers/app.js";
import {
  chainProblems,
  createSku,
  createSupplierItem,
  ledgerState,
  movedSinceFreeze,
  movementsOf,
  skuOnHand,
  stockTakeWithLine,
  supplierItemOnHand,
} from "../helpers/stock.js";
import { startLoggedApp } from "../helpers/movements.js";
import { halfSent, type HalfSent } from "../helpers/half-sent.js";

let t: TestApp;
let acct: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
  other = await newAccount(t.db);
});
afterAll(() => t.close());

const patch = (id: number | string, body: unknown, token = acct.token) =>
  rest(t, "PATCH", `/skus/${id}`, { token, body });
const bulk = (body: unknown, token = acct.token, app: TestApp = t) =>
  rest(app, "POST", "/stock-adjustments/bulk", { token, body });

/** Runs a request that must fail and checks it wrote nothing at all. */
async function expectNothingWritten<T>(
  account: TestAccount,
  request: () => Promise<T>,
): Promise<T> {
  const before = await ledgerState(t.db, account.accountId);
  const result = await request();
  expect(await ledgerState(t.db, account.accountId)).toEqual(before);
  return result;
}

describe("PATCH /skus/{id}", () => {
  it("costs one statement once the server knows the token: it authenticates, takes the bucket and adjusts, without BEGIN or COMMIT", async () => {
    const logged = await startLoggedApp();
    try {
      const owner = await newAccount(logged.db);
      const sku = await createSku(logged, owner.token, 3);
      const statementsOf = async (body: unknown, status = 200) => {
        logged.queries.length = 0;
        const res = await rest(logged, "PATCH", `/skus/${sku}`, { token: owner.token, body });
        expect(res.status).toBe(status);
        return logged.queries.map((q) => q.sql.trim().split(/\s+/).slice(0, 3).join(" "));
      };
      // The first time: the token with its account and its rate-limit bucket; then one statement
      // that locks the SKU, checks it, writes the record, the ledger's write (stamp, on hand,
      // movement, stock take flags) and the line.
      expect(await statementsOf({ on_hand: 4, reason: "found" })).toEqual([
        "WITH tok AS",
        "WITH target AS",
      ]);
      // From then on the token is checked, and its bucket taken, in that same statement.
      const one = ["WITH tok AS"];
      expect(await statementsOf({ on_hand: 5, reason: "found" })).toEqual(one);
      expect(logged.queries[0]?.sql).toMatch(/target AS MATERIALIZED/);
      const once = await ledgerState(logged.db, owner.accountId);
      // Already 5: the adjustment and its unchanged line are recorded, no movement.
      expect(await statementsOf({ on_hand: 5, reason: "found" })).toEqual(one);
      expect(await ledgerState(logged.db, owner.accountId)).toEqual({
        ...once,
        adjustments: once.adjustments + 1,
        adjustmentLines: once.adjustmentLines + 1,
      });
      // A stale expected on hand: the same statement, which then writes nothing.
      const stale = { on_hand: 9, expected_on_hand: 4, reason: "found" };
      expect(await statementsOf(stale, 409)).toEqual(one);
      expect(await ledgerState(logged.db, owner.accountId)).toEqual({
        ...once,
        adjustments: once.adjustments + 1,
        adjustmentLines: once.adjustmentLines + 1,
      });
      expect(await skuOnHand(logged.db, owner.accountId, sku)).toBe("5");
      // With an Idempotency-Key it is the transaction it always was, after the token's statement.
      logged.queries.length = 0;
      const keyed = await rest(logged, "PATCH", `/skus/${sku}`, {
        token: owner.token,
        body: { on_hand: 6, reason: "found" },
        headers: { "idempotency-key": "one-statement-check" },
      });
      expect(keyed.status).toBe(200);
      expect(logged.queries[0]?.sql.trim().startsWith("WITH tok AS")).toBe(true);
      expect(logged.queries[0]?.sql).not.toMatch(/target AS MATERIALIZED/);
    } finally {
      await logged.close();
    }
  });

  it("checks the token in a statement of its own while another of the token's adjustments is in flight, so neither holds the other's bucket row through its commit", async () => {
    const logged = await startLoggedApp();
    let slow: HalfSent | undefined;
    try {
      const owner = await newAccount(logged.db);
      const sku = await createSku(logged, owner.token, 3);
      const first = await rest(logged, "PATCH", `/skus/${sku}`, {
        token: owner.token,
        body: { on_hand: 4, reason: "found" },
      });
      expect(first.status).toBe(200);
      // A: its headers are in (the server has let it in unchecked), its body not yet all sent.
      slow = await halfSent(new URL(`/api/v1/skus/${sku}`, logged.baseUrl), "PATCH", owner.token, {
        on_hand: 7,
        reason: "found",
      });
      // B, beside A: the token is checked first, then the adjustment (two statements).
      logged.queries.length = 0;
      const beside = await rest(logged, "PATCH", `/skus/${sku}`, {
        token: owner.token,
        body: { on_hand: 6, reason: "found" },
      });
      expect(beside.status).toBe(200);
      const heads = (queries: typeof logged.queries) =>
        queries.map((q) => q.sql.trim().split(/\s+/).slice(0, 3).join(" "));
      expect(heads(logged.queries)).toEqual(["WITH tok AS", "WITH target AS"]);
      // A, alone again once B is done: one statement.
      logged.queries.length = 0;
      expect(await slow.finish()).toBe(200);
      expect(heads(logged.queries)).toEqual(["WITH tok AS"]);
      expect(logged.queries[0]?.sql).toMatch(/target AS MATERIALIZED/);
      expect(await skuOnHand(logged.db, owner.accountId, sku)).toBe("7");
    } finally {
      slow?.destroy(); // a request left half-sent would hold the server open
      await logged.close();
    }
  });

  it("moves countpoint_db_statements_total on /metrics by its statements, and a scrape by none", async () => {
    const statements = async () => {
      const text = await (await fetch(`${t.baseUrl}/metrics`)).text();
      const value = /^countpoint_db_statements_total (\d+)$/m.exec(text)?.[1];
      expect(value).toBeDefined();
      return Number(value);
    };
    const first = await statements();
    // A scrape's own reads (the feed's lag, the partitions) are not counted.
    expect(await statements()).toBe(first);
    const fresh = await newAccount(t.db);
    const own = await createSku(t, fresh.token, 3);
    let before = await statements();
    // A token's first PATCH: the token's statement, then the adjustment's.
    expect((await patch(own, { on_hand: 4, reason: "found" }, fresh.token)).status).toBe(200);
    expect((await statements()) - before).toBe(2);
    // Then one.
    before = await statements();
    expect((await patch(own, { on_hand: 5, reason: "found" }, fresh.token)).status).toBe(200);
    expect((await statements()) - before).toBe(1);
  });

  it("accepts the documented client body verbatim and records one movement", async () => {
    const id = await createSku(t, acct.token, 5);
    const res = await rest(t, "PATCH", `/skus/${id}`, {
      token: acct.token,
      raw: `{"on_hand": 12, "reason": "manual", "note": "Cycle count correction.", "reference": "MANUAL-001"}`,
    });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, on_hand: 12, active: true });
    expect(typeof res.body.code).toBe("string");
    expect(typeof res.body.name).toBe("string");
    expect(res.body.movement).toEqual({
      id: expect.any(Number),
      occurred_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      entity_type: "sku",
      sku_id: id,
      supplier_item_id: null,
      quantity_before: 5,
      quantity_after: 12,
      change: 7,
      reason: "manual",
      note: "Cycle count correction.",
      reference: "MANUAL-001",
      source: "adjustment",
      adjustment_id: expect.any(Number),
      stock_take_id: null,
      actor: { name: "test-token", token_id: expect.any(Number) },
    });

    const fetched = await rest(t, "GET", `/skus/${id}`, { token: acct.token });
    expect(fetched.body.on_hand).toBe(12);

    const adjustment = await t.db.stockAdjustment.findUniqueOrThrow({
      where: { accountId_id: { accountId: acct.accountId, id: res.body.movement.adjustment_id } },
      include: { lines: true },
    });
    expect(adjustment).toMatchObject({
      reason: "manual",
      note: "Cycle count correction.",
      reference: "MANUAL-001",
      actorName: "test-token",
    });
    expect(adjustment.lines).toHaveLength(1);
    expect(adjustment.lines[0]).toMatchObject({ entityType: "sku", skuId: id, status: "changed" });
    expect(Number(adjustment.lines[0]?.movementId)).toBe(res.body.movement.id);
    expect(await chainProblems(t.db, acct.accountId, { type: "sku", id })).toEqual([]);
  });

  it("records the actor as the token's name and id", async () => {
    const id = await createSku(t, acct.token, 1);
    const token = await t.db.apiToken.findFirstOrThrow({ where: { accountId: acct.accountId } });
    const res = await patch(id, { on_hand: 2, reason: "found" });
    expect(res.status).toBe(200);
    expect(res.body.movement.actor).toEqual({ name: token.name, token_id: token.id });
    const [, movement] = await movementsOf(t.db, acct.accountId, { type: "sku", id });
    expect(movement).toMatchObject({ actorName: token.name, actorTokenId: token.id });
  });

  it("updating a SKU to its current on_hand creates no movement and answers movement null", async () => {
    const id = await createSku(t, acct.token, 8);
    const before = await ledgerState(t.db, acct.accountId);

    const res = await patch(id, { on_hand: 8, reason: "correction" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, on_hand: 8, movement: null });

    const after = await ledgerState(t.db, acct.accountId);
    expect(after.movements).toBe(before.movements);
    expect(after.skuOnHand).toEqual(before.skuOnHand);
    const line = await t.db.stockAdjustmentLine.findFirstOrThrow({
      where: { accountId: acct.accountId, skuId: id },
    });
    expect(line).toMatchObject({ status: "unchanged", movementId: null });
    expect(line.change.toFixed()).toBe("0");
  });

  it("sets stock down to zero with a negative change", async () => {
    const id = await createSku(t, acct.token, 5);
    const res = await patch(id, { on_hand: 0, reason: "damaged", note: "Water damage" });
    expect(res.status).toBe(200);
    expect(res.body.on_hand).toBe(0);
    expect(res.body.movement).toMatchObject({
      quantity_before: 5,
      quantity_after: 0,
      change: -5,
      reason: "damaged",
    });
  });

  it("accepts every client reason, a note being optional except for manual and error", async () => {
    const id = await createSku(t, acct.token, 0);
    const reasons = [
      "correction",
      "damaged",
      "lost",
      "found",
      "theft",
      "expired",
      "returned",
      "received",
    ];
    for (const [i, reason] of reasons.entries()) {
      const res = await patch(id, { on_hand: i + 1, reason });
      expect(res.status).toBe(200);
      expect(res.body.movement).toMatchObject({ reason, note: null, reference: null });
    }
    for (const reason of ["manual", "error"]) {
      const res = await patch(id, { on_hand: 100, reason, note: `with a note for ${reason}` });
      expect(res.status).toBe(200);
    }
    expect(await chainProblems(t.db, acct.accountId, { type: "sku", id })).toEqual([]);
  });

  it("keeps a three-decimal quantity exact", async () => {
    const id = await createSku(t, acct.token, 1);
    const res = await patch(id, { on_hand: 12.345, reason: "correction" });
    expect(res.status).toBe(200);
    expect(res.body.on_hand).toBe(12.345);
    expect(res.body.movement.change).toBe(11.345);
    expect(await skuOnHand(t.db, acct.accountId, id)).toBe("12.345");
  });

  it("applies the change when expected_on_hand matches the current on hand", async () => {
    const id = await createSku(t, acct.token, 10);
    const res = await patch(id, { on_hand: 7, reason: "lost", expected_on_hand: 10 });
    expect(res.status).toBe(200);
    expect(res.body.movement).toMatchObject({ quantity_before: 10, quantity_after: 7, change: -3 });
  });

  it("refuses a stale expected_on_hand with 409 ON_HAND_CHANGED and writes nothing", async () => {
    const id = await createSku(t, acct.token, 10);
    const res = await expectNothingWritten(acct, () =>
      patch(id, { on_hand: 7, reason: "lost", expected_on_hand: 9 }),
    );
    expect(res.status).toBe(409);
    expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({
      status: 409,
      code: "ON_HAND_CHANGED",
      request_id: expect.any(String),
    });
    expect(res.body.errors).toEqual([
      {
        pointer: "/expected_on_hand",
        code: "ON_HAND_CHANGED",
        message: expect.stringContaining("10"),
      },
    ]);
    expect(await skuOnHand(t.db, acct.accountId, id)).toBe("10");
  });

  describe("refuses bad input and writes nothing", () => {
    let id: number;
    beforeAll(async () => {
      id = await createSku(t, acct.token, 3);
    });
    afterEach(async () => {
      expect(await skuOnHand(t.db, acct.accountId, id)).toBe("3");
    });

    it.each<[string, Record<string, unknown>, number, string, string]>([
      [
        "a quantity sent as a string",
        { on_hand: "12", reason: "found" },
        400,
        "INVALID_PARAMETER",
        "/on_hand",
      ],
      [
        "a negative quantity",
        { on_hand: -1, reason: "found" },
        422,
        "INVALID_QUANTITY",
        "/on_hand",
      ],
      [
        "a quantity with four decimals",
        { on_hand: 1.0001, reason: "found" },
        422,
        "INVALID_QUANTITY",
        "/on_hand",
      ],
      [
        "an absurdly large quantity",
        { on_hand: 1e11, reason: "found" },
        422,
        "INVALID_QUANTITY",
        "/on_hand",
      ],
      // Without on_hand, reason is a stock field with no stock to set.
      ["a missing on_hand", { reason: "found" }, 422, "INVALID_QUANTITY", "/on_hand"],
      ["a null on_hand", { on_hand: null, reason: "found" }, 400, "INVALID_PARAMETER", "/on_hand"],
      [
        "an unknown field",
        { on_hand: 4, reason: "found", quantity: 4 },
        400,
        "INVALID_PARAMETER",
        "/quantity",
      ],
      [
        "a relative change instead of an absolute value",
        { delta: 5, reason: "found" },
        400,
        "INVALID_PARAMETER",
        "/delta",
      ],
      [
        "a note over 1000 characters",
        { on_hand: 4, reason: "found", note: "n".repeat(1001) },
        400,
        "INVALID_PARAMETER",
        "/note",
      ],
      [
        "a reference over 200 characters",
        { on_hand: 4, reason: "found", reference: "r".repeat(201) },
        400,
        "INVALID_PARAMETER",
        "/reference",
      ],
      [
        "a reason that is not a string",
        { on_hand: 4, reason: 5 },
        400,
        "INVALID_PARAMETER",
        "/reason",
      ],
      ["a missing reason", { on_hand: 4 }, 422, "INVALID_REASON", "/reason"],
      ["an unknown reason", { on_hand: 4, reason: "shrinkage" }, 422, "INVALID_REASON", "/reason"],
      [
        "the system reason stock_take",
        { on_hand: 4, reason: "stock_take" },
        422,
        "INVALID_REASON",
        "/reason",
      ],
      [
        "the system reason opening_balance",
        { on_hand: 4, reason: "opening_balance" },
        422,
        "INVALID_REASON",
        "/reason",
      ],
      [
        "an upper-case reason",
        { on_hand: 4, reason: "MANUAL", note: "n" },
        422,
        "INVALID_REASON",
        "/reason",
      ],
      ["manual without a note", { on_hand: 4, reason: "manual" }, 422, "NOTE_REQUIRED", "/note"],
      [
        "manual with a note of whitespace",
        { on_hand: 4, reason: "manual", note: " \t\n " },
        422,
        "NOTE_REQUIRED",
        "/note",
      ],
      [
        "error with a null note",
        { on_hand: 4, reason: "error", note: null },
        422,
        "NOTE_REQUIRED",
        "/note",
      ],
      [
        "error with an empty note",
        { on_hand: 4, reason: "error", note: "" },
        422,
        "NOTE_REQUIRED",
        "/note",
      ],
    ])("refuses %s", async (_name, body, status, code, pointer) => {
      const res = await expectNothingWritten(acct, () => patch(id, body));
      expect(res.status).toBe(status);
      expect(res.body.code).toBe(code);
      expect(res.body.errors).toContainEqual(expect.objectContaining({ pointer, code }));
      expect(JSON.stringify(res.body)).not.toMatch(/stack|prisma|at \w+ \(/i);
    });

    it("names the allowed reasons when the reason is a system one", async () => {
      const res = await patch(id, { on_hand: 4, reason: "stock_take" });
      expect(res.body.errors[0].message).toMatch(/manual.*received/);
    });

    it("reports a bad quantity and a missing note together", async () => {
      const res = await expectNothingWritten(acct, () =>
        patch(id, { on_hand: -2, reason: "manual", note: " " }),
      );
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ pointer: "/note", code: "NOTE_REQUIRED" }),
          expect.objectContaining({ pointer: "/on_hand", code: "INVALID_QUANTITY" }),
        ]),
      );
    });

    it("refuses malformed JSON with 400 MALFORMED_REQUEST", async () => {
      const res = await expectNothingWritten(acct, () =>
        rest(t, "PATCH", `/skus/${id}`, { token: acct.token, raw: `{"on_hand": 12,` }),
      );
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("MALFORMED_REQUEST");
    });

    it("refuses a body that is not an object with 400", async () => {
      const res = await expectNothingWritten(acct, () =>
        patch(id, [{ on_hand: 4, reason: "found" }]),
      );
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("INVALID_PARAMETER");
    });
  });

  it("answers 404 SKU_NOT_FOUND for an unknown SKU and for another account's SKU alike", async () => {
    const mine = await createSku(t, acct.token, 1);
    const theirs = await createSku(t, other.token, 6);
    const unknown = theirs + 1_000_000;

    const [forUnknown, forTheirs] = await expectNothingWritten(other, () =>
      expectNothingWritten(acct, () =>
        Promise.all([
          patch(unknown, { on_hand: 4, reason: "found" }),
          patch(theirs, { on_hand: 4, reason: "found" }),
        ]),
      ),
    );
    for (const [res, skuId] of [
      [forUnknown, unknown],
      [forTheirs, theirs],
    ] as const) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("SKU_NOT_FOUND");
      expect(Object.keys(res.body).sort()).toEqual(Object.keys(forUnknown.body).sort());
      expect(res.body.detail).toBe(forUnknown.body.detail.replace(String(unknown), String(skuId)));
    }
    expect(await skuOnHand(t.db, other.accountId, theirs)).toBe("6");
    expect(await skuOnHand(t.db, acct.accountId, mine)).toBe("1");
  });

  it("answers 404 SKU_NOT_FOUND for an unknown SKU even when the body is invalid too: the URL comes first", async () => {
    const unknown = (await createSku(t, acct.token, 1)) + 1_000_000;
    for (const body of [
      { on_hand: -1, reason: "found" },
      { on_hand: 1.0001, reason: "stock_take" },
      { on_hand: 2, reason: "manual" },
      { on_hand: 2, reason: "found", expected_on_hand: -3 },
    ]) {
      const res = await expectNothingWritten(acct, () => patch(unknown, body));
      expect({ status: res.status, code: res.body.code }).toEqual({
        status: 404,
        code: "SKU_NOT_FOUND",
      });
      expect(res.body.detail).toContain(String(unknown));
    }
  });

  it("rejects a SKU id that is not a positive integer with 400", async () => {
    for (const id of ["abc", "0", "-1", "1.5"]) {
      const res = await patch(id, { on_hand: 1, reason: "found" });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("INVALID_PARAMETER");
    }
  });

  it("requires the adjust scope", async () => {
    const id = await createSku(t, acct.token, 1);
    const reader = await newAccount(t.db, { scopes: ["read"] });
    const res = await expectNothingWritten(reader, () =>
      patch(id, { on_hand: 2, reason: "found" }, reader.token),
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("FORBIDDEN");

    const anonymous = await rest(t, "PATCH", `/skus/${id}`, {
      body: { on_hand: 2, reason: "found" },
    });
    expect(anonymous.status).toBe(401);
    expect(await skuOnHand(t.db, acct.accountId, id)).toBe("1");
  });
});

describe("POST /stock-adjustments/bulk", () => {
  it("accepts the documented client body verbatim", async () => {
    const id = await createSku(t, acct.token, 10);
    const res = await rest(t, "POST", "/stock-adjustments/bulk", {
      token: acct.token,
      raw: `{"reason": "manual", "note": "Stock correction after count.", "reference": "COUNT-001", "lines": [{"type": "sku", "id": ${id}, "new_qty": 25}]}`,
    });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      reason: "manual",
      note: "Stock correction after count.",
      reference: "COUNT-001",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      actor: { name: "test-token", token_id: expect.any(Number) },
      lines: [
        {
          type: "sku",
          id,
          previous_qty: 10,
          new_qty: 25,
          change: 15,
          status: "changed",
          movement_id: expect.any(Number),
        },
      ],
    });

    const movements = await movementsOf(t.db, acct.accountId, { type: "sku", id });
    const last = movements.at(-1)!;
    expect(Number(last.id)).toBe(res.body.lines[0].movement_id);
    expect(last).toMatchObject({
      entityType: "sku",
      skuId: id,
      supplierItemId: null,
      reason: "manual",
      note: "Stock correction after count.",
      reference: "COUNT-001",
      source: "adjustment",
      adjustmentId: res.body.id,
      stockTakeId: null,
      actorName: "test-token",
    });
    expect(last.quantityBefore.toFixed()).toBe("10");
    expect(last.quantityAfter.toFixed()).toBe("25");
    expect(last.change.toFixed()).toBe("15");
    expect(await skuOnHand(t.db, acct.accountId, id)).toBe("25");
  });

  it("sets SKUs and unlinked supplier items in one adjustment, reporting unchanged lines without a movement", async () => {
    const a = await createSku(t, acct.token, 1);
    const b = await createSku(t, acct.token, 2);
    const item = await createSupplierItem(t, acct.token, { openingOnHand: 3 });
    const before = await ledgerState(t.db, acct.accountId);

    const res = await bulk({
      reason: "correction",
      reference: "REC-7",
      lines: [
        { type: "sku", id: b, new_qty: 2 },
        { type: "supplier_item", id: item, new_qty: 0.5 },
        { type: "sku", id: a, new_qty: 4.25, expected_qty: 1 },
      ],
    });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ reason: "correction", note: null, reference: "REC-7" });
    // Results come back in the order the lines were sent.
    expect(res.body.lines).toEqual([
      {
        type: "sku",
        id: b,
        previous_qty: 2,
        new_qty: 2,
        change: 0,
        status: "unchanged",
        movement_id: null,
      },
      {
        type: "supplier_item",
        id: item,
        previous_qty: 3,
        new_qty: 0.5,
        change: -2.5,
        status: "changed",
        movement_id: expect.any(Number),
      },
      {
        type: "sku",
        id: a,
        previous_qty: 1,
        new_qty: 4.25,
        change: 3.25,
        status: "changed",
        movement_id: expect.any(Number),
      },
    ]);

    const after = await ledgerState(t.db, acct.accountId);
    expect(after.adjustments).toBe(before.adjustments + 1);
    expect(after.adjustmentLines).toBe(before.adjustmentLines + 3);
    expect(after.movements).toBe(before.movements + 2);

    const itemMovements = await movementsOf(t.db, acct.accountId, {
      type: "supplier_item",
      id: item,
    });
    expect(itemMovements.at(-1)).toMatchObject({
      entityType: "supplier_item",
      supplierItemId: item,
      skuId: null,
      source: "adjustment",
      reason: "correction",
      reference: "REC-7",
      adjustmentId: res.body.id,
    });
    expect(Number(itemMovements.at(-1)!.id)).toBe(res.body.lines[1].movement_id);
    expect(await supplierItemOnHand(t.db, acct.accountId, item)).toBe("0.5");
    expect(await skuOnHand(t.db, acct.accountId, a)).toBe("4.25");
    expect(await skuOnHand(t.db, acct.accountId, b)).toBe("2");

    const item2 = await rest(t, "GET", `/supplier-items/${item}`, { token: acct.token });
    expect(item2.body.on_hand).toBe(0.5);

    for (const ref of [
      { type: "sku", id: a },
      { type: "sku", id: b },
      { type: "supplier_item", id: item },
    ] as const) {
      expect(await chainProblems(t.db, acct.accountId, ref)).toEqual([]);
    }

    const stored = await t.db.stockAdjustmentLine.findMany({
      where: { accountId: acct.accountId, adjustmentId: res.body.id },
      orderBy: { lineNo: "asc" },
    });
    expect(
      stored.map((l) => [l.entityType, l.status, l.newQty.toFixed(), l.movementId === null]),
    ).toEqual([
      ["sku", "unchanged", "2", true],
      ["supplier_item", "changed", "0.5", false],
      ["sku", "changed", "4.25", false],
    ]);
    // Every stored column matches the line the response reported, in request order.
    expect(
      stored.map((l) => ({
        type: l.entityType,
        id: l.skuId ?? l.supplierItemId,
        other_id: l.entityType === "sku" ? l.supplierItemId : l.skuId,
        previous_qty: Number(l.previousQty.toFixed()),
        new_qty: Number(l.newQty.toFixed()),
        change: Number(l.change.toFixed()),
        status: l.status,
        movement_id: l.movementId === null ? null : Number(l.movementId),
      })),
    ).toEqual(res.body.lines.map((l: object) => ({ ...l, other_id: null })));
    expect(stored.map((l) => l.lineNo)).toEqual([0, 1, 2]);
  });

  it("records an adjustment even when every line is unchanged, with no movement", async () => {
    const a = await createSku(t, acct.token, 9);
    const before = await ledgerState(t.db, acct.accountId);
    const res = await bulk({ reason: "found", lines: [{ type: "sku", id: a, new_qty: 9 }] });
    expect(res.status).toBe(201);
    expect(res.body.lines).toEqual([
      {
        type: "sku",
        id: a,
        previous_qty: 9,
        new_qty: 9,
        change: 0,
        status: "unchanged",
        movement_id: null,
      },
    ]);
    const after = await ledgerState(t.db, acct.accountId);
    expect(after.movements).toBe(before.movements);
    expect(after.adjustments).toBe(before.adjustments + 1);
  });

  it("adjusts 10,000 lines in one request, with as many SQL statements as 10 lines take", async () => {
    const owner = await newAccount(t.db);
    await t.db.sku.createMany({
      data: Array.from({ length: 10_010 }, (_, i) => ({
        accountId: owner.accountId,
        code: `MANY-${i}`,
        name: "Many",
      })),
    });
    const skus = await t.db.sku.findMany({
      where: { accountId: owner.accountId },
      select: { id: true },
      orderBy: { id: "asc" },
    });
    const few = skus.slice(0, 10);
    const many = skus.slice(10);
    // A line of every tenth SKU sets it to the 0 it already has: unchanged, no movement.
    const linesOf = (ids: { id: number }[]) =>
      ids.map((s, i) => ({ type: "sku", id: s.id, new_qty: i % 10 === 0 ? 0 : i / 1000 }));

    // The app's client logs each statement it sends: the count must not grow with the lines.
    const logged = await startLoggedApp();
    try {
      const statementsFor = async (lines: ReturnType<typeof linesOf>) => {
        logged.queries.length = 0;
        const res = await bulk({ reason: "received", lines }, owner.token, logged);
        expect(res.status).toBe(201);
        return { res, statements: logged.queries.map((q) => q.sql) };
      };
      const small = await statementsFor(linesOf(few));
      const large = await statementsFor(linesOf(many));

      expect(large.statements.length).toBe(small.statements.length);
      expect(small.statements.length).toBeLessThan(20);

      const res = large.res;
      expect(res.body.lines).toHaveLength(10_000);
      expect(
        res.body.lines.filter((l: { status: string }) => l.status === "unchanged"),
      ).toHaveLength(1000);
    } finally {
      await logged.close();
    }
    expect(await t.db.stockMovement.count({ where: { accountId: owner.accountId } })).toBe(
      9 + 9000,
    );
    expect(await t.db.stockAdjustmentLine.count({ where: { accountId: owner.accountId } })).toBe(
      10 + 10_000,
    );
    const last = skus.at(-1)!;
    expect(await skuOnHand(t.db, owner.accountId, last.id)).toBe("9.999");
  });

  describe("refuses bad requests and writes nothing", () => {
    let a: number;
    let b: number;
    let linkedTo: number;
    let linked: number;
    let unlinked: number;
    let theirs: number;
    let theirItem: number;

    beforeAll(async () => {
      a = await createSku(t, acct.token, 5);
      b = await createSku(t, acct.token, 6);
      linkedTo = await createSku(t, acct.token, 7);
      linked = await createSupplierItem(t, acct.token, { skuId: linkedTo });
      unlinked = await createSupplierItem(t, acct.token, { openingOnHand: 8 });
      theirs = await createSku(t, other.token, 1);
      theirItem = await createSupplierItem(t, other.token, { openingOnHand: 1 });
    });
    afterEach(async () => {
      expect(await skuOnHand(t.db, acct.accountId, a)).toBe("5");
      expect(await skuOnHand(t.db, acct.accountId, b)).toBe("6");
      expect(await skuOnHand(t.db, acct.accountId, linkedTo)).toBe("7");
      expect(await supplierItemOnHand(t.db, acct.accountId, unlinked)).toBe("8");
    });

    const ok = () => ({ type: "sku", id: a, new_qty: 50 });

    it.each<[string, () => Record<string, unknown>, number, string, string]>([
      [
        "a new_qty sent as a string",
        () => ({ reason: "found", lines: [ok(), { type: "sku", id: b, new_qty: "12" }] }),
        400,
        "INVALID_PARAMETER",
        "/lines/1/new_qty",
      ],
      [
        "a negative new_qty",
        () => ({ reason: "found", lines: [ok(), { type: "sku", id: b, new_qty: -0.001 }] }),
        422,
        "INVALID_QUANTITY",
        "/lines/1/new_qty",
      ],
      [
        "a new_qty with four decimals",
        () => ({ reason: "found", lines: [ok(), { type: "sku", id: b, new_qty: 1.0001 }] }),
        422,
        "INVALID_QUANTITY",
        "/lines/1/new_qty",
      ],
      [
        "an absurdly large new_qty",
        () => ({ reason: "found", lines: [ok(), { type: "sku", id: b, new_qty: 1e11 }] }),
        422,
        "INVALID_QUANTITY",
        "/lines/1/new_qty",
      ],
      [
        "a bad expected_qty",
        () => ({
          reason: "found",
          lines: [ok(), { type: "sku", id: b, new_qty: 1, expected_qty: -6 }],
        }),
        422,
        "INVALID_QUANTITY",
        "/lines/1/expected_qty",
      ],
      [
        "a missing new_qty",
        () => ({ reason: "found", lines: [ok(), { type: "sku", id: b }] }),
        400,
        "INVALID_PARAMETER",
        "/lines/1/new_qty",
      ],
      [
        "an id that is not an integer",
        () => ({ reason: "found", lines: [ok(), { type: "sku", id: "abc", new_qty: 1 }] }),
        400,
        "INVALID_PARAMETER",
        "/lines/1/id",
      ],
      [
        "an unknown line field",
        () => ({ reason: "found", lines: [ok(), { type: "sku", id: b, new_qty: 1, qty: 1 }] }),
        400,
        "INVALID_PARAMETER",
        "/lines/1/qty",
      ],
      [
        "a relative change instead of new_qty",
        () => ({ reason: "found", lines: [ok(), { type: "sku", id: b, change: 1 }] }),
        400,
        "INVALID_PARAMETER",
        "/lines/1/change",
      ],
      [
        "an unknown top-level field",
        () => ({ reason: "found", lines: [ok()], dry_run: true }),
        400,
        "INVALID_PARAMETER",
        "/dry_run",
      ],
      [
        "a wrong line type",
        () => ({ reason: "found", lines: [ok(), { type: "product", id: b, new_qty: 1 }] }),
        400,
        "INVALID_PARAMETER",
        "/lines/1/type",
      ],
      [
        "lines that are not an array",
        () => ({ reason: "found", lines: { type: "sku", id: a, new_qty: 1 } }),
        400,
        "INVALID_PARAMETER",
        "/lines",
      ],
      ["missing lines", () => ({ reason: "found" }), 400, "INVALID_PARAMETER", "/lines"],
      ["empty lines", () => ({ reason: "found", lines: [] }), 400, "INVALID_PARAMETER", "/lines"],
      ["a missing reason", () => ({ lines: [ok()] }), 422, "INVALID_REASON", "/reason"],
      [
        "an unknown reason",
        () => ({ reason: "shrinkage", lines: [ok()] }),
        422,
        "INVALID_REASON",
        "/reason",
      ],
      [
        "the system reason stock_take",
        () => ({ reason: "stock_take", lines: [ok()] }),
        422,
        "INVALID_REASON",
        "/reason",
      ],
      [
        "the system reason opening_balance",
        () => ({ reason: "opening_balance", lines: [ok()] }),
        422,
        "INVALID_REASON",
        "/reason",
      ],
      [
        "manual without a note",
        () => ({ reason: "manual", lines: [ok()] }),
        422,
        "NOTE_REQUIRED",
        "/note",
      ],
      [
        "error with a note of whitespace",
        () => ({ reason: "error", note: "   ", lines: [ok()] }),
        422,
        "NOTE_REQUIRED",
        "/note",
      ],
      [
        "the same SKU twice",
        () => ({
          reason: "found",
          lines: [ok(), { type: "sku", id: b, new_qty: 1 }, { type: "sku", id: a, new_qty: 2 }],
        }),
        422,
        "DUPLICATE_LINE",
        "/lines/2/id",
      ],
      [
        "the same supplier item twice",
        () => ({
          reason: "found",
          lines: [
            { type: "supplier_item", id: unlinked, new_qty: 1 },
            { type: "supplier_item", id: unlinked, new_qty: 1 },
          ],
        }),
        422,
        "DUPLICATE_LINE",
        "/lines/1/id",
      ],
      [
        "a linked supplier item",
        () => ({
          reason: "found",
          lines: [ok(), { type: "supplier_item", id: linked, new_qty: 1 }],
        }),
        422,
        "LINKED_SUPPLIER_ITEM",
        "/lines/1/id",
      ],
      [
        "an unknown SKU",
        () => ({ reason: "found", lines: [ok(), { type: "sku", id: 2_000_000_000, new_qty: 1 }] }),
        404,
        "SKU_NOT_FOUND",
        "/lines/1/id",
      ],
      [
        "another account's SKU",
        () => ({ reason: "found", lines: [ok(), { type: "sku", id: theirs, new_qty: 1 }] }),
        404,
        "SKU_NOT_FOUND",
        "/lines/1/id",
      ],
      [
        "an unknown supplier item",
        () => ({
          reason: "found",
          lines: [ok(), { type: "supplier_item", id: 2_000_000_000, new_qty: 1 }],
        }),
        404,
        "SUPPLIER_ITEM_NOT_FOUND",
        "/lines/1/id",
      ],
      [
        "another account's supplier item",
        () => ({
          reason: "found",
          lines: [ok(), { type: "supplier_item", id: theirItem, new_qty: 1 }],
        }),
        404,
        "SUPPLIER_ITEM_NOT_FOUND",
        "/lines/1/id",
      ],
      [
        "a SKU id sent as a supplier item",
        () => ({ reason: "found", lines: [{ type: "supplier_item", id: a, new_qty: 1 }] }),
        404,
        "SUPPLIER_ITEM_NOT_FOUND",
        "/lines/0/id",
      ],
    ])("refuses %s", async (_name, body, status, code, pointer) => {
      const res = await expectNothingWritten(acct, () => bulk(body()));
      expect(res.status).toBe(status);
      expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ status, code, request_id: expect.any(String) });
      expect(res.body.errors).toContainEqual(expect.objectContaining({ pointer, code }));
    });

    it("answers an unknown SKU and another account's SKU in the same shape", async () => {
      const unknown = await bulk({
        reason: "found",
        lines: [{ type: "sku", id: 2_000_000_000, new_qty: 1 }],
      });
      const foreign = await bulk({
        reason: "found",
        lines: [{ type: "sku", id: theirs, new_qty: 1 }],
      });
      expect(foreign.status).toBe(unknown.status);
      expect(Object.keys(foreign.body).sort()).toEqual(Object.keys(unknown.body).sort());
      expect(foreign.body.errors[0].message).toBe(
        unknown.body.errors[0].message.replace("2000000000", String(theirs)),
      );
      expect(await skuOnHand(t.db, other.accountId, theirs)).toBe("1");
    });

    it("names the SKU to adjust instead of a linked supplier item", async () => {
      const res = await bulk({
        reason: "found",
        lines: [{ type: "supplier_item", id: linked, new_qty: 1 }],
      });
      expect(res.status).toBe(422);
      expect(res.body.errors[0].message).toContain(`SKU ${linkedTo}`);
      expect(res.body.detail).toContain(`SKU ${linkedTo}`);
    });

    it("refuses 10,001 lines with 422 TOO_MANY_LINES", async () => {
      const lines = Array.from({ length: 10_001 }, (_, i) => ({
        type: "sku",
        id: i + 1,
        new_qty: 1,
      }));
      const res = await expectNothingWritten(acct, () => bulk({ reason: "found", lines }));
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("TOO_MANY_LINES");
      expect(res.body.errors).toEqual([
        expect.objectContaining({ pointer: "/lines", code: "TOO_MANY_LINES" }),
      ]);
    });

    it("refuses a body over the size limit with 413 PAYLOAD_TOO_LARGE", async () => {
      const res = await expectNothingWritten(acct, () =>
        bulk({ reason: "found", note: "x".repeat(1024 * 1024 + 1), lines: [ok()] }),
      );
      expect(res.status).toBe(413);
      expect(res.body.code).toBe("PAYLOAD_TOO_LARGE");
    });

    it("reports every bad line of the input with its pointer", async () => {
      const res = await expectNothingWritten(acct, () =>
        bulk({
          reason: "found",
          lines: [
            ok(),
            { type: "sku", id: b, new_qty: -1 },
            { type: "sku", id: a, new_qty: 2 },
            { type: "sku", id: linkedTo, new_qty: 1.2345 },
            { type: "pallet", id: b, new_qty: 1 },
            { type: "supplier_item", id: unlinked, new_qty: 1, expected_qty: 1e12 },
          ],
        }),
      );
      // The bogus type is malformed input (400): the most fundamental problem leads.
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("INVALID_PARAMETER");
      expect(res.body.errors[0]).toEqual(
        expect.objectContaining({ pointer: "/lines/4/type", code: "INVALID_PARAMETER" }),
      );
      expect(res.body.errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ pointer: "/lines/1/new_qty", code: "INVALID_QUANTITY" }),
          expect.objectContaining({ pointer: "/lines/2/id", code: "DUPLICATE_LINE" }),
          expect.objectContaining({ pointer: "/lines/3/new_qty", code: "INVALID_QUANTITY" }),
          expect.objectContaining({ pointer: "/lines/4/type", code: "INVALID_PARAMETER" }),
          expect.objectContaining({ pointer: "/lines/5/expected_qty", code: "INVALID_QUANTITY" }),
        ]),
      );
      expect(res.body.errors).toHaveLength(5);
    });

    it("reports every line naming a missing or linked entity with its pointer", async () => {
      const res = await expectNothingWritten(acct, () =>
        bulk({
          reason: "found",
          lines: [
            ok(),
            { type: "sku", id: 2_000_000_000, new_qty: 1 },
            { type: "supplier_item", id: linked, new_qty: 1 },
            { type: "sku", id: theirs, new_qty: 1 },
            { type: "supplier_item", id: 2_000_000_000, new_qty: 1 },
            { type: "sku", id: b, new_qty: 1 },
          ],
        }),
      );
      // 404s before 422s, each group in line order.
      expect(res.status).toBe(404);
      expect(res.body.errors).toEqual([
        expect.objectContaining({ pointer: "/lines/1/id", code: "SKU_NOT_FOUND" }),
        expect.objectContaining({ pointer: "/lines/3/id", code: "SKU_NOT_FOUND" }),
        expect.objectContaining({ pointer: "/lines/4/id", code: "SUPPLIER_ITEM_NOT_FOUND" }),
        expect.objectContaining({ pointer: "/lines/2/id", code: "LINKED_SUPPLIER_ITEM" }),
      ]);
    });

    it("reports bad quantities and unknown entities of one request together, the 404 first", async () => {
      const res = await expectNothingWritten(acct, () =>
        bulk({
          reason: "found",
          lines: [
            ok(),
            { type: "sku", id: b, new_qty: -1 },
            { type: "sku", id: 2_000_000_000, new_qty: 1 },
          ],
        }),
      );
      expect(res.status).toBe(404);
      expect(res.body.errors).toEqual([
        expect.objectContaining({ pointer: "/lines/2/id", code: "SKU_NOT_FOUND" }),
        expect.objectContaining({ pointer: "/lines/1/new_qty", code: "INVALID_QUANTITY" }),
      ]);
    });

    it("refuses a stale expected_qty with 409 ON_HAND_CHANGED even when other lines are fine", async () => {
      const res = await expectNothingWritten(acct, () =>
        bulk({
          reason: "found",
          lines: [
            { type: "sku", id: a, new_qty: 50, expected_qty: 5 },
            { type: "sku", id: b, new_qty: 60, expected_qty: 5 },
            { type: "supplier_item", id: unlinked, new_qty: 1, expected_qty: 8 },
          ],
        }),
      );
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("ON_HAND_CHANGED");
      expect(res.body.errors).toEqual([
        expect.objectContaining({ pointer: "/lines/1/expected_qty", code: "ON_HAND_CHANGED" }),
      ]);
    });

    it("answers a stale expected_qty (409) before a rule violation (422), listing both", async () => {
      const res = await expectNothingWritten(acct, () =>
        bulk({
          reason: "found",
          lines: [
            { type: "sku", id: a, new_qty: 50, expected_qty: 4 },
            { type: "supplier_item", id: linked, new_qty: 1 },
          ],
        }),
      );
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("ON_HAND_CHANGED");
      expect(res.body.errors).toEqual([
        expect.objectContaining({ pointer: "/lines/0/expected_qty", code: "ON_HAND_CHANGED" }),
        expect.objectContaining({ pointer: "/lines/1/id", code: "LINKED_SUPPLIER_ITEM" }),
      ]);
    });
  });

  it("keeps the movement chain of every entity over a mix of single and bulk adjustments", async () => {
    const a = await createSku(t, acct.token, 3);
    const item = await createSupplierItem(t, acct.token);
    const steps: Array<() => Promise<{ status: number }>> = [
      () => patch(a, { on_hand: 4, reason: "found" }),
      () =>
        bulk({
          reason: "lost",
          lines: [
            { type: "sku", id: a, new_qty: 1 },
            { type: "supplier_item", id: item, new_qty: 2 },
          ],
        }),
      () => patch(a, { on_hand: 1, reason: "found" }),
      () =>
        bulk({
          reason: "received",
          lines: [
            { type: "supplier_item", id: item, new_qty: 12.5 },
            { type: "sku", id: a, new_qty: 0 },
          ],
        }),
      () => patch(a, { on_hand: 7.125, reason: "error", note: "typo earlier" }),
    ];
    for (const step of steps) expect([200, 201]).toContain((await step()).status);
    expect(await chainProblems(t.db, acct.accountId, { type: "sku", id: a })).toEqual([]);
    expect(await chainProblems(t.db, acct.accountId, { type: "supplier_item", id: item })).toEqual(
      [],
    );
    const movements = await movementsOf(t.db, acct.accountId, { type: "sku", id: a });
    expect(movements.map((m) => m.quantityAfter.toFixed())).toEqual(["3", "4", "1", "0", "7.125"]);
  });
});

describe("adjusting an entity that is in a stock take", () => {
  it("flags its line in an open stock take as moved since the freeze (PATCH)", async () => {
    const id = await createSku(t, acct.token, 5);
    const open = await stockTakeWithLine(t.db, acct.accountId, "open", { type: "sku", id }, "5");
    const reconciled = await stockTakeWithLine(
      t.db,
      acct.accountId,
      "reconciled",
      { type: "sku", id },
      "5",
    );

    const res = await patch(id, { on_hand: 4, reason: "theft" });
    expect(res.status).toBe(200);
    expect(res.body.on_hand).toBe(4);
    expect(await movedSinceFreeze(t.db, acct.accountId, open.line.id)).toBe(true);
    expect(await movedSinceFreeze(t.db, acct.accountId, reconciled.line.id)).toBe(false);
  });

  it("flags lines of counting stock takes too, for SKUs and supplier items (bulk)", async () => {
    const id = await createSku(t, acct.token, 5);
    const item = await createSupplierItem(t, acct.token, { openingOnHand: 2 });
    const skuLine = await stockTakeWithLine(
      t.db,
      acct.accountId,
      "counting",
      { type: "sku", id },
      "5",
    );
    const itemLine = await stockTakeWithLine(
      t.db,
      acct.accountId,
      "open",
      { type: "supplier_item", id: item },
      "2",
    );
    const cancelled = await stockTakeWithLine(
      t.db,
      acct.accountId,
      "cancelled",
      { type: "sku", id },
      "5",
    );

    const res = await bulk({
      reason: "expired",
      lines: [
        { type: "sku", id, new_qty: 1 },
        { type: "supplier_item", id: item, new_qty: 0 },
      ],
    });
    expect(res.status).toBe(201);
    expect(await movedSinceFreeze(t.db, acct.accountId, skuLine.line.id)).toBe(true);
    expect(await movedSinceFreeze(t.db, acct.accountId, itemLine.line.id)).toBe(true);
    expect(await movedSinceFreeze(t.db, acct.accountId, cancelled.line.id)).toBe(false);
  });

  it("does not flag a line when the adjustment leaves the quantity unchanged", async () => {
    const id = await createSku(t, acct.token, 5);
    const open = await stockTakeWithLine(t.db, acct.accountId, "open", { type: "sku", id }, "5");
    const res = await patch(id, { on_hand: 5, reason: "correction" });
    expect(res.status).toBe(200);
    expect(res.body.movement).toBeNull();
    expect(await movedSinceFreeze(t.db, acct.accountId, open.line.id)).toBe(false);
  });

  it("does not flag lines of other entities, nor another account's line naming the same SKU id", async () => {
    const id = await createSku(t, acct.token, 5);
    const bystander = await createSku(t, acct.token, 5);
    const mine = await stockTakeWithLine(
      t.db,
      acct.accountId,
      "open",
      { type: "sku", id: bystander },
      "5",
    );
    // Stock take lines have no foreign key to skus, so another account's line can carry this
    // very sku_id: only the account keeps the adjustment from flagging it.
    const foreign = await stockTakeWithLine(
      t.db,
      other.accountId,
      "open",
      { type: "sku", id },
      "5",
    );

    expect((await patch(id, { on_hand: 6, reason: "found" })).status).toBe(200);
    expect(await movedSinceFreeze(t.db, acct.accountId, mine.line.id)).toBe(false);
    expect(await movedSinceFreeze(t.db, other.accountId, foreign.line.id)).toBe(false);
  });
});
