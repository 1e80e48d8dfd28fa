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

/** Sets a SKU's on hand to an absolute value. */
export type AdjustSkuStockInput = {
  /** Apply only if on hand is still this value (else ON_HAND_CHANGED). */
  expectedOnHand?: number | null | undefined;
  /** Retries with the same key within 24 hours replay the first result and write nothing. */
  idempotencyKey?: string | null | undefined;
  /** Required (not blank) for MANUAL and ERROR; at most 1000 characters. */
  note?: string | null | undefined;
  /** The new absolute on hand. */
  onHand: number;
  /** Why the quantity changes. */
  reason: AdjustmentReason;
  /** Your reference (an order number, say); at most 200 characters. */
  reference?: string | null | undefined;
  /** The site whose stock is set: the default site when absent (SITE_NOT_FOUND if the account has none by this id; SITE_INACTIVE if it is deactivated). */
  siteId?: number | null | undefined;
  /** The SKU to adjust. */
  skuId: number;
};

/** Sets an unlinked supplier item's on hand to an absolute value (a linked item's stock is its SKU's: LINKED_SUPPLIER_ITEM). */
export type AdjustSupplierItemStockInput = {
  /** Apply only if on hand is still this value (else ON_HAND_CHANGED). */
  expectedOnHand?: number | null | undefined;
  /** Retries with the same key within 24 hours replay the first result and write nothing. */
  idempotencyKey?: string | null | undefined;
  /** Required (not blank) for MANUAL and ERROR; at most 1000 characters. */
  note?: string | null | undefined;
  /** The new absolute on hand. */
  onHand: number;
  /** Why the quantity changes. */
  reason: AdjustmentReason;
  /** Your reference (an order number, say); at most 200 characters. */
  reference?: string | null | undefined;
  /** The site whose stock is set: the default site when absent (SITE_NOT_FOUND if the account has none by this id; SITE_INACTIVE if it is deactivated). */
  siteId?: number | null | undefined;
  /** The supplier item to adjust. */
  supplierItemId: number;
};

/** What an adjustment did to one line. */
export type AdjustmentLineStatus =
  /** The quantity changed; one movement was written. */
  | 'CHANGED'
  /** The new quantity equalled the current one; no movement was written. */
  | 'UNCHANGED';

/** Reasons a client may give for an adjustment; MANUAL and ERROR require a note. */
export type AdjustmentReason =
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
  /** Goods received. */
  | 'RECEIVED'
  /** Goods returned. */
  | 'RETURNED'
  /** Goods stolen. */
  | 'THEFT';

/** Sets SKUs and supplier items to absolute quantities: all lines or none. */
export type BulkAdjustStockInput = {
  /** Retries with the same key within 24 hours replay the first result and write nothing. */
  idempotencyKey?: string | null | undefined;
  /** At least one line, each entity once per site. At most 10,000. */
  lines: Array<BulkAdjustmentLineInput>;
  /** Required (not blank) for MANUAL and ERROR; at most 1000 characters. */
  note?: string | null | undefined;
  /** Why the quantities change, for every line. */
  reason: AdjustmentReason;
  /** Your reference (an order number, say); at most 200 characters. */
  reference?: string | null | undefined;
  /** The site whose stock is set: the default site when absent (SITE_NOT_FOUND if the account has none by this id; SITE_INACTIVE if it is deactivated). */
  siteId?: number | null | undefined;
};

/** One entity to set to an absolute quantity. */
export type BulkAdjustmentLineInput = {
  /** One of the entity's barcodes, as scanned, instead of id (BARCODE_NOT_FOUND when no entity of the type has it). */
  barcode?: string | null | undefined;
  /** Apply only if the quantity is still this value (else ON_HAND_CHANGED). */
  expectedQty?: number | null | undefined;
  /** The SKU's or supplier item's id; or give barcode instead. */
  id?: number | null | undefined;
  /** The new absolute on hand. */
  newQty: number;
  /** The site whose stock this line sets, instead of the input's siteId (SITE_NOT_FOUND or SITE_INACTIVE at this line). An entity may be on several lines at different sites; the lines span at most 100 sites (TOO_MANY_SITES). */
  siteId?: number | null | undefined;
  /** SKU, or SUPPLIER_ITEM (unlinked only: else LINKED_SUPPLIER_ITEM). */
  type: StockEntityType;
};

/** The stock take to cancel. */
export type CancelStockTakeInput = {
  /** Retries with the same key within 24 hours replay the first result and write nothing. */
  idempotencyKey?: string | null | undefined;
  /** The stock take. */
  stockTakeId: number;
};

/** Cancels a transfer before any receipt: its stock goes back. */
export type CancelTransferInput = {
  /** The transfer (TRANSFER_NOT_FOUND; TRANSFER_CLOSED; TRANSFER_RECEIVED). */
  id: number;
  /** Retries with the same key within 24 hours replay the first result and write nothing. */
  idempotencyKey?: string | null | undefined;
};

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

/** A new SKU. */
export type CreateSkuInput = {
  /** Inactive SKUs are left out of a stock take's default scope. */
  active?: boolean | null | undefined;
  /** The SKU's barcodes. At most 50, each at most 64 characters. GTIN-8/12/13/14 need a valid check digit (else INVALID_BARCODE); anything else is an in-house label. Unique in the account across SKUs and supplier items (else DUPLICATE_BARCODE); one GTIN's spellings (UPC-A, EAN-13 with a leading 0) are one barcode. */
  barcodes?: Array<string> | null | undefined;
  /** Trimmed, not blank, at most 64 characters; unique in the account regardless of case (else DUPLICATE_CODE). */
  code: string;
  /** Retries with the same key within 24 hours replay the first result and write nothing. */
  idempotencyKey?: string | null | undefined;
  /** Where its stock is kept (a shelf, bay, bin or picking position such as A-01-03). Trimmed, at most 64 characters, no control characters; case is kept and compared regardless of. Left out or blank: none. */
  location?: string | null | undefined;
  /** Trimmed, not blank, at most 200 characters. */
  name: string;
  /** Recorded as an OPENING_BALANCE movement; default 0 (no movement). */
  openingOnHand?: number | null | undefined;
  /** What one unit costs, in the account's currency. Needs the costs scope (else FORBIDDEN). 0 <= cost < 10^10, at most 4 decimal places (else INVALID_COST); the account's currency must be set first (else CURRENCY_NOT_SET). Left out or null: none. */
  unitCost?: number | null | undefined;
};

/** A new supplier item, linked to a SKU or holding stock of its own. */
export type CreateSupplierItemInput = {
  /** Whether the item is in use. */
  active?: boolean | null | undefined;
  /** The item's barcodes. At most 50, each at most 64 characters. GTIN-8/12/13/14 need a valid check digit (else INVALID_BARCODE); anything else is an in-house label. Unique in the account across SKUs and supplier items (else DUPLICATE_BARCODE); one GTIN's spellings (UPC-A, EAN-13 with a leading 0) are one barcode. */
  barcodes?: Array<string> | null | undefined;
  /** Trimmed, not blank, at most 64 characters; unique per supplier regardless of case (else DUPLICATE_CODE). */
  code: string;
  /** Retries with the same key within 24 hours replay the first result and write nothing. */
  idempotencyKey?: string | null | undefined;
  /** Where its stock is kept (a shelf, bay, bin or picking position such as A-01-03). Trimmed, at most 64 characters, no control characters; case is kept and compared regardless of. Left out or blank: none. */
  location?: string | null | undefined;
  /** Trimmed, not blank, at most 200 characters. */
  name: string;
  /** Unlinked items only; recorded as an OPENING_BALANCE movement; default 0. */
  openingOnHand?: number | null | undefined;
  /** Link to this SKU: the item then shares its stock. */
  skuId?: number | null | undefined;
  /** The supplier's name. Trimmed, not blank, at most 100 characters. */
  supplier: string;
  /** What one unit costs, in the account's currency. Needs the costs scope (else FORBIDDEN). 0 <= cost < 10^10, at most 4 decimal places (else INVALID_COST); the account's currency must be set first (else CURRENCY_NOT_SET). Left out or null: none. */
  unitCost?: number | null | undefined;
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

/** A new webhook endpoint. */
export type CreateWebhookInput = {
  /** false registers it paused: its deliveries wait until it is activated. */
  active?: boolean | null | undefined;
  /** Your note on what it is for; at most 500 characters. */
  description?: string | null | undefined;
  /** The event types it receives. At least one of stock.changed, sku.created, sku.updated, supplier_item.created, supplier_item.updated, stock_take.started, stock_take.counted, stock_take.accepted, stock_take.reconciled, stock_take.cancelled, transfer.dispatched, transfer.received, transfer.cancelled (an unknown one is INVALID_PARAMETER). At most 13. */
  eventTypes: Array<string>;
  /** Retries with the same key within 24 hours replay the first result and write nothing. */
  idempotencyKey?: string | null | undefined;
  /** Whether its stock.changed events carry unit_cost and value_change (a valued movement's); true needs the costs scope (403 FORBIDDEN). */
  includeValues?: boolean | null | undefined;
  /** Only the events of these sites (SITE_NOT_FOUND for one the account does not have); events naming no site, the catalog's, are always delivered. Null or absent: every site. At most 100. */
  siteIds?: Array<number> | null | undefined;
  /** Where deliveries are POSTed: https:// (in development also http:// to a loopback address, for a local receiver); never a link-local, metadata or, in production, private or loopback address (else INVALID_WEBHOOK_URL). Redirects are not followed. */
  url: string;
};

/** The webhook to delete, with its deliveries. */
export type DeleteWebhookInput = {
  /** The webhook to delete. */
  id: number;
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

/** Up to 10,000 SKUs to create or update, all or none. */
export type ImportSkusInput = {
  /** Retries with the same key within 24 hours replay the first result and write nothing. */
  idempotencyKey?: string | null | undefined;
  /** At least one row, each code once. At most 10,000. */
  rows: Array<SkuImportRowInput>;
};

/** Up to 10,000 supplier items to create or update, all or none. */
export type ImportSupplierItemsInput = {
  /** Retries with the same key within 24 hours replay the first result and write nothing. */
  idempotencyKey?: string | null | undefined;
  /** At least one row, each supplier and code once. At most 10,000. */
  rows: Array<SupplierItemImportRowInput>;
};

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

/** A delivery to send again. */
export type RedeliverWebhookDeliveryInput = {
  /** The delivery (WebhookDelivery.id). */
  deliveryId: number;
  /** The webhook the delivery belongs to. */
  webhookId: number;
};

/** The token to revoke. */
export type RevokeApiTokenInput = {
  /** The token's id (ApiToken.id). */
  id: number;
};

/** The webhook to give a new secret. */
export type RotateWebhookSecretInput = {
  /** The webhook. */
  id: number;
  /** Retries with the same key within 24 hours replay the first result and write nothing. */
  idempotencyKey?: string | null | undefined;
  /** How long the old secret keeps signing too (one more signature in webhook-signature), 0 to 168 hours; 24 when absent. Earlier secrets keep signing until the end of their own overlap; with 4 of them still signing, only 0 is taken (INVALID_PARAMETER). */
  overlapHours?: number | null | undefined;
};

/** Narrows a SKU list; every filter given must hold. */
export type SkuFilter = {
  /** Only active (true) or retired (false) ones. */
  active?: boolean | null | undefined;
  /** One of its barcodes (any spelling of a GTIN). */
  barcode?: string | null | undefined;
  /** The code, exactly but regardless of case. */
  code?: string | null | undefined;
  /** Only those whose location starts with this text, regardless of case (A-01 finds A-01-03; A- a whole aisle). */
  location?: string | null | undefined;
  /** Part of the code or name, regardless of case (trigram search). */
  q?: string | null | undefined;
  /** Changed at or after this RFC 3339 timestamp (or date, in the account's time zone); the list is then in the order of change, oldest first. To sync, page to the end and next time ask from the last node's updatedAt: a node may come again, none is skipped. Other filters apply to rows as they are now (a row that leaves them is not listed again): sync without them to see every change. */
  updatedSince?: string | null | undefined;
};

/** One SKU of an import, matched by its code regardless of case. */
export type SkuImportRowInput = {
  /** Left out: a new SKU is active, an existing one stays as it is. */
  active?: boolean | null | undefined;
  /** The SKU's whole set of barcodes; left out, an existing SKU keeps its own. At most 50, each at most 64 characters. GTIN-8/12/13/14 need a valid check digit (else INVALID_BARCODE); anything else is an in-house label. Unique in the account across SKUs and supplier items (else DUPLICATE_BARCODE); one GTIN's spellings (UPC-A, EAN-13 with a leading 0) are one barcode. */
  barcodes?: Array<string> | null | undefined;
  /** Trimmed, not blank, at most 64 characters; a new code creates a SKU, a known one updates it. */
  code: string;
  /** Where its stock is kept (a shelf, bay, bin or picking position such as A-01-03). Trimmed, at most 64 characters, no control characters; case is kept and compared regardless of. Left out: a new one has none, an existing one keeps its own; blank removes it. */
  location?: string | null | undefined;
  /** Trimmed, not blank, at most 200 characters. */
  name: string;
  /** An opening balance at the row's site, recorded as an OPENING_BALANCE movement where the item has never moved at that site (new or not); where it has, its stock there is left as it is and the row is counted in onHandKept. Not with openingOnHand. */
  onHand?: number | null | undefined;
  /** New SKUs only, at the row's site, recorded as an OPENING_BALANCE movement; an import never changes an existing SKU's stock. Not with onHand. */
  openingOnHand?: number | null | undefined;
  /** The site onHand, openingOnHand and location are at (SITE_NOT_FOUND, SITE_INACTIVE); left out: the default site (a token limited to sites: its first). An item may be on one row per site, each row with the same catalog fields but its own location; the rows span at most 100 sites (TOO_MANY_SITES). */
  siteId?: number | null | undefined;
  /** What one unit costs, in the account's currency. Needs the costs scope (else FORBIDDEN). 0 <= cost < 10^10, at most 4 decimal places (else INVALID_COST); the account's currency must be set first (else CURRENCY_NOT_SET). Left out: a new item has none, an existing one keeps its own; null removes it. An item's rows at several sites carry the same cost. */
  unitCost?: number | null | undefined;
};

/** The order of a list. */
export type SortOrder =
  /** Oldest first (for sync consumers). */
  | 'ASC'
  /** Newest first. */
  | 'DESC';

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

/** Narrows the adjustments listed; from/to follow the movement filter's date rules (no window is required). */
export type StockAdjustmentFilter = {
  /** YYYY-MM-DD (start of that day in the account's time zone) or an RFC 3339 timestamp. */
  from?: string | null | undefined;
  /** Only adjustments with this reason. */
  reason?: AdjustmentReason | null | undefined;
  /** Only adjustments with exactly this reference. */
  reference?: string | null | undefined;
  /** YYYY-MM-DD (that whole day included) or an RFC 3339 timestamp (included); default now. */
  to?: string | null | undefined;
};

/** What a line or movement is about. REST spells the values in lower case (sku, supplier_item). */
export type StockEntityType =
  /** A SKU. */
  | 'SKU'
  /** A supplier item (only an unlinked one holds stock of its own). */
  | 'SUPPLIER_ITEM';

/** Bounded by an entity (skuId, supplierItemId, stockTakeId, adjustmentId or transferId: any window, or none) or by a window of at most 31 days; siteId, reason, source and reference narrow a bounded query. An entity that does not exist is its NOT_FOUND error, never an empty page. */
export type StockMovementFilter = {
  /** Movements written by this adjustment. */
  adjustmentId?: number | null | undefined;
  /** YYYY-MM-DD (start of that day in the account's time zone) or an RFC 3339 timestamp. */
  from?: string | null | undefined;
  /** Only movements with this reason. */
  reason?: StockReason | null | undefined;
  /** Only movements with exactly this reference. */
  reference?: string | null | undefined;
  /** Movements at this site (SITE_NOT_FOUND if the account has none by this id). Narrows: alone it still needs a window of at most 31 days. */
  siteId?: number | null | undefined;
  /** This SKU's movements. */
  skuId?: number | null | undefined;
  /** Only movements from this source. */
  source?: MovementSource | null | undefined;
  /** Movements written by this stock take. */
  stockTakeId?: number | null | undefined;
  /** This supplier item's movements; for a linked item, its SKU's (which hold its stock). */
  supplierItemId?: number | null | undefined;
  /** YYYY-MM-DD (that whole day included) or an RFC 3339 timestamp (included); default now. */
  to?: string | null | undefined;
  /** Movements written by this transfer: its dispatch, receipts, write-offs and cancel (TRANSFER_NOT_FOUND if the account has none by this id, or, for a token limited to sites, none touching its sites). */
  transferId?: number | null | undefined;
};

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

/** One supplier item of an import, matched by supplier and code (regardless of case). */
export type SupplierItemImportRowInput = {
  /** Left out: a new SKU is active, an existing one stays as it is. */
  active?: boolean | null | undefined;
  /** The SKU's whole set of barcodes; left out, an existing SKU keeps its own. At most 50, each at most 64 characters. GTIN-8/12/13/14 need a valid check digit (else INVALID_BARCODE); anything else is an in-house label. Unique in the account across SKUs and supplier items (else DUPLICATE_BARCODE); one GTIN's spellings (UPC-A, EAN-13 with a leading 0) are one barcode. */
  barcodes?: Array<string> | null | undefined;
  /** Trimmed, not blank, at most 64 characters; a new code creates a SKU, a known one updates it. */
  code: string;
  /** Where its stock is kept (a shelf, bay, bin or picking position such as A-01-03). Trimmed, at most 64 characters, no control characters; case is kept and compared regardless of. Left out: a new one has none, an existing one keeps its own; blank removes it. */
  location?: string | null | undefined;
  /** Trimmed, not blank, at most 200 characters. */
  name: string;
  /** An opening balance at the row's site, recorded as an OPENING_BALANCE movement where the item has never moved at that site (new or not); where it has, its stock there is left as it is and the row is counted in onHandKept. Not with openingOnHand. */
  onHand?: number | null | undefined;
  /** New SKUs only, at the row's site, recorded as an OPENING_BALANCE movement; an import never changes an existing SKU's stock. Not with onHand. */
  openingOnHand?: number | null | undefined;
  /** The site onHand, openingOnHand and location are at (SITE_NOT_FOUND, SITE_INACTIVE); left out: the default site (a token limited to sites: its first). An item may be on one row per site, each row with the same catalog fields but its own location; the rows span at most 100 sites (TOO_MANY_SITES). */
  siteId?: number | null | undefined;
  /** A new item: link it to this SKU (then no openingOnHand). An existing item: its link as it stands (else LINKED_SUPPLIER_ITEM; links change with linkSupplierItem and unlinkSupplierItem). */
  skuId?: number | null | undefined;
  /** The supplier's name. Trimmed, not blank, at most 100 characters. */
  supplier: string;
  /** What one unit costs, in the account's currency. Needs the costs scope (else FORBIDDEN). 0 <= cost < 10^10, at most 4 decimal places (else INVALID_COST); the account's currency must be set first (else CURRENCY_NOT_SET). Left out: a new item has none, an existing one keeps its own; null removes it. An item's rows at several sites carry the same cost. */
  unitCost?: number | null | undefined;
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

/** Changes to a webhook; a field left out stays as it is. */
export type UpdateWebhookInput = {
  /** false pauses deliveries; true resumes them, also after the service disabled the webhook (from the delivery where they stopped). */
  active?: boolean | null | undefined;
  /** Your note on what it is for; at most 500 characters. null clears it. */
  description?: string | null | undefined;
  /** The whole new set of event types. At least one of stock.changed, sku.created, sku.updated, supplier_item.created, supplier_item.updated, stock_take.started, stock_take.counted, stock_take.accepted, stock_take.reconciled, stock_take.cancelled, transfer.dispatched, transfer.received, transfer.cancelled (an unknown one is INVALID_PARAMETER). At most 13. */
  eventTypes?: Array<string> | null | undefined;
  /** The webhook to change. */
  id: number;
  /** Whether its stock.changed events carry unit_cost and value_change (a valued movement's); true needs the costs scope (403 FORBIDDEN). Left out: unchanged. */
  includeValues?: boolean | null | undefined;
  /** The whole new set of sites. Only the events of these sites (SITE_NOT_FOUND for one the account does not have); events naming no site, the catalog's, are always delivered. Null: every site again; left out: unchanged. At most 100. */
  siteIds?: Array<number> | null | undefined;
  /** Where deliveries are POSTed: https:// (in development also http:// to a loopback address, for a local receiver); never a link-local, metadata or, in production, private or loopback address (else INVALID_WEBHOOK_URL). Redirects are not followed. */
  url?: string | null | undefined;
};

/** Where a webhook delivery stands: PENDING until the receiver accepts it (DELIVERED) or the service gives up (FAILED). redeliverWebhookDelivery makes any of them PENDING again. */
export type WebhookDeliveryStatus =
  /** The receiver answered 2xx. */
  | 'DELIVERED'
  /** Given up after 3 days of failures, or the receiver answered 410. */
  | 'FAILED'
  /** Not delivered yet: waiting for its turn, or for a retry after a failed attempt. */
  | 'PENDING';

/** An enum describing what kind of type a given `__Type` is. */
export type __TypeKind =
  /** Indicates this type is a scalar. */
  | 'SCALAR'
  /** Indicates this type is an object. `fields` and `interfaces` are valid fields. */
  | 'OBJECT'
  /** Indicates this type is an interface. `fields`, `interfaces`, and `possibleTypes` are valid fields. */
  | 'INTERFACE'
  /** Indicates this type is a union. `possibleTypes` is a valid field. */
  | 'UNION'
  /** Indicates this type is an enum. `enumValues` is a valid field. */
  | 'ENUM'
  /** Indicates this type is an input object. `inputFields` is a valid field. */
  | 'INPUT_OBJECT'
  /** Indicates this type is a list. `ofType` is a valid field. */
  | 'LIST'
  /** Indicates this type is a non-null. `ofType` is a valid field. */
  | 'NON_NULL';

export type AdjAdjustSkuStockMutationVariables = Exact<{
  input: AdjustSkuStockInput;
}>;


export type AdjAdjustSkuStockMutation = { adjustSkuStock: { sku: { id: number, code: string, onHand: number } | null, movement: { id: number, occurredAt: string, entityType: StockEntityType, skuId: number | null, supplierItemId: number | null, quantityBefore: number, quantityAfter: number, change: number, reason: StockReason, note: string | null, reference: string | null, source: MovementSource, adjustmentId: number | null, stockTakeId: number | null, actor: { name: string, tokenId: number | null } } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type AdjBulkAdjustStockMutationVariables = Exact<{
  input: BulkAdjustStockInput;
}>;


export type AdjBulkAdjustStockMutation = { bulkAdjustStock: { adjustment: { id: number, reason: AdjustmentReason, note: string | null, reference: string | null, createdAt: string, actor: { name: string, tokenId: number | null }, lines: Array<{ type: StockEntityType, id: number, previousQty: number, newQty: number, change: number, status: AdjustmentLineStatus, movementId: number | null }> } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type AdjAdjustSkuStockLiteralMutationVariables = Exact<{
  skuId: number;
}>;


export type AdjAdjustSkuStockLiteralMutation = { adjustSkuStock: { sku: { id: number, onHand: number } | null, movement: { id: number, occurredAt: string, entityType: StockEntityType, skuId: number | null, supplierItemId: number | null, quantityBefore: number, quantityAfter: number, change: number, reason: StockReason, note: string | null, reference: string | null, source: MovementSource, adjustmentId: number | null, stockTakeId: number | null, actor: { name: string, tokenId: number | null } } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type AdjSkuMovementsQueryVariables = Exact<{
  id: number;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type AdjSkuMovementsQuery = { sku: { id: number, onHand: number, movements: { edges: Array<{ cursor: string, node: { id: number, occurredAt: string, entityType: StockEntityType, skuId: number | null, supplierItemId: number | null, quantityBefore: number, quantityAfter: number, change: number, reason: StockReason, note: string | null, reference: string | null, source: MovementSource, adjustmentId: number | null, stockTakeId: number | null, actor: { name: string, tokenId: number | null } } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } } };

export type AdjSupplierItemMovementsQueryVariables = Exact<{
  id: number;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type AdjSupplierItemMovementsQuery = { supplierItem: { id: number, onHand: number, movements: { edges: Array<{ cursor: string, node: { id: number, occurredAt: string, entityType: StockEntityType, skuId: number | null, supplierItemId: number | null, quantityBefore: number, quantityAfter: number, change: number, reason: StockReason, note: string | null, reference: string | null, source: MovementSource, adjustmentId: number | null, stockTakeId: number | null, actor: { name: string, tokenId: number | null } } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } } };

export type LookupBarcodeQueryVariables = Exact<{
  code: string;
}>;


export type LookupBarcodeQuery = { lookupBarcode:
    | { __typename: 'Sku', id: number, code: string, barcodes: Array<string> }
    | { __typename: 'SupplierItem', id: number, supplier: string, barcodes: Array<string> }
   };

export type UpdateSkuBarcodesMutationVariables = Exact<{
  input: UpdateSkuInput;
}>;


export type UpdateSkuBarcodesMutation = { updateSku: { sku: { id: number, barcodes: Array<string>, updatedAt: string } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type CreateItemWithBarcodesMutationVariables = Exact<{
  input: CreateSupplierItemInput;
}>;


export type CreateItemWithBarcodesMutation = { createSupplierItem: { supplierItem: { id: number, barcodes: Array<string> } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type BulkAdjustByBarcodeMutationVariables = Exact<{
  input: BulkAdjustStockInput;
}>;


export type BulkAdjustByBarcodeMutation = { bulkAdjustStock: { adjustment: { lines: Array<{ type: StockEntityType, id: number, newQty: number }> } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode }> } };

export type SkuFieldsFragment = { id: number, code: string, name: string, onHand: number, active: boolean, createdAt: string, updatedAt: string };

export type SupplierItemFieldsFragment = { id: number, supplier: string, code: string, name: string, onHand: number, skuId: number | null, active: boolean };

export type GetSkuQueryVariables = Exact<{
  id: number;
}>;


export type GetSkuQuery = { sku: { id: number, code: string, name: string, onHand: number, active: boolean, createdAt: string, updatedAt: string } };

export type ListSkusQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type ListSkusQuery = { skus: { edges: Array<{ cursor: string, node: { id: number, code: string, name: string, onHand: number, active: boolean, createdAt: string, updatedAt: string } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type GetSupplierItemQueryVariables = Exact<{
  id: number;
}>;


export type GetSupplierItemQuery = { supplierItem: { id: number, supplier: string, code: string, name: string, onHand: number, skuId: number | null, active: boolean } };

export type ListSupplierItemsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type ListSupplierItemsQuery = { supplierItems: { edges: Array<{ cursor: string, node: { id: number, supplier: string, code: string, name: string, onHand: number, skuId: number | null, active: boolean } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type CreateSkuMutationVariables = Exact<{
  input: CreateSkuInput;
}>;


export type CreateSkuMutation = { createSku: { sku: { id: number, code: string, name: string, onHand: number, active: boolean, createdAt: string, updatedAt: string } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type CreateSupplierItemMutationVariables = Exact<{
  input: CreateSupplierItemInput;
}>;


export type CreateSupplierItemMutation = { createSupplierItem: { supplierItem: { id: number, supplier: string, code: string, name: string, onHand: number, skuId: number | null, active: boolean } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type CreateSkuWithLiteralQuantityMutationVariables = Exact<{
  code: string;
}>;


export type CreateSkuWithLiteralQuantityMutation = { createSku: { sku: { id: number, code: string, name: string, onHand: number, active: boolean, createdAt: string, updatedAt: string } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type ListSkusFilteredQueryVariables = Exact<{
  filter?: SkuFilter | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type ListSkusFilteredQuery = { skus: { edges: Array<{ node: { id: number, code: string, updatedAt: string } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type ImportSkusMutationVariables = Exact<{
  input: ImportSkusInput;
}>;


export type ImportSkusMutation = { importSkus: { result: { created: number, updated: number, unchanged: number, openingBalances: number | null, onHandKept: number | null, ids: Array<{ code: string, id: number }> } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type ImportSupplierItemsMutationVariables = Exact<{
  input: ImportSupplierItemsInput;
}>;


export type ImportSupplierItemsMutation = { importSupplierItems: { result: { created: number, updated: number, unchanged: number, ids: Array<{ code: string, id: number }> } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode }> } };

export type UpdateSkuAtSiteMutationVariables = Exact<{
  input: UpdateSkuInput;
}>;


export type UpdateSkuAtSiteMutation = { updateSku: { sku: { id: number, location: string | null, onHand: number } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type EventsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  types?: Array<string> | string | null | undefined;
}>;


export type EventsQuery = { events: { edges: Array<{ cursor: string, node: { id: string, type: string, occurredAt: string, data: Record<string, unknown> } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type MovementFieldsFragment = { id: number, occurredAt: string, entityType: StockEntityType, skuId: number | null, supplierItemId: number | null, quantityBefore: number, quantityAfter: number, change: number, reason: StockReason, note: string | null, reference: string | null, source: MovementSource, adjustmentId: number | null, stockTakeId: number | null, actor: { name: string, tokenId: number | null } };

export type MovementPageFragment = { edges: Array<{ cursor: string, node: { id: number, occurredAt: string, entityType: StockEntityType, skuId: number | null, supplierItemId: number | null, quantityBefore: number, quantityAfter: number, change: number, reason: StockReason, note: string | null, reference: string | null, source: MovementSource, adjustmentId: number | null, stockTakeId: number | null, actor: { name: string, tokenId: number | null } } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } };

export type LimNestedPagesLiteralQueryVariables = Exact<{ [key: string]: never; }>;


export type LimNestedPagesLiteralQuery = { skus: { edges: Array<{ node: { id: number, movements: { edges: Array<{ node: { id: number } }> } } }> } };

export type LimNestedPagesQueryVariables = Exact<{
  skus?: number | null | undefined;
  movements?: number | null | undefined;
}>;


export type LimNestedPagesQuery = { skus: { edges: Array<{ node: { id: number, movements: { edges: Array<{ node: { id: number } }> } } }> } };

export type LimFullMovementPageQueryVariables = Exact<{
  filter?: StockMovementFilter | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type LimFullMovementPageQuery = { stockMovements: { edges: Array<{ cursor: string, node: { id: number, occurredAt: string, entityType: StockEntityType, skuId: number | null, supplierItemId: number | null, quantityBefore: number, quantityAfter: number, change: number, reason: StockReason, note: string | null, reference: string | null, source: MovementSource, adjustmentId: number | null, stockTakeId: number | null, sku: { id: number, code: string, name: string, onHand: number, active: boolean, createdAt: string, updatedAt: string } | null, supplierItem: { id: number, supplier: string, code: string, name: string, onHand: number, skuId: number | null, active: boolean } | null, stockTake: { id: number, status: StockTakeStatus, reference: string | null } | null, actor: { name: string, tokenId: number | null } } }>, pageInfo: { hasPreviousPage: boolean, hasNextPage: boolean, startCursor: string | null, endCursor: string | null } } };

export type LimSkuPageQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type LimSkuPageQuery = { skus: { edges: Array<{ cursor: string, node: { id: number } }>, pageInfo: { hasPreviousPage: boolean, hasNextPage: boolean, startCursor: string | null, endCursor: string | null } } };

export type LimSupplierItemPageQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type LimSupplierItemPageQuery = { supplierItems: { edges: Array<{ cursor: string, node: { id: number } }>, pageInfo: { hasPreviousPage: boolean, hasNextPage: boolean, startCursor: string | null, endCursor: string | null } } };

export type LimSkuMovementPageQueryVariables = Exact<{
  id: number;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type LimSkuMovementPageQuery = { sku: { movements: { edges: Array<{ cursor: string, node: { id: number } }>, pageInfo: { hasPreviousPage: boolean, hasNextPage: boolean, startCursor: string | null, endCursor: string | null } } } };

export type LimMovementPageQueryVariables = Exact<{
  filter?: StockMovementFilter | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type LimMovementPageQuery = { stockMovements: { edges: Array<{ cursor: string, node: { id: number } }>, pageInfo: { hasPreviousPage: boolean, hasNextPage: boolean, startCursor: string | null, endCursor: string | null } } };

export type MvStockMovementsQueryVariables = Exact<{
  filter?: StockMovementFilter | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
  order?: SortOrder | null | undefined;
}>;


export type MvStockMovementsQuery = { stockMovements: { edges: Array<{ cursor: string, node: { id: number, occurredAt: string, entityType: StockEntityType, skuId: number | null, supplierItemId: number | null, quantityBefore: number, quantityAfter: number, change: number, reason: StockReason, note: string | null, reference: string | null, source: MovementSource, adjustmentId: number | null, stockTakeId: number | null, actor: { name: string, tokenId: number | null } } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type MvStockMovementsWithEntitiesQueryVariables = Exact<{
  filter?: StockMovementFilter | null | undefined;
  first?: number | null | undefined;
  order?: SortOrder | null | undefined;
}>;


export type MvStockMovementsWithEntitiesQuery = { stockMovements: { edges: Array<{ node: { id: number, skuId: number | null, supplierItemId: number | null, stockTakeId: number | null, sku: { id: number, code: string, name: string } | null, supplierItem: { id: number, supplier: string, code: string } | null, stockTake: { id: number, status: StockTakeStatus, reference: string | null } | null } }>, pageInfo: { hasNextPage: boolean } } };

export type MvStockMovementSkuCodesQueryVariables = Exact<{
  filter?: StockMovementFilter | null | undefined;
  first?: number | null | undefined;
}>;


export type MvStockMovementSkuCodesQuery = { stockMovements: { edges: Array<{ node: { id: number, sku: { code: string } | null } }> } };

export type MvSkuMovementsQueryVariables = Exact<{
  id: number;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type MvSkuMovementsQuery = { sku: { id: number, movements: { edges: Array<{ node: { id: number, skuId: number | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } } };

export type MvSkuPageMovementsQueryVariables = Exact<{
  first?: number | null | undefined;
  movements?: number | null | undefined;
}>;


export type MvSkuPageMovementsQuery = { skus: { edges: Array<{ node: { id: number, movements: { edges: Array<{ cursor: string, node: { id: number, occurredAt: string, entityType: StockEntityType, skuId: number | null, supplierItemId: number | null, quantityBefore: number, quantityAfter: number, change: number, reason: StockReason, note: string | null, reference: string | null, source: MovementSource, adjustmentId: number | null, stockTakeId: number | null, actor: { name: string, tokenId: number | null } } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } } }> } };

export type MvSupplierItemPageMovementsQueryVariables = Exact<{
  movements?: number | null | undefined;
}>;


export type MvSupplierItemPageMovementsQuery = { supplierItems: { edges: Array<{ node: { id: number, skuId: number | null, movements: { edges: Array<{ cursor: string, node: { id: number, occurredAt: string, entityType: StockEntityType, skuId: number | null, supplierItemId: number | null, quantityBefore: number, quantityAfter: number, change: number, reason: StockReason, note: string | null, reference: string | null, source: MovementSource, adjustmentId: number | null, stockTakeId: number | null, actor: { name: string, tokenId: number | null } } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } } }> } };

export type MvSupplierItemMovementsQueryVariables = Exact<{
  id: number;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type MvSupplierItemMovementsQuery = { supplierItem: { movements: { edges: Array<{ cursor: string, node: { id: number, occurredAt: string, entityType: StockEntityType, skuId: number | null, supplierItemId: number | null, quantityBefore: number, quantityAfter: number, change: number, reason: StockReason, note: string | null, reference: string | null, source: MovementSource, adjustmentId: number | null, stockTakeId: number | null, actor: { name: string, tokenId: number | null } } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } } };

export type RbStockAdjustmentQueryVariables = Exact<{
  id: number;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type RbStockAdjustmentQuery = { stockAdjustment: { id: number, reason: AdjustmentReason, note: string | null, reference: string | null, createdAt: string, actor: { name: string, tokenId: number | null }, lines: { edges: Array<{ cursor: string, node: { type: StockEntityType, id: number, previousQty: number, newQty: number, change: number, status: AdjustmentLineStatus, movementId: number | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } } };

export type RbStockAdjustmentsQueryVariables = Exact<{
  filter?: StockAdjustmentFilter | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type RbStockAdjustmentsQuery = { stockAdjustments: { edges: Array<{ cursor: string, node: { id: number, reason: AdjustmentReason, reference: string | null, createdAt: string } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type RbAdjustSupplierItemStockMutationVariables = Exact<{
  input: AdjustSupplierItemStockInput;
}>;


export type RbAdjustSupplierItemStockMutation = { adjustSupplierItemStock: { supplierItem: { id: number, onHand: number, skuId: number | null, updatedAt: string } | null, movement: { id: number, occurredAt: string, entityType: StockEntityType, skuId: number | null, supplierItemId: number | null, quantityBefore: number, quantityAfter: number, change: number, reason: StockReason, note: string | null, reference: string | null, source: MovementSource, adjustmentId: number | null, stockTakeId: number | null, actor: { name: string, tokenId: number | null } } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type RbMovementsQueryVariables = Exact<{
  filter?: StockMovementFilter | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
  order?: SortOrder | null | undefined;
}>;


export type RbMovementsQuery = { stockMovements: { edges: Array<{ cursor: string, node: { id: number, entityType: StockEntityType, skuId: number | null, supplierItemId: number | null, reason: StockReason, source: MovementSource, reference: string | null, adjustmentId: number | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type RbSupplierItemHistoryQueryVariables = Exact<{
  id: number;
}>;


export type RbSupplierItemHistoryQuery = { supplierItem: { id: number, onHand: number, updatedAt: string, movements: { edges: Array<{ node: { id: number, entityType: StockEntityType, skuId: number | null, quantityAfter: number } }> } } };

export type ScStartMutationVariables = Exact<{
  input: StartStockTakeInput;
}>;


export type ScStartMutation = { startStockTake: { stockTake: { id: number, status: StockTakeStatus, startedBy: { name: string, tokenId: number | null } } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type ScSubmitMutationVariables = Exact<{
  input: SubmitStockTakeCountsInput;
}>;


export type ScSubmitMutation = { submitStockTakeCounts: { status: StockTakeStatus | null, lines: Array<{ type: StockEntityType, id: number, expectedQty: number | null, countedQty: number | null, difference: number | null, sku: { id: number, onHand: number } | null, supplierItem: { id: number, onHand: number } | null }> | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type SeqAdjustedFragment = { movement: { id: number, quantityAfter: number, sku: { onHand: number } | null } | null, userErrors: Array<{ code: ErrorCode }> };

export type SeqCreatedItemFragment = { supplierItem: { id: number, movements: { edges: Array<{ node: { quantityAfter: number, supplierItem: { onHand: number } | null } }> } } | null, userErrors: Array<{ code: ErrorCode }> };

export type SeqTwoAdjustmentsMutationVariables = Exact<{
  first: AdjustSkuStockInput;
  second: AdjustSkuStockInput;
}>;


export type SeqTwoAdjustmentsMutation = { a: { movement: { id: number, quantityAfter: number, sku: { onHand: number } | null } | null, userErrors: Array<{ code: ErrorCode }> }, b: { movement: { id: number, quantityAfter: number, sku: { onHand: number } | null } | null, userErrors: Array<{ code: ErrorCode }> } };

export type SeqReadsAfterBulkMutationVariables = Exact<{
  item: CreateSupplierItemInput;
  sku: AdjustSkuStockInput;
  bulk: BulkAdjustStockInput;
}>;


export type SeqReadsAfterBulkMutation = { created: { supplierItem: { id: number, movements: { edges: Array<{ node: { quantityAfter: number, supplierItem: { onHand: number } | null } }> } } | null, userErrors: Array<{ code: ErrorCode }> }, adjusted: { movement: { id: number, quantityAfter: number, sku: { onHand: number } | null } | null, userErrors: Array<{ code: ErrorCode }> }, bulk: { adjustment: { lines: Array<{ id: number, newQty: number }> } | null, userErrors: Array<{ code: ErrorCode }> }, createdAgain: { supplierItem: { id: number, movements: { edges: Array<{ node: { quantityAfter: number, supplierItem: { onHand: number } | null } }> } } | null, userErrors: Array<{ code: ErrorCode }> }, adjustedAgain: { movement: { id: number, quantityAfter: number, sku: { onHand: number } | null } | null, userErrors: Array<{ code: ErrorCode }> } };

export type SchemaIntrospectionQueryVariables = Exact<{ [key: string]: never; }>;


export type SchemaIntrospectionQuery = { __schema: { queryType: { name: string | null }, mutationType: { name: string | null } | null, types: Array<{ name: string | null, kind: __TypeKind, fields: Array<{ name: string, type: { kind: __TypeKind, name: string | null, ofType: { kind: __TypeKind, name: string | null, ofType: { kind: __TypeKind, name: string | null, ofType: { kind: __TypeKind, name: string | null, ofType: { kind: __TypeKind, name: string | null, ofType: { kind: __TypeKind, name: string | null, ofType: { kind: __TypeKind, name: string | null, ofType: { kind: __TypeKind, name: string | null } | null } | null } | null } | null } | null } | null } | null } }> | null }> } };

export type TypeRefFragment = { kind: __TypeKind, name: string | null, ofType: { kind: __TypeKind, name: string | null, ofType: { kind: __TypeKind, name: string | null, ofType: { kind: __TypeKind, name: string | null, ofType: { kind: __TypeKind, name: string | null, ofType: { kind: __TypeKind, name: string | null, ofType: { kind: __TypeKind, name: string | null, ofType: { kind: __TypeKind, name: string | null } | null } | null } | null } | null } | null } | null } | null };

export type SiAdjSkuMutationVariables = Exact<{
  input: AdjustSkuStockInput;
}>;


export type SiAdjSkuMutation = { adjustSkuStock: { sku: { id: number, onHand: number } | null, movement: { siteId: number, quantityBefore: number, quantityAfter: number } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode }> } };

export type SiAdjBulkMutationVariables = Exact<{
  input: BulkAdjustStockInput;
}>;


export type SiAdjBulkMutation = { bulkAdjustStock: { adjustment: { id: number, siteId: number, lines: Array<{ id: number, previousQty: number, newQty: number }> } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode }> } };

export type SiBulkLinesMutationVariables = Exact<{
  input: BulkAdjustStockInput;
}>;


export type SiBulkLinesMutation = { bulkAdjustStock: { adjustment: { siteId: number, lines: Array<{ id: number, siteId: number, previousQty: number, newQty: number }> } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode }> } };

export type SiSiteFragment = { id: number, code: string, name: string, timezone: string | null, active: boolean, isDefault: boolean };

export type SiSitesQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  active?: boolean | null | undefined;
}>;


export type SiSitesQuery = { sites: { edges: Array<{ node: { id: number, code: string, name: string, timezone: string | null, active: boolean, isDefault: boolean } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type SiCreateMutationVariables = Exact<{
  input: CreateSiteInput;
}>;


export type SiCreateMutation = { createSite: { site: { id: number, code: string, name: string, timezone: string | null, active: boolean, isDefault: boolean } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type SiUpdateMutationVariables = Exact<{
  input: UpdateSiteInput;
}>;


export type SiUpdateMutation = { updateSite: { site: { id: number, code: string, name: string, timezone: string | null, active: boolean, isDefault: boolean } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type SiMovementsQueryVariables = Exact<{
  filter?: StockMovementFilter | null | undefined;
}>;


export type SiMovementsQuery = { stockMovements: { edges: Array<{ node: { id: number, skuId: number | null, siteId: number } }> } };

export type SiStockTakesQueryVariables = Exact<{
  siteId?: number | null | undefined;
}>;


export type SiStockTakesQuery = { stockTakes: { edges: Array<{ node: { id: number, siteId: number } }> } };

export type SiStartMutationVariables = Exact<{
  input: StartStockTakeInput;
}>;


export type SiStartMutation = { startStockTake: { stockTake: { id: number, siteId: number } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type SiNestedStockQueryVariables = Exact<{
  filter?: StockMovementFilter | null | undefined;
}>;


export type SiNestedStockQuery = { stockMovements: { edges: Array<{ node: { siteId: number, quantityAfter: number, sku: { id: number, onHand: number } | null, supplierItem: { id: number, onHand: number } | null } }> } };

export type SiTakeLineStockQueryVariables = Exact<{
  id: number;
}>;


export type SiTakeLineStockQuery = { stockTake: { siteId: number, lines: { edges: Array<{ node: { id: number, siteId: number | null, expectedQty: number | null, sku: { onHand: number } | null, supplierItem: { onHand: number } | null } }> } } };

export type SiLevelsQueryVariables = Exact<{
  id: number;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type SiLevelsQuery = { sku: { levels: { edges: Array<{ node: { siteId: number, onHand: number, inTransit: number } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } } };

export type StLineFieldsFragment = { type: StockEntityType, id: number, code: string, name: string, supplier: string | null, expectedQty: number | null, countedQty: number | null, difference: number | null, state: StockTakeLineState, countedBy: string | null, movedSinceFreeze: boolean, recountRequested: boolean };

export type StUserErrorsFragment = { field: Array<string> | null, code: ErrorCode, message: string };

export type StStartMutationVariables = Exact<{
  input: StartStockTakeInput;
}>;


export type StStartMutation = { startStockTake: { stockTake: { id: number, status: StockTakeStatus, basis: StockTakeBasis, blind: boolean, reference: string | null, startedBy: { name: string }, lines: { edges: Array<{ node: { type: StockEntityType, id: number, code: string, name: string, supplier: string | null, expectedQty: number | null, countedQty: number | null, difference: number | null, state: StockTakeLineState, countedBy: string | null, movedSinceFreeze: boolean, recountRequested: boolean, sku: { id: number, code: string, onHand: number } | null, supplierItem: { id: number } | null } }>, pageInfo: { hasNextPage: boolean } } } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type StSubmitMutationVariables = Exact<{
  input: SubmitStockTakeCountsInput;
}>;


export type StSubmitMutation = { submitStockTakeCounts: { status: StockTakeStatus | null, lines: Array<{ type: StockEntityType, id: number, code: string, name: string, supplier: string | null, expectedQty: number | null, countedQty: number | null, difference: number | null, state: StockTakeLineState, countedBy: string | null, movedSinceFreeze: boolean, recountRequested: boolean }> | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type StAcceptMutationVariables = Exact<{
  input: AcceptStockTakeLinesInput;
}>;


export type StAcceptMutation = { acceptStockTakeLines: { acceptedCount: number | null, needsReviewCount: number | null, accepted: Array<{ type: StockEntityType, id: number, code: string, name: string, supplier: string | null, expectedQty: number | null, countedQty: number | null, difference: number | null, state: StockTakeLineState, countedBy: string | null, movedSinceFreeze: boolean, recountRequested: boolean }> | null, needsReview: Array<{ type: StockEntityType, id: number, code: string, name: string, supplier: string | null, expectedQty: number | null, countedQty: number | null, difference: number | null, state: StockTakeLineState, countedBy: string | null, movedSinceFreeze: boolean, recountRequested: boolean }> | null, recount: Array<{ type: StockEntityType, id: number, code: string, name: string, supplier: string | null, expectedQty: number | null, countedQty: number | null, difference: number | null, state: StockTakeLineState, countedBy: string | null, movedSinceFreeze: boolean, recountRequested: boolean }> | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type StReconcileMutationVariables = Exact<{
  input: ReconcileStockTakeInput;
}>;


export type StReconcileMutation = { reconcileStockTake: { reconciliation: { id: number, status: StockTakeStatus, reconciledAt: string | null, dryRun: boolean, unchanged: number, applied: Array<{ type: StockEntityType, id: number, expectedQty: number, countedQty: number, difference: number, previousQty: number, newQty: number, change: number, clamped: boolean, movementId: number | null }>, skipped: { unaccepted: number, uncounted: number, linked: number } } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type StCancelMutationVariables = Exact<{
  input: CancelStockTakeInput;
}>;


export type StCancelMutation = { cancelStockTake: { stockTake: { id: number, status: StockTakeStatus, cancelledAt: string | null } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type StStockTakeQueryVariables = Exact<{
  id: number;
  state?: StockTakeLineState | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type StStockTakeQuery = { stockTake: { id: number, status: StockTakeStatus, blind: boolean, summary: { lines: number, uncounted: number, counted: number, accepted: number, applied: number, countedShare: number, movedSinceFreeze: number, recountRequested: number, sumAbsDifference: number | null, netDifference: number | null }, lines: { edges: Array<{ cursor: string, node: { type: StockEntityType, id: number, code: string, name: string, supplier: string | null, expectedQty: number | null, countedQty: number | null, difference: number | null, state: StockTakeLineState, countedBy: string | null, movedSinceFreeze: boolean, recountRequested: boolean, sku: { id: number, onHand: number } | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } }, counts: { edges: Array<{ node: { type: StockEntityType, id: number, mode: CountMode, quantity: number, countedQty: number, counter: string, countedAt: string } }> } } };

export type StStockTakesQueryVariables = Exact<{
  status?: StockTakeStatus | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type StStockTakesQuery = { stockTakes: { edges: Array<{ node: { id: number, status: StockTakeStatus } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type ApiTokenFieldsFragment = { id: number, name: string, scopes: Array<TokenScope>, createdAt: string, expiresAt: string | null, revokedAt: string | null, lastUsedAt: string | null };

export type ListApiTokensQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type ListApiTokensQuery = { apiTokens: { edges: Array<{ cursor: string, node: { id: number, name: string, scopes: Array<TokenScope>, createdAt: string, expiresAt: string | null, revokedAt: string | null, lastUsedAt: string | null } }>, pageInfo: { hasNextPage: boolean, hasPreviousPage: boolean, startCursor: string | null, endCursor: string | null } } };

export type CreateApiTokenMutationVariables = Exact<{
  input: CreateApiTokenInput;
}>;


export type CreateApiTokenMutation = { createApiToken: { token: string | null, apiToken: { id: number, name: string, scopes: Array<TokenScope>, createdAt: string, expiresAt: string | null, revokedAt: string | null, lastUsedAt: string | null } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type RevokeApiTokenMutationVariables = Exact<{
  input: RevokeApiTokenInput;
}>;


export type RevokeApiTokenMutation = { revokeApiToken: { apiToken: { id: number, name: string, scopes: Array<TokenScope>, createdAt: string, expiresAt: string | null, revokedAt: string | null, lastUsedAt: string | null } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type TrCreateMutationVariables = Exact<{
  input: CreateTransferInput;
}>;


export type TrCreateMutation = { createTransfer: { transfer: { id: number, status: TransferStatus, fromSiteId: number, toSiteId: number, lineCount: number, lines: { edges: Array<{ node: { type: StockEntityType, id: number, qty: number, receivedQty: number, lostQty: number, inTransitQty: number } }> } } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode }> } };

export type TrReceiveMutationVariables = Exact<{
  input: ReceiveTransferInput;
}>;


export type TrReceiveMutation = { receiveTransfer: { transfer: { id: number, status: TransferStatus, closedAt: string | null, lines: { edges: Array<{ node: { id: number, receivedQty: number, lostQty: number, inTransitQty: number } }> } } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode }> } };

export type TrCancelMutationVariables = Exact<{
  input: CancelTransferInput;
}>;


export type TrCancelMutation = { cancelTransfer: { transfer: { status: TransferStatus } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode }> } };

export type TrInTransitQueryVariables = Exact<{
  toSiteId: number;
}>;


export type TrInTransitQuery = { transfers: { edges: Array<{ node: { id: number, reference: string | null } }> } };

export type TrMovementsQueryVariables = Exact<{
  skuId: number;
}>;


export type TrMovementsQuery = { stockMovements: { edges: Array<{ node: { siteId: number, reason: StockReason, source: MovementSource, change: number, transferId: number | null } }> } };

export type TrTransferMovementsQueryVariables = Exact<{
  transferId: number;
}>;


export type TrTransferMovementsQuery = { stockMovements: { edges: Array<{ node: { siteId: number, reason: StockReason, transferId: number | null } }> } };

export type WebhookFieldsFragment = { id: number, url: string, eventTypes: Array<string>, description: string | null, active: boolean, disabledReason: string | null, previousSecretExpiresAt: string | null, createdAt: string, updatedAt: string };

export type ListWebhooksQueryVariables = Exact<{ [key: string]: never; }>;


export type ListWebhooksQuery = { webhooks: Array<{ id: number, url: string, eventTypes: Array<string>, description: string | null, active: boolean, disabledReason: string | null, previousSecretExpiresAt: string | null, createdAt: string, updatedAt: string }> };

export type GetWebhookQueryVariables = Exact<{
  id: number;
}>;


export type GetWebhookQuery = { webhook: { id: number, url: string, eventTypes: Array<string>, description: string | null, active: boolean, disabledReason: string | null, previousSecretExpiresAt: string | null, createdAt: string, updatedAt: string } };

export type WebhookDeliveriesQueryVariables = Exact<{
  id: number;
  first?: number | null | undefined;
  after?: string | null | undefined;
  status?: WebhookDeliveryStatus | null | undefined;
}>;


export type WebhookDeliveriesQuery = { webhook: { id: number, deliveries: { edges: Array<{ cursor: string, node: { id: number, eventId: string, eventType: string, status: WebhookDeliveryStatus, nextAttemptAt: string | null, deliveredAt: string | null, createdAt: string, attempts: Array<{ attemptedAt: string, statusCode: number | null, error: string | null, durationMs: number }> } }>, pageInfo: { hasNextPage: boolean, hasPreviousPage: boolean, startCursor: string | null, endCursor: string | null } } } };

export type CreateWebhookMutationVariables = Exact<{
  input: CreateWebhookInput;
}>;


export type CreateWebhookMutation = { createWebhook: { secret: string | null, webhook: { id: number, url: string, eventTypes: Array<string>, description: string | null, active: boolean, disabledReason: string | null, previousSecretExpiresAt: string | null, createdAt: string, updatedAt: string } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type UpdateWebhookMutationVariables = Exact<{
  input: UpdateWebhookInput;
}>;


export type UpdateWebhookMutation = { updateWebhook: { webhook: { id: number, url: string, eventTypes: Array<string>, description: string | null, active: boolean, disabledReason: string | null, previousSecretExpiresAt: string | null, createdAt: string, updatedAt: string } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type DeleteWebhookMutationVariables = Exact<{
  input: DeleteWebhookInput;
}>;


export type DeleteWebhookMutation = { deleteWebhook: { deletedId: number | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type RotateWebhookSecretMutationVariables = Exact<{
  input: RotateWebhookSecretInput;
}>;


export type RotateWebhookSecretMutation = { rotateWebhookSecret: { secret: string | null, webhook: { id: number, url: string, eventTypes: Array<string>, description: string | null, active: boolean, disabledReason: string | null, previousSecretExpiresAt: string | null, createdAt: string, updatedAt: string } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export type RedeliverWebhookDeliveryMutationVariables = Exact<{
  input: RedeliverWebhookDeliveryInput;
}>;


export type RedeliverWebhookDeliveryMutation = { redeliverWebhookDelivery: { delivery: { id: number, status: WebhookDeliveryStatus, nextAttemptAt: string | null, deliveredAt: string | null } | null, userErrors: Array<{ field: Array<string> | null, code: ErrorCode, message: string }> } };

export const SkuFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SkuFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Sku"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<SkuFieldsFragment, unknown>;
export const SupplierItemFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SupplierItemFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SupplierItem"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"supplier"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"active"}}]}}]} as unknown as DocumentNode<SupplierItemFieldsFragment, unknown>;
export const MovementFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MovementFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovement"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}},{"kind":"Field","name":{"kind":"Name","value":"entityType"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"supplierItemId"}},{"kind":"Field","name":{"kind":"Name","value":"quantityBefore"}},{"kind":"Field","name":{"kind":"Name","value":"quantityAfter"}},{"kind":"Field","name":{"kind":"Name","value":"change"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"adjustmentId"}},{"kind":"Field","name":{"kind":"Name","value":"stockTakeId"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"tokenId"}}]}}]}}]} as unknown as DocumentNode<MovementFieldsFragment, unknown>;
export const MovementPageFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MovementPage"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovementConnection"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MovementFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MovementFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovement"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}},{"kind":"Field","name":{"kind":"Name","value":"entityType"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"supplierItemId"}},{"kind":"Field","name":{"kind":"Name","value":"quantityBefore"}},{"kind":"Field","name":{"kind":"Name","value":"quantityAfter"}},{"kind":"Field","name":{"kind":"Name","value":"change"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"adjustmentId"}},{"kind":"Field","name":{"kind":"Name","value":"stockTakeId"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"tokenId"}}]}}]}}]} as unknown as DocumentNode<MovementPageFragment, unknown>;
export const SeqAdjustedFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SeqAdjusted"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AdjustSkuStockPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"movement"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"quantityAfter"}},{"kind":"Field","name":{"kind":"Name","value":"sku"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"onHand"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]} as unknown as DocumentNode<SeqAdjustedFragment, unknown>;
export const SeqCreatedItemFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SeqCreatedItem"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateSupplierItemPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"supplierItem"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"movements"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"quantityAfter"}},{"kind":"Field","name":{"kind":"Name","value":"supplierItem"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"onHand"}}]}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]} as unknown as DocumentNode<SeqCreatedItemFragment, unknown>;
export const TypeRefFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TypeRef"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"__Type"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ofType"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ofType"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ofType"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ofType"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ofType"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ofType"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ofType"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<TypeRefFragment, unknown>;
export const SiSiteFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SiSite"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Site"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"isDefault"}}]}}]} as unknown as DocumentNode<SiSiteFragment, unknown>;
export const StLineFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StLineFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockTakeLine"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"supplier"}},{"kind":"Field","name":{"kind":"Name","value":"expectedQty"}},{"kind":"Field","name":{"kind":"Name","value":"countedQty"}},{"kind":"Field","name":{"kind":"Name","value":"difference"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"countedBy"}},{"kind":"Field","name":{"kind":"Name","value":"movedSinceFreeze"}},{"kind":"Field","name":{"kind":"Name","value":"recountRequested"}}]}}]} as unknown as DocumentNode<StLineFieldsFragment, unknown>;
export const StUserErrorsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StUserErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<StUserErrorsFragment, unknown>;
export const ApiTokenFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ApiTokenFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}}]}}]} as unknown as DocumentNode<ApiTokenFieldsFragment, unknown>;
export const WebhookFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"eventTypes"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<WebhookFieldsFragment, unknown>;
export const AdjAdjustSkuStockDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdjAdjustSkuStock"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AdjustSkuStockInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adjustSkuStock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}}]}},{"kind":"Field","name":{"kind":"Name","value":"movement"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MovementFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MovementFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovement"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}},{"kind":"Field","name":{"kind":"Name","value":"entityType"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"supplierItemId"}},{"kind":"Field","name":{"kind":"Name","value":"quantityBefore"}},{"kind":"Field","name":{"kind":"Name","value":"quantityAfter"}},{"kind":"Field","name":{"kind":"Name","value":"change"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"adjustmentId"}},{"kind":"Field","name":{"kind":"Name","value":"stockTakeId"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"tokenId"}}]}}]}}]} as unknown as DocumentNode<AdjAdjustSkuStockMutation, AdjAdjustSkuStockMutationVariables>;
export const AdjBulkAdjustStockDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdjBulkAdjustStock"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"BulkAdjustStockInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bulkAdjustStock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adjustment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"tokenId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lines"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"previousQty"}},{"kind":"Field","name":{"kind":"Name","value":"newQty"}},{"kind":"Field","name":{"kind":"Name","value":"change"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"movementId"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<AdjBulkAdjustStockMutation, AdjBulkAdjustStockMutationVariables>;
export const AdjAdjustSkuStockLiteralDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdjAdjustSkuStockLiteral"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"skuId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adjustSkuStock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"skuId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"skuId"}}},{"kind":"ObjectField","name":{"kind":"Name","value":"onHand"},"value":{"kind":"FloatValue","value":"0.3"}},{"kind":"ObjectField","name":{"kind":"Name","value":"reason"},"value":{"kind":"EnumValue","value":"CORRECTION"}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}}]}},{"kind":"Field","name":{"kind":"Name","value":"movement"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MovementFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MovementFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovement"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}},{"kind":"Field","name":{"kind":"Name","value":"entityType"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"supplierItemId"}},{"kind":"Field","name":{"kind":"Name","value":"quantityBefore"}},{"kind":"Field","name":{"kind":"Name","value":"quantityAfter"}},{"kind":"Field","name":{"kind":"Name","value":"change"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"adjustmentId"}},{"kind":"Field","name":{"kind":"Name","value":"stockTakeId"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"tokenId"}}]}}]}}]} as unknown as DocumentNode<AdjAdjustSkuStockLiteralMutation, AdjAdjustSkuStockLiteralMutationVariables>;
export const AdjSkuMovementsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdjSkuMovements"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"movements"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MovementPage"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MovementFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovement"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}},{"kind":"Field","name":{"kind":"Name","value":"entityType"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"supplierItemId"}},{"kind":"Field","name":{"kind":"Name","value":"quantityBefore"}},{"kind":"Field","name":{"kind":"Name","value":"quantityAfter"}},{"kind":"Field","name":{"kind":"Name","value":"change"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"adjustmentId"}},{"kind":"Field","name":{"kind":"Name","value":"stockTakeId"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"tokenId"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MovementPage"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovementConnection"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MovementFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]} as unknown as DocumentNode<AdjSkuMovementsQuery, AdjSkuMovementsQueryVariables>;
export const AdjSupplierItemMovementsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdjSupplierItemMovements"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"supplierItem"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"movements"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MovementPage"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MovementFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovement"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}},{"kind":"Field","name":{"kind":"Name","value":"entityType"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"supplierItemId"}},{"kind":"Field","name":{"kind":"Name","value":"quantityBefore"}},{"kind":"Field","name":{"kind":"Name","value":"quantityAfter"}},{"kind":"Field","name":{"kind":"Name","value":"change"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"adjustmentId"}},{"kind":"Field","name":{"kind":"Name","value":"stockTakeId"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"tokenId"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MovementPage"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovementConnection"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MovementFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]} as unknown as DocumentNode<AdjSupplierItemMovementsQuery, AdjSupplierItemMovementsQueryVariables>;
export const LookupBarcodeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LookupBarcode"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"code"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lookupBarcode"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"code"},"value":{"kind":"Variable","name":{"kind":"Name","value":"code"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Sku"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"barcodes"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SupplierItem"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"supplier"}},{"kind":"Field","name":{"kind":"Name","value":"barcodes"}}]}}]}}]}}]} as unknown as DocumentNode<LookupBarcodeQuery, LookupBarcodeQueryVariables>;
export const UpdateSkuBarcodesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateSkuBarcodes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateSkuInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateSku"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"barcodes"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<UpdateSkuBarcodesMutation, UpdateSkuBarcodesMutationVariables>;
export const CreateItemWithBarcodesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateItemWithBarcodes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateSupplierItemInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSupplierItem"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"supplierItem"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"barcodes"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<CreateItemWithBarcodesMutation, CreateItemWithBarcodesMutationVariables>;
export const BulkAdjustByBarcodeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"BulkAdjustByBarcode"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"BulkAdjustStockInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bulkAdjustStock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adjustment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lines"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"newQty"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]} as unknown as DocumentNode<BulkAdjustByBarcodeMutation, BulkAdjustByBarcodeMutationVariables>;
export const GetSkuDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetSku"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SkuFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SkuFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Sku"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<GetSkuQuery, GetSkuQueryVariables>;
export const ListSkusDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListSkus"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"skus"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SkuFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SkuFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Sku"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<ListSkusQuery, ListSkusQueryVariables>;
export const GetSupplierItemDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetSupplierItem"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"supplierItem"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SupplierItemFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SupplierItemFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SupplierItem"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"supplier"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"active"}}]}}]} as unknown as DocumentNode<GetSupplierItemQuery, GetSupplierItemQueryVariables>;
export const ListSupplierItemsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListSupplierItems"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"supplierItems"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SupplierItemFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SupplierItemFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SupplierItem"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"supplier"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"active"}}]}}]} as unknown as DocumentNode<ListSupplierItemsQuery, ListSupplierItemsQueryVariables>;
export const CreateSkuDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateSku"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateSkuInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSku"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SkuFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SkuFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Sku"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<CreateSkuMutation, CreateSkuMutationVariables>;
export const CreateSupplierItemDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateSupplierItem"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateSupplierItemInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSupplierItem"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"supplierItem"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SupplierItemFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SupplierItemFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SupplierItem"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"supplier"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"active"}}]}}]} as unknown as DocumentNode<CreateSupplierItemMutation, CreateSupplierItemMutationVariables>;
export const CreateSkuWithLiteralQuantityDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateSkuWithLiteralQuantity"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"code"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSku"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"code"},"value":{"kind":"Variable","name":{"kind":"Name","value":"code"}}},{"kind":"ObjectField","name":{"kind":"Name","value":"name"},"value":{"kind":"StringValue","value":"Literal quantity","block":false}},{"kind":"ObjectField","name":{"kind":"Name","value":"openingOnHand"},"value":{"kind":"FloatValue","value":"99999999999.999"}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SkuFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SkuFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Sku"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<CreateSkuWithLiteralQuantityMutation, CreateSkuWithLiteralQuantityMutationVariables>;
export const ListSkusFilteredDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListSkusFiltered"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SkuFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"skus"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<ListSkusFilteredQuery, ListSkusFilteredQueryVariables>;
export const ImportSkusDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ImportSkus"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ImportSkusInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"importSkus"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"result"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"created"}},{"kind":"Field","name":{"kind":"Name","value":"updated"}},{"kind":"Field","name":{"kind":"Name","value":"unchanged"}},{"kind":"Field","name":{"kind":"Name","value":"ids"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"openingBalances"}},{"kind":"Field","name":{"kind":"Name","value":"onHandKept"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<ImportSkusMutation, ImportSkusMutationVariables>;
export const ImportSupplierItemsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ImportSupplierItems"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ImportSupplierItemsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"importSupplierItems"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"result"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"created"}},{"kind":"Field","name":{"kind":"Name","value":"updated"}},{"kind":"Field","name":{"kind":"Name","value":"unchanged"}},{"kind":"Field","name":{"kind":"Name","value":"ids"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]} as unknown as DocumentNode<ImportSupplierItemsMutation, ImportSupplierItemsMutationVariables>;
export const UpdateSkuAtSiteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateSkuAtSite"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateSkuInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateSku"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<UpdateSkuAtSiteMutation, UpdateSkuAtSiteMutationVariables>;
export const EventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Events"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"types"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"events"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"types"},"value":{"kind":"Variable","name":{"kind":"Name","value":"types"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}},{"kind":"Field","name":{"kind":"Name","value":"data"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<EventsQuery, EventsQueryVariables>;
export const LimNestedPagesLiteralDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LimNestedPagesLiteral"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"skus"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1000"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"movements"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1000"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<LimNestedPagesLiteralQuery, LimNestedPagesLiteralQueryVariables>;
export const LimNestedPagesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LimNestedPages"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"skus"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"movements"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"skus"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"skus"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"movements"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"movements"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<LimNestedPagesQuery, LimNestedPagesQueryVariables>;
export const LimFullMovementPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LimFullMovementPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovementFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockMovements"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"order"},"value":{"kind":"EnumValue","value":"ASC"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MovementFields"}},{"kind":"Field","name":{"kind":"Name","value":"sku"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"supplierItem"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"supplier"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"active"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stockTake"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MovementFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovement"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}},{"kind":"Field","name":{"kind":"Name","value":"entityType"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"supplierItemId"}},{"kind":"Field","name":{"kind":"Name","value":"quantityBefore"}},{"kind":"Field","name":{"kind":"Name","value":"quantityAfter"}},{"kind":"Field","name":{"kind":"Name","value":"change"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"adjustmentId"}},{"kind":"Field","name":{"kind":"Name","value":"stockTakeId"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"tokenId"}}]}}]}}]} as unknown as DocumentNode<LimFullMovementPageQuery, LimFullMovementPageQueryVariables>;
export const LimSkuPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LimSkuPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"skus"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<LimSkuPageQuery, LimSkuPageQueryVariables>;
export const LimSupplierItemPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LimSupplierItemPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"supplierItems"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<LimSupplierItemPageQuery, LimSupplierItemPageQueryVariables>;
export const LimSkuMovementPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LimSkuMovementPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"movements"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}}]} as unknown as DocumentNode<LimSkuMovementPageQuery, LimSkuMovementPageQueryVariables>;
export const LimMovementPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LimMovementPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovementFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockMovements"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<LimMovementPageQuery, LimMovementPageQueryVariables>;
export const MvStockMovementsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MvStockMovements"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovementFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"order"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SortOrder"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockMovements"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"order"},"value":{"kind":"Variable","name":{"kind":"Name","value":"order"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MovementPage"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MovementFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovement"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}},{"kind":"Field","name":{"kind":"Name","value":"entityType"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"supplierItemId"}},{"kind":"Field","name":{"kind":"Name","value":"quantityBefore"}},{"kind":"Field","name":{"kind":"Name","value":"quantityAfter"}},{"kind":"Field","name":{"kind":"Name","value":"change"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"adjustmentId"}},{"kind":"Field","name":{"kind":"Name","value":"stockTakeId"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"tokenId"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MovementPage"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovementConnection"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MovementFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]} as unknown as DocumentNode<MvStockMovementsQuery, MvStockMovementsQueryVariables>;
export const MvStockMovementsWithEntitiesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MvStockMovementsWithEntities"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovementFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"order"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SortOrder"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockMovements"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"order"},"value":{"kind":"Variable","name":{"kind":"Name","value":"order"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"supplierItemId"}},{"kind":"Field","name":{"kind":"Name","value":"stockTakeId"}},{"kind":"Field","name":{"kind":"Name","value":"sku"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"supplierItem"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"supplier"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stockTake"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}}]}}]}}]} as unknown as DocumentNode<MvStockMovementsWithEntitiesQuery, MvStockMovementsWithEntitiesQueryVariables>;
export const MvStockMovementSkuCodesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MvStockMovementSkuCodes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovementFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockMovements"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"order"},"value":{"kind":"EnumValue","value":"ASC"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"sku"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<MvStockMovementSkuCodesQuery, MvStockMovementSkuCodesQueryVariables>;
export const MvSkuMovementsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MvSkuMovements"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"movements"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}}]} as unknown as DocumentNode<MvSkuMovementsQuery, MvSkuMovementsQueryVariables>;
export const MvSkuPageMovementsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MvSkuPageMovements"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"movements"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"skus"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"movements"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"movements"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MovementPage"}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MovementFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovement"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}},{"kind":"Field","name":{"kind":"Name","value":"entityType"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"supplierItemId"}},{"kind":"Field","name":{"kind":"Name","value":"quantityBefore"}},{"kind":"Field","name":{"kind":"Name","value":"quantityAfter"}},{"kind":"Field","name":{"kind":"Name","value":"change"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"adjustmentId"}},{"kind":"Field","name":{"kind":"Name","value":"stockTakeId"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"tokenId"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MovementPage"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovementConnection"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MovementFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]} as unknown as DocumentNode<MvSkuPageMovementsQuery, MvSkuPageMovementsQueryVariables>;
export const MvSupplierItemPageMovementsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MvSupplierItemPageMovements"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"movements"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"supplierItems"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"movements"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"movements"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MovementPage"}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MovementFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovement"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}},{"kind":"Field","name":{"kind":"Name","value":"entityType"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"supplierItemId"}},{"kind":"Field","name":{"kind":"Name","value":"quantityBefore"}},{"kind":"Field","name":{"kind":"Name","value":"quantityAfter"}},{"kind":"Field","name":{"kind":"Name","value":"change"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"adjustmentId"}},{"kind":"Field","name":{"kind":"Name","value":"stockTakeId"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"tokenId"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MovementPage"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovementConnection"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MovementFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]} as unknown as DocumentNode<MvSupplierItemPageMovementsQuery, MvSupplierItemPageMovementsQueryVariables>;
export const MvSupplierItemMovementsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MvSupplierItemMovements"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"supplierItem"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"movements"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MovementPage"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MovementFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovement"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}},{"kind":"Field","name":{"kind":"Name","value":"entityType"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"supplierItemId"}},{"kind":"Field","name":{"kind":"Name","value":"quantityBefore"}},{"kind":"Field","name":{"kind":"Name","value":"quantityAfter"}},{"kind":"Field","name":{"kind":"Name","value":"change"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"adjustmentId"}},{"kind":"Field","name":{"kind":"Name","value":"stockTakeId"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"tokenId"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MovementPage"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovementConnection"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MovementFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]} as unknown as DocumentNode<MvSupplierItemMovementsQuery, MvSupplierItemMovementsQueryVariables>;
export const RbStockAdjustmentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RbStockAdjustment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockAdjustment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"tokenId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lines"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"previousQty"}},{"kind":"Field","name":{"kind":"Name","value":"newQty"}},{"kind":"Field","name":{"kind":"Name","value":"change"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"movementId"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}}]} as unknown as DocumentNode<RbStockAdjustmentQuery, RbStockAdjustmentQueryVariables>;
export const RbStockAdjustmentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RbStockAdjustments"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"StockAdjustmentFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockAdjustments"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<RbStockAdjustmentsQuery, RbStockAdjustmentsQueryVariables>;
export const RbAdjustSupplierItemStockDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RbAdjustSupplierItemStock"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AdjustSupplierItemStockInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adjustSupplierItemStock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"supplierItem"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"movement"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MovementFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MovementFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovement"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}},{"kind":"Field","name":{"kind":"Name","value":"entityType"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"supplierItemId"}},{"kind":"Field","name":{"kind":"Name","value":"quantityBefore"}},{"kind":"Field","name":{"kind":"Name","value":"quantityAfter"}},{"kind":"Field","name":{"kind":"Name","value":"change"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"adjustmentId"}},{"kind":"Field","name":{"kind":"Name","value":"stockTakeId"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"tokenId"}}]}}]}}]} as unknown as DocumentNode<RbAdjustSupplierItemStockMutation, RbAdjustSupplierItemStockMutationVariables>;
export const RbMovementsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RbMovements"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovementFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"order"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SortOrder"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockMovements"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"order"},"value":{"kind":"Variable","name":{"kind":"Name","value":"order"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"entityType"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"supplierItemId"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"adjustmentId"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<RbMovementsQuery, RbMovementsQueryVariables>;
export const RbSupplierItemHistoryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RbSupplierItemHistory"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"supplierItem"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"movements"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"10"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"entityType"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"quantityAfter"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<RbSupplierItemHistoryQuery, RbSupplierItemHistoryQueryVariables>;
export const ScStartDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ScStart"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"StartStockTakeInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"startStockTake"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockTake"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"startedBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"tokenId"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<ScStartMutation, ScStartMutationVariables>;
export const ScSubmitDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ScSubmit"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SubmitStockTakeCountsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"submitStockTakeCounts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"lines"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"expectedQty"}},{"kind":"Field","name":{"kind":"Name","value":"countedQty"}},{"kind":"Field","name":{"kind":"Name","value":"difference"}},{"kind":"Field","name":{"kind":"Name","value":"sku"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}}]}},{"kind":"Field","name":{"kind":"Name","value":"supplierItem"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<ScSubmitMutation, ScSubmitMutationVariables>;
export const SeqTwoAdjustmentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SeqTwoAdjustments"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AdjustSkuStockInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"second"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AdjustSkuStockInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"a"},"name":{"kind":"Name","value":"adjustSkuStock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SeqAdjusted"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"b"},"name":{"kind":"Name","value":"adjustSkuStock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"second"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SeqAdjusted"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SeqAdjusted"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AdjustSkuStockPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"movement"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"quantityAfter"}},{"kind":"Field","name":{"kind":"Name","value":"sku"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"onHand"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]} as unknown as DocumentNode<SeqTwoAdjustmentsMutation, SeqTwoAdjustmentsMutationVariables>;
export const SeqReadsAfterBulkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SeqReadsAfterBulk"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"item"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateSupplierItemInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sku"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AdjustSkuStockInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"bulk"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"BulkAdjustStockInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"created"},"name":{"kind":"Name","value":"createSupplierItem"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"item"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SeqCreatedItem"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"adjusted"},"name":{"kind":"Name","value":"adjustSkuStock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sku"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SeqAdjusted"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"bulk"},"name":{"kind":"Name","value":"bulkAdjustStock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"bulk"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adjustment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lines"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"newQty"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}},{"kind":"Field","alias":{"kind":"Name","value":"createdAgain"},"name":{"kind":"Name","value":"createSupplierItem"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"item"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SeqCreatedItem"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"adjustedAgain"},"name":{"kind":"Name","value":"adjustSkuStock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sku"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SeqAdjusted"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SeqCreatedItem"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateSupplierItemPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"supplierItem"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"movements"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"quantityAfter"}},{"kind":"Field","name":{"kind":"Name","value":"supplierItem"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"onHand"}}]}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SeqAdjusted"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AdjustSkuStockPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"movement"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"quantityAfter"}},{"kind":"Field","name":{"kind":"Name","value":"sku"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"onHand"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]} as unknown as DocumentNode<SeqReadsAfterBulkMutation, SeqReadsAfterBulkMutationVariables>;
export const SchemaIntrospectionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SchemaIntrospection"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__schema"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"queryType"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"mutationType"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"types"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"fields"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TypeRef"}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TypeRef"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"__Type"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ofType"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ofType"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ofType"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ofType"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ofType"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ofType"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ofType"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<SchemaIntrospectionQuery, SchemaIntrospectionQueryVariables>;
export const SiAdjSkuDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SiAdjSku"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AdjustSkuStockInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adjustSkuStock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}}]}},{"kind":"Field","name":{"kind":"Name","value":"movement"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"siteId"}},{"kind":"Field","name":{"kind":"Name","value":"quantityBefore"}},{"kind":"Field","name":{"kind":"Name","value":"quantityAfter"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]} as unknown as DocumentNode<SiAdjSkuMutation, SiAdjSkuMutationVariables>;
export const SiAdjBulkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SiAdjBulk"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"BulkAdjustStockInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bulkAdjustStock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adjustment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"siteId"}},{"kind":"Field","name":{"kind":"Name","value":"lines"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"previousQty"}},{"kind":"Field","name":{"kind":"Name","value":"newQty"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]} as unknown as DocumentNode<SiAdjBulkMutation, SiAdjBulkMutationVariables>;
export const SiBulkLinesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SiBulkLines"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"BulkAdjustStockInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bulkAdjustStock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adjustment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"siteId"}},{"kind":"Field","name":{"kind":"Name","value":"lines"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"siteId"}},{"kind":"Field","name":{"kind":"Name","value":"previousQty"}},{"kind":"Field","name":{"kind":"Name","value":"newQty"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]} as unknown as DocumentNode<SiBulkLinesMutation, SiBulkLinesMutationVariables>;
export const SiSitesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SiSites"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"active"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sites"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"active"},"value":{"kind":"Variable","name":{"kind":"Name","value":"active"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SiSite"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SiSite"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Site"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"isDefault"}}]}}]} as unknown as DocumentNode<SiSitesQuery, SiSitesQueryVariables>;
export const SiCreateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SiCreate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateSiteInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSite"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"site"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SiSite"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SiSite"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Site"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"isDefault"}}]}}]} as unknown as DocumentNode<SiCreateMutation, SiCreateMutationVariables>;
export const SiUpdateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SiUpdate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateSiteInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateSite"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"site"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SiSite"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SiSite"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Site"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"isDefault"}}]}}]} as unknown as DocumentNode<SiUpdateMutation, SiUpdateMutationVariables>;
export const SiMovementsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SiMovements"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovementFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockMovements"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"50"}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"skuId"}},{"kind":"Field","name":{"kind":"Name","value":"siteId"}}]}}]}}]}}]}}]} as unknown as DocumentNode<SiMovementsQuery, SiMovementsQueryVariables>;
export const SiStockTakesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SiStockTakes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"siteId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockTakes"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"50"}},{"kind":"Argument","name":{"kind":"Name","value":"siteId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"siteId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"siteId"}}]}}]}}]}}]}}]} as unknown as DocumentNode<SiStockTakesQuery, SiStockTakesQueryVariables>;
export const SiStartDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SiStart"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"StartStockTakeInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"startStockTake"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockTake"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"siteId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<SiStartMutation, SiStartMutationVariables>;
export const SiNestedStockDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SiNestedStock"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovementFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockMovements"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"50"}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"siteId"}},{"kind":"Field","name":{"kind":"Name","value":"quantityAfter"}},{"kind":"Field","name":{"kind":"Name","value":"sku"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}}]}},{"kind":"Field","name":{"kind":"Name","value":"supplierItem"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<SiNestedStockQuery, SiNestedStockQueryVariables>;
export const SiTakeLineStockDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SiTakeLineStock"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockTake"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"siteId"}},{"kind":"Field","name":{"kind":"Name","value":"lines"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"siteId"}},{"kind":"Field","name":{"kind":"Name","value":"expectedQty"}},{"kind":"Field","name":{"kind":"Name","value":"sku"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"onHand"}}]}},{"kind":"Field","name":{"kind":"Name","value":"supplierItem"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"onHand"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<SiTakeLineStockQuery, SiTakeLineStockQueryVariables>;
export const SiLevelsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SiLevels"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"levels"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"siteId"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"inTransit"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}}]} as unknown as DocumentNode<SiLevelsQuery, SiLevelsQueryVariables>;
export const StStartDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"StStart"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"StartStockTakeInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"startStockTake"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockTake"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"basis"}},{"kind":"Field","name":{"kind":"Name","value":"blind"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"startedBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lines"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1000"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StLineFields"}},{"kind":"Field","name":{"kind":"Name","value":"sku"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}}]}},{"kind":"Field","name":{"kind":"Name","value":"supplierItem"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StUserErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StLineFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockTakeLine"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"supplier"}},{"kind":"Field","name":{"kind":"Name","value":"expectedQty"}},{"kind":"Field","name":{"kind":"Name","value":"countedQty"}},{"kind":"Field","name":{"kind":"Name","value":"difference"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"countedBy"}},{"kind":"Field","name":{"kind":"Name","value":"movedSinceFreeze"}},{"kind":"Field","name":{"kind":"Name","value":"recountRequested"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StUserErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<StStartMutation, StStartMutationVariables>;
export const StSubmitDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"StSubmit"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SubmitStockTakeCountsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"submitStockTakeCounts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"lines"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StLineFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StUserErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StLineFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockTakeLine"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"supplier"}},{"kind":"Field","name":{"kind":"Name","value":"expectedQty"}},{"kind":"Field","name":{"kind":"Name","value":"countedQty"}},{"kind":"Field","name":{"kind":"Name","value":"difference"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"countedBy"}},{"kind":"Field","name":{"kind":"Name","value":"movedSinceFreeze"}},{"kind":"Field","name":{"kind":"Name","value":"recountRequested"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StUserErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<StSubmitMutation, StSubmitMutationVariables>;
export const StAcceptDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"StAccept"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AcceptStockTakeLinesInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"acceptStockTakeLines"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accepted"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StLineFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"acceptedCount"}},{"kind":"Field","name":{"kind":"Name","value":"needsReview"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StLineFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"needsReviewCount"}},{"kind":"Field","name":{"kind":"Name","value":"recount"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StLineFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StUserErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StLineFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockTakeLine"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"supplier"}},{"kind":"Field","name":{"kind":"Name","value":"expectedQty"}},{"kind":"Field","name":{"kind":"Name","value":"countedQty"}},{"kind":"Field","name":{"kind":"Name","value":"difference"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"countedBy"}},{"kind":"Field","name":{"kind":"Name","value":"movedSinceFreeze"}},{"kind":"Field","name":{"kind":"Name","value":"recountRequested"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StUserErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<StAcceptMutation, StAcceptMutationVariables>;
export const StReconcileDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"StReconcile"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ReconcileStockTakeInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reconcileStockTake"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reconciliation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reconciledAt"}},{"kind":"Field","name":{"kind":"Name","value":"dryRun"}},{"kind":"Field","name":{"kind":"Name","value":"applied"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"expectedQty"}},{"kind":"Field","name":{"kind":"Name","value":"countedQty"}},{"kind":"Field","name":{"kind":"Name","value":"difference"}},{"kind":"Field","name":{"kind":"Name","value":"previousQty"}},{"kind":"Field","name":{"kind":"Name","value":"newQty"}},{"kind":"Field","name":{"kind":"Name","value":"change"}},{"kind":"Field","name":{"kind":"Name","value":"clamped"}},{"kind":"Field","name":{"kind":"Name","value":"movementId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"unchanged"}},{"kind":"Field","name":{"kind":"Name","value":"skipped"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unaccepted"}},{"kind":"Field","name":{"kind":"Name","value":"uncounted"}},{"kind":"Field","name":{"kind":"Name","value":"linked"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StUserErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StUserErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<StReconcileMutation, StReconcileMutationVariables>;
export const StCancelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"StCancel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CancelStockTakeInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancelStockTake"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockTake"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"cancelledAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StUserErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StUserErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<StCancelMutation, StCancelMutationVariables>;
export const StStockTakeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"StStockTake"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"state"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"StockTakeLineState"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockTake"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"blind"}},{"kind":"Field","name":{"kind":"Name","value":"summary"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lines"}},{"kind":"Field","name":{"kind":"Name","value":"uncounted"}},{"kind":"Field","name":{"kind":"Name","value":"counted"}},{"kind":"Field","name":{"kind":"Name","value":"accepted"}},{"kind":"Field","name":{"kind":"Name","value":"applied"}},{"kind":"Field","name":{"kind":"Name","value":"countedShare"}},{"kind":"Field","name":{"kind":"Name","value":"movedSinceFreeze"}},{"kind":"Field","name":{"kind":"Name","value":"recountRequested"}},{"kind":"Field","name":{"kind":"Name","value":"sumAbsDifference"}},{"kind":"Field","name":{"kind":"Name","value":"netDifference"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lines"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"state"},"value":{"kind":"Variable","name":{"kind":"Name","value":"state"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StLineFields"}},{"kind":"Field","name":{"kind":"Name","value":"sku"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"counts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"mode"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"countedQty"}},{"kind":"Field","name":{"kind":"Name","value":"counter"}},{"kind":"Field","name":{"kind":"Name","value":"countedAt"}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StLineFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockTakeLine"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"supplier"}},{"kind":"Field","name":{"kind":"Name","value":"expectedQty"}},{"kind":"Field","name":{"kind":"Name","value":"countedQty"}},{"kind":"Field","name":{"kind":"Name","value":"difference"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"countedBy"}},{"kind":"Field","name":{"kind":"Name","value":"movedSinceFreeze"}},{"kind":"Field","name":{"kind":"Name","value":"recountRequested"}}]}}]} as unknown as DocumentNode<StStockTakeQuery, StStockTakeQueryVariables>;
export const StStockTakesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"StStockTakes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"StockTakeStatus"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockTakes"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<StStockTakesQuery, StStockTakesQueryVariables>;
export const ListApiTokensDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListApiTokens"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiTokens"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ApiTokenFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ApiTokenFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}}]}}]} as unknown as DocumentNode<ListApiTokensQuery, ListApiTokensQueryVariables>;
export const CreateApiTokenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateApiToken"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateApiTokenInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createApiToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiToken"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ApiTokenFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ApiTokenFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}}]}}]} as unknown as DocumentNode<CreateApiTokenMutation, CreateApiTokenMutationVariables>;
export const RevokeApiTokenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevokeApiToken"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RevokeApiTokenInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeApiToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiToken"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ApiTokenFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ApiTokenFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}}]}}]} as unknown as DocumentNode<RevokeApiTokenMutation, RevokeApiTokenMutationVariables>;
export const TrCreateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TrCreate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTransferInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTransfer"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transfer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"fromSiteId"}},{"kind":"Field","name":{"kind":"Name","value":"toSiteId"}},{"kind":"Field","name":{"kind":"Name","value":"lineCount"}},{"kind":"Field","name":{"kind":"Name","value":"lines"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"qty"}},{"kind":"Field","name":{"kind":"Name","value":"receivedQty"}},{"kind":"Field","name":{"kind":"Name","value":"lostQty"}},{"kind":"Field","name":{"kind":"Name","value":"inTransitQty"}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]} as unknown as DocumentNode<TrCreateMutation, TrCreateMutationVariables>;
export const TrReceiveDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TrReceive"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ReceiveTransferInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"receiveTransfer"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transfer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"closedAt"}},{"kind":"Field","name":{"kind":"Name","value":"lines"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"receivedQty"}},{"kind":"Field","name":{"kind":"Name","value":"lostQty"}},{"kind":"Field","name":{"kind":"Name","value":"inTransitQty"}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]} as unknown as DocumentNode<TrReceiveMutation, TrReceiveMutationVariables>;
export const TrCancelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TrCancel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CancelTransferInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancelTransfer"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transfer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]} as unknown as DocumentNode<TrCancelMutation, TrCancelMutationVariables>;
export const TrInTransitDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TrInTransit"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"toSiteId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transfers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"EnumValue","value":"IN_TRANSIT"}},{"kind":"Argument","name":{"kind":"Name","value":"toSiteId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"toSiteId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}}]}}]}}]}}]}}]} as unknown as DocumentNode<TrInTransitQuery, TrInTransitQueryVariables>;
export const TrMovementsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TrMovements"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"skuId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockMovements"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"skuId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"skuId"}}}]}},{"kind":"Argument","name":{"kind":"Name","value":"order"},"value":{"kind":"EnumValue","value":"ASC"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"siteId"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"change"}},{"kind":"Field","name":{"kind":"Name","value":"transferId"}}]}}]}}]}}]}}]} as unknown as DocumentNode<TrMovementsQuery, TrMovementsQueryVariables>;
export const TrTransferMovementsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TrTransferMovements"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"transferId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockMovements"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"transferId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"transferId"}}}]}},{"kind":"Argument","name":{"kind":"Name","value":"order"},"value":{"kind":"EnumValue","value":"ASC"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"siteId"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"transferId"}}]}}]}}]}}]}}]} as unknown as DocumentNode<TrTransferMovementsQuery, TrTransferMovementsQueryVariables>;
export const ListWebhooksDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListWebhooks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhooks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"eventTypes"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<ListWebhooksQuery, ListWebhooksQueryVariables>;
export const GetWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"eventTypes"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<GetWebhookQuery, GetWebhookQueryVariables>;
export const WebhookDeliveriesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WebhookDeliveries"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDeliveryStatus"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"deliveries"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"attemptedAt"}},{"kind":"Field","name":{"kind":"Name","value":"statusCode"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}}]} as unknown as DocumentNode<WebhookDeliveriesQuery, WebhookDeliveriesQueryVariables>;
export const CreateWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateWebhookInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhook"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"eventTypes"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<CreateWebhookMutation, CreateWebhookMutationVariables>;
export const UpdateWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateWebhookInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhook"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"eventTypes"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<UpdateWebhookMutation, UpdateWebhookMutationVariables>;
export const DeleteWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteWebhookInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deletedId"}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<DeleteWebhookMutation, DeleteWebhookMutationVariables>;
export const RotateWebhookSecretDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RotateWebhookSecret"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RotateWebhookSecretInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rotateWebhookSecret"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhook"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"eventTypes"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RotateWebhookSecretMutation, RotateWebhookSecretMutationVariables>;
export const RedeliverWebhookDeliveryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RedeliverWebhookDelivery"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RedeliverWebhookDeliveryInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"redeliverWebhookDelivery"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"delivery"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<RedeliverWebhookDeliveryMutation, RedeliverWebhookDeliveryMutationVariables>;