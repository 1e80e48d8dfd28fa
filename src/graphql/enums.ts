import { registerEnumType } from "type-graphql";
import type * as db from "../generated/prisma/enums.js";
import type { Scope } from "../auth/principal.js";
import type { AdjustmentReasonValue } from "../reasons.js";
import type { LineOrderValue } from "../modules/stock-take/index.js";

// The database's enums as GraphQL enums: SCREAMING_CASE names (GraphQL convention) whose values
// are the lower-case strings the database and the REST API use. Each value is described; keying
// the descriptions by the database's values makes a new database value a compile error here.

type Upper<T extends string> = { [K in T as Uppercase<K>]: K };

function graphqlEnum<T extends string>(
  name: string,
  description: string,
  values: Record<T, string>,
): Upper<T> {
  const entries = Object.entries<string>(values);
  const members = Object.fromEntries(entries.map(([v]) => [v.toUpperCase(), v])) as Upper<T>;
  const valuesConfig = Object.fromEntries(
    entries.map(([v, text]) => [v.toUpperCase(), { description: text }]),
  ) as Partial<Record<keyof Upper<T>, { description: string }>>;
  registerEnumType(members, { name, description, valuesConfig });
  return members;
}

export const StockEntityType = graphqlEnum<db.EntityType>(
  "StockEntityType",
  "What a line or movement is about. REST spells the values in lower case (sku, supplier_item).",
  {
    sku: "A SKU.",
    supplier_item: "A supplier item (only an unlinked one holds stock of its own).",
  },
);

const adjustmentReasons: Record<AdjustmentReasonValue, string> = {
  manual: "A manual correction; needs a note.",
  error: "Fixes an earlier mistake; needs a note.",
  correction: "A correction, for example after a recount.",
  damaged: "Goods damaged.",
  lost: "Goods lost.",
  found: "Goods found.",
  theft: "Goods stolen.",
  expired: "Goods past their date.",
  returned: "Goods returned.",
  received: "Goods received.",
};

export const StockReason = graphqlEnum<db.StockReason>(
  "StockReason",
  "Why a quantity changed: an adjustment's reason, or one the service writes itself.",
  {
    ...adjustmentReasons,
    stock_take: "Written by reconciling a stock take; not accepted on adjustments.",
    opening_balance: "A new SKU's or supplier item's openingOnHand; not accepted on adjustments.",
    transfer:
      "A supplier item's own stock moved into the SKU it was linked to (linkSupplierItem with transfer); not accepted on adjustments.",
    transfer_out:
      "Taken out of a transfer's source site when it was dispatched; not accepted on adjustments.",
    transfer_in:
      "Put in at a transfer's destination when received, or back at its source when it was cancelled; not accepted on adjustments.",
    transfer_loss:
      "What a transfer closed short lost in transit, written off at its destination; not accepted on adjustments.",
  },
);

export const AdjustmentReason = graphqlEnum<AdjustmentReasonValue>(
  "AdjustmentReason",
  "Reasons a client may give for an adjustment; MANUAL and ERROR require a note.",
  adjustmentReasons,
);

export const MovementSource = graphqlEnum<db.MovementSource>(
  "MovementSource",
  "What wrote a movement.",
  {
    adjustment: "An adjustment (adjustSkuStock, adjustSupplierItemStock, bulkAdjustStock).",
    stock_take: "A stock take's reconciliation.",
    opening_balance: "The openingOnHand of a created SKU or supplier item.",
    transfer:
      "A transfer of stock: between two sites (transferId names it), or from a supplier item that held stock of its own into the SKU it was linked to.",
  },
);

export const TransferStatus = graphqlEnum<db.TransferStatus>(
  "TransferStatus",
  "Where a transfer between sites stands. REST spells the values in lower case.",
  {
    in_transit:
      "Dispatched: taken out of the source, not yet all received at the destination (some may be).",
    received:
      "Closed: everything sent was received, or what was not was written off as lost (close).",
    cancelled: "Cancelled before any receipt: the stock went back to the source.",
  },
);

export const AdjustmentLineStatus = graphqlEnum<db.AdjustmentLineStatus>(
  "AdjustmentLineStatus",
  "What an adjustment did to one line.",
  {
    changed: "The quantity changed; one movement was written.",
    unchanged: "The new quantity equalled the current one; no movement was written.",
  },
);

export const StockTakeStatus = graphqlEnum<db.StockTakeStatus>(
  "StockTakeStatus",
  "Where a stock take stands: OPEN → COUNTING → RECONCILED, or CANCELLED from OPEN or COUNTING.",
  {
    open: "Started, expected quantities frozen, nothing counted yet.",
    counting: "At least one count was submitted.",
    reconciled: "Accepted differences were applied; final.",
    cancelled: "Cancelled before reconciling; final, nothing applied.",
  },
);

export const SortOrder = graphqlEnum<"asc" | "desc">("SortOrder", "The order of a list.", {
  asc: "Oldest first (for sync consumers).",
  desc: "Newest first.",
});

export const StockTakeLineState = graphqlEnum<db.StockTakeLineState>(
  "StockTakeLineState",
  "UNCOUNTED → COUNTED → ACCEPTED (reviewed) → APPLIED (reconciled); a recount returns a line to UNCOUNTED.",
  {
    uncounted: "No count yet, or sent back for a recount.",
    counted: "Counted; waiting for review.",
    accepted: "Reviewed; reconcile will apply its difference. Counting it again makes it COUNTED.",
    applied: "Its difference was applied by reconcile.",
  },
);

export const StockTakeBasis = graphqlEnum<db.StockTakeBasis>(
  "StockTakeBasis",
  "What a stock take's counts are compared with.",
  {
    freeze:
      "The quantity at the freeze: right when goods do not move in the counted area during the count.",
    count_time:
      "The ledger's quantity at each count's countedAt, so a sale between freeze and count is neither lost nor counted twice.",
  },
);

export const CountMode = graphqlEnum<db.CountMode>(
  "CountMode",
  "How a count changes its line's count.",
  {
    set: "Replaces the line's count.",
    add: "Adds to the line's count (several counters on one item).",
  },
);

export const WebhookDeliveryStatus = graphqlEnum<db.WebhookDeliveryStatus>(
  "WebhookDeliveryStatus",
  "Where a webhook delivery stands: PENDING until the receiver accepts it (DELIVERED) or the service gives up (FAILED). redeliverWebhookDelivery makes any of them PENDING again.",
  {
    pending: "Not delivered yet: waiting for its turn, or for a retry after a failed attempt.",
    delivered: "The receiver answered 2xx.",
    failed: "Given up after 3 days of failures, or the receiver answered 410.",
  },
);

export const CountClass = graphqlEnum<db.CountClass>(
  "CountClass",
  "How often a SKU is counted: each class has its interval in days on the account (by default A 30, B 90, C 365).",
  {
    A: "Counted most often: the SKUs that move the most.",
    B: "Counted less often.",
    C: "Counted least often: the SKUs that move the least.",
  },
);

export const LineOrder = graphqlEnum<LineOrderValue>(
  "LineOrder",
  "The order a stock take's lines are listed in.",
  {
    walk: "Walking order: by location at the freeze, then code (the default).",
    difference:
      "For review: the counted lines only, largest absolute difference first (then in walking order). Needs a token that may see expected quantities (approve, on a blind stock take); priced as the stock take's summary, since every line is weighed.",
    value:
      "For review in money: the counted lines with a unit cost only, largest absolute differenceValue first (then in walking order). Needs what DIFFERENCE needs and the costs scope; priced the same.",
  },
);

export const TokenScope = graphqlEnum<Scope>(
  "TokenScope",
  "What an API token may do. REST spells the values in lower case (read, count…).",
  {
    read: "Read everything of the account: the catalog, stock, movements, stock takes, events.",
    adjust: "Adjust stock and edit the catalog.",
    count: "Start stock takes and submit counts.",
    approve:
      "Accept lines, reconcile and cancel stock takes, and see expected quantities in blind ones.",
    webhooks: "Register and manage webhook endpoints.",
    sites: "Create sites (stores, warehouses), rename them, choose the default, deactivate them.",
    costs:
      "See and set money: the account's currency, items' unit costs and their history, movements' values. A token without it sees no cost or value anywhere. The account's admin tokens hold it.",
    tokens:
      "Issue, list and revoke API tokens. Held only by the account's admin tokens (made by the command line); a token issued through the API never holds it.",
  },
);
