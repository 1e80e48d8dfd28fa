// PATCH /api/v1/skus/{id}: a single adjustment over REST, and the bad input it refuses.
import {
  chainProblems,
  createSku,
  ledgerState,
  movementsOf,
  skuOnHand,
} from "../../helpers/stock.js";
import { startLoggedApp } from "../../helpers/movements.js";
import { halfSent, type HalfSent } from "../../helpers/half-sent.js";
import { rest } from "../../helpers/app.js";
import { newAccount } from "../../helpers/db.js";
import {
  acct,
  adjustingApp,
  expectNothingWritten,
  other,
  patch,
  t,
} from "../../helpers/adjusting.js";

adjustingApp();

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
      site_id: expect.any(Number),
      transfer_id: null,
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
