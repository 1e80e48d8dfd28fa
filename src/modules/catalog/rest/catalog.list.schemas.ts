// The REST contract of the catalog's lists (GET /skus and /supplier-items): their filters, shared,
// and each route's schemas.
import { Type, type Static } from "typebox";
import {
  barcodeText,
  filterDate,
  integerId,
  NUL_FREE_PATTERN,
  serviceRules,
} from "../../../http/openapi-primitives.js";
import { examples, ok, problemResponses, READ_PROBLEMS } from "../../../http/openapi-responses.js";
import { pageQuery } from "../../../http/validation.js";
import { TEXT_LIMITS } from "../../../limits.js";
import { MAX_QUERY_LENGTH } from "../catalog.search.js";
import { LOCATION_FILTER_RULE, MAX_LOCATION_LENGTH } from "../location.js";
import { onHandSiteParam } from "./catalog.schemas.js";

const LIST_DESCRIPTION =
  "Needs the read scope. Filters combine (all must hold) and apply to rows as they are now. In id order, keyset-paginated; with updated_since, in the order rows changed (oldest first), so an ERP syncs the catalog by paging until next_cursor is null and next time asking for updated_since = the last row's updated_at (a row may come again, none is skipped, even while rows are being edited). A row that no longer matches a filter is not listed again: sync without filters to see every change.";

/** The list filters SKUs and supplier items share. */
const listFilters = {
  ...pageQuery.properties,
  q: Type.Optional(
    Type.String(
      serviceRules(
        {
          maxLength: MAX_QUERY_LENGTH,
          description: "Part of the code or name, regardless of case (trigram search).",
        },
        { pattern: NUL_FREE_PATTERN },
      ),
    ),
  ),
  code: Type.Optional(
    Type.String(
      serviceRules(
        { description: "The code, exactly but regardless of case." },
        { maxLength: TEXT_LIMITS.code, pattern: NUL_FREE_PATTERN },
      ),
    ),
  ),
  barcode: Type.Optional(barcodeText("One of its barcodes (any spelling of a GTIN).")),
  active: Type.Optional(
    Type.Boolean({ description: "Only active (true) or retired (false) ones." }),
  ),
  updated_since: Type.Optional(
    filterDate(
      "Changed at or after this RFC 3339 timestamp (or date, in the account's time zone); pages in the order of change.",
    ),
  ),
  location: Type.Optional(
    Type.String(
      serviceRules(
        { maxLength: MAX_LOCATION_LENGTH, description: LOCATION_FILTER_RULE },
        { pattern: NUL_FREE_PATTERN },
      ),
    ),
  ),
  site_id: Type.Optional(onHandSiteParam),
};

/** GET /skus's query. */
export const SkuListQuery = Type.Object(listFilters, { additionalProperties: false });

/** GET /supplier-items's query. */
export const SupplierItemListQuery = Type.Object(
  {
    ...listFilters,
    supplier: Type.Optional(
      Type.String(
        serviceRules(
          { description: "The supplier, exactly." },
          { maxLength: TEXT_LIMITS.supplier, pattern: NUL_FREE_PATTERN },
        ),
      ),
    ),
    sku_id: Type.Optional({ ...integerId, description: "Items linked to this SKU." }),
  },
  { additionalProperties: false },
);
/** A list's query, SKUs' or supplier items'. */
export type ListQuery = Static<typeof SupplierItemListQuery>;

export const listSkus = {
  operationId: "listSkus",
  tags: ["catalog"],
  summary: "List, search and sync SKUs",
  description: LIST_DESCRIPTION,
  querystring: SkuListQuery,
  response: {
    200: ok("SkuPage", "One page of SKUs", { data: [examples.sku], next_cursor: null }),
    ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR", "INVALID_BARCODE", "SITE_NOT_FOUND"),
  },
};

export const listSupplierItems = {
  operationId: "listSupplierItems",
  tags: ["catalog"],
  summary: "List, search and sync supplier items",
  description: `${LIST_DESCRIPTION} A linked item counts as changed when its SKU's stock changes.`,
  querystring: SupplierItemListQuery,
  response: {
    200: ok("SupplierItemPage", "One page of supplier items", {
      data: [examples.supplierItem],
      next_cursor: null,
    }),
    ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR", "INVALID_BARCODE", "SITE_NOT_FOUND"),
  },
};
