// The GraphQL probes of the site-limits sweep: every query, mutation and subscription that reads
// or changes stock, called with S's token naming D's and X's things (sites, stock takes,
// adjustments, transfers, the admin's Idempotency-Keys) and naming nothing; and S's token's own
// reads and lists, which must show nothing of D or X.
import { randomBytes } from "node:crypto";
import { missingId, unused } from "./isolation-world.js";
import type { GqlProbe } from "./isolation.js";
import type { SiteWorld } from "./site-limits-world.js";

type Args = Record<string, unknown>;

/** A probe, with names its arguments do not hold (a twin's code): [D's, the twin's]. */
export type SiteGqlProbe = GqlProbe & { names?: [unknown, unknown][] };

export function siteGqlProbes(w: SiteWorld): { reads: SiteGqlProbe[]; writes: SiteGqlProbe[] } {
  const { ids, names, made, d, x } = w;
  const none = () => missingId();
  const others = [d, x];
  const takes = w.hidden.takes;
  const today = new Date().toISOString().slice(0, 10);

  /** `arg` naming each of D's or X's ids against a missing one, other arguments the same. */
  const byId = (field: string, arg: string, named: number[], rest: Args = {}) =>
    named.map((id): SiteGqlProbe => ({
      field,
      foreign: { ...rest, [arg]: id },
      missing: { ...rest, [arg]: none() },
    }));
  /** S's token's own view: nothing of D or X may show. */
  const own = (field: string, args: Args = {}): SiteGqlProbe => ({
    field,
    foreign: args,
    missing: args,
    positional: true,
  });
  /** A mutation's input naming D or X (made by `make`) against the same naming a missing site. */
  const input = (field: string, make: (site: number) => Args) =>
    others.map((site): SiteGqlProbe => ({
      field,
      foreign: { input: make(site) },
      missing: { input: make(none()) },
    }));
  /** A mutation's input naming D's or X's thing through `arg`, against a missing one. */
  const inputById = (field: string, arg: string, named: number[], rest: Args = {}) =>
    named.map((id): SiteGqlProbe => ({
      field,
      foreign: { input: { ...rest, [arg]: id } },
      missing: { input: { ...rest, [arg]: none() } },
    }));
  /** The admin's write sent again by S's token with the admin's key, against one naming nothing. */
  const repeat = (field: string, name: string, foreign: Args, missing: Args): SiteGqlProbe => ({
    field,
    foreign: { input: { ...foreign, idempotencyKey: made[name]!.key } },
    missing: { input: { ...missing, idempotencyKey: unused("key") } },
  });
  const code = () => `${names.tag}-gql-${randomBytes(3).toString("hex")}`;

  const reads: SiteGqlProbe[] = [
    own("Query.sites"),
    own("Query.viewer"),
    ...byId("Query.site", "id", others),
    own("Query.sku", { id: ids.sShared }),
    ...others.map((site): SiteGqlProbe => ({
      field: "Query.sku",
      foreign: { id: ids.sShared },
      missing: { id: ids.sShared },
      nested: { field: "Sku.cycleCount", foreign: { siteId: site }, missing: { siteId: none() } },
    })),
    ...byId("Query.sku", "siteId", others, { id: ids.sShared }),
    own("Query.skus", { filter: { q: names.tag } }),
    ...byId("Query.skus", "siteId", others),
    own("Query.supplierItem", { id: ids.iShared }),
    ...byId("Query.supplierItem", "siteId", others, { id: ids.iShared }),
    own("Query.supplierItems", { filter: { supplier: names.supplier } }),
    ...byId("Query.supplierItems", "siteId", others),
    own("Query.lookupBarcode", { code: names.iSharedBarcode }),
    ...byId("Query.lookupBarcode", "siteId", others, { code: names.sSharedBarcode }),
    own("Query.dueForCount"),
    ...byId("Query.dueForCount", "siteId", others),
    own("Query.stockAdjustments"),
    ...["adjD", "adjX"].map((name): SiteGqlProbe => ({
      field: "Query.stockAdjustments",
      foreign: { filter: { reference: `${names.tag}-${name}` } },
      missing: { filter: { reference: unused() } },
    })),
    ...byId("Query.stockAdjustment", "id", w.hidden.adjustments),
    own("Query.stockAdjustment", { id: ids.adjMixed }),
    own("Query.stockMovements", { filter: { skuId: ids.sShared } }),
    own("Query.stockMovements", { filter: { supplierItemId: ids.iShared } }),
    own("Query.stockMovements", { filter: { from: today } }),
    own("Query.stockMovements", { filter: { transferId: ids.trDS1 } }),
    ...(
      [
        ["stockTakeId", takes],
        ["adjustmentId", w.hidden.adjustments],
        ["transferId", w.hidden.transfers],
        ["siteId", others],
      ] as const
    ).flatMap(([key, named]) =>
      named.map((id): SiteGqlProbe => ({
        field: "Query.stockMovements",
        foreign: { filter: { from: today, [key]: id } },
        missing: { filter: { from: today, [key]: none() } },
      })),
    ),
    own("Query.events", { first: 500 }),
    own("Query.events", { first: 500, types: ["stock.changed"] }),
    own("Query.transfers"),
    ...byId("Query.transfers", "fromSiteId", others),
    ...byId("Query.transfers", "toSiteId", others),
    ...byId("Query.transfer", "id", w.hidden.transfers),
    own("Query.transfer", { id: ids.trSD }),
    own("Query.stockTakes"),
    ...byId("Query.stockTakes", "siteId", others),
    ...byId("Query.stockTake", "id", takes),
    ...byId("Query.accuracyReport", "stockTakeId", takes),
    own("Query.accuracyReport", { from: today }),
    ...byId("Query.varianceReport", "siteId", others, { from: today }),
    own("Query.varianceReport", { from: today }),
    ...others.map((site): SiteGqlProbe => ({
      field: "Subscription.stockChanged",
      foreign: { siteIds: [site] },
      missing: { siteIds: [none()] },
    })),
    own("Subscription.stockChanged"),
    ...byId("Subscription.stockTakeProgress", "id", takes),
  ];

  const stock = (key: string, id: number) => (site: number) => ({
    [key]: id,
    onHand: 1,
    reason: "CORRECTION",
    siteId: site,
  });
  const writes: SiteGqlProbe[] = [
    ...input("Mutation.adjustSkuStock", stock("skuId", ids.sShared!)),
    ...input("Mutation.adjustSupplierItemStock", stock("supplierItemId", ids.iShared!)),
    ...input("Mutation.bulkAdjustStock", (site) => ({
      reason: "CORRECTION",
      siteId: site,
      lines: [{ type: "SKU", id: ids.sShared, newQty: 1 }],
    })),
    ...input("Mutation.bulkAdjustStock", (site) => ({
      reason: "CORRECTION",
      lines: [{ type: "SKU", id: ids.sShared, newQty: 1, siteId: site }],
    })),
    ...input("Mutation.setCountClass", (site) => ({
      skuId: ids.sShared,
      countClass: "A",
      siteId: site,
    })),
    ...input("Mutation.classifySkus", (site) => ({ dryRun: true, siteId: site })),
    ...input("Mutation.updateSku", (site) => ({ id: ids.sShared, location: "X-1", siteId: site })),
    ...input("Mutation.updateSupplierItem", (site) => ({
      id: ids.iShared,
      location: "X-1",
      siteId: site,
    })),
    // The admin's writes at D naming no site, sent again with its keys: never its answers.
    own("Mutation.adjustSkuStock", {
      input: {
        skuId: ids.sD4,
        onHand: 5477.375,
        reason: "CORRECTION",
        idempotencyKey: made.patchD!.key,
      },
    }),
    own("Mutation.bulkAdjustStock", {
      input: {
        reason: "CORRECTION",
        lines: [{ type: "SKU", id: ids.sD5, newQty: 5488.625 }],
        idempotencyKey: made.bulkD!.key,
      },
    }),
    own("Mutation.startStockTake", {
      input: { scope: { skuIds: [ids.sD6] }, idempotencyKey: made.tkDefault!.key },
    }),
    // Catalog writes answer the item with S's stock; new items' opening balances are S's.
    own("Mutation.updateSku", { input: { id: ids.sShared, name: `${names.tag} sShared name` } }),
    own("Mutation.updateSupplierItem", {
      input: { id: ids.iShared, name: `${names.tag} iShared name` },
    }),
    own("Mutation.createSku", { input: { code: code(), name: "S's new", openingOnHand: 3 } }),
    own("Mutation.createSupplierItem", {
      input: { supplier: names.supplier, code: code(), name: "S's new", openingOnHand: 3 },
    }),
    own("Mutation.importSkus", {
      input: { rows: [{ code: code(), name: "S's new", openingOnHand: 3 }] },
    }),
    own("Mutation.importSupplierItems", {
      input: {
        rows: [{ supplier: names.supplier, code: code(), name: "S's new", openingOnHand: 3 }],
      },
    }),
    // Transfers.
    ...input("Mutation.createTransfer", (site) => ({
      fromSiteId: site,
      toSiteId: w.s,
      lines: [{ type: "SKU", id: ids.sS, qty: 1 }],
    })),
    ...input("Mutation.createTransfer", (site) => ({
      fromSiteId: w.s,
      toSiteId: site,
      lines: [{ type: "SKU", id: ids.sS, qty: 1 }],
    })),
    ...inputById("Mutation.receiveTransfer", "id", w.hidden.transfers),
    repeat(
      "Mutation.receiveTransfer",
      "trReceipt",
      { id: ids.trDXpart, lines: [{ type: "SKU", id: ids.sTr, qty: 0.5 }] },
      { id: none(), lines: [{ type: "SKU", id: ids.sTr, qty: 0.5 }] },
    ),
    ...inputById("Mutation.cancelTransfer", "id", w.hidden.transfers),
    repeat("Mutation.cancelTransfer", "trCancel", { id: ids.trDXcancel }, { id: none() }),
    // Stock takes.
    ...input("Mutation.startStockTake", (site) => ({ siteId: site, scope: { skuIds: [ids.sS] } })),
    repeat(
      "Mutation.startStockTake",
      "tkOpen",
      {
        siteId: d,
        scope: { skuIds: [ids.sD3] },
        reference: `${names.tag}-tkOpen`,
        note: `${names.tag} tkOpen note`,
      },
      {
        siteId: none(),
        scope: { skuIds: [ids.sD3] },
        reference: `${names.tag}-tkOpen`,
        note: `${names.tag} tkOpen note`,
      },
    ),
    ...inputById("Mutation.submitStockTakeCounts", "stockTakeId", takes, {
      counts: [{ type: "SKU", id: ids.sD1, countedQty: 1 }],
    }),
    ...inputById("Mutation.acceptStockTakeLines", "stockTakeId", takes),
    repeat(
      "Mutation.acceptStockTakeLines",
      "tkAccept",
      { stockTakeId: ids.tkCounting, lines: [{ type: "SKU", id: ids.sD1 }] },
      { stockTakeId: none(), lines: [{ type: "SKU", id: ids.sD1 }] },
    ),
    ...[true, false].flatMap((dryRun) =>
      inputById("Mutation.reconcileStockTake", "stockTakeId", takes, { dryRun }),
    ),
    repeat(
      "Mutation.reconcileStockTake",
      "tkReconcile",
      { stockTakeId: ids.tkReconciled },
      { stockTakeId: none() },
    ),
    ...inputById("Mutation.cancelStockTake", "stockTakeId", takes),
    repeat(
      "Mutation.cancelStockTake",
      "tkCancel",
      { stockTakeId: ids.tkCancelled },
      { stockTakeId: none() },
    ),
  ];
  return { reads, writes };
}
