// The REST contract of cycle counts: what is due (GET /stock-takes/due) and classifying SKUs
// (POST /skus/classify), declared once with TypeBox; the handlers take their types from them.
import { Type, type Static } from "typebox";
import { $ref, enumSchema, integerId, nullable, refOf } from "../../http/openapi-primitives.js";
import {
  BODY_PROBLEMS,
  ok,
  problemResponses,
  READ_PROBLEMS,
  replayHeaders,
  WRITE_PROBLEMS,
} from "../../http/openapi-responses.js";
import { idempotencyHeaders, idParams } from "../../http/validation.js";
import {
  DEFAULT_CLASSIFY_DAYS,
  DEFAULT_DUE_LIMIT,
  DEFAULT_SHARES,
  MAX_CLASSIFY_DAYS,
  MAX_CYCLE_DAYS,
  MAX_DUE_LIMIT,
} from "./cycle-count.service.js";

const TAG = ["cycle counts"];
const nullableTimestamp = { ...nullable("string"), format: "date-time" } as const;

const dueExample = {
  sku_id: 42,
  code: "BOLT-M8",
  name: "Bolt M8",
  location: "A-01-03",
  count_class: "A",
  last_counted_at: "2026-10-01T08:30:00.000Z",
  due_at: "2026-10-31T08:30:00.000Z",
  days_overdue: 27,
};

const classificationExample = {
  site_id: 1,
  window_days: 90,
  share_a: 80,
  share_b: 15,
  dry_run: true,
  classes: [
    { count_class: "A", skus: 120, changed: 120 },
    { count_class: "B", skus: 310, changed: 310 },
    { count_class: "C", skus: 2570, changed: 2570 },
  ],
};

/** POST /skus/classify's body. */
export const ClassifySkus = Type.Object(
  {
    window_days: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_CLASSIFY_DAYS,
        description: `Days of movement to weigh, counting back from now; ${DEFAULT_CLASSIFY_DAYS} when absent.`,
      }),
    ),
    share_a: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100,
        description: `Percent of the volume moved that class A makes up; ${DEFAULT_SHARES.a} when absent.`,
      }),
    ),
    share_b: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 100,
        description: `Percent of the volume that class B makes up after A (share_a + share_b at most 100; C is the rest); ${DEFAULT_SHARES.b} when absent.`,
      }),
    ),
    dry_run: Type.Optional(
      Type.Boolean({ description: "Answer what the classification would do; write nothing." }),
    ),
    site_id: Type.Optional({
      ...integerId,
      description:
        "The site whose movements are weighed and whose classes are set (SITE_NOT_FOUND if the account has none by this id); the default site when absent.",
    }),
  },
  {
    $id: "ClassifySkus",
    examples: [{ window_days: 90, dry_run: true }],
    additionalProperties: false,
  },
);
export type ClassifySkus = Static<typeof ClassifySkus>;

/** PUT /skus/{id}/cycle-count's body. */
export const SetCountClass = Type.Object(
  {
    count_class: Type.Unsafe<"A" | "B" | "C" | null>({
      type: ["string", "null"],
      enum: ["A", "B", "C", null],
      description: "The class to give the SKU; null for none (it is then never due).",
    }),
    site_id: Type.Optional({
      ...integerId,
      description:
        "The site whose cycle this is: its id (SITE_NOT_FOUND if the account has none by this id); the default site when absent.",
    }),
  },
  { $id: "SetCountClass", examples: [{ count_class: "A" }], additionalProperties: false },
);
export type SetCountClass = Static<typeof SetCountClass>;

const intervalDays = (name: string, days: number) =>
  Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_CYCLE_DAYS,
      description: `Days between counts of a class ${name} SKU (1 to ${MAX_CYCLE_DAYS}); ${days} unless changed.`,
    }),
  );

/** PATCH /cycle-counts/settings's body: the intervals to change. */
export const UpdateCycleCountSettings = Type.Object(
  {
    interval_days_a: intervalDays("A", 30),
    interval_days_b: intervalDays("B", 90),
    interval_days_c: intervalDays("C", 365),
  },
  {
    $id: "UpdateCycleCountSettings",
    examples: [{ interval_days_a: 14 }],
    additionalProperties: false,
  },
);
export type UpdateCycleCountSettings = Static<typeof UpdateCycleCountSettings>;

const skuCycleCountExample = {
  sku_id: 42,
  site_id: 1,
  count_class: "A",
  last_counted_at: "2026-10-01T08:30:00.000Z",
  due_at: "2026-10-31T08:30:00.000Z",
  days_overdue: 27,
};
const settingsExample = { interval_days_a: 30, interval_days_b: 90, interval_days_c: 365 };

export const cycleCountSchemas = {
  CountClass: enumSchema(
    "CountClass",
    "How often a SKU is counted: each class has its interval in days on the account (by default A 30, B 90, C 365).",
    ["A", "B", "C"],
  ),
  DueSku: {
    $id: "DueSku",
    type: "object",
    description: "An active SKU due for a count.",
    required: [
      "sku_id",
      "code",
      "name",
      "location",
      "count_class",
      "last_counted_at",
      "due_at",
      "days_overdue",
    ],
    properties: {
      sku_id: integerId,
      code: { type: "string" },
      name: { type: "string" },
      location: { ...nullable("string"), description: "Where its stock is kept." },
      count_class: $ref("CountClass"),
      last_counted_at: {
        ...nullableTimestamp,
        description:
          "When a reconcile last applied or confirmed a count of it; null: never since it has had a class.",
      },
      due_at: {
        ...nullableTimestamp,
        description: "When its class's interval ran out; null when it was never counted.",
      },
      days_overdue: {
        ...nullable("integer"),
        description: "Whole days since due_at; null when it was never counted.",
      },
    },
  },
  DueSkuList: {
    $id: "DueSkuList",
    type: "object",
    description: "SKUs due for a count, never counted first, then the longest overdue.",
    required: ["data"],
    properties: { data: { type: "array", items: $ref("DueSku") } },
  },
  SetCountClass,
  UpdateCycleCountSettings,
  SkuCycleCount: {
    $id: "SkuCycleCount",
    type: "object",
    description:
      "A SKU's place in a site's cycle: its class there, its last count there and when it falls due.",
    required: ["sku_id", "site_id", "count_class", "last_counted_at", "due_at", "days_overdue"],
    properties: {
      sku_id: integerId,
      site_id: { ...integerId, description: "The site whose cycle this is." },
      count_class: {
        type: ["string", "null"],
        enum: ["A", "B", "C", null],
        description: "Its count class; null: none, so it is never due.",
      },
      last_counted_at: {
        ...nullableTimestamp,
        description: "When a reconcile last applied or confirmed a count of it; null: never.",
      },
      due_at: {
        ...nullableTimestamp,
        description: "When its class's interval runs out; null without a class or a count.",
      },
      days_overdue: {
        ...nullable("integer"),
        description: "Whole days since due_at (negative: days until it); null with due_at.",
      },
    },
  },
  CycleCountSettings: {
    $id: "CycleCountSettings",
    type: "object",
    description: "The account's days between counts of each class.",
    required: ["interval_days_a", "interval_days_b", "interval_days_c"],
    properties: {
      interval_days_a: { type: "integer", description: "Days between counts of class A." },
      interval_days_b: { type: "integer", description: "Days between counts of class B." },
      interval_days_c: { type: "integer", description: "Days between counts of class C." },
    },
  },
  ClassifySkus,
  Classification: {
    $id: "Classification",
    type: "object",
    description:
      "The classes given at a site, or that a dry run would give, to the account's active SKUs.",
    required: ["site_id", "window_days", "share_a", "share_b", "dry_run", "classes"],
    properties: {
      site_id: { ...integerId, description: "The site whose movements were weighed." },
      window_days: { type: "integer", description: "The days of movement weighed." },
      share_a: { type: "integer", description: "Percent of the volume in class A." },
      share_b: { type: "integer", description: "Percent of the volume in class B." },
      dry_run: { type: "boolean", description: "Whether nothing was written." },
      classes: {
        type: "array",
        description: "A, B and C in that order.",
        items: {
          type: "object",
          required: ["count_class", "skus", "changed"],
          properties: {
            count_class: $ref("CountClass"),
            skus: { type: "integer", description: "Active SKUs in the class." },
            changed: {
              type: "integer",
              description: "Of those, how many had another class, or none, before.",
            },
          },
        },
      },
    },
  },
} as const;

/** GET /stock-takes/due. */
export const listDueForCount = {
  operationId: "listDueForCount",
  tags: TAG,
  summary: "SKUs due for a cycle count",
  description: `Needs the read scope. The account's active SKUs whose class's interval has run out since a reconcile last counted them: those never counted first, then by the day they fell due, oldest first. Each site has a cycle of its own (classes from its own movements, counts of its own stock takes): site_id names one, the default site when absent (SITE_NOT_FOUND if the account has none by this id). A SKU without a class there (see POST /skus/classify) is never due. At most limit (${DEFAULT_DUE_LIMIT} when absent, up to ${MAX_DUE_LIMIT}); priced by the rows answered, as lists are.`,
  querystring: Type.Object(
    {
      limit: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: MAX_DUE_LIMIT,
          description: `How many to answer; ${DEFAULT_DUE_LIMIT} when absent.`,
        }),
      ),
      site_id: Type.Optional({ ...integerId, description: "The site whose cycle to read." }),
    },
    { additionalProperties: false },
  ),
  response: {
    200: ok("DueSkuList", "The SKUs due, most overdue first", { data: [dueExample] }),
    ...problemResponses(...READ_PROBLEMS, "SITE_NOT_FOUND"),
  },
};

/** POST /skus/classify. */
export const classifySkus = {
  operationId: "classifySkus",
  tags: TAG,
  summary: "Give SKUs count classes by how much they move (ABC)",
  description:
    "Needs the adjust scope; costs a rate-limit unit per started 500 active SKUs, at least 100 (counted before it runs: 429 then, nothing written). Weighs each active SKU by the absolute quantity its movements at the site (site_id; the default site when absent) moved over the window; largest first, the SKUs making up the first share_a percent of all of it are A, the next share_b percent B, the rest C (all C when nothing moved). Writes no movement. dry_run answers the same and writes nothing.",
  headers: idempotencyHeaders,
  body: refOf(ClassifySkus),
  response: {
    200: ok("Classification", "The classes by count", classificationExample, replayHeaders),
    ...problemResponses(...WRITE_PROBLEMS, "SITE_NOT_FOUND"),
  },
};

/** GET /skus/{id}/cycle-count. */
export const getSkuCycleCount = {
  operationId: "getSkuCycleCount",
  tags: TAG,
  summary: "A SKU's count class, last count and due date",
  description:
    "Needs the read scope. At the site site_id names (SITE_NOT_FOUND if the account has none by this id), the default site when absent.",
  params: idParams,
  querystring: Type.Object(
    { site_id: Type.Optional({ ...integerId, description: "The site whose cycle to read." }) },
    { additionalProperties: false },
  ),
  response: {
    200: ok("SkuCycleCount", "The SKU's cycle count", skuCycleCountExample),
    ...problemResponses(...READ_PROBLEMS, "SKU_NOT_FOUND", "SITE_NOT_FOUND"),
  },
};

/** PUT /skus/{id}/cycle-count. */
export const setSkuCountClass = {
  operationId: "setSkuCountClass",
  tags: TAG,
  summary: "Set a SKU's count class by hand",
  description:
    "Needs the adjust scope. Gives the SKU this class at the site (site_id; the default site when absent) (null: none, never due there) until the next classification of the site (POST /skus/classify) sets it again; when it was last counted is kept. Writes no movement; setting the same class again changes nothing but its classified time.",
  params: idParams,
  body: refOf(SetCountClass),
  response: {
    200: ok("SkuCycleCount", "The SKU's cycle count after the change", skuCycleCountExample),
    ...problemResponses(...READ_PROBLEMS, ...BODY_PROBLEMS, "SKU_NOT_FOUND", "SITE_NOT_FOUND"),
  },
};

/** GET /cycle-counts/settings. */
export const getCycleCountSettings = {
  operationId: "getCycleCountSettings",
  tags: TAG,
  summary: "The account's count intervals per class",
  description: "Needs the read scope.",
  response: {
    200: ok("CycleCountSettings", "The intervals", settingsExample),
    ...problemResponses(...READ_PROBLEMS),
  },
};

/** PATCH /cycle-counts/settings. */
export const updateCycleCountSettings = {
  operationId: "updateCycleCountSettings",
  tags: TAG,
  summary: "Change the account's count intervals per class",
  description:
    "Needs the adjust scope, held by a token of every site (a token limited to sites is 403 FORBIDDEN: the intervals are the account's). Changes the intervals given (1 to 3650 days each) and keeps the others; what is due follows at once (GET /stock-takes/due), nothing is recomputed.",
  body: refOf(UpdateCycleCountSettings),
  response: {
    200: ok("CycleCountSettings", "The intervals after the change", settingsExample),
    ...problemResponses(...READ_PROBLEMS, ...BODY_PROBLEMS),
  },
};
