// One declaration per operation of the two APIs: its REST operation and GraphQL field, the ids it
// takes, and how it is priced when its lists make it dearer than one unit. The GraphQL price
// list, each REST route's line pricing and the fuzz tests' generators are read from here, so an
// operation is added in one place (its route and resolver aside).
import { DEFAULT_DUE_LIMIT, MAX_DUE_LIMIT } from "./limits.js";
import {
  CLASSIFY_UNITS,
  COUNT_BASE_UNITS,
  LINE_WEIGHTS,
  LINES_PER_UNIT,
  WALK_WEIGHTS,
} from "./rate-limit/bucket.js";

/** What an id an operation takes names (a linked supplier item: one linked to a SKU). */
export type EntityKind =
  | "sku"
  | "supplierItem"
  | "linkedSupplierItem"
  | "barcode"
  | "adjustment"
  | "stockTake"
  | "webhook"
  | "webhookDelivery"
  | "token";

/** How an operation carrying lines is priced, over both transports. */
export interface LinePricing {
  /** Units it costs beyond its lines, taken at authentication with the first. */
  baseUnits?: number;
  /** What each of its lines counts as, in lines (LINE_WEIGHTS). */
  lineWeight?: number;
}

/**
 * An integer argument that asks for that many lines (a stock take's `due` scope's `limit`), at
 * most `max`, and `absent` lines when it is left out while the flag at `when` is true.
 */
export interface LineAmount {
  path: string[];
  max: number;
  when: string[];
  absent: number;
}

export interface Operation {
  /** The REST operation's operationId, when REST serves it. */
  rest?: string;
  /** The GraphQL Query or Mutation field, when GraphQL serves it. */
  graphql?: string;
  /** REST path parameters naming an entity, by name. */
  restIds?: Record<string, EntityKind>;
  /** What GraphQL's `id` argument (or its input's `id`) names, when fuzzing should use one. */
  graphqlId?: EntityKind;
  /**
   * Priced by the entries of these lists (paths inside its GraphQL arguments), and by the lines
   * these amounts ask for, with this pricing.
   */
  lines?: { lists: string[][]; amounts?: LineAmount[] } & LinePricing;
  /** Units it costs beyond its lines or rows, when it has no lists. */
  baseUnits?: number;
  /**
   * Priced also by the lines its work walks beyond those it names, counted from an index before
   * the work (its service says how many): `what` they are, each counted `lineWeight` times.
   */
  walks?: { what: string; lineWeight: number };
}

/**
 * A walk about to be priced (an operation's `walks`): what it walks, named so that the same walk
 * asked again has the same `key` (a start's scope, a review's stock take), and how many lines,
 * counted only when asked, after a refusal still standing for that key was looked for.
 */
export interface Walk {
  key: string;
  lines(): Promise<number>;
}

const op = (o: Operation): Operation => o;

/** Every operation, by the name of its use case. */
export const OPERATIONS = {
  // The catalog.
  createSku: op({ rest: "createSku", graphql: "createSku" }),
  listSkus: op({ rest: "listSkus", graphql: "skus" }),
  getSku: op({ rest: "getSku", graphql: "sku", restIds: { id: "sku" }, graphqlId: "sku" }),
  updateSku: op({ graphql: "updateSku", graphqlId: "sku" }),
  importSkus: op({
    rest: "importSkus",
    graphql: "importSkus",
    lines: { lists: [["input", "rows"]], lineWeight: LINE_WEIGHTS.import },
  }),
  lookupBarcode: op({
    rest: "lookupBarcode",
    graphql: "lookupBarcode",
    restIds: { code: "barcode" },
  }),
  createSupplierItem: op({ rest: "createSupplierItem", graphql: "createSupplierItem" }),
  listSupplierItems: op({ rest: "listSupplierItems", graphql: "supplierItems" }),
  getSupplierItem: op({
    rest: "getSupplierItem",
    graphql: "supplierItem",
    restIds: { id: "supplierItem" },
    graphqlId: "supplierItem",
  }),
  updateSupplierItem: op({ graphql: "updateSupplierItem", graphqlId: "supplierItem" }),
  importSupplierItems: op({
    rest: "importSupplierItems",
    graphql: "importSupplierItems",
    lines: { lists: [["input", "rows"]], lineWeight: LINE_WEIGHTS.import },
  }),
  linkSupplierItem: op({
    rest: "linkSupplierItem",
    graphql: "linkSupplierItem",
    restIds: { id: "supplierItem" },
    graphqlId: "supplierItem",
  }),
  unlinkSupplierItem: op({
    rest: "unlinkSupplierItem",
    graphql: "unlinkSupplierItem",
    restIds: { id: "linkedSupplierItem" },
    graphqlId: "linkedSupplierItem",
  }),

  // Adjustments and the ledger.
  adjustSkuStock: op({ rest: "adjustSkuStock", graphql: "adjustSkuStock", restIds: { id: "sku" } }),
  adjustSupplierItemStock: op({
    rest: "adjustSupplierItemStock",
    graphql: "adjustSupplierItemStock",
    restIds: { id: "supplierItem" },
  }),
  bulkAdjustStock: op({
    rest: "bulkAdjustStock",
    graphql: "bulkAdjustStock",
    lines: { lists: [["input", "lines"]], lineWeight: LINE_WEIGHTS.adjustment },
  }),
  listStockAdjustments: op({ rest: "listStockAdjustments", graphql: "stockAdjustments" }),
  getStockAdjustment: op({
    rest: "getStockAdjustment",
    graphql: "stockAdjustment",
    restIds: { id: "adjustment" },
    graphqlId: "adjustment",
  }),
  listStockAdjustmentLines: op({ rest: "listStockAdjustmentLines", restIds: { id: "adjustment" } }),
  listStockMovements: op({ rest: "listStockMovements", graphql: "stockMovements" }),
  listEvents: op({ rest: "listEvents", graphql: "events" }),

  // Webhooks.
  createWebhook: op({ rest: "createWebhook", graphql: "createWebhook" }),
  listWebhooks: op({ rest: "listWebhooks", graphql: "webhooks" }),
  getWebhook: op({
    rest: "getWebhook",
    graphql: "webhook",
    restIds: { id: "webhook" },
    graphqlId: "webhook",
  }),
  updateWebhook: op({
    rest: "updateWebhook",
    graphql: "updateWebhook",
    restIds: { id: "webhook" },
    graphqlId: "webhook",
  }),
  deleteWebhook: op({
    rest: "deleteWebhook",
    graphql: "deleteWebhook",
    restIds: { id: "webhook" },
    graphqlId: "webhook",
  }),
  rotateWebhookSecret: op({
    rest: "rotateWebhookSecret",
    graphql: "rotateWebhookSecret",
    restIds: { id: "webhook" },
    graphqlId: "webhook",
  }),
  listWebhookDeliveries: op({ rest: "listWebhookDeliveries", restIds: { id: "webhook" } }),
  redeliverWebhookDelivery: op({
    rest: "redeliverWebhookDelivery",
    graphql: "redeliverWebhookDelivery",
    restIds: { id: "webhook", delivery: "webhookDelivery" },
  }),

  // API tokens.
  createApiToken: op({ rest: "createToken", graphql: "createApiToken" }),
  listApiTokens: op({ rest: "listTokens", graphql: "apiTokens" }),
  revokeApiToken: op({
    rest: "revokeToken",
    graphql: "revokeApiToken",
    restIds: { id: "token" },
    graphqlId: "token",
  }),

  // Stock takes and cycle counts.
  startStockTake: op({
    rest: "startStockTake",
    graphql: "startStockTake",
    lines: {
      lists: [
        ["input", "scope", "skuIds"],
        ["input", "scope", "supplierItemIds"],
      ],
      amounts: [
        {
          path: ["input", "scope", "limit"],
          max: MAX_DUE_LIMIT,
          when: ["input", "scope", "due"],
          absent: DEFAULT_DUE_LIMIT,
        },
      ],
    },
    walks: {
      what: "the lines its whole-catalog or location scope will freeze",
      lineWeight: WALK_WEIGHTS.start,
    },
  }),
  listStockTakes: op({ rest: "listStockTakes", graphql: "stockTakes" }),
  getStockTake: op({
    rest: "getStockTake",
    graphql: "stockTake",
    restIds: { id: "stockTake" },
    graphqlId: "stockTake",
  }),
  listStockTakeLines: op({ rest: "listStockTakeLines", restIds: { id: "stockTake" } }),
  listStockTakeCounts: op({ rest: "listStockTakeCounts", restIds: { id: "stockTake" } }),
  submitStockTakeCounts: op({
    rest: "submitStockTakeCounts",
    graphql: "submitStockTakeCounts",
    restIds: { id: "stockTake" },
    lines: {
      lists: [["input", "counts"]],
      baseUnits: COUNT_BASE_UNITS,
      lineWeight: LINE_WEIGHTS.count,
    },
  }),
  acceptStockTakeLines: op({
    rest: "acceptStockTakeLines",
    graphql: "acceptStockTakeLines",
    restIds: { id: "stockTake" },
    lines: {
      lists: [
        ["input", "lines"],
        ["input", "recount"],
      ],
    },
    walks: { what: "the stock take's lines, when safe", lineWeight: WALK_WEIGHTS.review },
  }),
  reconcileStockTake: op({
    rest: "reconcileStockTake",
    graphql: "reconcileStockTake",
    restIds: { id: "stockTake" },
    walks: { what: "the stock take's lines, dry run or not", lineWeight: WALK_WEIGHTS.review },
  }),
  cancelStockTake: op({
    rest: "cancelStockTake",
    graphql: "cancelStockTake",
    restIds: { id: "stockTake" },
  }),
  listDueForCount: op({ rest: "listDueForCount", graphql: "dueForCount" }),
  getSkuCycleCount: op({ rest: "getSkuCycleCount", restIds: { id: "sku" } }),
  setCountClass: op({ rest: "setSkuCountClass", graphql: "setCountClass", restIds: { id: "sku" } }),
  getCycleCountSettings: op({ rest: "getCycleCountSettings", graphql: "cycleCountSettings" }),
  updateCycleCountSettings: op({
    rest: "updateCycleCountSettings",
    graphql: "updateCycleCountSettings",
  }),
  getAccuracyReport: op({ rest: "getAccuracyReport", graphql: "accuracyReport" }),
  classifySkus: op({
    rest: "classifySkus",
    graphql: "classifySkus",
    baseUnits: CLASSIFY_UNITS - 1,
  }),
} satisfies Record<string, Operation>;

/** What walking `lines` lines costs an operation, in units beyond the rest of its price. */
/** What names a walk of the operation, over REST and GraphQL alike (the refused walks' key). */
export const walkKey = (operation: Operation, walk: Walk): string =>
  `${operation.rest ?? operation.graphql}:${walk.key}`;

export function walkedUnits(operation: Operation, lines: number): number {
  const weight = operation.walks?.lineWeight ?? 0;
  return lines > 0 ? Math.ceil((lines * weight) / LINES_PER_UNIT) : 0;
}

/** The declarations as a list, for tables derived from them. */
export const operationList = (): Operation[] => Object.values(OPERATIONS);
