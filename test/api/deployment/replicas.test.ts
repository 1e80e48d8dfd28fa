// Read replicas with read-your-writes, on a real streaming replica: pausing its WAL replay makes
// it serve what it had, so every answer below shows which server gave it.
/* eslint-disable @typescript-eslint/no-explicit-any */
import pg from "pg";
import { parseLsn } from "../../../src/db/replicas.js";
import { rest } from "../../helpers/app.js";
import { newAccount } from "../../helpers/db.js";
import { frozenProxy } from "../../helpers/proxy.js";
import {
  startReplicaPair,
  startReplicatedApp,
  type ReplicaPair,
  type ReplicatedApp,
} from "../../helpers/replica.js";
import { createSku } from "../../helpers/stock.js";

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

/**
 * An app that probes its replica once, at its start, and never again, started until that probe
 * found the replica caught up: WAL the primary writes of its own (a checkpoint's, say) may be
 * ahead of the replica's replay at that instant, and such an app would say "lagging" for good.
 */
async function probedOnceCaughtUp(): Promise<ReplicatedApp> {
  for (const until = Date.now() + 20_000; ; await new Promise((r) => setTimeout(r, 100))) {
    const app = await startReplicatedApp(pair.primaryUrl, [pair.replicaUrl], {
      maxLagMs: 600_000,
      pollMs: 600_000,
    });
    if ((await readiness(app)).replicas?.[0]?.state === "streaming") return app;
    await app.close();
    if (Date.now() > until) throw new Error("no app's one probe found the replica caught up");
  }
}

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
      // What a mutation answers is read on the primary, in its own request.
      expect(written.body.data.adjustSkuStock.sku.onHand).toBe(11);
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

  it("every plain read is a replica's, and the same read with the token sees the writes; sync readers use the primary", async () => {
    const code = `RR-${Date.now()}`;
    const barcode = `RR-LABEL-${Date.now()}`;
    const created = await rest(t, "POST", "/skus", {
      token,
      body: { code, name: "Before", barcodes: [barcode] },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    await replayed(created.headers.get("countpoint-consistency")!);
    await pair.pauseReplay();
    try {
      // Writes of every kind, none of them replayed on the replica.
      const renamed = await rest(t, "PATCH", `/skus/${id}`, { token, body: { name: "After" } });
      expect(renamed.status).toBe(200);
      const adjusted = await rest(t, "POST", "/stock-adjustments/bulk", {
        token,
        body: { reason: "received", lines: [{ type: "sku", id, new_qty: 3 }] },
      });
      expect(adjusted.status).toBe(201);
      const started = await rest(t, "POST", "/stock-takes/start", {
        token,
        body: { scope: { sku_ids: [id] } },
      });
      expect(started.status).toBe(201);
      const hooked = await rest(t, "POST", "/webhooks", {
        token,
        body: { url: "https://receiver.example/countpoint", event_types: ["stock.changed"] },
      });
      expect(hooked.status).toBe(201);
      const consistency = hooked.headers.get("countpoint-consistency")!;
      const [adjustment, stockTake, webhook] = [adjusted, started, hooked].map(
        (r) => r.body.id as number,
      );

      // Each read's answer reduced to what tells the replica's data from the primary's.
      const reads: [string, (body: any, status: number) => unknown][] = [
        [`/skus/${id}`, (b) => b.name],
        [`/skus?code=${code}`, (b) => b.data[0]?.name],
        [`/barcodes/${barcode}`, (b) => b.name],
        [`/stock/movements?sku_id=${id}`, (b) => b.data.length],
        [`/stock/movements?adjustment_id=${adjustment}`, (_b, status) => status],
        [`/stock-adjustments`, (b) => b.data[0]?.id === adjustment],
        [`/stock-adjustments/${adjustment}`, (_b, status) => status],
        [`/stock-adjustments/${adjustment}/lines`, (_b, status) => status],
        [`/stock-takes`, (b) => b.data[0]?.id === stockTake],
        [`/stock-takes/${stockTake}`, (_b, status) => status],
        [`/stock-takes/${stockTake}/lines`, (_b, status) => status],
        [`/stock-takes/${stockTake}/counts`, (_b, status) => status],
        [`/webhooks`, (b) => b.data.some((w: { id: number }) => w.id === webhook)],
        [`/webhooks/${webhook}`, (_b, status) => status],
        [`/webhooks/${webhook}/deliveries`, (_b, status) => status],
      ];
      for (const [path, seen] of reads) {
        const plain = await rest(t, "GET", path, { token });
        const fresh = await rest(t, "GET", path, {
          token,
          headers: { "countpoint-consistency": consistency },
        });
        expect([path, fresh.status]).toEqual([path, 200]);
        expect([path, seen(plain.body, plain.status)]).not.toEqual([
          path,
          seen(fresh.body, fresh.status),
        ]);
      }
      // Sync reads page by change, below the horizon the primary's locks tell.
      const sync = await rest(t, "GET", `/skus?code=${code}&updated_since=2000-01-01`, { token });
      expect(sync.body.data[0]?.name).toBe("After");

      // GraphQL queries likewise, the loaders of nested entities included.
      const query = `query ($id: Int!, $code: String!, $barcode: String!) {
        sku(id: $id) { name }
        skus(filter: { code: $code }) { edges { node { name } } }
        lookupBarcode(code: $barcode) { ... on Sku { name } }
        stockMovements(filter: { skuId: $id }) { edges { node { sku { name } } } }
      }`;
      const ask = async (headers: Record<string, string>) => {
        const response = await fetch(`${t.baseUrl}/graphql`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            authorization: `Bearer ${token}`,
            ...headers,
          },
          body: JSON.stringify({ query, variables: { id, code, barcode } }),
        });
        const { data } = (await response.json()) as any;
        return [
          data.sku.name,
          data.skus.edges[0].node.name,
          data.lookupBarcode.name,
          data.stockMovements.edges.map((e: any) => e.node.sku.name),
        ];
      };
      expect(await ask({})).toEqual(["Before", "Before", "Before", []]);
      expect(await ask({ "countpoint-consistency": consistency })).toEqual([
        "After",
        "After",
        "After",
        ["After"],
      ]);
    } finally {
      await pair.resumeReplay();
    }
  });

  it("after a WAL segment switch on an idle primary the replica stays fresh, and a token taken then is served by it", async () => {
    await replayed(await setOnHand(16));
    const primary = new pg.Client({ connectionString: pair.primaryUrl });
    await primary.connect();
    // The insert position should point past the new segment's page header, with no record there.
    // PostgreSQL's background writer may log a snapshot of running transactions just after the
    // switch (it does every 15 s after activity); switch again until no record follows.
    let afterSwitch = "";
    try {
      for (let attempt = 0; attempt < 5; attempt++) {
        await primary.query("SELECT pg_switch_wal()");
        afterSwitch = (await t.reads.writeToken())!;
        if (parseLsn(afterSwitch)! % 8192n === 40n) break;
      }
    } finally {
      await primary.end();
    }
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

  it("without replicas a token is still checked: one ahead of the database is refused", async () => {
    const alone = await startReplicatedApp(pair.primaryUrl, [], { maxLagMs: 1000 });
    try {
      const read = (consistency: string) =>
        rest(alone, "GET", `/skus/${skuId}`, {
          token,
          headers: { "countpoint-consistency": consistency },
        });
      expect((await read("FFFFFFFF/0")).status).toBe(400);
      expect((await read("0/1")).status).toBe(200);
      // No replica: writes answer no token (it would cost a round trip for nothing).
      const written = await rest(alone, "PATCH", `/skus/${skuId}`, {
        token,
        body: { on_hand: 20, reason: "correction" },
      });
      expect(written.status).toBe(200);
      expect(written.headers.get("countpoint-consistency")).toBeNull();
    } finally {
      await alone.close();
    }
  });

  it("a read that fails on a replica gone since its last probe runs again on the primary, and the replica is set aside", async () => {
    // One probe at start, once the replica has caught up, none after: only the failed read can
    // tell it is gone.
    await replayed(await setOnHand(21)); // as the app that keeps probing sees it
    const slow = await probedOnceCaughtUp();
    try {
      await pair.stopReplica();
      expect(await onHandRead(undefined, slow)).toBe(21);
      expect((await readiness(slow)).replicas?.[0]?.state).toBe("down");
    } finally {
      await slow.close();
      await pair.startReplica();
    }
    await replayed(await setOnHand(22));
  });

  it("GraphQL: a query that fails on a replica gone since its last probe says retry (SERVICE_UNAVAILABLE), and the next query is the primary's", async () => {
    // Probed once at start, once the replica has caught up; never again.
    await replayed(await setOnHand(23));
    const slow = await probedOnceCaughtUp();
    const query = async () => {
      const response = await fetch(`${slow.baseUrl}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: `{ sku(id: ${skuId}) { onHand } }` }),
      });
      return (await response.json()) as any;
    };
    try {
      await pair.stopReplica();
      const failed = await query();
      expect(failed.errors?.[0]?.extensions?.code).toBe("SERVICE_UNAVAILABLE");
      expect((await readiness(slow)).replicas?.[0]?.state).toBe("down");
      expect((await query()).data?.sku?.onHand).toBe(23);
    } finally {
      await slow.close();
      await pair.startReplica();
    }
    await replayed(await setOnHand(24));
  });

  it("a replica that stops answering (its network drops packets) is set aside once its data may be older than the bound", async () => {
    const proxy = await frozenProxy(new URL(pair.replicaUrl));
    const replicaUrl = new URL(pair.replicaUrl);
    replicaUrl.port = String(proxy.port);
    const strict = await startReplicatedApp(pair.primaryUrl, [replicaUrl.toString()], {
      maxLagMs: 500,
    });
    try {
      await replayed(await setOnHand(23, strict), strict);
      proxy.freeze();
      await setOnHand(24, strict);
      await until(
        "the replica is no longer served",
        async () => (await readiness(strict)).replicas?.[0]?.state !== "streaming",
        5000,
      );
      // Sent to the frozen replica this read would hang: the primary answers it.
      expect(await onHandRead(undefined, strict)).toBe(24);
    } finally {
      proxy.close();
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
