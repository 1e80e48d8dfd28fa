// The counting app's GraphQL operations (web/app, typed by codegen into web/app/gql) against the
// server's own limits: each is valid for the schema, nested well within the depth limit, and
// priced by the server's estimator far below the cost limit, with the variables the app sends.
// A new operation in the app fails here until it is given its variables below.
import { getOperationAST, specifiedRules, validate, type DocumentNode } from "graphql";
import * as app from "../../web/app/gql/graphql.js";
import { depthLimit, estimateCost, MAX_COMPLEXITY, MAX_DEPTH } from "../../src/graphql/limits.js";
import { buildGraphqlSchema } from "../../src/graphql/schema.js";

/** The variables each operation is sent with, at their largest (pages as the app asks for them). */
const VARIABLES: Record<string, Record<string, unknown>> = {
  Viewer: {},
  OpenStockTakes: {},
  ReconciledStockTakes: {},
  CountScreen: { id: 1 },
  ProgressByArea: { id: 1 },
  RecountLines: { id: 1 },
  FindLine: { id: 1, code: "4006381333931" },
  SaveCount: {
    input: {
      stockTakeId: 1,
      idempotencyKey: "7d1f6f2e-2f55-4f7e-9a55-9c1f0a2b3c4d",
      counts: [{ type: "SKU", id: 1, countedQty: 3, mode: "SET" }],
    },
  },
  FollowProgress: { id: 1 },
  ReviewScreen: { id: 1 },
  LinesByDifference: { id: 1, order: "VALUE", after: null },
  Decide: { input: { stockTakeId: 1, safe: true, tolerance: { abs: 2, pct: 5 } } },
  Reconcile: { input: { stockTakeId: 1, dryRun: true } },
  FindSku: { code: "BOLT-M8" },
  SkuHistory: { id: 1 },
  Tokens: {},
  IssueToken: {
    input: { name: "Scanner 3", scopes: ["READ", "COUNT"], expiresAt: "2030-01-01T00:00:00Z" },
  },
  RevokeToken: { input: { id: 1 } },
  ActiveSites: {},
  ProgressByCounter: { id: 1 },
  DueScreen: { siteId: null },
  SaveIntervals: { input: { intervalDaysA: 7, intervalDaysB: 60, intervalDaysC: 180 } },
  Classify: { input: { windowDays: 90, dryRun: true } },
  ReportsScreen: { from: "2026-11-01T00:00:00Z", to: "2026-11-30T00:00:00Z" },
  StartStockTake: {
    input: { scope: { locations: ["A-01", "B-"] }, blind: true, basis: "FREEZE", dryRun: true },
  },
  TransfersInTransit: { toSiteId: 1 },
  TransferToReceive: { id: 1 },
  FindToSend: { code: "MUG-01", siteId: 1 },
  SendTransfer: {
    input: {
      fromSiteId: 1,
      toSiteId: 2,
      reference: "DN-1",
      lines: [{ type: "SKU", id: 1, qty: 2 }],
      idempotencyKey: "k",
    },
  },
  ReceiveTransfer: {
    input: { id: 1, lines: [{ type: "SKU", id: 1, qty: 2 }], close: false, idempotencyKey: "k" },
  },
  CatalogPage: { q: "mug", siteId: 1, after: null },
  SkuToEdit: { id: 1, siteId: null },
  SaveSku: {
    input: {
      id: 1,
      siteId: 1,
      location: "A-01-02",
      barcodes: ["4006381333931"],
      unitCost: 2.5,
      idempotencyKey: "k",
    },
  },
  SitesPage: { after: null },
  AddSite: { input: { code: "S-2", name: "Store 2", timezone: null, idempotencyKey: "k" } },
  SiteToEdit: { id: 1 },
  SaveSite: {
    input: {
      id: 1,
      code: "S-1",
      name: "Store",
      timezone: "Europe/Berlin",
      active: true,
      isDefault: true,
    },
  },
};

const documents = Object.entries(app)
  .filter(([name]) => name.endsWith("Document"))
  .map(
    ([name, document]) => [name.slice(0, -"Document".length), document as DocumentNode] as const,
  );

let schema: Awaited<ReturnType<typeof buildGraphqlSchema>>;
beforeAll(async () => {
  schema = await buildGraphqlSchema();
});

test("the app has operations, and each has its variables here", () => {
  expect(documents.length).toBeGreaterThanOrEqual(10);
  expect(documents.map(([name]) => name).sort()).toEqual(Object.keys(VARIABLES).sort());
});

describe.each(documents)("%s", (name, document) => {
  it("is valid, and nested at most 7 levels deep (the limit is 10)", () => {
    expect(MAX_DEPTH).toBe(10);
    expect(validate(schema, document, [...specifiedRules, depthLimit(7)])).toEqual([]);
  });

  it("costs at most a tenth of the cost limit", () => {
    const operation = getOperationAST(document)!;
    const { cost, refusal } = estimateCost(schema, document, operation, name, VARIABLES[name]!);
    expect(refusal).toBeNull();
    expect(cost).not.toBeNull();
    expect(cost!).toBeLessThanOrEqual(MAX_COMPLEXITY / 10);
  });
});
