// The REST contract of an item's stock site by site: GET /skus/{id}/levels and
// GET /supplier-items/{id}/levels.
import { MAX_LEVEL_SITES } from "../../../limits.js";
import { LOCATION_DESCRIPTION, MAX_LOCATION_LENGTH } from "../location.js";
import { cursorParam, integerId, page, pageLimit } from "../../../http/openapi-primitives.js";
import { ok, problemResponses, READ_PROBLEMS } from "../../../http/openapi-responses.js";
import { idParams } from "../../../http/validation.js";
import { Type } from "typebox";

const levelProperties = {
  site_id: { ...integerId, description: "The site." },
  on_hand: { type: "number", description: "On hand at the site (0 where none is)." },
  in_transit: {
    type: "number",
    description: "In transit to the site: sent on transfers not yet received (0 where none is).",
  },
  location: {
    type: ["string", "null"],
    maxLength: MAX_LOCATION_LENGTH,
    description: LOCATION_DESCRIPTION,
  },
} as const;

export const levelSchemas = {
  StockLevel: {
    $id: "StockLevel",
    type: "object",
    description:
      "An item's stock at one site: what is on hand there, and what is on its way there.",
    required: Object.keys(levelProperties),
    properties: levelProperties,
  },
  StockLevelPage: page("StockLevelPage", "StockLevel", "An item's stock levels in site order."),
} as const;

const SITE_ID = "[1-9][0-9]{0,9}";

const query = Type.Object(
  {
    site_ids: Type.Optional(
      Type.String({
        maxLength: MAX_LEVEL_SITES * 11,
        pattern: `^${SITE_ID}(,${SITE_ID}){0,${MAX_LEVEL_SITES - 1}}$`,
        description: `Only these sites: 1 to ${MAX_LEVEL_SITES} comma-separated site ids (404 SITE_NOT_FOUND for one the account does not have); every site when absent.`,
        examples: ["2,3"],
      }),
    ),
    limit: Type.Optional({ ...pageLimit, default: 100 }),
    cursor: Type.Optional(cursorParam),
  },
  { additionalProperties: false },
);

/** The sites a levels query names (site_ids), as ids; null: every site. */
export const namedSiteIds = (siteIds: string | undefined): number[] | null =>
  siteIds === undefined ? null : siteIds.split(",").map(Number);

const example = {
  data: [
    { site_id: 1, on_hand: 80, in_transit: 0, location: "A-01-03" },
    { site_id: 2, on_hand: 20, in_transit: 12, location: null },
  ],
  next_cursor: null,
};

const LEVELS =
  "Needs the read scope. At each site where it has a level (it has had stock or a location there) or stock in transit to it, in site order: on hand, its location there, and what transfers not yet received are bringing there (a linked supplier item's levels are its SKU's, location included). Pages follow `next_cursor`.";

export const listSkuLevels = {
  operationId: "listSkuLevels",
  tags: ["catalog"],
  summary: "A SKU's stock at each site",
  description: LEVELS,
  params: idParams,
  querystring: query,
  response: {
    200: ok("StockLevelPage", "The SKU's stock levels", example),
    ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR", "SKU_NOT_FOUND", "SITE_NOT_FOUND"),
  },
};

export const listSupplierItemLevels = {
  operationId: "listSupplierItemLevels",
  tags: ["catalog"],
  summary: "A supplier item's stock at each site",
  description: `${LEVELS} A linked item's stock is its SKU's: these are the SKU's levels.`,
  params: idParams,
  querystring: query,
  response: {
    200: ok("StockLevelPage", "The supplier item's stock levels", example),
    ...problemResponses(
      ...READ_PROBLEMS,
      "INVALID_CURSOR",
      "SUPPLIER_ITEM_NOT_FOUND",
      "SITE_NOT_FOUND",
    ),
  },
};
