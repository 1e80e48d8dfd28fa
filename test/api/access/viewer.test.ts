// The viewer, over REST and GraphQL: any token learns what it is (scopes, sites, expiry) and its
// account, whatever its scopes; a token limited to sites is told them in its order and the first
// as the site its requests mean; a revoked token is told nothing.
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";

let t: TestApp;
let acct: TestAccount;
beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

const VIEWER = `{ viewer {
  token { id name scopes siteIds expiresAt revokedAt }
  account { id name currency }
  site { id code isDefault }
  sites { id code }
} }`;

async function newSite(code: string): Promise<number> {
  const res = await rest(t, "POST", "/sites", { token: acct.token, body: { code, name: code } });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

async function issue(body: object): Promise<{ id: number; token: string }> {
  const res = await rest(t, "POST", "/tokens", { token: acct.token, body });
  expect(res.status).toBe(201);
  return res.body as { id: number; token: string };
}

describe("the viewer", () => {
  it("tells an admin token it may do everything at every site, starting at the default", async () => {
    const res = await rest(t, "GET", "/viewer", { token: acct.token });

    expect(res.status).toBe(200);
    expect(res.body.token).toMatchObject({ name: "test-token", site_ids: null, expires_at: null });
    expect(res.body.token.scopes).toEqual(expect.arrayContaining(["read", "count", "tokens"]));
    expect(res.body.token).not.toHaveProperty("token");
    expect(res.body.account).toMatchObject({ id: acct.accountId, currency: null });
    expect(res.body.site).toMatchObject({ code: "MAIN", is_default: true });
    expect(res.body.sites).toBeNull();
  });

  it("tells a counting device's token its scopes, its sites in order, its first site and its expiry", async () => {
    const [north, south] = [await newSite("NORTH"), await newSite("SOUTH")];
    const expiresAt = new Date(Date.now() + 8 * 3_600_000).toISOString();
    const device = await issue({
      name: "Scanner 3",
      scopes: ["count"],
      site_ids: [south, north],
      expires_at: expiresAt,
    });

    const res = await rest(t, "GET", "/viewer", { token: device.token });
    const graphql = await postGraphql(t, { query: VIEWER }, device.token);

    expect(res.status).toBe(200);
    expect(res.body.token).toMatchObject({
      id: device.id,
      name: "Scanner 3",
      scopes: ["count"],
      site_ids: [south, north],
      expires_at: expiresAt,
    });
    expect(res.body.site).toMatchObject({ id: south, code: "SOUTH", is_default: false });
    expect(res.body.sites.map((s: { code: string }) => s.code)).toEqual(["SOUTH", "NORTH"]);
    expect(graphql.errors).toBeUndefined();
    expect(graphql.data).toEqual({
      viewer: {
        token: {
          id: device.id,
          name: "Scanner 3",
          scopes: ["COUNT"],
          siteIds: [south, north],
          expiresAt,
          revokedAt: null,
        },
        account: { id: acct.accountId, name: res.body.account.name, currency: null },
        site: { id: south, code: "SOUTH", isDefault: false },
        sites: [
          { id: south, code: "SOUTH" },
          { id: north, code: "NORTH" },
        ],
      },
    });
    // Its scopes are still what it may do: it cannot read the account itself.
    expect((await rest(t, "GET", "/account", { token: device.token })).status).toBe(403);
  });

  it("tells a revoked token nothing", async () => {
    const device = await issue({
      name: "Lost phone",
      scopes: ["read"],
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await rest(t, "DELETE", `/tokens/${device.id}`, { token: acct.token })).status).toBe(
      204,
    );

    const res = await rest(t, "GET", "/viewer", { token: device.token });
    const graphql = await postGraphql(t, { query: VIEWER }, device.token);

    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHENTICATED");
    expect(graphql.data ?? null).toBeNull();
    expect(graphql.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});
