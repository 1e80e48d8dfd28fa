// Registering and managing webhook endpoints over REST; bad input and other accounts' ids.
import { rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";

let t: TestApp;
let acct: TestAccount;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  acct = await newAccount(t.db);
});

const LOCAL = "http://127.0.0.1:9/hooks";

const create = (body: unknown, token = acct.token, headers?: Record<string, string>) =>
  rest(t, "POST", "/webhooks", { token, body, headers });

const stored = (accountId: number) => t.db.webhookEndpoint.count({ where: { accountId } });

describe("webhook endpoints", () => {
  it("creates one with a whsec_ secret shown only in that answer, then reads, changes and deletes it", async () => {
    const made = await create({
      url: LOCAL,
      event_types: ["stock.changed", "sku.updated", "stock.changed"],
      description: "ERP",
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      url: LOCAL,
      event_types: ["stock.changed", "sku.updated"],
      description: "ERP",
      active: true,
      disabled_reason: null,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const id = made.body.id as number;
    const got = await rest(t, "GET", `/webhooks/${id}`, { token: acct.token });
    expect(got.body).not.toHaveProperty("secret");
    const listed = await rest(t, "GET", "/webhooks", { token: acct.token });
    expect(listed.body.data.map((w: { id: number }) => w.id)).toEqual([id]);
    expect(JSON.stringify(listed.body)).not.toContain(made.body.secret);

    const paused = await rest(t, "PATCH", `/webhooks/${id}`, {
      token: acct.token,
      body: { active: false, event_types: ["stock_take.reconciled"] },
    });
    expect(paused.body).toMatchObject({ active: false, event_types: ["stock_take.reconciled"] });
    const deleted = await rest(t, "DELETE", `/webhooks/${id}`, { token: acct.token });
    expect(deleted.status).toBe(204);
    const gone = await rest(t, "GET", `/webhooks/${id}`, { token: acct.token });
    expect([gone.status, gone.body.code]).toEqual([404, "WEBHOOK_NOT_FOUND"]);
  });

  it("replays a create under its Idempotency-Key: one endpoint, the same secret", async () => {
    const body = { url: LOCAL, event_types: ["stock.changed"] };
    const key = { "idempotency-key": `hook-${acct.accountId}` };
    const first = await create(body, acct.token, key);
    const again = await create(body, acct.token, key);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await stored(acct.accountId)).toBe(1);
  });

  it.each([
    [{ url: "not a url", event_types: ["stock.changed"] }, "/url", "INVALID_WEBHOOK_URL"],
    [
      { url: "http://example.com/x", event_types: ["stock.changed"] },
      "/url",
      "INVALID_WEBHOOK_URL",
    ],
    [
      { url: "https://169.254.169.254/latest/meta-data", event_types: ["stock.changed"] },
      "/url",
      "INVALID_WEBHOOK_URL",
    ],
    [
      { url: "https://metadata.google.internal/x", event_types: ["stock.changed"] },
      "/url",
      "INVALID_WEBHOOK_URL",
    ],
    [{ url: "https://[fe80::1]/x", event_types: ["stock.changed"] }, "/url", "INVALID_WEBHOOK_URL"],
    [{ url: LOCAL, event_types: ["stock.exploded"] }, "/event_types/0", null],
    [{ url: LOCAL, event_types: [] }, "/event_types", null],
    [{ url: LOCAL }, "/event_types", null],
    [
      { url: LOCAL, event_types: ["stock.changed"], description: "a\u0000b" },
      "/description",
      "INVALID_PARAMETER",
    ],
    [{ url: `${LOCAL}/a\u0000b`, event_types: ["stock.changed"] }, "/url", "INVALID_PARAMETER"],
    [
      { url: LOCAL, event_types: ["stock.changed"], description: "\ud800" },
      "/description",
      "INVALID_PARAMETER",
    ],
    [{ url: LOCAL, event_types: ["stock.changed"], secret: "whsec_mine" }, "/secret", null],
    [
      { url: `https://x.example/${"é".repeat(3000)}`, event_types: ["stock.changed"] },
      "/url",
      null,
    ],
  ])("refuses bad body %#, writing nothing", async (body, pointer, code) => {
    const res = await create(body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    if (code) expect(res.body.code).toBe(code);
    expect(res.body.errors?.map((e: { pointer: string }) => e.pointer) ?? [""]).toContain(pointer);
    expect(await stored(acct.accountId)).toBe(0);
  });

  it("rotates once under an Idempotency-Key: a retry answers the same new secret", async () => {
    const made = await create({ url: LOCAL, event_types: ["stock.changed"] });
    const path = `/webhooks/${made.body.id}/rotate-secret`;
    const key = { "idempotency-key": `rotate-${acct.accountId}` };
    const first = await rest(t, "POST", path, { token: acct.token, body: {}, headers: key });
    const again = await rest(t, "POST", path, { token: acct.token, body: {}, headers: key });
    expect(first.body.secret).not.toBe(made.body.secret);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const stored = await t.db.webhookEndpoint.findUniqueOrThrow({
      where: { accountId_id: { accountId: acct.accountId, id: made.body.id } },
    });
    // One rotation: the secret before it is still the one made with the endpoint.
    const previous = (stored.previousSecrets as { secret: string }[]).map((s) => s.secret);
    expect([stored.secret, previous]).toEqual([first.body.secret, [made.body.secret]]);
  });

  it("keeps an account to 20 endpoints, also when creates race", async () => {
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        create({ url: `${LOCAL}/${i}`, event_types: ["stock.changed"] }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(results.filter((r) => r.status === 422).map((r) => r.body.code)).toEqual(
      Array(5).fill("TOO_MANY_WEBHOOKS"),
    );
    expect(await stored(acct.accountId)).toBe(20);
  });

  it("refuses a bad PATCH (a metadata URL, nothing to change) and leaves the endpoint as it was", async () => {
    const id = (await create({ url: LOCAL, event_types: ["stock.changed"] })).body.id as number;
    for (const body of [{ url: "https://169.254.169.254/" }, {}, { active: null }]) {
      const res = await rest(t, "PATCH", `/webhooks/${id}`, { token: acct.token, body });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const same = await rest(t, "GET", `/webhooks/${id}`, { token: acct.token });
    expect(same.body).toMatchObject({ url: LOCAL, active: true });
  });

  it("needs the webhooks scope", async () => {
    const reader = await newAccount(t.db, { scopes: ["read", "adjust", "count", "approve"] });
    const res = await create({ url: LOCAL, event_types: ["stock.changed"] }, reader.token);
    expect([res.status, res.body.code]).toEqual([403, "FORBIDDEN"]);
    const list = await rest(t, "GET", "/webhooks", { token: reader.token });
    expect(list.status).toBe(403);
  });
});

describe("another account", () => {
  it("sees none of an account's webhooks or deliveries, and changes nothing: every route answers 404", async () => {
    const id = (await create({ url: LOCAL, event_types: ["stock.changed"] })).body.id as number;
    // A real delivery of the endpoint, so the ids tried are ones that exist.
    const delivery = await t.db.webhookDelivery.create({
      data: {
        accountId: acct.accountId,
        endpointId: id,
        eventId: 1n,
        eventType: "stock.changed",
        eventAt: new Date(),
        body: "{}",
        status: "delivered",
      },
    });
    const other = await newAccount(t.db);
    const as = { token: other.token };
    const calls = [
      rest(t, "GET", `/webhooks/${id}`, as),
      rest(t, "PATCH", `/webhooks/${id}`, { ...as, body: { active: false } }),
      rest(t, "POST", `/webhooks/${id}/rotate-secret`, { ...as, body: {} }),
      rest(t, "GET", `/webhooks/${id}/deliveries`, as),
      rest(t, "POST", `/webhooks/${id}/deliveries/${delivery.id}/redeliver`, as),
      rest(t, "DELETE", `/webhooks/${id}`, as),
    ];
    for (const res of await Promise.all(calls)) {
      expect([res.status, res.body?.code]).toEqual([404, "WEBHOOK_NOT_FOUND"]);
    }
    expect((await rest(t, "GET", "/webhooks", as)).body.data).toEqual([]);
    const mine = await rest(t, "GET", `/webhooks/${id}`, { token: acct.token });
    expect(mine.body).toMatchObject({ active: true, previous_secret_expires_at: null });
    const untouched = await t.db.webhookDelivery.findUniqueOrThrow({
      where: { accountId_id: { accountId: acct.accountId, id: delivery.id } },
    });
    expect(untouched.status).toBe("delivered");
  });

  it("answers an unknown delivery of one's own endpoint WEBHOOK_DELIVERY_NOT_FOUND", async () => {
    const id = (await create({ url: LOCAL, event_types: ["stock.changed"] })).body.id as number;
    const res = await rest(t, "POST", `/webhooks/${id}/deliveries/999999999/redeliver`, {
      token: acct.token,
    });
    expect([res.status, res.body.code]).toEqual([404, "WEBHOOK_DELIVERY_NOT_FOUND"]);
  });

  it("documents the body problems of DELETE and redeliver, which take no body but read one sent", async () => {
    // Found by the fuzzer: both answered 415 for a text/plain body, which their OpenAPI
    // operations did not list (rest() checks every answer against the document).
    const id = (await create({ url: LOCAL, event_types: ["stock.changed"] })).body.id as number;
    const text = { token: acct.token, raw: "x", headers: { "content-type": "text/plain" } };
    const redeliver = await rest(t, "POST", `/webhooks/${id}/deliveries/1/redeliver`, text);
    expect([redeliver.status, redeliver.body.code]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
    const json = { token: acct.token, raw: "{", headers: { "content-type": "application/json" } };
    const deleted = await rest(t, "DELETE", `/webhooks/${id}`, json);
    expect([deleted.status, deleted.body.code]).toEqual([400, "MALFORMED_REQUEST"]);
    expect((await rest(t, "GET", `/webhooks/${id}`, { token: acct.token })).status).toBe(200);
  });
});
