// Locations per site: an item's bin is its stock level's, so the same SKU sits in A-01-03 at the
// store and in R-12 at the warehouse. Set on create (the caller's site), PATCH (`site_id`) and
// import (each row's site); read at the asked site by the catalog, its location filter, the
// levels, and a stock take's scope by area and walking order at its site; each change is an
// updated event naming its site. A limited token sets locations at its own sites only.
import { gql, rest } from "../../helpers/app.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { startLoggedApp, type LoggedApp } from "../../helpers/movements.js";
import { defaultSiteOf, newSite } from "../../helpers/sites.js";
import { createToken } from "../../../src/modules/token/token.store.js";
import { UpdateSkuAtSiteDocument } from "../generated/graphql.js";

let t: LoggedApp;

beforeAll(async () => {
  t = await startLoggedApp();
});
afterAll(() => t.close());

/** A SKU's location at each site that has a level of it, by site id. */
async function locations(acct: TestAccount, id: number): Promise<Record<number, string | null>> {
  const res = await rest(t, "GET", `/skus/${id}/levels`, { token: acct.token });
  expect(res.status).toBe(200);
  return Object.fromEntries(
    (res.body.data as { site_id: number; location: string | null }[]).map((l) => [
      l.site_id,
      l.location,
    ]),
  );
}

async function newSku(acct: TestAccount, code: string, location?: string): Promise<number> {
  const res = await rest(t, "POST", "/skus", {
    token: acct.token,
    body: { code, name: code, ...(location ? { location } : {}) },
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

describe("locations at sites", () => {
  it("keeps one per site: set with PATCH site_id, read at the asked site, filtered there, with an event naming the site", async () => {
    const acct = await newAccount(t.db);
    const main = await defaultSiteOf(t, acct);
    const depot = await newSite(t, acct, "DEPOT");
    const mug = await newSku(acct, "MUG", "A-01-03");

    const patched = await rest(t, "PATCH", `/skus/${mug}`, {
      token: acct.token,
      body: { site_id: depot, location: "R-12" },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: mug, location: "R-12", on_hand: 0 });
    expect(await locations(acct, mug)).toEqual({ [main]: "A-01-03", [depot]: "R-12" });

    const atMain = await rest(t, "GET", `/skus/${mug}`, { token: acct.token });
    expect(atMain.body.location).toBe("A-01-03");
    const atDepot = await rest(t, "GET", `/skus/${mug}?site_id=${depot}`, { token: acct.token });
    expect(atDepot.body.location).toBe("R-12");

    const found = async (query: string) =>
      (
        (await rest(t, "GET", `/skus?${query}`, { token: acct.token })).body.data as {
          id: number;
        }[]
      ).map((s) => s.id);
    expect(await found(`location=r-&site_id=${depot}`)).toEqual([mug]);
    expect(await found("location=r-")).toEqual([]);
    expect(await found("location=a-01")).toEqual([mug]);

    // Each location set is an updated event showing the item at its site (the one it was
    // created with, then the depot's); no movement.
    const events = await t.db.event.findMany({
      where: { accountId: acct.accountId, type: "sku.updated" },
      orderBy: { id: "asc" },
    });
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({ id: mug, location: "A-01-03", site_id: main }),
      expect.objectContaining({ id: mug, location: "R-12", site_id: depot }),
    ]);
    expect(await t.db.stockMovement.count({ where: { accountId: acct.accountId } })).toBe(0);

    // Sent again, nothing changes: no event, and the item's stamp stays.
    const stamp = (await rest(t, "GET", `/skus/${mug}`, { token: acct.token })).body.updated_at;
    await rest(t, "PATCH", `/skus/${mug}`, {
      token: acct.token,
      body: { site_id: depot, location: "R-12" },
    });
    expect(
      await t.db.event.count({ where: { accountId: acct.accountId, type: "sku.updated" } }),
    ).toBe(2);
    expect((await rest(t, "GET", `/skus/${mug}`, { token: acct.token })).body.updated_at).toBe(
      stamp,
    );

    // A blank location removes it at that site only.
    await rest(t, "PATCH", `/skus/${mug}`, {
      token: acct.token,
      body: { site_id: depot, location: "" },
    });
    expect(await locations(acct, mug)).toEqual({ [main]: "A-01-03", [depot]: null });
  });

  it("sets on hand and location at one site in one request, and over GraphQL with siteId", async () => {
    const acct = await newAccount(t.db);
    const depot = await newSite(t, acct, "DEPOT");
    const bolt = await newSku(acct, "BOLT");
    const both = await rest(t, "PATCH", `/skus/${bolt}`, {
      token: acct.token,
      body: { site_id: depot, on_hand: 7, reason: "received", location: "D-4" },
    });
    expect(both.status).toBe(200);
    expect(both.body).toMatchObject({ on_hand: 7, location: "D-4" });
    expect(both.body.movement).toMatchObject({ site_id: depot, change: 7 });

    const res = await gql(
      t,
      UpdateSkuAtSiteDocument,
      {
        input: { id: bolt, siteId: depot, location: "D-5" },
      },
      acct.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.updateSku.sku).toMatchObject({ location: "D-5", onHand: 7 });
    const main = await defaultSiteOf(t, acct);
    expect(await locations(acct, bolt)).toEqual({ [main]: null, [depot]: "D-5" });
  });

  it("keeps a supplier item's per site, answered at the site an adjustment names", async () => {
    const acct = await newAccount(t.db);
    const depot = await newSite(t, acct, "DEPOT");
    const made = await rest(t, "POST", "/supplier-items", {
      token: acct.token,
      body: { supplier: "ACME", code: "S-1", name: "Screw", location: "A-9" },
    });
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    const set = await rest(t, "PATCH", `/supplier-items/${id}`, {
      token: acct.token,
      body: { site_id: depot, location: "R-5" },
    });
    expect(set.body).toMatchObject({ location: "R-5" });
    const adjusted = await rest(t, "PATCH", `/supplier-items/${id}`, {
      token: acct.token,
      body: { site_id: depot, on_hand: 3, reason: "received" },
    });
    expect(adjusted.status).toBe(200);
    expect(adjusted.body).toMatchObject({ on_hand: 3, location: "R-5" });
    const found = await rest(t, "GET", `/supplier-items?location=r-&site_id=${depot}`, {
      token: acct.token,
    });
    expect(found.body.data.map((i: { id: number }) => i.id)).toEqual([id]);
    expect(
      (await rest(t, "GET", `/supplier-items/${id}`, { token: acct.token })).body.location,
    ).toBe("A-9");
  });

  it("writes a location before the other fields of one PATCH: their event shows it", async () => {
    const acct = await newAccount(t.db);
    const jug = await newSku(acct, "JUG", "A-1");
    await rest(t, "PATCH", `/skus/${jug}`, {
      token: acct.token,
      body: { name: "Big jug", location: "A-2" },
    });
    const events = await t.db.event.findMany({
      where: { accountId: acct.accountId, type: "sku.updated" },
      orderBy: { id: "asc" },
    });
    // The create's location, the PATCH's location, then its name with the new location.
    expect(events.map((e) => e.data as { name: string; location: string })).toEqual([
      expect.objectContaining({ name: "JUG", location: "A-1" }),
      expect.objectContaining({ name: "JUG", location: "A-2" }),
      expect.objectContaining({ name: "Big jug", location: "A-2" }),
    ]);
  });

  it("starts a stock take by area at its own site, in that site's walking order", async () => {
    const acct = await newAccount(t.db);
    const depot = await newSite(t, acct, "DEPOT");
    const a = await newSku(acct, "A", "SHOP-2");
    const b = await newSku(acct, "B", "SHOP-1");
    for (const [id, location] of [
      [a, "R-01"],
      [b, "R-02"],
    ] as const) {
      await rest(t, "PATCH", `/skus/${id}`, {
        token: acct.token,
        body: { site_id: depot, location },
      });
    }
    const refused = await rest(t, "POST", "/stock-takes/start", {
      token: acct.token,
      body: { scope: { locations: ["R-"] } },
    });
    expect(refused.status).toBe(400);

    const started = await rest(t, "POST", "/stock-takes/start", {
      token: acct.token,
      body: { site_id: depot, scope: { locations: ["R-"] } },
    });
    expect(started.status).toBe(201);
    const lines = await rest(t, "GET", `/stock-takes/${started.body.id}/lines`, {
      token: acct.token,
    });
    expect(
      (lines.body.data as { id: number; location: string }[]).map((l) => [l.id, l.location]),
    ).toEqual([
      [a, "R-01"],
      [b, "R-02"],
    ]);

    // At the default site the shop's order holds: B (SHOP-1) before A (SHOP-2).
    const shop = await rest(t, "POST", "/stock-takes/start", {
      token: acct.token,
      body: { scope: { locations: ["shop"] } },
    });
    expect(shop.status).toBe(201);
    const shopLines = await rest(t, "GET", `/stock-takes/${shop.body.id}/lines`, {
      token: acct.token,
    });
    expect((shopLines.body.data as { location: string }[]).map((l) => l.location)).toEqual([
      "SHOP-1",
      "SHOP-2",
    ]);
  });

  it("imports a location per row at the row's site: an item's rows may differ there", async () => {
    const acct = await newAccount(t.db);
    const main = await defaultSiteOf(t, acct);
    const depot = await newSite(t, acct, "DEPOT");
    const csv = "code,name,site,location\r\nMUG,Mug,,A-1\r\nMUG,Mug,depot,R-9\r\n";
    const first = await rest(t, "POST", "/skus/bulk", {
      token: acct.token,
      raw: csv,
      headers: { "content-type": "text/csv" },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ created: 1, updated: 0 });
    const mug = (first.body.ids as { id: number }[])[0]!.id;
    expect(await locations(acct, mug)).toEqual({ [main]: "A-1", [depot]: "R-9" });

    // A location changed at one site is an update of the item; the same file again is not.
    const moved = await rest(t, "POST", "/skus/bulk", {
      token: acct.token,
      body: { rows: [{ code: "MUG", name: "Mug", site_id: depot, location: "R-10" }] },
    });
    expect(moved.body).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    const again = await rest(t, "POST", "/skus/bulk", {
      token: acct.token,
      body: { rows: [{ code: "MUG", name: "Mug", site_id: depot, location: "R-10" }] },
    });
    expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    expect(await locations(acct, mug)).toEqual({ [main]: "A-1", [depot]: "R-10" });
  });

  it("lets a limited token set locations at its own site only, and refuses a deactivated one", async () => {
    const acct = await newAccount(t.db);
    const main = await defaultSiteOf(t, acct);
    const home = await newSite(t, acct, "HOME");
    const away = await newSite(t, acct, "AWAY");
    const shut = await newSite(t, acct, "SHUT", { active: false });
    const { token } = await createToken(t.db, {
      accountId: acct.accountId,
      name: "store",
      scopes: ["read", "adjust"],
      siteIds: [home],
    });
    const cup = await newSku(acct, "CUP");

    const own = await rest(t, "PATCH", `/skus/${cup}`, { token, body: { location: "H-1" } });
    expect(own.status).toBe(200);
    expect(own.body.location).toBe("H-1");
    const other = await rest(t, "PATCH", `/skus/${cup}`, {
      token,
      body: { site_id: away, location: "X-1" },
    });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe("SITE_NOT_FOUND");
    const inactive = await rest(t, "PATCH", `/skus/${cup}`, {
      token: acct.token,
      body: { site_id: shut, location: "X-1" },
    });
    expect(inactive.status).toBe(409);
    expect(inactive.body.code).toBe("SITE_INACTIVE");

    // A SKU it creates with a location has it at its own site.
    const made = await rest(t, "POST", "/skus", {
      token,
      body: { code: "SAUCER", name: "Saucer", location: "H-2" },
    });
    expect(made.status).toBe(201);
    expect(made.body.location).toBe("H-2");
    expect(await locations(acct, cup)).toEqual({ [main]: null, [home]: "H-1" });
    expect(await locations(acct, made.body.id)).toEqual({ [main]: null, [home]: "H-2" });

    // Its feed: its own site's locations as set there; another site's not at all; the default
    // site's neither as an event nor inside the catalog's events.
    await rest(t, "PATCH", `/skus/${cup}`, { token: acct.token, body: { location: "M-1" } });
    await rest(t, "PATCH", `/skus/${cup}`, {
      token: acct.token,
      body: { site_id: away, location: "W-1" },
    });
    await rest(t, "PATCH", `/skus/${cup}`, { token: acct.token, body: { name: "Cup" } });
    const feed = await rest(t, "GET", "/events?limit=100", { token });
    expect(feed.status).toBe(200);
    const seen = (feed.body.data as { type: string; data: Record<string, unknown> }[])
      .filter((e) => e.type.startsWith("sku."))
      .map((e) => [e.type, e.data.code, e.data.site_id ?? null, e.data.location ?? "(none)"]);
    expect(seen).toEqual([
      ["sku.created", "CUP", null, "(none)"],
      ["sku.updated", "CUP", home, "H-1"],
      ["sku.created", "SAUCER", null, "(none)"],
      ["sku.updated", "SAUCER", home, "H-2"],
      ["sku.updated", "CUP", null, "(none)"],
    ]);
  });
});
