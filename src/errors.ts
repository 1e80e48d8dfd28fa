// The one error hierarchy. Services throw AppError with a code from this catalogue; each
// transport translates it once (src/http/problem.ts for REST, src/graphql/errors.ts for GraphQL).

export const ERROR_CATALOG = {
  UNAUTHENTICATED: { status: 401, title: "Authentication required" },
  FORBIDDEN: { status: 403, title: "Missing scope" },
  SKU_NOT_FOUND: { status: 404, title: "SKU not found" },
  SUPPLIER_ITEM_NOT_FOUND: { status: 404, title: "Supplier item not found" },
  STOCK_TAKE_NOT_FOUND: { status: 404, title: "Stock take not found" },
  ADJUSTMENT_NOT_FOUND: { status: 404, title: "Stock adjustment not found" },
  BARCODE_NOT_FOUND: { status: 404, title: "Barcode not found" },
  WEBHOOK_NOT_FOUND: { status: 404, title: "Webhook not found" },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404, title: "Webhook delivery not found" },
  TOKEN_NOT_FOUND: { status: 404, title: "API token not found" },
  SITE_NOT_FOUND: { status: 404, title: "Site not found" },
  TRANSFER_NOT_FOUND: { status: 404, title: "Transfer not found" },
  ROUTE_NOT_FOUND: { status: 404, title: "No such endpoint" },
  METHOD_NOT_ALLOWED: { status: 405, title: "Method not allowed" },
  MALFORMED_REQUEST: { status: 400, title: "Malformed request" },
  INVALID_PARAMETER: { status: 400, title: "Invalid parameter" },
  INVALID_REASON: { status: 422, title: "Invalid reason" },
  NOTE_REQUIRED: { status: 422, title: "Note required" },
  INVALID_QUANTITY: { status: 422, title: "Invalid quantity" },
  LINKED_SUPPLIER_ITEM: { status: 422, title: "Supplier item is linked to a SKU" },
  DUPLICATE_LINE: { status: 422, title: "Duplicate line" },
  DUPLICATE_CODE: { status: 409, title: "Code already in use" },
  DUPLICATE_BARCODE: { status: 409, title: "Barcode already in use" },
  INVALID_BARCODE: { status: 422, title: "Invalid barcode" },
  SUPPLIER_ITEM_HAS_STOCK: { status: 409, title: "Supplier item holds stock of its own" },
  ENTITY_IN_STOCK_TAKE: { status: 409, title: "Entity in an open stock take" },
  TOO_MANY_LINES: { status: 422, title: "Too many lines" },
  UNBOUNDED_QUERY: { status: 422, title: "Unbounded query" },
  WINDOW_TOO_LONG: { status: 422, title: "Window too long" },
  INVALID_DATE_RANGE: { status: 422, title: "Invalid date range" },
  INVALID_CURSOR: { status: 400, title: "Invalid cursor" },
  STOCK_TAKE_CLOSED: { status: 409, title: "Stock take closed" },
  STOCK_TAKE_OVERLAP: { status: 409, title: "Stock take overlap" },
  NOT_IN_STOCK_TAKE: { status: 422, title: "Not in stock take" },
  ON_HAND_CHANGED: { status: 409, title: "On hand changed" },
  INVALID_WEBHOOK_URL: { status: 422, title: "Invalid webhook URL" },
  TOO_MANY_WEBHOOKS: { status: 422, title: "Too many webhooks" },
  TOO_MANY_TOKENS: { status: 422, title: "Too many API tokens" },
  TOO_MANY_SITES: { status: 422, title: "Too many sites" },
  DEFAULT_SITE: { status: 409, title: "Site is the default" },
  SITE_IN_USE: { status: 409, title: "Site in use" },
  SITE_INACTIVE: { status: 409, title: "Site is deactivated" },
  SAME_SITE: { status: 422, title: "Transfer within one site" },
  INSUFFICIENT_STOCK: { status: 409, title: "Not enough stock at the source" },
  TRANSFER_CLOSED: { status: 409, title: "Transfer closed" },
  TRANSFER_RECEIVED: { status: 409, title: "Transfer received in part" },
  OVER_RECEIPT: { status: 422, title: "More than is in transit" },
  NOT_IN_TRANSFER: { status: 422, title: "Not in transfer" },
  INVALID_COST: { status: 422, title: "Invalid unit cost" },
  INVALID_CURRENCY: { status: 422, title: "Invalid currency" },
  CURRENCY_NOT_SET: { status: 409, title: "No currency set" },
  CURRENCY_IN_USE: { status: 409, title: "Currency in use" },
  IDEMPOTENCY_KEY_REUSED: { status: 422, title: "Idempotency key reused" },
  IDEMPOTENCY_KEY_IN_PROGRESS: { status: 409, title: "Idempotency key in progress" },
  RATE_LIMITED: { status: 429, title: "Too many requests" },
  PAYLOAD_TOO_LARGE: { status: 413, title: "Payload too large" },
  HEADERS_TOO_LARGE: { status: 431, title: "Request line and headers too large" },
  QUERY_TOO_DEEP: { status: 400, title: "GraphQL operation nested too deep" },
  QUERY_TOO_COMPLEX: { status: 400, title: "GraphQL operation too large or too costly" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: "Unsupported media type" },
  SERVICE_UNAVAILABLE: { status: 503, title: "Service unavailable" },
  INTERNAL: { status: 500, title: "Internal error" },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOG;
export const ERROR_CODES = Object.keys(ERROR_CATALOG) as ErrorCode[];

/** One offending field: path in the service's (camelCase) input, e.g. ["lines", 3, "id"]. */
export interface FieldError {
  path: (string | number)[];
  code: ErrorCode;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Every offending field, when the error is about input (bulk requests report them all). */
    readonly fieldErrors: FieldError[] = [],
  ) {
    // An answer to the caller, not a fault: no stack is captured (with async stack traces that
    // was a tenth of what refusing a made-up token cost).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = "AppError";
  }

  get status(): number {
    return ERROR_CATALOG[this.code].status;
  }

  /** Errors about the caller's input or the state of the data, as opposed to auth or faults. */
  get isUserError(): boolean {
    return !TRANSPORT_CODES.has(this.code);
  }

  /**
   * Several field errors as one AppError, under the one error policy: the most fundamental
   * problem leads (400 before 404 before 409 before 422), every problem is listed, most
   * fundamental first and then in the order of the request.
   */
  static fromFields(errors: FieldError[]): AppError {
    const ordered = inReportingOrder(errors);
    const first = ordered[0];
    if (!first) throw new Error("fromFields needs at least one error");
    const more = ordered.length > 1 ? ` (and ${ordered.length - 1} more)` : "";
    return new AppError(first.code, first.message + more, ordered);
  }
}

/** Most fundamental first: malformed input, then what does not exist, then conflicts, then rules. */
function inReportingOrder(errors: FieldError[]): FieldError[] {
  // Where a problem is in the request: the request as a whole first, then by list position.
  const position = (e: FieldError) => {
    const index = e.path.find((p) => typeof p === "number");
    return e.path.length === 0 ? -2 : index === undefined ? -1 : index;
  };
  return [...errors].sort(
    (a, b) =>
      ERROR_CATALOG[a.code].status - ERROR_CATALOG[b.code].status || position(a) - position(b),
  );
}

/** At most this many problems are listed in one answer; the rest are counted. */
export const MAX_LISTED_ERRORS = 100;

/**
 * The problems an answer lists: the first MAX_LISTED_ERRORS, then one entry without a field
 * saying how many more were left out (a 10,000-line request with every line bad must not make
 * a response of megabytes).
 */
export function listedErrors(errors: FieldError[]): FieldError[] {
  if (errors.length <= MAX_LISTED_ERRORS) return errors;
  const omitted = errors.length - MAX_LISTED_ERRORS;
  const next = errors[MAX_LISTED_ERRORS] as FieldError;
  return [
    ...errors.slice(0, MAX_LISTED_ERRORS),
    { path: [], code: next.code, message: `${omitted} more problems not listed` },
  ];
}

/** Codes that are never a mutation's userErrors: auth, limits and faults. */
const TRANSPORT_CODES = new Set<ErrorCode>([
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "RATE_LIMITED",
  "PAYLOAD_TOO_LARGE",
  "HEADERS_TOO_LARGE",
  "QUERY_TOO_DEEP",
  "QUERY_TOO_COMPLEX",
  "SERVICE_UNAVAILABLE",
  "INTERNAL",
  "ROUTE_NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "UNSUPPORTED_MEDIA_TYPE",
]);

/** "SKU 7 does not exist"; with a path, also pointing at the field that named it. */
export function notFound(
  code:
    | "SKU_NOT_FOUND"
    | "SUPPLIER_ITEM_NOT_FOUND"
    | "STOCK_TAKE_NOT_FOUND"
    | "ADJUSTMENT_NOT_FOUND"
    | "WEBHOOK_NOT_FOUND"
    | "WEBHOOK_DELIVERY_NOT_FOUND"
    | "TOKEN_NOT_FOUND"
    | "SITE_NOT_FOUND"
    | "TRANSFER_NOT_FOUND",
  id: number | string,
  path?: (string | number)[],
): AppError {
  const message = `${ERROR_CATALOG[code].title.replace(" not found", "")} ${id} does not exist`;
  return new AppError(code, message, path ? [{ path, code, message }] : []);
}
