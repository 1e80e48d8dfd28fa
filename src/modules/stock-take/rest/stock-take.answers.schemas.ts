// What stock take operations answer: the named answer schemas (registered through
// stockTakeSchemas, stock-take.schemas.ts) and the statuses they show. Response schemas drive
// serialisation: a field the handlers return must be listed here. A counter's lines and summary
// leave out expected_qty and difference (and the difference totals) in a blind stock take, and a
// token without read (or approve) never sees them: those are never `required`.
import {
  $ref,
  enumSchema,
  integerId,
  nullable,
  page,
  timestamp,
} from "../../../http/openapi-primitives.js";
import { AREA_DEPTH_DEFAULT, AREA_RULE, MAX_AREAS } from "../stock-take.areas.js";
import { COUNTER_RULE, MAX_COUNTERS } from "../stock-take.counters.js";
import { BASES, MODES } from "../stock-take.parse.js";

/** A stock take's statuses and a line's states, as answers show them and lists filter by them. */
export const STOCK_TAKE_STATUSES = ["open", "counting", "reconciled", "cancelled"];
export const LINE_STATES = ["uncounted", "counted", "accepted", "applied"];

const nullableTimestamp = { ...nullable("string"), format: "date-time" } as const;
const nullableString = nullable("string");

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
  site_id: { ...integerId, description: "The site it counts." },
  started_by: $ref("Actor"),
  reconciled_at: nullableTimestamp,
  cancelled_at: nullableTimestamp,
  created_at: timestamp,
} as const;
const stockTakeRequired = Object.keys(stockTakeProperties);

/** A stock take's automatic acceptance as answers show it (never required: see its description). */
const autoAccept = {
  type: ["object", "null"],
  required: ["abs", "pct", "max_value", "max_value_pct"],
  description:
    "The tolerance counts are accepted within as they arrive (null: off; each pair the looser of the two, money beside the units, as accept-lines' tolerance). Absent for a caller that does not see expected quantities; max_value and max_value_pct are null for one without the costs scope.",
  properties: {
    abs: { type: "number", minimum: 0, description: "Absolute difference." },
    pct: { type: "number", minimum: 0, maximum: 100, description: "Percent of expected." },
    max_value: { type: ["number", "null"], minimum: 0, description: "difference_value, absolute." },
    max_value_pct: {
      type: ["number", "null"],
      minimum: 0,
      maximum: 100,
      description: "difference_value as a percent of the expected value.",
    },
  },
} as const;

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

/** Counted lines' differences valued (StockTakeSummary.values, and each area's). */
const valueTotals = {
  type: "object",
  required: ["gains", "losses", "net", "absolute", "valued_lines"],
  description:
    "The counted lines' differences valued, as exact decimal strings with the currency's minor digits: each line's value (difference × its unit cost at the freeze, rounded half away from zero) added up, so the totals are the sums of the lines' difference_value exactly. Lines without a cost are in none. Absent while the account has no currency.",
  properties: {
    gains: { type: "string", description: "The lines' values above 0, added up." },
    losses: { type: "string", description: "The lines' values below 0, added up (0 or less)." },
    net: { type: "string", description: "gains + losses." },
    absolute: { type: "string", description: "gains − losses: every difference's size together." },
    valued_lines: { type: "integer", description: "Counted lines with a cost." },
  },
} as const;

/** The named schemas of what stock take operations answer, in the order the document lists them. */
export const stockTakeAnswerSchemas = {
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
    properties: { ...stockTakeProperties, auto_accept: autoAccept },
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
      auto_accepted: {
        type: "integer",
        description:
          "Of the accepted and applied lines, those accepted automatically as they were counted. Absent for a caller that does not see expected quantities: to it such lines are counted (in counted, not accepted), so a blind count never tells a counter which counts matched.",
      },
      applied: { type: "integer" },
      counted_share: {
        type: "number",
        description: "Share of lines with a count (counted, accepted or applied), 0 to 1.",
      },
      moved_since_freeze: { type: "integer", description: "Lines whose stock moved since." },
      recount_requested: { type: "integer" },
      sum_abs_difference: { type: "number", description: "Sum of |counted − expected|." },
      net_difference: { type: "number", description: "Sum of counted − expected." },
      values: {
        ...valueTotals,
        description: `${valueTotals.description} Present only for a token with the costs scope that sees the differences.`,
      },
      counters: {
        type: "array",
        maxItems: MAX_COUNTERS,
        description: `Progress by counter, with ?by_counter=true only. ${COUNTER_RULE}`,
        items: {
          type: "object",
          required: ["counter", "lines", "last_counted_at"],
          properties: {
            counter: {
              type: "string",
              description: "The counter a count names (the input's counter), or its token's name.",
            },
            lines: {
              type: "integer",
              minimum: 1,
              description: "Counted lines whose last count is this counter's.",
            },
            last_counted_at: {
              type: "string",
              format: "date-time",
              description: "When the last of those counts was made.",
            },
          },
        },
      },
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
            values: {
              ...valueTotals,
              description: `The area's. ${valueTotals.description} Present only as the summary's.`,
            },
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
    properties: {
      ...stockTakeProperties,
      auto_accept: autoAccept,
      summary: $ref("StockTakeSummary"),
    },
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
      auto_accepted: {
        type: "boolean",
        description:
          "Accepted by the stock take's auto_accept as it was counted, not by a reviewer (a reviewer who lists it in accept-lines makes it theirs: false). Present only with difference; to a caller that does not see it such a line's state is counted.",
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
      unit_cost: {
        type: ["number", "null"],
        minimum: 0,
        description:
          "Its entity's unit cost at the freeze (null: none), which its difference is valued at. Present only with difference, for a token with the costs scope.",
      },
      difference_value: {
        type: ["string", "null"],
        pattern: "^-?[0-9]+(\\.[0-9]{1,4})?$",
        description:
          "difference × unit_cost, rounded half away from zero to the currency's minor units, as an exact decimal string (null: uncounted, or no cost). Present only with difference, for a token with the costs scope.",
      },
      site_id: {
        type: "integer",
        minimum: 1,
        description:
          "The site whose stock the line counts: its stock take's. Left out of an answer stored by an idempotency key before lines named their site.",
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
      auto_accept: autoAccept,
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
      "The count sheet, text/csv (RFC 4180): type,id,supplier,code,name,expected_qty,counted_qty,state,location,site (the code of the site counted, on every row); without expected_qty for a counter in a blind stock take.",
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
  StockTakeStartPreview: {
    $id: "StockTakeStartPreview",
    type: "object",
    description:
      "What a start would freeze (POST /stock-takes/start with dry_run: true); nothing was written.",
    required: ["dry_run", "site_id", "lines", "areas"],
    properties: {
      dry_run: { type: "boolean", enum: [true] },
      site_id: { ...integerId, description: "The site whose stock it would count." },
      lines: { type: "integer", minimum: 1, description: "How many lines it would freeze." },
      areas: {
        type: "array",
        maxItems: MAX_AREAS,
        description: `Its lines by area, at depth ${AREA_DEPTH_DEFAULT}. ${AREA_RULE}`,
        items: {
          type: "object",
          required: ["prefix", "lines"],
          properties: {
            prefix: {
              type: ["string", "null"],
              description:
                "The area (as its first line spells it); null: lines without a location.",
            },
            lines: { type: "integer", minimum: 1 },
          },
        },
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
} as const;
