import { StockReason } from "./generated/prisma/enums.js";

/**
 * Reasons only the service writes: a stock take's reconciliation, a catalog opening balance, the
 * stock a supplier item brings into the SKU it is linked to, and a transfer's between sites.
 */
export const SYSTEM_REASONS = [
  StockReason.stock_take,
  StockReason.opening_balance,
  StockReason.transfer,
  StockReason.transfer_out,
  StockReason.transfer_in,
  StockReason.transfer_loss,
] as const;

/** The reasons a client may give for an adjustment. */
export const ADJUSTMENT_REASONS = Object.values(StockReason).filter(
  (r): r is Exclude<StockReason, (typeof SYSTEM_REASONS)[number]> =>
    !(SYSTEM_REASONS as readonly string[]).includes(r),
);
export type AdjustmentReasonValue = (typeof ADJUSTMENT_REASONS)[number];

/** Reasons whose adjustments need a non-blank note to explain them. */
export const NOTE_REQUIRED_REASONS: ReadonlySet<string> = new Set([
  StockReason.manual,
  StockReason.error,
]);

/**
 * Reasons that record a difference between the records and the shelf (a count's, a loss, a find,
 * a correction), not a flow of goods in or out (a receipt, a return, an opening balance, a
 * transfer's dispatch or receipt): what a variance report sums.
 */
export const VARIANCE_REASONS: readonly StockReason[] = [
  StockReason.stock_take,
  StockReason.damaged,
  StockReason.lost,
  StockReason.found,
  StockReason.theft,
  StockReason.expired,
  StockReason.error,
  StockReason.correction,
  StockReason.manual,
  StockReason.transfer_loss,
];
