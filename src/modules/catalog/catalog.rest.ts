import type { FastifyInstance } from "fastify";
import { ctxOf, requireScope } from "../../http/auth.js";
import { idempotencyKeyOf, sendIdempotent } from "../../http/idempotency.js";
import { toRest, toRestPage } from "../../http/serialize.js";
import { idempotencyHeaders, idParams, pageQuery, quantitySchema } from "../../http/validation.js";
import * as catalog from "./catalog.service.js";
import { LIMITS } from "./catalog.service.js";

const text = (max: number) => ({ type: "string", maxLength: max }) as const;

const skuSchema = {
  type: "object",
  properties: {
    id: { type: "integer" },
    code: { type: "string" },
    name: { type: "string" },
    on_hand: { type: "number" },
    active: { type: "boolean" },
    created_at: { type: "string", format: "date-time" },
    updated_at: { type: "string", format: "date-time" },
  },
} as const;

const supplierItemSchema = {
  type: "object",
  properties: {
    id: { type: "integer" },
    supplier: { type: "string" },
    code: { type: "string" },
    name: { type: "string" },
    on_hand: { type: "number", description: "The linked SKU's on hand when linked." },
    sku_id: { type: ["integer", "null"] },
    active: { type: "boolean" },
    created_at: { type: "string", format: "date-time" },
    updated_at: { type: "string", format: "date-time" },
  },
} as const;

const listOf = (item: object) => ({
  type: "object",
  properties: { data: { type: "array", items: item }, next_cursor: { type: ["string", "null"] } },
});

interface CreateSkuBody {
  code: string;
  name: string;
  opening_on_hand?: number;
  active?: boolean;
}

interface CreateSupplierItemBody {
  supplier: string;
  code: string;
  name: string;
  sku_id?: number | null;
  opening_on_hand?: number;
  active?: boolean;
}

/** /api/v1/skus and /api/v1/supplier-items. */
export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: CreateSkuBody }>(
    "/skus",
    {
      onRequest: requireScope("adjust"),
      schema: {
        tags: ["catalog"],
        summary: "Create a SKU",
        headers: idempotencyHeaders,
        body: {
          type: "object",
          required: ["code", "name"],
          additionalProperties: false,
          properties: {
            code: text(LIMITS.code),
            name: text(LIMITS.name),
            opening_on_hand: {
              ...quantitySchema,
              description: "Recorded as an opening_balance movement.",
            },
            active: { type: "boolean" },
          },
        },
        response: { 201: skuSchema },
      },
    },
    async (request, reply) => {
      const { code, name, opening_on_hand, active } = request.body;
      const result = await catalog.createSku(
        ctxOf(request),
        { code, name, openingOnHand: opening_on_hand, active },
        idempotencyKeyOf(request),
      );
      return sendIdempotent(reply, 201, result);
    },
  );

  app.get<{ Querystring: { limit?: number; cursor?: string } }>(
    "/skus",
    {
      onRequest: requireScope("read"),
      schema: {
        tags: ["catalog"],
        summary: "List SKUs",
        querystring: pageQuery,
        response: { 200: listOf(skuSchema) },
      },
    },
    async (request) => toRestPage(await catalog.listSkus(ctxOf(request), request.query)),
  );

  app.get<{ Params: { id: number } }>(
    "/skus/:id",
    {
      onRequest: requireScope("read"),
      schema: {
        tags: ["catalog"],
        summary: "Get a SKU",
        params: idParams,
        response: { 200: skuSchema },
      },
    },
    async (request) => toRest(await catalog.getSku(ctxOf(request), request.params.id)),
  );

  app.post<{ Body: CreateSupplierItemBody }>(
    "/supplier-items",
    {
      onRequest: requireScope("adjust"),
      schema: {
        tags: ["catalog"],
        summary: "Create a supplier item, optionally linked to a SKU",
        headers: idempotencyHeaders,
        body: {
          type: "object",
          required: ["supplier", "code", "name"],
          additionalProperties: false,
          properties: {
            supplier: text(LIMITS.supplier),
            code: text(LIMITS.code),
            name: text(LIMITS.name),
            sku_id: { type: ["integer", "null"], minimum: 1, maximum: 2147483647 },
            opening_on_hand: { ...quantitySchema, description: "Unlinked items only." },
            active: { type: "boolean" },
          },
        },
        response: { 201: supplierItemSchema },
      },
    },
    async (request, reply) => {
      const { supplier, code, name, sku_id, opening_on_hand, active } = request.body;
      const result = await catalog.createSupplierItem(
        ctxOf(request),
        { supplier, code, name, skuId: sku_id, openingOnHand: opening_on_hand, active },
        idempotencyKeyOf(request),
      );
      return sendIdempotent(reply, 201, result);
    },
  );

  app.get<{ Querystring: { limit?: number; cursor?: string } }>(
    "/supplier-items",
    {
      onRequest: requireScope("read"),
      schema: {
        tags: ["catalog"],
        summary: "List supplier items",
        querystring: pageQuery,
        response: { 200: listOf(supplierItemSchema) },
      },
    },
    async (request) => toRestPage(await catalog.listSupplierItems(ctxOf(request), request.query)),
  );

  app.get<{ Params: { id: number } }>(
    "/supplier-items/:id",
    {
      onRequest: requireScope("read"),
      schema: {
        tags: ["catalog"],
        summary: "Get a supplier item",
        params: idParams,
        response: { 200: supplierItemSchema },
      },
    },
    async (request) => toRest(await catalog.getSupplierItem(ctxOf(request), request.params.id)),
  );
}
