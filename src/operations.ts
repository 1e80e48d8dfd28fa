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
  | "token"
  | "site"
  | "transfer";

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
  /**
   * Where to start reading it: the use case serving it, as `file#export`, the service function
   * its REST route calls (its resolver's, when only GraphQL serves it). A test checks the file
   * defines and exports it.
   */
  useCase: string;
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
   * these amounts ask for, with this pricing; each line twice when the flag at `twiceWhen` is true
   * (the work writes each line at two sites).
   */
  lines?: { lists: string[][]; amounts?: LineAmount[]; twiceWhen?: string[] } & LinePricing;
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
  createSku: op({
    useCase: "src/modules/catalog/catalog.service.ts#createSku",
    rest: "createSku",
    graphql: "createSku",
  }),
  listSkus: op({
    useCase: "src/modules/catalog/catalog.search.ts#listSkus",
    rest: "listSkus",
    graphql: "skus",
  }),
  getSku: op({
    useCase: "src/modules/catalog/catalog.service.ts#getSku",
    rest: "getSku",
    graphql: "sku",
    restIds: { id: "sku" },
    graphqlId: "sku",
  }),
  listSkuLevels: op({
    useCase: "src/modules/catalog/catalog.levels.ts#listSkuLevels",
    rest: "listSkuLevels",
    restIds: { id: "sku" },
  }),
  listSupplierItemLevels: op({
    useCase: "src/modules/catalog/catalog.levels.ts#listSupplierItemLevels",
    rest: "listSupplierItemLevels",
    restIds: { id: "supplierItem" },
  }),
  listSkuCostChanges: op({
    useCase: "src/modules/catalog/catalog.costs.ts#listCostChanges",
    rest: "listSkuCostChanges",
    restIds: { id: "sku" },
  }),
  listSupplierItemCostChanges: op({
    useCase: "src/modules/catalog/catalog.costs.ts#listCostChanges",
    rest: "listSupplierItemCostChanges",
    restIds: { id: "supplierItem" },
  }),
  updateSku: op({
    useCase: "src/modules/catalog/catalog.update.ts#updateSku",
    graphql: "updateSku",
    graphqlId: "sku",
  }),
  importSkus: op({
    useCase: "src/modules/catalog/catalog.import.ts#importSkus",
    rest: "importSkus",
    graphql: "importSkus",
    lines: { lists: [["input", "rows"]], lineWeight: LINE_WEIGHTS.import },
    walks: {
      what: "its rows' look-backs before an opening balance",
      lineWeight: WALK_WEIGHTS.lookback,
    },
  }),
  lookupBarcode: op({
    useCase: "src/modules/catalog/catalog.service.ts#findByBarcode",
    rest: "lookupBarcode",
    graphql: "lookupBarcode",
    restIds: { code: "barcode" },
  }),
  createSupplierItem: op({
    useCase: "src/modules/catalog/catalog.service.ts#createSupplierItem",
    rest: "createSupplierItem",
    graphql: "createSupplierItem",
  }),
  listSupplierItems: op({
    useCase: "src/modules/catalog/catalog.search.ts#listSupplierItems",
    rest: "listSupplierItems",
    graphql: "supplierItems",
  }),
  getSupplierItem: op({
    useCase: "src/modules/catalog/catalog.service.ts#getSupplierItem",
    rest: "getSupplierItem",
    graphql: "supplierItem",
    restIds: { id: "supplierItem" },
    graphqlId: "supplierItem",
  }),
  updateSupplierItem: op({
    useCase: "src/modules/catalog/catalog.update.ts#updateSupplierItem",
    graphql: "updateSupplierItem",
    graphqlId: "supplierItem",
  }),
  importSupplierItems: op({
    useCase: "src/modules/catalog/catalog.import-items.ts#importSupplierItems",
    rest: "importSupplierItems",
    graphql: "importSupplierItems",
    lines: { lists: [["input", "rows"]], lineWeight: LINE_WEIGHTS.import },
    walks: {
      what: "its rows' look-backs before an opening balance",
      lineWeight: WALK_WEIGHTS.lookback,
    },
  }),
  linkSupplierItem: op({
    useCase: "src/modules/catalog/catalog.link.ts#linkSupplierItem",
    rest: "linkSupplierItem",
    graphql: "linkSupplierItem",
    restIds: { id: "supplierItem" },
    graphqlId: "supplierItem",
  }),
  unlinkSupplierItem: op({
    useCase: "src/modules/catalog/catalog.link.ts#unlinkSupplierItem",
    rest: "unlinkSupplierItem",
    graphql: "unlinkSupplierItem",
    restIds: { id: "linkedSupplierItem" },
    graphqlId: "linkedSupplierItem",
  }),

  // Adjustments and the ledger.
  adjustSkuStock: op({
    useCase: "src/modules/adjustment/adjustment.edit.ts#editSku",
    rest: "adjustSkuStock",
    graphql: "adjustSkuStock",
    restIds: { id: "sku" },
  }),
  adjustSupplierItemStock: op({
    useCase: "src/modules/adjustment/adjustment.edit.ts#editSupplierItem",
    rest: "adjustSupplierItemStock",
    graphql: "adjustSupplierItemStock",
    restIds: { id: "supplierItem" },
  }),
  bulkAdjustStock: op({
    useCase: "src/modules/adjustment/adjustment.service.ts#bulkAdjust",
    rest: "bulkAdjustStock",
    graphql: "bulkAdjustStock",
    lines: { lists: [["input", "lines"]], lineWeight: LINE_WEIGHTS.adjustment },
  }),
  listStockAdjustments: op({
    useCase: "src/modules/adjustment/adjustment.read.ts#listAdjustments",
    rest: "listStockAdjustments",
    graphql: "stockAdjustments",
  }),
  getStockAdjustment: op({
    useCase: "src/modules/adjustment/adjustment.read.ts#getAdjustmentWithLines",
    rest: "getStockAdjustment",
    graphql: "stockAdjustment",
    restIds: { id: "adjustment" },
    graphqlId: "adjustment",
  }),
  listStockAdjustmentLines: op({
    useCase: "src/modules/adjustment/adjustment.read.ts#listAdjustmentLines",
    rest: "listStockAdjustmentLines",
    restIds: { id: "adjustment" },
  }),
  listStockMovements: op({
    useCase: "src/modules/movement/movement.service.ts#queryMovements",
    rest: "listStockMovements",
    graphql: "stockMovements",
  }),
  listEvents: op({
    useCase: "src/modules/event/event.service.ts#eventFeed",
    rest: "listEvents",
    graphql: "events",
  }),

  // Webhooks.
  createWebhook: op({
    useCase: "src/modules/webhook/webhook.service.ts#createWebhook",
    rest: "createWebhook",
    graphql: "createWebhook",
  }),
  listWebhooks: op({
    useCase: "src/modules/webhook/webhook.service.ts#listWebhooks",
    rest: "listWebhooks",
    graphql: "webhooks",
  }),
  getWebhook: op({
    useCase: "src/modules/webhook/webhook.service.ts#getWebhook",
    rest: "getWebhook",
    graphql: "webhook",
    restIds: { id: "webhook" },
    graphqlId: "webhook",
  }),
  updateWebhook: op({
    useCase: "src/modules/webhook/webhook.service.ts#updateWebhook",
    rest: "updateWebhook",
    graphql: "updateWebhook",
    restIds: { id: "webhook" },
    graphqlId: "webhook",
  }),
  deleteWebhook: op({
    useCase: "src/modules/webhook/webhook.service.ts#deleteWebhook",
    rest: "deleteWebhook",
    graphql: "deleteWebhook",
    restIds: { id: "webhook" },
    graphqlId: "webhook",
  }),
  rotateWebhookSecret: op({
    useCase: "src/modules/webhook/webhook.service.ts#rotateWebhookSecret",
    rest: "rotateWebhookSecret",
    graphql: "rotateWebhookSecret",
    restIds: { id: "webhook" },
    graphqlId: "webhook",
  }),
  listWebhookDeliveries: op({
    useCase: "src/modules/webhook/webhook.service.ts#listDeliveries",
    rest: "listWebhookDeliveries",
    restIds: { id: "webhook" },
  }),
  redeliverWebhookDelivery: op({
    useCase: "src/modules/webhook/webhook.service.ts#redeliver",
    rest: "redeliverWebhookDelivery",
    graphql: "redeliverWebhookDelivery",
    restIds: { id: "webhook", delivery: "webhookDelivery" },
  }),

  // The account.
  getAccount: op({
    useCase: "src/modules/account/account.settings.ts#getAccount",
    rest: "getAccount",
    graphql: "account",
  }),
  getViewer: op({
    useCase: "src/modules/account/account.viewer.ts#getViewer",
    rest: "getViewer",
    graphql: "viewer",
  }),
  updateAccount: op({
    useCase: "src/modules/account/account.settings.ts#updateAccount",
    rest: "updateAccount",
    graphql: "updateAccount",
  }),

  // API tokens.
  createApiToken: op({
    useCase: "src/modules/token/token.service.ts#createApiToken",
    rest: "createToken",
    graphql: "createApiToken",
  }),
  listApiTokens: op({
    useCase: "src/modules/token/token.service.ts#listApiTokens",
    rest: "listTokens",
    graphql: "apiTokens",
  }),
  revokeApiToken: op({
    useCase: "src/modules/token/token.service.ts#revokeApiToken",
    rest: "revokeToken",
    graphql: "revokeApiToken",
    restIds: { id: "token" },
    graphqlId: "token",
  }),

  // Sites.
  listSites: op({
    useCase: "src/modules/site/site.service.ts#listSites",
    rest: "listSites",
    graphql: "sites",
  }),
  getSite: op({
    useCase: "src/modules/site/site.service.ts#getSite",
    rest: "getSite",
    graphql: "site",
    restIds: { id: "site" },
    graphqlId: "site",
  }),
  createSite: op({
    useCase: "src/modules/site/site.service.ts#createSite",
    rest: "createSite",
    graphql: "createSite",
  }),
  updateSite: op({
    useCase: "src/modules/site/site.service.ts#updateSite",
    rest: "updateSite",
    graphql: "updateSite",
    restIds: { id: "site" },
    graphqlId: "site",
  }),

  // Transfers between sites.
  createTransfer: op({
    useCase: "src/modules/transfer/transfer.service.ts#createTransfer",
    rest: "createTransfer",
    graphql: "createTransfer",
    // A one-step transfer (receive: true) writes each line out of the source and into the
    // destination: twice a dispatch's movements.
    lines: {
      lists: [["input", "lines"]],
      lineWeight: LINE_WEIGHTS.adjustment,
      twiceWhen: ["input", "receive"],
    },
  }),
  receiveTransfer: op({
    useCase: "src/modules/transfer/transfer.service.ts#receiveTransfer",
    rest: "receiveTransfer",
    graphql: "receiveTransfer",
    restIds: { id: "transfer" },
    graphqlId: "transfer",
    walks: { what: "the transfer's lines", lineWeight: WALK_WEIGHTS.transfer },
  }),
  cancelTransfer: op({
    useCase: "src/modules/transfer/transfer.service.ts#cancelTransfer",
    rest: "cancelTransfer",
    graphql: "cancelTransfer",
    restIds: { id: "transfer" },
    graphqlId: "transfer",
    walks: { what: "the transfer's lines", lineWeight: WALK_WEIGHTS.transfer },
  }),
  listTransfers: op({
    useCase: "src/modules/transfer/transfer.read.ts#listTransfers",
    rest: "listTransfers",
    graphql: "transfers",
  }),
  getTransfer: op({
    useCase: "src/modules/transfer/transfer.read.ts#getTransferWithLines",
    rest: "getTransfer",
    graphql: "transfer",
    restIds: { id: "transfer" },
    graphqlId: "transfer",
  }),
  listTransferLines: op({
    useCase: "src/modules/transfer/transfer.read.ts#listTransferLines",
    rest: "listTransferLines",
    restIds: { id: "transfer" },
  }),

  // Stock takes and cycle counts.
  startStockTake: op({
    useCase: "src/modules/stock-take/stock-take.service.ts#startStockTake",
    rest: "startStockTake",
    graphql: "startStockTake",
    lines: {
      lists: [
        ["input", "scope", "skuIds"],
        ["input", "scope", "supplierItemIds"],
        ["input", "scope", "codes"],
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
  listStockTakes: op({
    useCase: "src/modules/stock-take/stock-take.service.ts#listStockTakes",
    rest: "listStockTakes",
    graphql: "stockTakes",
  }),
  getStockTake: op({
    useCase: "src/modules/stock-take/stock-take.service.ts#stockTakeToSummarize",
    rest: "getStockTake",
    graphql: "stockTake",
    restIds: { id: "stockTake" },
    graphqlId: "stockTake",
  }),
  listStockTakeLines: op({
    useCase: "src/modules/stock-take/stock-take.line-list.ts#listLines",
    rest: "listStockTakeLines",
    restIds: { id: "stockTake" },
  }),
  listStockTakeCounts: op({
    useCase: "src/modules/stock-take/stock-take.count-log.ts#listCounts",
    rest: "listStockTakeCounts",
    restIds: { id: "stockTake" },
  }),
  submitStockTakeCounts: op({
    useCase: "src/modules/stock-take/stock-take.service.ts#submitCounts",
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
    useCase: "src/modules/stock-take/stock-take.service.ts#acceptStockTakeLines",
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
    useCase: "src/modules/stock-take/stock-take.service.ts#reconcileStockTake",
    rest: "reconcileStockTake",
    graphql: "reconcileStockTake",
    restIds: { id: "stockTake" },
    walks: { what: "the stock take's lines, dry run or not", lineWeight: WALK_WEIGHTS.review },
  }),
  cancelStockTake: op({
    useCase: "src/modules/stock-take/stock-take.service.ts#cancelStockTake",
    rest: "cancelStockTake",
    graphql: "cancelStockTake",
    restIds: { id: "stockTake" },
  }),
  listDueForCount: op({
    useCase: "src/modules/cycle-count/cycle-count.service.ts#listDue",
    rest: "listDueForCount",
    graphql: "dueForCount",
  }),
  getSkuCycleCount: op({
    useCase: "src/modules/cycle-count/cycle-count.service.ts#skuCycleCount",
    rest: "getSkuCycleCount",
    restIds: { id: "sku" },
  }),
  setCountClass: op({
    useCase: "src/modules/cycle-count/cycle-count.service.ts#setCountClass",
    rest: "setSkuCountClass",
    graphql: "setCountClass",
    restIds: { id: "sku" },
  }),
  getCycleCountSettings: op({
    useCase: "src/modules/cycle-count/cycle-count.service.ts#cycleSettings",
    rest: "getCycleCountSettings",
    graphql: "cycleCountSettings",
  }),
  updateCycleCountSettings: op({
    useCase: "src/modules/cycle-count/cycle-count.service.ts#updateCycleSettings",
    rest: "updateCycleCountSettings",
    graphql: "updateCycleCountSettings",
  }),
  getAccuracyReport: op({
    useCase: "src/modules/report/report.service.ts#prepareAccuracyReport",
    rest: "getAccuracyReport",
    graphql: "accuracyReport",
  }),
  getVarianceReport: op({
    useCase: "src/modules/report/report.variance.ts#prepareVarianceReport",
    rest: "getVarianceReport",
    graphql: "varianceReport",
    walks: { what: "the movements of the window", lineWeight: WALK_WEIGHTS.summary },
  }),
  getValuationReport: op({
    useCase: "src/modules/report/report.valuation.ts#prepareValuation",
    rest: "getValuationReport",
    graphql: "valuationReport",
    walks: {
      what: "the stock rows and movements between the nearest snapshot and the date",
      lineWeight: WALK_WEIGHTS.summary,
    },
  }),
  classifySkus: op({
    useCase: "src/modules/cycle-count/cycle-count.service.ts#classify",
    rest: "classifySkus",
    graphql: "classifySkus",
    baseUnits: CLASSIFY_UNITS - 1,
  }),
} satisfies Record<string, Operation>;

/** What names a walk of the operation, over REST and GraphQL alike (the refused walks' key). */
export const walkKey = (operation: Operation, walk: Walk): string =>
  `${operation.rest ?? operation.graphql}:${walk.key}`;

/** What walking `lines` lines costs an operation, in units beyond the rest of its price. */
export function walkedUnits(operation: Operation, lines: number): number {
  const weight = operation.walks?.lineWeight ?? 0;
  return lines > 0 ? Math.ceil((lines * weight) / LINES_PER_UNIT) : 0;
}

/**
 * Whether an operation's lines count twice: the flag at its `lines.twiceWhen` is `true`, read by
 * `valueAt` (the GraphQL argument the path names first, then the path inside it). GraphQL reads
 * it from the document and its variables; REST from the body (`linesTwice`).
 */
export function linesTwiceAt(
  lines: Pick<NonNullable<Operation["lines"]>, "twiceWhen"> | undefined,
  valueAt: (argument: string, path: string[]) => unknown,
): boolean {
  const [argument, ...path] = lines?.twiceWhen ?? [];
  return argument !== undefined && valueAt(argument, path) === true;
}

/**
 * Whether an operation's lines count twice for this input (REST's body plays the part of the
 * GraphQL argument `lines.twiceWhen` starts with, `input`): the same rule as GraphQL's price.
 */
export function linesTwice(
  lines: Pick<NonNullable<Operation["lines"]>, "twiceWhen"> | undefined,
  input: unknown,
): boolean {
  return linesTwiceAt(lines, (_argument, path) => {
    let current = input;
    for (const key of path) {
      if (typeof current !== "object" || current === null || Array.isArray(current)) return;
      current = (current as Record<string, unknown>)[key];
    }
    return current;
  });
}

/**
 * The lines a REST body carries by an operation's declaration, as GraphQL's price reads them
 * (src/graphql/rate-limit.ts): each list's length and each amount, the paths after the GraphQL
 * argument (`input`, which the body plays the part of) read as the body's snake_case fields.
 */
export function restLines(lines: Operation["lines"], body: unknown): number {
  const at = ([, ...path]: string[]): unknown => {
    let current = body;
    for (const key of path) {
      if (typeof current !== "object" || current === null || Array.isArray(current)) return;
      current = (current as Record<string, unknown>)[
        key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
      ];
    }
    return current;
  };
  let total = 0;
  for (const list of lines?.lists ?? []) {
    const value = at(list);
    if (Array.isArray(value)) total += value.length;
  }
  for (const { path, max, when, absent } of lines?.amounts ?? []) {
    const value = at(path);
    total +=
      typeof value === "number" && Number.isInteger(value)
        ? Math.min(Math.max(value, 0), max)
        : at(when) === true
          ? absent
          : 0;
  }
  return total;
}

/** The declarations as a list, for tables derived from them. */
export const operationList = (): Operation[] => Object.values(OPERATIONS);
