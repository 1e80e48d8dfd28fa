// Tokens limited to sites, as a chain gives a store's counting device its own: issued with
// site_ids (admin tokens only, the scopes of stock only), they change and read the stock of their
// sites, take a request naming no site to mean theirs, and meet every other site as one that does
// not exist. The sweep of every operation is test/api/access/site-limits.test.ts.
import pg from "pg";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { databaseUrl, newAccount, type TestAccount } from "../../helpers/db.js";
import { STOCK_TAKE_START_LOCK_CLASS } from "../../../src/db/locks.js";
import { defaultSiteOf, newSite } from "../../helpers/sites.js";
import { createSku } from "../../helpers/stock.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const SCOPES = ["read", "adjust", "count", "approve"];
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();

/** A token of the account limited to `sites`, issued through the API. */
async function limitedToken(acct: TestAccount, sites: number[], scopes = SCOPES) {
  const made = await rest(t, "POST", "/tokens", {
    token: acct.token,
    body: { name: `device ${sites.join("+")}`, scopes, site_ids: sites, expires_at: inAMonth() },
  });
  if (made.status !== 201) throw new Error(`token: ${made.status} ${JSON.stringify(made.body)}`);
  return made.body.token as string;
}

/** An account with its default site, a store and a van, and a SKU holding stock at each. */
async function chain() {
  const acct = await newAccount(t.db);
  const main = await defaultSiteOf(t, acct);
  const store = await newSite(t, acct, "STORE");
  const van = await newSite(t, acct, "VAN");
  const sku = await createSku(t, acct.token, 10);
  for (const [site, qty] of [
    [store, 4],
    [van, 2],
  ] as const) {
    const set = await rest(t, "PATCH", `/skus/${sku}`, {
      token: acct.token,
      body: { on_hand: qty, reason: "received", site_id: site },
    });
    expect(set.status).toBe(200);
  }
  return { acct, main, store, van, sku };
}

/** A problem as shown, its request id aside, with the site it names as N. */
const shown = ({ request_id: _id, ...body }: Record<string, unknown>, site: number) =>
  JSON.stringify(body).replaceAll(String(site), "N");

/** The account's movements and adjustments, counted: a refusal adds to neither. */
const written = async (acct: TestAccount) => {
  const [row] = await t.db.$queryRaw<{ movements: number; adjustments: number }[]>`
    SELECT (SELECT count(*) FROM stock_movements WHERE account_id = ${acct.accountId})::int AS movements,
      (SELECT count(*) FROM stock_adjustments WHERE account_id = ${acct.accountId})::int AS adjustments`;
  return row;
};

describe("issuing a token limited to sites", () => {
  it("issues it with its sites over REST and GraphQL, and lists them", async () => {
    const { acct, store, van } = await chain();
    const made = await rest(t, "POST", "/tokens", {
      token: acct.token,
      body: {
        name: "Store scanner",
        scopes: ["read", "count"],
        site_ids: [store],
        expires_at: inAMonth(),
      },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ scopes: ["read", "count"], site_ids: [store] });

    const viaGraphql = await postGraphql(
      t,
      {
        query: `mutation ($input: CreateApiTokenInput!) {
          createApiToken(input: $input) { apiToken { id siteIds } token userErrors { code } } }`,
        variables: {
          input: { name: "Van scanner", scopes: ["READ"], siteIds: [van], expiresAt: inAMonth() },
        },
      },
      acct.token,
    );
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.data).toMatchObject({
      createApiToken: { apiToken: { siteIds: [van] }, userErrors: [] },
    });

    const listed = await rest(t, "GET", "/tokens", { token: acct.token });
    const byName = new Map(listed.body.data.map((x: { name: string }) => [x.name, x]));
    expect(byName.get("Store scanner")).toMatchObject({ site_ids: [store] });
    expect(byName.get("Van scanner")).toMatchObject({ site_ids: [van] });
    expect(byName.get("test-token")).toMatchObject({ site_ids: null });
  });

  it("refuses a site the account does not have, and the scopes that concern the whole account", async () => {
    const { acct, store } = await chain();
    const other = await newAccount(t.db);
    const foreign = await defaultSiteOf(t, other);
    const before = await t.db.apiToken.count({ where: { accountId: acct.accountId } });

    const unknown = await rest(t, "POST", "/tokens", {
      token: acct.token,
      body: { name: "x", scopes: ["read"], site_ids: [store, foreign], expires_at: inAMonth() },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("SITE_NOT_FOUND");
    for (const scope of ["webhooks", "sites"]) {
      const wide = await rest(t, "POST", "/tokens", {
        token: acct.token,
        body: { name: "x", scopes: ["read", scope], site_ids: [store], expires_at: inAMonth() },
      });
      expect(wide.status).toBe(400);
      expect(wide.body.code).toBe("INVALID_PARAMETER");
      expect(wide.body.detail).toContain(scope);
    }
    expect(await t.db.apiToken.count({ where: { accountId: acct.accountId } })).toBe(before);
  });
});

describe("a token limited to one site", () => {
  it("sets and reads its site's stock when it names none, in one statement and in a transaction", async () => {
    const { acct, main, store, sku } = await chain();
    const token = await limitedToken(acct, [store]);

    // The first request authenticates on its own; the next ones run in the adjustment's statement.
    for (const [qty, headers] of [
      [5, {}],
      [6, {}],
      [7, { "idempotency-key": "store-7" }],
    ] as const) {
      const set = await rest(t, "PATCH", `/skus/${sku}`, {
        token,
        headers,
        body: { on_hand: qty, reason: "received" },
      });
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({ on_hand: qty, movement: { site_id: store } });
    }
    expect((await rest(t, "GET", `/skus/${sku}`, { token })).body.on_hand).toBe(7);
    // The default site's stock is as it was.
    expect((await rest(t, "GET", `/skus/${sku}`, { token: acct.token })).body.on_hand).toBe(10);
    const levels = await rest(t, "GET", `/skus/${sku}/levels`, { token });
    expect(levels.body.data.map((l: { site_id: number }) => l.site_id)).toEqual([store]);
    const sites = await rest(t, "GET", "/sites", { token });
    expect(sites.body.data.map((s: { id: number }) => s.id)).toEqual([store]);
    expect((await rest(t, "GET", `/sites/${main}`, { token })).status).toBe(404);
  });

  it("meets another site as one that does not exist, writing nothing", async () => {
    const { acct, main, store, van, sku } = await chain();
    const token = await limitedToken(acct, [store]);
    const before = await written(acct);
    const missing = 2_000_000_000;

    const answers = {
      patch: (site: number) =>
        rest(t, "PATCH", `/skus/${sku}`, {
          token,
          body: { on_hand: 1, reason: "received", site_id: site },
        }),
      bulkLine: (site: number) =>
        rest(t, "POST", "/stock-adjustments/bulk", {
          token,
          body: {
            reason: "received",
            lines: [{ type: "sku", id: sku, new_qty: 1, site_id: site }],
          },
        }),
      read: (site: number) => rest(t, "GET", `/skus/${sku}?site_id=${site}`, { token }),
      movements: (site: number) =>
        rest(t, "GET", `/stock/movements?sku_id=${sku}&site_id=${site}`, { token }),
      start: (site: number) =>
        rest(t, "POST", "/stock-takes/start", {
          token,
          body: { site_id: site, scope: { sku_ids: [sku] } },
        }),
    };
    for (const [name, call] of Object.entries(answers)) {
      const unknown = await call(missing);
      for (const site of [main, van]) {
        const other = await call(site);
        expect({ name, status: other.status, code: other.body.code }).toEqual({
          name,
          status: 404,
          code: "SITE_NOT_FOUND",
        });
        // Told apart from a site that exists nowhere only by the id it names.
        expect(shown(other.body, site)).toBe(shown(unknown.body, missing));
      }
    }
    expect(await written(acct)).toEqual(before);
  });

  it("sees only its site's movements and adjustments, and its events without the default site's stock", async () => {
    const { acct, store, sku } = await chain();
    const token = await limitedToken(acct, [store]);
    const atMain = await rest(t, "POST", "/stock-adjustments/bulk", {
      token: acct.token,
      body: { reason: "received", lines: [{ type: "sku", id: sku, new_qty: 11 }] },
    });
    expect(atMain.status).toBe(201);

    const movements = await rest(t, "GET", `/stock/movements?sku_id=${sku}`, { token });
    expect(movements.status).toBe(200);
    expect(movements.body.data.length).toBeGreaterThan(0);
    expect(new Set(movements.body.data.map((m: { site_id: number }) => m.site_id))).toEqual(
      new Set([store]),
    );
    const adjustment = await rest(t, "GET", `/stock-adjustments/${atMain.body.id}`, { token });
    expect(adjustment.status).toBe(404);
    const listed = await rest(t, "GET", "/stock-adjustments", { token });
    expect(listed.body.data.map((a: { id: number }) => a.id)).not.toContain(atMain.body.id);

    const feed = await rest(t, "GET", "/events?limit=1000", { token });
    expect(feed.status).toBe(200);
    const changes = feed.body.data.filter((e: { type: string }) => e.type === "stock.changed");
    expect(changes.length).toBeGreaterThan(0);
    expect(new Set(changes.map((e: { data: { site_id: number } }) => e.data.site_id))).toEqual(
      new Set([store]),
    );
    const created = feed.body.data.find((e: { type: string }) => e.type === "sku.created");
    expect(created.data).toMatchObject({ id: sku });
    expect(created.data).not.toHaveProperty("on_hand");
  });
});

describe("new items made by a token limited to sites", () => {
  it("opens their stock at its site, one by one and by import", async () => {
    const { acct, store } = await chain();
    const token = await limitedToken(acct, [store]);
    const made = await rest(t, "POST", "/skus", {
      token,
      body: { code: "STORE-NEW-1", name: "New at the store", opening_on_hand: 4 },
    });
    expect([made.status, made.body.on_hand]).toEqual([201, 4]);
    const imported = await rest(t, "POST", "/skus/bulk", {
      token,
      body: { rows: [{ code: "STORE-NEW-2", name: "Imported at the store", opening_on_hand: 6 }] },
    });
    expect(imported.status).toBe(200);
    const ids = [made.body.id, imported.body.ids[0].id] as number[];
    for (const [id, qty] of [
      [ids[0]!, 4],
      [ids[1]!, 6],
    ]) {
      expect((await rest(t, "GET", `/skus/${id}`, { token })).body.on_hand).toBe(qty);
      // Nothing at the default site.
      expect((await rest(t, "GET", `/skus/${id}`, { token: acct.token })).body.on_hand).toBe(0);
    }
  });
});

describe("what concerns the whole account", () => {
  it("reads the account's cycle-count intervals and does not change them", async () => {
    const { acct, store } = await chain();
    const token = await limitedToken(acct, [store]);
    const before = await rest(t, "GET", "/cycle-counts/settings", { token });
    expect(before.status).toBe(200);

    const changed = await rest(t, "PATCH", "/cycle-counts/settings", {
      token,
      body: { interval_days_a: 3 },
    });
    expect(changed.status).toBe(403);
    expect(changed.body.code).toBe("FORBIDDEN");
    expect((await rest(t, "GET", "/cycle-counts/settings", { token })).body).toEqual(before.body);
  });
});

describe("a token limited to several sites", () => {
  it("takes a request naming no site to mean its first site, and works at the others named", async () => {
    const { acct, main, store, van, sku } = await chain();
    const storeFirst = await limitedToken(acct, [store, main]);
    const mainFirst = await limitedToken(acct, [main, van]);

    for (const [token, home] of [
      [storeFirst, store],
      [mainFirst, main],
    ] as const) {
      const unnamed = await rest(t, "PATCH", `/skus/${sku}`, {
        token,
        body: { on_hand: 12, reason: "received" },
      });
      expect(unnamed.body.movement).toMatchObject({ site_id: home });
      expect((await rest(t, "GET", `/skus/${sku}`, { token })).body.on_hand).toBe(12);
    }
    const named = await rest(t, "PATCH", `/skus/${sku}`, {
      token: mainFirst,
      body: { on_hand: 1, reason: "received", site_id: van },
    });
    expect(named.body.movement).toMatchObject({ site_id: van });
    const sites = await rest(t, "GET", "/sites", { token: mainFirst });
    expect(sites.body.data.map((s: { id: number }) => s.id)).toEqual([main, van]);
  });
});

describe("stock takes and transfers of other sites", () => {
  it("hides another site's stock take, and starts its own at its site", async () => {
    const { acct, store, sku } = await chain();
    const token = await limitedToken(acct, [store]);
    const atMain = await rest(t, "POST", "/stock-takes/start", {
      token: acct.token,
      body: { scope: { sku_ids: [sku] } },
    });
    expect(atMain.status).toBe(201);

    expect((await rest(t, "GET", `/stock-takes/${atMain.body.id}`, { token })).status).toBe(404);
    const counted = await rest(t, "POST", `/stock-takes/${atMain.body.id}/input`, {
      token,
      body: { counts: [{ type: "sku", id: sku, counted_qty: 1 }] },
    });
    expect(counted.status).toBe(404);
    expect(counted.body.code).toBe("STOCK_TAKE_NOT_FOUND");

    const own = await rest(t, "POST", "/stock-takes/start", {
      token,
      body: { scope: { sku_ids: [sku] } },
    });
    expect(own.status).toBe(201);
    expect(own.body.site_id).toBe(store);
    const listed = await rest(t, "GET", "/stock-takes", { token });
    expect(listed.body.data.map((s: { id: number }) => s.id)).toEqual([own.body.id]);
  });

  it("sees the transfers to or from its site, receives those coming to it, and cancels none from elsewhere", async () => {
    const { acct, main, store, van, sku } = await chain();
    const token = await limitedToken(acct, [store]);
    const send = (from: number, to: number, as = acct.token) =>
      rest(t, "POST", "/transfers", {
        token: as,
        body: { from_site_id: from, to_site_id: to, lines: [{ type: "sku", id: sku, qty: 1 }] },
      });
    const toStore = await send(main, store);
    const toVan = await send(main, van);
    expect([toStore.status, toVan.status]).toEqual([201, 201]);

    const listed = await rest(t, "GET", "/transfers", { token });
    expect(listed.body.data.map((x: { id: number }) => x.id)).toEqual([toStore.body.id]);
    expect((await rest(t, "GET", `/transfers/${toVan.body.id}`, { token })).status).toBe(404);
    const cancel = await rest(t, "POST", `/transfers/${toStore.body.id}/cancel`, {
      token,
      body: {},
    });
    expect(cancel.status).toBe(403);
    expect(cancel.body.code).toBe("FORBIDDEN");
    const receiveOther = await rest(t, "POST", `/transfers/${toVan.body.id}/receive`, {
      token,
      body: {},
    });
    expect(receiveOther.status).toBe(404);
    expect(receiveOther.body.code).toBe("TRANSFER_NOT_FOUND");

    const received = await rest(t, "POST", `/transfers/${toStore.body.id}/receive`, {
      token,
      body: {},
    });
    expect(received.status).toBe(200);
    expect(received.body.status).toBe("received");
    expect((await rest(t, "GET", `/skus/${sku}`, { token })).body.on_hand).toBe(5);

    const outward = await send(store, main, token);
    expect(outward.status).toBe(404);
    expect(outward.body.code).toBe("SITE_NOT_FOUND");
  });
});

describe("another site's work, never waited on", () => {
  /** A connection of its own holding `lock` in an open transaction until `release`. */
  async function holding(lock: string, params: unknown[]) {
    const other = new pg.Client({ connectionString: databaseUrl() });
    await other.connect();
    await other.query("BEGIN");
    await other.query(lock, params);
    return async () => {
      await other.query("ROLLBACK");
      await other.end();
    };
  }

  it("refuses a start at another site while the account's starts are held", async () => {
    const { acct, main, store, sku } = await chain();
    const token = await limitedToken(acct, [store]);
    const release = await holding("SELECT pg_advisory_xact_lock($1::int, $2::int)", [
      STOCK_TAKE_START_LOCK_CLASS,
      acct.accountId,
    ]);
    try {
      // Answered while another start holds the lock: the site is checked before it is waited for.
      const refused = await rest(t, "POST", "/stock-takes/start", {
        token,
        body: { site_id: main, scope: { sku_ids: [sku] } },
      });
      expect([refused.status, refused.body.code]).toEqual([404, "SITE_NOT_FOUND"]);
    } finally {
      await release();
    }
  });

  it("refuses a cancel of a transfer from another site while its row is held", async () => {
    const { acct, main, store, sku } = await chain();
    const token = await limitedToken(acct, [store]);
    const sent = await rest(t, "POST", "/transfers", {
      token: acct.token,
      body: { from_site_id: main, to_site_id: store, lines: [{ type: "sku", id: sku, qty: 1 }] },
    });
    const release = await holding(
      "SELECT id FROM transfers WHERE account_id = $1 AND id = $2 FOR UPDATE",
      [acct.accountId, sent.body.id],
    );
    try {
      const cancel = await rest(t, "POST", `/transfers/${sent.body.id}/cancel`, {
        token,
        body: {},
      });
      expect([cancel.status, cancel.body.code]).toEqual([403, "FORBIDDEN"]);
    } finally {
      await release();
    }
  });

  it("leaves out of its feed the changes of stock written before events named their site", async () => {
    const { acct, store } = await chain();
    const token = await limitedToken(acct, [store]);
    await t.db.$executeRaw`
      INSERT INTO events (account_id, type, data)
      VALUES (${acct.accountId}, 'stock.changed',
        '{"type": "sku", "id": 1, "quantity_before": 5, "quantity_after": 9731.5}'::jsonb)`;
    const seen = async (as: string) =>
      JSON.stringify((await rest(t, "GET", "/events?limit=1000", { token: as })).body.data);

    expect(await seen(acct.token)).toContain("9731.5");
    expect(await seen(token)).not.toContain("9731.5");
  });
});
