// The site-limits sweep: a token limited to site S (read, adjust, count, approve) calls every REST
// operation of the served OpenAPI document and every GraphQL query, mutation and subscription
// naming the other sites' things (D, the default, and X): the sites themselves, their stock
// takes, adjustments and transfers, in paths, filters, bodies and lines; the admin's cursors and
// Idempotency-Keys. Each answer must equal the same call naming things that exist nowhere, and
// no answer of S's token (its own lists and reads included) may show D's or X's texts,
// quantities or ids; nothing of D or X may change. An operation or field neither probed nor
// declared account-wide below fails the sweep. Then what S's token does at S works.
import { buildClientSchema, getIntrospectionQuery, type GraphQLSchema } from "graphql";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { callRest, type RestCall } from "../../helpers/isolation.js";
import {
  callGraphql,
  callSubscription,
  gqlDocument,
  gqlVariables,
} from "../../helpers/isolation-graphql.js";
import { missingId as missingSite } from "../../helpers/isolation-world.js";
import { graphqlSurface, restOperations, type RestOperation } from "../../helpers/routes.js";
import { siteGqlProbes } from "../../helpers/site-limits-gql-probes.js";
import { siteRestProbes } from "../../helpers/site-limits-rest-probes.js";
import { changedBetween, siteSweeper } from "../../helpers/site-limits-sweep.js";
import { buildSiteWorld, type SiteWorld } from "../../helpers/site-limits-world.js";
import { subscribe, wsConnect } from "../../helpers/subscriptions.js";

const SCOPES = "the webhooks, sites, costs and tokens scopes concern the whole account: never held";
const SETTINGS = "the account's count intervals, for every site: read by any token";
const SETTING = "the account's count intervals, for every site: changed by unlimited tokens only";
const ACCOUNT = "the account's name, time zone and currency: read by any token";
const LINKS = "a link concerns the item's stock at every site: made by unlimited tokens only";

/** An operation S's token may call that is the account's, not a site's, and how it answers. */
interface AccountWide<C> {
  why: string;
  call: C;
  /** 403 FORBIDDEN: a token limited to sites cannot hold the scope it needs. */
  forbidden: boolean;
}
const refused = <C>(call: C, why = SCOPES): AccountWide<C> => ({ why, call, forbidden: true });

const get = (path: string): RestCall => ({ method: "GET", path });
const send = (method: string, path: string, body?: unknown): RestCall => ({ method, path, body });

/** REST operations whose answers hold nothing of any site. */
const ACCOUNT_WIDE: Record<string, AccountWide<RestCall>> = {
  "GET /webhooks": refused(get("/webhooks")),
  "POST /webhooks": refused(
    send("POST", "/webhooks", { url: "https://hooks.example.com/s", event_types: ["sku.created"] }),
  ),
  "GET /webhooks/{id}": refused(get("/webhooks/1")),
  "PATCH /webhooks/{id}": refused(send("PATCH", "/webhooks/1", { description: "S's" })),
  "DELETE /webhooks/{id}": refused(send("DELETE", "/webhooks/1")),
  "POST /webhooks/{id}/rotate-secret": refused(send("POST", "/webhooks/1/rotate-secret", {})),
  "GET /webhooks/{id}/deliveries": refused(get("/webhooks/1/deliveries")),
  "POST /webhooks/{id}/deliveries/{delivery}/redeliver": refused(
    send("POST", "/webhooks/1/deliveries/1/redeliver"),
  ),
  "GET /tokens": refused(get("/tokens")),
  "POST /tokens": refused(
    send("POST", "/tokens", {
      name: "S's device",
      scopes: ["read"],
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    }),
  ),
  "DELETE /tokens/{id}": refused(send("DELETE", "/tokens/1")),
  "POST /sites": refused(send("POST", "/sites", { code: "S-NEW", name: "S's new site" })),
  "PATCH /sites/{id}": refused(send("PATCH", "/sites/1", { name: "S's" })),
  "GET /cycle-counts/settings": {
    why: SETTINGS,
    call: get("/cycle-counts/settings"),
    forbidden: false,
  },
  "PATCH /cycle-counts/settings": refused(
    send("PATCH", "/cycle-counts/settings", { interval_days_a: 30 }),
    SETTING,
  ),
  "POST /supplier-items/{id}/link": refused(
    send("POST", "/supplier-items/1/link", { sku_id: 1 }),
    LINKS,
  ),
  "POST /supplier-items/{id}/unlink": refused(send("POST", "/supplier-items/1/unlink"), LINKS),
  "GET /account": { why: ACCOUNT, call: get("/account"), forbidden: false },
  "PATCH /account": refused(send("PATCH", "/account", { currency: "EUR" })),
  "GET /skus/{id}/cost-changes": refused(get("/skus/1/cost-changes")),
  "GET /supplier-items/{id}/cost-changes": refused(get("/supplier-items/1/cost-changes")),
  "GET /reports/valuation": refused(get("/reports/valuation")),
};

type GqlCall = Record<string, unknown>;
/** GraphQL root fields whose answers hold nothing of any site. */
const GQL_ACCOUNT_WIDE: Record<string, AccountWide<GqlCall>> = {
  "Query.webhooks": refused({}),
  "Query.webhook": refused({ id: 1 }),
  "Mutation.createWebhook": refused({
    input: { url: "https://hooks.example.com/s", eventTypes: ["sku.created"] },
  }),
  "Mutation.updateWebhook": refused({ input: { id: 1, description: "S's" } }),
  "Mutation.deleteWebhook": refused({ input: { id: 1 } }),
  "Mutation.rotateWebhookSecret": refused({ input: { id: 1 } }),
  "Mutation.redeliverWebhookDelivery": refused({ input: { webhookId: 1, deliveryId: 1 } }),
  "Query.apiTokens": refused({}),
  "Mutation.createApiToken": refused({
    input: {
      name: "S's device",
      scopes: ["READ"],
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    },
  }),
  "Mutation.revokeApiToken": refused({ input: { id: 1 } }),
  "Mutation.createSite": refused({ input: { code: "S-NEW", name: "S's new site" } }),
  "Mutation.updateSite": refused({ input: { id: 1, name: "S's" } }),
  "Query.cycleCountSettings": { why: SETTINGS, call: {}, forbidden: false },
  "Mutation.updateCycleCountSettings": refused({ input: { intervalDaysA: 30 } }, SETTING),
  "Mutation.linkSupplierItem": refused({ input: { id: 1, skuId: 1 } }, LINKS),
  "Mutation.unlinkSupplierItem": refused({ input: { id: 1 } }, LINKS),
  "Query.account": { why: ACCOUNT, call: {}, forbidden: false },
  "Mutation.updateAccount": refused({ input: { currency: "EUR" } }),
  "Query.valuationReport": refused({}),
};

let t: TestApp;
let w: SiteWorld;
let schema: GraphQLSchema;
let operations: RestOperation[];
let rests: ReturnType<typeof siteRestProbes>;
let gqls: ReturnType<typeof siteGqlProbes>;
let sweeper: ReturnType<typeof siteSweeper>;

beforeAll(async () => {
  t = await startTestApp();
  w = await buildSiteWorld(t);
  const introspection = await postGraphql(t, { query: getIntrospectionQuery() }, w.acct.token);
  schema = buildClientSchema(introspection.data as never);
  operations = restOperations(t.contract.document);
  rests = siteRestProbes(w);
  gqls = siteGqlProbes(w);
  sweeper = siteSweeper(t, w, () => schema);
});
afterAll(() => t.close());

describe("the site-limits sweep's coverage", () => {
  it("probes every REST operation or declares it account-wide, not both", () => {
    const probed = new Set([...rests.reads, ...rests.writes].map((p) => p.op));
    const known = new Set(operations.map((o) => o.key));
    expect([...probed, ...Object.keys(ACCOUNT_WIDE)].filter((op) => !known.has(op))).toEqual([]);
    expect(operations.filter((o) => !probed.has(o.key) && !ACCOUNT_WIDE[o.key])).toEqual([]);
    expect(Object.keys(ACCOUNT_WIDE).filter((op) => probed.has(op))).toEqual([]);
    expect(probed.size).toBeGreaterThanOrEqual(41);
  });

  it("probes every GraphQL root field or declares it account-wide, not both", () => {
    const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
    const surface = graphqlSurface(schema).fields.filter((f) =>
      roots.some((r) => r && f.startsWith(`${r.name}.`)),
    );
    const probed = new Set([...gqls.reads, ...gqls.writes].map((p) => p.field));
    const declared = Object.keys(GQL_ACCOUNT_WIDE);
    expect([...probed, ...declared].filter((f) => !surface.includes(f))).toEqual([]);
    expect(surface.filter((f) => !probed.has(f) && !GQL_ACCOUNT_WIDE[f])).toEqual([]);
    expect(declared.filter((f) => probed.has(f))).toEqual([]);
    expect(probed.size).toBeGreaterThanOrEqual(37);
  });

  it("answers the account-wide REST operations 403 FORBIDDEN without the scope, else with nothing of D or X", async () => {
    const before = await sweeper.fingerprintOf();
    const problems: string[] = [];
    for (const [op, { call, forbidden }] of Object.entries(ACCOUNT_WIDE)) {
      const answer = await sweeper.restCall(call, problems);
      problems.push(...sweeper.shown(op, answer));
      const code = (answer.body as { code?: string }).code;
      if (forbidden && (answer.status !== 403 || code !== "FORBIDDEN")) {
        problems.push(`${op}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
      if (!forbidden && answer.status >= 300) problems.push(`${op}: ${answer.status}`);
    }
    expect(problems).toEqual([]);
    expect(changedBetween(before, await sweeper.fingerprintOf())).toEqual([]);
  });

  it("answers the account-wide GraphQL fields FORBIDDEN without the scope, else with nothing of D or X", async () => {
    const problems: string[] = [];
    for (const [field, { call, forbidden }] of Object.entries(GQL_ACCOUNT_WIDE)) {
      const probe = { field, foreign: call, missing: call };
      const answer = await callGraphql(
        t,
        w.limited,
        gqlDocument(schema, probe),
        gqlVariables(probe, "foreign"),
      );
      problems.push(...sweeper.shown(field, answer));
      const { errors } = answer.body as { errors: { extensions?: { code?: string } }[] | null };
      const codes = (errors ?? []).map((e) => e.extensions?.code);
      if (forbidden && !(codes.length === 1 && codes[0] === "FORBIDDEN")) {
        problems.push(`${field}: ${JSON.stringify(answer.body)}`);
      }
      if (!forbidden && codes.length > 0) problems.push(`${field}: ${JSON.stringify(errors)}`);
    }
    expect(problems).toEqual([]);
  });
});

describe("the site-limits sweep's checks", () => {
  // The admin's token sees every site: the same reads must show it D's and X's things, else
  // the sweep's own reads could not tell S's token seeing them. But those: a transfer at S's
  // end over REST (its other end is a site id under a name of its own; over GraphQL its lines'
  // items show their stock at every site), SKUs due for a count (no site in them), a
  // subscription (no change while it waits), the viewer (the admin's shows only the default
  // site, which the sweep cannot tell from S's by its texts).
  const quiet = [
    "GET /stock-takes/due",
    "GET /transfers/{id}",
    "GET /transfers/{id}/lines",
    "GET /viewer",
  ];
  const quietFields = ["Query.dueForCount", "Query.viewer", "Subscription.stockChanged"];
  const quietOnes = (found: boolean[], names: string[]) =>
    [...new Set(names.filter((_, i) => !found[i]))].sort();

  it("finds D's or X's things in the admin's answers to S's own REST reads", async () => {
    const own = rests.reads.filter((p) => p.positional);
    const found = await Promise.all(
      own.map(
        async (p) => sweeper.shown(p.op, await callRest(t, w.acct.token, p.foreign)).length > 0,
      ),
    );
    const ops = own.map((p) => p.op);
    expect(quietOnes(found, ops)).toEqual(quiet);
  });

  it("finds D's or X's things in the admin's answers to S's own GraphQL reads", async () => {
    const own = gqls.reads.filter((p) => p.positional);
    const found = await Promise.all(
      own.map(async (p) => {
        const send = p.field.startsWith("Subscription.") ? callSubscription : callGraphql;
        const variables = gqlVariables(p, "foreign");
        const answer = await send(t, w.acct.token, gqlDocument(schema, p), variables);
        return sweeper.shown(p.field, answer).length > 0;
      }),
    );
    const fields = own.map((p) => p.field);
    expect(quietOnes(found, fields)).toEqual(quietFields);
  });
});

describe("the site-limits sweep", () => {
  it("answers S's REST reads naming D's and X's things as if they did not exist", async () => {
    expect(await sweeper.sweep(rests.reads, (p) => p.op, sweeper.runRest, true)).toEqual([]);
  });

  it("answers S's GraphQL queries and subscriptions naming D's and X's things as if they did not exist", async () => {
    expect(await sweeper.sweep(gqls.reads, (p) => p.field, sweeper.runGql, true)).toEqual([]);
  });

  it("answers S's REST writes naming D's and X's things as if they did not exist, changing nothing of them", async () => {
    expect(await sweeper.sweep(rests.writes, (p) => p.op, sweeper.runRest, false)).toEqual([]);
  });

  it("answers S's GraphQL mutations naming D's and X's things as if they did not exist, changing nothing of them", async () => {
    expect(await sweeper.sweep(gqls.writes, (p) => p.field, sweeper.runGql, false)).toEqual([]);
  });
});

describe("what S's token does at S", () => {
  const limited = (method: string, path: string, body?: unknown) =>
    rest(t, method, path, { token: w.limited, ...(body === undefined ? {} : { body }) });
  const skuAt = async (site: number, skuId: number) =>
    Number(
      (
        await t.db.skuStock.findFirst({
          where: { accountId: w.acct.accountId, siteId: site, skuId },
        })
      )?.onHand ?? 0,
    );
  /** The codes a GraphQL answer carries, in top-level errors and in its payload's userErrors. */
  const codesOf = (answer: { data?: unknown; errors?: { extensions?: { code?: string } }[] }) => [
    ...(answer.errors ?? []).map((e) => e.extensions?.code),
    ...Object.values((answer.data ?? {}) as Record<string, { userErrors?: { code: string }[] }>)
      .flatMap((payload) => payload?.userErrors ?? [])
      .map((e) => e.code),
  ];

  it("shows S's stock of the account's items, and sets S's when it names no site", async () => {
    const before = await sweeper.fingerprintOf();
    const atS = await skuAt(w.s, w.ids.sShared!);
    expect(atS).not.toBe(await skuAt(w.d, w.ids.sShared!));
    expect((await limited("GET", `/skus/${w.ids.sShared}`)).body.on_hand).toBe(atS);
    const sku = `query ($id: Int!) { sku(id: $id) { onHand } }`;
    const read = await postGraphql(t, { query: sku, variables: { id: w.ids.sShared } }, w.limited);
    expect(read.data).toEqual({ sku: { onHand: atS } });

    const set = await limited("PATCH", `/skus/${w.ids.sS}`, { on_hand: 9, reason: "correction" });
    expect([set.status, set.body.on_hand, set.body.movement?.site_id]).toEqual([200, 9, w.s]);
    const mutation = `mutation ($id: Int!) { adjustSkuStock(input: { skuId: $id, onHand: 10,
      reason: CORRECTION }) { movement { siteId quantityAfter } userErrors { code } } }`;
    const adjusted = await postGraphql(
      t,
      { query: mutation, variables: { id: w.ids.sS } },
      w.limited,
    );
    expect(adjusted.data).toEqual({
      adjustSkuStock: { movement: { siteId: w.s, quantityAfter: 10 }, userErrors: [] },
    });
    expect(await skuAt(w.s, w.ids.sS!)).toBe(10);

    const made = await limited("POST", "/skus", {
      code: `${w.names.tag}-opened`,
      name: "Opened at S",
      opening_on_hand: 3,
    });
    expect([made.status, await skuAt(w.s, made.body.id), await skuAt(w.d, made.body.id)]).toEqual([
      201, 3, 0,
    ]);
    // The SKU as it answers it: with S's stock, the site its opening balance went to.
    expect(made.body.on_hand).toBe(3);
    expect(changedBetween(before, await sweeper.fingerprintOf())).toEqual([]);
  });

  it("starts, counts and lists its own stock take at S", async () => {
    const started = await limited("POST", "/stock-takes/start", { scope: { sku_ids: [w.ids.sS] } });
    expect([started.status, started.body.site_id]).toEqual([201, w.s]);
    expect(started.body.lines).toEqual([
      expect.objectContaining({
        type: "sku",
        id: w.ids.sS,
        expected_qty: await skuAt(w.s, w.ids.sS!),
      }),
    ]);
    const id = started.body.id as number;
    const counted = await limited("POST", `/stock-takes/${id}/input`, {
      counts: [{ type: "sku", id: w.ids.sS, counted_qty: 4 }],
    });
    expect(counted.status).toBe(200);
    const listed = await limited("GET", "/stock-takes");
    expect(listed.body.data.map((tk: { id: number }) => tk.id)).toContain(id);
    expect(listed.body.data.every((tk: { site_id: number }) => tk.site_id === w.s)).toBe(true);
    expect((await limited("POST", `/stock-takes/${id}/cancel`)).status).toBe(200);
  });

  it("lists S alone among sites and levels, and S's own lines, movements and events", async () => {
    const sites = await limited("GET", "/sites");
    expect(sites.body.data.map((site: { id: number }) => site.id)).toEqual([w.s]);
    expect((await limited("GET", `/sites/${w.s}`)).status).toBe(200);
    const levels = await limited("GET", `/skus/${w.ids.sShared}/levels`);
    expect(levels.body.data.map((l: { site_id: number }) => l.site_id)).toEqual([w.s]);
    const lines = await limited("GET", `/stock-adjustments/${w.ids.adjMixed}/lines`);
    expect(lines.body.data).toEqual([expect.objectContaining({ id: w.ids.sS, site_id: w.s })]);
    const moved = await limited("GET", `/stock/movements?sku_id=${w.ids.sShared}`);
    expect(moved.body.data.length).toBeGreaterThan(0);
    expect(moved.body.data.every((m: { site_id: number }) => m.site_id === w.s)).toBe(true);
    const feed = await limited("GET", "/events?types=stock.changed&limit=1000");
    const events = feed.body.data as { type: string; data: { site_id?: number } }[];
    expect(events.length).toBeGreaterThan(0);
    const elsewhere = events.filter((e) => e.type !== "stock.changed" || e.data.site_id !== w.s);
    expect(elsewhere.map((e) => `${e.type} at site ${e.data.site_id}`)).toEqual([]);
    const transfers = await limited("GET", "/transfers");
    expect(transfers.body.data.map((tr: { id: number }) => tr.id).sort()).toEqual(
      [w.ids.trDS1!, w.ids.trDS2!, w.ids.trSD!].sort(),
    );
  });

  it("receives what arrives at S and cancels what left it; 403 FORBIDDEN for the other end", async () => {
    const before = await sweeper.fingerprintOf();
    const cancel = await limited("POST", `/transfers/${w.ids.trDS1}/cancel`);
    const receive = await limited("POST", `/transfers/${w.ids.trSD}/receive`, {});
    expect([cancel.status, cancel.body.code, receive.status, receive.body.code]).toEqual([
      403,
      "FORBIDDEN",
      403,
      "FORBIDDEN",
    ]);
    for (const [field, id] of [
      ["cancelTransfer", w.ids.trDS1],
      ["receiveTransfer", w.ids.trSD],
    ] as const) {
      const query = `mutation ($id: Int!) { ${field}(input: { id: $id }) { userErrors { code } } }`;
      const answer = await postGraphql(t, { query, variables: { id } }, w.limited);
      expect(codesOf(answer)).toEqual(["FORBIDDEN"]);
    }
    expect(changedBetween(before, await sweeper.fingerprintOf())).toEqual([]);

    // D's and X's rows but the two transfers S's token now closes: as they were.
    const leftOut = [w.ids.trDS2!, w.ids.trSD!];
    const others = await sweeper.fingerprintOf(leftOut);
    const atS = await skuAt(w.s, w.ids.sTr!);
    const received = await limited("POST", `/transfers/${w.ids.trDS2}/receive`, {});
    expect([received.status, received.body.status]).toEqual([200, "received"]);
    const cancelled = await limited("POST", `/transfers/${w.ids.trSD}/cancel`);
    expect([cancelled.status, cancelled.body.status]).toEqual([200, "cancelled"]);
    expect(await skuAt(w.s, w.ids.sTr!)).toBe(atS + 3 + 4);
    expect(changedBetween(others, await sweeper.fingerprintOf(leftOut))).toEqual([]);
  });

  it("follows S's stock changes only", async () => {
    const client = wsConnect(t.baseUrl, `Bearer ${w.limited}`);
    try {
      const stream = subscribe<{ stockChanged: { siteId: number; skuId: number } }>(
        client,
        "subscription { stockChanged { siteId skuId quantityAfter } }",
      );
      // Subscribed before the changes below (as the subscription tests wait).
      await new Promise((r) => setTimeout(r, 400));
      for (const [site, onHand] of [
        [w.d, 5001.5],
        [w.x, 5002.5],
        [w.s, 12],
      ] as const) {
        const set = await rest(t, "PATCH", `/skus/${w.ids.sShared}`, {
          token: w.acct.token,
          body: { on_hand: onHand, reason: "correction", site_id: site },
        });
        expect(set.status).toBe(200);
      }
      // Delivered in the feed's order: D's and X's changes would have come first.
      const [first] = await stream.next(1);
      expect(first!.data?.stockChanged).toMatchObject({ siteId: w.s, skuId: w.ids.sShared });
    } finally {
      await client.dispose();
    }
  });

  it("is issued only with the scopes of stock and only for sites the account has", async () => {
    const issue = (body: object) =>
      rest(t, "POST", "/tokens", {
        token: w.acct.token,
        body: {
          name: "limited",
          expires_at: new Date(Date.now() + 3_600_000).toISOString(),
          ...body,
        },
      });
    const scoped = await issue({ scopes: ["read", "webhooks"], site_ids: [w.s] });
    const unknown = await issue({ scopes: ["read"], site_ids: [missingSite()] });
    expect([scoped.status, scoped.body.code, unknown.status, unknown.body.code]).toEqual([
      400,
      "INVALID_PARAMETER",
      404,
      "SITE_NOT_FOUND",
    ]);
    // Two sites: a request naming none is at the first of them.
    const two = await issue({ scopes: ["read", "adjust"], site_ids: [w.s, w.x] });
    const unnamed = await rest(t, "PATCH", `/skus/${w.ids.sS}`, {
      token: two.body.token,
      body: { on_hand: 1, reason: "correction" },
    });
    expect([unnamed.status, unnamed.body.movement?.site_id]).toEqual([200, w.s]);
  });
});
