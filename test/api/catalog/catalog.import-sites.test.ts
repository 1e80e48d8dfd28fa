// Importing a catalog with its stock at several sites: a row names its site (`site_id` in JSON,
// `siteId` over GraphQL, a `site` column of codes in CSV) and brings an opening balance there
// (`on_hand`), one row per item and site. The balance is written where the item has never moved
// at that site, and kept out where it has, so importing the file again undoes nothing; bad sites
// and rows that disagree are refused with nothing written. A row that must look back through its
// item's movements first (a level of 0 there) pays for that look-back before it is taken.
import { print } from "graphql";
import { gql, postGraphql, rest } from "../../helpers/app.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { selectsFrom, startLoggedApp, type LoggedApp } from "../../helpers/movements.js";
import { newSite } from "../../helpers/sites.js";
import { ledgerState } from "../../helpers/stock.js";
import { createToken } from "../../../src/modules/token/token.store.js";
import { ImportSkusDocument } from "../generated/graphql.js";

let t: LoggedApp;

beforeAll(async () => {
  t = await startLoggedApp();
});
afterAll(() => t.close());

const importCsv = (acct: TestAccount, csv: string, path = "/skus/bulk") =>
  rest(t, "POST", path, { token: acct.token, raw: csv, headers: { "content-type": "text/csv" } });

/** An item's on hand at each site that holds a level of it, by site id. */
async function levels(acct: TestAccount, id: number, kind = "skus"): Promise<Map<number, number>> {
  const res = await rest(t, "GET", `/${kind}/${id}/levels`, { token: acct.token });
  expect(res.status).toBe(200);
  return new Map(
    (res.body.data as { site_id: number; on_hand: number }[]).map((l) => [l.site_id, l.on_hand]),
  );
}

const pointers = (body: { errors: { pointer: string; code: string }[] }) =>
  body.errors.map((e) => [e.pointer, e.code]);

describe("an import with stock at several sites", () => {
  it("opens each item's stock at the sites its rows name, by code in CSV, and undoes nothing when sent again", async () => {
    const acct = await newAccount(t.db);
    const berlin = await newSite(t, acct, "BER");
    const hamburg = await newSite(t, acct, "HAM");
    const csv =
      "code,name,site,on_hand,location\r\n" +
      "MUG,Mug,ber,12,A-01\r\n" +
      "MUG,Mug,HAM,3,A-01\r\n" +
      "MUG,Mug,,40,A-01\r\n" +
      "PLATE,Plate,BER,5,\r\n";
    const first = await importCsv(acct, csv);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      created: 2,
      updated: 0,
      unchanged: 0,
      opening_balances: 4,
      on_hand_kept: 0,
    });
    const ids = first.body.ids as { code: string; id: number }[];
    expect(ids.map((r) => r.code)).toEqual(["MUG", "MUG", "MUG", "PLATE"]);
    const [mug, , , plate] = ids.map((r) => r.id);
    expect(ids[1]!.id).toBe(mug);
    const mugs = await levels(acct, mug!);
    expect([mugs.get(berlin), mugs.get(hamburg)]).toEqual([12, 3]);
    const onHand = await rest(t, "GET", `/skus/${mug}`, { token: acct.token });
    expect(onHand.body).toMatchObject({ on_hand: 40, location: "A-01" });
    expect((await levels(acct, plate!)).get(berlin)).toBe(5);
    const movements = await t.db.stockMovement.findMany({
      where: { accountId: acct.accountId },
      orderBy: { id: "asc" },
    });
    expect(movements.map((m) => m.reason)).toEqual(Array(4).fill("opening_balance"));

    // Two lost at Berlin since: the same file again leaves every site as it is.
    const sale = await rest(t, "PATCH", `/skus/${mug}`, {
      token: acct.token,
      body: { on_hand: 10, reason: "lost", site_id: berlin },
    });
    expect(sale.status).toBe(200);
    const before = await ledgerState(t.db, acct.accountId);
    const again = await importCsv(acct, csv);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 2,
      opening_balances: 0,
      on_hand_kept: 1,
    });
    const after = await ledgerState(t.db, acct.accountId);
    expect({ ...after, idempotencyKeys: 0 }).toEqual({ ...before, idempotencyKeys: 0 });
    expect((await levels(acct, mug!)).get(berlin)).toBe(10);
  });

  it("opens an existing item's stock at a site where it has never moved, also one made with nothing on hand", async () => {
    const acct = await newAccount(t.db);
    const store = await newSite(t, acct, "STORE");
    const made = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: "LAMP", name: "Lamp" },
    });
    expect(made.status).toBe(201);
    const lamp = made.body.id as number;
    // Counted to 0 at the default site: it has moved there, though nothing is on hand.
    await rest(t, "PATCH", `/skus/${lamp}`, {
      token: acct.token,
      body: { on_hand: 2, reason: "received" },
    });
    await rest(t, "PATCH", `/skus/${lamp}`, {
      token: acct.token,
      body: { on_hand: 0, reason: "lost" },
    });
    const res = await rest(t, "POST", "/skus/bulk", {
      token: acct.token,
      body: {
        rows: [
          { code: "LAMP", name: "Lamp", on_hand: 7 },
          { code: "LAMP", name: "Lamp", site_id: store, on_hand: 4 },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ opening_balances: 1, on_hand_kept: 1, unchanged: 1 });
    const lampLevels = await levels(acct, lamp);
    expect(lampLevels.get(store)).toBe(4);
    expect((await rest(t, "GET", `/skus/${lamp}`, { token: acct.token })).body.on_hand).toBe(0);
  });

  it("opens a busy item's stock at a new site, and keeps it where a level's history is too long to read", async () => {
    const acct = await newAccount(t.db);
    const fresh = await newSite(t, acct, "NEW");
    const emptied = await newSite(t, acct, "EMPTY");
    const made = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: "BUSY", name: "Busy" },
    });
    const busy = made.body.id as number;
    // 100 movements at the default site (MOVED_LOOKBACK), and a level of 0 at EMPTY, never moved.
    for (let i = 1; i <= 100; i++) {
      const res = await rest(t, "PATCH", `/skus/${busy}`, {
        token: acct.token,
        body: { on_hand: i, reason: "found" },
      });
      expect(res.status).toBe(200);
    }
    const level = await rest(t, "PATCH", `/skus/${busy}`, {
      token: acct.token,
      body: { on_hand: 0, reason: "correction", site_id: emptied },
    });
    expect(level.status).toBe(200);
    const res = await importCsv(
      acct,
      "code,name,site,on_hand\r\nBUSY,Busy,NEW,3\r\nBUSY,Busy,EMPTY,4\r\n",
    );
    expect(res.status).toBe(200);
    // NEW has no level: never moved there, opened. EMPTY's level has 100 movements elsewhere
    // behind it: taken to have moved, kept.
    expect(res.body).toMatchObject({ opening_balances: 1, on_hand_kept: 1 });
    const busyLevels = await levels(acct, busy);
    expect([busyLevels.get(fresh), busyLevels.get(emptied) ?? 0]).toEqual([3, 0]);
  });

  it("takes siteId and onHand over GraphQL", async () => {
    const acct = await newAccount(t.db);
    const store = await newSite(t, acct, "VAN");
    const res = await gql(
      t,
      ImportSkusDocument,
      {
        input: {
          rows: [
            { code: "CUP", name: "Cup", siteId: store, onHand: 2.5 },
            { code: "CUP", name: "Cup", onHand: 1 },
          ],
        },
      },
      acct.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.importSkus.result).toMatchObject({
      created: 1,
      openingBalances: 2,
      onHandKept: 0,
    });
    const cup = res.data!.importSkus.result!.ids[0]!.id;
    expect((await levels(acct, cup)).get(store)).toBe(2.5);
  });

  it("opens an unlinked supplier item's stock at a site, and refuses stock for a linked one", async () => {
    const acct = await newAccount(t.db);
    const store = await newSite(t, acct, "DEPOT");
    const ok = await importCsv(
      acct,
      "supplier,code,name,site,on_hand\r\nACME,W-1,Widget,DEPOT,9\r\n",
      "/supplier-items/bulk",
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ created: 1, opening_balances: 1 });
    const item = (ok.body.ids as { id: number }[])[0]!.id;
    expect((await levels(acct, item, "supplier-items")).get(store)).toBe(9);

    const sku = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: "W", name: "W" },
    });
    const before = await ledgerState(t.db, acct.accountId);
    const linked = await rest(t, "POST", "/supplier-items/bulk", {
      token: acct.token,
      body: {
        rows: [
          { supplier: "ACME", code: "W-2", name: "W two", sku_id: sku.body.id },
          {
            supplier: "ACME",
            code: "W-2",
            name: "W two",
            sku_id: sku.body.id,
            site_id: store,
            on_hand: 1,
          },
        ],
      },
    });
    expect(linked.status).toBe(422);
    expect(pointers(linked.body)).toEqual([["/rows/1/on_hand", "LINKED_SUPPLIER_ITEM"]]);
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
  });

  it("refuses unknown, inactive and unusable sites, rows that disagree or repeat, and both quantities, writing nothing", async () => {
    const acct = await newAccount(t.db);
    const other = await newAccount(t.db);
    const foreign = await newSite(t, other, "FOREIGN");
    const shut = await newSite(t, acct, "SHUT", { active: false });
    await newSite(t, acct, "OPEN");
    const before = await ledgerState(t.db, acct.accountId);

    const csv = await importCsv(
      acct,
      "code,name,site,on_hand,barcodes\r\n" +
        "A,Alpha,NOWHERE,1,\r\n" +
        "B,Beta,OPEN,1,111\r\n" +
        "B,Beta two,OPEN,2,111\r\n" +
        "C,Gamma,OPEN,1,222\r\n" +
        "C,Gamma,,1,333\r\n",
    );
    expect(csv.status).toBe(400);
    expect(pointers(csv.body)).toEqual(
      expect.arrayContaining([
        ["/rows/2/site", "SITE_NOT_FOUND"],
        ["/rows/4/code", "DUPLICATE_LINE"],
        ["/rows/6/barcodes", "INVALID_PARAMETER"],
      ]),
    );

    const json = await rest(t, "POST", "/skus/bulk", {
      token: acct.token,
      body: {
        rows: [
          { code: "D", name: "Delta", site_id: shut, on_hand: 1 },
          { code: "E", name: "Eps", site_id: foreign, on_hand: 1 },
          { code: "F", name: "Phi", on_hand: 1, opening_on_hand: 1 },
        ],
      },
    });
    expect(json.status).toBe(400);
    expect(pointers(json.body)).toEqual(
      expect.arrayContaining([
        ["/rows/0/site_id", "SITE_INACTIVE"],
        ["/rows/1/site_id", "SITE_NOT_FOUND"],
        ["/rows/2/on_hand", "INVALID_PARAMETER"],
      ]),
    );
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
  });

  it("refuses rows spanning more than 100 sites before reading any", async () => {
    const acct = await newAccount(t.db);
    const rows = Array.from({ length: 101 }, (_, i) => ({
      code: "X",
      name: "X",
      site_id: 1_000_000 + i,
      on_hand: 1,
    }));
    const res = await rest(t, "POST", "/skus/bulk", { token: acct.token, body: { rows } });
    expect(res.status).toBe(422);
    expect(pointers(res.body)).toEqual([["/rows", "TOO_MANY_SITES"]]);
  });

  it("puts a limited token's rows at its own site, and treats other sites as unknown", async () => {
    const acct = await newAccount(t.db);
    const home = await newSite(t, acct, "HOME");
    const away = await newSite(t, acct, "AWAY");
    const { token } = await createToken(t.db, {
      accountId: acct.accountId,
      name: "store",
      scopes: ["read", "adjust"],
      siteIds: [home],
    });
    const store = { ...acct, token };
    const refused = await importCsv(store, "code,name,site,on_hand\r\nK,Key,AWAY,1\r\n");
    expect(refused.status).toBe(404);
    expect(pointers(refused.body)).toEqual([["/rows/2/site", "SITE_NOT_FOUND"]]);
    // Its own site deactivated: rows naming none are refused there, nothing written.
    const shut = await rest(t, "PATCH", `/sites/${home}`, {
      token: acct.token,
      body: { active: false },
    });
    expect(shut.status).toBe(200);
    const inactive = await importCsv(store, "code,name,on_hand\r\nK,Key,6\r\n");
    expect(inactive.status).toBe(409);
    expect(pointers(inactive.body)).toEqual([["/rows", "SITE_INACTIVE"]]);
    expect(await t.db.sku.count({ where: { accountId: acct.accountId } })).toBe(0);
    await rest(t, "PATCH", `/sites/${home}`, { token: acct.token, body: { active: true } });
    const res = await importCsv(store, "code,name,on_hand\r\nK,Key,6\r\n");
    expect(res.status).toBe(200);
    const key = (res.body.ids as { id: number }[])[0]!.id;
    const keyLevels = await levels(acct, key);
    expect([keyLevels.get(home), keyLevels.get(away) ?? 0]).toEqual([6, 0]);
  });
});

describe("the price of an import's look-backs", () => {
  it("charges each row bringing on_hand to a level of 0 for the movements it may read, before any is read, over REST and GraphQL", async () => {
    const acct = await newAccount(t.db);
    // Made without stock: each SKU has a level of 0 at the default site, so a row bringing it
    // on_hand there looks back through its movements before opening it.
    const codes = Array.from({ length: 120 }, (_, i) => `LB-${i}`);
    const made = await rest(t, "POST", "/skus/bulk", {
      token: acct.token,
      body: { rows: codes.map((code) => ({ code, name: code })) },
    });
    expect(made.status).toBe(200);
    const { token } = await createToken(t.db, {
      accountId: acct.accountId,
      name: "slow",
      rateLimit: { perSecond: 1 / 600, burst: 40 },
    });
    const rows = (from: number) =>
      codes.slice(from, from + 40).map((code) => ({ code, name: code, on_hand: 5 }));
    const sites = await rest(t, "GET", "/sites", { token: acct.token });
    const home = (sites.body.data as { id: number; code: string; is_default: boolean }[]).find(
      (s) => s.is_default,
    )!;
    // 40 rows count as 400 lines (10 each): 4 units; each looks back first (10 lines): 4 more.
    // Its site named by code (in another case) in CSV, by id over GraphQL, by none below.
    const csv = rows(0).map((r) => `${r.code},${r.name},${home.code.toLowerCase()},5\r\n`);
    const opened = await rest(t, "POST", "/skus/bulk", {
      token,
      raw: `code,name,site,on_hand\r\n${csv.join("")}`,
      headers: { "content-type": "text/csv" },
    });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ opening_balances: 40, on_hand_kept: 0 });
    expect(opened.headers.get("ratelimit-remaining")).toBe("32");
    // The same rows again: their levels hold 5 now, no look-back: the rows' 4 alone.
    const again = await rest(t, "POST", "/skus/bulk", { token, body: { rows: rows(0) } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ opening_balances: 0, unchanged: 40 });
    expect(again.headers.get("ratelimit-remaining")).toBe("28");
    const viaGraphql = await postGraphql(
      t,
      {
        query: print(ImportSkusDocument),
        variables: {
          input: {
            rows: codes
              .slice(40, 80)
              .map((code) => ({ code, name: code, siteId: home.id, onHand: 5 })),
          },
        },
      },
      token,
    );
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.headers.get("ratelimit-remaining")).toBe("20");

    // A bucket that holds the rows' price but no longer their look-backs': 429 before any is
    // read (a bucket that is full lets one request dearer than it through, owing the rest).
    const { token: small } = await createToken(t.db, {
      accountId: acct.accountId,
      name: "small",
      rateLimit: { perSecond: 1 / 600, burst: 10 },
    });
    const plain = await rest(t, "POST", "/skus/bulk", { token: small, body: { rows: rows(0) } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get("ratelimit-remaining")).toBe("6");
    const before = await ledgerState(t.db, acct.accountId);
    t.queries.length = 0;
    const refused = await rest(t, "POST", "/skus/bulk", { token: small, body: { rows: rows(80) } });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("RATE_LIMITED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(selectsFrom(t.queries, "stock_movements")).toEqual([]);
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
  });
});
