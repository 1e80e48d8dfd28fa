// The REST contract of reviewing a stock take: accepting counted lines or sending them back
// (POST /stock-takes/{id}/accept-lines, operation acceptStockTakeLines), reconciling
// (POST /stock-takes/{id}/reconcile, reconcileStockTake) and cancelling
// (POST /stock-takes/{id}/cancel, cancelStockTake).
import { Type, type Static } from "typebox";
import { $ref, refOf } from "../../../http/openapi-primitives.js";
import { ok, problemResponses, replayHeaders } from "../../../http/openapi-responses.js";
import { idempotencyHeaders, idParams } from "../../../http/validation.js";
import { MAX_REFS } from "../../../limits.js";
import {
  LINE_PROBLEMS,
  stockTakeExamples,
  TAG,
  TAKE_WRITE_PROBLEMS,
  toleranceSchema,
  type StockTakeEntityRef,
} from "./stock-take.shared.schemas.js";

const refList = (description: string) =>
  Type.Array(Type.Unsafe<StockTakeEntityRef>($ref("StockTakeEntityRef")), {
    maxItems: MAX_REFS,
    "x-error-codes": { maxItems: "TOO_MANY_LINES" },
    description: `${description} At most ${MAX_REFS} (more: 422 TOO_MANY_LINES).`,
  });

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
    tolerance: Type.Optional(toleranceSchema("What a safe accept accepts within.")),
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

/** The schemas of POST /stock-takes/{id}/accept-lines. */
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
    ...problemResponses(...TAKE_WRITE_PROBLEMS, ...LINE_PROBLEMS, "CURRENCY_NOT_SET"),
  },
};

/** The schemas of POST /stock-takes/{id}/reconcile. */
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

/** The schemas of POST /stock-takes/{id}/cancel. */
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
