// The REST probes of the site-limits sweep: S's token naming D's and X's things (sites, stock
// takes, adjustments, transfers, in paths, filters, bodies and lines; the admin's cursors and
// Idempotency-Keys) against the same call naming things that exist nowhere; and S's token's own
// lists and reads, which must show nothing of D or X whatever they name.
import { randomBytes } from "node:crypto";
import { missingId, unused } from "./isolation-world.js";
import type { RestCall, RestProbe } from "./isolation.js";
import type { SiteWorld } from "./site-limits-world.js";

export function siteRestProbes(w: SiteWorld): { reads: RestProbe[]; writes: RestProbe[] } {
  const { ids, names, made, cursors, d, x } = w;
  const none = () => missingId();
  const others = [d, x];
  const takes = w.hidden.takes;
  const today = new Date().toISOString().slice(0, 10);
  const get = (path: string, query?: Record<string, string>): RestCall => ({
    method: "GET",
    path,
    ...(query ? { query } : {}),
  });
  const post = (path: string, body?: unknown): RestCall => ({ method: "POST", path, body });
  const patch = (path: string, body: unknown): RestCall => ({ method: "PATCH", path, body });

  /** The call naming each of D's or X's ids in its path, against one naming a missing id. */
  const byId = (op: string, path: (id: number) => string, named: number[], rest = {}) =>
    named.map((id): RestProbe => {
      const method = op.split(" ")[0]!;
      return {
        op,
        foreign: { method, path: path(id), ...rest },
        missing: { method, path: path(none()), ...rest },
      };
    });
  /** A query parameter naming D or X (or their things) against one naming nothing. */
  const query = (op: string, path: string, key: string, named: number[], base = {}) =>
    named.map((id): RestProbe => ({
      op,
      foreign: get(path, { ...base, [key]: String(id) }),
      missing: get(path, { ...base, [key]: String(none()) }),
    }));
  /** A body naming D or X through `make`, against the same body naming a missing site. */
  const body = (op: string, make: (site: number) => RestCall) =>
    others.map((site): RestProbe => ({ op, foreign: make(site), missing: make(none()) }));
  /** S's token's own view: it names nothing of D or X, and must show nothing of them. */
  const own = (op: string, call: RestCall): RestProbe => ({
    op,
    foreign: call,
    missing: call,
    positional: true,
  });
  /** The admin's write repeated by S's token with the admin's key, against a call naming nothing. */
  const repeat = (op: string, name: string, missing: RestCall): RestProbe => ({
    op,
    foreign: { ...made[name]!.call, headers: { "idempotency-key": made[name]!.key } },
    missing: { ...missing, headers: { "idempotency-key": unused("key") } },
  });
  const madeBody = (name: string) => made[name]!.call.body as Record<string, unknown>;
  const withKey = ({ call, key }: { call: RestCall; key: string }): RestCall => ({
    ...call,
    headers: { "idempotency-key": key },
  });

  const reads: RestProbe[] = [
    own("GET /sites", get("/sites")),
    own("GET /viewer", get("/viewer")),
    ...byId("GET /sites/{id}", (id) => `/sites/${id}`, others),
    // The catalog is the account's; its stock is S's unless a request names another site.
    own("GET /skus", get("/skus", { q: names.tag! })),
    ...query("GET /skus", "/skus", "site_id", others),
    own("GET /skus/{id}", get(`/skus/${ids.sShared}`)),
    ...query("GET /skus/{id}", `/skus/${ids.sShared}`, "site_id", others),
    own("GET /supplier-items", get("/supplier-items", { supplier: names.supplier! })),
    ...query("GET /supplier-items", "/supplier-items", "site_id", others),
    own("GET /supplier-items/{id}", get(`/supplier-items/${ids.iShared}`)),
    ...query("GET /supplier-items/{id}", `/supplier-items/${ids.iShared}`, "site_id", others),
    own("GET /barcodes/{code}", get(`/barcodes/${names.sSharedBarcode}`)),
    ...query("GET /barcodes/{code}", `/barcodes/${names.sSharedBarcode}`, "site_id", others),
    ...[ids.sShared!, ids.sTr!, ids.sX1!].map((id) =>
      own("GET /skus/{id}/levels", get(`/skus/${id}/levels`)),
    ),
    own("GET /skus/{id}/levels", get(`/skus/${ids.sShared}/levels`, { cursor: cursors.levels! })),
    ...[ids.iShared!, ids.iTr1!].map((id) =>
      own("GET /supplier-items/{id}/levels", get(`/supplier-items/${id}/levels`)),
    ),
    own(
      "GET /supplier-items/{id}/levels",
      get(`/supplier-items/${ids.iShared}/levels`, { cursor: cursors.itemLevels! }),
    ),
    // Cycle counts are per site.
    ...query("GET /skus/{id}/cycle-count", `/skus/${ids.sShared}/cycle-count`, "site_id", others),
    own("GET /stock-takes/due", get("/stock-takes/due")),
    ...query("GET /stock-takes/due", "/stock-takes/due", "site_id", others),
    // Adjustments.
    own("GET /stock-adjustments", get("/stock-adjustments")),
    own("GET /stock-adjustments", get("/stock-adjustments", { cursor: cursors.adjustments! })),
    ...["adjD", "adjX"].map((name): RestProbe => ({
      op: "GET /stock-adjustments",
      foreign: get("/stock-adjustments", { reference: `${names.tag}-${name}` }),
      missing: get("/stock-adjustments", { reference: unused() }),
    })),
    ...byId(
      "GET /stock-adjustments/{id}",
      (id) => `/stock-adjustments/${id}`,
      w.hidden.adjustments,
    ),
    own("GET /stock-adjustments/{id}", get(`/stock-adjustments/${ids.adjMixed}`)),
    ...byId(
      "GET /stock-adjustments/{id}/lines",
      (id) => `/stock-adjustments/${id}/lines`,
      w.hidden.adjustments,
    ),
    own("GET /stock-adjustments/{id}/lines", get(`/stock-adjustments/${ids.adjMixed}/lines`)),
    // Movements.
    ...[
      ["sku_id", ids.sShared],
      ["sku_id", ids.sTr],
      ["supplier_item_id", ids.iShared],
    ].map(([key, id]) => own("GET /stock/movements", get("/stock/movements", { [key!]: `${id}` }))),
    own("GET /stock/movements", get("/stock/movements", { from: today })),
    own(
      "GET /stock/movements",
      get("/stock/movements", { sku_id: String(ids.sShared), cursor: cursors.movements! }),
    ),
    ...query("GET /stock/movements", "/stock/movements", "stock_take_id", takes),
    ...query("GET /stock/movements", "/stock/movements", "adjustment_id", w.hidden.adjustments),
    // Transfers between D and X are unknown to S's token; one from D to S shows S's end only.
    ...query("GET /stock/movements", "/stock/movements", "transfer_id", w.hidden.transfers),
    own("GET /stock/movements", get("/stock/movements", { transfer_id: String(ids.trDS1) })),
    ...query("GET /stock/movements", "/stock/movements", "site_id", others, { from: today }),
    ...query("GET /stock/movements", "/stock/movements", "site_id", others, {
      sku_id: String(ids.sShared),
    }),
    {
      op: "GET /stock/movements",
      foreign: get("/stock/movements", { from: today, reference: `${names.tag}-adjD` }),
      missing: get("/stock/movements", { from: today, reference: unused() }),
    },
    // The change feed.
    own("GET /events", get("/events", { limit: "1000" })),
    own("GET /events", get("/events", { limit: "1000", types: "stock.changed" })),
    own(
      "GET /events",
      get("/events", {
        limit: "1000",
        types: "stock_take.started,stock_take.counted,stock_take.reconciled,sku.created",
      }),
    ),
    own("GET /events", get("/events", { after: cursors.events! })),
    // Transfers: those from or to S are S's too.
    own("GET /transfers", get("/transfers")),
    own("GET /transfers", get("/transfers", { cursor: cursors.transfers! })),
    ...query("GET /transfers", "/transfers", "from_site_id", others),
    ...query("GET /transfers", "/transfers", "to_site_id", others),
    ...byId("GET /transfers/{id}", (id) => `/transfers/${id}`, w.hidden.transfers),
    own("GET /transfers/{id}", get(`/transfers/${ids.trDS1}`)),
    ...byId("GET /transfers/{id}/lines", (id) => `/transfers/${id}/lines`, w.hidden.transfers),
    own("GET /transfers/{id}/lines", get(`/transfers/${ids.trSD}/lines`)),
    // Stock takes.
    own("GET /stock-takes", get("/stock-takes")),
    own("GET /stock-takes", get("/stock-takes", { cursor: cursors.stockTakes! })),
    ...query("GET /stock-takes", "/stock-takes", "site_id", others),
    ...byId("GET /stock-takes/{id}", (id) => `/stock-takes/${id}`, takes),
    ...byId("GET /stock-takes/{id}/lines", (id) => `/stock-takes/${id}/lines`, takes),
    ...byId("GET /stock-takes/{id}/lines", (id) => `/stock-takes/${id}/lines`, [ids.tkCounting!], {
      headers: { accept: "text/csv" },
    }),
    ...byId("GET /stock-takes/{id}/counts", (id) => `/stock-takes/${id}/counts`, takes),
    ...query("GET /reports/accuracy", "/reports/accuracy", "stock_take_id", takes),
    own("GET /reports/accuracy", get("/reports/accuracy", { from: today })),
    ...query("GET /reports/variance", "/reports/variance", "site_id", others, { from: today }),
    own("GET /reports/variance", get("/reports/variance", { from: today })),
  ];

  /** A new code: what S's token creates is its own. */
  const code = () => `${names.tag}-new-${randomBytes(3).toString("hex")}`;
  const stock = (site: number) => ({ on_hand: 1, reason: "correction", site_id: site });

  const writes: RestProbe[] = [
    // Stock set at D or X.
    ...body("PATCH /skus/{id}", (site) => patch(`/skus/${ids.sShared}`, stock(site))),
    ...body("PATCH /supplier-items/{id}", (site) =>
      patch(`/supplier-items/${ids.iShared}`, stock(site)),
    ),
    // Catalog edits (the name as it is) answer the item with S's stock.
    own("PATCH /skus/{id}", patch(`/skus/${ids.sShared}`, { name: `${names.tag} sShared name` })),
    own(
      "PATCH /supplier-items/{id}",
      patch(`/supplier-items/${ids.iShared}`, { name: `${names.tag} iShared name` }),
    ),
    ...body("POST /stock-adjustments/bulk", (site) =>
      post("/stock-adjustments/bulk", {
        reason: "correction",
        site_id: site,
        lines: [{ type: "sku", id: ids.sShared, new_qty: 1 }],
      }),
    ),
    ...body("POST /stock-adjustments/bulk", (site) =>
      post("/stock-adjustments/bulk", {
        reason: "correction",
        lines: [{ type: "sku", id: ids.sShared, new_qty: 1, site_id: site }],
      }),
    ),
    repeat(
      "POST /stock-adjustments/bulk",
      "adjD",
      post("/stock-adjustments/bulk", { ...madeBody("adjD"), site_id: none() }),
    ),
    // The admin's writes at D naming no site, repeated with its keys: never its answers.
    own("PATCH /skus/{id}", withKey(made.patchD!)),
    own("POST /stock-adjustments/bulk", withKey(made.bulkD!)),
    own("POST /stock-takes/start", withKey(made.tkDefault!)),
    // New items' opening balances are S's.
    own("POST /skus", post("/skus", { code: code(), name: "S's new", opening_on_hand: 3 })),
    own(
      "POST /supplier-items",
      post("/supplier-items", {
        supplier: names.supplier,
        code: code(),
        name: "S's new",
        opening_on_hand: 3,
      }),
    ),
    own(
      "POST /skus/bulk",
      post("/skus/bulk", { rows: [{ code: code(), name: "S's new", opening_on_hand: 3 }] }),
    ),
    own(
      "POST /supplier-items/bulk",
      post("/supplier-items/bulk", {
        rows: [{ supplier: names.supplier, code: code(), name: "S's new", opening_on_hand: 3 }],
      }),
    ),
    // Opening balances at D or X by an import's rows: the sites are unknown to S's token.
    ...body("POST /skus/bulk", (site) =>
      post("/skus/bulk", {
        rows: [{ code: names.sSharedCode, name: "S's", site_id: site, on_hand: 1 }],
      }),
    ),
    ...body("POST /supplier-items/bulk", (site) =>
      post("/supplier-items/bulk", {
        rows: [
          { supplier: names.supplier, code: code(), name: "S's new", site_id: site, on_hand: 1 },
        ],
      }),
    ),
    // Linking moves an item's own stock into its SKU: never D's by S's token, nor tells of it.
    // Cycle counts.
    ...body("PUT /skus/{id}/cycle-count", (site) => ({
      method: "PUT",
      path: `/skus/${ids.sShared}/cycle-count`,
      body: { count_class: "A", site_id: site },
    })),
    ...body("POST /skus/classify", (site) =>
      post("/skus/classify", { dry_run: true, site_id: site }),
    ),
    // Transfers: from or to D or X, D's and X's received or cancelled, the admin's repeated.
    ...body("POST /transfers", (site) =>
      post("/transfers", {
        from_site_id: site,
        to_site_id: w.s,
        lines: [{ type: "sku", id: ids.sS, qty: 1 }],
      }),
    ),
    ...body("POST /transfers", (site) =>
      post("/transfers", {
        from_site_id: w.s,
        to_site_id: site,
        lines: [{ type: "sku", id: ids.sS, qty: 1 }],
      }),
    ),
    repeat(
      "POST /transfers",
      "trDX",
      post("/transfers", { ...madeBody("trDX"), from_site_id: none(), to_site_id: none() }),
    ),
    ...byId(
      "POST /transfers/{id}/receive",
      (id) => `/transfers/${id}/receive`,
      w.hidden.transfers,
      {
        body: {},
      },
    ),
    repeat(
      "POST /transfers/{id}/receive",
      "trReceipt",
      post(`/transfers/${none()}/receive`, madeBody("trReceipt")),
    ),
    ...byId("POST /transfers/{id}/cancel", (id) => `/transfers/${id}/cancel`, w.hidden.transfers),
    repeat("POST /transfers/{id}/cancel", "trCancel", post(`/transfers/${none()}/cancel`)),
    // Stock takes: started at D or X, D's and X's worked on, the admin's repeated.
    ...body("POST /stock-takes/start", (site) =>
      post("/stock-takes/start", { site_id: site, scope: { sku_ids: [ids.sS] } }),
    ),
    repeat(
      "POST /stock-takes/start",
      "tkOpen",
      post("/stock-takes/start", { ...madeBody("tkOpen"), site_id: none() }),
    ),
    // A SKU in D's open stock take is free to count at S, as a twin in none is.
    {
      op: "POST /stock-takes/start",
      foreign: post("/stock-takes/start", { scope: { sku_ids: [ids.sD3] } }),
      missing: post("/stock-takes/start", { scope: { sku_ids: [ids.sTwin] } }),
      volatile: ["id", "frozen_at", "created_at"],
      names: [
        [names.sD3Code, names.sTwinCode],
        [`${names.tag} sD3 name`, `${names.tag} sTwin name`],
      ],
    },
    ...byId("POST /stock-takes/{id}/input", (id) => `/stock-takes/${id}/input`, takes, {
      body: { counts: [{ type: "sku", id: ids.sD1, counted_qty: 1 }] },
    }),
    repeat("POST /stock-takes/{id}/input", "tkInput", {
      ...made.tkInput!.call,
      path: `/stock-takes/${none()}/input`,
    }),
    ...byId(
      "POST /stock-takes/{id}/accept-lines",
      (id) => `/stock-takes/${id}/accept-lines`,
      takes,
      {
        body: {},
      },
    ),
    repeat("POST /stock-takes/{id}/accept-lines", "tkAccept", {
      ...made.tkAccept!.call,
      path: `/stock-takes/${none()}/accept-lines`,
    }),
    ...[{ dry_run: true }, {}].flatMap((b) =>
      byId("POST /stock-takes/{id}/reconcile", (id) => `/stock-takes/${id}/reconcile`, takes, {
        body: b,
      }),
    ),
    repeat("POST /stock-takes/{id}/reconcile", "tkReconcile", {
      ...made.tkReconcile!.call,
      path: `/stock-takes/${none()}/reconcile`,
    }),
    ...byId("POST /stock-takes/{id}/cancel", (id) => `/stock-takes/${id}/cancel`, takes),
    repeat("POST /stock-takes/{id}/cancel", "tkCancel", post(`/stock-takes/${none()}/cancel`)),
  ];
  return { reads, writes };
}
