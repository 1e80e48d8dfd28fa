import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ServiceContext } from "../../../context.js";
import type { Idempotent } from "../../../db/idempotency.js";
import type { FieldError } from "../../../errors.js";
import { acceptCsvBodies } from "../../../http/csv-body.js";
import { MAX_IMPORT_ROWS } from "../../../limits.js";
import { PAGE_DEFAULT } from "../../../cursor.js";
import { bulkBody } from "../../../http/body-limit.js";
import { csvRows } from "../../../csv.js";
import { OPERATIONS, type Operation, type Walk } from "../../../operations.js";
import { ctxOf, linePricedScope, requireScope, rowPricedScope } from "../../../http/auth.js";
import { idempotencyKeyOf, sendIdempotent } from "../../../http/idempotency.js";
import { chargeWalk } from "../../../http/rate-limit.js";
import { jsonPage, toRest, toRestPage } from "../../../http/serialize.js";
import * as catalog from "../catalog.service.js";
import * as search from "../catalog.search.js";
import * as imports from "../catalog.import.js";
import * as itemImports from "../catalog.import-items.js";
import * as links from "../catalog.link.js";
import { importOperation, type ImportBody } from "./catalog.import.schemas.js";
import { listSkus, listSupplierItems, type ListQuery } from "./catalog.list.schemas.js";
import {
  createSku,
  createSupplierItem,
  getSku,
  getSupplierItem,
  linkSupplierItem,
  lookupBarcode,
  unlinkSupplierItem,
} from "./catalog.schemas.js";
import * as levels from "../catalog.levels.js";
import { listSkuLevels, listSupplierItemLevels, namedSiteIds } from "./catalog.levels.schemas.js";

const importRow = ({
  opening_on_hand,
  sku_id,
  site_id,
  on_hand,
  unit_cost,
  ...row
}: ImportBody["rows"][number]) => ({
  ...row,
  openingOnHand: opening_on_hand,
  skuId: sku_id,
  siteId: site_id,
  onHand: on_hand,
  unitCost: unit_cost,
});

type ImportInput = { rows: (imports.SkuImportRow | null)[]; errors?: FieldError[] };

/** POST …/bulk: an import from JSON rows or a CSV file, through one service call. */
function importRoute(
  app: FastifyInstance,
  route: Parameters<typeof importOperation>[0] & {
    path: string;
    /** Its declaration: its rows' pricing, and its walk's. */
    operation: Operation;
    parseCsv: (text: string) => ImportInput;
    /** What it walks beyond its rows (its rows' look-backs), counted before it runs. */
    walk: (ctx: ServiceContext, input: ImportInput) => Walk;
    run: (
      ctx: ServiceContext,
      input: ImportInput,
      key?: string,
      path?: imports.RowPath,
    ) => Promise<Idempotent<imports.ImportResult>>;
  },
): void {
  // The body is JSON or CSV (two content types): its type is given here, from its schemas.
  app.post<{ Body: ImportBody | string }>(
    route.path,
    {
      ...bulkBody(app),
      ...linePricedScope<ImportBody | string>(
        "adjust",
        (body) => (typeof body === "string" ? csvRows(body, MAX_IMPORT_ROWS) : body.rows.length),
        route.operation.lines,
      ),
      schema: importOperation(route),
    },
    async (request, reply) => {
      const body = request.body;
      const csv = typeof body === "string";
      const ctx = ctxOf(request);
      const input = csv ? route.parseCsv(body) : { rows: body.rows.map(importRow) };
      await chargeWalk(request, reply, route.operation, route.walk(ctx, input));
      const result = await route.run(
        ctx,
        input,
        idempotencyKeyOf(request),
        csv ? imports.csvRowPath : undefined,
      );
      return sendIdempotent(reply, 200, result);
    },
  );
}

/**
 * A GET of one item is priced as its rows: the item, and with include=stock the levels it reads
 * (at most a page's), counted before any is read and charged as they are answered.
 */
const WITH_STOCK_ROWS = {
  mostRows: (request: { query: unknown }) =>
    1 + ((request.query as { include?: string }).include === "stock" ? PAGE_DEFAULT : 0),
  rowsOf: (payload: unknown) =>
    1 + ((payload as { stock?: { data: unknown[] } }).stock?.data.length ?? 0),
};

/** An item (with its stock page, when read) as REST answers it. */
const withStockRest = ({ stock, ...item }: levels.WithStock<object>) =>
  stock ? { ...(toRest(item) as object), stock: toRestPage(stock) } : toRest(item);

/** A levels query as the service takes it. */
const levelQuery = ({
  site_ids,
  ...page
}: {
  site_ids?: string;
  limit?: number;
  cursor?: string;
}) => ({
  ...page,
  siteIds: namedSiteIds(site_ids),
});

const listArgs = ({ updated_since, sku_id, site_id, ...rest }: ListQuery) => ({
  ...rest,
  updatedSince: updated_since,
  skuId: sku_id,
  siteId: site_id,
});

/** /api/v1/skus and /api/v1/supplier-items. */
export async function catalogRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    "/skus",
    {
      onRequest: requireScope("adjust"),
      schema: createSku,
    },
    async (request, reply) => {
      const { code, name, opening_on_hand, active, barcodes, location, unit_cost } = request.body;
      const result = await catalog.createSku(
        ctxOf(request),
        {
          code,
          name,
          openingOnHand: opening_on_hand,
          active,
          barcodes,
          location,
          unitCost: unit_cost,
        },
        idempotencyKeyOf(request),
      );
      return sendIdempotent(reply, 201, result);
    },
  );

  // An import may come as a CSV file.
  acceptCsvBodies(fastify);

  importRoute(fastify, {
    path: "/skus/bulk",
    operationId: "importSkus",
    summary: "Create or update up to 10,000 SKUs by code (JSON, or a text/csv file)",
    description:
      "A row whose code is new creates a SKU (opening_on_hand writes an opening_balance movement); one whose code exists updates what differs and never its stock. `countpoint import skus FILE.csv` sends a file of any size in batches.",
    schemas: ["SkuImport", "SkuImportCsv"],
    operation: OPERATIONS.importSkus,
    parseCsv: imports.parseSkuCsv,
    walk: (ctx, input) => imports.importWalk(ctx, "sku", input),
    run: imports.importSkus,
  });

  importRoute(fastify, {
    path: "/supplier-items/bulk",
    operationId: "importSupplierItems",
    summary:
      "Create or update up to 10,000 supplier items by supplier and code (JSON, or a text/csv file)",
    description:
      "A row whose supplier and code are new creates an item, linked to sku_id if given (else with opening_on_hand as an opening_balance movement); one that exists updates what differs, never its stock, and its sku_id must be its link as it stands (422 LINKED_SUPPLIER_ITEM: change links with /link and /unlink).",
    schemas: ["SupplierItemImport", "SupplierItemImportCsv"],
    operation: OPERATIONS.importSupplierItems,
    parseCsv: itemImports.parseSupplierItemCsv,
    walk: (ctx, input) => imports.importWalk(ctx, "supplier_item", input),
    run: itemImports.importSupplierItems,
    problems: ["SKU_NOT_FOUND", "LINKED_SUPPLIER_ITEM"],
  });

  app.get(
    "/skus",
    {
      ...rowPricedScope("read"),
      schema: listSkus,
    },
    async (request, reply) =>
      restList(reply, await search.listSkusForRest(ctxOf(request), listArgs(request.query))),
  );

  app.get(
    "/skus/:id",
    { ...rowPricedScope("read", WITH_STOCK_ROWS), schema: getSku },
    async (request) => {
      const { site_id, include } = request.query;
      const ctx = ctxOf(request);
      return withStockRest(
        await levels.getSkuWithStock(ctx, request.params.id, site_id, include === "stock"),
      );
    },
  );

  app.get(
    "/skus/:id/levels",
    { ...rowPricedScope("read"), schema: listSkuLevels },
    async (request) =>
      toRestPage(
        await levels.listSkuLevels(ctxOf(request), request.params.id, levelQuery(request.query)),
      ),
  );

  app.get(
    "/supplier-items/:id/levels",
    { ...rowPricedScope("read"), schema: listSupplierItemLevels },
    async (request) =>
      toRestPage(
        await levels.listSupplierItemLevels(
          ctxOf(request),
          request.params.id,
          levelQuery(request.query),
        ),
      ),
  );

  app.get(
    "/barcodes/:code",
    {
      onRequest: requireScope("read"),
      schema: lookupBarcode,
    },
    async (request) => {
      const match = await catalog.findByBarcode(
        ctxOf(request),
        request.params.code,
        request.query.site_id,
      );
      return toRest(
        match.type === "sku"
          ? { type: match.type, ...match.sku }
          : { type: match.type, ...match.supplierItem },
      );
    },
  );

  app.post(
    "/supplier-items",
    {
      onRequest: requireScope("adjust"),
      schema: createSupplierItem,
    },
    async (request, reply) => {
      const { sku_id, opening_on_hand, unit_cost, ...fields } = request.body;
      const { supplier, code, name, active, barcodes, location } = fields;
      const result = await catalog.createSupplierItem(
        ctxOf(request),
        {
          supplier,
          code,
          name,
          skuId: sku_id,
          openingOnHand: opening_on_hand,
          active,
          barcodes,
          location,
          unitCost: unit_cost,
        },
        idempotencyKeyOf(request),
      );
      return sendIdempotent(reply, 201, result);
    },
  );

  app.get(
    "/supplier-items",
    {
      ...rowPricedScope("read"),
      schema: listSupplierItems,
    },
    async (request, reply) =>
      restList(
        reply,
        await search.listSupplierItemsForRest(ctxOf(request), listArgs(request.query)),
      ),
  );

  app.get(
    "/supplier-items/:id",
    { ...rowPricedScope("read", WITH_STOCK_ROWS), schema: getSupplierItem },
    async (request) => {
      const { site_id, include } = request.query;
      const ctx = ctxOf(request);
      return withStockRest(
        await levels.getSupplierItemWithStock(ctx, request.params.id, site_id, include === "stock"),
      );
    },
  );

  app.post(
    "/supplier-items/:id/link",
    {
      onRequest: requireScope("adjust"),
      schema: linkSupplierItem,
    },
    async (request, reply) => {
      const { sku_id, transfer } = request.body;
      const result = await links.linkSupplierItem(
        ctxOf(request),
        request.params.id,
        { skuId: sku_id, transfer },
        idempotencyKeyOf(request),
      );
      return sendIdempotent(reply, 200, result, ({ supplierItem, movements }) => ({
        ...supplierItem,
        movements,
      }));
    },
  );

  app.post(
    "/supplier-items/:id/unlink",
    {
      onRequest: requireScope("adjust"),
      schema: unlinkSupplierItem,
    },
    async (request, reply) => {
      const result = await links.unlinkSupplierItem(
        ctxOf(request),
        request.params.id,
        idempotencyKeyOf(request),
      );
      return sendIdempotent(reply, 200, result);
    },
  );
}

/** A list's answer: PostgreSQL's JSON as it is, or rows through the route's serializer. */
const restList = <T>(reply: FastifyReply, page: search.RestListPage<T>) =>
  "json" in page ? jsonPage(reply, page.json) : toRestPage(page.rows);
