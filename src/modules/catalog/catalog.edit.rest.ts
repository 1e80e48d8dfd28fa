// PATCH /api/v1/skus/{id} and /api/v1/supplier-items/{id}: a catalog edit, a stock change, or both
// (one call each into catalog.edit.ts). Tagged adjustments in the API's documents, as published.
import type { FastifyInstance } from "fastify";
import { ctxOf, inlineScope, requireScope, writeContext } from "../../http/auth.js";
import { idempotencyKeyOf, sendIdempotent } from "../../http/idempotency.js";
import {
  BARCODE_PROBLEMS,
  examples,
  ok,
  problemResponses,
  ref,
  replayHeaders,
  WRITE_PROBLEMS,
} from "../../http/openapi-responses.js";
import { idempotencyHeaders, idParams } from "../../http/validation.js";
import { ADJUSTMENT_PROBLEMS } from "../adjustment/adjustment.schemas.js";
import * as edits from "./catalog.edit.js";

interface PatchBody {
  on_hand?: number;
  reason?: string;
  note?: string | null;
  reference?: string | null;
  expected_on_hand?: number | null;
  supplier?: string;
  code?: string;
  name?: string;
  active?: boolean;
  barcodes?: string[];
  location?: string | null;
}

/** The service input of a PATCH: catalog fields, on hand, or both. */
const patchInput = (body: PatchBody = {}) => ({
  onHand: body.on_hand,
  reason: body.reason,
  note: body.note,
  reference: body.reference,
  expectedOnHand: body.expected_on_hand,
  supplier: body.supplier,
  code: body.code,
  name: body.name,
  active: body.active,
  barcodes: body.barcodes,
  location: body.location,
});

/** PATCH /api/v1/skus/{id} and PATCH /api/v1/supplier-items/{id}. */
export async function catalogEditRoutes(app: FastifyInstance): Promise<void> {
  app.patch<{ Params: { id: number }; Body: PatchBody }>(
    "/skus/:id",
    {
      // Without a key, setting on hand is one statement, which can check the token itself.
      ...inlineScope("adjust", (request) => !idempotencyKeyOf(request)),
      schema: {
        operationId: "adjustSkuStock",
        tags: ["adjustments"],
        summary: "Edit a SKU, or set its on hand to an absolute value, or both",
        description:
          "Needs the adjust scope. code, name and active change the catalog and write no movement; on_hand (with a reason) writes one movement (none when on hand already has the value); both together apply in one transaction. Send an Idempotency-Key header to make retries safe.",
        params: idParams,
        headers: idempotencyHeaders,
        body: ref("SkuUpdate"),
        response: {
          200: ok(
            "AdjustedSku",
            "The SKU with its new on hand, and the movement written (null if unchanged)",
            { ...examples.sku, on_hand: 12, movement: examples.movement },
            replayHeaders,
          ),
          ...problemResponses(
            ...WRITE_PROBLEMS,
            "SKU_NOT_FOUND",
            ...ADJUSTMENT_PROBLEMS,
            ...BARCODE_PROBLEMS,
            "DUPLICATE_CODE",
          ),
        },
      },
    },
    async (request, reply) => {
      const input = patchInput(request.body);
      const result = await edits.editSku(
        await writeContext(request, reply, { inline: edits.setsOnHandOnly(input) }),
        request.params.id,
        input,
        idempotencyKeyOf(request),
      );
      return sendIdempotent(reply, 200, result, ({ sku, movement }) => ({ ...sku, movement }));
    },
  );

  app.patch<{ Params: { id: number }; Body: PatchBody }>(
    "/supplier-items/:id",
    {
      onRequest: requireScope("adjust"),
      schema: {
        operationId: "adjustSupplierItemStock",
        tags: ["adjustments"],
        summary: "Edit a supplier item, or set an unlinked one's on hand, or both",
        description:
          "Needs the adjust scope. Like PATCH /skus/{id}, with supplier among the catalog fields. A linked item's stock is its SKU's: on_hand for it is 422 LINKED_SUPPLIER_ITEM, naming the SKU to adjust instead. Send an Idempotency-Key header to make retries safe.",
        params: idParams,
        headers: idempotencyHeaders,
        body: ref("SupplierItemUpdate"),
        response: {
          200: ok(
            "AdjustedSupplierItem",
            "The supplier item with its new on hand, and the movement written (null if unchanged)",
            {
              ...examples.supplierItem,
              on_hand: 40,
              movement: {
                ...examples.movement,
                entity_type: "supplier_item",
                sku_id: null,
                supplier_item_id: examples.supplierItem.id,
                quantity_before: 36,
                quantity_after: 40,
                change: 4,
                reason: "received",
                note: null,
                reference: "PO-1043",
              },
            },
            replayHeaders,
          ),
          ...problemResponses(
            ...WRITE_PROBLEMS,
            "SUPPLIER_ITEM_NOT_FOUND",
            ...ADJUSTMENT_PROBLEMS,
            "LINKED_SUPPLIER_ITEM",
            ...BARCODE_PROBLEMS,
            "DUPLICATE_CODE",
          ),
        },
      },
    },
    async (request, reply) => {
      const result = await edits.editSupplierItem(
        ctxOf(request),
        request.params.id,
        patchInput(request.body),
        idempotencyKeyOf(request),
      );
      return sendIdempotent(reply, 200, result, ({ supplierItem, movement }) => ({
        ...supplierItem,
        movement,
      }));
    },
  );
}
