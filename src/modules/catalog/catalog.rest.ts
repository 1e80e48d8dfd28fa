import type { FastifyInstance } from "fastify";
import type { ServiceContext } from "../../context.js";
import type { Idempotent } from "../../db/idempotency.js";
import type { ErrorCode, FieldError } from "../../errors.js";
import { acceptCsvBodies } from "../../http/csv-body.js";
import { MAX_IMPORT_ROWS } from "../../limits.js";
import { bulkBody } from "../../http/body-limit.js";
import { csvRows } from "../../csv.js";
import { LINE_WEIGHTS } from "../../rate-limit/bucket.js";
import { ctxOf, linePricedScope, requireScope, rowPricedScope } from "../../http/auth.js";
import { idempotencyKeyOf, sendIdempotent } from "../../http/idempotency.js";
import { toRest, toRestPage } from "../../http/serialize.js";
import { type SchemaName } from "../../http/openapi-schemas.js";
import {
  examples,
  ok,
  problemResponses,
  ref,
  READ_PROBLEMS,
  replayHeaders,
  WRITE_PROBLEMS,
  BARCODE_PROBLEMS,
} from "../../http/openapi-responses.js";
import { idempotencyHeaders, idParams, pageQuery } from "../../http/validation.js";
import * as catalog from "./catalog.service.js";
import * as search from "./catalog.search.js";
import * as imports from "./catalog.import.js";
import * as itemImports from "./catalog.import-items.js";
import * as links from "./catalog.link.js";
import { LOCATION_FILTER_RULE, MAX_LOCATION_LENGTH } from "./location.js";

interface CreateSkuBody {
  code: string;
  name: string;
  opening_on_hand?: number;
  active?: boolean;
  barcodes?: string[];
  location?: string | null;
}

interface ImportBody {
  rows: {
    supplier?: string;
    code?: string;
    name?: string;
    active?: boolean;
    barcodes?: string[];
    opening_on_hand?: number;
    sku_id?: number | null;
    location?: string | null;
  }[];
}

const importRow = ({ opening_on_hand, sku_id, ...row }: ImportBody["rows"][number]) => ({
  ...row,
  openingOnHand: opening_on_hand,
  skuId: sku_id,
});

type ImportInput = { rows: (imports.SkuImportRow | null)[]; errors?: FieldError[] };

/** POST …/bulk: an import from JSON rows or a CSV file, through one service call. */
function importRoute(
  app: FastifyInstance,
  route: {
    path: string;
    operationId: string;
    summary: string;
    description: string;
    schemas: [SchemaName, SchemaName];
    parseCsv: (text: string) => ImportInput;
    run: (
      ctx: ServiceContext,
      input: ImportInput,
      key?: string,
      path?: imports.RowPath,
    ) => Promise<Idempotent<imports.ImportResult>>;
    problems?: ErrorCode[];
  },
): void {
  app.post<{ Body: ImportBody | string }>(
    route.path,
    {
      ...bulkBody(app),
      ...linePricedScope(
        "adjust",
        ({ body }) =>
          typeof body === "string"
            ? csvRows(body, MAX_IMPORT_ROWS)
            : (body as ImportBody).rows.length,
        { lineWeight: LINE_WEIGHTS.import },
      ),
      schema: {
        operationId: route.operationId,
        tags: ["catalog"],
        summary: route.summary,
        description: `Needs the adjust scope. ${route.description} All rows or none: every bad row is named (JSON: /rows/3/code; CSV: by row number, the header being row 1). Importing the same file again changes nothing. Send an Idempotency-Key header to make retries safe.`,
        headers: idempotencyHeaders,
        body: {
          content: {
            "application/json": { schema: ref(route.schemas[0]) },
            "text/csv": { schema: ref(route.schemas[1]) },
          },
        },
        response: {
          200: ok("ImportResult", "What the import did", examples.importResult, replayHeaders),
          ...problemResponses(
            ...WRITE_PROBLEMS,
            ...BARCODE_PROBLEMS,
            ...(route.problems ?? []),
            "DUPLICATE_CODE",
            "DUPLICATE_LINE",
            "INVALID_QUANTITY",
            "TOO_MANY_LINES",
          ),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const csv = typeof body === "string";
      const result = await route.run(
        ctxOf(request),
        csv ? route.parseCsv(body) : { rows: body.rows.map(importRow) },
        idempotencyKeyOf(request),
        csv ? imports.csvRowPath : undefined,
      );
      return sendIdempotent(reply, 200, result);
    },
  );
}

interface ListQuery {
  limit?: number;
  cursor?: string;
  q?: string;
  code?: string;
  barcode?: string;
  active?: boolean;
  updated_since?: string;
  supplier?: string;
  sku_id?: number;
  location?: string;
}

const listArgs = ({ updated_since, sku_id, ...rest }: ListQuery) => ({
  ...rest,
  updatedSince: updated_since,
  skuId: sku_id,
});

const LIST_DESCRIPTION =
  "Needs the read scope. Filters combine (all must hold) and apply to rows as they are now. In id order, keyset-paginated; with updated_since, in the order rows changed (oldest first), so an ERP syncs the catalog by paging until next_cursor is null and next time asking for updated_since = the last row's updated_at (a row may come again, none is skipped, even while rows are being edited). A row that no longer matches a filter is not listed again: sync without filters to see every change.";

/** The list query: page, filters, and `extra` filters of the list. */
function listQuery(extra: Record<string, object> = {}) {
  return {
    ...pageQuery,
    properties: {
      ...pageQuery.properties,
      q: {
        type: "string",
        maxLength: search.MAX_QUERY_LENGTH,
        description: "Part of the code or name, regardless of case (trigram search).",
      },
      code: { type: "string", description: "The code, exactly but regardless of case." },
      barcode: { type: "string", description: "One of its barcodes (any spelling of a GTIN)." },
      active: { type: "boolean", description: "Only active (true) or retired (false) ones." },
      updated_since: {
        type: "string",
        description:
          "Changed at or after this RFC 3339 timestamp (or date, in the account's time zone); pages in the order of change.",
      },
      location: {
        type: "string",
        maxLength: MAX_LOCATION_LENGTH,
        description: LOCATION_FILTER_RULE,
      },
      ...extra,
    },
  };
}

interface LinkBody {
  sku_id: number;
  transfer?: boolean;
}

interface CreateSupplierItemBody {
  supplier: string;
  code: string;
  name: string;
  sku_id?: number | null;
  opening_on_hand?: number;
  active?: boolean;
  barcodes?: string[];
  location?: string | null;
}

/** /api/v1/skus and /api/v1/supplier-items. */
export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: CreateSkuBody }>(
    "/skus",
    {
      onRequest: requireScope("adjust"),
      schema: {
        operationId: "createSku",
        tags: ["catalog"],
        summary: "Create a SKU",
        description:
          "Needs the adjust scope. An opening_on_hand writes an opening_balance movement.",
        headers: idempotencyHeaders,
        body: ref("CreateSku"),
        response: {
          201: ok("Sku", "The new SKU", examples.sku, replayHeaders),
          ...problemResponses(
            ...WRITE_PROBLEMS,
            ...BARCODE_PROBLEMS,
            "DUPLICATE_CODE",
            "INVALID_QUANTITY",
          ),
        },
      },
    },
    async (request, reply) => {
      const { code, name, opening_on_hand, active, barcodes, location } = request.body;
      const result = await catalog.createSku(
        ctxOf(request),
        { code, name, openingOnHand: opening_on_hand, active, barcodes, location },
        idempotencyKeyOf(request),
      );
      return sendIdempotent(reply, 201, result);
    },
  );

  // An import may come as a CSV file.
  acceptCsvBodies(app);

  importRoute(app, {
    path: "/skus/bulk",
    operationId: "importSkus",
    summary: "Create or update up to 10,000 SKUs by code (JSON, or a text/csv file)",
    description:
      "A row whose code is new creates a SKU (opening_on_hand writes an opening_balance movement); one whose code exists updates what differs and never its stock. `countpoint import skus FILE.csv` sends a file of any size in batches.",
    schemas: ["SkuImport", "SkuImportCsv"],
    parseCsv: imports.parseSkuCsv,
    run: imports.importSkus,
  });

  importRoute(app, {
    path: "/supplier-items/bulk",
    operationId: "importSupplierItems",
    summary:
      "Create or update up to 10,000 supplier items by supplier and code (JSON, or a text/csv file)",
    description:
      "A row whose supplier and code are new creates an item, linked to sku_id if given (else with opening_on_hand as an opening_balance movement); one that exists updates what differs, never its stock, and its sku_id must be its link as it stands (422 LINKED_SUPPLIER_ITEM: change links with /link and /unlink).",
    schemas: ["SupplierItemImport", "SupplierItemImportCsv"],
    parseCsv: itemImports.parseSupplierItemCsv,
    run: itemImports.importSupplierItems,
    problems: ["SKU_NOT_FOUND", "LINKED_SUPPLIER_ITEM"],
  });

  app.get<{ Querystring: ListQuery }>(
    "/skus",
    {
      ...rowPricedScope("read"),
      schema: {
        operationId: "listSkus",
        tags: ["catalog"],
        summary: "List, search and sync SKUs",
        description: LIST_DESCRIPTION,
        querystring: listQuery(),
        response: {
          200: ok("SkuPage", "One page of SKUs", { data: [examples.sku], next_cursor: null }),
          ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR", "INVALID_BARCODE"),
        },
      },
    },
    async (request) => toRestPage(await search.listSkus(ctxOf(request), listArgs(request.query))),
  );

  app.get<{ Params: { id: number } }>(
    "/skus/:id",
    {
      onRequest: requireScope("read"),
      schema: {
        operationId: "getSku",
        tags: ["catalog"],
        summary: "Get a SKU",
        description: "Needs the read scope.",
        params: idParams,
        response: {
          200: ok("Sku", "The SKU", examples.sku),
          ...problemResponses(...READ_PROBLEMS, "SKU_NOT_FOUND"),
        },
      },
    },
    async (request) => toRest(await catalog.getSku(ctxOf(request), request.params.id)),
  );

  app.get<{ Params: { code: string } }>(
    "/barcodes/:code",
    {
      onRequest: requireScope("read"),
      schema: {
        operationId: "lookupBarcode",
        tags: ["catalog"],
        summary: "Find the SKU or supplier item with a barcode",
        description:
          "What a scanner app asks: any spelling of one GTIN finds it (UPC-A, EAN-13 with a leading 0, GTIN-14), in-house labels regardless of case. Needs the read scope.",
        params: {
          type: "object",
          required: ["code"],
          properties: { code: { type: "string", description: "The barcode as scanned." } },
          additionalProperties: false,
        },
        response: {
          200: ok("BarcodeMatch", "The entity with that barcode", examples.barcodeMatch),
          ...problemResponses(...READ_PROBLEMS, "INVALID_BARCODE", "BARCODE_NOT_FOUND"),
        },
      },
    },
    async (request) => {
      const match = await catalog.findByBarcode(ctxOf(request), request.params.code);
      return toRest(
        match.type === "sku"
          ? { type: match.type, ...match.sku }
          : { type: match.type, ...match.supplierItem },
      );
    },
  );

  app.post<{ Body: CreateSupplierItemBody }>(
    "/supplier-items",
    {
      onRequest: requireScope("adjust"),
      schema: {
        operationId: "createSupplierItem",
        tags: ["catalog"],
        summary: "Create a supplier item, optionally linked to a SKU",
        description:
          "Needs the adjust scope. A linked item shows its SKU's stock and takes no opening_on_hand (422 LINKED_SUPPLIER_ITEM).",
        headers: idempotencyHeaders,
        body: ref("CreateSupplierItem"),
        response: {
          201: ok("SupplierItem", "The new supplier item", examples.supplierItem, replayHeaders),
          ...problemResponses(
            ...WRITE_PROBLEMS,
            "SKU_NOT_FOUND",
            ...BARCODE_PROBLEMS,
            "DUPLICATE_CODE",
            "INVALID_QUANTITY",
            "LINKED_SUPPLIER_ITEM",
          ),
        },
      },
    },
    async (request, reply) => {
      const { supplier, code, name, sku_id, opening_on_hand, active, barcodes, location } =
        request.body;
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
        },
        idempotencyKeyOf(request),
      );
      return sendIdempotent(reply, 201, result);
    },
  );

  app.get<{ Querystring: ListQuery }>(
    "/supplier-items",
    {
      ...rowPricedScope("read"),
      schema: {
        operationId: "listSupplierItems",
        tags: ["catalog"],
        summary: "List, search and sync supplier items",
        description: `${LIST_DESCRIPTION} A linked item counts as changed when its SKU's stock changes.`,
        querystring: listQuery({
          supplier: { type: "string", description: "The supplier, exactly." },
          sku_id: { ...idParams.properties.id, description: "Items linked to this SKU." },
        }),
        response: {
          200: ok("SupplierItemPage", "One page of supplier items", {
            data: [examples.supplierItem],
            next_cursor: null,
          }),
          ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR", "INVALID_BARCODE"),
        },
      },
    },
    async (request) =>
      toRestPage(await search.listSupplierItems(ctxOf(request), listArgs(request.query))),
  );

  app.get<{ Params: { id: number } }>(
    "/supplier-items/:id",
    {
      onRequest: requireScope("read"),
      schema: {
        operationId: "getSupplierItem",
        tags: ["catalog"],
        summary: "Get a supplier item",
        description: "Needs the read scope.",
        params: idParams,
        response: {
          200: ok("SupplierItem", "The supplier item", examples.supplierItem),
          ...problemResponses(...READ_PROBLEMS, "SUPPLIER_ITEM_NOT_FOUND"),
        },
      },
    },
    async (request) => toRest(await catalog.getSupplierItem(ctxOf(request), request.params.id)),
  );

  app.post<{ Params: { id: number }; Body: LinkBody }>(
    "/supplier-items/:id/link",
    {
      onRequest: requireScope("adjust"),
      schema: {
        operationId: "linkSupplierItem",
        tags: ["catalog"],
        summary: "Link a supplier item to a SKU",
        description:
          "Needs the adjust scope. From then on the item shows and shares its SKU's stock. An item holding stock of its own needs transfer: true, which moves that stock into the SKU (409 SUPPLIER_ITEM_HAS_STOCK without it); an item in an open or counting stock take is 409 ENTITY_IN_STOCK_TAKE. Linking an item to the SKU it is linked to changes nothing; to another SKU is 422 LINKED_SUPPLIER_ITEM (unlink it first).",
        params: idParams,
        headers: idempotencyHeaders,
        body: ref("LinkSupplierItem"),
        response: {
          200: ok(
            "LinkedSupplierItem",
            "The supplier item, linked, with the transfer movements",
            { ...examples.supplierItem, sku_id: 1, on_hand: 12, movements: [] },
            replayHeaders,
          ),
          ...problemResponses(
            ...WRITE_PROBLEMS,
            "SUPPLIER_ITEM_NOT_FOUND",
            "SKU_NOT_FOUND",
            "SUPPLIER_ITEM_HAS_STOCK",
            "ENTITY_IN_STOCK_TAKE",
            "INVALID_QUANTITY",
            "LINKED_SUPPLIER_ITEM",
          ),
        },
      },
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

  app.post<{ Params: { id: number } }>(
    "/supplier-items/:id/unlink",
    {
      onRequest: requireScope("adjust"),
      schema: {
        operationId: "unlinkSupplierItem",
        tags: ["catalog"],
        summary: "Unlink a supplier item from its SKU",
        description:
          "Needs the adjust scope. The item holds stock of its own again, starting at 0; the SKU keeps its stock. An unlinked item stays as it is; one in an open or counting stock take is 409 ENTITY_IN_STOCK_TAKE.",
        params: idParams,
        headers: idempotencyHeaders,
        response: {
          200: ok(
            "SupplierItem",
            "The supplier item, unlinked",
            examples.supplierItem,
            replayHeaders,
          ),
          ...problemResponses(...WRITE_PROBLEMS, "SUPPLIER_ITEM_NOT_FOUND", "ENTITY_IN_STOCK_TAKE"),
        },
      },
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
