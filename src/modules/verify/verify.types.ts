// What `countpoint verify` reports: how much it checked and every break it found, as JSON with
// snake_case keys (the report is printed as it is). Quantities are exact decimal strings.

export interface VerifyOptions {
  /** Check one account only; every account when absent. */
  accountId?: number;
  /** Most problems listed in the report (all are counted); default MAX_LISTED. */
  limit?: number;
}

/** Problems listed by default; the report counts them all. */
export const MAX_LISTED = 1000;

export interface LedgerReport {
  ok: boolean;
  checked: {
    accounts: number;
    skus: number;
    supplier_items: number;
    movements: number;
    stock_takes: number;
    adjustment_lines: number;
    stock_take_lines: number;
  };
  /** The first problems, by account, then kind (in the order of PROBLEM_KINDS), then id. */
  problems: LedgerProblem[];
  /** All problems found, listed or not. */
  problem_count: number;
  truncated: boolean;
}

/**
 * Every kind of break, in the order the report lists them within an account. Stock is kept per
 * site: the kinds up to movement_entity_missing are of an entity at one site, named by `site_id`.
 * - chain_break: a movement's quantity_before is not the quantity_after of the movement before
 *   it (by id) of the same entity at the same site, or not 0 for the entity's first movement
 *   there.
 * - change_mismatch: a movement's change is not quantity_after − quantity_before.
 * - on_hand_mismatch: an entity's stock level at a site (0 without one) is not the quantity_after
 *   of its last movement there (0 without movements); every level is checked, and every
 *   (entity, site) with movements.
 * - linked_item_stock: a stock level of a supplier item linked to a SKU (`sku_id`) holds stock,
 *   where a linked item's stock is its SKU's.
 * - movement_entity_missing: movements at a site name a SKU or supplier item their account does
 *   not have.
 * - adjustment_line_movement_missing: a changed adjustment line names no movement, or one that
 *   does not exist.
 * - adjustment_line_mismatch: an adjustment line disagrees with its movement (`fields` says how),
 *   or an unchanged line's quantities differ.
 * - adjustment_movement_unlisted: a movement of an adjustment that no line of it names.
 * - stock_take_missing: lines name a stock take their account does not have (one problem per
 *   such stock take: its first line's entity and id, and how many lines name it).
 * - stock_take_line_state: an applied line in a stock take that is not reconciled, a line naming
 *   a movement without being applied, or an applied line without a count.
 * - stock_take_line_basis: what an applied line's count was compared with is not the freeze
 *   (basis freeze) or the ledger at the stock take's site at the count's time (basis count_time).
 * - stock_take_line_movement_missing: an applied line names a movement that does not exist, or
 *   names none though its count is above its basis (it must have raised stock).
 * - stock_take_line_mismatch: an applied line disagrees with its movement: not its entity, its
 *   stock take or the stock take's site, or the movement's quantity_after is not
 *   max(quantity_before + counted − basis, 0).
 * - stock_take_movement_unlisted: a stock take's movement that none of its applied lines names
 *   (a stock take not reconciled has none).
 * - cycle_count_site_missing: a SKU's cycle count names a site its account does not have.
 * - transfer_mismatch: a transfer line disagrees with the movements of its transfer and item
 *   (`movements`: what they sent out of the source, brought in at the destination, wrote off
 *   there and returned to the source, and how many are at neither site), or its state is
 *   impossible (received with some still in transit, cancelled after a receipt).
 * - transfer_movement_unlisted: movements name a transfer none of whose lines is of their item
 *   (or a transfer the account does not have): one problem per transfer, item, site and reason.
 */
export const PROBLEM_KINDS = [
  "chain_break",
  "change_mismatch",
  "on_hand_mismatch",
  "linked_item_stock",
  "movement_entity_missing",
  "adjustment_line_movement_missing",
  "adjustment_line_mismatch",
  "adjustment_movement_unlisted",
  "stock_take_missing",
  "stock_take_line_state",
  "stock_take_line_basis",
  "stock_take_line_movement_missing",
  "stock_take_line_mismatch",
  "stock_take_movement_unlisted",
  "cycle_count_site_missing",
  "transfer_mismatch",
  "transfer_movement_unlisted",
] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

/** One break: its kind, account and entity, and the fields that say where and what. */
export interface LedgerProblem {
  kind: ProblemKind;
  account_id: number;
  entity: { type: "sku" | "supplier_item"; id: number };
  [detail: string]: unknown;
}
