// A bulk adjustment whose lines name their own sites: each line sets its site's stock (the
// request's site, or the default, for a line naming none), an entity may be on several lines at
// different sites but once per site, every line names its site in the answer and when read back,
// a line's unknown or deactivated site is reported at that line with nothing written, and a
// retry with the same key answers the same.
import { gql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { createSku, createSupplierItem, ledgerProblems } from "../../helpers/stock.js";
import { SiBulkLinesDocument } from "../generated/graphql.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function newSite(acct: TestAccount, code: string, active = true): Promise<number> {
  const res = await rest(t, "POST", "/sites", {
    token: acct.token,
    body: { code, name: `Site ${code}` },
  });
  expect(res.status).toBe(201);
  if (!active) {
    const shut = await rest(t, "PATCH", `/sites/${res.body.id}`, {
      token: acct.token,
      body: { active: false },
    });
    expect(shut.status).toBe(200);
  }
  return res.body.id as number;
}

const defaultSiteOf = async (acct: TestAccount): Promise<number> => {
  const res = await rest(t, "GET", "/sites", { token: acct.token });
  return res.body.data.find((s: { is_default: boolean }) => s.is_default).id;
};

/** An item's on hand at a site, as the API reads it. */
const onHand = async (acct: TestAccount, path: string, siteId: number) =>
  (await rest(t, "GET", `${path}?site_id=${siteId}`, { token: acct.token })).body.on_hand;

const bulk = (acct: TestAccount, body: unknown, key?: string) =>
  rest(t, "POST", "/stock-adjustments/bulk", {
    token: acct.token,
    headers: key ? { "idempotency-key": key } : {},
    body,
  });

const written = async (acct: TestAccount) => {
  const [row] = await t.db.$queryRaw<{ movements: number; adjustments: number }[]>`
    SELECT (SELECT count(*) FROM stock_movements WHERE account_id = ${acct.accountId})::int AS movements,
      (SELECT count(*) FROM stock_adjustments WHERE account_id = ${acct.accountId})::int AS adjustments`;
  return row;
};

it("sets each line's stock at its own site, an item at two sites in one request, and reads each line's site back", async () => {
  const acct = await newAccount(t.db);
  const home = await defaultSiteOf(acct);
  const sku = await createSku(t, acct.token, 10);
  const item = await createSupplierItem(t, acct.token, { openingOnHand: 1 });
  const north = await newSite(acct, "NORTH");
  const south = await newSite(acct, "SOUTH");

  const res = await bulk(acct, {
    reason: "received",
    site_id: north,
    lines: [
      { type: "sku", id: sku, new_qty: 4 },
      { type: "sku", id: sku, new_qty: 12, site_id: home },
      { type: "sku", id: sku, new_qty: 2.5, site_id: south },
      { type: "supplier_item", id: item, new_qty: 3, site_id: south },
    ],
  });

  expect(res.status).toBe(201);
  // The record names the request's site; each line the site whose stock it set.
  expect(res.body.site_id).toBe(north);
  expect(
    res.body.lines.map((l: Record<string, unknown>) => [l.site_id, l.previous_qty, l.new_qty]),
  ).toEqual([
    [north, 0, 4],
    [home, 10, 12],
    [south, 0, 2.5],
    [south, 0, 3],
  ]);
  expect(await onHand(acct, `/skus/${sku}`, north)).toBe(4);
  expect(await onHand(acct, `/skus/${sku}`, home)).toBe(12);
  expect(await onHand(acct, `/skus/${sku}`, south)).toBe(2.5);
  expect(await onHand(acct, `/supplier-items/${item}`, south)).toBe(3);
  expect(await onHand(acct, `/supplier-items/${item}`, home)).toBe(1);

  // Each movement is at its line's site.
  const movements = await rest(t, "GET", `/stock/movements?sku_id=${sku}&limit=10`, {
    token: acct.token,
  });
  const bySite = Object.fromEntries(
    movements.body.data
      .filter((m: { adjustment_id: number | null }) => m.adjustment_id === res.body.id)
      .map((m: { site_id: number; quantity_after: number }) => [m.site_id, m.quantity_after]),
  );
  expect(bySite).toEqual({ [north]: 4, [home]: 12, [south]: 2.5 });

  const read = await rest(t, "GET", `/stock-adjustments/${res.body.id}`, { token: acct.token });
  expect(read.body.lines.map((l: { site_id: number }) => l.site_id)).toEqual([
    north,
    home,
    south,
    south,
  ]);
  const page = await rest(t, "GET", `/stock-adjustments/${res.body.id}/lines?limit=2`, {
    token: acct.token,
  });
  expect(page.body.data.map((l: { site_id: number }) => l.site_id)).toEqual([north, home]);
  expect(await ledgerProblems(t.db, acct.accountId)).toEqual([]);
});

it("reads a line recorded without a site at its adjustment's site", async () => {
  const acct = await newAccount(t.db);
  const sku = await createSku(t, acct.token, 10);
  const store = await newSite(acct, "OLD-LINES");
  const res = await bulk(acct, {
    reason: "received",
    site_id: store,
    lines: [{ type: "sku", id: sku, new_qty: 5 }],
  });
  expect(res.status).toBe(201);
  // As the upgrade leaves the lines written before lines named their site.
  await t.db.$executeRaw`
    UPDATE stock_adjustment_lines SET site_id = NULL
    WHERE account_id = ${acct.accountId} AND adjustment_id = ${res.body.id}`;

  const read = await rest(t, "GET", `/stock-adjustments/${res.body.id}`, { token: acct.token });

  expect(read.body.lines).toEqual([expect.objectContaining({ id: sku, site_id: store })]);
});

it("refuses an item twice at one site however the site is named, a line's unknown or deactivated site at that line, and writes nothing", async () => {
  const acct = await newAccount(t.db);
  const other = await newAccount(t.db);
  const home = await defaultSiteOf(acct);
  const sku = await createSku(t, acct.token, 10);
  const sku2 = await createSku(t, acct.token, 10);
  const closed = await newSite(acct, "CLOSED", false);
  const theirs = await newSite(other, "THEIRS");
  const before = await written(acct);

  const res = await bulk(acct, {
    reason: "received",
    lines: [
      { type: "sku", id: sku, new_qty: 1 },
      // The default site by its id: the same stock as the line above.
      { type: "sku", id: sku, new_qty: 2, site_id: home },
      { type: "sku", id: sku2, new_qty: 3, site_id: closed },
      { type: "sku", id: sku2, new_qty: 4, site_id: theirs },
      { type: "sku", id: sku2, new_qty: 5, site_id: 2_000_000_000 },
    ],
  });

  expect(res.status).toBe(404);
  expect(res.body.code).toBe("SITE_NOT_FOUND");
  expect(
    res.body.errors.map((e: { pointer: string; code: string }) => [e.pointer, e.code]),
  ).toEqual([
    ["/lines/3/site_id", "SITE_NOT_FOUND"],
    ["/lines/4/site_id", "SITE_NOT_FOUND"],
    ["/lines/2/site_id", "SITE_INACTIVE"],
    ["/lines/1/id", "DUPLICATE_LINE"],
  ]);
  expect(await written(acct)).toEqual(before);
  expect(await onHand(acct, `/skus/${sku}`, home)).toBe(10);
});

it("refuses lines spanning more than 100 sites before any is looked up, and takes 100", async () => {
  const acct = await newAccount(t.db);
  const sku = await createSku(t, acct.token, 10);
  const before = await written(acct);
  // Sites that exist nowhere: past the cap nothing is looked up, at it each one is.
  const spanning = (sites: number) => ({
    reason: "received",
    lines: Array.from({ length: sites }, (_, i) => ({
      type: "sku",
      id: sku,
      new_qty: 1,
      site_id: 1_900_000_000 + i,
    })),
  });

  const over = await bulk(acct, spanning(101));
  const at = await bulk(acct, spanning(100));

  expect(over.status).toBe(422);
  expect(over.body.code).toBe("TOO_MANY_SITES");
  expect(over.body.errors).toEqual([expect.objectContaining({ pointer: "/lines" })]);
  expect(at.status).toBe(404);
  expect(at.body.code).toBe("SITE_NOT_FOUND");
  expect(await written(acct)).toEqual(before);
});

it("answers a retry with the same key as the first time, and a key reused with another line site as reused", async () => {
  const acct = await newAccount(t.db);
  const sku = await createSku(t, acct.token, 10);
  const store = await newSite(acct, "STORE");
  const body = (site: number) => ({
    reason: "received",
    lines: [{ type: "sku", id: sku, new_qty: 6, site_id: site }],
  });

  const first = await bulk(acct, body(store), "line-site-1");
  const again = await bulk(acct, body(store), "line-site-1");
  const reused = await bulk(acct, body(await defaultSiteOf(acct)), "line-site-1");

  expect(first.status).toBe(201);
  expect(again.status).toBe(201);
  expect(again.headers.get("idempotent-replayed")).toBe("true");
  expect(again.body).toEqual(first.body);
  expect(first.body.lines[0].site_id).toBe(store);
  expect(reused.status).toBe(422);
  expect(reused.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
  expect(await onHand(acct, `/skus/${sku}`, store)).toBe(6);
});

it("replays an answer stored before lines named their site with each line at the adjustment's", async () => {
  const acct = await newAccount(t.db);
  const sku = await createSku(t, acct.token, 10);
  const store = await newSite(acct, "STORED");
  const body = {
    reason: "received",
    site_id: store,
    lines: [{ type: "sku", id: sku, new_qty: 2 }],
  };
  const first = await bulk(acct, body, "stored-before-line-sites");
  expect(first.status).toBe(201);
  // The stored answer as a server before this version kept it: its lines without siteId.
  await t.db.$executeRaw`
    UPDATE idempotency_keys SET response_body = jsonb_set(response_body::jsonb, '{lines}',
      (SELECT jsonb_agg(l - 'siteId') FROM jsonb_array_elements(response_body::jsonb -> 'lines') AS l))::json
    WHERE account_id = ${acct.accountId} AND key = 'stored-before-line-sites'`;

  const again = await bulk(acct, body, "stored-before-line-sites");

  expect(again.headers.get("idempotent-replayed")).toBe("true");
  expect(again.body).toEqual(first.body);
  expect(again.body.lines[0].site_id).toBe(store);
});

it("takes a line's siteId over GraphQL, each line answering its site", async () => {
  const acct = await newAccount(t.db);
  const home = await defaultSiteOf(acct);
  const sku = await createSku(t, acct.token, 10);
  const store = await newSite(acct, "GQL-STORE");
  const closed = await newSite(acct, "GQL-CLOSED", false);

  const res = await gql(
    t,
    SiBulkLinesDocument,
    {
      input: {
        reason: "FOUND" as never,
        lines: [
          { type: "SKU" as never, id: sku, newQty: 11 },
          { type: "SKU" as never, id: sku, newQty: 7, siteId: store },
        ],
      },
    },
    acct.token,
  );
  expect(res.data?.bulkAdjustStock).toEqual({
    adjustment: {
      siteId: home,
      lines: [
        { id: sku, siteId: home, previousQty: 10, newQty: 11 },
        { id: sku, siteId: store, previousQty: 0, newQty: 7 },
      ],
    },
    userErrors: [],
  });

  const refused = await gql(
    t,
    SiBulkLinesDocument,
    {
      input: {
        reason: "FOUND" as never,
        lines: [{ type: "SKU" as never, id: sku, newQty: 1, siteId: closed }],
      },
    },
    acct.token,
  );
  expect(refused.data?.bulkAdjustStock).toEqual({
    adjustment: null,
    userErrors: [{ field: ["lines", "0", "siteId"], code: "SITE_INACTIVE" }],
  });
  expect(await onHand(acct, `/skus/${sku}`, store)).toBe(7);
});
