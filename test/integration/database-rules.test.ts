// Rules the database itself enforces, so that no code path (a bug, a manual psql session, a
// future module) can break the ledger: raw SQL is used on purpose to go around the services.
import type { PrismaClient } from "../../src/db/client.js";
import type { ServiceContext } from "../../src/context.js";
import { migrate } from "../../src/db/migrate.js";
import { createSku, createSupplierItem } from "../../src/modules/catalog/catalog.service.js";
import { databaseUrl, newAccountContext, testDb } from "../helpers/db.js";
import { createFreshDatabase, queryRows } from "../helpers/fresh-database.js";

let db: PrismaClient;
let ctx: ServiceContext;
let accountId: number;
let codes = 0;

beforeAll(async () => {
  db = await testDb();
  ctx = await newAccountContext(db);
  accountId = ctx.principal.accountId;
});
afterAll(() => db.$disconnect());

const newSku = async (openingOnHand: number) =>
  (await createSku(ctx, { code: `RULE-${++codes}`, name: "Rule test", openingOnHand })).value;

/** SQL for the account's default site (of the statement's $1). */
const DEFAULT_SITE = "(SELECT id FROM sites WHERE account_id = $1 AND is_default)";

/** An item's levels at every site, in site order: "default" for the account's default site. */
async function levels(type: "sku" | "supplier_item", id: number) {
  const table = type === "sku" ? "sku_stock" : "supplier_item_stock";
  const column = type === "sku" ? "sku_id" : "supplier_item_id";
  return db.$queryRawUnsafe<{ site: string; on_hand: string }[]>(
    `SELECT CASE WHEN d.is_default THEN 'default' ELSE d.id::text END AS site,
       l.on_hand::text AS on_hand
     FROM ${table} AS l JOIN sites AS d ON d.account_id = l.account_id AND d.id = l.site_id
     WHERE l.account_id = $1 AND l.${column} = $2 ORDER BY l.site_id`,
    accountId,
    id,
  );
}

/**
 * The constraint that refuses a statement run on a connection of its own: node-postgres's error
 * names it, also for a trigger's (Prisma's message shows only the trigger's text).
 */
async function refusedBy(sql: string, params: unknown[]): Promise<string | undefined> {
  const error = await queryRows(databaseUrl(), sql, params).then(
    () => null,
    (e: { constraint?: string }) => e,
  );
  if (!error) throw new Error(`not refused: ${sql}`);
  return error.constraint;
}

/** Links a supplier item to a SKU directly. */
const LINK = `UPDATE supplier_items SET sku_id = $3 WHERE account_id = $1 AND id = $2`;

const linkedSkuOf = async (itemId: number) =>
  (
    await db.supplierItem.findUniqueOrThrow({
      where: { accountId_id: { accountId, id: itemId } },
    })
  ).skuId;

async function movementOf(skuId: number) {
  const movements = await db.stockMovement.findMany({ where: { accountId, skuId } });
  expect(movements).toHaveLength(1);
  return movements[0]!;
}

describe("stock_movements is append-only", () => {
  it("refuses to UPDATE a movement and leaves it as it was", async () => {
    const sku = await newSku(5);
    const before = await movementOf(sku.id);

    await expect(
      db.$executeRawUnsafe(
        `UPDATE stock_movements SET quantity_after = 50, change = 50, note = 'tampered'
         WHERE account_id = $1 AND id = $2`,
        accountId,
        before.id,
      ),
    ).rejects.toThrow(/append-only/);

    expect(await movementOf(sku.id)).toEqual(before);
  });

  it("refuses to DELETE a movement and keeps it", async () => {
    const sku = await newSku(5);
    const before = await movementOf(sku.id);

    await expect(
      db.$executeRawUnsafe(
        `DELETE FROM stock_movements WHERE account_id = $1 AND id = $2`,
        accountId,
        before.id,
      ),
    ).rejects.toThrow(/append-only/);

    expect(await movementOf(sku.id)).toEqual(before);
  });

  it("refuses to TRUNCATE the ledger, or to empty any of its partitions", async () => {
    // On a database of its own: if the rule were missing, the shared test data would be gone.
    const fresh = await createFreshDatabase();
    try {
      await migrate(fresh.url);
      // Two statements: the account's default site, made by a trigger, is not seen by the
      // statement inserting the account.
      await queryRows(fresh.url, `INSERT INTO accounts (name) VALUES ('t')`);
      await queryRows(
        fresh.url,
        `INSERT INTO stock_movements (account_id, entity_type, sku_id, quantity_before, quantity_after,
           change, reason, source, actor_name, site_id)
         SELECT s.account_id, 'sku', 1, 0, 1, 1, 'found', 'adjustment', 'test', s.id
         FROM sites s WHERE s.is_default`,
      );

      await expect(queryRows(fresh.url, `TRUNCATE stock_movements`)).rejects.toThrow(/append-only/);
      // Each partition refuses on its own too: TRUNCATE any of them (the month holding the
      // movement, the months made ahead, the DEFAULT partition), UPDATE or DELETE the rows of
      // the month and of the DEFAULT partition (a movement stamped where no month is).
      await queryRows(
        fresh.url,
        `INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id, quantity_before,
           quantity_after, change, reason, source, actor_name, site_id)
         SELECT account_id, '2999-01-01T00:00:00Z', 'sku', 1, 1, 2, 1, 'found', 'adjustment', 'test',
           site_id
         FROM stock_movements`,
      );
      const partitions = await queryRows<{ name: string }>(
        fresh.url,
        `SELECT partition::text AS name FROM countpoint_partitions('stock_movements')`,
      );
      expect(partitions.length).toBe(5);
      for (const { name } of partitions) {
        await expect(queryRows(fresh.url, `TRUNCATE ${name}`)).rejects.toThrow(/append-only/);
      }
      const holding = await queryRows<{ name: string }>(
        fresh.url,
        `SELECT DISTINCT tableoid::regclass::text AS name FROM stock_movements ORDER BY 1`,
      );
      expect(holding.length).toBe(2);
      for (const { name } of holding) {
        for (const statement of [`DELETE FROM ${name}`, `UPDATE ${name} SET note = 'tampered'`]) {
          await expect(queryRows(fresh.url, statement)).rejects.toThrow(/append-only/);
        }
      }

      const [count] = await queryRows<{ n: number }>(
        fresh.url,
        `SELECT count(*)::int AS n FROM stock_movements`,
      );
      expect(count?.n).toBe(2);
    } finally {
      await fresh.drop();
    }
  });
});

describe("quantities the database refuses", () => {
  it("a SKU's on_hand cannot go negative", async () => {
    const sku = await newSku(2);

    await expect(
      db.$executeRawUnsafe(
        `UPDATE sku_stock SET on_hand = -0.001
         WHERE account_id = $1 AND site_id = ${DEFAULT_SITE} AND sku_id = $2`,
        accountId,
        sku.id,
      ),
    ).rejects.toThrow(/sku_stock_on_hand_check/);

    expect(await levels("sku", sku.id)).toEqual([{ site: "default", on_hand: "2.000" }]);
  });

  it("an unlinked supplier item's on_hand cannot go negative", async () => {
    const item = (
      await createSupplierItem(ctx, {
        supplier: "Rules Ltd",
        code: `NEG-${++codes}`,
        name: "Unlinked",
        openingOnHand: 3,
      })
    ).value;

    await expect(
      db.$executeRawUnsafe(
        `UPDATE supplier_item_stock SET on_hand = -1
         WHERE account_id = $1 AND site_id = ${DEFAULT_SITE} AND supplier_item_id = $2`,
        accountId,
        item.id,
      ),
    ).rejects.toThrow(/supplier_item_stock_on_hand_check/);

    expect(await levels("supplier_item", item.id)).toEqual([{ site: "default", on_hand: "3.000" }]);
  });

  it("a movement whose change is not quantity_after - quantity_before is rejected", async () => {
    const sku = await newSku(0);

    await expect(
      db.$executeRawUnsafe(
        `INSERT INTO stock_movements (account_id, entity_type, sku_id, quantity_before, quantity_after,
           change, reason, source, actor_name, site_id)
         VALUES ($1, 'sku', $2, 5, 7, 3, 'found', 'adjustment', 'test', (SELECT id FROM sites WHERE account_id = $1 AND is_default))`,
        accountId,
        sku.id,
      ),
    ).rejects.toThrow(/stock_movements_quantities_check/);

    expect(await db.stockMovement.count({ where: { accountId, skuId: sku.id } })).toBe(0);
  });

  it("a movement cannot name a supplier item when it is about a SKU", async () => {
    const sku = await newSku(0);

    await expect(
      db.$executeRawUnsafe(
        `INSERT INTO stock_movements (account_id, entity_type, sku_id, supplier_item_id, quantity_before,
           quantity_after, change, reason, source, actor_name, site_id)
         VALUES ($1, 'sku', $2, 1, 0, 1, 1, 'found', 'adjustment', 'test', (SELECT id FROM sites WHERE account_id = $1 AND is_default))`,
        accountId,
        sku.id,
      ),
    ).rejects.toThrow(/stock_movements_entity_check/);

    expect(await db.stockMovement.count({ where: { accountId, skuId: sku.id } })).toBe(0);
  });
});

describe("linked supplier items hold no stock of their own", () => {
  it("refuses on_hand on a supplier item linked to a SKU", async () => {
    const sku = await newSku(10);
    const item = (
      await createSupplierItem(ctx, {
        supplier: "Rules Ltd",
        code: `LINK-${++codes}`,
        name: "Linked",
        skuId: sku.id,
      })
    ).value;

    // A new level holding stock, or a level of 0 raised.
    expect(
      await refusedBy(
        `INSERT INTO supplier_item_stock (account_id, site_id, supplier_item_id, on_hand)
         VALUES ($1, ${DEFAULT_SITE}, $2, 1)`,
        [accountId, item.id],
      ),
    ).toMatch(/supplier_item_stock_linked_check/);
    await db.$executeRawUnsafe(
      `INSERT INTO supplier_item_stock (account_id, site_id, supplier_item_id, on_hand)
       VALUES ($1, ${DEFAULT_SITE}, $2, 0)
       ON CONFLICT (account_id, site_id, supplier_item_id) DO NOTHING`,
      accountId,
      item.id,
    );
    expect(
      await refusedBy(
        `UPDATE supplier_item_stock SET on_hand = 1
         WHERE account_id = $1 AND site_id = ${DEFAULT_SITE} AND supplier_item_id = $2`,
        [accountId, item.id],
      ),
    ).toMatch(/supplier_item_stock_linked_check/);

    expect(await levels("supplier_item", item.id)).toEqual([{ site: "default", on_hand: "0.000" }]);
  });

  it("refuses to link a supplier item that still holds stock", async () => {
    const sku = await newSku(10);
    const item = (
      await createSupplierItem(ctx, {
        supplier: "Rules Ltd",
        code: `LINK-${++codes}`,
        name: "Has stock",
        openingOnHand: 4,
      })
    ).value;

    expect(await refusedBy(LINK, [accountId, item.id, sku.id])).toMatch(
      /supplier_item_stock_linked_check/,
    );

    expect(await linkedSkuOf(item.id)).toBeNull();
    expect(await levels("supplier_item", item.id)).toEqual([{ site: "default", on_hand: "4.000" }]);
  });

  it("refuses to link a supplier item whose level at any site holds stock, and links it at 0", async () => {
    const sku = await newSku(10);
    const item = (
      await createSupplierItem(ctx, {
        supplier: "Rules Ltd",
        code: `LINK-${++codes}`,
        name: "Stock elsewhere",
      })
    ).value;
    const [site] = await db.$queryRawUnsafe<{ id: number }[]>(
      `INSERT INTO sites (account_id, code, name) VALUES ($1, $2, 'Rules store') RETURNING id`,
      accountId,
      `RULES-${++codes}`,
    );
    await db.$executeRawUnsafe(
      `INSERT INTO supplier_item_stock (account_id, site_id, supplier_item_id, on_hand)
       VALUES ($1, $2, $3, 2)`,
      accountId,
      site!.id,
      item.id,
    );

    expect(await refusedBy(LINK, [accountId, item.id, sku.id])).toMatch(
      /supplier_item_stock_linked_check/,
    );
    expect(await linkedSkuOf(item.id)).toBeNull();

    // Its stock there gone (to 0), the link is let through.
    await db.$executeRawUnsafe(
      `UPDATE supplier_item_stock SET on_hand = 0
       WHERE account_id = $1 AND site_id = $2 AND supplier_item_id = $3`,
      accountId,
      site!.id,
      item.id,
    );
    await db.$executeRawUnsafe(LINK, accountId, item.id, sku.id);
    expect(await linkedSkuOf(item.id)).toBe(sku.id);
  });
});
