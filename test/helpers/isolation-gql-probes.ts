// The GraphQL probes of the isolation sweep: every query, mutation and subscription, and every
// field below them that takes arguments, called by B naming A's things (ids in arguments and in
// inputs, nested lines and counts, A's cursors, A's idempotency keys) and naming nothing.
import { gtin, missingId, unused, type World } from "./isolation-world.js";
import { reparent, type GqlProbe } from "./isolation.js";

/** Rows each side creates in B: their ids and times differ by nature. */
const CREATED = ["id", "createdAt", "updatedAt", "secret"];
/** A created SKU's, and its cycle count's, which names it. */
const CREATED_SKU = [...CREATED, "skuId"];

type Args = Record<string, unknown>;

export function gqlProbes(w: World): { reads: GqlProbe[]; writes: GqlProbe[] } {
  const { ids, names, made, cursors } = w;
  const none = () => missingId();
  const key = (name: string) => made[name]!.key;
  const takes = [ids.reconciled!, ids.cancelled!, ids.counting!, ids.open!];

  /** The field with each of A's ids as `arg` against a missing id, other arguments the same. */
  const byId = (field: string, arg: string, foreignIds: number[], rest: Args = {}) =>
    foreignIds.map((id): GqlProbe => ({
      field,
      foreign: { ...rest, [arg]: id },
      missing: { ...rest, [arg]: none() },
    }));
  /** A mutation's input naming A's things against one naming nothing. */
  const mutation = (
    field: string,
    foreign: Args,
    missing: Args,
    volatile?: string[],
  ): GqlProbe => ({
    field,
    foreign: { input: foreign },
    missing: { input: missing },
    ...(volatile ? { volatile } : {}),
  });
  const filter = (field: string, pairs: [string, unknown, unknown][]) =>
    pairs.map(([name, foreign, missing]): GqlProbe => ({
      field,
      foreign: { filter: { [name]: foreign } },
      missing: { filter: { [name]: missing } },
    }));
  const after = (field: string, cursor: string, rest: Args = {}): GqlProbe => ({
    field,
    foreign: { ...rest, after: cursor },
    missing: rest,
    positional: true,
  });
  /** A's cursor on a page below one of B's own things. */
  const nestedAfter = (root: string, rootArgs: Args, field: string, cursor: string): GqlProbe => ({
    field: root,
    foreign: rootArgs,
    missing: rootArgs,
    nested: { field, foreign: { after: cursor }, missing: {} },
    positional: true,
  });
  const eventsCursor = reparent;
  /** A's cursor naming its parent, on B's own parent: against one naming a missing parent. */
  const parentAfter = (root: string, rootArgs: Args, field: string, cursor: string): GqlProbe => ({
    field: root,
    foreign: rootArgs,
    missing: rootArgs,
    nested: { field, foreign: { after: cursor }, missing: { after: reparent(cursor, none()) } },
  });

  const reads: GqlProbe[] = [
    ...byId("Query.sku", "id", [ids.s1!, ids.s2!]),
    ...byId("Query.supplierItem", "id", [ids.i1!, ids.i2!]),
    ...byId("Query.stockAdjustment", "id", [ids.adjustment!]),
    ...byId("Query.stockTake", "id", takes),
    ...byId("Query.accuracyReport", "stockTakeId", takes),
    ...byId("Query.varianceReport", "skuId", [ids.s1!, ids.s2!]),
    ...byId("Query.varianceReport", "supplierItemId", [ids.i1!, ids.i2!]),
    ...byId("Query.varianceReport", "siteId", [ids.site1!, ids.siteMain!], {
      from: new Date().toISOString().slice(0, 10),
    }),
    ...byId("Query.valuationReport", "siteId", [ids.site1!, ids.siteMain!]),
    ...byId("Query.webhook", "id", [ids.w1!, ids.w2!]),
    ...byId("Query.site", "id", [ids.site1!, ids.site2!, ids.siteMain!]),
    ...byId("Query.transfer", "id", [ids.tr1!, ids.tr2!]),
    ...(
      [
        ["fromSiteId", ids.siteMain],
        ["toSiteId", ids.site1],
        ["toSiteId", ids.site3],
      ] as const
    ).map(([arg, site]): GqlProbe => ({
      field: "Query.transfers",
      foreign: { [arg]: site },
      missing: { [arg]: none() },
    })),
    after("Query.transfers", cursors["gql.transfers"]!),
    parentAfter(
      "Query.transfer",
      { id: ids.bTransfer },
      "Transfer.lines",
      cursors["gql.transferLines"]!,
    ),
    // B's own lists, whole: nothing of A among them.
    ...[
      "Query.webhooks",
      "Query.apiTokens",
      "Query.sites",
      "Query.transfers",
      "Query.skus",
      "Query.supplierItems",
      "Query.stockAdjustments",
      "Query.stockTakes",
      "Query.events",
      "Query.dueForCount",
      "Query.cycleCountSettings",
      "Query.account",
      "Query.viewer",
    ].map((field) => ({ field, foreign: {}, missing: {}, positional: true })),
    ...[
      [names.s1Barcode, gtin()],
      [names.s1Label, unused()],
      [names.i1Barcode, gtin()],
    ].map(([foreign, missing]) => ({
      field: "Query.lookupBarcode",
      foreign: { code: foreign },
      missing: { code: missing },
    })),
    ...filter("Query.skus", [
      ["code", names.s1Code, unused()],
      ["barcode", names.s1Barcode, gtin()],
      ["q", names.s1Code, unused()],
    ]),
    after("Query.skus", cursors["gql.skus"]!),
    ...filter("Query.supplierItems", [
      ["skuId", ids.s1, none()],
      ["code", names.i1Code, unused()],
      ["barcode", names.i1Barcode, gtin()],
      ["supplier", names.supplier, unused()],
    ]),
    after("Query.supplierItems", cursors["gql.supplierItems"]!),
    // B's own catalog read at A's sites, the deactivated one too.
    ...[ids.siteMain!, ids.site1!, ids.site2!].flatMap((site) =>
      (
        [
          ["Query.sku", { id: ids.bSku }],
          ["Query.skus", {}],
          ["Query.supplierItem", { id: ids.bItem }],
          ["Query.supplierItems", {}],
          ["Query.lookupBarcode", { code: unused() }],
        ] as const
      ).map(([field, rest]) => ({
        field,
        foreign: { ...rest, siteId: site },
        missing: { ...rest, siteId: none() },
      })),
    ),
    ...filter("Query.stockAdjustments", [["reference", `${names.tag}-ref-2`, unused()]]),
    after("Query.stockAdjustments", cursors["gql.stockAdjustments"]!),
    ...filter("Query.stockMovements", [
      ["skuId", ids.s1, none()],
      ["supplierItemId", ids.i2, none()],
      ["supplierItemId", ids.i1, none()],
      ["stockTakeId", ids.reconciled, none()],
      ["adjustmentId", ids.adjustment, none()],
      ["transferId", ids.tr1, none()],
      ["siteId", ids.siteMain, none()],
      ["siteId", ids.site1, none()],
    ]),
    after("Query.stockMovements", cursors["gql.stockMovements"]!, { filter: { skuId: ids.bSku } }),
    after("Query.stockMovements", cursors["gql.stockMovements"]!, { filter: { skuId: ids.s1 } }),
    after("Query.stockTakes", cursors["gql.stockTakes"]!),
    ...[ids.siteMain, ids.site1].map((site): GqlProbe => ({
      field: "Query.stockTakes",
      foreign: { siteId: site },
      missing: { siteId: none() },
    })),
    ...[ids.siteMain, ids.site1].map((site): GqlProbe => ({
      field: "Query.dueForCount",
      foreign: { siteId: site },
      missing: { siteId: none() },
    })),
    after("Query.apiTokens", cursors["gql.apiTokens"]!),
    after("Query.sites", cursors["gql.sites"]!),
    {
      field: "Query.events",
      foreign: { after: cursors["gql.events"] },
      missing: { after: eventsCursor(cursors["gql.events"]!, none()) },
    },
    nestedAfter("Query.sku", { id: ids.bSku }, "Sku.movements", cursors["gql.skuMovements"]!),
    nestedAfter("Query.sku", { id: ids.bSku }, "Sku.levels", cursors["gql.levels"]!),
    nestedAfter("Query.sku", { id: ids.bSku }, "Sku.costChanges", cursors["gql.costChanges"]!),
    nestedAfter(
      "Query.supplierItem",
      { id: ids.bItem },
      "SupplierItem.costChanges",
      cursors["gql.costChanges"]!,
    ),
    nestedAfter(
      "Query.supplierItem",
      { id: ids.bItem },
      "SupplierItem.levels",
      cursors["gql.levels"]!,
    ),
    nestedAfter(
      "Query.supplierItem",
      { id: ids.bItem },
      "SupplierItem.movements",
      cursors["gql.itemMovements"]!,
    ),
    parentAfter(
      "Query.stockAdjustment",
      { id: ids.bAdjustment },
      "StockAdjustmentRecord.lines",
      cursors["gql.adjustmentLines"]!,
    ),
    parentAfter("Query.stockTake", { id: ids.bTake }, "StockTake.lines", cursors["gql.lines"]!),
    // A's codes and barcodes scanned in B's stock take: as a code nobody has.
    ...[
      [names.s1Code!, unused()],
      [names.s1Barcode!, gtin()],
      [names.i1Barcode!, gtin()],
    ].map(([foreign, missing]) => ({
      field: "Query.stockTake",
      foreign: { id: ids.bTake },
      missing: { id: ids.bTake },
      nested: { field: "StockTake.lines", foreign: { code: foreign }, missing: { code: missing } },
    })),
    // Its argument names nothing of an account (a depth): B's own areas either way.
    {
      field: "Query.stockTake",
      foreign: { id: ids.bTake },
      missing: { id: ids.bTake },
      nested: {
        field: "StockTake.progressByLocation",
        foreign: { depth: 2 },
        missing: { depth: 2 },
      },
    },
    nestedAfter("Query.stockTake", { id: ids.bTake }, "StockTake.counts", cursors["gql.counts"]!),
    // B's own SKU's cycle count at A's sites.
    ...[ids.siteMain!, ids.site1!].map((site) => ({
      field: "Query.sku",
      foreign: { id: ids.bSku },
      missing: { id: ids.bSku },
      nested: { field: "Sku.cycleCount", foreign: { siteId: site }, missing: { siteId: none() } },
    })),
    // B's own SKU's and item's levels at A's sites.
    ...[ids.siteMain!, ids.site1!].flatMap((site) =>
      (
        [
          ["Query.sku", ids.bSku!, "Sku.levels"],
          ["Query.supplierItem", ids.bItem!, "SupplierItem.levels"],
        ] as const
      ).map(([field, id, nested]) => ({
        field,
        foreign: { id },
        missing: { id },
        nested: { field: nested, foreign: { siteIds: [site] }, missing: { siteIds: [none()] } },
      })),
    ),
    nestedAfter(
      "Query.webhook",
      { id: ids.bWebhook },
      "Webhook.deliveries",
      cursors["gql.deliveries"]!,
    ),
    ...byId("Subscription.stockChanged", "skuIds", [ids.s1!]).map((p) => ({
      ...p,
      foreign: { skuIds: [p.foreign.skuIds] },
      missing: { skuIds: [p.missing.skuIds] },
    })),
    ...[ids.siteMain!, ids.site1!].map((site) => ({
      field: "Subscription.stockChanged",
      foreign: { siteIds: [site] },
      missing: { siteIds: [none()] },
    })),
    ...byId("Subscription.stockTakeProgress", "id", takes),
  ];

  const ref = (type: string, named: Args) => ({ type, ...named });
  /** Ways to name an entity in B's own stock take: A's entity against nothing. */
  const refs: [Args, Args][] = [
    [ref("SKU", { id: ids.s1 }), ref("SKU", { id: none() })],
    [ref("SKU", { code: names.s1Code }), ref("SKU", { code: unused() })],
    [ref("SKU", { barcode: names.s1Barcode }), ref("SKU", { barcode: gtin() })],
    [
      ref("SUPPLIER_ITEM", { supplier: names.supplier, code: names.i2Code }),
      ref("SUPPLIER_ITEM", { supplier: names.supplier, code: unused() }),
    ],
    [ref("SUPPLIER_ITEM", { id: ids.i2 }), ref("SUPPLIER_ITEM", { id: none() })],
    [ref("SUPPLIER_ITEM", { id: ids.i1 }), ref("SUPPLIER_ITEM", { id: none() })],
  ];
  const onB = (field: string, make: (r: Args) => Args) =>
    refs.map(([foreign, missing]) =>
      mutation(
        field,
        { stockTakeId: ids.bTake, ...make(foreign) },
        { stockTakeId: ids.bTake, ...make(missing) },
      ),
    );
  const line = (named: Args) => ({ newQty: 1, ...named });
  const tokenInput = {
    name: "B's device",
    scopes: ["READ", "COUNT"],
    expiresAt: new Date(Date.now() + 12 * 3_600_000).toISOString(),
  };

  const writes: GqlProbe[] = [
    // A's SKUs named in B: as unknown as SKUs that exist nowhere.
    ...[ids.s1!, ids.s2!].map((id) =>
      mutation(
        "Mutation.setCountClass",
        { skuId: id, countClass: "A" },
        { skuId: none(), countClass: "A" },
      ),
    ),
    // B's own SKU classed, and B's catalog classified, at A's sites.
    ...[ids.siteMain!, ids.site1!].flatMap((site) => [
      mutation(
        "Mutation.setCountClass",
        { skuId: ids.bSku, countClass: "A", siteId: site },
        { skuId: ids.bSku, countClass: "A", siteId: none() },
      ),
      mutation(
        "Mutation.classifySkus",
        { dryRun: true, siteId: site },
        { dryRun: true, siteId: none() },
      ),
    ]),
    // B's own intervals and currency, set to what they are: nothing of A's is read or changed.
    mutation("Mutation.updateCycleCountSettings", { intervalDaysA: 30 }, { intervalDaysA: 30 }),
    mutation("Mutation.updateAccount", { currency: "EUR" }, { currency: "EUR" }),
    // A tally of B's whole catalog, which the sweep's own writes change between the two calls.
    {
      ...mutation(
        "Mutation.classifySkus",
        { dryRun: true, idempotencyKey: key("classify") },
        { dryRun: true, idempotencyKey: unused() },
      ),
      positional: true,
    },
    mutation(
      "Mutation.createSku",
      {
        code: names.sGqlCode,
        name: "B's",
        barcodes: [names.sGqlBarcode, names.sGqlLabel],
        idempotencyKey: key("sGql"),
      },
      { code: unused(), name: "B's", barcodes: [gtin(), unused()], idempotencyKey: unused() },
      CREATED_SKU,
    ),
    mutation(
      "Mutation.createSupplierItem",
      {
        supplier: names.supplier,
        code: names.iGqlCode,
        name: "B's",
        barcodes: [names.iGqlBarcode],
        idempotencyKey: key("iGql"),
      },
      {
        supplier: names.supplier,
        code: unused(),
        name: "B's",
        barcodes: [gtin()],
        idempotencyKey: unused(),
      },
      CREATED,
    ),
    mutation(
      "Mutation.createSupplierItem",
      { supplier: "B", code: "B-3", name: "B", skuId: ids.s1 },
      { supplier: "B", code: "B-3", name: "B", skuId: none() },
    ),
    mutation(
      "Mutation.importSkus",
      {
        rows: [{ code: names.importSkusGql, name: "B's", barcodes: [names.importSkusGqlBarcode] }],
        idempotencyKey: key("importSkusGql"),
      },
      { rows: [{ code: unused(), name: "B's", barcodes: [gtin()] }], idempotencyKey: unused() },
      CREATED,
    ),
    mutation(
      "Mutation.importSupplierItems",
      {
        rows: [
          {
            supplier: names.supplier,
            code: names.importItemsGql,
            name: "B's",
            skuId: ids.s1,
            barcodes: [names.importItemsGqlBarcode],
          },
        ],
        idempotencyKey: key("importItemsGql"),
      },
      {
        rows: [
          {
            supplier: names.supplier,
            code: unused(),
            name: "B's",
            skuId: none(),
            barcodes: [gtin()],
          },
        ],
        idempotencyKey: unused(),
      },
    ),
    mutation(
      "Mutation.importSupplierItems",
      { rows: [{ supplier: "B Supplies", code: "B-I2", name: "B item 2", skuId: ids.s1 }] },
      { rows: [{ supplier: "B Supplies", code: "B-I2", name: "B item 2", skuId: none() }] },
    ),
    mutation(
      "Mutation.updateSku",
      { id: ids.s1, name: "B's", idempotencyKey: key("patchSku") },
      { id: none(), name: "B's", idempotencyKey: unused() },
    ),
    mutation(
      "Mutation.updateSku",
      { id: ids.bSku, code: names.sUpdateCode, barcodes: [names.sUpdateBarcode] },
      { id: ids.bSku, code: unused(), barcodes: [gtin()] },
      ["updatedAt"],
    ),
    mutation(
      "Mutation.updateSupplierItem",
      { id: ids.i2, name: "B's", idempotencyKey: key("patchItem") },
      { id: none(), name: "B's", idempotencyKey: unused() },
    ),
    mutation(
      "Mutation.updateSupplierItem",
      {
        id: ids.bItem,
        supplier: names.supplier,
        code: names.iUpdateCode,
        barcodes: [names.iUpdateBarcode],
      },
      { id: ids.bItem, supplier: names.supplier, code: unused(), barcodes: [gtin()] },
      ["updatedAt"],
    ),
    mutation(
      "Mutation.linkSupplierItem",
      { id: ids.iLink, skuId: ids.s1, idempotencyKey: key("link") },
      { id: none(), skuId: none(), idempotencyKey: unused() },
    ),
    mutation(
      "Mutation.linkSupplierItem",
      { id: ids.bItem, skuId: ids.s1 },
      { id: ids.bItem, skuId: none() },
    ),
    mutation(
      "Mutation.unlinkSupplierItem",
      { id: ids.i1, idempotencyKey: key("unlink") },
      { id: none(), idempotencyKey: unused() },
    ),
    mutation(
      "Mutation.adjustSkuStock",
      { skuId: ids.s1, onHand: 1, reason: "CORRECTION", idempotencyKey: key("patchSku") },
      { skuId: none(), onHand: 1, reason: "CORRECTION", idempotencyKey: unused() },
    ),
    mutation(
      "Mutation.adjustSupplierItemStock",
      { supplierItemId: ids.i2, onHand: 1, reason: "CORRECTION", idempotencyKey: key("patchItem") },
      { supplierItemId: none(), onHand: 1, reason: "CORRECTION", idempotencyKey: unused() },
    ),
    mutation(
      "Mutation.adjustSkuStock",
      { skuId: ids.s2, onHand: 1, reason: "CORRECTION", expectedOnHand: Number(w.onHand.s2) },
      { skuId: none(), onHand: 1, reason: "CORRECTION", expectedOnHand: Number(w.onHand.s2) },
    ),
    mutation(
      "Mutation.adjustSupplierItemStock",
      { supplierItemId: ids.i1, onHand: 1, reason: "CORRECTION" },
      { supplierItemId: none(), onHand: 1, reason: "CORRECTION" },
    ),
    // A's transfer dispatched again in B with A's key, and B's own SKU sent from or to A's sites.
    mutation(
      "Mutation.createTransfer",
      {
        fromSiteId: ids.siteMain,
        toSiteId: ids.site1,
        lines: [{ type: "SKU", id: ids.sTransfer, qty: 1.5 }],
        idempotencyKey: key("tr1"),
      },
      {
        fromSiteId: none(),
        toSiteId: none(),
        lines: [{ type: "SKU", id: none(), qty: 1.5 }],
        idempotencyKey: unused(),
      },
    ),
    ...[ids.siteMain!, ids.site1!, ids.site2!].flatMap((site) => {
      const send = (fromSiteId: number, toSiteId: number) => ({
        fromSiteId,
        toSiteId,
        lines: [{ type: "SKU", id: ids.bSku, qty: 1 }],
      });
      return [
        mutation("Mutation.createTransfer", send(site, ids.bSite!), send(none(), ids.bSite!)),
        mutation("Mutation.createTransfer", send(ids.bMain!, site), send(ids.bMain!, none())),
      ];
    }),
    ...(
      [
        ["SKU", ids.sTransfer!],
        ["SUPPLIER_ITEM", ids.iTransfer!],
        ["SUPPLIER_ITEM", ids.i1!],
      ] as const
    ).map(([type, id]) => {
      const send = (item: number) => ({
        fromSiteId: ids.bMain,
        toSiteId: ids.bSite,
        lines: [{ type, id: item, qty: 1 }],
      });
      return mutation("Mutation.createTransfer", send(id), send(none()));
    }),
    mutation(
      "Mutation.receiveTransfer",
      {
        id: ids.tr3,
        lines: [{ type: "SKU", id: ids.sTransfer, qty: 0.5 }],
        idempotencyKey: key("trReceipt"),
      },
      {
        id: none(),
        lines: [{ type: "SKU", id: ids.sTransfer, qty: 0.5 }],
        idempotencyKey: unused(),
      },
    ),
    mutation(
      "Mutation.cancelTransfer",
      { id: ids.tr4, idempotencyKey: key("trCancel") },
      { id: none(), idempotencyKey: unused() },
    ),
    ...[ids.tr1!, ids.tr2!].flatMap((id) => [
      mutation("Mutation.receiveTransfer", { id }, { id: none() }),
      mutation("Mutation.cancelTransfer", { id }, { id: none() }),
    ]),
    ...(
      [
        ["SKU", ids.sTransfer!],
        ["SUPPLIER_ITEM", ids.iTransfer!],
      ] as const
    ).map(([type, id]) =>
      mutation(
        "Mutation.receiveTransfer",
        { id: ids.bTransfer, lines: [{ type, id, qty: 1 }] },
        { id: ids.bTransfer, lines: [{ type, id: none(), qty: 1 }] },
      ),
    ),
    mutation(
      "Mutation.bulkAdjustStock",
      {
        reason: "RECEIVED",
        lines: [line({ type: "SKU", id: ids.s2 }), line({ type: "SUPPLIER_ITEM", id: ids.i2 })],
        idempotencyKey: key("bulk"),
      },
      {
        reason: "RECEIVED",
        lines: [line({ type: "SKU", id: none() }), line({ type: "SUPPLIER_ITEM", id: none() })],
        idempotencyKey: unused(),
      },
    ),
    ...[
      [
        { type: "SKU", barcode: names.s1Barcode },
        { type: "SKU", barcode: gtin() },
      ],
      [
        { type: "SUPPLIER_ITEM", barcode: names.i2Barcode },
        { type: "SUPPLIER_ITEM", barcode: gtin() },
      ],
      [
        { type: "SUPPLIER_ITEM", id: ids.i1 },
        { type: "SUPPLIER_ITEM", id: none() },
      ],
    ].map(([foreign, missing]) =>
      mutation(
        "Mutation.bulkAdjustStock",
        { reason: "CORRECTION", lines: [line(foreign!)] },
        { reason: "CORRECTION", lines: [line(missing!)] },
      ),
    ),
    // B's own stock set at A's sites, the deactivated one too (not found, never inactive).
    ...[ids.siteMain!, ids.site1!, ids.site2!].flatMap((site) => [
      mutation(
        "Mutation.adjustSkuStock",
        { skuId: ids.bSku, onHand: 1, reason: "CORRECTION", siteId: site },
        { skuId: ids.bSku, onHand: 1, reason: "CORRECTION", siteId: none() },
      ),
      mutation(
        "Mutation.adjustSupplierItemStock",
        { supplierItemId: ids.bItem, onHand: 1, reason: "CORRECTION", siteId: site },
        { supplierItemId: ids.bItem, onHand: 1, reason: "CORRECTION", siteId: none() },
      ),
      // B's own item given a location at A's site.
      mutation(
        "Mutation.updateSku",
        { id: ids.bSku, location: "X-1", siteId: site },
        { id: ids.bSku, location: "X-1", siteId: none() },
      ),
      mutation(
        "Mutation.updateSupplierItem",
        { id: ids.bItem, location: "X-1", siteId: site },
        { id: ids.bItem, location: "X-1", siteId: none() },
      ),
      mutation(
        "Mutation.bulkAdjustStock",
        { reason: "CORRECTION", siteId: site, lines: [line({ type: "SKU", id: ids.bSku })] },
        { reason: "CORRECTION", siteId: none(), lines: [line({ type: "SKU", id: ids.bSku })] },
      ),
      mutation(
        "Mutation.bulkAdjustStock",
        { reason: "CORRECTION", lines: [line({ type: "SKU", id: ids.bSku, siteId: site })] },
        { reason: "CORRECTION", lines: [line({ type: "SKU", id: ids.bSku, siteId: none() })] },
      ),
      mutation(
        "Mutation.importSkus",
        { rows: [{ code: "B-OPEN", name: "B open", siteId: site, onHand: 1 }] },
        { rows: [{ code: "B-OPEN", name: "B open", siteId: none(), onHand: 1 }] },
      ),
      mutation(
        "Mutation.importSupplierItems",
        { rows: [{ supplier: "B", code: "B-OPEN", name: "B open", siteId: site, onHand: 1 }] },
        { rows: [{ supplier: "B", code: "B-OPEN", name: "B open", siteId: none(), onHand: 1 }] },
      ),
    ]),
    mutation(
      "Mutation.createSite",
      // A's key (not the one the REST sweep repeats) with a code of B's own.
      { code: unused(), name: "B's copy", idempotencyKey: key("site2") },
      { code: unused(), name: "B's copy", idempotencyKey: unused() },
      CREATED,
    ),
    ...[ids.site1!, ids.site2!, ids.siteMain!].map((id) =>
      mutation("Mutation.updateSite", { id, name: "B's" }, { id: none(), name: "B's" }),
    ),
    mutation(
      "Mutation.updateSite",
      { id: ids.site1!, isDefault: true },
      { id: none(), isDefault: true },
    ),
    // B's own site recoded to one of A's codes (one the REST sweep has not given B).
    mutation(
      "Mutation.updateSite",
      { id: ids.bSite, code: names.site3Code },
      { id: ids.bSite, code: unused() },
      ["updatedAt"],
    ),
    mutation(
      "Mutation.createWebhook",
      {
        url: "https://hooks.example.com/b-copy",
        eventTypes: ["stock.changed"],
        active: false,
        idempotencyKey: key("w1"),
      },
      {
        url: "https://hooks.example.com/b-copy",
        eventTypes: ["stock.changed"],
        active: false,
        idempotencyKey: unused(),
      },
      CREATED,
    ),
    ...[ids.w1!, ids.w2!].map((id) =>
      mutation(
        "Mutation.updateWebhook",
        { id, description: "B's" },
        { id: none(), description: "B's" },
      ),
    ),
    // B's own webhook, made or narrowed to A's sites.
    ...[ids.siteMain!, ids.site1!].flatMap((site) => [
      mutation(
        "Mutation.createWebhook",
        {
          url: "https://hooks.example.com/b-sites",
          eventTypes: ["stock.changed"],
          siteIds: [site],
        },
        {
          url: "https://hooks.example.com/b-sites",
          eventTypes: ["stock.changed"],
          siteIds: [none()],
        },
      ),
      mutation(
        "Mutation.updateWebhook",
        { id: ids.bWebhook, siteIds: [site] },
        { id: ids.bWebhook, siteIds: [none()] },
      ),
    ]),
    mutation(
      "Mutation.rotateWebhookSecret",
      { id: ids.w1, idempotencyKey: key("rotate") },
      { id: none(), idempotencyKey: unused() },
    ),
    mutation(
      "Mutation.redeliverWebhookDelivery",
      { webhookId: ids.w1, deliveryId: ids.delivery },
      { webhookId: none(), deliveryId: none() },
    ),
    mutation(
      "Mutation.redeliverWebhookDelivery",
      { webhookId: ids.bWebhook, deliveryId: ids.delivery },
      { webhookId: ids.bWebhook, deliveryId: none() },
    ),
    ...[ids.w1!, ids.w2!].map((id) => mutation("Mutation.deleteWebhook", { id }, { id: none() })),
    // Issuing names nothing of an account: B's token either way (its own secret each time).
    mutation("Mutation.createApiToken", tokenInput, tokenInput, [...CREATED, "token"]),
    ...[ids.siteMain!, ids.site1!].map((site) =>
      mutation(
        "Mutation.createApiToken",
        { ...tokenInput, siteIds: [site] },
        { ...tokenInput, siteIds: [none()] },
      ),
    ),
    ...[ids.t1!, ids.t2!].map((id) => mutation("Mutation.revokeApiToken", { id }, { id: none() })),
    mutation(
      "Mutation.startStockTake",
      { scope: { skuIds: [ids.s3] }, idempotencyKey: key("open") },
      { scope: { skuIds: [none()] }, idempotencyKey: unused() },
    ),
    ...[ids.i2!, ids.i1!].map((id) =>
      mutation(
        "Mutation.startStockTake",
        { scope: { supplierItemIds: [id] } },
        { scope: { supplierItemIds: [none()] } },
      ),
    ),
    // A's codes and barcodes in a scope: codes nobody has.
    mutation(
      "Mutation.startStockTake",
      { scope: { codes: [names.s1Code, names.s1Barcode, names.i1Barcode] } },
      { scope: { codes: [unused(), gtin(), gtin()] } },
    ),
    // B's own SKU counted at A's sites, the deactivated one too (not found, never inactive).
    ...[ids.siteMain!, ids.site1!, ids.site2!].map((site) =>
      mutation(
        "Mutation.startStockTake",
        { scope: { skuIds: [ids.bSku] }, siteId: site },
        { scope: { skuIds: [ids.bSku] }, siteId: none() },
      ),
    ),
    mutation(
      "Mutation.submitStockTakeCounts",
      {
        stockTakeId: ids.counting,
        counts: [{ type: "SKU", id: ids.s2, countedQty: 8152.5 }],
        idempotencyKey: key("input"),
      },
      {
        stockTakeId: none(),
        counts: [{ type: "SKU", id: none(), countedQty: 8152.5 }],
        idempotencyKey: unused(),
      },
    ),
    ...takes.map((take) =>
      mutation(
        "Mutation.submitStockTakeCounts",
        { stockTakeId: take, counts: [{ type: "SKU", id: ids.bSku, countedQty: 1 }] },
        { stockTakeId: none(), counts: [{ type: "SKU", id: ids.bSku, countedQty: 1 }] },
      ),
    ),
    ...onB("Mutation.submitStockTakeCounts", (r) => ({ counts: [{ ...r, countedQty: 1 }] })),
    mutation(
      "Mutation.acceptStockTakeLines",
      {
        stockTakeId: ids.counting,
        lines: [{ type: "SKU", id: ids.s2 }],
        idempotencyKey: key("accept"),
      },
      { stockTakeId: none(), lines: [{ type: "SKU", id: none() }], idempotencyKey: unused() },
    ),
    ...takes.map((take) =>
      mutation("Mutation.acceptStockTakeLines", { stockTakeId: take }, { stockTakeId: none() }),
    ),
    ...onB("Mutation.acceptStockTakeLines", (r) => ({ lines: [r] })),
    ...onB("Mutation.acceptStockTakeLines", (r) => ({ recount: [r] })),
    mutation(
      "Mutation.reconcileStockTake",
      { stockTakeId: ids.reconciled, idempotencyKey: key("reconcile") },
      { stockTakeId: none(), idempotencyKey: unused() },
    ),
    ...takes.flatMap((take) =>
      [true, false].map((dryRun) =>
        mutation(
          "Mutation.reconcileStockTake",
          { stockTakeId: take, dryRun },
          { stockTakeId: none(), dryRun },
        ),
      ),
    ),
    mutation(
      "Mutation.cancelStockTake",
      { stockTakeId: ids.cancelled, idempotencyKey: key("cancel") },
      { stockTakeId: none(), idempotencyKey: unused() },
    ),
    ...takes.map((take) =>
      mutation("Mutation.cancelStockTake", { stockTakeId: take }, { stockTakeId: none() }),
    ),
  ];
  return { reads, writes };
}
