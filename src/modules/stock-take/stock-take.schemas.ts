// The REST contract of stock takes: the named schemas (registered by the OpenAPI registry,
// src/server/openapi-schemas.ts) and each route's schemas, declared once with TypeBox where a
// handler takes its types from them. Response schemas drive serialisation: a field the handlers
// return must be listed here. A counter's lines and summary leave out expected_qty and difference
// (and the difference totals) in a blind stock take, and a token without read (or approve) never
// sees them: those are never `required`.
import { Type, type Static } from "typebox";
import { EntityType } from "../../generated/prisma/enums.js";
import {
  $ref,
  barcodeText,
  enumSchema,
  integerId,
  NO_CONTROL_PATTERN,
  NUL_FREE_PATTERN,
  nullable,
  page,
  quantitySchema as quantity,
  refOf,
  serviceRules,
  stringEnum,
  timestamp,
} from "../../http/openapi-primitives.js";
import {
  ok,
  orCsv,
  problemResponses,
  READ_PROBLEMS,
  ref,
  replayHeaders,
  WRITE_PROBLEMS,
} from "../../http/openapi-responses.js";
import { idempotencyHeaders, idParams, pageQuery } from "../../http/validation.js";
import {
  DEFAULT_DUE_LIMIT,
  MAX_COUNTS,
  MAX_DATE_PARAM_LENGTH,
  MAX_DUE_LIMIT,
  MAX_REFS,
  MAX_SCOPE_IDS,
  MAX_SCOPE_LOCATIONS,
  TEXT_LIMITS,
} from "../../limits.js";
import { MAX_LOCATION_LENGTH } from "../catalog/location.js";
import { AREA_DEPTH_DEFAULT, AREA_RULE, MAX_AREA_DEPTH } from "./stock-take.areas.js";

/** A stock take's statuses and a line's states, as answers show them and lists filter by them. */
const STOCK_TAKE_STATUSES = ["open", "counting", "reconciled", "cancelled"];
const LINE_STATES = ["uncounted", "counted", "accepted", "applied"];
import { BASES, LINE_ORDERS, MODES, type LineOrderValue } from "./stock-take.parse.js";

const nullableTimestamp = { ...nullable("string"), format: "date-time" } as const;
const nullableString = nullable("string");
/** A text that may be null, up to `maxLength` characters. */
const nullableText = (maxLength: number, description?: string) =>
  Type.Unsafe<string | null>({
    type: ["string", "null"],
    maxLength,
    ...(description ? { description } : {}),
  });

const stockTakeProperties = {
  id: integerId,
  status: $ref("StockTakeStatus"),
  basis: $ref("StockTakeBasis"),
  frozen_at: { ...timestamp, description: "When the expected quantities were frozen." },
  reference: nullableString,
  note: nullableString,
  blind: {
    type: "boolean",
    description: "Counters (tokens without approve) never see expected quantities.",
  },
  started_by: $ref("Actor"),
  reconciled_at: nullableTimestamp,
  cancelled_at: nullableTimestamp,
  created_at: timestamp,
} as const;
const stockTakeRequired = Object.keys(stockTakeProperties);

/** A line's entity as the responses name it. */
const entityProperties = {
  type: $ref("EntityType"),
  id: { ...integerId, description: "The SKU's or supplier item's id." },
  code: { type: "string" },
  name: { type: "string" },
  supplier: { ...nullableString, description: "A supplier item's supplier; null for a SKU." },
} as const;

const lineList = (description: string) => ({
  type: "array",
  description,
  items: $ref("StockTakeLine"),
});

/** An entity named by type and id, code (a supplier item's code with its supplier) or barcode. */
const entityRefProperties = {
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

const refList = (description: string) =>
  Type.Array(Type.Unsafe<StockTakeEntityRef>($ref("StockTakeEntityRef")), {
    maxItems: MAX_REFS,
    "x-error-codes": { maxItems: "TOO_MANY_LINES" },
    description: `${description} At most ${MAX_REFS} (more: 422 TOO_MANY_LINES).`,
  });

const scopeIds = (description: string) =>
  Type.Array(integerId, {
    maxItems: MAX_SCOPE_IDS,
    "x-error-codes": { maxItems: "TOO_MANY_LINES" },
    description: `${description} At most ${MAX_SCOPE_IDS} (more: 422 TOO_MANY_LINES).`,
  });

/** POST /stock-takes/start's body (named: StartStockTake). */
export const StartStockTake = Type.Object(
  {
    scope: Type.Optional(
      Type.Object(
        {
          sku_ids: Type.Optional(scopeIds("Active SKUs to count, each once.")),
          supplier_item_ids: Type.Optional(
            scopeIds("Unlinked supplier items to count, each once."),
          ),
          locations: Type.Optional(
            Type.Array(Type.String({ maxLength: MAX_LOCATION_LENGTH }), {
              maxItems: MAX_SCOPE_LOCATIONS,
              "x-error-codes": { maxItems: "INVALID_PARAMETER" },
              description: `Location prefixes, regardless of case (A-01 takes A-01-03; B- a whole aisle): every active SKU and unlinked supplier item whose location starts with one of them is counted too, besides any named by id. At most ${MAX_SCOPE_LOCATIONS} (more: 400 INVALID_PARAMETER).`,
              examples: [["A-01", "B-"]],
            }),
          ),
          due: Type.Optional(
            Type.Boolean({
              description: `Today's cycle count: the scope also takes the SKUs due for a count (GET /stock-takes/due's order, most overdue first), up to limit, leaving out those an open or counting stock take already counts. Priced as limit lines.`,
            }),
          ),
          limit: Type.Optional(
            Type.Integer({
              minimum: 1,
              maximum: MAX_DUE_LIMIT,
              description: `With due: true, how many due SKUs to take at most; ${DEFAULT_DUE_LIMIT} when absent.`,
            }),
          ),
        },
        {
          additionalProperties: false,
          description: "Leave out to count all active SKUs and all unlinked supplier items.",
        },
      ),
    ),
    reference: Type.Optional(nullableText(TEXT_LIMITS.reference)),
    note: Type.Optional(nullableText(TEXT_LIMITS.note)),
    blind: Type.Optional(
      Type.Boolean({
        description: "Counters (tokens without approve) never see expected quantities.",
      }),
    ),
    basis: Type.Optional(
      stringEnum(BASES, {
        "x-service-checked": true,
        description:
          "freeze (default): compare counts with the freeze; count_time: with the ledger at each count's counted_at.",
      }),
    ),
  },
  {
    $id: "StartStockTake",
    examples: [{ scope: { sku_ids: [1, 2] }, reference: "Aisle 4", blind: true }],
    additionalProperties: false,
  },
);
export type StartStockTake = Static<typeof StartStockTake>;

/** One count (named: StockTakeCountInput). */
export const StockTakeCountInput = Type.Object(
  {
    ...entityRefProperties,
    counted_qty: quantity,
    mode: Type.Optional(
      stringEnum(MODES, {
        "x-service-checked": true,
        description: "set (default) replaces the line's count; add adds to it.",
      }),
    ),
    counted_at: Type.Optional(
      Type.String(
        serviceRules(
          {
            description:
              "RFC 3339; when the count was taken, not in the future (default: when it is received).",
          },
          { format: "date-time", maxLength: MAX_DATE_PARAM_LENGTH },
        ),
      ),
    ),
    found_location: Type.Optional(
      nullableText(
        MAX_LOCATION_LENGTH,
        "Where the counter found it, when not where the catalog says (the line is then misplaced if it differs from its location). Left out: a set count found it where recorded, an add count keeps what the line had. Changes no stock and no location.",
      ),
    ),
  },
  {
    $id: "StockTakeCountInput",
    description: "One count of one entity, named by id, code or barcode.",
    additionalProperties: false,
  },
);
export type StockTakeCountInput = Static<typeof StockTakeCountInput>;

/** POST /stock-takes/{id}/input's JSON body (named: StockTakeCounts). */
export const StockTakeCounts = Type.Object(
  {
    counts: Type.Array(Type.Unsafe<StockTakeCountInput>($ref("StockTakeCountInput")), {
      ...serviceRules({}, { minItems: 1 }),
      maxItems: MAX_COUNTS,
      "x-error-codes": { maxItems: "TOO_MANY_LINES" },
      description: `1 to ${MAX_COUNTS} counts (more: 422 TOO_MANY_LINES), applied in order.`,
    }),
    counter: Type.Optional(
      nullableText(TEXT_LIMITS.counter, "Who counted (default: the token's name)."),
    ),
  },
  {
    $id: "StockTakeCounts",
    examples: [{ counts: [{ type: "sku", code: "BOLT-M6", counted_qty: 9 }], counter: "alice" }],
    additionalProperties: false,
  },
);
export type StockTakeCounts = Static<typeof StockTakeCounts>;

/** POST /stock-takes/{id}/accept's body (named: AcceptStockTakeLines). */
export const AcceptStockTakeLines = Type.Object(
  {
    lines: Type.Optional(refList("Counted lines to accept as they are.")),
    safe: Type.Optional(
      Type.Boolean({
        description:
          "Accept every counted line within the tolerance (default when nothing is listed); lines moved since the freeze are never safe.",
      }),
    ),
    tolerance: Type.Optional(
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
        },
        { additionalProperties: false },
      ),
    ),
    recount: Type.Optional(refList("Lines to send back for a recount.")),
  },
  {
    $id: "AcceptStockTakeLines",
    examples: [{ safe: true, tolerance: { abs: 0, pct: 5 }, recount: [{ type: "sku", id: 7 }] }],
    additionalProperties: false,
  },
);
export type AcceptStockTakeLines = Static<typeof AcceptStockTakeLines>;

/** POST /stock-takes/{id}/reconcile's body (named: ReconcileStockTake). */
export const ReconcileStockTake = Type.Object(
  {
    dry_run: Type.Optional(
      Type.Boolean({ description: "Report what would be applied; write nothing." }),
    ),
  },
  { $id: "ReconcileStockTake", examples: [{ dry_run: true }], additionalProperties: false },
);
export type ReconcileStockTake = Static<typeof ReconcileStockTake>;

export const stockTakeSchemas = {
  StockTakeStatus: enumSchema(
    "StockTakeStatus",
    "open (nothing counted yet), counting, reconciled or cancelled.",
    STOCK_TAKE_STATUSES,
  ),
  StockTakeBasis: enumSchema(
    "StockTakeBasis",
    "What counts are compared with: the quantities at the freeze, or the ledger at each count's counted_at.",
    BASES,
  ),
  StockTakeLineState: enumSchema(
    "StockTakeLineState",
    "uncounted, counted (waiting for review), accepted (will be applied) or applied.",
    LINE_STATES,
  ),
  CountMode: enumSchema("CountMode", "set replaces a line's count; add adds to it.", MODES),

  StockTake: {
    $id: "StockTake",
    type: "object",
    description: "A stock take: a frozen count point over a scope of SKUs and supplier items.",
    required: stockTakeRequired,
    properties: stockTakeProperties,
  },
  StockTakeSummary: {
    $id: "StockTakeSummary",
    type: "object",
    description:
      "Where a stock take stands. The difference totals are absent for a counter in a blind stock take.",
    required: [
      "lines",
      "uncounted",
      "counted",
      "accepted",
      "applied",
      "counted_share",
      "moved_since_freeze",
      "recount_requested",
    ],
    properties: {
      lines: { type: "integer" },
      uncounted: { type: "integer" },
      counted: { type: "integer" },
      accepted: { type: "integer" },
      applied: { type: "integer" },
      counted_share: {
        type: "number",
        description: "Share of lines with a count (counted, accepted or applied), 0 to 1.",
      },
      moved_since_freeze: { type: "integer", description: "Lines whose stock moved since." },
      recount_requested: { type: "integer" },
      sum_abs_difference: { type: "number", description: "Sum of |counted − expected|." },
      net_difference: { type: "number", description: "Sum of counted − expected." },
      locations: {
        type: "array",
        description: `Progress by area. ${AREA_RULE}`,
        items: {
          type: "object",
          required: ["prefix", "lines", "counted", "accepted"],
          properties: {
            prefix: {
              type: ["string", "null"],
              description:
                "The area (as its first line spells it); null: lines without a location.",
            },
            lines: { type: "integer" },
            counted: {
              type: "integer",
              description: "Lines with a count (counted, accepted or applied).",
            },
            differences: {
              type: "integer",
              description:
                "Counted lines whose count differs from what it is compared with; absent for a counter in a blind stock take.",
            },
            accepted: { type: "integer", description: "Lines accepted or applied." },
          },
        },
      },
    },
  },
  StockTakeWithSummary: {
    $id: "StockTakeWithSummary",
    type: "object",
    description: "A stock take with a summary of its lines.",
    required: [...stockTakeRequired, "summary"],
    properties: { ...stockTakeProperties, summary: $ref("StockTakeSummary") },
  },
  StockTakeLine: {
    $id: "StockTakeLine",
    type: "object",
    description:
      "One entity to count. expected_qty and difference are absent for a counter in a blind stock take, and for a token without read or approve.",
    required: [
      ...Object.keys(entityProperties),
      "counted_qty",
      "state",
      "counted_at",
      "counted_by",
      "moved_since_freeze",
      "recount_requested",
    ],
    properties: {
      ...entityProperties,
      expected_qty: { type: "number", description: "On hand at the freeze." },
      counted_qty: { type: ["number", "null"], description: "null until counted." },
      difference: {
        type: ["number", "null"],
        description:
          "counted − expected (with basis count_time, − the ledger at counted_at); null until counted.",
      },
      state: $ref("StockTakeLineState"),
      counted_at: nullableTimestamp,
      counted_by: nullableString,
      moved_since_freeze: {
        type: "boolean",
        description: "The entity's stock moved since the freeze (sales during the count).",
      },
      recount_requested: {
        type: "boolean",
        description: "A reviewer sent the line back for a recount.",
      },
      location: {
        type: ["string", "null"],
        description:
          "Where its entity's stock was kept at the freeze (its location then); lines are in walking order, by location, then code.",
      },
      found_location: {
        type: ["string", "null"],
        description: "Where the latest count found it, when the counter said.",
      },
      misplaced: {
        type: "boolean",
        description:
          "Found away from its location at the freeze (found_location differs, regardless of case): review it; stock and the catalog's location do not change.",
      },
    },
  },
  StockTakeWithLines: {
    $id: "StockTakeWithLines",
    type: "object",
    description:
      "A started stock take with its first 1000 lines; lines_next_cursor continues at GET /stock-takes/{id}/lines.",
    required: [...stockTakeRequired, "lines", "lines_next_cursor"],
    properties: {
      ...stockTakeProperties,
      lines: lineList("The first 1000 lines."),
      lines_next_cursor: {
        type: ["string", "null"],
        description: "Pass as `cursor` to GET /stock-takes/{id}/lines; null when no more.",
      },
    },
  },
  StockTakeCount: {
    $id: "StockTakeCount",
    type: "object",
    description: "One count as submitted (the count log keeps every one).",
    required: [
      ...Object.keys(entityProperties),
      "mode",
      "quantity",
      "counted_qty",
      "counter",
      "counted_at",
      "received_at",
    ],
    properties: {
      ...entityProperties,
      mode: $ref("CountMode"),
      quantity: { type: "number", description: "The quantity submitted." },
      counted_qty: { type: "number", description: "The line's count after this entry." },
      counter: { type: "string" },
      counted_at: timestamp,
      received_at: timestamp,
      found_location: {
        type: ["string", "null"],
        description: "Where the counter found it, when the count said.",
      },
    },
  },
  StockTakePage: page("StockTakePage", "StockTake", "Stock takes, newest first."),
  StockTakeLinePage: page("StockTakeLinePage", "StockTakeLine", "A stock take's lines."),
  StockTakeCountPage: page("StockTakeCountPage", "StockTakeCount", "The count log."),
  StockTakeSheet: {
    $id: "StockTakeSheet",
    type: "string",
    description:
      "The count sheet, text/csv (RFC 4180): type,id,supplier,code,name,expected_qty,counted_qty,state; without expected_qty for a counter in a blind stock take.",
  },
  StockTakeCountsResult: {
    $id: "StockTakeCountsResult",
    type: "object",
    description: "The stock take's status and the lines these counts touched, after them.",
    required: ["id", "status", "lines"],
    properties: {
      id: integerId,
      status: $ref("StockTakeStatus"),
      lines: lineList(
        "Each line counted, once, in line order: the first 1000 (GET /stock-takes/{id}/lines?state=counted lists them all).",
      ),
      lines_count: {
        type: "integer",
        description:
          "How many lines these counts touched (each once, however many counts named it). Absent only from a replay of an answer stored before it existed.",
      },
    },
  },
  StockTakeAcceptResult: {
    $id: "StockTakeAcceptResult",
    type: "object",
    description: "What the review did.",
    required: ["accepted", "accepted_count", "needs_review", "needs_review_count", "recount"],
    properties: {
      accepted: lineList(
        "Lines this request accepted (listed ones accepted before included), in line order: the first 1000 (GET /stock-takes/{id}/lines?state=accepted lists them all).",
      ),
      accepted_count: {
        type: "integer",
        description: "How many lines this request accepted, listed ones accepted before included.",
      },
      needs_review: lineList(
        "Counted lines still waiting for a decision, in line order: the first 1000 (GET /stock-takes/{id}/lines?state=counted lists them all).",
      ),
      needs_review_count: {
        type: "integer",
        description: "How many counted lines are still waiting for a decision.",
      },
      recount: lineList("Lines sent back for a recount: uncounted again, flagged."),
    },
  },
  StockTakeAppliedLine: {
    $id: "StockTakeAppliedLine",
    type: "object",
    description: "An accepted line and the change it made (or would make, in a dry run).",
    required: [
      ...Object.keys(entityProperties),
      "expected_qty",
      "counted_qty",
      "difference",
      "previous_qty",
      "new_qty",
      "change",
      "clamped",
      "movement_id",
    ],
    properties: {
      ...entityProperties,
      expected_qty: { type: "number" },
      counted_qty: { type: "number" },
      difference: { type: "number" },
      previous_qty: { type: "number", description: "On hand before the reconcile." },
      new_qty: { type: "number", description: "previous_qty + difference, at least 0." },
      change: { type: "number" },
      clamped: {
        type: "boolean",
        description: "The difference would have taken on hand below zero; it was set to 0.",
      },
      movement_id: {
        type: ["integer", "null"],
        description: "The stock_take movement; null when unchanged or in a dry run.",
      },
    },
  },
  StockTakeReconcileResult: {
    $id: "StockTakeReconcileResult",
    type: "object",
    description:
      "The accepted lines with a difference and what each did to stock; how many accepted lines matched; how many lines were left alone (list those with GET /stock-takes/{id}/lines?state=).",
    required: [
      "id",
      "status",
      "reconciled_at",
      "dry_run",
      "applied",
      "applied_count",
      "unchanged",
      "skipped",
    ],
    properties: {
      id: integerId,
      status: $ref("StockTakeStatus"),
      reconciled_at: nullableTimestamp,
      dry_run: { type: "boolean" },
      applied: {
        type: "array",
        description:
          "Accepted lines whose count differs from their basis, in line order: the first 1000 (GET /stock-takes/{id}/lines?state=applied lists them all).",
        items: $ref("StockTakeAppliedLine"),
      },
      applied_count: {
        type: "integer",
        minimum: 0,
        description: "How many accepted lines had a difference.",
      },
      unchanged: {
        type: "integer",
        minimum: 0,
        description: "Accepted lines whose count matched: applied, nothing written.",
      },
      skipped: {
        type: "object",
        description: "How many lines were left as they are.",
        required: ["unaccepted", "uncounted", "linked"],
        properties: {
          unaccepted: {
            type: "integer",
            minimum: 0,
            description: "Counted but not accepted (lines in state counted).",
          },
          uncounted: {
            type: "integer",
            minimum: 0,
            description: "Never counted (lines in state uncounted).",
          },
          linked: {
            type: "integer",
            minimum: 0,
            description:
              "Supplier items linked to a SKU since the start (left in state accepted): their stock is the SKU's.",
          },
        },
      },
    },
  },

  StartStockTake,
  StockTakeEntityRef,
  StockTakeCountInput,
  StockTakeCounts,
  StockTakeCountsCsv: {
    $id: "StockTakeCountsCsv",
    examples: ["type,code,counted_qty\r\nsku,BOLT-M6,9\r\n"],
    type: "string",
    description:
      "text/csv (RFC 4180) with a header: type and counted_qty, exactly one of id, code or barcode, optional supplier, mode, counted_at and found_location. Rows are numbered from the header (row 1).",
  },
  AcceptStockTakeLines,
  ReconcileStockTake,
} as const;

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
    "type,id,supplier,code,name,expected_qty,counted_qty,state,location\r\nsku,1,,BOLT-M6,Bolt M6,10,9,counted,A-01-03\r\nsku,2,,BOLT-M8,Bolt M8,80,,uncounted,A-01-04\r\n",
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

/** What any stock take write can answer besides WRITE_PROBLEMS, once the stock take is found. */
const TAKE_WRITE_PROBLEMS = [
  ...WRITE_PROBLEMS,
  "STOCK_TAKE_NOT_FOUND",
  "STOCK_TAKE_CLOSED",
] as const;
/** What naming lines (counts, reviews) can answer besides. */
const LINE_PROBLEMS = [
  "NOT_IN_STOCK_TAKE",
  "DUPLICATE_LINE",
  "TOO_MANY_LINES",
  "INVALID_BARCODE",
] as const;
const TAG = ["stock takes"];

/** POST /stock-takes/{id}/input's query: who counted, for a CSV body. */
export const CounterQuery = Type.Object(
  {
    counter: Type.Optional(
      Type.String(
        serviceRules(
          {
            maxLength: TEXT_LIMITS.counter,
            description: "Who counted, for a CSV body (JSON bodies carry it as counter).",
          },
          { pattern: NO_CONTROL_PATTERN },
        ),
      ),
    ),
  },
  { additionalProperties: false },
);
export type CounterQuery = Static<typeof CounterQuery>;

export const startStockTake = {
  operationId: "startStockTake",
  tags: TAG,
  summary: "Start a stock take: freeze the expected quantities of its scope",
  description:
    "Answers the stock take with its first 1000 lines (lines_next_cursor pages the rest through GET /stock-takes/{id}/lines), without expected_qty for a token without read or approve. An entity may be in one open or counting stock take at a time (409 STOCK_TAKE_OVERLAP).",
  headers: idempotencyHeaders,
  body: refOf(StartStockTake),
  response: {
    201: ok(
      "StockTakeWithLines",
      "The stock take, open, with its first lines",
      stockTakeExamples.started,
      replayHeaders,
    ),
    ...problemResponses(
      ...WRITE_PROBLEMS,
      "SKU_NOT_FOUND",
      "SUPPLIER_ITEM_NOT_FOUND",
      "LINKED_SUPPLIER_ITEM",
      "DUPLICATE_LINE",
      "TOO_MANY_LINES",
      "STOCK_TAKE_OVERLAP",
    ),
  },
};

export const listStockTakes = {
  operationId: "listStockTakes",
  tags: TAG,
  summary: "List stock takes, newest first",
  description:
    "The account's stock takes without their lines, newest first; status keeps those of one status. Page on with next_cursor. Needs the read or count scope.",
  querystring: Type.Object(
    {
      ...pageQuery.properties,
      status: Type.Optional(
        Type.String(
          serviceRules(
            { maxLength: 16, description: "open, counting, reconciled or cancelled" },
            { enum: STOCK_TAKE_STATUSES },
          ),
        ),
      ),
    },
    { additionalProperties: false },
  ),
  response: {
    200: ok("StockTakePage", "One page of stock takes", stockTakeExamples.page),
    ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR"),
  },
};

export const getStockTake = {
  operationId: "getStockTake",
  tags: TAG,
  summary: "A stock take with a summary of its lines",
  description:
    "The stock take and where it stands: how many lines are uncounted, counted, accepted and applied, how many moved since the freeze or wait for a recount, the difference totals (absent for a counter in a blind stock take), and the same by area (summary.locations). The lines themselves: GET /stock-takes/{id}/lines. Needs the read or count scope: a token with count alone (a counting device) is shown no quantity of stock (no expected_qty, difference or difference totals, blind or not).",
  params: idParams,
  querystring: Type.Object({
    area_depth: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_AREA_DEPTH,
        description: `How many segments of a location name its area in summary.locations (default ${AREA_DEPTH_DEFAULT}: A-01-03 is in A-01).`,
      }),
    ),
  }),
  response: {
    200: ok("StockTakeWithSummary", "The stock take", stockTakeExamples.withSummary),
    ...problemResponses(...READ_PROBLEMS, "STOCK_TAKE_NOT_FOUND"),
  },
};

export const listStockTakeLines = {
  operationId: "listStockTakeLines",
  tags: TAG,
  summary: "A stock take's lines; with Accept: text/csv, the whole count sheet",
  description:
    "Lines are named by their entity (type, id, code, name). In a blind stock take, a token without approve sees no expected_qty or difference. With Accept: text/csv the answer is the count sheet of every line the filters keep (state, moved, location, misplaced, code), unpaged. Needs the read or count scope: a token with count alone (a counting device) is shown no quantity of stock (no expected_qty, difference or difference totals, blind or not).",
  params: idParams,
  querystring: Type.Object(
    {
      ...pageQuery.properties,
      state: Type.Optional(
        Type.String(
          serviceRules(
            { maxLength: 16, description: "uncounted, counted, accepted or applied" },
            { enum: LINE_STATES },
          ),
        ),
      ),
      moved: Type.Optional(
        Type.Boolean({ description: "Only lines (not) moved since the freeze." }),
      ),
      location: Type.Optional(
        Type.String({
          maxLength: MAX_LOCATION_LENGTH,
          ...serviceRules({}, { pattern: NUL_FREE_PATTERN }),
          description:
            "Only lines whose location at the freeze starts with this, regardless of case (one area of the count). Lines are in walking order: by location, then code.",
        }),
      ),
      misplaced: Type.Optional(
        Type.Boolean({
          description: "Only lines found away from their location (true), or not (false).",
        }),
      ),
      code: Type.Optional(
        Type.String({
          maxLength: TEXT_LIMITS.code,
          ...serviceRules({}, { pattern: NUL_FREE_PATTERN }),
          description:
            "Only the line of what a scanner read: the SKU with this code (regardless of case), or the SKU or supplier item with this barcode (any spelling of a GTIN). An empty page: not in this stock take.",
        }),
      ),
      order: Type.Optional(
        Type.Unsafe<LineOrderValue>({
          type: "string",
          enum: [...LINE_ORDERS],
          description:
            "walk (default): walking order. difference: the counted lines, largest absolute difference first (then walking order), for review; needs a token that may see expected quantities (403 FORBIDDEN for a counter on a blind stock take), and is priced as the stock take's summary (a unit per started 500 lines). Not for the CSV count sheet.",
        }),
      ),
    },
    { additionalProperties: false },
  ),
  response: {
    200: orCsv(
      ok("StockTakeLinePage", "One page of lines", stockTakeExamples.linePage),
      "StockTakeSheet",
      stockTakeExamples.sheet,
    ),
    ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR", "STOCK_TAKE_NOT_FOUND"),
  },
};

export const submitStockTakeCounts = {
  operationId: "submitStockTakeCounts",
  tags: TAG,
  summary: "Record counts (JSON, or a text/csv file)",
  description:
    "mode set replaces a line's count, add adds to it; every count is kept in the count log. Answers the lines counted, after: the first 1000 in line order, with lines_count (GET /stock-takes/{id}/lines?state=counted lists them all). A CSV body has the header type,id,counted_qty or type,code,counted_qty (optional columns supplier, mode, counted_at, found_location); a bad row is named by its row number (the header is row 1). Anything wrong refuses the whole request.",
  params: idParams,
  headers: idempotencyHeaders,
  querystring: CounterQuery,
  body: {
    content: {
      "application/json": { schema: ref("StockTakeCounts") },
      "text/csv": { schema: ref("StockTakeCountsCsv") },
    },
  },
  response: {
    200: ok(
      "StockTakeCountsResult",
      "The lines counted, after these counts",
      stockTakeExamples.counts,
      replayHeaders,
    ),
    ...problemResponses(...TAKE_WRITE_PROBLEMS, ...LINE_PROBLEMS, "INVALID_QUANTITY"),
  },
};

export const acceptStockTakeLines = {
  operationId: "acceptStockTakeLines",
  tags: TAG,
  summary: "Accept counted lines, or send lines back for a recount",
  description:
    "Answers the lines accepted and those still needing review, each with expected_qty, counted_qty and difference: the first 1000 of each in line order, with how many there are (GET /stock-takes/{id}/lines?state= lists them all).",
  params: idParams,
  headers: idempotencyHeaders,
  body: refOf(AcceptStockTakeLines),
  response: {
    200: ok(
      "StockTakeAcceptResult",
      "What the review did",
      stockTakeExamples.accept,
      replayHeaders,
    ),
    ...problemResponses(...TAKE_WRITE_PROBLEMS, ...LINE_PROBLEMS),
  },
};

export const reconcileStockTake = {
  operationId: "reconcileStockTake",
  tags: TAG,
  summary: "Apply the accepted differences as stock_take movements",
  description:
    "new on_hand = current on_hand + difference (0 if that would be negative: clamped). Unaccepted and uncounted lines are reported and left alone. Calling it again answers the same and writes nothing; dry_run writes nothing.",
  params: idParams,
  headers: idempotencyHeaders,
  body: refOf(ReconcileStockTake),
  response: {
    200: ok(
      "StockTakeReconcileResult",
      "The lines applied and those left alone",
      stockTakeExamples.reconcile,
      replayHeaders,
    ),
    ...problemResponses(...TAKE_WRITE_PROBLEMS),
  },
};

export const cancelStockTake = {
  operationId: "cancelStockTake",
  tags: TAG,
  summary: "Cancel an open or counting stock take",
  description:
    "Needs the approve scope, or count for a stock take the same token started (another's is 403 FORBIDDEN). Nothing is applied, the lines stay readable, and its entities may be counted in another stock take. A reconciled or cancelled stock take is 409 STOCK_TAKE_CLOSED.",
  params: idParams,
  headers: idempotencyHeaders,
  response: {
    200: ok("StockTake", "The stock take, cancelled", stockTakeExamples.cancelled, replayHeaders),
    ...problemResponses(...TAKE_WRITE_PROBLEMS),
  },
};

export const listStockTakeCounts = {
  operationId: "listStockTakeCounts",
  tags: TAG,
  summary: "The count log: every count submitted, oldest first",
  description:
    "Every count as it was submitted (append-only): the entity, set or add, the quantity sent, the line's count after it, who counted, when it was counted and when it was received. Page on with next_cursor.",
  params: idParams,
  querystring: pageQuery,
  response: {
    200: ok("StockTakeCountPage", "One page of the count log", stockTakeExamples.countPage),
    ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR", "STOCK_TAKE_NOT_FOUND"),
  },
};
