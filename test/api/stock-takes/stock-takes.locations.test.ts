// Counting by area: a stock take scoped by location prefixes, its lines in walking order (by
// location at the freeze, then code) with the location they had then, one area's lines by
// filter, the count sheet's location column, and the bad scopes refused with nothing written.
import { newAccount, testDb, type TestAccount } from "../../helpers/db.js";
import { aroundStart, settled } from "../../helpers/start-lock.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";

let t: TestApp;
beforeAll(async () => {
  // Two requests wait on a start's lock while a third goes by: the account may hold the whole
  // pool (its share is tested in pool-share and noisy.pool).
  t = await startTestApp(await testDb({ accountPoolShare: 1 }));
});
afterAll(() => t.close());

let counter = 0;

/** An account whose catalog is the given SKUs (code, location, active) and supplier items. */
async function warehouse(
  skus: [string, string | null, boolean?][],
  items: [string, string | null][] = [],
): Promise<TestAccount & { ids: Map<string, number> }> {
  const acct = await newAccount(t.db);
  const ids = new Map<string, number>();
  const tag = ++counter;
  const skuRows = skus.map(([code, location, active]) => ({
    code: `${code}-${tag}`,
    name: code,
    location,
    active: active ?? true,
  }));
  const made = await rest(t, "POST", "/skus/bulk", { token: acct.token, body: { rows: skuRows } });
  expect(made.status).toBe(200);
  (made.body.ids as { id: number }[]).forEach((row, i) => ids.set(skus[i]![0], row.id));
  if (items.length > 0) {
    const rows = items.map(([code, location]) => ({
      supplier: "Würth",
      code: `${code}-${tag}`,
      name: code,
      location,
    }));
    const res = await rest(t, "POST", "/supplier-items/bulk", {
      token: acct.token,
      body: { rows },
    });
    expect(res.status).toBe(200);
    (res.body.ids as { id: number }[]).forEach((row, i) => ids.set(items[i]![0], row.id));
  }
  return { ...acct, ids };
}

/** The names (the catalog codes without their tag) and locations of lines, in line order. */
const walk = (lines: { name: string; location: string | null }[]) =>
  lines.map((l) => [l.name, l.location]);

const start = (acct: TestAccount, body: unknown) =>
  rest(t, "POST", "/stock-takes/start", { token: acct.token, body });

describe("a stock take scoped by locations", () => {
  it("counts the active SKUs and unlinked supplier items of the areas, in walking order, each line keeping its location at the freeze", async () => {
    const acct = await warehouse(
      [
        ["bolt", "A-01-03"],
        ["nut", "a-01-01"],
        ["washer", "A-02-01"],
        ["screw", "B-01-01"],
        ["retired", "A-01-02", false],
        ["pin", null],
        ["rivet", "C-01-01"],
      ],
      [["tape", "A-01-02"]],
    );
    const res = await start(acct, { scope: { locations: ["A-01", "b-"] } });
    expect(res.status).toBe(201);
    expect(walk(res.body.lines)).toEqual([
      ["nut", "a-01-01"],
      ["tape", "A-01-02"],
      ["bolt", "A-01-03"],
      ["screw", "B-01-01"],
    ]);
    // Moving a SKU afterwards leaves the line where it was counted from.
    await rest(t, "PATCH", `/skus/${acct.ids.get("bolt")}`, {
      token: acct.token,
      body: { location: "Z-99" },
    });
    const lines = await rest(t, "GET", `/stock-takes/${res.body.id}/lines`, { token: acct.token });
    expect(walk(lines.body.data)).toEqual(walk(res.body.lines));
  });

  it("takes what the ids name besides the areas, and lists one area's lines by filter over REST and GraphQL", async () => {
    const acct = await warehouse([
      ["bolt", "A-01-03"],
      ["nut", "A-01-01"],
      ["pin", null],
      ["screw", "B-01-01"],
    ]);
    const res = await start(acct, {
      scope: { sku_ids: [acct.ids.get("pin"), acct.ids.get("screw")], locations: ["A-01"] },
    });
    expect(res.status).toBe(201);
    expect(walk(res.body.lines)).toEqual([
      ["nut", "A-01-01"],
      ["bolt", "A-01-03"],
      ["screw", "B-01-01"],
      ["pin", null],
    ]);
    const area = await rest(t, "GET", `/stock-takes/${res.body.id}/lines?location=a-01`, {
      token: acct.token,
    });
    expect(walk(area.body.data)).toEqual([
      ["nut", "A-01-01"],
      ["bolt", "A-01-03"],
    ]);
    const gql = await postGraphql(
      t,
      {
        query: `query ($id: Int!) { stockTake(id: $id) {
          lines(location: "B") { edges { node { name location } } } } }`,
        variables: { id: res.body.id },
      },
      acct.token,
    );
    expect(gql.data).toEqual({
      stockTake: { lines: { edges: [{ node: { name: "screw", location: "B-01-01" } }] } },
    });
  });

  it("writes the count sheet in walking order with the location and the site last", async () => {
    const acct = await warehouse([
      ["bolt", "A-01-03"],
      ["nut", "A-01-01"],
    ]);
    const res = await start(acct, { scope: { locations: ["A"] } });
    const sheet = await rest(t, "GET", `/stock-takes/${res.body.id}/lines`, {
      token: acct.token,
      headers: { accept: "text/csv" },
    });
    const rows = (sheet.body as string).trim().split("\r\n");
    expect(rows[0]).toBe("type,id,supplier,code,name,expected_qty,counted_qty,state,location,site");
    expect(rows.slice(1).map((row) => [row.split(",")[4], ...row.split(",").slice(-2)])).toEqual([
      ["nut", "A-01-01", "MAIN"],
      ["bolt", "A-01-03", "MAIN"],
    ]);
  });

  it("writes one area's count sheet with ?location=, charged for its lines only", async () => {
    const acct = await warehouse([
      ["bolt", "A-01-03"],
      ["nut", "B-01-01"],
    ]);
    const res = await start(acct, { scope: { locations: ["A", "B"] } });
    const sheet = await rest(t, "GET", `/stock-takes/${res.body.id}/lines?location=b`, {
      token: acct.token,
      headers: { accept: "text/csv" },
    });
    expect(sheet.status).toBe(200);
    const rows = (sheet.body as string).trim().split("\r\n");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(/,nut,.*,B-01-01,MAIN$/);
  });

  it("writes the count sheet of the lines the list's filters keep: by state, and a bad one refused", async () => {
    const acct = await warehouse([
      ["bolt", "A-01-03"],
      ["nut", "B-01-01"],
    ]);
    const id = (await start(acct, { scope: { locations: ["A", "B"] } })).body.id as number;
    const counted = await rest(t, "POST", `/stock-takes/${id}/input`, {
      token: acct.token,
      body: { counts: [{ type: "sku", id: acct.ids.get("nut"), counted_qty: 3 }] },
    });
    expect(counted.status).toBe(200);
    const sheet = async (query: string) => {
      const res = await rest(t, "GET", `/stock-takes/${id}/lines?${query}`, {
        token: acct.token,
        headers: { accept: "text/csv" },
      });
      if (res.status !== 200) return { status: res.status, rows: [], body: res.body };
      return { status: 200, rows: (res.body as string).trim().split("\r\n").slice(1), body: null };
    };
    const { rows: countedRows } = await sheet("state=counted");
    expect(countedRows).toEqual([expect.stringMatching(/,nut,.*,counted,B-01-01,MAIN$/)]);
    const { rows: uncounted } = await sheet("state=uncounted&location=A");
    expect(uncounted).toEqual([expect.stringMatching(/,bolt,.*,uncounted,A-01-03,MAIN$/)]);
    expect((await sheet("moved=true")).rows).toEqual([]);
    const bad = await sheet("state=lost");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "INVALID_PARAMETER" });
  });

  it("refuses an area already being counted, naming the scope's locations", async () => {
    const acct = await warehouse([
      ["bolt", "A-01-03"],
      ["nut", "B-01-01"],
    ]);
    expect((await start(acct, { scope: { locations: ["A"] } })).status).toBe(201);
    const res = await start(acct, { scope: { locations: ["a-01"] } });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ pointer: "/scope/locations", code: "STOCK_TAKE_OVERLAP" }),
    ]);
    expect((await start(acct, { scope: { locations: ["B"] } })).status).toBe(201);
  });

  it("refuses bad prefixes, too many, and areas holding nothing, writing nothing", async () => {
    const acct = await warehouse([["bolt", "A-01-03"]]);
    const tooMany = Array.from({ length: 101 }, (_, i) => `A-${i}`);
    for (const [locations, pointer] of [
      [tooMany, "/scope/locations"],
      [["A\tB"], "/scope/locations/0"],
      [["  "], "/scope/locations/0"],
      [["L".repeat(65)], "/scope/locations/0"],
      [["Z-"], "/scope"],
    ] as const) {
      const res = await start(acct, { scope: { locations } });
      expect([res.status, res.body.code]).toEqual([400, "INVALID_PARAMETER"]);
      expect(res.body.errors).toEqual([expect.objectContaining({ pointer })]);
    }
    expect(await t.db.stockTake.count({ where: { accountId: acct.accountId } })).toBe(0);
    expect(await t.db.stockTakeLine.count({ where: { accountId: acct.accountId } })).toBe(0);
  });
});

describe("counts found away from their location", () => {
  it("flag the line misplaced in review, listed by ?misplaced=, without moving stock or the catalog's location", async () => {
    const acct = await warehouse([
      ["bolt", "A-01-03"],
      ["nut", "A-01-04"],
      ["pin", null],
    ]);
    const take = await start(acct, { scope: { locations: ["A"], sku_ids: [acct.ids.get("pin")] } });
    const input = (counts: unknown[]) =>
      rest(t, "POST", `/stock-takes/${take.body.id}/input`, {
        token: acct.token,
        body: { counts },
      });
    const line = async (name: string) =>
      (
        (await rest(t, "GET", `/stock-takes/${take.body.id}/lines`, { token: acct.token })).body
          .data as { name: string; found_location: string | null; misplaced: boolean }[]
      ).find((l) => l.name === name)!;
    const bolt = acct.ids.get("bolt");
    const counted = await input([
      { type: "sku", id: bolt, counted_qty: 2, found_location: "B-07-01" },
      { type: "sku", id: acct.ids.get("nut"), counted_qty: 1, found_location: "a-01-04" },
      { type: "sku", id: acct.ids.get("pin"), counted_qty: 1, found_location: "C-01" },
    ]);
    expect(counted.status).toBe(200);
    expect(await line("bolt")).toMatchObject({ found_location: "B-07-01", misplaced: true });
    expect(await line("nut")).toMatchObject({ found_location: "a-01-04", misplaced: false });
    expect(await line("pin")).toMatchObject({ found_location: "C-01", misplaced: true });
    const listed = await rest(t, "GET", `/stock-takes/${take.body.id}/lines?misplaced=true`, {
      token: acct.token,
    });
    expect((listed.body.data as { name: string }[]).map((l) => l.name)).toEqual(["bolt", "pin"]);
    // An add that does not say keeps where the count found it; a set that does not say is a
    // count where recorded.
    await input([{ type: "sku", id: bolt, counted_qty: 1, mode: "add" }]);
    expect(await line("bolt")).toMatchObject({ found_location: "B-07-01", misplaced: true });
    await input([{ type: "sku", id: bolt, counted_qty: 3 }]);
    expect(await line("bolt")).toMatchObject({ found_location: null, misplaced: false });
    const log = await rest(t, "GET", `/stock-takes/${take.body.id}/counts`, { token: acct.token });
    expect(
      (log.body.data as { found_location: string | null }[]).map((c) => c.found_location),
    ).toEqual(["B-07-01", "a-01-04", "C-01", null, null]);
    const sku = await rest(t, "GET", `/skus/${bolt}`, { token: acct.token });
    expect(sku.body).toMatchObject({ location: "A-01-03", on_hand: 0 });
  });

  it("are counted from a CSV found_location column and over GraphQL, and filtered by lines(misplaced:)", async () => {
    const acct = await warehouse([
      ["bolt", "A-01-03"],
      ["nut", "A-01-04"],
    ]);
    const take = await start(acct, { scope: { locations: ["A"] } });
    const code = (await rest(t, "GET", `/skus/${acct.ids.get("bolt")}`, { token: acct.token })).body
      .code as string;
    const csv = await rest(t, "POST", `/stock-takes/${take.body.id}/input`, {
      token: acct.token,
      raw: `type,code,counted_qty,found_location\r\nsku,${code},4,B-01\r\n`,
      headers: { "content-type": "text/csv" },
    });
    expect(csv.status).toBe(200);
    const gql = await postGraphql(
      t,
      {
        query: `mutation ($input: SubmitStockTakeCountsInput!) {
          submitStockTakeCounts(input: $input) { userErrors { code } } }`,
        variables: {
          input: {
            stockTakeId: take.body.id,
            counts: [
              { type: "SKU", id: acct.ids.get("nut"), countedQty: 1, foundLocation: "C-02" },
            ],
          },
        },
      },
      acct.token,
    );
    expect(gql.data).toEqual({ submitStockTakeCounts: { userErrors: [] } });
    const lines = await postGraphql(
      t,
      {
        query: `query ($id: Int!) { stockTake(id: $id) {
          lines(misplaced: true) { edges { node { name location foundLocation misplaced } } } } }`,
        variables: { id: take.body.id },
      },
      acct.token,
    );
    expect(lines.data).toEqual({
      stockTake: {
        lines: {
          edges: [
            { node: { name: "bolt", location: "A-01-03", foundLocation: "B-01", misplaced: true } },
            { node: { name: "nut", location: "A-01-04", foundLocation: "C-02", misplaced: true } },
          ],
        },
      },
    });
  });

  it("refuses a found location with control characters, recording no count", async () => {
    const acct = await warehouse([["bolt", "A-01"]]);
    const take = await start(acct, { scope: { locations: ["A"] } });
    const res = await rest(t, "POST", `/stock-takes/${take.body.id}/input`, {
      token: acct.token,
      body: {
        counts: [{ type: "sku", id: acct.ids.get("bolt"), counted_qty: 1, found_location: "B\n1" }],
      },
    });
    expect([res.status, res.body.code]).toEqual([400, "INVALID_PARAMETER"]);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ pointer: "/counts/0/found_location" }),
    ]);
    expect(await t.db.stockTakeCount.count({ where: { accountId: acct.accountId } })).toBe(0);
  });
});

describe("moving stock into an area", () => {
  it("waits for a start in progress (PATCH, an import row with a location), and a rename does not", async () => {
    const acct = await warehouse([["bolt", "A-01"]]);
    const id = acct.ids.get("bolt")!;
    // A start in progress reads its scope twice (the rows it locks, then the lines it inserts).
    const statuses = await aroundStart(acct.accountId, async () => {
      const moved = settled(
        rest(t, "PATCH", `/skus/${id}`, { token: acct.token, body: { location: "B-01" } }),
      );
      const code = (await rest(t, "GET", `/skus/${id}`, { token: acct.token })).body.code;
      const imported = settled(
        rest(t, "POST", "/skus/bulk", {
          token: acct.token,
          body: { rows: [{ code, name: "bolt", location: "C-01" }] },
        }),
      );
      const renamed = await rest(t, "PATCH", `/skus/${id}`, {
        token: acct.token,
        body: { name: "Renamed meanwhile" },
      });
      expect(renamed.status).toBe(200);
      return [moved, imported];
    });
    expect(statuses).toEqual({ before: [0, 0], after: [200, 200] });
  });
});
