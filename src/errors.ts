// The one error hierarchy. Services throw AppError with a code from this catalogue; each
// transport translates it once (src/http/problem.ts for REST, src/graphql/errors.ts for GraphQL).

export const ERROR_CATALOG = {
  UNAUTHENTICATED: { status: 401, title: "Authentication required" },
  FORBIDDEN: { status: 403, title: "Missing scope" },
  SKU_NOT_FOUND: { status: 404, title: "SKU not found" },
  SUPPLIER_ITEM_NOT_FOUND: { status: 404, title: "Supplier item not found" },
  STOCK_TAKE_NOT_FOUND: { status: 404, title: "Stock take not found" },
  ROUTE_NOT_FOUND: { status: 404, title: "No such endpoint" },
  MALFORMED_REQUEST: { status: 400, title: "Malformed request" },
  INVALID_PARAMETER: { status: 400, title: "Invalid parameter" },
  INVALID_REASON: { status: 422, title: "Invalid reason" },
  NOTE_REQUIRED: { status: 422, title: "Note required" },
  INVALID_QUANTITY: { status: 422, title: "Invalid quantity" },
  LINKED_SUPPLIER_ITEM: { status: 422, title: "Supplier item is linked to a SKU" },
  DUPLICATE_LINE: { status: 422, title: "Duplicate line" },
  DUPLICATE_CODE: { status: 409, title: "Code already in use" },
  TOO_MANY_LINES: { status: 422, title: "Too many lines" },
  UNBOUNDED_QUERY: { status: 422, title: "Unbounded query" },
  WINDOW_TOO_LONG: { status: 422, title: "Window too long" },
  INVALID_DATE_RANGE: { status: 422, title: "Invalid date range" },
  INVALID_CURSOR: { status: 400, title: "Invalid cursor" },
  STOCK_TAKE_CLOSED: { status: 409, title: "Stock take closed" },
  STOCK_TAKE_OVERLAP: { status: 409, title: "Stock take overlap" },
  NOT_IN_STOCK_TAKE: { status: 422, title: "Not in stock take" },
  ON_HAND_CHANGED: { status: 409, title: "On hand changed" },
  IDEMPOTENCY_KEY_REUSED: { status: 422, title: "Idempotency key reused" },
  IDEMPOTENCY_KEY_IN_PROGRESS: { status: 409, title: "Idempotency key in progress" },
  RATE_LIMITED: { status: 429, title: "Too many requests" },
  PAYLOAD_TOO_LARGE: { status: 413, title: "Payload too large" },
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
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return ERROR_CATALOG[this.code].status;
  }

  /** Errors about the caller's input or the state of the data, as opposed to auth or faults. */
  get isUserError(): boolean {
    return !TRANSPORT_CODES.has(this.code);
  }

  /** Several field errors as one AppError; the first one's code leads. */
  static fromFields(errors: FieldError[]): AppError {
    const first = errors[0];
    if (!first) throw new Error("fromFields needs at least one error");
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
    return new AppError(first.code, first.message + more, errors);
  }
}

/** Codes that are never a mutation's userErrors: auth, limits and faults. */
const TRANSPORT_CODES = new Set<ErrorCode>([
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "RATE_LIMITED",
  "PAYLOAD_TOO_LARGE",
  "SERVICE_UNAVAILABLE",
  "INTERNAL",
  "ROUTE_NOT_FOUND",
  "UNSUPPORTED_MEDIA_TYPE",
]);

/** "SKU 7 does not exist"; with a path, also pointing at the field that named it. */
export function notFound(
  code: "SKU_NOT_FOUND" | "SUPPLIER_ITEM_NOT_FOUND" | "STOCK_TAKE_NOT_FOUND",
  id: number | string,
  path?: (string | number)[],
): AppError {
  const message = `${ERROR_CATALOG[code].title.replace(" not found", "")} ${id} does not exist`;
  return new AppError(code, message, path ? [{ path, code, message }] : []);
}
