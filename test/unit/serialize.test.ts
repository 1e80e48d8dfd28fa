import { Prisma } from "../../src/db/client.js";
import { toPointer, toRest, toRestPage } from "../../src/http/serialize.js";

describe("toRest", () => {
  it("snake_cases keys at every depth, including inside arrays", () => {
    expect(
      toRest({
        skuId: 1,
        lines: [{ entityType: "sku", movedSinceFreeze: true }],
        nested: { supplierItemId: 2 },
      }),
    ).toEqual({
      sku_id: 1,
      lines: [{ entity_type: "sku", moved_since_freeze: true }],
      nested: { supplier_item_id: 2 },
    });
  });

  it("carries decimals as exact JSON numbers", () => {
    const body = toRest({
      onHand: new Prisma.Decimal("99999999999.999"),
      change: new Prisma.Decimal("-0.200"),
      tiny: new Prisma.Decimal("0.001"),
    });

    expect(JSON.stringify(body)).toBe('{"on_hand":99999999999.999,"change":-0.2,"tiny":0.001}');
  });

  it("writes timestamps as RFC 3339 UTC strings and bigint ids as numbers", () => {
    expect(
      toRest({ occurredAt: new Date(Date.UTC(2026, 0, 31, 23, 59, 59, 999)), movementId: 42n }),
    ).toEqual({ occurred_at: "2026-01-31T23:59:59.999Z", movement_id: 42 });
  });

  it("keeps null, strings, numbers and booleans as they are and turns undefined into null", () => {
    expect(
      toRest({ note: null, reference: undefined, code: "camelCase", count: 3, blind: false }),
    ).toEqual({ note: null, reference: null, code: "camelCase", count: 3, blind: false });
  });

  it("keeps a __proto__ key of stored JSON as a key, never as the object's prototype", () => {
    const stored = JSON.parse('{"__proto__": {"isAdmin": true}, "skuIds": [1]}') as object;
    const rest = toRest(stored) as Record<string, unknown>;
    expect(JSON.stringify(rest)).toBe('{"__proto__":{"is_admin":true},"sku_ids":[1]}');
    expect(Object.getPrototypeOf(rest)).toBe(Object.prototype);
    expect(rest.is_admin).toBeUndefined();
  });
});

describe("toPointer", () => {
  it("points into the REST body with snake_case names and array indexes", () => {
    expect(toPointer(["lines", 3, "newQty"])).toBe("/lines/3/new_qty");
    expect(toPointer(["expectedOnHand"])).toBe("/expected_on_hand");
  });
});

describe("toRestPage", () => {
  it("lists the nodes as data with next_cursor", () => {
    expect(
      toRestPage({ items: [{ node: { skuId: 1 } }, { node: { skuId: 2 } }], nextCursor: "abc" }),
    ).toEqual({ data: [{ sku_id: 1 }, { sku_id: 2 }], next_cursor: "abc" });
    expect(toRestPage({ items: [], nextCursor: null })).toEqual({ data: [], next_cursor: null });
  });
});
