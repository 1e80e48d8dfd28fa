// Webhook endpoints over GraphQL: the service REST's /webhooks adapts, with rule violations as
// userErrors. No worker runs here: deliveries are written directly where a test needs some.
import { gql, postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import {
  CreateWebhookDocument,
  DeleteWebhookDocument,
  GetWebhookDocument,
  ListWebhooksDocument,
  RedeliverWebhookDeliveryDocument,
  RotateWebhookSecretDocument,
  UpdateWebhookDocument,
  WebhookDeliveriesDocument,
  type CreateWebhookInput,
  type UpdateWebhookInput,
} from "../generated/graphql.js";

/** A loopback receiver URL: allowed outside production; nothing listens there, none is sent. */
const RECEIVER = "http://127.0.0.1:9/hook";

let t: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  acct = await newAccount(t.db);
});

async function create(input: Partial<CreateWebhookInput> = {}, token = acct.token) {
  const res = await gql(
    t,
    CreateWebhookDocument,
    { input: { url: RECEIVER, eventTypes: ["stock.changed"], ...input } },
    token,
  );
  const payload = res.data!.createWebhook;
  expect(payload.userErrors).toEqual([]);
  return { webhook: payload.webhook!, secret: payload.secret! };
}

const storedSecret = async (accountId: number, id: number) =>
  (await t.db.webhookEndpoint.findUniqueOrThrow({ where: { accountId_id: { accountId, id } } }))
    .secret;

describe("createWebhook, webhooks and webhook", () => {
  it("creates one with its secret, shown only there; the queries show the same endpoint", async () => {
    const { webhook, secret } = await create({
      eventTypes: ["stock.changed", "sku.created", "stock.changed"],
      description: "ERP sync",
    });
    expect(secret).toMatch(/^whsec_/);
    expect(secret).toBe(await storedSecret(acct.accountId, webhook.id));
    expect(webhook).toMatchObject({
      url: RECEIVER,
      eventTypes: ["stock.changed", "sku.created"],
      description: "ERP sync",
      active: true,
      disabledReason: null,
      previousSecretExpiresAt: null,
    });

    const list = await gql(t, ListWebhooksDocument, {}, acct.token);
    expect(list.data!.webhooks).toEqual([webhook]);
    const one = await gql(t, GetWebhookDocument, { id: webhook.id }, acct.token);
    expect(one.data!.webhook).toEqual(webhook);
    expect(JSON.stringify([list, one])).not.toContain(secret);
    const viaRest = await rest(t, "GET", `/webhooks/${webhook.id}`, { token: acct.token });
    expect(viaRest.body).toMatchObject({ id: webhook.id, event_types: webhook.eventTypes });

    // The type has no secret to ask for.
    const asked = await postGraphql(t, { query: "{ webhooks { id secret } }" }, acct.token);
    expect(asked.errors?.[0]?.extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
  });

  it("lists oldest first and creates paused with active: false", async () => {
    const first = await create();
    const second = await create({ active: false, eventTypes: ["sku.updated"] });
    expect(second.webhook.active).toBe(false);
    const list = await gql(t, ListWebhooksDocument, {}, acct.token);
    expect(list.data!.webhooks.map((w) => w.id)).toEqual([first.webhook.id, second.webhook.id]);
  });

  it("replays a retry with the same idempotencyKey: the same endpoint and secret, one row", async () => {
    const a = await create({ idempotencyKey: "wh-1" });
    const b = await create({ idempotencyKey: "wh-1" });
    expect(b).toEqual(a);
    expect(await t.db.webhookEndpoint.count({ where: { accountId: acct.accountId } })).toBe(1);
  });

  it("answers a missing webhook as sku(id) does: a top-level WEBHOOK_NOT_FOUND", async () => {
    const res = await gql(t, GetWebhookDocument, { id: 2_000_000_000 }, acct.token);
    expect(res.data).toBeNull();
    expect(res.errors?.[0]?.extensions?.code).toBe("WEBHOOK_NOT_FOUND");
  });
});

describe("bad input is userErrors, and nothing is written", () => {
  const refused = async (input: CreateWebhookInput) => {
    const res = await gql(t, CreateWebhookDocument, { input }, acct.token);
    expect(res.data!.createWebhook).toMatchObject({ webhook: null, secret: null });
    return res.data!.createWebhook.userErrors;
  };

  afterEach(async () => {
    expect(await t.db.webhookEndpoint.count({ where: { accountId: acct.accountId } })).toBe(0);
  });

  it("refuses http:// to anything but loopback, and link-local (metadata) addresses", async () => {
    for (const url of ["http://example.com/x", "https://169.254.169.254/latest"]) {
      expect(await refused({ url, eventTypes: ["stock.changed"] })).toEqual([
        expect.objectContaining({ field: ["url"], code: "INVALID_WEBHOOK_URL" }),
      ]);
    }
  });

  it("refuses an unknown event type or none, listing every problem", async () => {
    expect(await refused({ url: RECEIVER, eventTypes: ["stock.changed", "sku.exploded"] })).toEqual(
      [expect.objectContaining({ field: ["eventTypes", "1"], code: "INVALID_PARAMETER" })],
    );
    expect(await refused({ url: "http://example.com/x", eventTypes: [] })).toEqual([
      expect.objectContaining({ field: ["eventTypes"], code: "INVALID_PARAMETER" }),
      expect.objectContaining({ field: ["url"], code: "INVALID_WEBHOOK_URL" }),
    ]);
  });

  it("refuses a description or URL over the limit before the service sees it", async () => {
    expect(
      await refused({ url: RECEIVER, eventTypes: ["stock.changed"], description: "x".repeat(501) }),
    ).toEqual([expect.objectContaining({ field: ["description"], code: "INVALID_PARAMETER" })]);
    expect(
      await refused({
        url: `https://example.com/${"a".repeat(2048)}`,
        eventTypes: ["sku.created"],
      }),
    ).toEqual([expect.objectContaining({ field: ["url"], code: "INVALID_PARAMETER" })]);
  });
});

describe("updateWebhook", () => {
  it("pauses and resumes, changes what it is sent and clears the description", async () => {
    const { webhook } = await create({ description: "note" });
    const update = (input: Omit<UpdateWebhookInput, "id">) =>
      gqlUpdate({ id: webhook.id, ...input });

    const paused = await update({ active: false });
    expect(paused).toMatchObject({ userErrors: [], webhook: { active: false, url: RECEIVER } });
    const resumed = await update({ active: true });
    expect(resumed.webhook).toMatchObject({ active: true, disabledReason: null });

    const changed = await update({
      url: "http://127.0.0.1:9/other",
      eventTypes: ["sku.created", "sku.updated"],
      description: null,
    });
    expect(changed.webhook).toMatchObject({
      url: "http://127.0.0.1:9/other",
      eventTypes: ["sku.created", "sku.updated"],
      description: null,
      active: true,
    });
    const read = await gql(t, GetWebhookDocument, { id: webhook.id }, acct.token);
    expect(read.data!.webhook).toEqual(changed.webhook);
  });

  it("refuses a bad URL, an unknown type, a null active and an empty change; nothing changes", async () => {
    const { webhook } = await create();
    expect((await gqlUpdate({ id: webhook.id, url: "http://example.com/x" })).userErrors).toEqual([
      expect.objectContaining({ field: ["url"], code: "INVALID_WEBHOOK_URL" }),
    ]);
    expect((await gqlUpdate({ id: webhook.id, eventTypes: ["nope"] })).userErrors).toEqual([
      expect.objectContaining({ field: ["eventTypes", "0"], code: "INVALID_PARAMETER" }),
    ]);
    expect((await gqlUpdate({ id: webhook.id, active: null })).userErrors).toEqual([
      expect.objectContaining({ field: ["active"], code: "INVALID_PARAMETER" }),
    ]);
    expect((await gqlUpdate({ id: webhook.id })).userErrors).toEqual([
      expect.objectContaining({ field: null, code: "INVALID_PARAMETER" }),
    ]);
    const read = await gql(t, GetWebhookDocument, { id: webhook.id }, acct.token);
    expect(read.data!.webhook).toEqual(webhook);
  });
});

async function gqlUpdate(input: UpdateWebhookInput) {
  return (await gql(t, UpdateWebhookDocument, { input }, acct.token)).data!.updateWebhook;
}

describe("rotateWebhookSecret", () => {
  it("gives a new secret; the old one signs too until previousSecretExpiresAt", async () => {
    const { webhook, secret } = await create();
    const before = Date.now();
    const res = await gql(
      t,
      RotateWebhookSecretDocument,
      { input: { id: webhook.id } },
      acct.token,
    );
    const rotated = res.data!.rotateWebhookSecret;
    expect(rotated.userErrors).toEqual([]);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(secret);
    expect(rotated.secret).toBe(await storedSecret(acct.accountId, webhook.id));
    const expires = Date.parse(rotated.webhook!.previousSecretExpiresAt!);
    expect(expires - before).toBeGreaterThan(23.9 * 3600_000);
    expect(expires - before).toBeLessThan(24.1 * 3600_000);
    const read = await gql(t, GetWebhookDocument, { id: webhook.id }, acct.token);
    expect(read.data!.webhook.previousSecretExpiresAt).toBe(
      rotated.webhook!.previousSecretExpiresAt,
    );
    expect(JSON.stringify(read)).not.toContain(rotated.secret);

    const short = await gql(
      t,
      RotateWebhookSecretDocument,
      { input: { id: webhook.id, overlapHours: 1 } },
      acct.token,
    );
    const soon = Date.parse(short.data!.rotateWebhookSecret.webhook!.previousSecretExpiresAt!);
    expect(soon - Date.now()).toBeLessThan(1.1 * 3600_000);
  });

  it("refuses an overlap past 168 hours as a userError, and rotates nothing", async () => {
    const { webhook, secret } = await create();
    const res = await gql(
      t,
      RotateWebhookSecretDocument,
      { input: { id: webhook.id, overlapHours: 169 } },
      acct.token,
    );
    expect(res.data!.rotateWebhookSecret).toMatchObject({
      webhook: null,
      secret: null,
      userErrors: [expect.objectContaining({ field: ["overlapHours"], code: "INVALID_PARAMETER" })],
    });
    expect(await storedSecret(acct.accountId, webhook.id)).toBe(secret);
  });
});

describe("deleteWebhook", () => {
  it("deletes it; then it is WEBHOOK_NOT_FOUND", async () => {
    const { webhook } = await create();
    const other = await create();
    const res = await gql(t, DeleteWebhookDocument, { input: { id: webhook.id } }, acct.token);
    expect(res.data!.deleteWebhook).toEqual({ deletedId: webhook.id, userErrors: [] });
    const list = await gql(t, ListWebhooksDocument, {}, acct.token);
    expect(list.data!.webhooks.map((w) => w.id)).toEqual([other.webhook.id]);
    const again = await gql(t, DeleteWebhookDocument, { input: { id: webhook.id } }, acct.token);
    expect(again.data!.deleteWebhook).toEqual({
      deletedId: null,
      userErrors: [expect.objectContaining({ field: null, code: "WEBHOOK_NOT_FOUND" })],
    });
  });
});

describe("deliveries and redeliverWebhookDelivery", () => {
  it("answers an empty connection for a new endpoint", async () => {
    const { webhook } = await create();
    const res = await gql(t, WebhookDeliveriesDocument, { id: webhook.id }, acct.token);
    expect(res.data!.webhook.deliveries).toEqual({
      edges: [],
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
    });
  });

  it("pages newest first with REST's cursors, filters by status and redelivers", async () => {
    // Paused, so that no worker of a test running alongside sends these.
    const { webhook } = await create({ active: false });
    const deliveries = await t.db.webhookDelivery.createManyAndReturn({
      data: (["delivered", "failed", "pending"] as const).map((status, i) => ({
        accountId: acct.accountId,
        endpointId: webhook.id,
        eventId: BigInt(i + 1),
        eventType: "stock.changed",
        eventAt: new Date(),
        body: "{}",
        status,
        deliveredAt: status === "delivered" ? new Date() : null,
      })),
    });
    const [delivered, failed, pending] = deliveries.map((d) => Number(d.id)) as [
      number,
      number,
      number,
    ];
    await t.db.webhookAttempt.create({
      data: {
        accountId: acct.accountId,
        deliveryId: BigInt(failed),
        statusCode: 503,
        error: "answered 503",
        durationMs: 41,
      },
    });

    const page = (variables: { first?: number; after?: string | null; status?: "FAILED" }) =>
      gql(t, WebhookDeliveriesDocument, { id: webhook.id, ...variables }, acct.token);
    const first = (await page({ first: 2 })).data!.webhook.deliveries;
    expect(first.edges.map((e) => [e.node.id, e.node.status])).toEqual([
      [pending, "PENDING"],
      [failed, "FAILED"],
    ]);
    expect(first.edges[1]!.node).toMatchObject({
      eventId: "evt_2",
      eventType: "stock.changed",
      nextAttemptAt: null,
      attempts: [{ statusCode: 503, error: "answered 503", durationMs: 41 }],
    });
    expect(first.edges[0]!.node.nextAttemptAt).toEqual(expect.any(String));
    expect(first.pageInfo).toEqual({
      hasNextPage: true,
      hasPreviousPage: false,
      startCursor: first.edges[0]!.cursor,
      endCursor: first.edges[1]!.cursor,
    });
    const restPage = await rest(t, "GET", `/webhooks/${webhook.id}/deliveries?limit=2`, {
      token: acct.token,
    });
    expect(restPage.body.next_cursor).toBe(first.pageInfo.endCursor);

    const second = (await page({ first: 2, after: first.pageInfo.endCursor })).data!.webhook
      .deliveries;
    expect(second.edges.map((e) => e.node.id)).toEqual([delivered]);
    expect(second.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    // An edge's cursor resumes after that edge.
    const fromEdge = (await page({ after: first.edges[0]!.cursor })).data!.webhook.deliveries;
    expect(fromEdge.edges.map((e) => e.node.id)).toEqual([failed, delivered]);
    const onlyFailed = (await page({ status: "FAILED" })).data!.webhook.deliveries;
    expect(onlyFailed.edges.map((e) => e.node.id)).toEqual([failed]);
    expect((await page({ after: "bogus" })).errors?.[0]?.extensions?.code).toBe("INVALID_CURSOR");

    const redeliver = (webhookId: number, deliveryId: number) =>
      gql(
        t,
        RedeliverWebhookDeliveryDocument,
        { input: { webhookId, deliveryId } },
        acct.token,
      ).then((r) => r.data!.redeliverWebhookDelivery);
    const again = await redeliver(webhook.id, delivered);
    expect(again).toMatchObject({
      userErrors: [],
      delivery: { id: delivered, status: "PENDING", deliveredAt: null },
    });
    expect(again.delivery!.nextAttemptAt).toEqual(expect.any(String));
    expect((await redeliver(webhook.id, delivered + 1_000_000)).userErrors).toEqual([
      expect.objectContaining({ field: null, code: "WEBHOOK_DELIVERY_NOT_FOUND" }),
    ]);
    const elsewhere = await create();
    expect((await redeliver(elsewhere.webhook.id, failed)).userErrors).toEqual([
      expect.objectContaining({ field: null, code: "WEBHOOK_DELIVERY_NOT_FOUND" }),
    ]);
    expect((await redeliver(2_000_000_000, failed)).userErrors).toEqual([
      expect.objectContaining({ field: null, code: "WEBHOOK_NOT_FOUND" }),
    ]);
    const stillFailed = await t.db.webhookDelivery.findUniqueOrThrow({
      where: { accountId_id: { accountId: acct.accountId, id: BigInt(failed) } },
    });
    expect(stillFailed.status).toBe("failed");
  });
});

describe("tenancy and scopes", () => {
  it("answers another account's webhook as WEBHOOK_NOT_FOUND and changes nothing", async () => {
    const { webhook, secret } = await create();
    const [delivery] = await t.db.webhookDelivery.createManyAndReturn({
      data: [
        {
          accountId: acct.accountId,
          endpointId: webhook.id,
          eventId: 1n,
          eventType: "stock.changed",
          eventAt: new Date(),
          body: "{}",
          status: "failed",
        },
      ],
    });
    const intruder = await newAccount(t.db);
    const as = intruder.token;
    const notFound = [expect.objectContaining({ field: null, code: "WEBHOOK_NOT_FOUND" })];

    const read = await gql(t, GetWebhookDocument, { id: webhook.id }, as);
    expect(read.errors?.[0]?.extensions?.code).toBe("WEBHOOK_NOT_FOUND");
    const listed = await gql(t, WebhookDeliveriesDocument, { id: webhook.id }, as);
    expect(listed.errors?.[0]?.extensions?.code).toBe("WEBHOOK_NOT_FOUND");
    expect((await gql(t, ListWebhooksDocument, {}, as)).data!.webhooks).toEqual([]);
    const update = await gql(
      t,
      UpdateWebhookDocument,
      { input: { id: webhook.id, active: false, url: "https://intruder.example.com/" } },
      as,
    );
    expect(update.data!.updateWebhook).toEqual({ webhook: null, userErrors: notFound });
    const rotate = await gql(t, RotateWebhookSecretDocument, { input: { id: webhook.id } }, as);
    expect(rotate.data!.rotateWebhookSecret).toEqual({
      webhook: null,
      secret: null,
      userErrors: notFound,
    });
    const redeliver = await gql(
      t,
      RedeliverWebhookDeliveryDocument,
      { input: { webhookId: webhook.id, deliveryId: Number(delivery!.id) } },
      as,
    );
    expect(redeliver.data!.redeliverWebhookDelivery.userErrors).toEqual([
      expect.objectContaining({ field: null, code: "WEBHOOK_NOT_FOUND" }),
    ]);
    const del = await gql(t, DeleteWebhookDocument, { input: { id: webhook.id } }, as);
    expect(del.data!.deleteWebhook).toEqual({ deletedId: null, userErrors: notFound });

    const after = await gql(t, GetWebhookDocument, { id: webhook.id }, acct.token);
    expect(after.data!.webhook).toEqual(webhook);
    expect(await storedSecret(acct.accountId, webhook.id)).toBe(secret);
    const untouched = await t.db.webhookDelivery.findUniqueOrThrow({
      where: { accountId_id: { accountId: acct.accountId, id: delivery!.id } },
    });
    expect(untouched.status).toBe("failed");
  });

  it("refuses a token without the webhooks scope with a top-level FORBIDDEN", async () => {
    const { webhook } = await create();
    const reader = await newAccount(t.db, { scopes: ["read"] });
    for (const res of [
      await gql(t, ListWebhooksDocument, {}, reader.token),
      await gql(t, GetWebhookDocument, { id: webhook.id }, reader.token),
      await gql(
        t,
        CreateWebhookDocument,
        { input: { url: RECEIVER, eventTypes: ["stock.changed"] } },
        reader.token,
      ),
      await gql(t, DeleteWebhookDocument, { input: { id: webhook.id } }, reader.token),
    ]) {
      expect(res.data).toBeNull();
      expect(res.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    }
    expect(await t.db.webhookEndpoint.count({ where: { accountId: reader.accountId } })).toBe(0);
    const anonymous = await gql(t, ListWebhooksDocument, {});
    expect(anonymous.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("allows at most 20 endpoints an account: the 21st is TOO_MANY_WEBHOOKS", async () => {
    for (let i = 0; i < 20; i++) await create();
    const res = await gql(
      t,
      CreateWebhookDocument,
      { input: { url: RECEIVER, eventTypes: ["stock.changed"] } },
      acct.token,
    );
    expect(res.data!.createWebhook).toMatchObject({
      webhook: null,
      userErrors: [{ field: null, code: "TOO_MANY_WEBHOOKS", message: expect.any(String) }],
    });
    expect(await t.db.webhookEndpoint.count({ where: { accountId: acct.accountId } })).toBe(20);
  });
});
