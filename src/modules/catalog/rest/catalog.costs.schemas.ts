// The REST contract of an item's cost history: GET /skus/{id}/cost-changes and
// GET /supplier-items/{id}/cost-changes (the costs scope's).
import { Type } from "typebox";
import {
  $ref,
  cursorParam,
  nullable,
  page,
  pageLimit,
  timestamp,
} from "../../../http/openapi-primitives.js";
import { ok, problemResponses, READ_PROBLEMS } from "../../../http/openapi-responses.js";
import { idParams } from "../../../http/validation.js";

const cost = (what: string) => ({ ...nullable("number"), minimum: 0, description: what });

const costChangeProperties = {
  id: {
    type: "integer",
    minimum: 1,
    description: "Increases with each change of the account's costs.",
  },
  cost_before: cost("The unit cost before; null: none."),
  cost_after: cost("The unit cost after; null: removed."),
  changed_at: timestamp,
  actor: $ref("Actor"),
} as const;

export const costSchemas = {
  CostChange: {
    $id: "CostChange",
    type: "object",
    description: "A change of an item's unit cost (not a stock movement): when, by whom, from, to.",
    required: Object.keys(costChangeProperties),
    properties: costChangeProperties,
  },
  CostChangePage: page("CostChangePage", "CostChange", "An item's cost changes, newest first."),
} as const;

const query = Type.Object(
  { limit: Type.Optional({ ...pageLimit, default: 100 }), cursor: Type.Optional(cursorParam) },
  { additionalProperties: false },
);

const example = {
  data: [
    {
      id: 2,
      cost_before: 4.2,
      cost_after: 4.35,
      changed_at: "2026-11-24T09:00:00.000Z",
      actor: { name: "erp", token_id: 3 },
    },
    {
      id: 1,
      cost_before: null,
      cost_after: 4.2,
      changed_at: "2026-11-20T08:00:00.000Z",
      actor: { name: "erp", token_id: 3 },
    },
  ],
  next_cursor: null,
};

const HISTORY =
  "Needs the costs scope (the account's admin tokens hold it). Each change of its unit cost, newest first: when, by whom, from, to. A cost change is not a stock movement: movements keep the cost in force when they were written. Pages follow `next_cursor`.";

export const listSkuCostChanges = {
  operationId: "listSkuCostChanges",
  tags: ["catalog"],
  summary: "A SKU's cost history",
  description: HISTORY,
  params: idParams,
  querystring: query,
  response: {
    200: ok("CostChangePage", "The SKU's cost changes", example),
    ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR", "SKU_NOT_FOUND"),
  },
};

export const listSupplierItemCostChanges = {
  operationId: "listSupplierItemCostChanges",
  tags: ["catalog"],
  summary: "A supplier item's cost history",
  description: HISTORY,
  params: idParams,
  querystring: query,
  response: {
    200: ok("CostChangePage", "The supplier item's cost changes", example),
    ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR", "SUPPLIER_ITEM_NOT_FOUND"),
  },
};
