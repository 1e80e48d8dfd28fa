// The documented REST flow (docs/guide/api.md, docs/guide/adjustments.md) through a client
// generated from the served OpenAPI document (openapi-typescript types, openapi-fetch calls). Type-checked against the generated types by
// test/api/protocol/openapi-client.test.ts, which writes them to ./generated (not committed).
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./generated/countpoint.js";

type Sku = components["schemas"]["Sku"];
type Problem = components["schemas"]["Problem"];

export interface FlowResult {
  created: Sku;
  adjusted: components["schemas"]["AdjustedSku"];
  replayed: boolean;
  adjustment: components["schemas"]["StockAdjustment"];
  movements: components["schemas"]["StockMovement"][];
  missing: Problem;
  refused: Problem;
}

/** A client for the API at `baseUrl`, authenticated with `token`. */
export function countpointClient(
  baseUrl: string,
  token: string,
  fetch?: typeof globalThis.fetch,
): Client<paths> {
  return createClient<paths>({
    baseUrl,
    headers: { authorization: `Bearer ${token}` },
    ...(fetch ? { fetch } : {}),
  });
}

/** Create a SKU and a supplier item, adjust the SKU (and retry), bulk adjust, read the history. */
export async function readmeFlow(client: Client<paths>): Promise<FlowResult> {
  const created = await client.POST("/api/v1/skus", {
    body: { code: "BOLT-M6", name: "Bolt M6", opening_on_hand: 250 },
  });
  if (!created.data) throw new Error(`create SKU: ${JSON.stringify(created.error)}`);
  const sku: Sku = created.data;

  const item = await client.POST("/api/v1/supplier-items", {
    body: { supplier: "Würth", code: "W-0057-6", name: "Hex bolt M6x20", opening_on_hand: 10 },
  });
  if (!item.data) throw new Error(`create supplier item: ${JSON.stringify(item.error)}`);

  const adjust = () =>
    client.PATCH("/api/v1/skus/{id}", {
      params: { path: { id: sku.id }, header: { "idempotency-key": `count-${sku.id}-1` } },
      body: {
        on_hand: 12,
        reason: "manual",
        note: "Cycle count correction.",
        reference: "MANUAL-001",
      },
    });
  const adjusted = await adjust();
  if (!adjusted.data) throw new Error(`adjust: ${JSON.stringify(adjusted.error)}`);
  const retried = await adjust();

  const bulk = await client.POST("/api/v1/stock-adjustments/bulk", {
    body: {
      reason: "received",
      reference: "PO-1042",
      lines: [
        { type: "sku", id: sku.id, new_qty: 60 },
        { type: "supplier_item", id: item.data.id, new_qty: 12.5, expected_qty: 10 },
      ],
    },
  });
  if (!bulk.data) throw new Error(`bulk: ${JSON.stringify(bulk.error)}`);

  const history = await client.GET("/api/v1/stock/movements", {
    params: { query: { sku_id: sku.id, order: "asc" } },
  });
  if (!history.data) throw new Error(`movements: ${JSON.stringify(history.error)}`);

  // Errors are typed too: a problem document with its stable code.
  const missing = await client.GET("/api/v1/skus/{id}", {
    params: { path: { id: 2147483647 } },
  });
  if (!missing.error) throw new Error("an unknown SKU was found");
  const refused = await client.PATCH("/api/v1/skus/{id}", {
    params: { path: { id: sku.id } },
    body: { on_hand: 5, reason: "manual" },
  });
  if (!refused.error) throw new Error("a manual adjustment without a note was accepted");

  return {
    created: sku,
    adjusted: adjusted.data,
    replayed: retried.response.headers.get("idempotent-replayed") === "true",
    adjustment: bulk.data,
    movements: history.data.data,
    missing: missing.error,
    refused: refused.error,
  };
}

/** Never called: the generated types refuse what the server refuses (checked by tsc). */
export function refusedByTheTypes(client: Client<paths>): void {
  void client.PATCH("/api/v1/skus/{id}", {
    params: { path: { id: 1 } },
    // @ts-expect-error a field the body does not have
    body: { on_hand: 1, reason: "found", colour: "red" },
  });
  void client.PATCH("/api/v1/skus/{id}", {
    params: { path: { id: 1 } },
    // @ts-expect-error a system reason is not an adjustment reason
    body: { on_hand: 1, reason: "stock_take" },
  });
  void client.POST("/api/v1/stock-adjustments/bulk", {
    // @ts-expect-error a line names a sku or a supplier_item
    body: { reason: "found", lines: [{ type: "warehouse", id: 1, new_qty: 1 }] },
  });
  void client.POST("/api/v1/skus", {
    // @ts-expect-error quantities are numbers, not strings
    body: { code: "X", name: "X", opening_on_hand: "12" },
  });
  // @ts-expect-error no such operation
  void client.DELETE("/api/v1/skus/{id}", { params: { path: { id: 1 } } });
}
