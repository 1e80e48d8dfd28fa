// The services hold the text limits themselves, whoever calls them: the transports announce the
// same limits (REST schemas, GraphQL input validation), but the demo seeding, the CLI and any
// later transport reach the services directly.
import type { PrismaClient } from "../../src/db/client.js";
import type { ServiceContext } from "../../src/context.js";
import { AppError } from "../../src/errors.js";
import { bulkAdjust } from "../../src/modules/adjustment/adjustment.service.js";
import { createSku, createSupplierItem } from "../../src/modules/catalog/catalog.service.js";
import { newAccountContext, testDb } from "../helpers/db.js";
import { ledgerState } from "../helpers/stock.js";

let db: PrismaClient;
let ctx: ServiceContext;
let accountId: number;

beforeAll(async () => {
  db = await testDb();
  ctx = await newAccountContext(db);
  accountId = ctx.principal.accountId;
});
afterAll(() => db.$disconnect());

/** The field errors a refused call reports, after checking it wrote nothing. */
async function refusal(call: () => Promise<unknown>) {
  const before = await ledgerState(db, accountId);
  const skus = await db.sku.count({ where: { accountId } });
  const items = await db.supplierItem.count({ where: { accountId } });
  const error = await call().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(await ledgerState(db, accountId)).toEqual(before);
  expect(await db.sku.count({ where: { accountId } })).toBe(skus);
  expect(await db.supplierItem.count({ where: { accountId } })).toBe(items);
  return (error as AppError).fieldErrors.map((f) => [f.path, f.code]);
}

describe("text limits in the services", () => {
  it("createSku refuses a 65-character code and a 201-character name, naming both", async () => {
    expect(
      await refusal(() => createSku(ctx, { code: "C".repeat(65), name: "N".repeat(201) })),
    ).toEqual([
      [["code"], "INVALID_PARAMETER"],
      [["name"], "INVALID_PARAMETER"],
    ]);
  });

  it("createSupplierItem refuses a 101-character supplier", async () => {
    expect(
      await refusal(() =>
        createSupplierItem(ctx, { supplier: "S".repeat(101), code: "TL-1", name: "Item" }),
      ),
    ).toEqual([[["supplier"], "INVALID_PARAMETER"]]);
  });

  it("bulkAdjust refuses a 1001-character note and a 201-character reference", async () => {
    const sku = (await createSku(ctx, { code: "TL-SKU", name: "Limits", openingOnHand: 1 })).value;
    expect(
      await refusal(() =>
        bulkAdjust(ctx, {
          reason: "damaged",
          note: "n".repeat(1001),
          reference: "r".repeat(201),
          lines: [{ type: "sku", id: sku.id, newQty: "0" }],
        }),
      ),
    ).toEqual([
      [["note"], "INVALID_PARAMETER"],
      [["reference"], "INVALID_PARAMETER"],
    ]);
  });
});
