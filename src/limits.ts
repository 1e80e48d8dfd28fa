// The maxima of every list a request may carry, named once. The REST schemas announce them as
// `maxItems` (checked before a list is walked), the services and the GraphQL inputs read the same
// constants, and docs/guide/limits.md ("Lists and bodies") lists them with the code a request
// over each gets.

/** The largest id (PostgreSQL's integer): a bigger one names nothing and is refused as bad input. */
export const MAX_ID = 2_147_483_647;

/** Rows of one page of a list (`limit`, GraphQL `first`); 100 when not asked. */
export const MAX_PAGE_SIZE = 1_000;

/** Longest cursor a list accepts (`cursor`, `after`): any cursor it answers is far shorter. */
export const MAX_CURSOR_LENGTH = 512;

/** Lines of one bulk stock adjustment (REST `lines`, GraphQL bulkAdjustStock). */
export const MAX_LINES = 10_000;

/**
 * Most sites a bulk adjustment's lines may name (the request's own site and the default
 * included): the ledger writes one statement per site, so a request is priced by its lines
 * only while the sites it spans stay few.
 */
export const MAX_ADJUSTMENT_SITES = 100;

/** Counts of one stock take input request: JSON `counts` or the data rows of a CSV body. */
export const MAX_COUNTS = 10_000;

/** Entities one stock take accept request may name, per list (`lines`, `recount`). */
export const MAX_REFS = 10_000;

/** Ids one stock take scope may name, per list (`sku_ids`, `supplier_item_ids`). */
export const MAX_SCOPE_IDS = 100_000;

/** Codes one stock take scope may name (`codes`: SKU codes or barcodes), as many as counts. */
export const MAX_SCOPE_CODES = MAX_COUNTS;

/** Location prefixes one stock take scope may name (`locations`). */
export const MAX_SCOPE_LOCATIONS = 100;

/** Rows of one catalog import: JSON `rows` or the data rows of a CSV body. */
export const MAX_IMPORT_ROWS = 10_000;

/** The longest date or timestamp a `from`/`to`/`updated_since` parameter may hold. */
export const MAX_DATE_PARAM_LENGTH = 64;

/** The longest `types` list of the change feed (comma-separated event type names). */
export const MAX_TYPES_PARAM_LENGTH = 512;

/** Barcodes one SKU or supplier item may carry (`barcodes`, in a create, an edit or an import row). */
export const MAX_BARCODES = 50;

/** Event types one webhook may receive: each of the thirteen event types once. */
export const MAX_WEBHOOK_EVENT_TYPES = 13;

/** Sites one webhook may name to receive only their events. */
export const MAX_WEBHOOK_SITES = 100;
/** Sites a read of an item's levels may name. */
export const MAX_LEVEL_SITES = 100;
/** Sites a token limited to sites may name. */
export const MAX_TOKEN_SITES = 100;

/** SKUs one stockChanged subscription may follow (GraphQL `skuIds`). */
export const MAX_FOLLOWED_SKUS = 1_000;

/** Sites one stockChanged subscription may name (GraphQL `siteIds`). */
export const MAX_FOLLOWED_SITES = 100;

/**
 * The body limit of a route whose largest honest body is one entity's fields (a create, an edit,
 * a link, a cancel): far below the server's BODY_LIMIT_BYTES, which is sized for bulk bodies.
 */
export const SMALL_BODY_LIMIT_BYTES = 64 * 1024;

/** SKUs due for a count a list or a stock take's `due` scope takes when no limit is given. */
export const DEFAULT_DUE_LIMIT = 100;

/** Most SKUs due for a count one list answers or one stock take's `due` scope takes. */
export const MAX_DUE_LIMIT = MAX_LINES;

/**
 * The longest texts, in characters after trimming: a code, a name, a supplier, a note, a
 * reference, a counter's name. The REST schemas announce them as `maxLength`, the GraphQL inputs
 * and the services check the same.
 */
export const TEXT_LIMITS = {
  code: 64,
  name: 200,
  supplier: 100,
  note: 1000,
  reference: 200,
  counter: 200,
} as const;
