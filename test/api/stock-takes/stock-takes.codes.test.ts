// A start by a list of codes (scope.codes): SKU codes and barcodes, as a spreadsheet or an ERP's
// pick list names items, each resolved to the item a scan of it would count; a code nobody has
// and two codes naming one item are refused at their place in the list, with nothing written, as
// is an item another open stock take counts; a key replays only the same codes; over REST and
// GraphQL, previewed as started.
import { databaseUrl, newAccount, testDb, type TestAccount } from "../../helpers/db.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { holdLock } from "../../helpers/locks.js";
import { STOCK_TAKE_START_LOCK_CLASS } from "../../../src/db/locks.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(await testDb());
});
afterAll(() => t.close());

interface Catalog extends TestAccount {
  mug: number;
  cup: number;
  plate: number;
  /** An unlinked supplier item with a barcode. */
  caseItem: number;
  /** A supplier item linked to the plate, with a barcode of its own. */
  linkedItem: number;
}

async function catalog(): Promise<Catalog> {
  const acct = await newAccount(t.db);
  const rows = [
    { code: "MUG-01", name: "Mug", barcodes: ["4006381333931"], location: "A-01-01" },
    { code: "CUP-02", name: "Cup", barcodes: ["shelf-label-7"], location: "B-01-01" },
    { code: "PLATE-03", name: "Plate", location: "C-01-01" },
  ].map((row) => ({ ...row, opening_on_hand: 5 }));
  const made = await rest(t, "POST", "/skus/bulk", { token: acct.token, body: { rows } });
  expect(made.status).toBe(200);
  const [mug, cup, plate] = (made.body.ids as { id: number }[]).map((r) => r.id) as [
    number,
    number,
    number,
  ];
  const item = (body: object) =>
    rest(t, "POST", "/supplier-items", { token: acct.token, body: { supplier: "ACME", ...body } });
  const caseItem = await item({ code: "CASE-9", name: "Case", barcodes: ["036000291452"] });
  const linkedItem = await item({
    code: "PL-BOX",
    name: "Plate box",
    barcodes: ["box-of-plates"],
    sku_id: plate,
  });
  expect([caseItem.status, linkedItem.status]).toEqual([201, 201]);
  return { ...acct, mug, cup, plate, caseItem: caseItem.body.id, linkedItem: linkedItem.body.id };
}

const start = (acct: TestAccount, body: unknown) =>
  rest(t, "POST", "/stock-takes/start", { token: acct.token, body });

const written = async (acct: TestAccount) => ({
  takes: await t.db.stockTake.count({ where: { accountId: acct.accountId } }),
  lines: await t.db.stockTakeLine.count({ where: { accountId: acct.accountId } }),
});

describe("a start by a list of codes", () => {
  it("takes each item a code names: a SKU's code in any case, a GTIN in another spelling, a label, a supplier item's barcode, a linked one's as its SKU", async () => {
    const acct = await catalog();
    const codes = [
      "mug-01", // the mug, by its code in another case
      " SHELF-LABEL-7 ", // the cup, by its label, trimmed, in another case
      "00036000291452", // the unlinked supplier item, its UPC-A as a GTIN-14
      "box-of-plates", // the plate, through its linked supplier item's barcode
    ];
    const preview = await start(acct, { scope: { codes }, dry_run: true });
    expect(preview.status).toBe(200);
    expect(preview.body.lines).toBe(4);

    const started = await start(acct, { scope: { codes }, reference: "Pick list 12" });
    expect(started.status).toBe(201);
    const lines = (started.body.lines as { type: string; id: number }[])
      .map((l) => `${l.type} ${l.id}`)
      .sort();
    expect(lines).toEqual(
      [
        `sku ${acct.mug}`,
        `sku ${acct.cup}`,
        `sku ${acct.plate}`,
        `supplier_item ${acct.caseItem}`,
      ].sort(),
    );
  });

  it("adds the codes' items to those named by id and by area, each once", async () => {
    const acct = await catalog();
    const started = await start(acct, {
      scope: { codes: ["MUG-01", "CUP-02"], sku_ids: [acct.mug], locations: ["C-"] },
    });
    expect(started.status).toBe(201);
    const lines = (started.body.lines as { id: number }[]).map((l) => l.id).sort();
    expect(lines).toEqual([acct.mug, acct.cup, acct.plate].sort());
  });

  it("refuses a code nobody has and two codes naming one item, at their places, writing nothing", async () => {
    const acct = await catalog();
    const unknown = await start(acct, { scope: { codes: ["MUG-01", "NOPE-1", "4006381333931"] } });
    expect([unknown.status, unknown.body.code]).toEqual([404, "SKU_NOT_FOUND"]);
    expect(unknown.body.errors).toEqual([
      expect.objectContaining({
        pointer: "/scope/codes/1",
        code: "SKU_NOT_FOUND",
        message: expect.stringContaining('"NOPE-1"'),
      }),
      expect.objectContaining({
        pointer: "/scope/codes/2",
        code: "DUPLICATE_LINE",
        message: expect.stringContaining('same item as "MUG-01"'),
      }),
    ]);
    const repeated = await start(acct, { scope: { codes: ["CUP-02", "cup-02"] }, dry_run: true });
    expect([repeated.status, repeated.body.code]).toEqual([422, "DUPLICATE_LINE"]);
    expect(repeated.body.errors).toEqual([
      expect.objectContaining({ pointer: "/scope/codes/1", code: "DUPLICATE_LINE" }),
    ]);
    const blank = await start(acct, { scope: { codes: ["  "] } });
    expect([blank.status, blank.body.errors[0].pointer]).toEqual([400, "/scope/codes/0"]);
    const tooMany = await start(acct, {
      scope: { codes: Array.from({ length: 10_001 }, (_, i) => `C-${i}`) },
    });
    expect([tooMany.status, tooMany.body.code]).toEqual([422, "TOO_MANY_LINES"]);
    const tooLong = await start(acct, { scope: { codes: ["MUG-01", "X".repeat(65)] } });
    expect([tooLong.status, tooLong.body.errors[0].pointer]).toEqual([400, "/scope/codes/1"]);
    expect(await written(acct)).toEqual({ takes: 0, lines: 0 });
  });

  it("names an item another open stock take counts at its code's place, and keys a start by its codes", async () => {
    const acct = await catalog();
    expect((await start(acct, { scope: { sku_ids: [acct.cup] } })).status).toBe(201);
    const overlap = await start(acct, { scope: { codes: ["MUG-01", "shelf-label-7"] } });
    expect([overlap.status, overlap.body.code]).toEqual([409, "STOCK_TAKE_OVERLAP"]);
    expect(overlap.body.errors).toEqual([
      expect.objectContaining({ pointer: "/scope/codes/1", code: "STOCK_TAKE_OVERLAP" }),
    ]);

    const keyed = (codes: string[]) =>
      rest(t, "POST", "/stock-takes/start", {
        token: acct.token,
        body: { scope: { codes } },
        headers: { "idempotency-key": "codes-key" },
      });
    expect((await keyed(["MUG-01"])).status).toBe(201);
    const replayed = await keyed(["MUG-01"]);
    expect([replayed.status, replayed.headers.get("idempotent-replayed")]).toEqual([201, "true"]);
    const other = await keyed(["PLATE-03"]);
    expect([other.status, other.body.code]).toEqual([422, "IDEMPOTENCY_KEY_REUSED"]);
  });

  it("reads another account's codes as codes nobody has", async () => {
    await catalog(); // the codes and barcodes are this account's
    const other = await newAccount(t.db);
    const answer = await start(other, { scope: { codes: ["MUG-01", "4006381333931"] } });
    expect([answer.status, answer.body.code]).toEqual([404, "SKU_NOT_FOUND"]);
    expect(answer.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual([
      "/scope/codes/0",
      "/scope/codes/1",
    ]);
    expect(await written(other)).toEqual({ takes: 0, lines: 0 });
  });

  it("refuses a supplier item linked to a SKU between its code's lookup and the start, at the code's place", async () => {
    const acct = await catalog();
    // A start in progress: the next one looks its codes up, then waits for it.
    const held = await holdLock(databaseUrl(), "SELECT pg_advisory_xact_lock($1::int, $2::int)", [
      STOCK_TAKE_START_LOCK_CLASS,
      acct.accountId,
    ]);
    let answer;
    let released = false;
    try {
      const starting = start(acct, { scope: { codes: ["MUG-01", "036000291452"] } });
      await held.waiters(1);
      const linked = await rest(t, "POST", `/supplier-items/${acct.caseItem}/link`, {
        token: acct.token,
        body: { sku_id: acct.cup },
      });
      expect(linked.status).toBe(200);
      released = true;
      await held.release();
      answer = await starting;
    } finally {
      if (!released) await held.release();
    }
    expect([answer.status, answer.body.code]).toEqual([422, "LINKED_SUPPLIER_ITEM"]);
    expect(answer.body.errors).toEqual([
      expect.objectContaining({
        pointer: "/scope/codes/1",
        message: expect.stringContaining(`count SKU ${acct.cup} instead`),
      }),
    ]);
    expect(await written(acct)).toEqual({ takes: 0, lines: 0 });
  });

  it("answers over GraphQL alike: the preview's lines, and userErrors at the code's place", async () => {
    const acct = await catalog();
    const mutation = `mutation ($input: StartStockTakeInput!) {
      startStockTake(input: $input) {
        stockTake { id }
        preview { lines }
        userErrors { code field }
      }
    }`;
    const ask = (codes: string[]) =>
      postGraphql(
        t,
        { query: mutation, variables: { input: { dryRun: true, scope: { codes } } } },
        acct.token,
      );
    expect((await ask(["MUG-01", "box-of-plates"])).data).toEqual({
      startStockTake: { stockTake: null, preview: { lines: 2 }, userErrors: [] },
    });
    expect((await ask(["MUG-01", "ZZZ"])).data).toEqual({
      startStockTake: {
        stockTake: null,
        preview: null,
        userErrors: [{ code: "SKU_NOT_FOUND", field: ["scope", "codes", "1"] }],
      },
    });
    const tooMany = await ask(Array.from({ length: 10_001 }, (_, i) => `C-${i}`));
    expect(tooMany.errors?.[0]?.extensions?.code).toBe("TOO_MANY_LINES");
    const tooLong = await ask(["MUG-01", "X".repeat(65)]);
    expect(tooLong.data).toMatchObject({
      startStockTake: {
        userErrors: [{ code: "INVALID_PARAMETER", field: ["scope", "codes", "1"] }],
      },
    });
    expect(await written(acct)).toEqual({ takes: 0, lines: 0 });
  });
});
