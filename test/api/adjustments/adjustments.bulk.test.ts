// POST /api/v1/stock-adjustments/bulk: many lines at once over REST, and the bad requests it refuses.
import {
  chainProblems,
  createSku,
  createSupplierItem,
  ledgerState,
  movementsOf,
  skuOnHand,
  supplierItemOnHand,
} from "../../helpers/stock.js";
import { startLoggedApp } from "../../helpers/movements.js";
import { rest } from "../../helpers/app.js";
import { newAccount } from "../../helpers/db.js";
import {
  acct,
  adjustingApp,
  bulk,
  expectNothingWritten,
  other,
  patch,
  t,
} from "../../helpers/adjusting.js";

adjustingApp();

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
      site_id: expect.any(Number),
      lines: [
        {
          type: "sku",
          id,
          previous_qty: 10,
          new_qty: 25,
          change: 15,
          status: "changed",
          movement_id: expect.any(Number),
          site_id: res.body.site_id,
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
        site_id: res.body.site_id,
      },
      {
        type: "supplier_item",
        id: item,
        previous_qty: 3,
        new_qty: 0.5,
        change: -2.5,
        status: "changed",
        movement_id: expect.any(Number),
        site_id: res.body.site_id,
      },
      {
        type: "sku",
        id: a,
        previous_qty: 1,
        new_qty: 4.25,
        change: 3.25,
        status: "changed",
        movement_id: expect.any(Number),
        site_id: res.body.site_id,
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
        site_id: l.siteId,
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
        site_id: res.body.site_id,
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
    // Each with its level at the default site, as a SKU created by the service has.
    await t.db.$executeRaw`
      INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand)
      SELECT s.account_id, d.id, s.id, 0 FROM skus AS s
      JOIN sites AS d ON d.account_id = s.account_id AND d.is_default
      WHERE s.account_id = ${owner.accountId}`;
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
