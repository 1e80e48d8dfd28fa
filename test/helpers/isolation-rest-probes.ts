// The REST probes of the isolation sweep: for every operation, B's calls naming A's things and
// the same calls naming things that exist nowhere. Writes A made are repeated by B with A's own
// Idempotency-Key (keys are per account: B must get its own answer, never A's replay).
import { gtin, missingId, unused, type World } from "./isolation-world.js";
import { reparent, type RestCall, type RestProbe } from "./isolation.js";

/** Rows each side creates in B: their ids and times differ by nature. */
const CREATED = ["id", "created_at", "updated_at", "secret"];

/** Every REST probe, reads first (writes that succeed in B change what B's later reads see). */
export function restProbes(w: World): { reads: RestProbe[]; writes: RestProbe[] } {
  const { ids, names, made, cursors } = w;
  const none = () => missingId();

  /** The same call with each of A's ids given replaced by a missing one. */
  const byId = (op: string, path: (id: number) => string, foreignIds: number[], rest = {}) =>
    foreignIds.map((id): RestProbe => ({
      op,
      foreign: { method: op.split(" ")[0]!, path: path(id), ...rest },
      missing: { method: op.split(" ")[0]!, path: path(none()), ...rest },
    }));
  /** A's own write repeated by B with A's key; `missing` is the call naming nothing. */
  const repeat = (op: string, name: string, missing: RestCall, volatile?: string[]): RestProbe => ({
    op,
    foreign: { ...made[name]!.call, headers: { "idempotency-key": made[name]!.key } },
    missing: { ...missing, headers: { "idempotency-key": unused("key") } },
    ...(volatile ? { volatile } : {}),
  });
  const get = (path: string, query: Record<string, string>) => ({ method: "GET", path, query });
  /** A list filtered by one of A's values against one that matches nothing. */
  const filter = (op: string, path: string, pairs: [string, string, string][], base = {}) =>
    pairs.map(([key, foreign, missing]): RestProbe => ({
      op,
      foreign: get(path, { ...base, [key]: foreign }),
      missing: get(path, { ...base, [key]: missing }),
    }));
  /** A's cursor on B's list: a position, so only what it shows is checked. */
  const cursor = (op: string, path: string, value: string, base = {}) => ({
    op,
    foreign: get(path, { ...base, cursor: value }),
    missing: get(path, base),
    positional: true,
  });
  /**
   * A cursor of A's that names its stock take or adjustment: against the same cursor naming one
   * that does not exist.
   */
  const parentCursor = (op: string, path: string, value: string): RestProbe => ({
    op,
    foreign: get(path, { cursor: value }),
    missing: get(path, { cursor: reparent(value, none()) }),
  });
  const takes = [ids.reconciled!, ids.cancelled!, ids.counting!, ids.open!];
  const skuLine = (id: number) => ({ type: "sku", id, new_qty: 1 });
  const today = new Date().toISOString().slice(0, 10);
  // The events cursor names its account: the same position of an account that does not exist.
  const eventsCursor = reparent;

  const reads: RestProbe[] = [
    ...byId("GET /skus/{id}", (id) => `/skus/${id}`, [ids.s1!, ids.s2!]),
    ...byId("GET /skus/{id}/cycle-count", (id) => `/skus/${id}/cycle-count`, [ids.s1!, ids.s2!]),
    ...filter("GET /skus", "/skus", [
      ["code", names.s1Code!, unused()],
      ["barcode", names.s1Barcode!, gtin()],
      ["barcode", names.s1Label!, unused()],
      ["q", names.s1Code!, unused()],
    ]),
    cursor("GET /skus", "/skus", cursors.skus!),
    ...byId("GET /supplier-items/{id}", (id) => `/supplier-items/${id}`, [ids.i1!, ids.i2!]),
    ...filter("GET /supplier-items", "/supplier-items", [
      ["sku_id", String(ids.s1), String(none())],
      ["code", names.i1Code!, unused()],
      ["barcode", names.i1Barcode!, gtin()],
      ["supplier", names.supplier!, unused()],
    ]),
    cursor("GET /supplier-items", "/supplier-items", cursors.supplierItems!),
    // B's own catalog read at A's sites, the deactivated one too.
    ...(
      [
        ["GET /skus/{id}", `/skus/${ids.bSku}`],
        ["GET /skus", "/skus"],
        ["GET /supplier-items/{id}", `/supplier-items/${ids.bItem}`],
        ["GET /supplier-items", "/supplier-items"],
        ["GET /barcodes/{code}", `/barcodes/${unused()}`],
      ] as const
    ).flatMap(([op, path]) =>
      filter(
        op,
        path,
        [ids.siteMain!, ids.site1!, ids.site2!].map((site) => [
          "site_id",
          String(site),
          String(none()),
        ]),
      ),
    ),
    ...[
      [names.s1Barcode!, gtin()],
      [names.s1Label!, unused()],
      [names.i1Barcode!, gtin()],
    ].map(([foreign, missing]): RestProbe => ({
      op: "GET /barcodes/{code}",
      foreign: { method: "GET", path: `/barcodes/${encodeURIComponent(foreign!)}` },
      missing: { method: "GET", path: `/barcodes/${encodeURIComponent(missing!)}` },
    })),
    ...byId("GET /stock-adjustments/{id}", (id) => `/stock-adjustments/${id}`, [ids.adjustment!]),
    ...filter("GET /stock-adjustments", "/stock-adjustments", [
      ["reference", `${names.tag}-ref-2`, unused()],
    ]),
    cursor("GET /stock-adjustments", "/stock-adjustments", cursors.adjustments!),
    ...byId("GET /stock-adjustments/{id}/lines", (id) => `/stock-adjustments/${id}/lines`, [
      ids.adjustment!,
    ]),
    parentCursor(
      "GET /stock-adjustments/{id}/lines",
      `/stock-adjustments/${ids.bAdjustment}/lines`,
      cursors.adjustmentLines!,
    ),
    ...byId("GET /skus/{id}/levels", (id) => `/skus/${id}/levels`, [ids.s1!, ids.sTransfer!]),
    ...byId("GET /supplier-items/{id}/levels", (id) => `/supplier-items/${id}/levels`, [
      ids.i1!,
      ids.iTransfer!,
    ]),
    ...byId("GET /skus/{id}/cost-changes", (id) => `/skus/${id}/cost-changes`, [ids.s1!]),
    ...byId("GET /supplier-items/{id}/cost-changes", (id) => `/supplier-items/${id}/cost-changes`, [
      ids.i1!,
    ]),
    // A's cost history cursor on B's own SKU's (a position in the account's changes).
    cursor("GET /skus/{id}/cost-changes", `/skus/${ids.bSku}/cost-changes`, cursors.costChanges!),
    cursor(
      "GET /supplier-items/{id}/cost-changes",
      `/supplier-items/${ids.bItem}/cost-changes`,
      cursors.costChanges!,
    ),
    // B's own SKU's and item's levels at A's sites.
    ...[ids.siteMain!, ids.site1!].flatMap((site) =>
      (
        [
          ["GET /skus/{id}/levels", `/skus/${ids.bSku}/levels`],
          ["GET /supplier-items/{id}/levels", `/supplier-items/${ids.bItem}/levels`],
        ] as const
      ).map(([op, path]): RestProbe => ({
        op,
        foreign: get(path, { site_ids: String(site) }),
        missing: get(path, { site_ids: String(none()) }),
      })),
    ),
    cursor("GET /skus/{id}/levels", `/skus/${ids.bSku}/levels`, cursors.levels!),
    cursor(
      "GET /supplier-items/{id}/levels",
      `/supplier-items/${ids.bItem}/levels`,
      cursors.levels!,
    ),
    ...byId("GET /transfers/{id}", (id) => `/transfers/${id}`, [ids.tr1!, ids.tr2!]),
    ...byId("GET /transfers/{id}/lines", (id) => `/transfers/${id}/lines`, [ids.tr1!]),
    parentCursor(
      "GET /transfers/{id}/lines",
      `/transfers/${ids.bTransfer}/lines`,
      cursors.transferLines!,
    ),
    ...filter("GET /transfers", "/transfers", [
      ["from_site_id", String(ids.siteMain), String(none())],
      ["to_site_id", String(ids.site1), String(none())],
      ["to_site_id", String(ids.site3), String(none())],
    ]),
    cursor("GET /transfers", "/transfers", cursors.transfers!),
    ...filter("GET /stock/movements", "/stock/movements", [
      ["sku_id", String(ids.s1), String(none())],
      ["supplier_item_id", String(ids.i2), String(none())],
      ["supplier_item_id", String(ids.i1), String(none())],
      ["stock_take_id", String(ids.reconciled), String(none())],
      ["adjustment_id", String(ids.adjustment), String(none())],
      ["transfer_id", String(ids.tr1), String(none())],
    ]),
    ...filter(
      "GET /stock/movements",
      "/stock/movements",
      [
        ["site_id", String(ids.siteMain), String(none())],
        ["site_id", String(ids.site1), String(none())],
      ],
      { from: today },
    ),
    ...filter(
      "GET /stock/movements",
      "/stock/movements",
      [["reference", `${names.tag}-ref-1`, unused()]],
      { from: today },
    ),
    cursor("GET /stock/movements", "/stock/movements", cursors.movements!, {
      sku_id: String(ids.bSku),
    }),
    cursor("GET /stock/movements", "/stock/movements", cursors.movements!, {
      sku_id: String(ids.s1),
    }),
    {
      op: "GET /events",
      foreign: get("/events", { after: cursors.events! }),
      missing: get("/events", { after: eventsCursor(cursors.events!, none()) }),
    },
    // B's own lists, whole: nothing of A among them.
    ...(
      [
        ["GET /webhooks", "/webhooks", {}],
        ["GET /tokens", "/tokens", {}],
        ["GET /sites", "/sites", {}],
        ["GET /transfers", "/transfers", {}],
        ["GET /skus", "/skus", {}],
        ["GET /supplier-items", "/supplier-items", {}],
        ["GET /stock-adjustments", "/stock-adjustments", {}],
        ["GET /stock-takes", "/stock-takes", {}],
        ["GET /events", "/events", {}],
        ["GET /stock/movements", "/stock/movements", { from: today }],
        ["GET /stock-takes/due", "/stock-takes/due", {}],
        ["GET /cycle-counts/settings", "/cycle-counts/settings", {}],
        ["GET /account", "/account", {}],
        ["GET /viewer", "/viewer", {}],
      ] as const
    ).map(([op, path, query]): RestProbe => ({
      op,
      foreign: get(path, query),
      missing: get(path, query),
      positional: true,
    })),
    ...byId("GET /webhooks/{id}", (id) => `/webhooks/${id}`, [ids.w1!, ids.w2!]),
    ...byId("GET /webhooks/{id}/deliveries", (id) => `/webhooks/${id}/deliveries`, [ids.w1!]),
    cursor(
      "GET /webhooks/{id}/deliveries",
      `/webhooks/${ids.bWebhook}/deliveries`,
      cursors.deliveries!,
    ),
    cursor("GET /tokens", "/tokens", cursors.tokens!),
    cursor("GET /sites", "/sites", cursors.sites!),
    ...byId("GET /sites/{id}", (id) => `/sites/${id}`, [ids.site1!, ids.site2!, ids.siteMain!]),
    cursor("GET /stock-takes", "/stock-takes", cursors.stockTakes!),
    ...filter("GET /stock-takes", "/stock-takes", [
      ["site_id", String(ids.siteMain), String(none())],
      ["site_id", String(ids.site1), String(none())],
    ]),
    ...byId("GET /stock-takes/{id}", (id) => `/stock-takes/${id}`, takes),
    // B's own cycle counts read at A's sites.
    ...filter("GET /stock-takes/due", "/stock-takes/due", [
      ["site_id", String(ids.siteMain), String(none())],
      ["site_id", String(ids.site1), String(none())],
    ]),
    ...filter("GET /skus/{id}/cycle-count", `/skus/${ids.bSku}/cycle-count`, [
      ["site_id", String(ids.siteMain), String(none())],
      ["site_id", String(ids.site1), String(none())],
    ]),
    ...takes.map((id): RestProbe => ({
      op: "GET /reports/accuracy",
      foreign: get("/reports/accuracy", { stock_take_id: String(id) }),
      missing: get("/reports/accuracy", { stock_take_id: String(none()) }),
    })),
    {
      op: "GET /reports/accuracy",
      foreign: get("/reports/accuracy", { from: today }),
      missing: get("/reports/accuracy", { from: today }),
      positional: true,
    },
    ...[
      ["sku_id", ids.s1!],
      ["supplier_item_id", ids.i1!],
      ["site_id", ids.siteMain!],
      ["site_id", ids.site1!],
    ].map(([key, id]): RestProbe => ({
      op: "GET /reports/variance",
      foreign: get("/reports/variance", { from: today, [key!]: String(id) }),
      missing: get("/reports/variance", { from: today, [key!]: String(none()) }),
    })),
    {
      op: "GET /reports/variance",
      foreign: get("/reports/variance", { from: today }),
      missing: get("/reports/variance", { from: today }),
      positional: true,
    },
    ...[ids.siteMain!, ids.site1!].map((id): RestProbe => ({
      op: "GET /reports/valuation",
      foreign: get("/reports/valuation", { site_id: String(id) }),
      missing: get("/reports/valuation", { site_id: String(none()) }),
    })),
    {
      op: "GET /reports/valuation",
      foreign: get("/reports/valuation", {}),
      missing: get("/reports/valuation", {}),
      positional: true,
    },
    ...byId("GET /stock-takes/{id}/lines", (id) => `/stock-takes/${id}/lines`, takes),
    ...byId("GET /stock-takes/{id}/lines", (id) => `/stock-takes/${id}/lines`, [ids.counting!], {
      headers: { accept: "text/csv" },
    }),
    parentCursor("GET /stock-takes/{id}/lines", `/stock-takes/${ids.bTake}/lines`, cursors.lines!),
    // What a scanner read, in A's own stock take: as one that does not exist.
    ...byId("GET /stock-takes/{id}/lines", (id) => `/stock-takes/${id}/lines`, [ids.counting!], {
      query: { code: names.s2Code! },
    }),
    // A's codes and barcodes scanned in B's stock take: not in it, as a code nobody has is not.
    ...filter("GET /stock-takes/{id}/lines", `/stock-takes/${ids.bTake}/lines`, [
      ["code", names.s1Code!, unused()],
      ["code", names.s1Barcode!, gtin()],
      ["code", names.i1Barcode!, gtin()],
    ]),
    ...byId("GET /stock-takes/{id}/counts", (id) => `/stock-takes/${id}/counts`, takes),
    cursor("GET /stock-takes/{id}/counts", `/stock-takes/${ids.bTake}/counts`, cursors.counts!),
  ];

  const post = (path: string, body?: unknown): RestCall => ({ method: "POST", path, body });
  const patch = (path: string, body: unknown): RestCall => ({ method: "PATCH", path, body });
  const csv = (path: string, raw: string): RestCall => ({
    method: "POST",
    path,
    raw,
    headers: { "content-type": "text/csv" },
  });
  const input = (take: number, count: object) =>
    post(`/stock-takes/${take}/input`, { counts: [count] });
  const accept = (take: number, body: object) => post(`/stock-takes/${take}/accept-lines`, body);
  /** B's call on B's own stock take naming A's entity against naming nothing. */
  const onB = (
    op: string,
    make: (take: number, ref: object) => RestCall,
    refs: [object, object][],
  ) =>
    refs.map(([foreign, missing]): RestProbe => ({
      op,
      foreign: make(ids.bTake!, foreign),
      missing: make(ids.bTake!, missing),
    }));
  const sku1 = { type: "sku", id: ids.s1 };
  const refs: [object, object][] = [
    [sku1, { type: "sku", id: none() }],
    [
      { type: "sku", code: names.s1Code },
      { type: "sku", code: unused() },
    ],
    [
      { type: "sku", barcode: names.s1Barcode },
      { type: "sku", barcode: gtin() },
    ],
    [
      { type: "supplier_item", supplier: names.supplier, code: names.i2Code },
      { type: "supplier_item", supplier: names.supplier, code: unused() },
    ],
    [
      { type: "supplier_item", id: ids.i2 },
      { type: "supplier_item", id: none() },
    ],
    [
      { type: "supplier_item", id: ids.i1 },
      { type: "supplier_item", id: none() },
    ],
  ];
  const csvMissing = none();
  const tokenBody = {
    name: "B's device",
    scopes: ["read", "count"],
    expires_at: new Date(Date.now() + 12 * 3_600_000).toISOString(),
  };
  const madeBody = (name: string) => made[name]!.call.body as Record<string, unknown>;

  const writes: RestProbe[] = [
    ...byId("PUT /skus/{id}/cycle-count", (id) => `/skus/${id}/cycle-count`, [ids.s1!, ids.s2!], {
      body: { count_class: "A" },
    }),
    // B's own SKU classed, and B's catalog classified, at A's sites.
    ...[ids.siteMain!, ids.site1!].flatMap((site): RestProbe[] => [
      {
        op: "PUT /skus/{id}/cycle-count",
        foreign: {
          method: "PUT",
          path: `/skus/${ids.bSku}/cycle-count`,
          body: { count_class: "A", site_id: site },
        },
        missing: {
          method: "PUT",
          path: `/skus/${ids.bSku}/cycle-count`,
          body: { count_class: "A", site_id: none() },
        },
      },
      {
        op: "POST /skus/classify",
        foreign: post("/skus/classify", { dry_run: true, site_id: site }),
        missing: post("/skus/classify", { dry_run: true, site_id: none() }),
      },
    ]),
    // B's own currency, set to what it is: nothing of A's is read or changed.
    {
      op: "PATCH /account",
      foreign: patch("/account", { currency: "EUR" }),
      missing: patch("/account", { currency: "EUR" }),
    },
    // B's own intervals, set to what they are: nothing of A's is read or changed.
    {
      op: "PATCH /cycle-counts/settings",
      foreign: patch("/cycle-counts/settings", { interval_days_a: 30 }),
      missing: patch("/cycle-counts/settings", { interval_days_a: 30 }),
    },
    // A tally of B's whole catalog, which the sweep's own writes change between the two calls.
    {
      ...repeat("POST /skus/classify", "classify", post("/skus/classify", { dry_run: true })),
      positional: true,
    },
    repeat(
      "POST /skus",
      "sRest",
      post("/skus", {
        ...madeBody("sRest"),
        code: unused(),
        barcodes: [gtin(), unused("label")],
      }),
      CREATED,
    ),
    repeat(
      "POST /skus/bulk",
      "importSkus",
      post("/skus/bulk", {
        rows: [
          { ...(madeBody("importSkus").rows as object[])[0], code: unused(), barcodes: [gtin()] },
        ],
      }),
      CREATED,
    ),
    repeat(
      "POST /supplier-items/bulk",
      "importItems",
      post("/supplier-items/bulk", {
        rows: [
          {
            ...(madeBody("importItems").rows as object[])[0],
            code: unused(),
            sku_id: none(),
            barcodes: [gtin()],
          },
        ],
      }),
    ),
    {
      op: "POST /supplier-items/bulk",
      foreign: post("/supplier-items/bulk", {
        rows: [{ supplier: "B Supplies", code: "B-I2", name: "B item 2", sku_id: ids.s1 }],
      }),
      missing: post("/supplier-items/bulk", {
        rows: [{ supplier: "B Supplies", code: "B-I2", name: "B item 2", sku_id: none() }],
      }),
    },
    {
      op: "POST /supplier-items/bulk",
      foreign: post("/supplier-items/bulk", {
        rows: [{ supplier: names.supplier, code: names.iLinkCode, name: "B's copy" }],
      }),
      missing: post("/supplier-items/bulk", {
        rows: [{ supplier: names.supplier, code: unused(), name: "B's copy" }],
      }),
      volatile: CREATED,
    },
    repeat("PATCH /skus/{id}", "patchSku", patch(`/skus/${none()}`, madeBody("patchSku"))),
    ...byId("PATCH /skus/{id}", (id) => `/skus/${id}`, [ids.s2!], { body: { name: "B's" } }),
    // A's true on hand as the expected one must not answer otherwise than a wrong one.
    ...[w.onHand.s2!, "1"].flatMap((expected) =>
      byId("PATCH /skus/{id}", (id) => `/skus/${id}`, [ids.s2!], {
        body: { on_hand: 1, reason: "correction", expected_on_hand: Number(expected) },
      }),
    ),
    {
      op: "PATCH /skus/{id}",
      foreign: patch(`/skus/${ids.bSku}`, {
        code: names.sPatchCode,
        barcodes: [names.sPatchBarcode],
      }),
      missing: patch(`/skus/${ids.bSku}`, { code: unused(), barcodes: [gtin()] }),
      volatile: ["updated_at"],
    },
    repeat(
      "POST /supplier-items",
      "iRest",
      post("/supplier-items", { ...madeBody("iRest"), code: unused(), barcodes: [gtin()] }),
      CREATED,
    ),
    {
      op: "POST /supplier-items",
      foreign: post("/supplier-items", { supplier: "B", code: "B-2", name: "B", sku_id: ids.s1 }),
      missing: post("/supplier-items", { supplier: "B", code: "B-2", name: "B", sku_id: none() }),
    },
    repeat(
      "PATCH /supplier-items/{id}",
      "patchItem",
      patch(`/supplier-items/${none()}`, madeBody("patchItem")),
    ),
    ...byId("PATCH /supplier-items/{id}", (id) => `/supplier-items/${id}`, [ids.i2!, ids.i1!], {
      body: { on_hand: 1, reason: "correction" },
    }),
    {
      op: "PATCH /supplier-items/{id}",
      foreign: patch(`/supplier-items/${ids.bItem}`, {
        supplier: names.supplier,
        code: names.iPatchCode,
        barcodes: [names.iPatchBarcode],
      }),
      missing: patch(`/supplier-items/${ids.bItem}`, {
        supplier: names.supplier,
        code: unused(),
        barcodes: [gtin()],
      }),
      volatile: ["updated_at"],
    },
    repeat(
      "POST /supplier-items/{id}/link",
      "link",
      post(`/supplier-items/${none()}/link`, { sku_id: none() }),
    ),
    {
      op: "POST /supplier-items/{id}/link",
      foreign: post(`/supplier-items/${ids.bItem}/link`, { sku_id: ids.s1 }),
      missing: post(`/supplier-items/${ids.bItem}/link`, { sku_id: none() }),
    },
    repeat("POST /supplier-items/{id}/unlink", "unlink", post(`/supplier-items/${none()}/unlink`)),
    ...byId("POST /supplier-items/{id}/unlink", (id) => `/supplier-items/${id}/unlink`, [ids.i2!]),
    repeat(
      "POST /stock-adjustments/bulk",
      "bulk",
      post("/stock-adjustments/bulk", {
        ...madeBody("bulk"),
        lines: [
          { type: "sku", id: none(), new_qty: 8150.5 },
          { type: "supplier_item", id: none(), new_qty: 5180.5 },
        ],
      }),
    ),
    ...[
      [
        { type: "sku", barcode: names.s1Barcode },
        { type: "sku", barcode: gtin() },
      ],
      [
        { type: "sku", barcode: names.s1Label },
        { type: "sku", barcode: unused() },
      ],
      [
        { type: "supplier_item", barcode: names.i2Barcode },
        { type: "supplier_item", barcode: gtin() },
      ],
      [skuLine(ids.s1!), skuLine(none())],
      [
        { ...skuLine(ids.s2!), expected_qty: Number(w.onHand.s2) },
        { ...skuLine(none()), expected_qty: Number(w.onHand.s2) },
      ],
      [
        { type: "supplier_item", id: ids.i1 },
        { type: "supplier_item", id: none() },
      ],
    ].map(([foreign, missing]): RestProbe => ({
      op: "POST /stock-adjustments/bulk",
      foreign: post("/stock-adjustments/bulk", {
        reason: "correction",
        lines: [{ new_qty: 1, ...foreign }],
      }),
      missing: post("/stock-adjustments/bulk", {
        reason: "correction",
        lines: [{ new_qty: 1, ...missing }],
      }),
    })),
    // B's own stock set at A's sites, the deactivated one too (not found, never inactive).
    ...[ids.siteMain!, ids.site1!, ids.site2!].flatMap((site): RestProbe[] => {
      const stock = (site_id: number) => ({ on_hand: 1, reason: "correction", site_id });
      const row = (site_id: number) => ({ code: "B-OPEN", name: "B open", site_id, on_hand: 1 });
      return [
        {
          op: "POST /skus/bulk",
          foreign: post("/skus/bulk", { rows: [row(site)] }),
          missing: post("/skus/bulk", { rows: [row(none())] }),
        },
        {
          op: "POST /supplier-items/bulk",
          foreign: post("/supplier-items/bulk", {
            rows: [{ ...row(site), supplier: "B Supplies" }],
          }),
          missing: post("/supplier-items/bulk", {
            rows: [{ ...row(none()), supplier: "B Supplies" }],
          }),
        },
        {
          op: "PATCH /skus/{id}",
          foreign: patch(`/skus/${ids.bSku}`, stock(site)),
          missing: patch(`/skus/${ids.bSku}`, stock(none())),
        },
        {
          op: "PATCH /supplier-items/{id}",
          foreign: patch(`/supplier-items/${ids.bItem}`, stock(site)),
          missing: patch(`/supplier-items/${ids.bItem}`, stock(none())),
        },
        {
          op: "POST /stock-adjustments/bulk",
          foreign: post("/stock-adjustments/bulk", {
            reason: "correction",
            site_id: site,
            lines: [skuLine(ids.bSku!)],
          }),
          missing: post("/stock-adjustments/bulk", {
            reason: "correction",
            site_id: none(),
            lines: [skuLine(ids.bSku!)],
          }),
        },
        {
          op: "POST /stock-adjustments/bulk",
          foreign: post("/stock-adjustments/bulk", {
            reason: "correction",
            lines: [{ ...skuLine(ids.bSku!), site_id: site }],
          }),
          missing: post("/stock-adjustments/bulk", {
            reason: "correction",
            lines: [{ ...skuLine(ids.bSku!), site_id: none() }],
          }),
        },
      ];
    }),
    // A's transfer dispatched again in B with A's key: B's own answer (A's sites are not B's).
    repeat(
      "POST /transfers",
      "tr1",
      post("/transfers", { ...madeBody("tr1"), from_site_id: none(), to_site_id: none() }),
    ),
    // B's own SKU sent from, or to, A's sites (the deactivated one too), and A's items sent
    // between B's sites.
    ...[ids.siteMain!, ids.site1!, ids.site2!].flatMap((site): RestProbe[] => {
      const send = (from: number, to: number) =>
        post("/transfers", {
          from_site_id: from,
          to_site_id: to,
          lines: [{ type: "sku", id: ids.bSku, qty: 1 }],
        });
      return [
        {
          op: "POST /transfers",
          foreign: send(site, ids.bSite!),
          missing: send(none(), ids.bSite!),
        },
        {
          op: "POST /transfers",
          foreign: send(ids.bMain!, site),
          missing: send(ids.bMain!, none()),
        },
      ];
    }),
    ...(
      [
        ["sku", ids.sTransfer!],
        ["supplier_item", ids.iTransfer!],
        ["supplier_item", ids.i1!],
      ] as const
    ).map(([type, id]): RestProbe => {
      const send = (item: number) =>
        post("/transfers", {
          from_site_id: ids.bMain,
          to_site_id: ids.bSite,
          lines: [{ type, id: item, qty: 1 }],
        });
      return { op: "POST /transfers", foreign: send(id), missing: send(none()) };
    }),
    // A's transfers received or cancelled by B; A's items received on B's own transfer.
    ...byId("POST /transfers/{id}/receive", (id) => `/transfers/${id}/receive`, [ids.tr1!], {
      body: {},
    }),
    ...byId("POST /transfers/{id}/receive", (id) => `/transfers/${id}/receive`, [ids.tr2!], {
      body: { lines: [{ type: "sku", id: ids.sTransfer, qty: 1 }] },
    }),
    ...(
      [
        ["sku", ids.sTransfer!],
        ["supplier_item", ids.iTransfer!],
      ] as const
    ).map(([type, id]): RestProbe => ({
      op: "POST /transfers/{id}/receive",
      foreign: post(`/transfers/${ids.bTransfer}/receive`, { lines: [{ type, id, qty: 1 }] }),
      missing: post(`/transfers/${ids.bTransfer}/receive`, {
        lines: [{ type, id: none(), qty: 1 }],
      }),
    })),
    ...byId("POST /transfers/{id}/cancel", (id) => `/transfers/${id}/cancel`, [ids.tr1!, ids.tr2!]),
    repeat(
      "POST /transfers/{id}/receive",
      "trReceipt",
      post(`/transfers/${none()}/receive`, madeBody("trReceipt")),
    ),
    repeat("POST /transfers/{id}/cancel", "trCancel", post(`/transfers/${none()}/cancel`)),
    repeat("POST /webhooks", "w2", made.w2!.call, CREATED),
    ...byId("PATCH /webhooks/{id}", (id) => `/webhooks/${id}`, [ids.w1!, ids.w2!], {
      body: { description: "B's" },
    }),
    // B's own webhook, made or narrowed to A's sites.
    ...[ids.siteMain!, ids.site1!].flatMap((site): RestProbe[] => [
      {
        op: "POST /webhooks",
        foreign: post("/webhooks", {
          url: "https://hooks.example.com/b-sites",
          event_types: ["stock.changed"],
          active: false,
          site_ids: [site],
        }),
        missing: post("/webhooks", {
          url: "https://hooks.example.com/b-sites",
          event_types: ["stock.changed"],
          active: false,
          site_ids: [none()],
        }),
      },
      {
        op: "PATCH /webhooks/{id}",
        foreign: patch(`/webhooks/${ids.bWebhook}`, { site_ids: [site] }),
        missing: patch(`/webhooks/${ids.bWebhook}`, { site_ids: [none()] }),
      },
    ]),
    repeat(
      "POST /webhooks/{id}/rotate-secret",
      "rotate",
      post(`/webhooks/${none()}/rotate-secret`, {}),
    ),
    {
      op: "POST /webhooks/{id}/deliveries/{delivery}/redeliver",
      foreign: post(`/webhooks/${ids.w1}/deliveries/${ids.delivery}/redeliver`),
      missing: post(`/webhooks/${none()}/deliveries/${none()}/redeliver`),
    },
    {
      op: "POST /webhooks/{id}/deliveries/{delivery}/redeliver",
      foreign: post(`/webhooks/${ids.bWebhook}/deliveries/${ids.delivery}/redeliver`),
      missing: post(`/webhooks/${ids.bWebhook}/deliveries/${none()}/redeliver`),
    },
    {
      op: "POST /webhooks/{id}/deliveries/{delivery}/redeliver",
      foreign: post(`/webhooks/${ids.w1}/deliveries/${ids.bDelivery}/redeliver`),
      missing: post(`/webhooks/${none()}/deliveries/${ids.bDelivery}/redeliver`),
    },
    ...byId("DELETE /webhooks/{id}", (id) => `/webhooks/${id}`, [ids.w1!, ids.w2!]),
    // Issuing names nothing of an account: B's token either way (its own secret each time).
    {
      op: "POST /tokens",
      foreign: post("/tokens", tokenBody),
      missing: post("/tokens", tokenBody),
      volatile: [...CREATED, "token"],
    },
    // B's token limited to A's sites: as to sites that exist nowhere.
    ...[ids.siteMain!, ids.site1!].map((site): RestProbe => ({
      op: "POST /tokens",
      foreign: post("/tokens", { ...tokenBody, site_ids: [site] }),
      missing: post("/tokens", { ...tokenBody, site_ids: [none()] }),
    })),
    ...byId("DELETE /tokens/{id}", (id) => `/tokens/${id}`, [ids.t1!, ids.t2!]),
    // A's site created again in B with A's key: B's own site (a new code for the missing call,
    // the first one being B's by then).
    repeat(
      "POST /sites",
      "site1",
      post("/sites", { ...madeBody("site1"), code: unused() }),
      CREATED,
    ),
    ...byId("PATCH /sites/{id}", (id) => `/sites/${id}`, [ids.site1!, ids.site2!, ids.siteMain!], {
      body: { name: "B's" },
    }),
    ...byId("PATCH /sites/{id}", (id) => `/sites/${id}`, [ids.site1!], {
      body: { is_default: true },
    }),
    // B's own site recoded to one of A's codes (not the one B has taken just above): a code is
    // unique per account only.
    {
      op: "PATCH /sites/{id}",
      foreign: patch(`/sites/${ids.bSite}`, { code: names.site2Code }),
      missing: patch(`/sites/${ids.bSite}`, { code: unused() }),
      volatile: ["updated_at"],
    },
    repeat(
      "POST /stock-takes/start",
      "open",
      post("/stock-takes/start", { ...madeBody("open"), scope: { sku_ids: [none()] } }),
    ),
    {
      op: "POST /stock-takes/start",
      foreign: post("/stock-takes/start", { scope: { supplier_item_ids: [ids.i2, ids.iLink] } }),
      missing: post("/stock-takes/start", { scope: { supplier_item_ids: [none(), none()] } }),
    },
    {
      op: "POST /stock-takes/start",
      foreign: post("/stock-takes/start", { scope: { supplier_item_ids: [ids.i1] } }),
      missing: post("/stock-takes/start", { scope: { supplier_item_ids: [none()] } }),
    },
    // A's codes and barcodes in a scope: codes nobody has.
    {
      op: "POST /stock-takes/start",
      foreign: post("/stock-takes/start", {
        scope: { codes: [names.s1Code!, names.s1Barcode!, names.i1Barcode!] },
      }),
      missing: post("/stock-takes/start", { scope: { codes: [unused(), gtin(), gtin()] } }),
    },
    {
      op: "POST /stock-takes/start",
      foreign: post("/stock-takes/start", { scope: { sku_ids: [ids.bSku, ids.s1] } }),
      missing: post("/stock-takes/start", { scope: { sku_ids: [ids.bSku, none()] } }),
    },
    // B's own SKU counted at A's sites, the deactivated one too (not found, never inactive).
    ...[ids.siteMain!, ids.site1!, ids.site2!].map((site): RestProbe => ({
      op: "POST /stock-takes/start",
      foreign: post("/stock-takes/start", { scope: { sku_ids: [ids.bSku] }, site_id: site }),
      missing: post("/stock-takes/start", { scope: { sku_ids: [ids.bSku] }, site_id: none() }),
    })),
    repeat("POST /stock-takes/{id}/input", "input", {
      ...made.input!.call,
      path: `/stock-takes/${none()}/input`,
    }),
    ...takes.flatMap((take) =>
      byId("POST /stock-takes/{id}/input", (id) => `/stock-takes/${id}/input`, [take], {
        body: { counts: [{ type: "sku", id: ids.s2, counted_qty: 1 }] },
      }),
    ),
    ...onB(
      "POST /stock-takes/{id}/input",
      (take, ref) => input(take, { ...ref, counted_qty: 1 }),
      refs,
    ),
    {
      op: "POST /stock-takes/{id}/input",
      foreign: csv(`/stock-takes/${ids.bTake}/input`, `type,id,counted_qty\nsku,${ids.s1},1\n`),
      missing: csv(`/stock-takes/${ids.bTake}/input`, `type,id,counted_qty\nsku,${csvMissing},1\n`),
      names: [[ids.s1, csvMissing]],
    },
    repeat("POST /stock-takes/{id}/accept-lines", "accept", {
      ...made.accept!.call,
      path: `/stock-takes/${none()}/accept-lines`,
    }),
    ...byId(
      "POST /stock-takes/{id}/accept-lines",
      (id) => `/stock-takes/${id}/accept-lines`,
      takes,
      { body: {} },
    ),
    ...onB(
      "POST /stock-takes/{id}/accept-lines",
      (take, ref) => accept(take, { lines: [ref] }),
      refs,
    ),
    ...onB(
      "POST /stock-takes/{id}/accept-lines",
      (take, ref) => accept(take, { recount: [ref] }),
      refs,
    ),
    repeat("POST /stock-takes/{id}/reconcile", "reconcile", {
      ...made.reconcile!.call,
      path: `/stock-takes/${none()}/reconcile`,
    }),
    ...byId("POST /stock-takes/{id}/reconcile", (id) => `/stock-takes/${id}/reconcile`, takes, {
      body: { dry_run: true },
    }),
    ...byId("POST /stock-takes/{id}/reconcile", (id) => `/stock-takes/${id}/reconcile`, takes, {
      body: {},
    }),
    repeat("POST /stock-takes/{id}/cancel", "cancel", post(`/stock-takes/${none()}/cancel`)),
    ...byId("POST /stock-takes/{id}/cancel", (id) => `/stock-takes/${id}/cancel`, takes),
  ];
  return { reads, writes };
}
