/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** Review decisions for one stock take: lines to accept (listed, or safe by tolerance) and lines to recount. */
export type AcceptStockTakeLinesInput = {
  /** Retries with the same key within 24 hours replay the first result and write nothing. */
  idempotencyKey?: string | null | undefined;
  /** Lines to accept. At most 10,000. */
  lines?: Array<StockTakeLineRefInput> | null | undefined;
  /** Lines to send back for a recount: uncounted again, flagged. At most 10,000. */
  recount?: Array<StockTakeLineRefInput> | null | undefined;
  /** Accept every counted line within the tolerance (default when no lines and no recounts are listed). Lines moved since the freeze are never safe. */
  safe?: boolean | null | undefined;
  /** The stock take. */
  stockTakeId: number;
  /** With safe: a line is safe when |difference| ≤ max(abs, pct% × expected). */
  tolerance?: StockTakeToleranceInput | null | undefined;
};

/** How to classify the account's active SKUs. */
export type ClassifySkusInput = {
  /** Answer what the classification would do; write nothing. */
  dryRun?: boolean | null | undefined;
  /** Retries with the same key within 24 hours replay the first result and write nothing. */
  idempotencyKey?: string | null | undefined;
  /** Percent of the volume moved that class A makes up (1 to 100); 80 when absent. */
  shareA?: number | null | undefined;
  /** Percent of the volume that class B makes up after A (shareA + shareB at most 100; C is the rest); 15 when absent. */
  shareB?: number | null | undefined;
  /** The site whose movements are weighed and whose classes are set (SITE_NOT_FOUND if the account has none by this id); the default site when absent. */
  siteId?: number | null | undefined;
  /** Days of movement to weigh, counting back from now (1 to 366); 90 when absent. */
  windowDays?: number | null | undefined;
};

/** How often a SKU is counted: each class has its interval in days on the account (by default A 30, B 90, C 365). */
export type CountClass =
  /** Counted most often: the SKUs that move the most. */
  | 'A'
  /** Counted less often. */
  | 'B'
  /** Counted least often: the SKUs that move the least. */
  | 'C';

/** How a count changes its line's count. */
export type CountMode =
  /** Adds to the line's count (several counters on one item). */
  | 'ADD'
  /** Replaces the line's count. */
  | 'SET';

/** A token to issue (for a counting device, say). No idempotencyKey: only the token's hash is stored, so a retry could not show the token again; a retried create makes a second token, which revokeApiToken removes. */
export type CreateApiTokenInput = {
  /** When it stops working: required, in the future and at most 366 days ahead (else INVALID_PARAMETER). */
  expiresAt: string;
  /** What to call it (the device or the person): trimmed, 1 to 100 characters, no control characters. Written as the actor on everything the token does. */
  name: string;
  /** What it may do: at least one scope, each one the calling token holds itself (else FORBIDDEN), never TOKENS (FORBIDDEN). At most 8. */
  scopes: Array<TokenScope>;
  /** Limits the token to these sites (each once): it sees and changes only their stock, stock takes, transfers (from or to them), movements and events, and a request naming no site means its first site (the first of site_ids). SITE_NOT_FOUND for a site the account does not have; INVALID_PARAMETER with a scope other than read, adjust, count, approve. Null or absent: every site. At most 100. */
  siteIds?: Array<number> | null | undefined;
};

/** A new site. */
export type CreateSiteInput = {
  /** Whether it starts active; false makes it deactivated from the start. */
  active?: boolean | null | undefined;
  /** Its code. Unique in the account regardless of case (else DUPLICATE_CODE): trimmed, 1 to 64 characters, one line. */
  code: string;
  /** Retries with the same key within 24 hours replay the first result and write nothing. */
  idempotencyKey?: string | null | undefined;
  /** Whether it becomes the account's default (the default before stops being it); it must then be active. */
  isDefault?: boolean | null | undefined;
  /** What it is called. Trimmed, 1 to 200 characters, one line. */
  name: string;
  /** An IANA time zone (e.g. Europe/Berlin; an unknown one is INVALID_PARAMETER); null or blank: the account's. */
  timezone?: string | null | undefined;
};

/** Dispatches stock from one site to another: out of the source at once, in transit until received. */
export type CreateTransferInput = {
  /** The site the stock leaves (SITE_NOT_FOUND; SITE_INACTIVE if deactivated). */
  fromSiteId: number;
  /** Retries with the same key within 24 hours replay the first result and write nothing. */
  idempotencyKey?: string | null | undefined;
  /** At least one line, each item once (else DUPLICATE_LINE). At most 10,000. */
  lines: Array<TransferLineInput>;
  /** At most 1000 characters; the movements carry it. */
  note?: string | null | undefined;
  /** true: received at the destination in the same transaction (a move within a building). */
  receive?: boolean | null | undefined;
  /** Your document number (a delivery note); at most 200 characters. The movements carry it. */
  reference?: string | null | undefined;
  /** The site it goes to: another site of the account (SAME_SITE otherwise). */
  toSiteId: number;
};

/** Stable error codes, shared with the REST API. */
export type ErrorCode =
  /** Stock adjustment not found */
  | 'ADJUSTMENT_NOT_FOUND'
  /** Barcode not found */
  | 'BARCODE_NOT_FOUND'
  /** Currency in use */
  | 'CURRENCY_IN_USE'
  /** No currency set */
  | 'CURRENCY_NOT_SET'
  /** Site is the default */
  | 'DEFAULT_SITE'
  /** Barcode already in use */
  | 'DUPLICATE_BARCODE'
  /** Code already in use */
  | 'DUPLICATE_CODE'
  /** Duplicate line */
  | 'DUPLICATE_LINE'
  /** Entity in an open stock take */
  | 'ENTITY_IN_STOCK_TAKE'
  /** Missing scope */
  | 'FORBIDDEN'
  /** Request line and headers too large */
  | 'HEADERS_TOO_LARGE'
  /** Idempotency key in progress */
  | 'IDEMPOTENCY_KEY_IN_PROGRESS'
  /** Idempotency key reused */
  | 'IDEMPOTENCY_KEY_REUSED'
  /** Not enough stock at the source */
  | 'INSUFFICIENT_STOCK'
  /** Internal error */
  | 'INTERNAL'
  /** Invalid barcode */
  | 'INVALID_BARCODE'
  /** Invalid unit cost */
  | 'INVALID_COST'
  /** Invalid currency */
  | 'INVALID_CURRENCY'
  /** Invalid cursor */
  | 'INVALID_CURSOR'
  /** Invalid date range */
  | 'INVALID_DATE_RANGE'
  /** Invalid parameter */
  | 'INVALID_PARAMETER'
  /** Invalid quantity */
  | 'INVALID_QUANTITY'
  /** Invalid reason */
  | 'INVALID_REASON'
  /** Invalid webhook URL */
  | 'INVALID_WEBHOOK_URL'
  /** Supplier item is linked to a SKU */
  | 'LINKED_SUPPLIER_ITEM'
  /** Malformed request */
  | 'MALFORMED_REQUEST'
  /** Method not allowed */
  | 'METHOD_NOT_ALLOWED'
  /** Note required */
  | 'NOTE_REQUIRED'
  /** Not in stock take */
  | 'NOT_IN_STOCK_TAKE'
  /** Not in transfer */
  | 'NOT_IN_TRANSFER'
  /** On hand changed */
  | 'ON_HAND_CHANGED'
  /** More than is in transit */
  | 'OVER_RECEIPT'
  /** Payload too large */
  | 'PAYLOAD_TOO_LARGE'
  /** GraphQL operation too large or too costly */
  | 'QUERY_TOO_COMPLEX'
  /** GraphQL operation nested too deep */
  | 'QUERY_TOO_DEEP'
  /** Too many requests */
  | 'RATE_LIMITED'
  /** No such endpoint */
  | 'ROUTE_NOT_FOUND'
  /** Transfer within one site */
  | 'SAME_SITE'
  /** Service unavailable */
  | 'SERVICE_UNAVAILABLE'
  /** Site is deactivated */
  | 'SITE_INACTIVE'
  /** Site in use */
  | 'SITE_IN_USE'
  /** Site not found */
  | 'SITE_NOT_FOUND'
  /** SKU not found */
  | 'SKU_NOT_FOUND'
  /** Stock take closed */
  | 'STOCK_TAKE_CLOSED'
  /** Stock take not found */
  | 'STOCK_TAKE_NOT_FOUND'
  /** Stock take overlap */
  | 'STOCK_TAKE_OVERLAP'
  /** Supplier item holds stock of its own */
  | 'SUPPLIER_ITEM_HAS_STOCK'
  /** Supplier item not found */
  | 'SUPPLIER_ITEM_NOT_FOUND'
  /** API token not found */
  | 'TOKEN_NOT_FOUND'
  /** Too many lines */
  | 'TOO_MANY_LINES'
  /** Too many sites */
  | 'TOO_MANY_SITES'
  /** Too many API tokens */
  | 'TOO_MANY_TOKENS'
  /** Too many webhooks */
  | 'TOO_MANY_WEBHOOKS'
  /** Transfer closed */
  | 'TRANSFER_CLOSED'
  /** Transfer not found */
  | 'TRANSFER_NOT_FOUND'
  /** Transfer received in part */
  | 'TRANSFER_RECEIVED'
  /** Authentication required */
  | 'UNAUTHENTICATED'
  /** Unbounded query */
  | 'UNBOUNDED_QUERY'
  /** Unsupported media type */
  | 'UNSUPPORTED_MEDIA_TYPE'
  /** Webhook delivery not found */
  | 'WEBHOOK_DELIVERY_NOT_FOUND'
  /** Webhook not found */
  | 'WEBHOOK_NOT_FOUND'
  /** Window too long */
  | 'WINDOW_TOO_LONG';

/** The order a stock take's lines are listed in. */
export type LineOrder =
  /** For review: the counted lines only, largest absolute difference first (then in walking order). Needs a token that may see expected quantities (approve, on a blind stock take); priced as the stock take's summary, since every line is weighed. */
  | 'DIFFERENCE'
  /** For review in money: the counted lines with a unit cost only, largest absolute differenceValue first (then in walking order). Needs what DIFFERENCE needs and the costs scope; priced the same. */
  | 'VALUE'
  /** Walking order: by location at the freeze, then code (the default). */
  | 'WALK';

/** What wrote a movement. */
export type MovementSource =
  /** An adjustment (adjustSkuStock, adjustSupplierItemStock, bulkAdjustStock). */
  | 'ADJUSTMENT'
  /** The openingOnHand of a created SKU or supplier item. */
  | 'OPENING_BALANCE'
  /** A stock take's reconciliation. */
  | 'STOCK_TAKE'
  /** A transfer of stock: between two sites (transferId names it), or from a supplier item that held stock of its own into the SKU it was linked to. */
  | 'TRANSFER';

/** What arrived of a transfer at its destination: the lines given, or everything still in transit when none are. */
export type ReceiveTransferInput = {
  /** true: what is still in transit after this receipt never arrives: it is written off at the destination (TRANSFER_LOSS) and the transfer closes. */
  close?: boolean | null | undefined;
  /** The transfer (TRANSFER_NOT_FOUND; TRANSFER_CLOSED). */
  id: number;
  /** Retries with the same key within 24 hours replay the first result and write nothing. */
  idempotencyKey?: string | null | undefined;
  /** What arrived per item on the transfer (NOT_IN_TRANSFER for another); items left out stay in transit. Null: everything in transit arrived. At most 10,000. */
  lines?: Array<TransferReceiptLineInput> | null | undefined;
  /** At most 1000 characters; the movements carry it. */
  note?: string | null | undefined;
};

/** The stock take to reconcile. */
export type ReconcileStockTakeInput = {
  /** Answer what would be written; write nothing. */
  dryRun?: boolean | null | undefined;
  /** Retries with the same key within 24 hours replay the first result and write nothing. */
  idempotencyKey?: string | null | undefined;
  /** The stock take. */
  stockTakeId: number;
};

/** The token to revoke. */
export type RevokeApiTokenInput = {
  /** The token's id (ApiToken.id). */
  id: number;
};

/** A stock take to start. */
export type StartStockTakeInput = {
  /** Accept counts within this tolerance as they arrive (auto-approval): such a line is accepted at once, with autoAccepted true, and the review sees only the rest; never a line whose stock moved since the freeze. Needs the approve scope (FORBIDDEN), and the costs scope for maxValue or maxValuePct (FORBIDDEN; CURRENCY_NOT_SET without a currency). Null: every count waits for a review. Set at the start only. */
  autoAccept?: StockTakeToleranceInput | null | undefined;
  /** Default FREEZE. */
  basis?: StockTakeBasis | null | undefined;
  /** Counters (tokens without approve) never see expected quantities. Default false. */
  blind?: boolean | null | undefined;
  /** true: answer preview (what the start would freeze, in all and by area) after every check a start makes (the same userErrors), with stockTake null, and write nothing, not even the idempotency key. Priced as the start. */
  dryRun?: boolean | null | undefined;
  /** Retries with the same key within 24 hours replay the first result and write nothing. */
  idempotencyKey?: string | null | undefined;
  /** Free text for the team. */
  note?: string | null | undefined;
  /** Your reference, e.g. an aisle. */
  reference?: string | null | undefined;
  /** Default: everything. */
  scope?: StockTakeScopeInput | null | undefined;
  /** The site whose stock it counts (SITE_NOT_FOUND if the account has none by this id; SITE_INACTIVE if it is deactivated); the default site when absent. */
  siteId?: number | null | undefined;
};

/** What a line or movement is about. REST spells the values in lower case (sku, supplier_item). */
export type StockEntityType =
  /** A SKU. */
  | 'SKU'
  /** A supplier item (only an unlinked one holds stock of its own). */
  | 'SUPPLIER_ITEM';

/** Why a quantity changed: an adjustment's reason, or one the service writes itself. */
export type StockReason =
  /** A correction, for example after a recount. */
  | 'CORRECTION'
  /** Goods damaged. */
  | 'DAMAGED'
  /** Fixes an earlier mistake; needs a note. */
  | 'ERROR'
  /** Goods past their date. */
  | 'EXPIRED'
  /** Goods found. */
  | 'FOUND'
  /** Goods lost. */
  | 'LOST'
  /** A manual correction; needs a note. */
  | 'MANUAL'
  /** A new SKU's or supplier item's openingOnHand; not accepted on adjustments. */
  | 'OPENING_BALANCE'
  /** Goods received. */
  | 'RECEIVED'
  /** Goods returned. */
  | 'RETURNED'
  /** Written by reconciling a stock take; not accepted on adjustments. */
  | 'STOCK_TAKE'
  /** Goods stolen. */
  | 'THEFT'
  /** A supplier item's own stock moved into the SKU it was linked to (linkSupplierItem with transfer); not accepted on adjustments. */
  | 'TRANSFER'
  /** Put in at a transfer's destination when received, or back at its source when it was cancelled; not accepted on adjustments. */
  | 'TRANSFER_IN'
  /** What a transfer closed short lost in transit, written off at its destination; not accepted on adjustments. */
  | 'TRANSFER_LOSS'
  /** Taken out of a transfer's source site when it was dispatched; not accepted on adjustments. */
  | 'TRANSFER_OUT';

/** What a stock take's counts are compared with. */
export type StockTakeBasis =
  /** The ledger's quantity at each count's countedAt, so a sale between freeze and count is neither lost nor counted twice. */
  | 'COUNT_TIME'
  /** The quantity at the freeze: right when goods do not move in the counted area during the count. */
  | 'FREEZE';

/** One count of one entity. */
export type StockTakeCountInput = {
  /** One of the entity's barcodes, as scanned (or give id or code); any spelling of a GTIN. */
  barcode?: string | null | undefined;
  /** The entity's code (or give id or barcode). */
  code?: string | null | undefined;
  /** When the count was taken (default: when it is received). */
  countedAt?: string | null | undefined;
  /** 0 is a count too. */
  countedQty: number;
  /** Where the counter found it, when not where the catalog says (the line is then misplaced if it differs from its location). Trimmed, at most 64 characters, no control characters; case is kept and compared regardless of. Left out: a SET count found it where recorded, an ADD count keeps what the line had. */
  foundLocation?: string | null | undefined;
  /** The entity's id (or give code or barcode). */
  id?: number | null | undefined;
  /** Default SET. */
  mode?: CountMode | null | undefined;
  /** With code, for a supplier item. */
  supplier?: string | null | undefined;
  /** SKU or SUPPLIER_ITEM. */
  type: StockEntityType;
};

/** An entity by type and exactly one of id, code (a supplier item's code with its supplier) or barcode. */
export type StockTakeLineRefInput = {
  /** One of the entity's barcodes, as scanned (or give id or code); any spelling of a GTIN. */
  barcode?: string | null | undefined;
  /** The entity's code (or give id or barcode). */
  code?: string | null | undefined;
  /** The entity's id (or give code or barcode). */
  id?: number | null | undefined;
  /** With code, for a supplier item. */
  supplier?: string | null | undefined;
  /** SKU or SUPPLIER_ITEM. */
  type: StockEntityType;
};

/** UNCOUNTED → COUNTED → ACCEPTED (reviewed) → APPLIED (reconciled); a recount returns a line to UNCOUNTED. */
export type StockTakeLineState =
  /** Reviewed; reconcile will apply its difference. Counting it again makes it COUNTED. */
  | 'ACCEPTED'
  /** Its difference was applied by reconcile. */
  | 'APPLIED'
  /** Counted; waiting for review. */
  | 'COUNTED'
  /** No count yet, or sent back for a recount. */
  | 'UNCOUNTED';

/** What to count; leave it out to count every active SKU and every unlinked supplier item. */
export type StockTakeScopeInput = {
  /** SKU codes and barcodes (of SKUs and supplier items; a linked supplier item's names its SKU), regardless of case, each naming one item once: every item they name is counted too (a code nobody has: SKU_NOT_FOUND at its place; two codes naming one item: DUPLICATE_LINE). At most 10,000. */
  codes?: Array<string> | null | undefined;
  /** Today's cycle count: the scope also takes the SKUs due for a count (dueForCount's order, most overdue first) at the stock take's site, up to limit, leaving out those an open or counting stock take there already counts. Priced as limit lines. */
  due?: boolean | null | undefined;
  /** With due: true, how many due SKUs to take at most (1 to 10000); 100 when absent. */
  limit?: number | null | undefined;
  /** Location prefixes, regardless of case (A-01 takes A-01-03; B- a whole aisle): every active SKU and unlinked supplier item whose location at the stock take's site starts with one of them is counted too. At most 100. */
  locations?: Array<string> | null | undefined;
  /** SKUs to count. At most 100,000. */
  skuIds?: Array<number> | null | undefined;
  /** Unlinked supplier items only. At most 100,000. */
  supplierItemIds?: Array<number> | null | undefined;
};

/** Where a stock take stands: OPEN → COUNTING → RECONCILED, or CANCELLED from OPEN or COUNTING. */
export type StockTakeStatus =
  /** Cancelled before reconciling; final, nothing applied. */
  | 'CANCELLED'
  /** At least one count was submitted. */
  | 'COUNTING'
  /** Started, expected quantities frozen, nothing counted yet. */
  | 'OPEN'
  /** Accepted differences were applied; final. */
  | 'RECONCILED';

/** How far a count may differ and still be accepted as safe. */
export type StockTakeToleranceInput = {
  /** Absolute; default 1. */
  abs?: number | null | undefined;
  /** In money (needs the costs scope; CURRENCY_NOT_SET without a currency): a line's differenceValue, absolute, at most this. Beside abs and pct, not instead: a line with a cost must be within both the units' and the money's tolerance. At most 4 decimals. */
  maxValue?: number | null | undefined;
  /** In money: differenceValue as a percent of the line's expected value (expected × unit cost), 0 to 100. With maxValue the looser of the two holds, as for abs and pct. */
  maxValuePct?: number | null | undefined;
  /** Percent of the expected quantity, 0 to 100; default 2. */
  pct?: number | null | undefined;
};

/** Counts for one stock take. */
export type SubmitStockTakeCountsInput = {
  /** Who counted (default: the token's name). */
  counter?: string | null | undefined;
  /** At least one count, applied in order. At most 10,000. */
  counts: Array<StockTakeCountInput>;
  /** Retries with the same key within 24 hours replay the first result and write nothing. */
  idempotencyKey?: string | null | undefined;
  /** The stock take. */
  stockTakeId: number;
};

/** What an API token may do. REST spells the values in lower case (read, count…). */
export type TokenScope =
  /** Adjust stock and edit the catalog. */
  | 'ADJUST'
  /** Accept lines, reconcile and cancel stock takes, and see expected quantities in blind ones. */
  | 'APPROVE'
  /** See and set money: the account's currency, items' unit costs and their history, movements' values. A token without it sees no cost or value anywhere. The account's admin tokens hold it. */
  | 'COSTS'
  /** Start stock takes and submit counts. */
  | 'COUNT'
  /** Read everything of the account: the catalog, stock, movements, stock takes, events. */
  | 'READ'
  /** Create sites (stores, warehouses), rename them, choose the default, deactivate them. */
  | 'SITES'
  /** Issue, list and revoke API tokens. Held only by the account's admin tokens (made by the command line); a token issued through the API never holds it. */
  | 'TOKENS'
  /** Register and manage webhook endpoints. */
  | 'WEBHOOKS';

/** One item to send. */
export type TransferLineInput = {
  /** The SKU's or supplier item's id. */
  id: number;
  /** What is sent: more than 0, at most what the source holds (else INSUFFICIENT_STOCK). */
  qty: number;
  /** SKU, or SUPPLIER_ITEM (unlinked only: else LINKED_SUPPLIER_ITEM). */
  type: StockEntityType;
};

/** What arrived of one item on the transfer. */
export type TransferReceiptLineInput = {
  /** The SKU's or supplier item's id. */
  id: number;
  /** What arrived: 0 or more, at most what is still in transit for the item (else OVER_RECEIPT). */
  qty: number;
  /** SKU, or SUPPLIER_ITEM (unlinked only: else LINKED_SUPPLIER_ITEM). */
  type: StockEntityType;
};

/** Where a transfer between sites stands. REST spells the values in lower case. */
export type TransferStatus =
  /** Cancelled before any receipt: the stock went back to the source. */
  | 'CANCELLED'
  /** Dispatched: taken out of the source, not yet all received at the destination (some may be). */
  | 'IN_TRANSIT'
  /** Closed: everything sent was received, or what was not was written off as lost (close). */
  | 'RECEIVED';

/** The count intervals to change; the others are kept. */
export type UpdateCycleCountSettingsInput = {
  /** Days between counts of class A (1 to 3650). */
  intervalDaysA?: number | null | undefined;
  /** Days between counts of class B (1 to 3650). */
  intervalDaysB?: number | null | undefined;
  /** Days between counts of class C (1 to 3650). */
  intervalDaysC?: number | null | undefined;
};

/** Changes to a site; a field left out stays as it is. */
export type UpdateSiteInput = {
  /** Whether it is active: false deactivates it (never the default: DEFAULT_SITE; nor while a stock take there is open or counting or it holds stock: SITE_IN_USE), true activates it again. */
  active?: boolean | null | undefined;
  /** A new code. Unique in the account regardless of case (else DUPLICATE_CODE): trimmed, 1 to 64 characters, one line. */
  code?: string | null | undefined;
  /** The site to change (Site.id). */
  id: number;
  /** True makes it the account's default (the default before stops being it). The default cannot be given up with false (DEFAULT_SITE): make another site the default instead. */
  isDefault?: boolean | null | undefined;
  /** A new name. Trimmed, 1 to 200 characters, one line. */
  name?: string | null | undefined;
  /** An IANA time zone (e.g. Europe/Berlin; an unknown one is INVALID_PARAMETER); null or blank: the account's. */
  timezone?: string | null | undefined;
};

/** Changes to a SKU's catalog fields; a field left out stays as it is. Stock changes with adjustSkuStock. */
export type UpdateSkuInput = {
  /** Whether the SKU is in use; false retires it: it stays readable and keeps its stock and history, and is left out of a stock take's default scope. */
  active?: boolean | null | undefined;
  /** The whole new set of barcodes; [] removes them all. At most 50, each at most 64 characters. GTIN-8/12/13/14 need a valid check digit (else INVALID_BARCODE); anything else is an in-house label. Unique in the account across SKUs and supplier items (else DUPLICATE_BARCODE); one GTIN's spellings (UPC-A, EAN-13 with a leading 0) are one barcode. */
  barcodes?: Array<string> | null | undefined;
  /** Trimmed, not blank, at most 64 characters; unique in the account regardless of case (else DUPLICATE_CODE). */
  code?: string | null | undefined;
  /** The SKU to change. */
  id: number;
  /** Retries with the same key within 24 hours replay the first result and write nothing. */
  idempotencyKey?: string | null | undefined;
  /** Where its stock is kept (a shelf, bay, bin or picking position such as A-01-03). Trimmed, at most 64 characters, no control characters; case is kept and compared regardless of. Left out: as it is; blank removes it. At siteId's site. */
  location?: string | null | undefined;
  /** Trimmed, not blank, at most 200 characters. */
  name?: string | null | undefined;
  /** The site whose location is set (SITE_NOT_FOUND, or SITE_INACTIVE when it is deactivated) and whose stock the answer shows; absent: the default site (a token limited to sites: its first). */
  siteId?: number | null | undefined;
  /** What one unit costs, in the account's currency. Needs the costs scope (else FORBIDDEN). 0 <= cost < 10^10, at most 4 decimal places (else INVALID_COST); the account's currency must be set first (else CURRENCY_NOT_SET). Left out: as it is; null removes it. A change is recorded in costChanges, not as a movement. */
  unitCost?: number | null | undefined;
};

export type ProgressByCounterQueryVariables = Exact<{
  id: number;
}>;


export type ProgressByCounterQuery = { stockTake: { id: number, progressByCounter: Array<{ counter: string, lines: number, lastCountedAt: string }> } };

export type ReviewLineFragment = { type: StockEntityType, id: number, code: string, name: string, location: string | null, expectedQty: number | null, countedQty: number | null, difference: number | null, differenceValue: string | null, state: StockTakeLineState, autoAccepted: boolean | null, movedSinceFreeze: boolean } & { ' $fragmentName'?: 'ReviewLineFragment' };

export type LinesByDifferenceQueryVariables = Exact<{
  id: number;
  order: LineOrder;
  after?: string | null | undefined;
}>;


export type LinesByDifferenceQuery = { stockTake: { id: number, lines: { edges: Array<{ node: { ' $fragmentRefs'?: { 'ReviewLineFragment': ReviewLineFragment } } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } } };

export type Progress_StockTakeFragment = { id: number, summary: { lines: number, uncounted: number, accepted: number, applied: number, recountRequested: number } } & { ' $fragmentName'?: 'Progress_StockTakeFragment' };

export type ProgressByAreaQueryVariables = Exact<{
  id: number;
}>;


export type ProgressByAreaQuery = { stockTake: { id: number, progressByLocation: Array<{ prefix: string | null, lines: number, counted: number }> } };

export type RecountLinesQueryVariables = Exact<{
  id: number;
}>;


export type RecountLinesQuery = { stockTake: { id: number, lines: { edges: Array<{ node: { type: StockEntityType, id: number, code: string, name: string, location: string | null } }> } } };

export type StockTakeCard_StockTakeFragment = { id: number, reference: string | null, status: StockTakeStatus, blind: boolean, createdAt: string, reconciledAt: string | null } & { ' $fragmentName'?: 'StockTakeCard_StockTakeFragment' };

export type FollowProgressSubscriptionVariables = Exact<{
  id: number;
}>;


export type FollowProgressSubscription = { stockTakeProgress: { eventId: string, stockTake: { id: number, status: StockTakeStatus } } };

export type ActiveSitesQueryVariables = Exact<{ [key: string]: never; }>;


export type ActiveSitesQuery = { sites: { edges: Array<{ node: { id: number, name: string } }> } };

export type CatalogPageQueryVariables = Exact<{
  q?: string | null | undefined;
  siteId?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type CatalogPageQuery = { skus: { edges: Array<{ node: { id: number, code: string, name: string, location: string | null, onHand: number, unitCost: number | null, active: boolean } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type SkuToEditQueryVariables = Exact<{
  id: number;
  siteId?: number | null | undefined;
}>;


export type SkuToEditQuery = { sku: { id: number, code: string, name: string, location: string | null, onHand: number, barcodes: Array<string>, unitCost: number | null, active: boolean } };

export type SaveSkuMutationVariables = Exact<{
  input: UpdateSkuInput;
}>;


export type SaveSkuMutation = { updateSku: { sku: { id: number, location: string | null, barcodes: Array<string>, unitCost: number | null, updatedAt: string } | null, userErrors: Array<{ code: ErrorCode, field: Array<string> | null, message: string }> } };

export type CountScreenQueryVariables = Exact<{
  id: number;
}>;


export type CountScreenQuery = { stockTake: (
    { id: number, reference: string | null, status: StockTakeStatus, blind: boolean, summary: { lines: number, recountRequested: number } }
    & { ' $fragmentRefs'?: { 'Progress_StockTakeFragment': Progress_StockTakeFragment } }
  ) };

export type DueScreenQueryVariables = Exact<{
  siteId?: number | null | undefined;
}>;


export type DueScreenQuery = { cycleCountSettings: { intervalDaysA: number, intervalDaysB: number, intervalDaysC: number }, dueForCount: Array<{ skuId: number, code: string, name: string, location: string | null, countClass: CountClass, daysOverdue: number | null }> };

export type SaveIntervalsMutationVariables = Exact<{
  input: UpdateCycleCountSettingsInput;
}>;


export type SaveIntervalsMutation = { updateCycleCountSettings: { settings: { intervalDaysA: number, intervalDaysB: number, intervalDaysC: number } | null, userErrors: Array<{ code: ErrorCode, field: Array<string> | null, message: string }> } };

export type ClassifyMutationVariables = Exact<{
  input: ClassifySkusInput;
}>;


export type ClassifyMutation = { classifySkus: { classification: { dryRun: boolean, windowDays: number, classes: Array<{ countClass: CountClass, skus: number, changed: number }> } | null, userErrors: Array<{ code: ErrorCode, field: Array<string> | null, message: string }> } };

export type TokensQueryVariables = Exact<{ [key: string]: never; }>;


export type TokensQuery = { apiTokens: { edges: Array<{ node: { id: number, name: string, scopes: Array<TokenScope>, createdAt: string, expiresAt: string | null, revokedAt: string | null, lastUsedAt: string | null } }> } };

export type IssueTokenMutationVariables = Exact<{
  input: CreateApiTokenInput;
}>;


export type IssueTokenMutation = { createApiToken: { token: string | null, apiToken: { id: number, name: string, expiresAt: string | null } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type RevokeTokenMutationVariables = Exact<{
  input: RevokeApiTokenInput;
}>;


export type RevokeTokenMutation = { revokeApiToken: { apiToken: { id: number, revokedAt: string | null } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type FindSkuQueryVariables = Exact<{
  code: string;
}>;


export type FindSkuQuery = { byCode: { edges: Array<{ node: { id: number } }> }, byBarcode: { edges: Array<{ node: { id: number } }> } };

export type SkuHistoryQueryVariables = Exact<{
  id: number;
}>;


export type SkuHistoryQuery = { sku: { id: number, code: string, name: string, onHand: number, location: string | null, active: boolean, cycleCount: { countClass: CountClass | null, lastCountedAt: string | null, dueAt: string | null, daysOverdue: number | null }, movements: { edges: Array<{ node: { id: number, occurredAt: string, change: number, quantityAfter: number, reason: StockReason, source: MovementSource, stockTakeId: number | null } }> } } };

export type TransferToReceiveQueryVariables = Exact<{
  id: number;
}>;


export type TransferToReceiveQuery = { transfer: { id: number, status: TransferStatus, reference: string | null, lineCount: number, lines: { edges: Array<{ node: { type: StockEntityType, id: number, inTransitQty: number, sku: { code: string, name: string, barcodes: Array<string> } | null, supplierItem: { code: string, name: string, barcodes: Array<string> } | null } }> } } };

export type ReceiveTransferMutationVariables = Exact<{
  input: ReceiveTransferInput;
}>;


export type ReceiveTransferMutation = { receiveTransfer: { transfer: { id: number, status: TransferStatus } | null, userErrors: Array<{ code: ErrorCode, field: Array<string> | null, message: string }> } };

export type ReportsScreenQueryVariables = Exact<{
  from: string;
  to: string;
}>;


export type ReportsScreenQuery = { accuracyReport: { overall: { accuracy: number | null, linesCounted: number, linesAccurate: number }, stockTakes: Array<{ stockTakeId: number, reference: string | null, reconciledAt: string, accuracy: number | null, linesCounted: number, linesAccurate: number }> }, varianceReport: { reasons: Array<{ reason: StockReason, movements: number, unitsIn: number, unitsOut: number, unitsNet: number, values: { net: string } | null }>, topItems: Array<{ type: StockEntityType, id: number, code: string, name: string, unitsOut: number, values: { losses: string } | null }> } };

export type ReviewScreenQueryVariables = Exact<{
  id: number;
}>;


export type ReviewScreenQuery = { stockTake: { id: number, reference: string | null, status: StockTakeStatus, summary: { lines: number, counted: number, uncounted: number, accepted: number, applied: number, recountRequested: number, netDifference: number | null, sumAbsDifference: number | null, autoAccepted: number | null, values: { gains: string, losses: string, net: string, absolute: string, valuedLines: number } | null } } };

export type DecideMutationVariables = Exact<{
  input: AcceptStockTakeLinesInput;
}>;


export type DecideMutation = { acceptStockTakeLines: { acceptedCount: number | null, needsReviewCount: number | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type ReconcileMutationVariables = Exact<{
  input: ReconcileStockTakeInput;
}>;


export type ReconcileMutation = { reconcileStockTake: { reconciliation: { dryRun: boolean, status: StockTakeStatus, appliedCount: number, unchanged: number, skipped: { uncounted: number, unaccepted: number, linked: number }, applied: Array<{ type: StockEntityType, id: number, code: string, name: string, previousQty: number, newQty: number, change: number }> } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type FindToSendQueryVariables = Exact<{
  code: string;
  siteId: number;
}>;


export type FindToSendQuery = { byCode: { edges: Array<{ node: { id: number, code: string, name: string, onHand: number } }> }, byBarcode: { edges: Array<{ node: { id: number, code: string, name: string, onHand: number } }> } };

export type SendTransferMutationVariables = Exact<{
  input: CreateTransferInput;
}>;


export type SendTransferMutation = { createTransfer: { transfer: { id: number, lineCount: number } | null, userErrors: Array<{ code: ErrorCode, field: Array<string> | null, message: string }> } };

export type SiteToEditQueryVariables = Exact<{
  id: number;
}>;


export type SiteToEditQuery = { site: { id: number, code: string, name: string, timezone: string | null, active: boolean, isDefault: boolean } };

export type SaveSiteMutationVariables = Exact<{
  input: UpdateSiteInput;
}>;


export type SaveSiteMutation = { updateSite: { site: { id: number, code: string, name: string, timezone: string | null, active: boolean, isDefault: boolean } | null, userErrors: Array<{ code: ErrorCode, field: Array<string> | null, message: string }> } };

export type SitesPageQueryVariables = Exact<{
  after?: string | null | undefined;
}>;


export type SitesPageQuery = { sites: { edges: Array<{ node: { id: number, code: string, name: string, timezone: string | null, active: boolean, isDefault: boolean } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type AddSiteMutationVariables = Exact<{
  input: CreateSiteInput;
}>;


export type AddSiteMutation = { createSite: { site: { id: number, code: string } | null, userErrors: Array<{ code: ErrorCode, field: Array<string> | null, message: string }> } };

export type StartStockTakeMutationVariables = Exact<{
  input: StartStockTakeInput;
}>;


export type StartStockTakeMutation = { startStockTake: { stockTake: { id: number } | null, preview: { siteId: number, lines: number, areas: Array<{ prefix: string | null, lines: number }> } | null, userErrors: Array<{ code: ErrorCode, field: Array<string> | null, message: string }> } };

export type OpenStockTakesQueryVariables = Exact<{ [key: string]: never; }>;


export type OpenStockTakesQuery = { counting: { edges: Array<{ node: (
        { id: number }
        & { ' $fragmentRefs'?: { 'StockTakeCard_StockTakeFragment': StockTakeCard_StockTakeFragment } }
      ) }> }, open: { edges: Array<{ node: (
        { id: number }
        & { ' $fragmentRefs'?: { 'StockTakeCard_StockTakeFragment': StockTakeCard_StockTakeFragment } }
      ) }> } };

export type ReconciledStockTakesQueryVariables = Exact<{ [key: string]: never; }>;


export type ReconciledStockTakesQuery = { stockTakes: { edges: Array<{ node: (
        { id: number }
        & { ' $fragmentRefs'?: { 'StockTakeCard_StockTakeFragment': StockTakeCard_StockTakeFragment } }
      ) }> } };

export type TransfersInTransitQueryVariables = Exact<{
  toSiteId: number;
}>;


export type TransfersInTransitQuery = { transfers: { edges: Array<{ node: { id: number, reference: string | null, fromSiteId: number, lineCount: number, createdAt: string } }> } };

export type FoundLineFragment = { type: StockEntityType, id: number, code: string, name: string, supplier: string | null, location: string | null, countedQty: number | null, state: StockTakeLineState, recountRequested: boolean } & { ' $fragmentName'?: 'FoundLineFragment' };

export type FindLineQueryVariables = Exact<{
  id: number;
  code: string;
}>;


export type FindLineQuery = { stockTake: { id: number, lines: { edges: Array<{ node: { ' $fragmentRefs'?: { 'FoundLineFragment': FoundLineFragment } } }> } } };

export type SaveCountMutationVariables = Exact<{
  input: SubmitStockTakeCountsInput;
}>;


export type SaveCountMutation = { submitStockTakeCounts: { status: StockTakeStatus | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type ViewerQueryVariables = Exact<{ [key: string]: never; }>;


export type ViewerQuery = { viewer: { token: { id: number, name: string, scopes: Array<TokenScope>, expiresAt: string | null }, account: { id: number, name: string, currency: string | null }, site: { id: number, code: string, name: string }, sites: Array<{ id: number, name: string }> | null } };

export const ReviewLineFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ReviewLine"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockTakeLine"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"expectedQty"}},{"kind":"Field","name":{"kind":"Name","value":"countedQty"}},{"kind":"Field","name":{"kind":"Name","value":"difference"}},{"kind":"Field","name":{"kind":"Name","value":"differenceValue"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"autoAccepted"}},{"kind":"Field","name":{"kind":"Name","value":"movedSinceFreeze"}}]}}]} as unknown as DocumentNode<ReviewLineFragment, unknown>;
export const Progress_StockTakeFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Progress_stockTake"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockTake"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"summary"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lines"}},{"kind":"Field","name":{"kind":"Name","value":"uncounted"}},{"kind":"Field","name":{"kind":"Name","value":"accepted"}},{"kind":"Field","name":{"kind":"Name","value":"applied"}},{"kind":"Field","name":{"kind":"Name","value":"recountRequested"}}]}}]}}]} as unknown as DocumentNode<Progress_StockTakeFragment, unknown>;
export const StockTakeCard_StockTakeFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StockTakeCard_stockTake"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockTake"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"blind"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"reconciledAt"}}]}}]} as unknown as DocumentNode<StockTakeCard_StockTakeFragment, unknown>;
export const FoundLineFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FoundLine"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockTakeLine"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"supplier"}},{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"countedQty"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"recountRequested"}}]}}]} as unknown as DocumentNode<FoundLineFragment, unknown>;
export const ProgressByCounterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProgressByCounter"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockTake"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"progressByCounter"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"counter"}},{"kind":"Field","name":{"kind":"Name","value":"lines"}},{"kind":"Field","name":{"kind":"Name","value":"lastCountedAt"}}]}}]}}]}}]} as unknown as DocumentNode<ProgressByCounterQuery, ProgressByCounterQueryVariables>;
export const LinesByDifferenceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LinesByDifference"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"order"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"LineOrder"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockTake"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"lines"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"order"},"value":{"kind":"Variable","name":{"kind":"Name","value":"order"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"200"}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ReviewLine"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ReviewLine"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockTakeLine"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"expectedQty"}},{"kind":"Field","name":{"kind":"Name","value":"countedQty"}},{"kind":"Field","name":{"kind":"Name","value":"difference"}},{"kind":"Field","name":{"kind":"Name","value":"differenceValue"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"autoAccepted"}},{"kind":"Field","name":{"kind":"Name","value":"movedSinceFreeze"}}]}}]} as unknown as DocumentNode<LinesByDifferenceQuery, LinesByDifferenceQueryVariables>;
export const ProgressByAreaDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProgressByArea"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockTake"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"progressByLocation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"depth"},"value":{"kind":"IntValue","value":"2"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"lines"}},{"kind":"Field","name":{"kind":"Name","value":"counted"}}]}}]}}]}}]} as unknown as DocumentNode<ProgressByAreaQuery, ProgressByAreaQueryVariables>;
export const RecountLinesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RecountLines"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockTake"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"lines"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"recount"},"value":{"kind":"BooleanValue","value":true}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"50"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"location"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<RecountLinesQuery, RecountLinesQueryVariables>;
export const FollowProgressDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"FollowProgress"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockTakeProgress"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"stockTake"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<FollowProgressSubscription, FollowProgressSubscriptionVariables>;
export const ActiveSitesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ActiveSites"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sites"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"active"},"value":{"kind":"BooleanValue","value":true}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ActiveSitesQuery, ActiveSitesQueryVariables>;
export const CatalogPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CatalogPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"q"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"siteId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"skus"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"q"},"value":{"kind":"Variable","name":{"kind":"Name","value":"q"}}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"50"}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"siteId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"siteId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"unitCost"}},{"kind":"Field","name":{"kind":"Name","value":"active"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<CatalogPageQuery, CatalogPageQueryVariables>;
export const SkuToEditDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SkuToEdit"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"siteId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"siteId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"siteId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"barcodes"}},{"kind":"Field","name":{"kind":"Name","value":"unitCost"}},{"kind":"Field","name":{"kind":"Name","value":"active"}}]}}]}}]} as unknown as DocumentNode<SkuToEditQuery, SkuToEditQueryVariables>;
export const SaveSkuDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SaveSku"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateSkuInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateSku"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"barcodes"}},{"kind":"Field","name":{"kind":"Name","value":"unitCost"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<SaveSkuMutation, SaveSkuMutationVariables>;
export const CountScreenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CountScreen"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockTake"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"blind"}},{"kind":"Field","name":{"kind":"Name","value":"summary"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lines"}},{"kind":"Field","name":{"kind":"Name","value":"recountRequested"}}]}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"Progress_stockTake"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Progress_stockTake"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockTake"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"summary"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lines"}},{"kind":"Field","name":{"kind":"Name","value":"uncounted"}},{"kind":"Field","name":{"kind":"Name","value":"accepted"}},{"kind":"Field","name":{"kind":"Name","value":"applied"}},{"kind":"Field","name":{"kind":"Name","value":"recountRequested"}}]}}]}}]} as unknown as DocumentNode<CountScreenQuery, CountScreenQueryVariables>;
export const DueScreenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DueScreen"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"siteId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cycleCountSettings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"intervalDaysA"}},{"kind":"Field","name":{"kind":"Name","value":"intervalDaysB"}},{"kind":"Field","name":{"kind":"Name","value":"intervalDaysC"}}]}},{"kind":"Field","name":{"kind":"Name","value":"dueForCount"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"siteId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"siteId"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"countClass"}},{"kind":"Field","name":{"kind":"Name","value":"daysOverdue"}}]}}]}}]} as unknown as DocumentNode<DueScreenQuery, DueScreenQueryVariables>;
export const SaveIntervalsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SaveIntervals"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateCycleCountSettingsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateCycleCountSettings"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"settings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"intervalDaysA"}},{"kind":"Field","name":{"kind":"Name","value":"intervalDaysB"}},{"kind":"Field","name":{"kind":"Name","value":"intervalDaysC"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<SaveIntervalsMutation, SaveIntervalsMutationVariables>;
export const ClassifyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Classify"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ClassifySkusInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"classifySkus"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"classification"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dryRun"}},{"kind":"Field","name":{"kind":"Name","value":"windowDays"}},{"kind":"Field","name":{"kind":"Name","value":"classes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"countClass"}},{"kind":"Field","name":{"kind":"Name","value":"skus"}},{"kind":"Field","name":{"kind":"Name","value":"changed"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<ClassifyMutation, ClassifyMutationVariables>;
export const TokensDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Tokens"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiTokens"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}}]}}]}}]}}]}}]} as unknown as DocumentNode<TokensQuery, TokensQueryVariables>;
export const IssueTokenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"IssueToken"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateApiTokenInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createApiToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"apiToken"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<IssueTokenMutation, IssueTokenMutationVariables>;
export const RevokeTokenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevokeToken"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RevokeApiTokenInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeApiToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiToken"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<RevokeTokenMutation, RevokeTokenMutationVariables>;
export const FindSkuDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FindSku"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"code"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"byCode"},"name":{"kind":"Name","value":"skus"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"code"},"value":{"kind":"Variable","name":{"kind":"Name","value":"code"}}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}},{"kind":"Field","alias":{"kind":"Name","value":"byBarcode"},"name":{"kind":"Name","value":"skus"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"barcode"},"value":{"kind":"Variable","name":{"kind":"Name","value":"code"}}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]}}]} as unknown as DocumentNode<FindSkuQuery, FindSkuQueryVariables>;
export const SkuHistoryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SkuHistory"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"cycleCount"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"countClass"}},{"kind":"Field","name":{"kind":"Name","value":"lastCountedAt"}},{"kind":"Field","name":{"kind":"Name","value":"dueAt"}},{"kind":"Field","name":{"kind":"Name","value":"daysOverdue"}}]}},{"kind":"Field","name":{"kind":"Name","value":"movements"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}},{"kind":"Field","name":{"kind":"Name","value":"change"}},{"kind":"Field","name":{"kind":"Name","value":"quantityAfter"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"stockTakeId"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<SkuHistoryQuery, SkuHistoryQueryVariables>;
export const TransferToReceiveDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TransferToReceive"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transfer"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"lineCount"}},{"kind":"Field","name":{"kind":"Name","value":"lines"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"300"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"inTransitQty"}},{"kind":"Field","name":{"kind":"Name","value":"sku"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"barcodes"}}]}},{"kind":"Field","name":{"kind":"Name","value":"supplierItem"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"barcodes"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<TransferToReceiveQuery, TransferToReceiveQueryVariables>;
export const ReceiveTransferDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ReceiveTransfer"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ReceiveTransferInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"receiveTransfer"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transfer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<ReceiveTransferMutation, ReceiveTransferMutationVariables>;
export const ReportsScreenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ReportsScreen"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"from"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"to"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accuracyReport"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"from"}}},{"kind":"Argument","name":{"kind":"Name","value":"to"},"value":{"kind":"Variable","name":{"kind":"Name","value":"to"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"overall"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accuracy"}},{"kind":"Field","name":{"kind":"Name","value":"linesCounted"}},{"kind":"Field","name":{"kind":"Name","value":"linesAccurate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stockTakes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockTakeId"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"reconciledAt"}},{"kind":"Field","name":{"kind":"Name","value":"accuracy"}},{"kind":"Field","name":{"kind":"Name","value":"linesCounted"}},{"kind":"Field","name":{"kind":"Name","value":"linesAccurate"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"varianceReport"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"from"}}},{"kind":"Argument","name":{"kind":"Name","value":"to"},"value":{"kind":"Variable","name":{"kind":"Name","value":"to"}}},{"kind":"Argument","name":{"kind":"Name","value":"top"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reasons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"movements"}},{"kind":"Field","name":{"kind":"Name","value":"unitsIn"}},{"kind":"Field","name":{"kind":"Name","value":"unitsOut"}},{"kind":"Field","name":{"kind":"Name","value":"unitsNet"}},{"kind":"Field","name":{"kind":"Name","value":"values"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"net"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"topItems"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"unitsOut"}},{"kind":"Field","name":{"kind":"Name","value":"values"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"losses"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ReportsScreenQuery, ReportsScreenQueryVariables>;
export const ReviewScreenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ReviewScreen"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockTake"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"summary"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lines"}},{"kind":"Field","name":{"kind":"Name","value":"counted"}},{"kind":"Field","name":{"kind":"Name","value":"uncounted"}},{"kind":"Field","name":{"kind":"Name","value":"accepted"}},{"kind":"Field","name":{"kind":"Name","value":"applied"}},{"kind":"Field","name":{"kind":"Name","value":"recountRequested"}},{"kind":"Field","name":{"kind":"Name","value":"netDifference"}},{"kind":"Field","name":{"kind":"Name","value":"sumAbsDifference"}},{"kind":"Field","name":{"kind":"Name","value":"autoAccepted"}},{"kind":"Field","name":{"kind":"Name","value":"values"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"gains"}},{"kind":"Field","name":{"kind":"Name","value":"losses"}},{"kind":"Field","name":{"kind":"Name","value":"net"}},{"kind":"Field","name":{"kind":"Name","value":"absolute"}},{"kind":"Field","name":{"kind":"Name","value":"valuedLines"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ReviewScreenQuery, ReviewScreenQueryVariables>;
export const DecideDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Decide"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AcceptStockTakeLinesInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"acceptStockTakeLines"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"acceptedCount"}},{"kind":"Field","name":{"kind":"Name","value":"needsReviewCount"}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<DecideMutation, DecideMutationVariables>;
export const ReconcileDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Reconcile"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ReconcileStockTakeInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reconcileStockTake"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reconciliation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dryRun"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"appliedCount"}},{"kind":"Field","name":{"kind":"Name","value":"unchanged"}},{"kind":"Field","name":{"kind":"Name","value":"skipped"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uncounted"}},{"kind":"Field","name":{"kind":"Name","value":"unaccepted"}},{"kind":"Field","name":{"kind":"Name","value":"linked"}}]}},{"kind":"Field","name":{"kind":"Name","value":"applied"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"previousQty"}},{"kind":"Field","name":{"kind":"Name","value":"newQty"}},{"kind":"Field","name":{"kind":"Name","value":"change"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<ReconcileMutation, ReconcileMutationVariables>;
export const FindToSendDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FindToSend"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"code"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"siteId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"byCode"},"name":{"kind":"Name","value":"skus"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"code"},"value":{"kind":"Variable","name":{"kind":"Name","value":"code"}}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}},{"kind":"Argument","name":{"kind":"Name","value":"siteId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"siteId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}}]}}]}}]}},{"kind":"Field","alias":{"kind":"Name","value":"byBarcode"},"name":{"kind":"Name","value":"skus"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"barcode"},"value":{"kind":"Variable","name":{"kind":"Name","value":"code"}}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}},{"kind":"Argument","name":{"kind":"Name","value":"siteId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"siteId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}}]}}]}}]}}]}}]} as unknown as DocumentNode<FindToSendQuery, FindToSendQueryVariables>;
export const SendTransferDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SendTransfer"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTransferInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTransfer"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transfer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"lineCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<SendTransferMutation, SendTransferMutationVariables>;
export const SiteToEditDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SiteToEdit"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"site"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"isDefault"}}]}}]}}]} as unknown as DocumentNode<SiteToEditQuery, SiteToEditQueryVariables>;
export const SaveSiteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SaveSite"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateSiteInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateSite"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"site"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"isDefault"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<SaveSiteMutation, SaveSiteMutationVariables>;
export const SitesPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SitesPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sites"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"isDefault"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<SitesPageQuery, SitesPageQueryVariables>;
export const AddSiteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AddSite"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateSiteInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSite"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"site"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<AddSiteMutation, AddSiteMutationVariables>;
export const StartStockTakeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"StartStockTake"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"StartStockTakeInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"startStockTake"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockTake"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"preview"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"siteId"}},{"kind":"Field","name":{"kind":"Name","value":"lines"}},{"kind":"Field","name":{"kind":"Name","value":"areas"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"lines"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<StartStockTakeMutation, StartStockTakeMutationVariables>;
export const OpenStockTakesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OpenStockTakes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"counting"},"name":{"kind":"Name","value":"stockTakes"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"EnumValue","value":"COUNTING"}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"50"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"StockTakeCard_stockTake"}}]}}]}}]}},{"kind":"Field","alias":{"kind":"Name","value":"open"},"name":{"kind":"Name","value":"stockTakes"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"EnumValue","value":"OPEN"}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"50"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"StockTakeCard_stockTake"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StockTakeCard_stockTake"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockTake"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"blind"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"reconciledAt"}}]}}]} as unknown as DocumentNode<OpenStockTakesQuery, OpenStockTakesQueryVariables>;
export const ReconciledStockTakesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ReconciledStockTakes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockTakes"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"EnumValue","value":"RECONCILED"}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"StockTakeCard_stockTake"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StockTakeCard_stockTake"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockTake"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"blind"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"reconciledAt"}}]}}]} as unknown as DocumentNode<ReconciledStockTakesQuery, ReconciledStockTakesQueryVariables>;
export const TransfersInTransitDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TransfersInTransit"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"toSiteId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transfers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"EnumValue","value":"IN_TRANSIT"}},{"kind":"Argument","name":{"kind":"Name","value":"toSiteId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"toSiteId"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"50"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"fromSiteId"}},{"kind":"Field","name":{"kind":"Name","value":"lineCount"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]}}]}}]} as unknown as DocumentNode<TransfersInTransitQuery, TransfersInTransitQueryVariables>;
export const FindLineDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FindLine"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"code"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockTake"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"lines"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"code"},"value":{"kind":"Variable","name":{"kind":"Name","value":"code"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FoundLine"}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FoundLine"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockTakeLine"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"supplier"}},{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"countedQty"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"recountRequested"}}]}}]} as unknown as DocumentNode<FindLineQuery, FindLineQueryVariables>;
export const SaveCountDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SaveCount"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SubmitStockTakeCountsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"submitStockTakeCounts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<SaveCountMutation, SaveCountMutationVariables>;
export const ViewerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"token"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}}]}},{"kind":"Field","name":{"kind":"Name","value":"site"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sites"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<ViewerQuery, ViewerQueryVariables>;