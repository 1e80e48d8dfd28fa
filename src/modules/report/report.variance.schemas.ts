// The REST contract of the variance report: GET /reports/variance, declared once with TypeBox.
import { Type } from "typebox";
import { StockReason } from "../../generated/prisma/enums.js";
import { integerId, nullable } from "../../http/openapi-primitives.js";
import { ok, problemResponses, READ_PROBLEMS } from "../../http/openapi-responses.js";
import { windowQuery } from "../../http/validation.js";
import { VARIANCE_REASONS } from "../../reasons.js";
import { AREA_DEPTH_DEFAULT, MAX_AREA_DEPTH } from "../stock-take/stock-take.areas.js";
import { groupSchema } from "./report.schemas.js";
import { MAX_REPORT_GROUPS } from "./report.sql.js";
import { MAX_TOP_ITEMS, TOP_ITEMS_DEFAULT } from "./report.variance.js";

const money = (description: string) => ({
  type: "string",
  pattern: "^-?[0-9]+(\\.[0-9]{1,4})?$",
  description,
});

const varianceProperties = {
  movements: { type: "integer", description: "Movements in the group." },
  units_in: { type: "number", description: "Units found (changes above 0), added up." },
  units_out: { type: "number", description: "Units lost (changes below 0), added up: 0 or less." },
  units_net: { type: "number", description: "units_in + units_out." },
  values: {
    type: "object",
    required: ["gains", "losses", "net", "unvalued_movements"],
    description:
      "The same in money: the movements' value_change (each written with its movement, at the unit cost then) added up, as exact decimal strings with the currency's minor digits. Present only for a token with the costs scope, once the account has a currency.",
    properties: {
      gains: money("Values above 0, added up."),
      losses: money("Values below 0, added up: 0 or less."),
      net: money("gains + losses."),
      unvalued_movements: {
        type: "integer",
        description: "Movements without a value (their item had no cost when they were written).",
      },
    },
  },
} as const;
const varianceRequired = ["movements", "units_in", "units_out", "units_net"];
const group = groupSchema(varianceProperties, varianceRequired);

const totals = {
  movements: 3,
  units_in: 2,
  units_out: -7,
  units_net: -5,
  values: { gains: "1.90", losses: "-1049.00", net: "-1047.10", unvalued_movements: 0 },
};
const example = {
  from: "2026-11-01T00:00:00.000Z",
  to: "2026-11-28T09:00:00.000Z",
  site_id: null,
  area_depth: 2,
  overall: totals,
  reasons: [
    {
      reason: "damaged",
      movements: 1,
      units_in: 0,
      units_out: -1,
      units_net: -1,
      values: { gains: "0.00", losses: "-999.00", net: "-999.00", unvalued_movements: 0 },
    },
  ],
  sites: [{ site_id: 1, ...totals }],
  classes: [{ count_class: "A", ...totals }],
  locations: [{ prefix: "A-01", ...totals }],
  top_items: [
    {
      type: "sku",
      id: 12,
      code: "LAPTOP-14",
      name: "Laptop 14 inch",
      movements: 1,
      units_in: 0,
      units_out: -1,
      units_net: -1,
      values: { gains: "0.00", losses: "-999.00", net: "-999.00", unvalued_movements: 0 },
    },
  ],
  truncated: false,
};

export const varianceSchemas = {
  VarianceReport: {
    $id: "VarianceReport",
    type: "object",
    description: `What the movements that record differences between the records and the shelf came to over the window: the reasons ${VARIANCE_REASONS.join(", ")} (not receipts, returns, opening balances or a transfer's dispatch and receipt).`,
    required: [
      "from",
      "to",
      "site_id",
      "area_depth",
      "overall",
      "reasons",
      "sites",
      "classes",
      "locations",
      "top_items",
      "truncated",
    ],
    properties: {
      from: {
        type: ["string", "null"],
        format: "date-time",
        description: "The window's start; null for one item's report without one.",
      },
      to: { type: "string", format: "date-time", description: "The window's end (excluded)." },
      site_id: { ...nullable("integer"), description: "The site asked for; null: every site." },
      area_depth: { type: "integer", description: "Segments of a location that make an area." },
      overall: group("Every movement of the window that records a difference.", {}),
      reasons: {
        type: "array",
        description: "By reason, by name (only reasons with a movement).",
        items: group("One reason's movements.", {
          reason: { type: "string", enum: Object.values(StockReason) },
        }),
      },
      sites: {
        type: "array",
        description: "By site, by id.",
        items: group("One site's movements.", { site_id: integerId }),
      },
      classes: {
        type: "array",
        description:
          "By the SKU's count class now at the movement's site (null: supplier items and SKUs without one), A to C, then null.",
        items: group("One class's movements.", { count_class: nullable("string") }),
      },
      locations: {
        type: "array",
        description: `By area: the item's location now at the movement's site, to area_depth segments (null: no location), by name; at most ${MAX_REPORT_GROUPS}.`,
        items: group("One area's movements.", { prefix: nullable("string") }),
      },
      top_items: {
        type: "array",
        description:
          "The items that lost the most: by value lost for a token with the costs scope (then by units lost), else by units lost; top of them.",
        items: group("One item's movements.", {
          type: { type: "string", enum: ["sku", "supplier_item"] },
          id: integerId,
          code: { type: "string" },
          name: { type: "string" },
        }),
      },
      truncated: {
        type: "boolean",
        description: `Whether areas past the first ${MAX_REPORT_GROUPS} were left out.`,
      },
    },
  },
};

/** GET /reports/variance. */
export const getVarianceReport = {
  operationId: "getVarianceReport",
  tags: ["reports"],
  summary: "Variance and shrinkage: what the differences came to, by reason, site, class and area",
  description:
    "Needs the read scope; values need the costs scope. Sums the movements of the window that record differences between the records and the shelf (counts reconciled, damaged, lost, found, theft, expired, error, correction, manual, transfer losses), in units and in money, overall, by reason, by site, by count class, by area, and the items that lost the most. Account-wide, or at one site, the window spans at most 31 days of the account's time zone, as the movement history's does (sku_id or supplier_item_id lifts it). Priced by the movements of the window it walks, as a stock take's summary is by its lines (a unit per started 500).",
  querystring: Type.Object(
    {
      ...windowQuery,
      site_id: Type.Optional({
        ...integerId,
        description: "Only this site's movements (404 SITE_NOT_FOUND).",
      }),
      sku_id: Type.Optional({ ...integerId, description: "Only this SKU's movements." }),
      supplier_item_id: Type.Optional({
        ...integerId,
        description: "Only this supplier item's movements.",
      }),
      area_depth: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: MAX_AREA_DEPTH,
          description: `Segments of a location that make an area (default ${AREA_DEPTH_DEFAULT}).`,
        }),
      ),
      top: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: MAX_TOP_ITEMS,
          description: `How many items top_items names (default ${TOP_ITEMS_DEFAULT}).`,
        }),
      ),
    },
    { additionalProperties: false },
  ),
  response: {
    200: ok("VarianceReport", "The report", example),
    ...problemResponses(
      ...READ_PROBLEMS,
      "UNBOUNDED_QUERY",
      "WINDOW_TOO_LONG",
      "INVALID_DATE_RANGE",
      "SITE_NOT_FOUND",
      "SKU_NOT_FOUND",
      "SUPPLIER_ITEM_NOT_FOUND",
    ),
  },
};
