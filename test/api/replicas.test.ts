// Read replicas with read-your-writes, on a real streaming replica: pausing its WAL replay makes
// it serve what it had, so every answer below shows which server gave it.
import pg from "pg";
import { parseLsn } from "../../src/db/replicas.js";
import { rest } from "../helpers/app.js";
import { newAccount } from "../helpers/db.js";
import {
  startReplicaPair,
  startReplicatedApp,
  type ReplicaPair,
  type ReplicatedApp,
} from "../helpers/replica.js";
import { createSku } from "../helpers/stock.js";

const TOKEN = /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/;

/** Polls `check` until it returns true; fails the test after `ms`. */
async function until(what: string, check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Ready {
  replicas?: { name: string; state: string; lag_ms: number | null; replay_lsn: string | null }[];
}
const readiness = async (t: ReplicatedApp): Promise<Ready> =>
  (await fetch(`${t.baseUrl}/readyz`)).json() as Promise<Ready>;

let pair: ReplicaPair;
let t: ReplicatedApp;
let token: string;
let skuId: number;

const setOnHand = async (onHand: number, app = t) => {
  const res = await rest(app, "PATCH", `/skus/${skuId}`, {
    token,
    body: { on_hand: onHand, reason: "correction" },
  });
  expect(res.status).toBe(200);
  const consistency = res.headers.get("countpoint-consistency");
  expect(consistency).toMatch(TOKEN);
  return consistency!;
};

const onHandRead = async (consistency?: string, app = t): Promise<number> => {
  const res = await rest(app, "GET", `/skus/${skuId}`, {
    token,
    headers: consistency ? { "countpoint-consistency": consistency } : {},
  });
  expect(res.status).toBe(200);
  return res.body.on_hand as number;
};

/** Until the replica has replayed past `consistency` (or, without one, is serving reads). */
const replayed = (consistency: string, app = t) =>
  until("the replica has replayed the write", async () => {
    const replica = (await readiness(app)).replicas?.[0];
    return (
      replica?.state === "streaming" &&
      replica.replay_lsn !== null &&
      parseLsn(replica.replay_lsn)! >= parseLsn(consistency)!
    );
  });

beforeAll(async () => {
  pair = await startReplicaPair();
  t = await startReplicatedApp(pair.primaryUrl, [pair.replicaUrl], { maxLagMs: 60_000 });
  ({ token } = await newAccount(t.db));
  skuId = await createSku(t, token, 5);
  await replayed(await setOnHand(5));
}, 120_000);

afterAll(async () => {
  await t?.close();
  await pair?.close();
});

describe("read replicas with read-your-writes", () => {
  it("a write answers a token; a read sending it sees the write though the replica has not replayed it, a plain read may not", async () => {
    await pair.pauseReplay();
    try {
      const consistency = await setOnHand(7);
      expect(await onHandRead(consistency)).toBe(7);
      expect(await onHandRead()).toBe(5); // the replica, within the lag bound

      const history = async (query: string, headers: Record<string, string> = {}) =>
        (await rest(t, "GET", `/stock/movements?sku_id=${skuId}${query}`, { token, headers })).body
          .data as { quantity_after: number }[];
      expect((await history(""))[0]?.quantity_after).toBe(5);
      expect(
        (await history("", { "countpoint-consistency": consistency }))[0]?.quantity_after,
      ).toBe(7);
      // Oldest-first readers page below the horizon the primary's locks tell: never a replica.
      expect((await history("&order=asc")).at(-1)?.quantity_after).toBe(7);
    } finally {
      await pair.resumeReplay();
    }
    await until("the replica serves the write", async () => (await onHandRead()) === 7);
  });

  it("a read with a token the replica has replayed past is served by the replica", async () => {
    const first = await setOnHand(8);
    await replayed(first);
    await pair.pauseReplay();
    try {
      const second = await setOnHand(9);
      // The replica holds the first write, not the second: the primary would answer 9.
      expect(await onHandRead(first)).toBe(8);
      expect(await onHandRead(second)).toBe(9);
    } finally {
      await pair.resumeReplay();
    }
  });

  it("GraphQL: a mutation answers the token in extensions and the header; a query sending it either way sees the write", async () => {
    const graphql = async (
      query: string,
      variables: object,
      extra: { headers?: Record<string, string>; extensions?: object } = {},
    ) => {
      const response = await fetch(`${t.baseUrl}/graphql`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${token}`,
          ...extra.headers,
        },
        body: JSON.stringify({ query, variables, extensions: extra.extensions }),
      });
      return {
        status: response.status,
        header: response.headers.get("countpoint-consistency"),
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        body: (await response.json()) as any,
      };
    };
    const read = `query ($id: Int!) { sku(id: $id) { onHand } }`;
    await replayed(await setOnHand(10));
    await pair.pauseReplay();
    try {
      const written = await graphql(
        `
          mutation ($id: Int!) {
            adjustSkuStock(input: { skuId: $id, onHand: 11, reason: CORRECTION }) {
              sku {
                onHand
              }
              userErrors {
                code
              }
            }
          }
        `,
        { id: skuId },
      );
      expect(written.body.data.adjustSkuStock.userErrors).toEqual([]);
      const consistency = written.body.extensions?.consistency as string;
      expect(consistency).toMatch(TOKEN);
      expect(written.header).toBe(consistency);

      expect((await graphql(read, { id: skuId })).body.data.sku.onHand).toBe(10);
      const viaExtensions = await graphql(read, { id: skuId }, { extensions: { consistency } });
      expect(viaExtensions.body.data.sku.onHand).toBe(11);
      const viaHeader = await graphql(
        read,
        { id: skuId },
        { headers: { "countpoint-consistency": consistency } },
      );
      expect(viaHeader.body.data.sku.onHand).toBe(11);
      // A query carries no token of its own.
      expect(viaHeader.body.extensions?.consistency).toBeUndefined();

      const refused = await graphql(read, { id: skuId }, { extensions: { consistency: "latest" } });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].extensions.code).toBe("INVALID_PARAMETER");
      expect(refused.body.data).toBeUndefined();
    } finally {
      await pair.resumeReplay();
    }
  });

  it("after a WAL segment switch on an idle primary the replica stays fresh, and a token taken then is served by it", async () => {
    await replayed(await setOnHand(16));
    const primary = new pg.Client({ connectionString: pair.primaryUrl });
    await primary.connect();
    await primary.query("SELECT pg_switch_wal()").finally(() => primary.end());
    // The insert position now points past the new segment's page header; no record is there.
    const afterSwitch = (await t.reads.writeToken())!;
    expect(parseLsn(afterSwitch)! % 8192n).toBe(40n);
    const boundary = parseLsn(afterSwitch)! - 40n;
    await until("the replica has replayed the switch", async () => {
      const lsn = (await readiness(t)).replicas?.[0]?.replay_lsn;
      return lsn != null && parseLsn(lsn)! >= boundary;
    });
    await new Promise((r) => setTimeout(r, 1500)); // idle: no new record
    expect((await readiness(t)).replicas?.[0]?.lag_ms).toBeLessThan(1000);
    await pair.pauseReplay();
    try {
      await setOnHand(17);
      expect(await onHandRead(afterSwitch)).toBe(16); // the replica
    } finally {
      await pair.resumeReplay();
    }
  });

  it.each([
    ["not a position", "latest", /not a consistency token/],
    ["a position the database has not reached", "FFFFFFFF/FFFFFFFF", /ahead of this database/],
    ["two tokens", "0/1, 0/2", /not a consistency token/],
  ])("a token that is %s is refused with 400 INVALID_PARAMETER", async (_what, sent, detail) => {
    const res = await rest(t, "GET", `/skus/${skuId}`, {
      token,
      headers: { "countpoint-consistency": sent },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_PARAMETER");
    expect(res.body.detail).toMatch(detail);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ parameter: "Countpoint-Consistency", code: "INVALID_PARAMETER" }),
    ]);
  });

  it("a replica lagging past the bound, down, or not a standby serves no reads; /readyz and /metrics say which", async () => {
    const unreachable = "postgresql://postgres@127.0.0.1:1/countpoint";
    // The pair's primary named as a replica: it is not a standby.
    const strict = await startReplicatedApp(
      pair.primaryUrl,
      [pair.replicaUrl, pair.primaryUrl, unreachable],
      { maxLagMs: 300 },
    );
    try {
      const states = async () => (await readiness(strict)).replicas?.map((r) => r.state);
      await until("the first probe", async () =>
        ["streaming,not_a_standby,down"].includes(String(await states())),
      );
      expect((await fetch(`${strict.baseUrl}/healthz`)).status).toBe(200);
      expect((await fetch(`${strict.baseUrl}/readyz`)).status).toBe(200);

      await pair.pauseReplay();
      try {
        await setOnHand(12, strict);
        await until(
          "the replica lags past the bound",
          async () => (await states())?.[0] === "lagging",
        );
        expect(await onHandRead(undefined, strict)).toBe(12); // the primary
        const metrics = await (await fetch(`${strict.baseUrl}/metrics`)).text();
        const name = (await readiness(strict)).replicas![0]!.name;
        expect(metrics).toContain(`countpoint_replica_serving{replica="${name}"} 0`);
      } finally {
        await pair.resumeReplay();
      }
      await until("the replica catches up", async () => (await states())?.[0] === "streaming");

      await pair.stopReplica();
      await until("the replica is seen down", async () => (await states())?.[0] === "down");
      await setOnHand(13, strict);
      expect(await onHandRead(undefined, strict)).toBe(13);
      await pair.startReplica();
      await until("the replica serves again", async () => (await states())?.[0] === "streaming");
    } finally {
      await strict.close();
    }
  });

  it("while only the replica is reachable, a write is 503 with Retry-After and no read is served as fresh", async () => {
    const consistency = await setOnHand(14);
    await replayed(consistency);
    await pair.stopPrimary();
    const write = await rest(t, "PATCH", `/skus/${skuId}`, {
      token,
      body: { on_hand: 15, reason: "correction" },
    });
    expect(write.status).toBe(503);
    expect(write.body.code).toBe("SERVICE_UNAVAILABLE");
    expect(Number(write.headers.get("retry-after"))).toBeGreaterThan(0);
    // Authentication reads the primary: reads wait for it too, rather than guess.
    const read = await rest(t, "GET", `/skus/${skuId}`, {
      token,
      headers: { "countpoint-consistency": consistency },
    });
    expect(read.status).toBe(503);
    expect((await fetch(`${t.baseUrl}/readyz`)).status).toBe(503);
  });
});
