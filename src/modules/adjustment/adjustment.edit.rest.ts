// PATCH /api/v1/skus/{id} and /api/v1/supplier-items/{id}: a catalog edit, a stock change, or both
// (one call each into adjustment.edit.ts). Tagged adjustments in the API's documents, as published.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { ctxOf, inlineScope, requireScope, writeContext } from "../../http/auth.js";
import { idempotencyKeyOf, sendIdempotent } from "../../http/idempotency.js";
import * as edits from "./adjustment.edit.js";
import {
  adjustSkuStock,
  adjustSupplierItemStock,
  type CatalogPatch,
} from "./adjustment.edit.schemas.js";

/** The service input of a PATCH: catalog fields, on hand, or both. */
const patchInput = (body: CatalogPatch = {}) => ({
  onHand: body.on_hand,
  reason: body.reason,
  note: body.note,
  reference: body.reference,
  siteId: body.site_id,
  expectedOnHand: body.expected_on_hand,
  supplier: body.supplier,
  code: body.code,
  name: body.name,
  active: body.active,
  barcodes: body.barcodes,
  location: body.location,
  unitCost: body.unit_cost,
});

/** PATCH /api/v1/skus/{id} and PATCH /api/v1/supplier-items/{id}. */
export async function editRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.patch(
    "/skus/:id",
    {
      // Without a key, setting on hand is one statement, which can check the token itself.
      ...inlineScope("adjust", (request) => !idempotencyKeyOf(request)),
      schema: adjustSkuStock,
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

  app.patch(
    "/supplier-items/:id",
    {
      onRequest: requireScope("adjust"),
      schema: adjustSupplierItemStock,
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
