// Every kind of break the verifier knows, each injected with SQL into an account of its own whose
// ledger was written through the API, is reported with its kind and where it is, and nothing else
// is (the other accounts' ledgers stay sound).
import { verifyLedger } from "../../src/modules/verify/verify.service.js";
import type { LedgerProblem } from "../../src/modules/verify/verify.types.js";
import { rest, type TestApp } from "../helpers/app.js";
import { newAccount, type TestAccount } from "../helpers/db.js";
import { defaultSiteId } from "../../src/modules/site/site.service.js";
import { createSku, createSupplierItem } from "../helpers/stock.js";
import { adjustSku, count, stockTakeClient } from "../helpers/stock-takes.js";
import { reconciledTake, tamper, verifyWorld, type VerifyWorld } from "../helpers/verify.js";

let w: VerifyWorld;
let t: TestApp;
let acct: TestAccount;
/** The default site of this test's account, where the API keeps its stock. */
let site: number;

beforeAll(async () => {
  w = await verifyWorld();
  t = w.t;
});
afterAll(() => w.close());
beforeEach(async () => {
  acct = await newAccount(t.db);
  site = await defaultSiteId(t.db, acct.accountId);
});

/** The problems the verifier finds in this test's account. */
const problems = async (): Promise<LedgerProblem[]> =>
  (await verifyLedger(t.db, { accountId: acct.accountId })).problems;
const broken = (sql: string) => tamper(w.fresh.url, sql);

/** The account's movements in id order, with the entity each is of. */
async function movements() {
  return t.db.$queryRaw<{ id: number; entity_id: number; adjustment_id: number | null }[]>`
    SELECT id::int, COALESCE(sku_id, supplier_item_id) AS entity_id, adjustment_id
    FROM stock_movements WHERE account_id = ${acct.accountId} ORDER BY id`;
}

const sku = (id: number) => ({ type: "sku" as const, id });

describe("movement chains and on hand", () => {
  it("chain_break: a movement that does not start where the one before ended", async () => {
    const id = await createSku(t, acct.token, 5);
    await adjustSku(t, acct.token, id, 7);
    await adjustSku(t, acct.token, id, 9);
    const [first, second] = await movements();
    await broken(`UPDATE stock_movements SET quantity_before = 4, change = 3
      WHERE account_id = ${acct.accountId} AND id = ${second!.id}`);
    expect(await problems()).toEqual([
      {
        kind: "chain_break",
        account_id: acct.accountId,
        entity: sku(id),
        site_id: site,
        movement_id: second!.id,
        previous_movement_id: first!.id,
        expected_before: "5",
        found_before: "4",
      },
      // The adjustment that wrote it said it started at 5.
      expect.objectContaining({
        kind: "adjustment_line_mismatch",
        movement_id: second!.id,
        fields: ["quantity_before"],
      }),
    ]);
  });

  it("chain_break: a first movement that does not start at 0", async () => {
    const id = await createSku(t, acct.token, 2.5);
    const [first] = await movements();
    await broken(`UPDATE stock_movements SET quantity_before = 0.5, change = 2
      WHERE account_id = ${acct.accountId} AND id = ${first!.id}`);
    expect(await problems()).toEqual([
      expect.objectContaining({
        kind: "chain_break",
        entity: sku(id),
        previous_movement_id: null,
        expected_before: "0",
        found_before: "0.5",
      }),
    ]);
  });

  it("change_mismatch: a change that is not after − before (were the CHECK ever lost)", async () => {
    const id = await createSku(t, acct.token, 3);
    const [first] = await movements();
    // The database is this file's own: the CHECK stays dropped.
    await broken(`ALTER TABLE stock_movements DROP CONSTRAINT stock_movements_quantities_check;
      UPDATE stock_movements SET change = 4 WHERE account_id = ${acct.accountId} AND id = ${first!.id}`);
    expect(await problems()).toEqual([
      {
        kind: "change_mismatch",
        account_id: acct.accountId,
        entity: sku(id),
        site_id: site,
        movement_id: first!.id,
        quantity_before: "0",
        quantity_after: "3",
        change: "4",
      },
    ]);
  });

  it("on_hand_mismatch: a level is not the last movement's quantity_after, or 0 without one", async () => {
    const moved = await createSku(t, acct.token, 9);
    const still = await createSku(t, acct.token, 0);
    const item = await createSupplierItem(t, acct.token, { openingOnHand: 1.5 });
    const [last] = (await movements()).filter((m) => m.entity_id === moved);
    // A level of 1 where `still` has no movement, whether or not its creation wrote one of 0.
    await broken(`UPDATE sku_stock SET on_hand = on_hand + 1
        WHERE account_id = ${acct.accountId} AND sku_id = ${moved};
      INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand)
        VALUES (${acct.accountId}, ${site}, ${still}, 1)
        ON CONFLICT (account_id, site_id, sku_id) DO UPDATE SET on_hand = 1;
      UPDATE supplier_item_stock SET on_hand = 0.25
        WHERE account_id = ${acct.accountId} AND supplier_item_id = ${item}`);
    expect(await problems()).toEqual([
      {
        kind: "on_hand_mismatch",
        account_id: acct.accountId,
        entity: sku(moved),
        site_id: site,
        last_movement_id: last!.id,
        expected_on_hand: "9",
        found_on_hand: "10",
      },
      expect.objectContaining({
        entity: sku(still),
        site_id: site,
        last_movement_id: null,
        expected_on_hand: "0",
        found_on_hand: "1",
      }),
      expect.objectContaining({
        entity: { type: "supplier_item", id: item },
        site_id: site,
        expected_on_hand: "1.5",
        found_on_hand: "0.25",
      }),
    ]);
  });

  it("on_hand_mismatch at a second site: each site's level and chain stand on their own, and the finding names its site", async () => {
    const x = await createSku(t, acct.token, 5);
    const y = await createSku(t, acct.token, 2);
    const [second] = await t.db.$queryRaw<{ id: number }[]>`
      INSERT INTO sites (account_id, code, name) VALUES (${acct.accountId}, 'VAN', 'Van')
      RETURNING id`;
    const van = second!.id;
    // x's chain at the van starts at 0 (not at its 5 at the default site) and ends at 4, where its
    // level there says 3; y has no movement at the van but a level of 1.5 there.
    await broken(`INSERT INTO stock_movements (account_id, entity_type, sku_id, quantity_before,
        quantity_after, change, reason, source, actor_name, site_id)
      VALUES (${acct.accountId}, 'sku', ${x}, 0, 4, 4, 'found', 'opening_balance', 'test', ${van});
      INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand)
      VALUES (${acct.accountId}, ${van}, ${x}, 3), (${acct.accountId}, ${van}, ${y}, 1.5)`);
    const last = (await movements()).at(-1)!;
    expect(await problems()).toEqual([
      {
        kind: "on_hand_mismatch",
        account_id: acct.accountId,
        entity: sku(x),
        site_id: van,
        last_movement_id: last.id,
        expected_on_hand: "4",
        found_on_hand: "3",
      },
      {
        kind: "on_hand_mismatch",
        account_id: acct.accountId,
        entity: sku(y),
        site_id: van,
        last_movement_id: null,
        expected_on_hand: "0",
        found_on_hand: "1.5",
      },
    ]);
  });

  it("linked_item_stock: a level of a linked supplier item that holds stock", async () => {
    const x = await createSku(t, acct.token, 1);
    const item = await createSupplierItem(t, acct.token, { skuId: x });
    await broken(`INSERT INTO supplier_item_stock (account_id, site_id, supplier_item_id, on_hand)
      VALUES (${acct.accountId}, ${site}, ${item}, 2)`);
    expect(await problems()).toEqual([
      // It has no movement: its level should be 0 for that alone.
      expect.objectContaining({
        kind: "on_hand_mismatch",
        entity: { type: "supplier_item", id: item },
        site_id: site,
        expected_on_hand: "0",
        found_on_hand: "2",
      }),
      {
        kind: "linked_item_stock",
        account_id: acct.accountId,
        entity: { type: "supplier_item", id: item },
        site_id: site,
        sku_id: x,
        found_on_hand: "2",
      },
    ]);
  });

  it("movement_entity_missing: movements naming another account's SKU", async () => {
    const other = await newAccount(t.db);
    const foreign = await createSku(t, other.token, 0);
    await broken(`INSERT INTO stock_movements (account_id, entity_type, sku_id, quantity_before,
        quantity_after, change, reason, source, actor_name, site_id)
      VALUES (${acct.accountId}, 'sku', ${foreign}, 0, 1, 1, 'found', 'opening_balance', 'test',
          (SELECT id FROM sites WHERE account_id = ${acct.accountId} AND is_default)),
        (${acct.accountId}, 'sku', ${foreign}, 1, 2, 1, 'found', 'opening_balance', 'test',
          (SELECT id FROM sites WHERE account_id = ${acct.accountId} AND is_default))`);
    const [, second] = await movements();
    expect(await problems()).toEqual([
      {
        kind: "movement_entity_missing",
        account_id: acct.accountId,
        entity: sku(foreign),
        site_id: site,
        movements: 2,
        last_movement_id: second!.id,
      },
    ]);
    const theirs = await verifyLedger(t.db, { accountId: other.accountId });
    expect(theirs.problems).toEqual([]);
  });
});

describe("adjustments", () => {
  async function bulk(lines: { id: number; new_qty: number }[]) {
    const res = await rest(t, "POST", "/stock-adjustments/bulk", {
      token: acct.token,
      body: { reason: "correction", lines: lines.map((l) => ({ type: "sku", ...l })) },
    });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return res.body as { id: number; lines: { movement_id: number | null }[] };
  }

  it("adjustment_line_movement_missing: a changed line naming no movement, or one that is not there", async () => {
    const [x, y] = [await createSku(t, acct.token, 1), await createSku(t, acct.token, 1)];
    const adjustment = await bulk([
      { id: x, new_qty: 2 },
      { id: y, new_qty: 3 },
    ]);
    await broken(`UPDATE stock_adjustment_lines SET movement_id = NULL
        WHERE account_id = ${acct.accountId} AND line_no = 0;
      UPDATE stock_adjustment_lines SET movement_id = 9000000000000
        WHERE account_id = ${acct.accountId} AND line_no = 1`);
    const found = await problems();
    expect(found).toEqual([
      expect.objectContaining({
        kind: "adjustment_line_movement_missing",
        entity: sku(x),
        adjustment_id: adjustment.id,
        line_no: 0,
        movement_id: null,
      }),
      expect.objectContaining({
        kind: "adjustment_line_movement_missing",
        entity: sku(y),
        line_no: 1,
        movement_id: 9000000000000,
      }),
      // Their movements are named by no line now.
      expect.objectContaining({
        kind: "adjustment_movement_unlisted",
        movement_id: adjustment.lines[0]!.movement_id,
      }),
      expect.objectContaining({
        kind: "adjustment_movement_unlisted",
        movement_id: adjustment.lines[1]!.movement_id,
      }),
    ]);
  });

  it("adjustment_line_mismatch: a line that disagrees with its movement, or does not add up", async () => {
    const [x, y] = [await createSku(t, acct.token, 1), await createSku(t, acct.token, 4)];
    const adjustment = await bulk([
      { id: x, new_qty: 2 },
      { id: y, new_qty: 4 },
    ]);
    await broken(`UPDATE stock_adjustment_lines SET new_qty = 2.5, change = 1.5
        WHERE account_id = ${acct.accountId} AND line_no = 0;
      UPDATE stock_adjustment_lines SET new_qty = 5
        WHERE account_id = ${acct.accountId} AND line_no = 1`);
    expect(await problems()).toEqual([
      {
        kind: "adjustment_line_mismatch",
        account_id: acct.accountId,
        entity: sku(x),
        adjustment_id: adjustment.id,
        line_no: 0,
        movement_id: adjustment.lines[0]!.movement_id,
        fields: ["quantity_after"],
        expected_after: "2.5",
        found_after: "2",
      },
      expect.objectContaining({
        kind: "adjustment_line_mismatch",
        entity: sku(y),
        line_no: 1,
        movement_id: null,
        fields: ["new_qty", "change"],
      }),
    ]);
  });

  it("adjustment_line_mismatch: a line at another site than its movement (its own, or its adjustment's)", async () => {
    const [x, y] = [await createSku(t, acct.token, 1), await createSku(t, acct.token, 4)];
    const adjustment = await bulk([
      { id: x, new_qty: 2 },
      { id: y, new_qty: 5 },
    ]);
    // Line 0 says another site; line 1 says none, so its adjustment's, which still matches.
    await broken(`INSERT INTO sites (account_id, code, name) VALUES (${acct.accountId}, 'ELSEWHERE', 'Elsewhere');
      UPDATE stock_adjustment_lines SET site_id = (SELECT id FROM sites
          WHERE account_id = ${acct.accountId} AND code = 'ELSEWHERE')
        WHERE account_id = ${acct.accountId} AND line_no = 0;
      UPDATE stock_adjustment_lines SET site_id = NULL
        WHERE account_id = ${acct.accountId} AND line_no = 1`);
    expect(await problems()).toEqual([
      expect.objectContaining({
        kind: "adjustment_line_mismatch",
        entity: sku(x),
        adjustment_id: adjustment.id,
        line_no: 0,
        movement_id: adjustment.lines[0]!.movement_id,
        fields: ["site_id"],
      }),
    ]);
    // Its adjustment moved elsewhere too: line 1, naming none, now disagrees as well.
    await broken(`UPDATE stock_adjustments SET site_id = (SELECT id FROM sites
        WHERE account_id = ${acct.accountId} AND code = 'ELSEWHERE')
      WHERE account_id = ${acct.accountId} AND id = ${adjustment.id}`);
    expect((await problems()).map((p) => [p.kind, "line_no" in p ? p.line_no : null])).toEqual([
      ["adjustment_line_mismatch", 0],
      ["adjustment_line_mismatch", 1],
    ]);
  });

  it("adjustment_movement_unlisted: a movement of an adjustment that none of its lines names", async () => {
    const x = await createSku(t, acct.token, 1);
    const adjustment = await bulk([{ id: x, new_qty: 2 }]);
    // Chained and on hand kept in step: only the missing line is wrong.
    await broken(`INSERT INTO stock_movements (account_id, entity_type, sku_id, quantity_before,
        quantity_after, change, reason, source, adjustment_id, actor_name, site_id)
      VALUES (${acct.accountId}, 'sku', ${x}, 2, 6, 4, 'correction', 'adjustment',
        ${adjustment.id}, 'test', (SELECT id FROM sites WHERE account_id = ${acct.accountId} AND is_default));
      UPDATE sku_stock SET on_hand = 6 WHERE account_id = ${acct.accountId} AND sku_id = ${x}`);
    const last = (await movements()).at(-1)!;
    expect(await problems()).toEqual([
      {
        kind: "adjustment_movement_unlisted",
        account_id: acct.accountId,
        entity: sku(x),
        movement_id: last.id,
        source: "adjustment",
        adjustment_id: adjustment.id,
        stock_take_id: null,
      },
    ]);
  });
});

describe("stock takes", () => {
  /** Applied lines of the stock take with their movement ids. */
  const lines = (id: number) =>
    t.db.stockTakeLine.findMany({
      where: { accountId: acct.accountId, stockTakeId: id },
      orderBy: { id: "asc" },
    });

  it("stock_take_line_mismatch: a movement that is not what the count makes it", async () => {
    const [x, y] = [await createSku(t, acct.token, 10), await createSku(t, acct.token, 10)];
    const take = await reconciledTake(t, acct.token, [sku(x), sku(y)], [12, 8]);
    const [line] = await lines(take);
    await broken(`UPDATE stock_take_lines SET counted_qty = 13 WHERE account_id = ${acct.accountId}
      AND id = ${line!.id}`);
    expect(await problems()).toEqual([
      {
        kind: "stock_take_line_mismatch",
        account_id: acct.accountId,
        entity: sku(x),
        stock_take_id: take,
        movement_id: Number(line!.movementId),
        fields: ["quantity_after"],
        counted_qty: "13",
        basis_qty: "10",
        quantity_before: "10",
        expected_after: "13",
        found_after: "12",
      },
    ]);
  });

  it("stock_take_line_movement_missing and stock_take_movement_unlisted: a line that lost its movement", async () => {
    const x = await createSku(t, acct.token, 10);
    const take = await reconciledTake(t, acct.token, [sku(x)], [12]);
    const [line] = await lines(take);
    await broken(`UPDATE stock_take_lines SET movement_id = NULL
      WHERE account_id = ${acct.accountId} AND id = ${line!.id}`);
    expect(await problems()).toEqual([
      expect.objectContaining({
        kind: "stock_take_line_movement_missing",
        entity: sku(x),
        stock_take_id: take,
        movement_id: null,
        counted_qty: "12",
        basis_qty: "10",
      }),
      expect.objectContaining({
        kind: "stock_take_movement_unlisted",
        movement_id: Number(line!.movementId),
        stock_take_id: take,
        source: "stock_take",
      }),
    ]);
  });

  it("stock_take_movement_unlisted: a stock take not reconciled has no movements", async () => {
    const x = await createSku(t, acct.token, 10);
    const api = stockTakeClient(t, acct.token);
    const take = (await api.start({ scope: { sku_ids: [x] } })).body.id as number;
    await api.input(take, { counts: [count(sku(x), 11)] });
    await broken(`INSERT INTO stock_movements (account_id, entity_type, sku_id, quantity_before,
        quantity_after, change, reason, source, stock_take_id, actor_name, site_id)
      VALUES (${acct.accountId}, 'sku', ${x}, 10, 11, 1, 'stock_take', 'stock_take', ${take}, 't',
        (SELECT id FROM sites WHERE account_id = ${acct.accountId} AND is_default));
      UPDATE sku_stock SET on_hand = 11 WHERE account_id = ${acct.accountId} AND sku_id = ${x}`);
    expect(await problems()).toEqual([
      expect.objectContaining({ kind: "stock_take_movement_unlisted", stock_take_id: take }),
    ]);
  });

  it("stock_take_line_basis: a count compared with neither the freeze nor the ledger at its time", async () => {
    const [x, y] = [await createSku(t, acct.token, 10), await createSku(t, acct.token, 6)];
    const frozen = await reconciledTake(t, acct.token, [sku(x)], [10]);
    const counted = await reconciledTake(t, acct.token, [sku(y)], [4], {
      basis: "count_time",
      during: () => adjustSku(t, acct.token, y, 5),
    });
    const [unchanged] = await lines(frozen);
    const [moved] = await lines(counted);
    expect(moved!.basisQty?.toFixed()).toBe("5"); // the ledger at the count, after the sale
    await broken(`UPDATE stock_take_lines SET basis_qty = 11
        WHERE account_id = ${acct.accountId} AND id = ${unchanged!.id};
      UPDATE stock_take_lines SET basis_qty = 6
        WHERE account_id = ${acct.accountId} AND id = ${moved!.id}`);
    const found = await problems();
    expect(found.map((p) => [p.kind, p.stock_take_id])).toEqual([
      ["stock_take_line_basis", frozen],
      ["stock_take_line_basis", counted],
      // The count_time line's movement was computed from the basis it really had.
      ["stock_take_line_mismatch", counted],
    ]);
    expect(found[0]).toMatchObject({ basis: "freeze", expected_basis: "10", found_basis: "11" });
    expect(found[1]).toMatchObject({ basis: "count_time", expected_basis: "5", found_basis: "6" });
  });

  it("stock_take_missing: lines of a stock take the account does not have", async () => {
    const x = await createSku(t, acct.token, 10);
    const y = await createSku(t, acct.token, 4);
    await reconciledTake(t, acct.token, [sku(x)], [12]);
    // Lines naming a stock take that is not there (a table-by-table restore that left it out).
    const missing = 2_000_000_000;
    await broken(`INSERT INTO stock_take_lines
        (account_id, stock_take_id, entity_type, sku_id, expected_qty)
      VALUES (${acct.accountId}, ${missing}, 'sku', ${y}, 4),
        (${acct.accountId}, ${missing}, 'sku', ${x}, 10)`);
    expect(await problems()).toEqual([
      expect.objectContaining({
        kind: "stock_take_missing",
        stock_take_id: missing,
        entity: { type: "sku", id: y },
        lines: 2,
      }),
    ]);
  });

  it("cycle_count_site_missing: a SKU's cycle count at a site the account does not have", async () => {
    const x = await createSku(t, acct.token, 3);
    // A cycle count at a site that is not there (a table-by-table restore that left it out).
    const missing = 2_000_000_000;
    await broken(`INSERT INTO sku_cycle_counts (account_id, site_id, sku_id, count_class)
      VALUES (${acct.accountId}, ${missing}, ${x}, 'A')`);
    expect(await problems()).toEqual([
      expect.objectContaining({
        kind: "cycle_count_site_missing",
        entity: { type: "sku", id: x },
        site_id: missing,
      }),
    ]);
  });

  it("stock_take_line_state: applied lines in a stock take that is not reconciled", async () => {
    const x = await createSku(t, acct.token, 10);
    const take = await reconciledTake(t, acct.token, [sku(x)], [12]);
    await broken(`UPDATE stock_takes SET status = 'counting'
      WHERE account_id = ${acct.accountId} AND id = ${take}`);
    expect(await problems()).toEqual([
      expect.objectContaining({
        kind: "stock_take_line_state",
        stock_take_id: take,
        status: "counting",
        state: "applied",
      }),
    ]);
  });
});

describe("transfers", () => {
  /** A transfer of `qty` of a new SKU from the default site to a new one, in transit. */
  async function sent(qty: number) {
    const x = await createSku(t, acct.token, 10);
    const store = await rest(t, "POST", "/sites", {
      token: acct.token,
      body: { code: `S${x}`, name: "Store" },
    });
    const res = await rest(t, "POST", "/transfers", {
      token: acct.token,
      body: {
        from_site_id: site,
        to_site_id: store.body.id,
        lines: [{ type: "sku", id: x, qty }],
      },
    });
    expect(res.status).toBe(201);
    return { x, transfer: res.body.id as number };
  }

  it("transfer_mismatch: a line saying more arrived than its movements brought in", async () => {
    const { x, transfer } = await sent(4);
    await broken(`UPDATE transfer_lines SET received_qty = 1
      WHERE account_id = ${acct.accountId} AND transfer_id = ${transfer}`);
    expect(await problems()).toEqual([
      {
        kind: "transfer_mismatch",
        account_id: acct.accountId,
        entity: sku(x),
        transfer_id: transfer,
        status: "in_transit",
        line: { qty: "4", received_qty: "1", lost_qty: "0" },
        movements: { sent: "4", arrived: "0", written_off: "0", returned: "0", elsewhere: 0 },
      },
    ]);
  });

  it("transfer_mismatch: a transfer received while some of it is still in transit", async () => {
    const { transfer } = await sent(2);
    await broken(`UPDATE transfers SET status = 'received'
      WHERE account_id = ${acct.accountId} AND id = ${transfer}`);
    expect(await problems()).toEqual([
      expect.objectContaining({
        kind: "transfer_mismatch",
        transfer_id: transfer,
        status: "received",
      }),
    ]);
  });

  it("transfer_movement_unlisted: a movement naming a transfer its item is not on", async () => {
    const { transfer } = await sent(2);
    const y = await createSku(t, acct.token, 3);
    await broken(`UPDATE stock_movements SET transfer_id = ${transfer}
      WHERE account_id = ${acct.accountId} AND sku_id = ${y}`);
    expect(await problems()).toEqual([
      expect.objectContaining({
        kind: "transfer_movement_unlisted",
        entity: sku(y),
        transfer_id: transfer,
        site_id: site,
        reason: "opening_balance",
      }),
    ]);
  });
});

describe("many breaks", () => {
  it("lists them in order up to the limit and counts them all", async () => {
    const id = await createSku(t, acct.token, 1);
    for (let q = 2; q <= 6; q++) await adjustSku(t, acct.token, id, q);
    await broken(`UPDATE stock_movements SET quantity_before = quantity_before + 0.001,
        change = change - 0.001
      WHERE account_id = ${acct.accountId} AND reason <> 'opening_balance'`);
    const report = await verifyLedger(t.db, { accountId: acct.accountId, limit: 3 });
    // Five chain breaks, and five adjustment lines that no longer match their movements.
    expect(report).toMatchObject({ ok: false, problem_count: 10, truncated: true });
    const ids = (await movements()).map((m) => m.id);
    expect(report.problems.map((p) => [p.kind, p.movement_id])).toEqual(
      ids.slice(1, 4).map((id) => ["chain_break", id]),
    );
  });
});
