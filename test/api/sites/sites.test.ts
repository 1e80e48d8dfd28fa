// Sites over REST and GraphQL: every account has its default site from the start; sites are
// created, listed, renamed, deactivated and made the default by a token with the sites scope; the
// default is always active and there is always exactly one, however requests race; other
// accounts' sites are unknown; bad input writes nothing.
import { createToken } from "../../../src/modules/token/token.store.js";
import { MAX_SITES } from "../../../src/modules/site/site.service.js";
import { gql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { SiCreateDocument, SiSitesDocument, SiUpdateDocument } from "../generated/graphql.js";
import type { SiteBody } from "../../helpers/sites.js";

let t: TestApp;
let admin: TestAccount;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  admin = await newAccount(t.db);
});

/** A site as answered, or a problem's fields when refused. */
type Answer = SiteBody & { code: string; errors: { pointer: string }[] };

const create = (body: object, token = admin.token, headers?: Record<string, string>) =>
  rest<Answer>(t, "POST", "/sites", { token, body, headers });
const update = (id: number, body: object, token = admin.token) =>
  rest<Answer>(t, "PATCH", `/sites/${id}`, { token, body });
const list = async (query = "", token = admin.token) =>
  (await rest<{ data: SiteBody[] }>(t, "GET", `/sites${query}`, { token })).body.data;
const stored = (accountId = admin.accountId) =>
  t.db.site.findMany({ where: { accountId }, orderBy: { id: "asc" } });
const defaults = async (accountId = admin.accountId) =>
  (await stored(accountId)).filter((s) => s.isDefault).map((s) => s.id);

test("a new account has one site, its default, named Main", async () => {
  const sites = await list();
  expect(sites).toEqual([
    expect.objectContaining({
      code: "MAIN",
      name: "Main",
      timezone: null,
      active: true,
      is_default: true,
    }),
  ]);
  const one = await rest<SiteBody>(t, "GET", `/sites/${sites[0]!.id}`, { token: admin.token });
  expect(one.status).toBe(200);
  expect(one.body).toEqual(sites[0]);
});

test("sites are created, listed in id order and by activity, and read one by one", async () => {
  const store = await create({
    code: "STORE-12",
    name: " Berlin Mitte ",
    timezone: "Europe/Berlin",
  });
  expect(store.status).toBe(201);
  expect(store.body).toMatchObject({
    code: "STORE-12",
    name: "Berlin Mitte",
    timezone: "Europe/Berlin",
    active: true,
    is_default: false,
  });
  const shut = await create({ code: "OLD", name: "Closed store", active: false });
  expect(shut.status).toBe(201);

  expect((await list()).map((s) => s.code)).toEqual(["MAIN", "STORE-12", "OLD"]);
  expect((await list("?active=true")).map((s) => s.code)).toEqual(["MAIN", "STORE-12"]);
  expect((await list("?active=false")).map((s) => s.code)).toEqual(["OLD"]);

  const first = await rest(t, "GET", "/sites?limit=2", { token: admin.token });
  expect(first.body.data.map((s: SiteBody) => s.code)).toEqual(["MAIN", "STORE-12"]);
  const next = await rest(t, "GET", `/sites?limit=2&cursor=${first.body.next_cursor}`, {
    token: admin.token,
  });
  expect(next.body).toMatchObject({ data: [{ code: "OLD" }], next_cursor: null });
});

test("a code is unique in the account regardless of case; another account may use it", async () => {
  expect((await create({ code: "Store-1", name: "One" })).status).toBe(201);
  const again = await create({ code: "STORE-1", name: "Two" });
  expect(again.status).toBe(409);
  expect(again.body.code).toBe("DUPLICATE_CODE");
  expect((await stored()).map((s) => s.code)).toEqual(["MAIN", "Store-1"]);
  const other = await newAccount(t.db);
  expect((await create({ code: "STORE-1", name: "Theirs" }, other.token)).status).toBe(201);
  // A rename onto a taken code is refused the same way.
  const store = (await create({ code: "STORE-2", name: "Two" })).body;
  const renamed = await update(store.id, { code: "main" });
  expect(renamed.status).toBe(409);
  expect(renamed.body.code).toBe("DUPLICATE_CODE");
});

test("bad input is refused with every problem named and nothing written", async () => {
  const res = await create({ code: "   ", name: "\u0007bell", timezone: "Mars/Olympus" });
  expect(res.status).toBe(400);
  expect(res.body.code).toBe("INVALID_PARAMETER");
  expect(res.body.errors.map((e) => e.pointer).sort()).toEqual(["/code", "/name", "/timezone"]);
  const defaultInactive = await create({ code: "X", name: "X", is_default: true, active: false });
  expect(defaultInactive.status).toBe(400);
  expect((await stored()).length).toBe(1);
  const main = (await stored())[0]!;
  const badZone = await update(main.id, { timezone: "Nowhere/Town" });
  expect(badZone.status).toBe(400);
  expect((await stored())[0]).toEqual(main);
});

test("a site is renamed, given a time zone and the account's again, deactivated and activated", async () => {
  const store = (await create({ code: "S", name: "Store", timezone: "Europe/Paris" })).body;
  expect((await update(store.id, { name: "Store Paris", timezone: null })).body).toMatchObject({
    name: "Store Paris",
    timezone: null,
    code: "S",
  });
  expect((await update(store.id, { active: false })).body.active).toBe(false);
  expect((await update(store.id, { active: true })).body.active).toBe(true);
  // Nothing to change: answered as it is.
  expect((await update(store.id, {})).body).toMatchObject({ name: "Store Paris", active: true });
});

test("the default is always active and moves only to another site", async () => {
  const [main] = await stored();
  const deactivate = await update(main!.id, { active: false });
  expect(deactivate.status).toBe(409);
  expect(deactivate.body.code).toBe("DEFAULT_SITE");
  const giveUp = await update(main!.id, { is_default: false });
  expect(giveUp.status).toBe(409);
  expect(giveUp.body.code).toBe("DEFAULT_SITE");

  // Made the default: the one before stops being it; an inactive site is activated with it.
  const store = (await create({ code: "S", name: "Store", active: false })).body;
  const made = await update(store.id, { is_default: true });
  expect(made.status).toBe(200);
  expect(made.body).toMatchObject({ is_default: true, active: true });
  expect(await defaults()).toEqual([store.id]);
  // Now the old default may be deactivated; a new site may take the default as it is made.
  expect((await update(main!.id, { active: false })).status).toBe(200);
  const created = (await create({ code: "W", name: "Warehouse", is_default: true })).body;
  expect(created.is_default).toBe(true);
  expect(await defaults()).toEqual([created.id]);
  expect((await list("?active=true")).filter((s) => s.is_default).map((s) => s.id)).toEqual([
    created.id,
  ]);
});

test("requests making different sites the default at once leave exactly one default", async () => {
  const sites: number[] = [];
  for (let i = 0; i < 6; i++)
    sites.push((await create({ code: `R${i}`, name: `Race ${i}` })).body.id);
  const answers = await Promise.all([
    ...sites.map((id) => update(id, { is_default: true })),
    ...sites.map((id) => create({ code: `N${id}`, name: "New default", is_default: true })),
  ]);
  expect(answers.map((a) => a.status)).toEqual([...sites.map(() => 200), ...sites.map(() => 201)]);
  expect((await defaults()).length).toBe(1);
});

test("the sites scope manages sites; the read scope reads them", async () => {
  const reader = await createToken(t.db, {
    accountId: admin.accountId,
    name: "reader",
    scopes: ["read"],
  });
  expect((await list("", reader.token)).length).toBe(1);
  const refused = await create({ code: "S", name: "Store" }, reader.token);
  expect(refused.status).toBe(403);
  const [main] = await stored();
  expect((await update(main!.id, { name: "Mine" }, reader.token)).status).toBe(403);
  const manager = await createToken(t.db, {
    accountId: admin.accountId,
    name: "manager",
    scopes: ["sites"],
  });
  expect((await create({ code: "S", name: "Store" }, manager.token)).status).toBe(201);
  expect((await rest(t, "GET", "/sites", { token: manager.token })).status).toBe(403);
});

test("another account's site is unknown, to read and to change", async () => {
  const other = await newAccount(t.db);
  const theirs = (await create({ code: "T", name: "Theirs" }, other.token)).body;
  const read = await rest(t, "GET", `/sites/${theirs.id}`, { token: admin.token });
  expect(read.status).toBe(404);
  expect(read.body.code).toBe("SITE_NOT_FOUND");
  expect((await update(theirs.id, { name: "Mine now" })).status).toBe(404);
  expect((await stored(other.accountId)).find((s) => s.id === theirs.id)?.name).toBe("Theirs");
});

test("a retried create with its Idempotency-Key answers the first site and makes no other", async () => {
  const headers = { "idempotency-key": "site-create-1" };
  const first = await create({ code: "S", name: "Store" }, admin.token, headers);
  const again = await create({ code: "S", name: "Store" }, admin.token, headers);
  expect(again.status).toBe(201);
  expect(again.headers.get("idempotent-replayed")).toBe("true");
  expect(again.body).toEqual(first.body);
  expect((await stored()).length).toBe(2);
});

test(`an account has at most ${MAX_SITES.toLocaleString("en-US")} sites`, async () => {
  await t.db.$executeRaw`
    INSERT INTO sites (account_id, code, name)
    SELECT ${admin.accountId}::int, 'BULK-' || n, 'Bulk ' || n FROM generate_series(2, ${MAX_SITES}) n`;
  const res = await create({ code: "ONE-MORE", name: "One more" });
  expect(res.status).toBe(422);
  expect(res.body.code).toBe("TOO_MANY_SITES");
  expect((await stored()).length).toBe(MAX_SITES);
});

test("GraphQL lists, creates and changes sites, with the same rules as userErrors", async () => {
  const made = await gql(
    t,
    SiCreateDocument,
    { input: { code: "G1", name: "Graph store", timezone: "Asia/Tokyo" } },
    admin.token,
  );
  expect(made.data?.createSite.site).toMatchObject({
    code: "G1",
    timezone: "Asia/Tokyo",
    isDefault: false,
  });
  const id = made.data!.createSite.site!.id;

  const page = await gql(t, SiSitesDocument, { first: 1 }, admin.token);
  expect(page.data?.sites.edges.map((e) => e.node.code)).toEqual(["MAIN"]);
  const rest2 = await gql(
    t,
    SiSitesDocument,
    { after: page.data!.sites.pageInfo.endCursor },
    admin.token,
  );
  expect(rest2.data?.sites.edges.map((e) => e.node.code)).toEqual(["G1"]);

  const defaulted = await gql(t, SiUpdateDocument, { input: { id, isDefault: true } }, admin.token);
  expect(defaulted.data?.updateSite.site?.isDefault).toBe(true);
  const [main] = await stored();
  const refused = await gql(t, SiUpdateDocument, { input: { id, active: false } }, admin.token);
  expect(refused.data?.updateSite).toMatchObject({
    site: null,
    userErrors: [expect.objectContaining({ code: "DEFAULT_SITE" })],
  });
  const duplicate = await gql(
    t,
    SiCreateDocument,
    { input: { code: "main", name: "Again" } },
    admin.token,
  );
  expect(duplicate.data?.createSite.userErrors).toEqual([
    expect.objectContaining({ code: "DUPLICATE_CODE", field: ["code"] }),
  ]);
  expect((await stored()).map((s) => [s.id, s.isDefault, s.active])).toEqual([
    [main!.id, false, true],
    [id, true, true],
  ]);
});
