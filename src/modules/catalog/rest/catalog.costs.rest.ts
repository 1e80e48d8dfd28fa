import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { ctxOf, rowPricedScope } from "../../../http/auth.js";
import { toRestPage } from "../../../http/serialize.js";
import { listCostChanges } from "../catalog.costs.js";
import { listSkuCostChanges, listSupplierItemCostChanges } from "./catalog.costs.schemas.js";

/** An item's cost history (the costs scope's), priced by the rows it answers as any list. */
export async function costRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    "/skus/:id/cost-changes",
    { ...rowPricedScope("costs"), schema: listSkuCostChanges },
    async (request) =>
      toRestPage(await listCostChanges(ctxOf(request), "sku", request.params.id, request.query)),
  );

  app.get(
    "/supplier-items/:id/cost-changes",
    { ...rowPricedScope("costs"), schema: listSupplierItemCostChanges },
    async (request) =>
      toRestPage(
        await listCostChanges(ctxOf(request), "supplier_item", request.params.id, request.query),
      ),
  );
}
