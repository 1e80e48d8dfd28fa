// What the stock take routes share (stock-take.start.schemas.ts, stock-take.count.schemas.ts,
// stock-take.review.schemas.ts, stock-take.read.schemas.ts): the tag, the problems of a write,
// an entity as a request names it, and the examples of the answers.
import { Type, type Static } from "typebox";
import { EntityType } from "../../../generated/prisma/enums.js";
import {
  barcodeText,
  integerId,
  serviceRules,
  stringEnum,
} from "../../../http/openapi-primitives.js";
import { WRITE_PROBLEMS } from "../../../http/openapi-responses.js";
import { TEXT_LIMITS } from "../../../limits.js";

/** The tag of every stock take operation in the API's documents. */
export const TAG = ["stock takes"];

/** What any stock take write can answer besides WRITE_PROBLEMS, once the stock take is found. */
export const TAKE_WRITE_PROBLEMS = [
  ...WRITE_PROBLEMS,
  "STOCK_TAKE_NOT_FOUND",
  "STOCK_TAKE_CLOSED",
] as const;
/** What naming lines (counts, reviews) can answer besides. */
export const LINE_PROBLEMS = [
  "NOT_IN_STOCK_TAKE",
  "DUPLICATE_LINE",
  "TOO_MANY_LINES",
  "INVALID_BARCODE",
] as const;

/** A text that may be null, up to `maxLength` characters. */
export const nullableText = (maxLength: number, description?: string) =>
  Type.Unsafe<string | null>({
    type: ["string", "null"],
    maxLength,
    ...(description ? { description } : {}),
  });

/** An entity named by type and id, code (a supplier item's code with its supplier) or barcode. */
export const entityRefProperties = {
  type: stringEnum(Object.values(EntityType), {
    // The service checks the value, with the other counts' problems; its presence stays the
    // request validator's.
    "x-service-checked": "enum",
    description: "sku or supplier_item (else 400 INVALID_PARAMETER).",
  }),
  id: Type.Optional({
    ...integerId,
    description: "Name the entity by exactly one of id, code or barcode.",
  }),
  code: Type.Optional(Type.String({ maxLength: TEXT_LIMITS.code })),
  supplier: Type.Optional(
    Type.String({
      maxLength: TEXT_LIMITS.supplier,
      description: "With code, for a supplier item.",
    }),
  ),
  barcode: Type.Optional(
    barcodeText(
      "One of the entity's barcodes, as scanned; any spelling of a GTIN (a GTIN with a wrong check digit is 422 INVALID_BARCODE).",
    ),
  ),
};

/** An entity by type and id, code or barcode (named: StockTakeEntityRef). */
export const StockTakeEntityRef = Type.Object(entityRefProperties, {
  $id: "StockTakeEntityRef",
  description:
    "An entity by type and id, by type and code (a supplier item's with supplier), or by type and barcode.",
  additionalProperties: false,
});
export type StockTakeEntityRef = Static<typeof StockTakeEntityRef>;

// Examples, shared by the operations answering the same shapes.
const startedAt = "2026-11-21T08:00:00.000Z";
const stockTake = {
  id: 7,
  status: "counting",
  basis: "freeze",
  frozen_at: startedAt,
  reference: "Aisle 4",
  note: null,
  blind: false,
  site_id: 1,
  started_by: { name: "warehouse", token_id: 2 },
  reconciled_at: null,
  cancelled_at: null,
  created_at: startedAt,
};
const countedLine = {
  type: "sku",
  id: 1,
  code: "BOLT-M6",
  name: "Bolt M6",
  supplier: null,
  expected_qty: 10,
  counted_qty: 9,
  difference: -1,
  state: "counted",
  counted_at: "2026-11-21T08:40:00.000Z",
  counted_by: "alice",
  moved_since_freeze: false,
  recount_requested: false,
};
const uncountedLine = {
  ...countedLine,
  id: 2,
  code: "BOLT-M8",
  name: "Bolt M8",
  expected_qty: 80,
  counted_qty: null,
  difference: null,
  state: "uncounted",
  counted_at: null,
  counted_by: null,
};

export const stockTakeExamples = {
  stockTake,
  started: { ...stockTake, status: "open", lines: [uncountedLine], lines_next_cursor: null },
  preview: {
    dry_run: true,
    site_id: 1,
    lines: 3,
    areas: [
      { prefix: "A-01", lines: 2 },
      { prefix: "B-02", lines: 1 },
    ],
  },
  withSummary: {
    ...stockTake,
    summary: {
      lines: 2,
      uncounted: 1,
      counted: 1,
      accepted: 0,
      applied: 0,
      counted_share: 0.5,
      moved_since_freeze: 0,
      recount_requested: 0,
      sum_abs_difference: 1,
      net_difference: -1,
      locations: [{ prefix: "A-01", lines: 2, counted: 1, differences: 1, accepted: 0 }],
    },
  },
  page: { data: [stockTake], next_cursor: null },
  linePage: { data: [countedLine, uncountedLine], next_cursor: null },
  sheet:
    "type,id,supplier,code,name,expected_qty,counted_qty,state,location,site\r\nsku,1,,BOLT-M6,Bolt M6,10,9,counted,A-01-03,MAIN\r\nsku,2,,BOLT-M8,Bolt M8,80,,uncounted,A-01-04,MAIN\r\n",
  countPage: {
    data: [
      {
        type: "sku",
        id: 1,
        code: "BOLT-M6",
        name: "Bolt M6",
        supplier: null,
        mode: "set",
        quantity: 9,
        counted_qty: 9,
        counter: "alice",
        counted_at: "2026-11-21T08:40:00.000Z",
        received_at: "2026-11-21T08:40:01.204Z",
      },
    ],
    next_cursor: null,
  },
  counts: { id: 7, status: "counting", lines: [countedLine], lines_count: 1 },
  accept: {
    accepted: [{ ...countedLine, state: "accepted" }],
    accepted_count: 1,
    needs_review: [],
    needs_review_count: 0,
    recount: [],
  },
  reconcile: {
    id: 7,
    status: "reconciled",
    reconciled_at: "2026-11-21T09:05:12.500Z",
    dry_run: false,
    applied: [
      {
        ...entityOf(countedLine),
        expected_qty: 10,
        counted_qty: 9,
        difference: -1,
        previous_qty: 10,
        new_qty: 9,
        change: -1,
        clamped: false,
        movement_id: 1051,
      },
    ],
    applied_count: 1,
    unchanged: 41,
    skipped: { unaccepted: 0, uncounted: 1, linked: 0 },
  },
  cancelled: { ...stockTake, status: "cancelled", cancelled_at: "2026-11-21T09:00:00.000Z" },
} as const;

function entityOf(line: typeof countedLine) {
  const { type, id, code, name, supplier } = line;
  return { type, id, code, name, supplier };
}

/**
 * A tolerance as requests send it (accept-lines' `tolerance`, a start's `auto_accept`): units and
 * money, each pair the looser of the two, money beside the units.
 */
export const toleranceSchema = (description: string) =>
  Type.Object(
    {
      abs: Type.Optional(
        Type.Number(
          serviceRules(
            { description: "Absolute difference, at least 0; default 1." },
            { minimum: 0 },
          ),
        ),
      ),
      pct: Type.Optional(
        Type.Number(
          serviceRules(
            { description: "Percent of the expected quantity, 0 to 100; default 2." },
            { minimum: 0, maximum: 100 },
          ),
        ),
      ),
      max_value: Type.Optional(
        Type.Number(
          serviceRules(
            {
              description:
                "In money (the costs scope's; 409 CURRENCY_NOT_SET without a currency): a line's difference_value, absolute, at most this. Beside abs and pct, not instead: a line with a cost must be within both the units' and the money's tolerance. At most 4 decimals.",
            },
            { minimum: 0 },
          ),
        ),
      ),
      max_value_pct: Type.Optional(
        Type.Number(
          serviceRules(
            {
              description:
                "In money: difference_value as a percent of the line's expected value (expected × unit cost), 0 to 100. With max_value the looser of the two holds, as for abs and pct.",
            },
            { minimum: 0, maximum: 100 },
          ),
        ),
      ),
    },
    { additionalProperties: false, description },
  );
