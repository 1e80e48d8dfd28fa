// What REST operations answer, shared by every route's schema: success responses (a named schema
// with an example), the problems each kind of operation can answer, and the examples. Apart from
// the named schemas (src/server/openapi-schemas.ts, which imports the modules' schema files that
// use these): a name is checked where the document is built (an unknown one fails its lint and
// the OpenAPI tests).
import { ERROR_CATALOG, type ErrorCode } from "../errors.js";
import { $ref } from "./openapi-primitives.js";

/** A `$ref` to a named schema. */
export const ref = (name: string) => $ref(name);

/** A success response: a named schema as application/json, with an example. */
export const ok = (name: string, description: string, example: unknown, headers?: object) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { "application/json": { schema: ref(name), example } },
});

/** A response (from ok()) that may also be text/csv, with that body's named schema and example. */
export const orCsv = (
  response: ReturnType<typeof ok>,
  name: string,
  example: string,
): ReturnType<typeof ok> & { content: Record<string, object> } => ({
  ...response,
  content: { ...response.content, "text/csv": { schema: ref(name), example } },
});

/** Response headers of idempotent writes. */
export const replayHeaders = {
  "idempotent-replayed": {
    type: "string",
    enum: ["true"],
    description:
      "Present when this is the stored response of an earlier request with the same Idempotency-Key.",
  },
} as const;

/** Problems any authenticated operation can answer. */
export const READ_PROBLEMS = [
  "INVALID_PARAMETER",
  "HEADERS_TOO_LARGE",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "RATE_LIMITED",
  "SERVICE_UNAVAILABLE",
] as const satisfies readonly ErrorCode[];

/** What a write that sets an entity's barcodes can answer besides the rest. */
export const BARCODE_PROBLEMS = ["INVALID_BARCODE", "DUPLICATE_BARCODE"] as const;

/**
 * Problems of a request body, which any POST, PATCH or DELETE can be sent (even one that takes no
 * body: a body that is sent is read).
 */
export const BODY_PROBLEMS = [
  "MALFORMED_REQUEST",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
] as const satisfies readonly ErrorCode[];

/** Problems any write with a JSON body and an Idempotency-Key can answer, besides READ_PROBLEMS. */
export const WRITE_PROBLEMS = [
  ...READ_PROBLEMS,
  ...BODY_PROBLEMS,
  "IDEMPOTENCY_KEY_IN_PROGRESS",
  "IDEMPOTENCY_KEY_REUSED",
] as const satisfies readonly ErrorCode[];

const STATUS_TEXT: Record<number, string> = {
  400: "The request is malformed or a parameter is invalid",
  401: "No token, or an unknown or revoked one",
  403: "The token lacks the operation's scope",
  404: "Not found (another account's ids too)",
  409: "Conflicts with the current state",
  413: "The body is larger than the server accepts",
  415: "The body is not application/json",
  431: "The request line and headers are over 16 kB (a long query string counts)",
  422: "Breaks a rule",
  429: "The token's rate limit is used up; retry after Retry-After seconds",
  503: "The database is unavailable; retry after Retry-After seconds",
};

const STATUS_HEADERS: Record<number, object> = {
  401: { "www-authenticate": { type: "string", description: 'Bearer realm="countpoint"' } },
  503: { "retry-after": { type: "string", description: "Seconds to wait before retrying." } },
  429: {
    "retry-after": {
      type: "string",
      pattern: "^[1-9][0-9]*$",
      description:
        "Seconds until the token's bucket holds what this request costs: retry then, not sooner.",
    },
  },
};

/**
 * The error responses of an operation, from the codes it can answer: one application/problem+json
 * response per status, listing its codes, with an example of the first.
 */
export function problemResponses(...codes: ErrorCode[]): Record<number, object> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const { status } = ERROR_CATALOG[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<number, object> = {};
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const list = byStatus.get(status) ?? [];
    const headers = STATUS_HEADERS[status];
    responses[status] = {
      description: `${STATUS_TEXT[status] ?? ERROR_CATALOG[list[0]!].title}: ${list.join(", ")}.`,
      ...(headers ? { headers } : {}),
      content: {
        "application/problem+json": { schema: ref("Problem"), example: problemExample(list[0]!) },
      },
    };
  }
  return responses;
}

function problemExample(code: ErrorCode) {
  const { status, title } = ERROR_CATALOG[code];
  return {
    type: `https://countpoint.dev/problems/${code.toLowerCase().replaceAll("_", "-")}`,
    title,
    status,
    detail: PROBLEM_DETAILS[code] ?? title,
    code,
    request_id: "8a1f3c2e-5b7d-4e9a-9c1f-2d3e4f5a6b7c",
  };
}

const PROBLEM_DETAILS: Partial<Record<ErrorCode, string>> = {
  INVALID_PARAMETER: "body /code: must NOT have more than 64 characters",
  UNAUTHENTICATED: "send Authorization: Bearer <token>",
  FORBIDDEN: "this token lacks the adjust scope",
  SKU_NOT_FOUND: "SKU 42 does not exist",
  SUPPLIER_ITEM_NOT_FOUND: "Supplier item 7 does not exist",
  ON_HAND_CHANGED: "on hand is 9, not the expected 10",
  DUPLICATE_CODE: 'a SKU with code "BOLT-M6" already exists',
  DUPLICATE_BARCODE: 'barcode "4006381333931" already belongs to SKU 12 (BOLT-M8)',
  INVALID_BARCODE: '"4006381333932" is a GTIN-13 whose check digit should be 1, not 2',
  BARCODE_NOT_FOUND: 'no SKU or supplier item has barcode "4006381333931"',
  INVALID_QUANTITY: "has more than 3 decimal places",
  SERVICE_UNAVAILABLE: "the database is unavailable; try again shortly",
};

// Examples, shared by the operations that answer the same entities.
const at = "2026-11-21T09:30:00.000Z";
const skuExample = {
  id: 1,
  code: "BOLT-M6",
  name: "Bolt M6",
  on_hand: 250,
  active: true,
  created_at: at,
  updated_at: at,
  barcodes: ["4006381333931"],
  location: "A-01-03",
};
export const examples = {
  sku: skuExample,
  supplierItem: {
    id: 5,
    supplier: "Würth",
    code: "W-0057-6",
    name: "Hex bolt M6x20, pack of 100",
    on_hand: 12.5,
    sku_id: null,
    active: true,
    created_at: at,
    updated_at: at,
    barcodes: [],
  },
  barcodeMatch: { type: "sku", ...skuExample },
  importResult: {
    created: 1,
    updated: 0,
    unchanged: 1,
    ids: [
      { code: "BOLT-M6", id: 1 },
      { code: "NUT-M6", id: 2 },
    ],
  },
  movement: {
    id: 1042,
    occurred_at: "2026-11-21T10:15:02.311Z",
    entity_type: "sku",
    sku_id: 1,
    supplier_item_id: null,
    quantity_before: 250,
    quantity_after: 12,
    change: -238,
    reason: "manual",
    note: "Cycle count correction.",
    reference: "MANUAL-001",
    source: "adjustment",
    adjustment_id: 17,
    stock_take_id: null,
    site_id: 1,
    actor: { name: "pos", token_id: 3 },
  },
  adjustment: {
    id: 18,
    reason: "received",
    note: null,
    reference: "PO-1042",
    created_at: "2026-11-21T11:02:45.120Z",
    actor: { name: "erp", token_id: 4 },
    site_id: 1,
    lines: [
      {
        type: "sku",
        id: 1,
        previous_qty: 12,
        new_qty: 60,
        change: 48,
        status: "changed",
        movement_id: 1043,
        site_id: 1,
      },
      {
        type: "supplier_item",
        id: 5,
        previous_qty: 12.5,
        new_qty: 12.5,
        change: 0,
        status: "unchanged",
        movement_id: null,
        site_id: 1,
      },
    ],
  },
} as const;
