import { registerEnumType } from "type-graphql";

// Domain enums as GraphQL enums: SCREAMING_CASE names (GraphQL convention) whose values are the
// lower-case strings the database and the REST API use.

export const StockEntityType = { SKU: "sku", SUPPLIER_ITEM: "supplier_item" } as const;
registerEnumType(StockEntityType, {
  name: "StockEntityType",
  description: "What a line or movement is about.",
});

export const StockReason = {
  MANUAL: "manual",
  ERROR: "error",
  CORRECTION: "correction",
  DAMAGED: "damaged",
  LOST: "lost",
  FOUND: "found",
  THEFT: "theft",
  EXPIRED: "expired",
  RETURNED: "returned",
  RECEIVED: "received",
  STOCK_TAKE: "stock_take",
  OPENING_BALANCE: "opening_balance",
} as const;
registerEnumType(StockReason, { name: "StockReason", description: "Why a quantity changed." });

/** The reasons a client may give; stock_take and opening_balance are the system's own. */
export const AdjustmentReason = {
  MANUAL: "manual",
  ERROR: "error",
  CORRECTION: "correction",
  DAMAGED: "damaged",
  LOST: "lost",
  FOUND: "found",
  THEFT: "theft",
  EXPIRED: "expired",
  RETURNED: "returned",
  RECEIVED: "received",
} as const;
registerEnumType(AdjustmentReason, {
  name: "AdjustmentReason",
  description: "Reasons for an adjustment. MANUAL and ERROR require a note.",
});

export const MovementSource = {
  ADJUSTMENT: "adjustment",
  STOCK_TAKE: "stock_take",
  OPENING_BALANCE: "opening_balance",
} as const;
registerEnumType(MovementSource, { name: "MovementSource", description: "What wrote a movement." });

export const AdjustmentLineStatus = { CHANGED: "changed", UNCHANGED: "unchanged" } as const;
registerEnumType(AdjustmentLineStatus, {
  name: "AdjustmentLineStatus",
  description: "UNCHANGED: the new quantity equalled the current one; no movement was written.",
});

export const StockTakeStatus = {
  OPEN: "open",
  COUNTING: "counting",
  RECONCILED: "reconciled",
  CANCELLED: "cancelled",
} as const;
registerEnumType(StockTakeStatus, { name: "StockTakeStatus" });

export const SortOrder = { ASC: "asc", DESC: "desc" } as const;
registerEnumType(SortOrder, { name: "SortOrder", description: "DESC: newest first." });
