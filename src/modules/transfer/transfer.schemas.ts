// The REST contract of transfers: the named schemas (registered by the OpenAPI registry,
// src/server/openapi-schemas.ts) and each route's schemas, declared once with TypeBox where a
// handler takes its types from them.
import { Type, type Static } from "typebox";
import { EntityType } from "../../generated/prisma/enums.js";
import {
  $ref,
  cursorParam,
  integerId,
  nullable,
  page,
  pageLimit,
  quantitySchema,
  QUANTITY_RULE,
  refOf,
  stringEnum,
  timestamp,
} from "../../http/openapi-primitives.js";
import {
  ok,
  problemResponses,
  READ_PROBLEMS,
  replayHeaders,
  WRITE_PROBLEMS,
} from "../../http/openapi-responses.js";
import { idempotencyHeaders, idParams, pageQuery } from "../../http/validation.js";
import { MAX_LINES, TEXT_LIMITS } from "../../limits.js";
import { FIRST_LINES, TRANSFER_STATUSES } from "./transfer.read.js";

const MOVE =
  "Needs the adjust scope. One transaction, all or nothing; every bad line is reported with its pointer (/lines/3/qty). Send an Idempotency-Key header to make retries safe.";

const line = (qty: string) =>
  Type.Object(
    {
      type: stringEnum(Object.values(EntityType), {
        description: "sku, or an unlinked supplier_item (422 LINKED_SUPPLIER_ITEM otherwise).",
        "x-service-checked": true,
      }),
      id: { ...integerId, description: "The SKU's or supplier item's id." },
      qty: { ...quantitySchema, description: `${qty} ${QUANTITY_RULE}` },
    },
    { additionalProperties: false },
  );

/** One line of a new transfer (named: TransferLineInput). */
export const TransferLineInput = Type.Object(line("What is sent: more than 0.").properties, {
  $id: "TransferLineInput",
  additionalProperties: false,
});
export type TransferLineInput = Static<typeof TransferLineInput>;

/** One line of a receipt (named: TransferReceiptLineInput). */
export const TransferReceiptLineInput = Type.Object(
  line("What arrived: 0 or more, at most what is still in transit for the item (422 OVER_RECEIPT).")
    .properties,
  { $id: "TransferReceiptLineInput", additionalProperties: false },
);
export type TransferReceiptLineInput = Static<typeof TransferReceiptLineInput>;

const note = Type.Optional(
  Type.Unsafe<string | null>({ type: ["string", "null"], maxLength: TEXT_LIMITS.note }),
);

/** POST /transfers's body (named: CreateTransfer). */
export const CreateTransfer = Type.Object(
  {
    from_site_id: {
      ...integerId,
      description:
        "The site the stock leaves (404 SITE_NOT_FOUND, 409 SITE_INACTIVE for a deactivated one).",
    },
    to_site_id: {
      ...integerId,
      description:
        "The site it goes to: another site of the account (422 SAME_SITE for the source itself).",
    },
    reference: Type.Optional(
      Type.Unsafe<string | null>({
        type: ["string", "null"],
        maxLength: TEXT_LIMITS.reference,
        description: "Your document number (a delivery note); every movement carries it.",
      }),
    ),
    note,
    receive: Type.Optional(
      Type.Boolean({
        description:
          "true: received at the destination in the same transaction (a move within a building); false when absent.",
      }),
    ),
    lines: Type.Array(Type.Unsafe<TransferLineInput>($ref("TransferLineInput")), {
      minItems: 1,
      maxItems: MAX_LINES,
      "x-error-codes": { maxItems: "TOO_MANY_LINES" },
      description: `1 to ${MAX_LINES} lines (more: 422 TOO_MANY_LINES); each SKU or supplier item at most once (422 DUPLICATE_LINE). A line sending more than the source holds is 409 INSUFFICIENT_STOCK.`,
    }),
  },
  {
    $id: "CreateTransfer",
    examples: [
      {
        from_site_id: 1,
        to_site_id: 2,
        reference: "DN-7731",
        lines: [
          { type: "sku", id: 1, qty: 12 },
          { type: "sku", id: 2, qty: 2.5 },
        ],
      },
    ],
    additionalProperties: false,
  },
);
export type CreateTransfer = Static<typeof CreateTransfer>;

/** POST /transfers/{id}/receive's body (named: ReceiveTransfer). */
export const ReceiveTransfer = Type.Object(
  {
    lines: Type.Optional(
      Type.Array(Type.Unsafe<TransferReceiptLineInput>($ref("TransferReceiptLineInput")), {
        minItems: 1,
        maxItems: MAX_LINES,
        "x-error-codes": { maxItems: "TOO_MANY_LINES" },
        description: `What arrived, per item on the transfer (422 NOT_IN_TRANSFER for another): 1 to ${MAX_LINES} lines (more: 422 TOO_MANY_LINES). Items left out stay in transit. Absent: everything still in transit arrived.`,
      }),
    ),
    close: Type.Optional(
      Type.Boolean({
        description:
          "true: what is still in transit after this receipt never arrives: it is written off at the destination (a transfer_in of it, then a transfer_loss) and the transfer is received. false when absent.",
      }),
    ),
    note,
  },
  {
    $id: "ReceiveTransfer",
    description:
      "An empty object ({}) receives everything still in transit. The transfer closes (status received) once nothing is left in transit.",
    examples: [{ lines: [{ type: "sku", id: 1, qty: 10 }], close: true }],
    additionalProperties: false,
  },
);
export type ReceiveTransfer = Static<typeof ReceiveTransfer>;

const transferProperties = {
  id: { ...integerId, description: "Movements carry it as transfer_id." },
  status: $ref("TransferStatus"),
  from_site_id: { ...integerId, description: "The site the stock was sent from." },
  to_site_id: { ...integerId, description: "The site it is sent to." },
  reference: nullable("string"),
  note: nullable("string"),
  line_count: { type: "integer", minimum: 1, description: "How many lines it has." },
  created_at: { ...timestamp, description: "When it was dispatched." },
  updated_at: { ...timestamp, description: "When it last changed (a receipt, a cancel)." },
  closed_at: {
    ...nullable("string"),
    format: "date-time",
    description: "When it was received in full, closed short or cancelled; null while in transit.",
  },
  actor: $ref("Actor"),
} as const;

const lineProperties = {
  type: $ref("EntityType"),
  id: { ...integerId, description: "The SKU's or supplier item's id." },
  qty: { type: "number", description: "What was sent." },
  received_qty: { type: "number", description: "What has been received at the destination." },
  lost_qty: {
    type: "number",
    description: "What was written off as lost when the transfer was closed short.",
  },
  in_transit_qty: {
    type: "number",
    description: "What is still in transit: qty − received_qty − lost_qty.",
  },
} as const;

export const transferSchemas = {
  TransferStatus: {
    $id: "TransferStatus",
    type: "string",
    enum: [...TRANSFER_STATUSES],
    description:
      "in_transit: dispatched, not all received yet (some may be); received: everything arrived, or what did not was written off (close); cancelled: put back at the source before any receipt.",
  },
  TransferLine: {
    $id: "TransferLine",
    type: "object",
    description: "One item of a transfer: what was sent, received, lost and is still in transit.",
    required: Object.keys(lineProperties),
    properties: lineProperties,
  },
  Transfer: {
    $id: "Transfer",
    type: "object",
    description: "A transfer between two sites, with every line in the order sent.",
    required: [...Object.keys(transferProperties), "lines"],
    properties: {
      ...transferProperties,
      lines: { type: "array", items: $ref("TransferLine") },
    },
  },
  TransferSummary: {
    $id: "TransferSummary",
    type: "object",
    description: "A transfer without its lines (GET /transfers/{id} has them).",
    required: Object.keys(transferProperties),
    properties: transferProperties,
  },
  TransferWithLines: {
    $id: "TransferWithLines",
    type: "object",
    description: `A transfer with its first ${FIRST_LINES} lines; lines_next_cursor continues at GET /transfers/{id}/lines.`,
    required: [...Object.keys(transferProperties), "lines", "lines_next_cursor"],
    properties: {
      ...transferProperties,
      lines: { type: "array", items: $ref("TransferLine") },
      lines_next_cursor: {
        ...nullable("string"),
        description: "The cursor to the rest of the lines; null when there are no more.",
      },
    },
  },
  TransferPage: page("TransferPage", "TransferSummary", "The account's transfers, newest first."),
  TransferLinePage: page(
    "TransferLinePage",
    "TransferLine",
    "A transfer's lines in the order sent.",
  ),
  TransferLineInput,
  TransferReceiptLineInput,
  CreateTransfer,
  ReceiveTransfer,
} as const;

const exampleLines = [
  { type: "sku", id: 1, qty: 12, received_qty: 0, lost_qty: 0, in_transit_qty: 12 },
  { type: "sku", id: 2, qty: 2.5, received_qty: 0, lost_qty: 0, in_transit_qty: 2.5 },
];
const example = {
  id: 7,
  status: "in_transit",
  from_site_id: 1,
  to_site_id: 2,
  reference: "DN-7731",
  note: null,
  line_count: 2,
  created_at: "2026-11-30T09:00:00.000Z",
  updated_at: "2026-11-30T09:00:00.000Z",
  closed_at: null,
  actor: { name: "warehouse-erp", token_id: 3 },
};
const received = {
  ...example,
  status: "received",
  updated_at: "2026-11-30T15:40:00.000Z",
  closed_at: "2026-11-30T15:40:00.000Z",
  lines: [
    { type: "sku", id: 1, qty: 12, received_qty: 10, lost_qty: 2, in_transit_qty: 0 },
    { type: "sku", id: 2, qty: 2.5, received_qty: 2.5, lost_qty: 0, in_transit_qty: 0 },
  ],
};

const TRANSFER_PROBLEMS = ["TRANSFER_NOT_FOUND", "TRANSFER_CLOSED"] as const;

export const createTransfer = {
  operationId: "createTransfer",
  tags: ["transfers"],
  summary: "Dispatch a transfer between two sites (or move stock at once with receive)",
  description: `${MOVE} Each line's quantity leaves the source at once (a transfer_out movement there) and is in transit until received at the destination; with receive: true it arrives in the same transaction (transfer_in movements).`,
  headers: idempotencyHeaders,
  body: refOf(CreateTransfer),
  response: {
    201: ok(
      "Transfer",
      "The transfer as dispatched",
      { ...example, lines: exampleLines },
      replayHeaders,
    ),
    ...problemResponses(
      ...WRITE_PROBLEMS,
      "SITE_NOT_FOUND",
      "SKU_NOT_FOUND",
      "SUPPLIER_ITEM_NOT_FOUND",
      "SITE_INACTIVE",
      "INSUFFICIENT_STOCK",
      "INVALID_QUANTITY",
      "SAME_SITE",
      "LINKED_SUPPLIER_ITEM",
      "DUPLICATE_LINE",
      "TOO_MANY_LINES",
    ),
  },
};

export const receiveTransfer = {
  operationId: "receiveTransfer",
  tags: ["transfers"],
  summary: "Receive a transfer at its destination, whole or in part",
  description: `${MOVE} What arrived goes in at the destination (transfer_in movements); a transfer is received in as many parts as it takes, and closes once nothing is left in transit. close: true writes off what never arrived (transfer_loss at the destination). Priced by the transfer's lines.`,
  params: idParams,
  headers: idempotencyHeaders,
  body: refOf(ReceiveTransfer),
  response: {
    200: ok("Transfer", "The transfer after the receipt", received, replayHeaders),
    ...problemResponses(
      ...WRITE_PROBLEMS,
      ...TRANSFER_PROBLEMS,
      "INVALID_QUANTITY",
      "OVER_RECEIPT",
      "NOT_IN_TRANSFER",
      "LINKED_SUPPLIER_ITEM",
      "DUPLICATE_LINE",
      "TOO_MANY_LINES",
    ),
  },
};

export const cancelTransfer = {
  operationId: "cancelTransfer",
  tags: ["transfers"],
  summary: "Cancel a transfer before any receipt (the stock goes back to the source)",
  description:
    "Needs the adjust scope. Every line's quantity goes back in at the source (transfer_in movements). A transfer received in part cannot be cancelled (409 TRANSFER_RECEIVED): receive the rest, or close it short. Priced by the transfer's lines. With an Idempotency-Key a retry replays the first answer.",
  params: idParams,
  headers: idempotencyHeaders,
  response: {
    200: ok(
      "Transfer",
      "The transfer, cancelled",
      {
        ...example,
        status: "cancelled",
        closed_at: "2026-11-30T10:05:00.000Z",
        updated_at: "2026-11-30T10:05:00.000Z",
        lines: exampleLines.map((l) => ({ ...l, in_transit_qty: 0 })),
      },
      replayHeaders,
    ),
    ...problemResponses(...WRITE_PROBLEMS, ...TRANSFER_PROBLEMS, "TRANSFER_RECEIVED"),
  },
};

export const listTransfers = {
  operationId: "listTransfers",
  tags: ["transfers"],
  summary: "List transfers, newest first",
  description:
    "Needs the read scope. Without lines (GET /transfers/{id} has them). status=in_transit&to_site_id=N: what is on its way to site N. Pages follow `next_cursor`. A token limited to sites lists the transfers from or to its sites, and naming another site is 404 SITE_NOT_FOUND.",
  querystring: Type.Object(
    {
      status: Type.Optional(stringEnum(TRANSFER_STATUSES)),
      from_site_id: Type.Optional({ ...integerId, description: "Only transfers from this site." }),
      to_site_id: Type.Optional({ ...integerId, description: "Only transfers to this site." }),
      limit: Type.Optional({ ...pageLimit, default: 100 }),
      cursor: Type.Optional(cursorParam),
    },
    { additionalProperties: false },
  ),
  response: {
    200: ok("TransferPage", "One page of transfers", { data: [example], next_cursor: null }),
    ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR", "SITE_NOT_FOUND"),
  },
};

export const getTransfer = {
  operationId: "getTransfer",
  tags: ["transfers"],
  summary: "Get a transfer with its lines",
  description: `Needs the read scope. The first ${FIRST_LINES} lines; \`lines_next_cursor\` (null when there are no more) continues at GET /transfers/{id}/lines.`,
  params: idParams,
  response: {
    200: ok("TransferWithLines", "The transfer and its first lines", {
      ...example,
      lines: exampleLines,
      lines_next_cursor: null,
    }),
    ...problemResponses(...READ_PROBLEMS, "TRANSFER_NOT_FOUND"),
  },
};

export const listTransferLines = {
  operationId: "listTransferLines",
  tags: ["transfers"],
  summary: "Page through a transfer's lines",
  description:
    "Needs the read scope. In the order sent; `cursor` is a `lines_next_cursor` or `next_cursor`.",
  params: idParams,
  querystring: pageQuery,
  response: {
    200: ok("TransferLinePage", "One page of lines", { data: exampleLines, next_cursor: null }),
    ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR", "TRANSFER_NOT_FOUND"),
  },
};
