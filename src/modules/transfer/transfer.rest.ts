import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { bulkBody } from "../../http/body-limit.js";
import { ctxOf, linePricedScope, requireScope, rowPricedScope } from "../../http/auth.js";
import { idempotencyKeyOf, sendIdempotent } from "../../http/idempotency.js";
import { chargeWalk } from "../../http/rate-limit.js";
import { toRest, toRestPage } from "../../http/serialize.js";
import { linesTwice, OPERATIONS } from "../../operations.js";
import * as history from "./transfer.read.js";
import {
  cancelTransfer,
  createTransfer,
  getTransfer,
  listTransferLines,
  listTransfers,
  receiveTransfer,
  type CreateTransfer,
} from "./transfer.schemas.js";
import * as transfers from "./transfer.service.js";

/** /api/v1/transfers: stock sent from one site to another, received, or cancelled. */
export async function transferRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get("/transfers", { ...rowPricedScope("read"), schema: listTransfers }, async (request) => {
    const { status, from_site_id: fromSiteId, to_site_id: toSiteId, limit, cursor } = request.query;
    return toRestPage(
      await history.listTransfers(ctxOf(request), { status, fromSiteId, toSiteId, limit, cursor }),
    );
  });

  app.get(
    "/transfers/:id",
    {
      // Priced like a list by the lines it answers (up to FIRST_LINES).
      ...rowPricedScope("read", {
        mostRows: () => history.FIRST_LINES,
        rowsOf: (payload) => (payload as { lines?: unknown[] }).lines?.length,
      }),
      schema: getTransfer,
    },
    async (request) =>
      toRest(await history.getTransferWithLines(ctxOf(request), request.params.id)),
  );

  app.get(
    "/transfers/:id/lines",
    { ...rowPricedScope("read"), schema: listTransferLines },
    async (request) =>
      toRestPage(await history.listTransferLines(ctxOf(request), request.params.id, request.query)),
  );

  app.post(
    "/transfers",
    {
      ...bulkBody(fastify),
      ...linePricedScope<CreateTransfer>(
        "adjust",
        // Twice for a one-step transfer, by the registry's rule (as GraphQL prices it).
        (body) => body.lines.length * (linesTwice(OPERATIONS.createTransfer.lines, body) ? 2 : 1),
        OPERATIONS.createTransfer.lines,
      ),
      schema: createTransfer,
    },
    async (request, reply) => {
      const { from_site_id, to_site_id, reference, note, receive, lines } = request.body;
      const result = await transfers.createTransfer(
        ctxOf(request),
        { fromSiteId: from_site_id, toSiteId: to_site_id, reference, note, receive, lines },
        idempotencyKeyOf(request),
      );
      return sendIdempotent(reply, 201, result);
    },
  );

  app.post(
    "/transfers/:id/receive",
    { ...bulkBody(fastify), onRequest: requireScope("adjust"), schema: receiveTransfer },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const { id } = request.params;
      await chargeWalk(request, reply, OPERATIONS.receiveTransfer, transfers.transferWalk(ctx, id));
      const result = await transfers.receiveTransfer(
        ctx,
        id,
        request.body,
        idempotencyKeyOf(request),
      );
      return sendIdempotent(reply, 200, result);
    },
  );

  app.post(
    "/transfers/:id/cancel",
    { onRequest: requireScope("adjust"), schema: cancelTransfer },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const { id } = request.params;
      await chargeWalk(request, reply, OPERATIONS.cancelTransfer, transfers.transferWalk(ctx, id));
      return sendIdempotent(
        reply,
        200,
        await transfers.cancelTransfer(ctx, id, idempotencyKeyOf(request)),
      );
    },
  );
}
