// API tokens over real HTTP: an expired token is refused with a clear reason on REST, GraphQL and
// an open subscription; a token's last use is noted at most once a minute; and a token differing
// from a real one in its last character is refused.
import WebSocket from "ws";
import { createToken, listTokens } from "../../../src/modules/token/token.store.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount } from "../../helpers/db.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const expireNow = (accountId: number, id: number) =>
  t.db.$executeRaw`UPDATE api_tokens SET expires_at = now() - interval '1 second'
    WHERE account_id = ${accountId} AND id = ${id}`;

/** Opens a graphql-ws connection with `token`; resolves once acknowledged, with how it closes. */
async function subscriptionConnection(token: string) {
  const socket = new WebSocket(
    t.baseUrl.replace(/^http/, "ws") + "/graphql",
    "graphql-transport-ws",
  );
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () =>
      socket.send(
        JSON.stringify({ type: "connection_init", payload: { authorization: `Bearer ${token}` } }),
      ),
    );
    socket.once("message", (data) =>
      JSON.parse(String(data)).type === "connection_ack"
        ? resolve()
        : reject(new Error(String(data))),
    );
    socket.once("error", reject);
  });
  return { socket, closed };
}

describe("a token's expiry", () => {
  it("refuses an expired token with 401 UNAUTHENTICATED saying when it expired, REST and GraphQL", async () => {
    const acct = await newAccount(t.db);
    const made = await createToken(t.db, {
      accountId: acct.accountId,
      name: "temp",
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect((await rest(t, "GET", "/skus", { token: made.token })).status).toBe(200);

    await expireNow(acct.accountId, made.id);
    const refused = await rest(t, "GET", "/skus", { token: made.token });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: "UNAUTHENTICATED" });
    expect(refused.body.detail).toMatch(/^the token expired at \d{4}-\d\d-\d\dT[\d:.]+Z$/);
    const graphql = await postGraphql(
      t,
      { query: "{ skus { edges { node { id } } } }" },
      made.token,
    );
    expect(graphql.errors).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/^the token expired at /),
        extensions: { code: "UNAUTHENTICATED" },
      }),
    ]);
    // The account's other tokens are not affected.
    expect((await rest(t, "GET", "/skus", { token: acct.token })).status).toBe(200);
  });

  it("closes a subscription connection once its token expires (4403)", async () => {
    const acct = await newAccount(t.db);
    const made = await createToken(t.db, {
      accountId: acct.accountId,
      name: "screen",
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const { closed } = await subscriptionConnection(made.token);

    await expireNow(acct.accountId, made.id);
    const why = await closed;
    expect(why.code).toBe(4403);
    expect(why.reason).toMatch(/^Forbidden: the token expired at /);
  });
});

describe("a token's last use", () => {
  it("is noted on its first request and then at most once a minute", async () => {
    const acct = await newAccount(t.db);
    const lastUsed = async () => (await listTokens(t.db, acct.accountId))[0]!.lastUsedAt;
    expect(await lastUsed()).toBeNull();

    const before = new Date();
    await rest(t, "GET", "/skus", { token: acct.token });
    const first = await lastUsed();
    expect(first).not.toBeNull();
    expect(Math.abs(first!.getTime() - before.getTime())).toBeLessThan(60_000);
    await rest(t, "GET", "/skus", { token: acct.token });
    await postGraphql(t, { query: "{ skus { edges { node { id } } } }" }, acct.token);
    expect(await lastUsed()).toEqual(first);

    // A minute later (moved back rather than waited for), the next request notes it again.
    await t.db.$executeRaw`UPDATE api_tokens SET last_used_at = last_used_at - interval '61 seconds'
      WHERE account_id = ${acct.accountId}`;
    const aged = await lastUsed();
    await rest(t, "GET", "/skus", { token: acct.token });
    expect((await lastUsed())!.getTime()).toBeGreaterThan(aged!.getTime() + 60_000);
  });
});

describe("comparing tokens", () => {
  it("refuses a token differing from a real one in its last character", async () => {
    const acct = await newAccount(t.db);
    const last = acct.token.at(-1)!;
    const forged = acct.token.slice(0, -1) + (last === "A" ? "B" : "A");

    const res = await rest(t, "GET", "/skus", { token: forged });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      code: "UNAUTHENTICATED",
      detail: "the token is unknown or revoked",
    });
    expect((await rest(t, "GET", "/skus", { token: acct.token })).status).toBe(200);
  });
});
