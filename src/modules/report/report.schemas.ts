// The REST contract of the reports: GET /reports/accuracy, declared once with TypeBox.
import { Type } from "typebox";
import { integerId, nullable } from "../../http/openapi-primitives.js";
import { ok, problemResponses, READ_PROBLEMS } from "../../http/openapi-responses.js";
import { windowQuery } from "../../http/validation.js";
import { AREA_DEPTH_DEFAULT, MAX_AREA_DEPTH } from "../stock-take/stock-take.areas.js";
import { MAX_REPORT_GROUPS } from "./report.sql.js";

const accuracyProperties = {
  lines_counted: { type: "integer", description: "Lines with a count." },
  lines_accurate: {
    type: "integer",
    description:
      "Of those, lines whose count was within the tolerance of what it was compared with.",
  },
  accuracy: {
    ...nullable("number"),
    description: "lines_accurate / lines_counted, 0 to 1; null when nothing was counted.",
  },
  abs_difference: { type: "number", description: "Units of difference, each line's as positive." },
  net_difference: { type: "number", description: "Units of difference, found less lost." },
  values: {
    type: "object",
    required: ["counted", "absolute", "net", "accuracy", "valued_lines"],
    description:
      "The same in money, over the counted lines with a unit cost (their cost at the freeze), as exact decimal strings with the currency's minor digits: each line valued and rounded as a stock take's review values it, then added up. Present only for a token with the costs scope, once the account has a currency.",
    properties: {
      counted: {
        type: "string",
        description: "What the counts were worth: counted_qty × unit cost, per line, added up.",
      },
      absolute: {
        type: "string",
        description: "The lines' difference_value, each taken as positive, added up.",
      },
      net: {
        type: "string",
        description: "The lines' difference_value added up: found less lost.",
      },
      accuracy: {
        ...nullable("number"),
        description:
          "Value accuracy: 1 − absolute / counted, 0 to 1 (0 when the differences outweigh what was counted); null when what was counted is worth nothing.",
      },
      valued_lines: { type: "integer", description: "Counted lines with a unit cost." },
    },
  },
} as const;
const accuracyRequired = [
  "lines_counted",
  "lines_accurate",
  "accuracy",
  "abs_difference",
  "net_difference",
];
/** A report's group schema: its key's properties, then the figures every group has. */
export const groupSchema =
  (properties: Record<string, unknown>, required: string[]) =>
  (description: string, key: Record<string, unknown>) => ({
    type: "object",
    description,
    required: [...Object.keys(key), ...required],
    properties: { ...key, ...properties },
  });
const group = groupSchema(accuracyProperties, accuracyRequired);

const example = {
  from: "2026-11-01T00:00:00.000Z",
  to: "2026-11-28T09:00:00.000Z",
  tolerance: 0,
  area_depth: 2,
  overall: {
    lines_counted: 400,
    lines_accurate: 388,
    accuracy: 0.97,
    abs_difference: 31,
    net_difference: -7,
  },
  stock_takes: [
    {
      stock_take_id: 12,
      reference: "Cycle count",
      reconciled_at: "2026-11-27T17:02:11.000Z",
      lines_counted: 20,
      lines_accurate: 19,
      accuracy: 0.95,
      abs_difference: 2,
      net_difference: -2,
    },
  ],
  classes: [
    {
      count_class: "A",
      lines_counted: 120,
      lines_accurate: 118,
      accuracy: 0.9833,
      abs_difference: 3,
      net_difference: -1,
    },
  ],
  locations: [
    {
      prefix: "A-01",
      lines_counted: 40,
      lines_accurate: 40,
      accuracy: 1,
      abs_difference: 0,
      net_difference: 0,
    },
  ],
  truncated: false,
};

export const reportSchemas = {
  AccuracyReport: {
    $id: "AccuracyReport",
    type: "object",
    description:
      "How accurate the records were, as the counts of the stock takes reconciled in the window found them.",
    required: [
      "from",
      "to",
      "tolerance",
      "area_depth",
      "overall",
      "stock_takes",
      "classes",
      "locations",
      "truncated",
    ],
    properties: {
      from: {
        type: ["string", "null"],
        format: "date-time",
        description: "The window's start; null for one stock take's report without one.",
      },
      to: { type: "string", format: "date-time", description: "The window's end (excluded)." },
      tolerance: { type: "number", description: "A count this close counts as accurate." },
      area_depth: { type: "integer", description: "Segments of a location that make an area." },
      overall: group("Every counted line.", {}),
      stock_takes: {
        type: "array",
        description: `By stock take, oldest reconcile first (those with a counted line; at most ${MAX_REPORT_GROUPS}).`,
        items: group("One stock take's counted lines.", {
          stock_take_id: integerId,
          reference: nullable("string"),
          reconciled_at: { type: "string", format: "date-time" },
        }),
      },
      classes: {
        type: "array",
        description:
          "By the SKUs' count class now (null: supplier items and SKUs without a class), A to C, then null.",
        items: group("One class's counted lines.", { count_class: nullable("string") }),
      },
      locations: {
        type: "array",
        description: `By area: the lines' location at the freeze, to area_depth segments (null: no location); at most ${MAX_REPORT_GROUPS}.`,
        items: group("One area's counted lines.", { prefix: nullable("string") }),
      },
      truncated: {
        type: "boolean",
        description: `Whether stock takes or areas past the first ${MAX_REPORT_GROUPS} were left out.`,
      },
    },
  },
};

/** GET /reports/accuracy. */
export const getAccuracyReport = {
  operationId: "getAccuracyReport",
  tags: ["reports"],
  summary: "Inventory record accuracy: how well the records matched the counts",
  description:
    "Needs the read scope. Of the lines counted in the stock takes reconciled in the window (or in one stock take), how many were within tolerance of what they were compared with (the freeze, or the ledger at the count for basis count_time), and the units of difference, overall, per stock take, per count class and per area. Account-wide the window spans at most 31 days of the account's time zone, as the movement history's does (stock_take_id lifts it).",
  querystring: Type.Object(
    {
      ...windowQuery,
      stock_take_id: Type.Optional(integerId),
      tolerance: Type.Optional(
        Type.Number({
          minimum: 0,
          description:
            "A count this close to what it was compared with is accurate; 0 when absent.",
        }),
      ),
      area_depth: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: MAX_AREA_DEPTH,
          description: `Segments of a location that make an area (default ${AREA_DEPTH_DEFAULT}).`,
        }),
      ),
    },
    { additionalProperties: false },
  ),
  response: {
    200: ok("AccuracyReport", "The report", example),
    ...problemResponses(
      ...READ_PROBLEMS,
      "UNBOUNDED_QUERY",
      "WINDOW_TOO_LONG",
      "INVALID_DATE_RANGE",
      "INVALID_QUANTITY",
      "STOCK_TAKE_NOT_FOUND",
    ),
  },
};
