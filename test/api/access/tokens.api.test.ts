// Issuing API tokens through the API (a manager gives a counting device a token of its own), over
// REST and GraphQL: what an admin token may issue, what it may never grant, the expiry every such
// token has, the list that never shows a secret, revocation that holds from the next request,
// other accounts' tokens, and the cap on live tokens.
import { createHash, randomBytes } from "node:crypto";
import { hashToken } from "../../../src/auth/tokens.js";
import { createToken } from "../../../src/modules/token/token.store.js";
import { SCOPES, type Scope } from "../../../src/auth/principal.js";
import { GRANTABLE_SCOPES } from "../../../src/modules/token/token.service.js";
import { gql, postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { skuOnHand } from "../../helpers/stock.js";
import {
  CreateApiTokenDocument,
  ListApiTokensDocument,
  RevokeApiTokenDocument,
  type CreateApiTokenInput,
  type TokenScope,
} from "../generated/graphql.js";

let t: TestApp;
/** An account and its admin token (every scope, as the command line makes them). */
let admin: TestAccount;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  admin = await newAccount(t.db);
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

const issue = (body: Record<string, unknown>, token = admin.token, headers?: object) =>
  rest(t, "POST", "/tokens", { token, body, headers: headers as Record<string, string> });
const device = (overrides: Record<string, unknown> = {}) => ({
  name: "Scanner 3",
  scopes: ["read", "count"],
  expires_at: inHours(12),
  ...overrides,
});
const stored = (accountId = admin.accountId) => t.db.apiToken.count({ where: { accountId } });
const listAll = async (token = admin.token) =>
  (await rest(t, "GET", "/tokens?limit=1000", { token })).body.data as {
    id: number;
    name: string;
    scopes: string[];
    revoked_at: string | null;
  }[];

/** A token made as the command line makes them, with these scopes. */
const cliToken = (scopes: Scope[], accountId = admin.accountId) =>
  createToken(t.db, { accountId, name: "cli", scopes });

async function newSku(opening = 5) {
  const res = await rest(t, "POST", "/skus", {
    token: admin.token,
    body: {
      code: `TOK-${randomBytes(4).toString("hex")}`,
      name: "Counted",
      opening_on_hand: opening,
    },
  });
  return res.body.id as number;
}

describe("issuing a device's token (POST /tokens)", () => {
  it("lets an admin token issue a counting token (read, count, 12 h) that counts at once, shown only in that answer", async () => {
    const sku = await newSku();
    const take = await rest(t, "POST", "/stock-takes/start", {
      token: admin.token,
      body: { scope: { sku_ids: [sku] } },
    });
    const expiresAt = inHours(12);

    const made = await issue(device({ name: "  Scanner 3, aisle A  ", expires_at: expiresAt }));

    expect(made.status).toBe(201);
    expect(made.body).toEqual({
      id: expect.any(Number),
      name: "Scanner 3, aisle A",
      scopes: ["read", "count"],
      site_ids: null,
      created_at: expect.any(String),
      expires_at: expiresAt,
      token: expect.stringMatching(new RegExp(`^cp_${admin.accountId}_[A-Za-z0-9_-]{32}$`)),
    });
    const token = made.body.token as string;
    const lines = await rest(t, "GET", `/stock-takes/${take.body.id}/lines`, { token });
    expect(lines.status).toBe(200);
    const counted = await rest(t, "POST", `/stock-takes/${take.body.id}/input`, {
      token,
      body: { counts: [{ type: "sku", id: sku, counted_qty: 4 }] },
    });
    expect(counted.status).toBe(200);
    // What it does is signed with its name.
    const counts = await rest(t, "GET", `/stock-takes/${take.body.id}/counts`, {
      token: admin.token,
    });
    expect(counts.body.data[0].counter).toBe("Scanner 3, aisle A");
    // It may do nothing else: reconciling needs approve.
    const reconcile = await rest(t, "POST", `/stock-takes/${take.body.id}/reconcile`, {
      token,
      body: {},
    });
    expect([reconcile.status, reconcile.body.code]).toEqual([403, "FORBIDDEN"]);
    // Only its hash is kept.
    const row = await t.db.apiToken.findUniqueOrThrow({
      where: { accountId_id: { accountId: admin.accountId, id: made.body.id } },
    });
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token.slice(-32));
    expect(row.rateLimitPerSecond).toBeNull(); // the service's default
  });

  it("refuses the device's token every tokens operation: 403 FORBIDDEN", async () => {
    const { token, id } = (await issue(device())).body;
    for (const res of [
      await rest(t, "GET", "/tokens", { token }),
      await issue(device(), token),
      await rest(t, "DELETE", `/tokens/${id}`, { token }),
    ]) {
      expect([res.status, res.body.code]).toEqual([403, "FORBIDDEN"]);
      expect(res.body.detail).toBe("this token lacks the tokens scope");
    }
    expect(await stored()).toBe(2);
  });

  it("never grants a scope the issuing token lacks: 403 FORBIDDEN naming it, nothing written", async () => {
    const { token } = await cliToken(["read", "count", "tokens"]);
    const ids = async () => (await listAll()).map((x) => x.id);
    const before = await ids();

    const refused = await issue(device({ scopes: ["read", "approve", "adjust"] }), token);

    expect([refused.status, refused.body.code]).toEqual([403, "FORBIDDEN"]);
    expect(refused.body.detail).toMatch(/lacks the approve, adjust scope/);
    expect(await ids()).toEqual(before);
    // What it holds it may grant.
    expect((await issue(device({ scopes: ["count"] }), token)).status).toBe(201);
  });

  it.each(GRANTABLE_SCOPES.map((scope) => [scope]))(
    "refuses to grant %s to an issuer holding every other scope: 403 FORBIDDEN, nothing written",
    async (scope) => {
      const held = SCOPES.filter((s) => s !== scope);
      const { token } = await cliToken(held);
      const before = await stored();
      const refused = await issue(device({ scopes: [scope] }), token);
      expect([refused.status, refused.body.code]).toEqual([403, "FORBIDDEN"]);
      expect(refused.body.detail).toMatch(new RegExp(`lacks the ${scope} scope`));
      const gqlRefused = await gql(
        t,
        CreateApiTokenDocument,
        {
          input: {
            name: "Scanner",
            scopes: [scope.toUpperCase() as TokenScope],
            expiresAt: inHours(12),
          },
        },
        token,
      );
      expect(gqlRefused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      expect(await stored()).toBe(before);
      // Every other scope it holds it may grant.
      const other = GRANTABLE_SCOPES.find((s) => s !== scope)!;
      expect((await issue(device({ scopes: [other] }), token)).status).toBe(201);
    },
  );

  it("never grants the tokens scope, even to an admin token holding it: 403 FORBIDDEN", async () => {
    const before = await stored();
    for (const scopes of [["tokens"], ["read", "count", "tokens"]]) {
      const res = await issue(device({ scopes }));
      expect([res.status, res.body.code]).toEqual([403, "FORBIDDEN"]);
      expect(res.body.detail).toMatch(/cannot hold the tokens scope/);
    }
    expect(await stored()).toBe(before);
  });

  it("requires an expiry in the future and at most 366 days ahead: 400 INVALID_PARAMETER", async () => {
    const before = await stored();
    const cases: [string, Record<string, unknown>][] = [
      ["missing", device({ expires_at: undefined })],
      ["null", device({ expires_at: null })],
      ["past", device({ expires_at: inHours(-1) })],
      ["now-ish", device({ expires_at: new Date().toISOString() })],
      ["367 days ahead", device({ expires_at: new Date(Date.now() + 367 * DAY).toISOString() })],
      ["without an offset", device({ expires_at: inHours(12).replace("Z", "") })],
      ["a day that does not exist", device({ expires_at: "2027-02-31T10:00:00Z" })],
      ["a date only", device({ expires_at: inHours(48).slice(0, 10) })],
    ];
    for (const [label, body] of cases) {
      const res = await issue(body);
      expect({ label, status: res.status, code: res.body.code }).toEqual({
        label,
        status: 400,
        code: "INVALID_PARAMETER",
      });
      expect({ label, pointer: res.body.errors?.[0]?.pointer }).toEqual({
        label,
        pointer: "/expires_at",
      });
    }
    expect(await stored()).toBe(before);
    // 366 days ahead, to the minute, is allowed; any offset is.
    const far = await issue(device({ expires_at: new Date(Date.now() + 366 * DAY - 60_000) }));
    expect(far.status).toBe(201);
    const at = Math.floor((Date.now() + 2 * HOUR) / 1000) * 1000;
    const inBerlin = `${new Date(at + HOUR).toISOString().slice(0, 19)}+01:00`;
    const offset = await issue(device({ expires_at: inBerlin }));
    expect(offset.status).toBe(201);
    expect(offset.body.expires_at).toBe(new Date(at).toISOString());
  });

  it("requires a name of one line, 1 to 100 characters once trimmed, and at least one known scope", async () => {
    const before = await stored();
    const cases: [Record<string, unknown>, string][] = [
      [device({ name: "" }), "/name"],
      [device({ name: "   " }), "/name"],
      [device({ name: "x".repeat(101) }), "/name"],
      [device({ name: "Scanner\t3" }), "/name"],
      [device({ name: "Scanner\n3" }), "/name"],
      [device({ name: "Scanner\u00003" }), "/name"],
      [device({ name: undefined }), "/name"],
      [device({ scopes: [] }), "/scopes"],
      [device({ scopes: ["read", "admin"] }), "/scopes/1"],
    ];
    for (const [body, pointer] of cases) {
      const res = await issue(body);
      expect({
        body,
        status: res.status,
        code: res.body.code,
        pointer: res.body.errors?.[0]?.pointer,
      }).toEqual({ body, status: 400, code: "INVALID_PARAMETER", pointer });
    }
    expect(await stored()).toBe(before);
    const repeated = await issue(device({ name: "x".repeat(100), scopes: ["count", "count"] }));
    expect([repeated.status, repeated.body.scopes]).toEqual([201, ["count"]]);
  });

  it("takes no Idempotency-Key: a retried issue makes a second token, which may be revoked", async () => {
    const key = { "idempotency-key": `device-${randomBytes(4).toString("hex")}` };
    const first = await issue(device(), admin.token, key);
    const again = await issue(device(), admin.token, key);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    expect(again.body.id).not.toBe(first.body.id);
    expect(again.body.token).not.toBe(first.body.token);
    expect(
      (await rest(t, "DELETE", `/tokens/${first.body.id}`, { token: admin.token })).status,
    ).toBe(204);
  });
});

describe("listing tokens (GET /tokens)", () => {
  it("answers the account's tokens newest first, paged, never a token or its hash", async () => {
    const made: { id: number; token: string }[] = [];
    for (const name of ["one", "two", "three"]) made.push((await issue(device({ name }))).body);
    await rest(t, "DELETE", `/tokens/${made[0]!.id}`, { token: admin.token });

    const first = await rest(t, "GET", "/tokens?limit=2", { token: admin.token });
    const second = await rest(t, "GET", `/tokens?limit=2&cursor=${first.body.next_cursor}`, {
      token: admin.token,
    });

    expect(first.body.data.map((x: { name: string }) => x.name)).toEqual(["three", "two"]);
    expect(first.body.data[0]).toEqual({
      id: made[2]!.id,
      name: "three",
      scopes: ["read", "count"],
      site_ids: null,
      created_at: expect.any(String),
      expires_at: expect.any(String),
      revoked_at: null,
      last_used_at: null,
    });
    expect(second.body.data.map((x: { name: string }) => x.name)).toEqual(["one", "test-token"]);
    expect(second.body.data[0].revoked_at).toEqual(expect.any(String));
    expect(second.body.next_cursor).toBeNull();
    const text = JSON.stringify([first.body, second.body]);
    for (const { token } of [...made, { token: admin.token }]) {
      expect(text).not.toContain(token.slice(-32));
      expect(text).not.toContain(createHash("sha256").update(token).digest("hex"));
    }
  });

  it("refuses a cursor of another list: 400 INVALID_CURSOR", async () => {
    await newSku();
    await newSku();
    const skus = await rest(t, "GET", "/skus?limit=1", { token: admin.token });
    const res = await rest(t, "GET", `/tokens?cursor=${skus.body.next_cursor}`, {
      token: admin.token,
    });
    expect([res.status, res.body.code]).toEqual([400, "INVALID_CURSOR"]);
  });
});

describe("revoking a token (DELETE /tokens/{id})", () => {
  it("refuses the token from its next request on, a single adjustment the server let through before included; revoking again is 204", async () => {
    const sku = await newSku(5);
    const made = (await issue(device({ scopes: ["read", "adjust"] }))).body;
    const adjust = (onHand: number) =>
      rest(t, "PATCH", `/skus/${sku}`, {
        token: made.token,
        body: { on_hand: onHand, reason: "found" },
      });
    expect((await adjust(6)).status).toBe(200);

    const revoked = await rest(t, "DELETE", `/tokens/${made.id}`, { token: admin.token });

    expect(revoked.status).toBe(204);
    const refused = await adjust(7);
    expect([refused.status, refused.body.code]).toEqual([401, "UNAUTHENTICATED"]);
    expect(await skuOnHand(t.db, admin.accountId, sku)).toBe("6");
    expect((await rest(t, "GET", "/skus", { token: made.token })).status).toBe(401);
    const graphql = await postGraphql(
      t,
      { query: "{ skus { edges { node { id } } } }" },
      made.token,
    );
    expect(graphql.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    const listed = (await listAll()).find((x) => x.id === made.id);
    const revokedAt = listed?.revoked_at;
    expect(revokedAt).toEqual(expect.any(String));
    // Again: nothing changes.
    expect((await rest(t, "DELETE", `/tokens/${made.id}`, { token: admin.token })).status).toBe(
      204,
    );
    expect((await listAll()).find((x) => x.id === made.id)?.revoked_at).toBe(revokedAt);
  });

  it("answers another account's token, or none, with 404 TOKEN_NOT_FOUND, and leaves it working", async () => {
    const other = await newAccount(t.db);
    const theirs = (await issue(device(), other.token)).body;

    for (const id of [theirs.id, 2_000_000_001]) {
      const res = await rest(t, "DELETE", `/tokens/${id}`, { token: admin.token });
      expect([res.status, res.body.code, res.body.detail]).toEqual([
        404,
        "TOKEN_NOT_FOUND",
        `API token ${id} does not exist`,
      ]);
    }
    expect((await rest(t, "GET", "/skus", { token: theirs.token })).status).toBe(200);
    expect((await listAll()).map((x) => x.id)).not.toContain(theirs.id);
  });

  it("lets a token revoke only a token whose scopes it holds all of itself: else 403, and it keeps working", async () => {
    const { token: lesser } = await cliToken(["read", "count", "tokens"]);
    const approver = (await issue(device({ scopes: ["read", "approve"] }))).body;
    const counter = (await issue(device({ scopes: ["count"] }))).body;

    const refused = await rest(t, "DELETE", `/tokens/${approver.id}`, { token: lesser });
    expect([refused.status, refused.body.code]).toEqual([403, "FORBIDDEN"]);
    expect(refused.body.detail).toMatch(/lacks the approve scope/);
    expect((await rest(t, "GET", "/skus", { token: approver.token })).status).toBe(200);

    expect((await rest(t, "DELETE", `/tokens/${counter.id}`, { token: lesser })).status).toBe(204);
    // The admin token (every scope) may revoke any token of the account, its own kind included.
    expect((await rest(t, "DELETE", `/tokens/${approver.id}`, { token: admin.token })).status).toBe(
      204,
    );
  });
});

describe("the cap on live tokens", () => {
  /** Live tokens written straight into the account (as if issued), `expiresAt` from now. */
  const pileUp = (n: number, fields: { expiresAt?: Date; revokedAt?: Date } = {}) =>
    t.db.apiToken.createMany({
      data: Array.from({ length: n }, (_, i) => ({
        accountId: admin.accountId,
        name: `piled ${i}`,
        scopes: ["read"],
        tokenHash: randomBytes(32).toString("hex"),
        expiresAt: fields.expiresAt ?? new Date(Date.now() + DAY),
        revokedAt: fields.revokedAt ?? null,
      })),
    });

  it("refuses the 1,001st live token with 422 TOO_MANY_TOKENS; revoked and expired ones do not count", async () => {
    // Only the admin token live to begin with: earlier tests' tokens would count or not by
    // whether they have expired when this runs (CI saw one more live token than expected).
    await t.db.apiToken.updateMany({
      where: {
        accountId: admin.accountId,
        revokedAt: null,
        NOT: { tokenHash: hashToken(admin.token) },
      },
      data: { revokedAt: new Date() },
    });
    // The admin token and 999 more: 1,000 live; and some that no longer count.
    await pileUp(999);
    await pileUp(5, { revokedAt: new Date() });
    await pileUp(5, { expiresAt: new Date(Date.now() - 60_000) });
    const before = await stored();

    const refused = await issue(device());

    expect([refused.status, refused.body.code]).toEqual([422, "TOO_MANY_TOKENS"]);
    expect(refused.body.detail).toMatch(/at most 1,000 live tokens/);
    expect(await stored()).toBe(before);
    // A live one: the revoked and expired piles have a "piled 0" too, and rows come in no set order.
    const [piled] = await t.db.apiToken.findMany({
      where: {
        accountId: admin.accountId,
        name: "piled 0",
        revokedAt: null,
        expiresAt: { gt: new Date() },
      },
    });
    expect((await rest(t, "DELETE", `/tokens/${piled!.id}`, { token: admin.token })).status).toBe(
      204,
    );
    expect((await issue(device())).status).toBe(201);
    expect((await issue(device())).status).toBe(422);
  });

  it("lets through only as many of concurrent issues as the cap leaves room for", async () => {
    await pileUp(996); // with the admin token: 997 live, room for 3
    const results = await Promise.all(Array.from({ length: 6 }, () => issue(device())));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 422, 422, 422]);
    const live = await t.db.apiToken.count({
      where: { accountId: admin.accountId, revokedAt: null },
    });
    expect(live).toBe(1000);
  });
});

describe("tokens over GraphQL", () => {
  it("issues with createApiToken, lists with apiTokens (a Relay connection) and revokes with revokeApiToken", async () => {
    const expiresAt = inHours(12);
    const made = await gql(
      t,
      CreateApiTokenDocument,
      { input: { name: "Scanner 7", scopes: ["READ", "COUNT"], expiresAt } },
      admin.token,
    );
    const payload = made.data!.createApiToken;
    expect(payload.userErrors).toEqual([]);
    expect(payload.apiToken).toEqual({
      id: expect.any(Number),
      name: "Scanner 7",
      scopes: ["READ", "COUNT"],
      createdAt: expect.any(String),
      expiresAt,
      revokedAt: null,
      lastUsedAt: null,
    });
    const token = payload.token!;
    expect((await rest(t, "GET", "/stock-takes", { token })).status).toBe(200);

    const first = await gql(t, ListApiTokensDocument, { first: 1 }, admin.token);
    const page = first.data!.apiTokens;
    expect(page.edges.map((e) => e.node.name)).toEqual(["Scanner 7"]);
    expect(page.pageInfo).toEqual({
      hasNextPage: true,
      hasPreviousPage: false,
      startCursor: page.edges[0]!.cursor,
      endCursor: page.edges[0]!.cursor,
    });
    const next = await gql(
      t,
      ListApiTokensDocument,
      { first: 5, after: page.pageInfo.endCursor },
      admin.token,
    );
    expect(next.data!.apiTokens.edges.map((e) => e.node.name)).toEqual(["test-token"]);
    expect(next.data!.apiTokens.pageInfo).toMatchObject({
      hasNextPage: false,
      hasPreviousPage: true,
    });
    expect(JSON.stringify([first, next])).not.toContain(token.slice(-32));

    const revoked = await gql(
      t,
      RevokeApiTokenDocument,
      { input: { id: payload.apiToken!.id } },
      admin.token,
    );
    expect(revoked.data!.revokeApiToken.userErrors).toEqual([]);
    expect(revoked.data!.revokeApiToken.apiToken?.revokedAt).toEqual(expect.any(String));
    expect((await rest(t, "GET", "/stock-takes", { token })).status).toBe(401);
  });

  it("answers a scope it may not grant with FORBIDDEN, bad input with userErrors, and another account's token with TOKEN_NOT_FOUND", async () => {
    const { token: lesser } = await cliToken(["read", "count", "tokens"]);
    const before = await stored();
    const create = (input: Partial<CreateApiTokenInput>, token = admin.token) =>
      gql(
        t,
        CreateApiTokenDocument,
        { input: { name: "Scanner", scopes: ["COUNT"], expiresAt: inHours(12), ...input } },
        token,
      );
    const refusals: [Partial<CreateApiTokenInput>, string][] = [
      [{ scopes: ["COUNT", "TOKENS"] }, admin.token],
      [{ scopes: ["COUNT", "APPROVE"] }, lesser],
    ];
    for (const [input, token] of refusals) {
      const res = await create(input, token);
      expect(res.errors?.map((e) => e.extensions?.code)).toEqual(["FORBIDDEN"]);
    }
    const past = await create({ expiresAt: inHours(-1) });
    expect(past.data!.createApiToken).toEqual({
      apiToken: null,
      token: null,
      userErrors: [
        {
          field: ["expiresAt"],
          code: "INVALID_PARAMETER",
          message: "must be in the future",
        },
      ],
    });
    expect(await stored()).toBe(before);

    const other = await newAccount(t.db);
    const theirs = (await issue(device(), other.token)).body;
    const foreign = await gql(t, RevokeApiTokenDocument, { input: { id: theirs.id } }, admin.token);
    expect(foreign.data!.revokeApiToken).toEqual({
      apiToken: null,
      userErrors: [
        {
          field: null,
          code: "TOKEN_NOT_FOUND",
          message: `API token ${theirs.id} does not exist`,
        },
      ],
    });
    expect((await rest(t, "GET", "/skus", { token: theirs.token })).status).toBe(200);

    const deviceToken = (await issue(device())).body.token as string;
    const listed = await gql(t, ListApiTokensDocument, {}, deviceToken);
    expect(listed.errors?.map((e) => e.extensions?.code)).toEqual(["FORBIDDEN"]);
  });
});
