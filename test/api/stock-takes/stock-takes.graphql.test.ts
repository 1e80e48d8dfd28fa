// The stock take workflow over GraphQL: the same service, camelCase, payloads with userErrors.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { gql, startTestApp, type TestApp } from "../../helpers/app.js";
import { skuOnHand } from "../../helpers/stock.js";
import { skus } from "../../helpers/stock-takes.js";
import {
  StAcceptDocument,
  StCancelDocument,
  StReconcileDocument,
  StStartDocument,
  StStockTakeDocument,
  StStockTakesDocument,
  StSubmitDocument,
} from "../generated/graphql.js";

let t: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
});
beforeEach(async () => {
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

describe("the full flow over GraphQL", () => {
  it("starts, counts, accepts, reconciles, and reads the stock take with its summary and count log", async () => {
    const [a, b] = await skus(t, acct.token, 10, 4);
    const started = await gql(
      t,
      StStartDocument,
      { input: { reference: "Cold room" } },
      acct.token,
    );
    expect(started.errors).toBeUndefined();
    const take = started.data!.startStockTake.stockTake!;
    expect(take).toMatchObject({
      status: "OPEN",
      basis: "FREEZE",
      blind: false,
      startedBy: { name: "test-token" },
    });
    expect(take.lines.edges.map((e) => e.node)).toEqual([
      expect.objectContaining({
        type: "SKU",
        id: a!.id,
        expectedQty: 10,
        state: "UNCOUNTED",
        sku: expect.objectContaining({ id: a!.id, onHand: 10 }),
        supplierItem: null,
      }),
      expect.objectContaining({ type: "SKU", id: b!.id, expectedQty: 4 }),
    ]);

    const submitted = await gql(
      t,
      StSubmitDocument,
      {
        input: {
          stockTakeId: take.id,
          counter: "erin",
          counts: [
            { type: "SKU", id: a!.id, countedQty: 4, mode: "ADD" },
            { type: "SKU", id: a!.id, countedQty: 3.5, mode: "ADD" },
            { type: "SKU", id: b!.id, countedQty: 4 },
          ],
        },
      },
      acct.token,
    );
    expect(submitted.data!.submitStockTakeCounts).toMatchObject({
      status: "COUNTING",
      userErrors: [],
      lines: [
        expect.objectContaining({
          id: a!.id,
          countedQty: 7.5,
          difference: -2.5,
          countedBy: "erin",
        }),
        expect.objectContaining({ id: b!.id, countedQty: 4, difference: 0 }),
      ],
    });

    const accepted = await gql(
      t,
      StAcceptDocument,
      { input: { stockTakeId: take.id } },
      acct.token,
    );
    expect(accepted.data!.acceptStockTakeLines.accepted!.map((l) => l.id)).toEqual([b!.id]);
    expect(accepted.data!.acceptStockTakeLines.needsReview!.map((l) => l.id)).toEqual([a!.id]);
    expect(accepted.data!.acceptStockTakeLines).toMatchObject({
      acceptedCount: 1,
      needsReviewCount: 1,
    });
    await gql(
      t,
      StAcceptDocument,
      { input: { stockTakeId: take.id, lines: [{ type: "SKU", id: a!.id }] } },
      acct.token,
    );

    const read = await gql(t, StStockTakeDocument, { id: take.id }, acct.token);
    expect(read.data!.stockTake.summary).toEqual({
      lines: 2,
      uncounted: 0,
      counted: 0,
      accepted: 2,
      applied: 0,
      countedShare: 1,
      movedSinceFreeze: 0,
      recountRequested: 0,
      sumAbsDifference: 2.5,
      netDifference: -2.5,
    });
    expect(
      read.data!.stockTake.counts.edges.map((e) => [
        e.node.mode,
        e.node.quantity,
        e.node.countedQty,
      ]),
    ).toEqual([
      ["ADD", 4, 4],
      ["ADD", 3.5, 7.5],
      ["SET", 4, 4],
    ]);

    const reconciled = await gql(
      t,
      StReconcileDocument,
      { input: { stockTakeId: take.id } },
      acct.token,
    );
    expect(reconciled.data!.reconcileStockTake.reconciliation).toMatchObject({
      status: "RECONCILED",
      dryRun: false,
      applied: [
        expect.objectContaining({
          id: a!.id,
          previousQty: 10,
          newQty: 7.5,
          change: -2.5,
          clamped: false,
        }),
      ],
      unchanged: 1,
      skipped: { unaccepted: 0, uncounted: 0, linked: 0 },
    });
    expect(await skuOnHand(t.db, acct.accountId, a!.id)).toBe("7.5");

    const applied = await gql(
      t,
      StStockTakeDocument,
      { id: take.id, state: "APPLIED", first: 1 },
      acct.token,
    );
    expect(applied.data!.stockTake.lines.edges).toHaveLength(1);
    expect(applied.data!.stockTake.lines.pageInfo.hasNextPage).toBe(true);
    const list = await gql(t, StStockTakesDocument, { status: "RECONCILED" }, acct.token);
    expect(list.data!.stockTakes.edges.map((e) => e.node.id)).toEqual([take.id]);
  });

  it("answers rule violations as userErrors and unknown or foreign ids as STOCK_TAKE_NOT_FOUND", async () => {
    const [a] = await skus(t, acct.token, 1);
    const take = (await gql(t, StStartDocument, { input: {} }, acct.token)).data!.startStockTake
      .stockTake!;
    const overlap = await gql(
      t,
      StStartDocument,
      { input: { scope: { skuIds: [a!.id] } } },
      acct.token,
    );
    expect(overlap.data!.startStockTake).toEqual({
      stockTake: null,
      userErrors: [
        {
          field: ["scope", "skuIds", "0"],
          code: "STOCK_TAKE_OVERLAP",
          message: `sku ${a!.id} is already in stock take ${take.id}`,
        },
      ],
    });
    const bad = await gql(
      t,
      StSubmitDocument,
      { input: { stockTakeId: take.id, counts: [{ type: "SKU", id: a!.id, countedQty: -1 }] } },
      acct.token,
    );
    expect(bad.data!.submitStockTakeCounts.userErrors).toEqual([
      {
        field: ["counts", "0", "countedQty"],
        code: "INVALID_QUANTITY",
        message: "must not be negative",
      },
    ]);
    const cancelled = await gql(
      t,
      StCancelDocument,
      { input: { stockTakeId: take.id } },
      acct.token,
    );
    expect(cancelled.data!.cancelStockTake.stockTake).toMatchObject({ status: "CANCELLED" });
    const closed = await gql(
      t,
      StReconcileDocument,
      { input: { stockTakeId: take.id } },
      acct.token,
    );
    expect(closed.data!.reconcileStockTake.userErrors[0]!.code).toBe("STOCK_TAKE_CLOSED");

    const other = await newAccount(t.db);
    const foreign = await gql(t, StStockTakeDocument, { id: take.id }, other.token);
    expect(foreign.errors![0]!.extensions!.code).toBe("STOCK_TAKE_NOT_FOUND");
    for (const result of [
      (await gql(t, StCancelDocument, { input: { stockTakeId: take.id } }, other.token)).data!
        .cancelStockTake,
      (await gql(t, StAcceptDocument, { input: { stockTakeId: take.id } }, other.token)).data!
        .acceptStockTakeLines,
      (await gql(t, StReconcileDocument, { input: { stockTakeId: take.id } }, other.token)).data!
        .reconcileStockTake,
      (
        await gql(
          t,
          StSubmitDocument,
          { input: { stockTakeId: take.id, counts: [{ type: "SKU", id: a!.id, countedQty: 1 }] } },
          other.token,
        )
      ).data!.submitStockTakeCounts,
    ]) {
      expect(result.userErrors.map((e) => e.code)).toEqual(["STOCK_TAKE_NOT_FOUND"]);
    }
    const list = await gql(t, StStockTakesDocument, {}, other.token);
    expect(list.data!.stockTakes.edges).toEqual([]);
  });
});
