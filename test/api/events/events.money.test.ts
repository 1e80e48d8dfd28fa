// Money in events: a change of a costed item's stock carries its unit cost and value in the feed,
// subscriptions and webhooks, but only to whoever may see money (the costs scope; an endpoint
// that asked for values); every other reader gets the event as before events carried values.
import type { Client } from "graphql-ws";
import { startWebhookWorker } from "../../../src/modules/webhook/webhook.worker.js";
import { createToken } from "../../../src/modules/token/token.store.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import {
  setAsideEarlierEndpoints,
  startReceiver,
  TEST_WORKER_OPTIONS,
  type Receiver,
} from "../../helpers/receiver.js";
import { subscribe, writeUntilDelivered, wsConnect } from "../../helpers/subscriptions.js";

let t: TestApp;
let worker: ReturnType<typeof startWebhookWorker>;
let acct: TestAccount;
/** A token with every scope but costs. */
let reader: string;
let mug: number;
let plain: number;
const clients: Client[] = [];

beforeAll(async () => {
  t = await startTestApp();
  await t.db.$queryRaw`SELECT 1`;
  await setAsideEarlierEndpoints(t.db);
  worker = startWebhookWorker(t.db, TEST_WORKER_OPTIONS, { warn: () => {} });
  acct = await newAccount(t.db);
  ({ token: reader } = await createToken(t.db, {
    accountId: acct.accountId,
    name: "no money",
    scopes: ["read", "adjust", "count", "approve", "webhooks"],
  }));
  await rest(t, "PATCH", "/account", { token: acct.token, body: { currency: "EUR" } });
  const sku = async (code: string, cost?: number) => {
    const res = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code, name: code, ...(cost === undefined ? {} : { unit_cost: cost }) },
    });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  mug = await sku("MUG", 3.25);
  plain = await sku("PLAIN");
});
afterAll(async () => {
  await Promise.all(clients.splice(0).map((c) => c.dispose()));
  await worker.stop();
  await t.close();
});

const setStock = (id: number, onHand: number) =>
  rest(t, "PATCH", `/skus/${id}`, {
    token: acct.token,
    body: { on_hand: onHand, reason: "correction" },
  });

type Data = Record<string, unknown>;

/** The stock.changed events' data the token reads from the feed, oldest first. */
async function feed(token: string): Promise<Data[]> {
  const res = await rest(t, "GET", "/events?types=stock.changed&limit=1000", { token });
  expect(res.status).toBe(200);
  return (res.body.data as { data: Data }[]).map((e) => e.data);
}

describe("events with values", () => {
  it("carry a costed item's unit cost and value in the feed, to the costs scope only", async () => {
    await setStock(mug, 10);
    await setStock(plain, 4);
    const all = await feed(acct.token);
    const mugs = all.filter((d) => d.id === mug);
    const plains = all.filter((d) => d.id === plain);
    expect(mugs.at(-1)).toMatchObject({ change: 10, unit_cost: 3.25, value_change: "32.50" });
    expect(plains.at(-1)).toMatchObject({ change: 4 });
    expect(plains.at(-1)).not.toHaveProperty("unit_cost");
    expect(plains.at(-1)).not.toHaveProperty("value_change");
    for (const data of await feed(reader)) {
      expect(data).not.toHaveProperty("unit_cost");
      expect(data).not.toHaveProperty("value_change");
    }
    const gql = async (token: string) => {
      const res = await postGraphql(
        t,
        { query: `{ events(first: 500, types: ["stock.changed"]) { edges { node { data } } } }` },
        token,
      );
      expect(res.errors).toBeUndefined();
      const edges = (res.data as { events: { edges: { node: { data: Data } }[] } }).events.edges;
      return edges.map((e) => e.node.data).filter((d) => d.id === mug);
    };
    expect((await gql(acct.token)).at(-1)).toMatchObject({ value_change: "32.50" });
    expect((await gql(reader)).at(-1)).not.toHaveProperty("value_change");
  });

  it("carry them in the stockChanged subscription, to the costs scope only", async () => {
    const query = `subscription ($skuIds: [Int!]) {
      stockChanged(skuIds: $skuIds) { skuId change unitCost valueChange } }`;
    const connect = (token: string) => {
      const client = wsConnect(t.baseUrl, `Bearer ${token}`);
      clients.push(client);
      return client;
    };
    type Got = {
      stockChanged: { change: number; unitCost: number | null; valueChange: string | null };
    };
    const mine = subscribe<Got>(connect(acct.token), query, { skuIds: [mug] });
    const theirs = subscribe<Got>(connect(reader), query, { skuIds: [mug] });
    // 7, 8, 7, 8, …: each a change of 3 or 1 units until both subscriptions have one.
    await writeUntilDelivered([mine, theirs], async (n) => {
      expect((await setStock(mug, n % 2 === 0 ? 7 : 8)).status).toBe(200);
    });
    for (const { data } of mine.results) {
      const { change } = data!.stockChanged;
      expect(data!.stockChanged).toEqual({
        skuId: mug,
        change,
        unitCost: 3.25,
        valueChange: (change * 3.25).toFixed(2),
      });
    }
    for (const { data } of theirs.results) {
      expect(data!.stockChanged).toEqual({
        skuId: mug,
        change: data!.stockChanged.change,
        unitCost: null,
        valueChange: null,
      });
    }
    // Left at 7, as the webhook test below starts from.
    expect((await setStock(mug, 7)).status).toBe(200);
  });

  it("go to a webhook only when it asked for values, which needs the costs scope", async () => {
    const receivers: Receiver[] = [await startReceiver(), await startReceiver()];
    try {
      const hook = async (token: string, url: string, include?: boolean) =>
        rest(t, "POST", "/webhooks", {
          token,
          body: {
            url,
            event_types: ["stock.changed"],
            ...(include === undefined ? {} : { include_values: include }),
          },
        });
      const refused = await hook(reader, receivers[0]!.url, true);
      expect([refused.status, refused.body.code]).toEqual([403, "FORBIDDEN"]);
      expect((await rest(t, "GET", "/webhooks", { token: acct.token })).body.data).toEqual([]);
      const withValues = await hook(acct.token, receivers[0]!.url, true);
      expect(withValues.status).toBe(201);
      expect(withValues.body.include_values).toBe(true);
      const without = await hook(reader, receivers[1]!.url);
      expect(without.body.include_values).toBe(false);
      const patched = await rest(t, "PATCH", `/webhooks/${without.body.id}`, {
        token: reader,
        body: { include_values: true },
      });
      expect([patched.status, patched.body.code]).toEqual([403, "FORBIDDEN"]);
      await setStock(mug, 12);
      const [valued] = await receivers[0]!.waitFor(1);
      const [bare] = await receivers[1]!.waitFor(1);
      expect(JSON.parse(valued!.body).data).toMatchObject({
        id: mug,
        change: 5,
        unit_cost: 3.25,
        value_change: "16.25",
      });
      const plainData = JSON.parse(bare!.body).data as Data;
      expect(plainData).toMatchObject({ id: mug, change: 5 });
      expect(plainData).not.toHaveProperty("unit_cost");
      expect(plainData).not.toHaveProperty("value_change");
    } finally {
      const listed = await rest(t, "GET", "/webhooks", { token: acct.token });
      for (const h of listed.body.data as { id: number }[]) {
        await rest(t, "DELETE", `/webhooks/${h.id}`, { token: acct.token });
      }
      await Promise.all(receivers.map((r) => r.close()));
    }
  });
});
