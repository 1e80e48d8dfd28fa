// Scenario PR, prices: what a rate-limit unit of each priced operation costs the server and
// PostgreSQL under load, beside a single adjustment's unit (1 unit, the price every other is set
// against). Each operation runs alone in a closed loop of CLIENTS_PER_OPERATION clients (fewer for
// the walks of a whole stock take, which take seconds each) for a few seconds, on one server, each client with a token of its own whose bucket never refills while
// it runs: the units charged are what the buckets lost. A unit that costs several times a single adjustment's is
// underpriced (docs/guide/limits.md says how prices are set).
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type pg from "pg";
import type { PrismaClient } from "../src/db/client.js";
import { createToken } from "../src/modules/token/token.store.js";
import { startServer } from "./server.js";

const CLIENTS_PER_OPERATION = 8;

/** SKUs of the priced account: every one a line of its stock take, for the walks' prices. */
export const PRICE_SKUS = 100_000;

/** One priced operation: how to send it, and what it is. */
interface Operation {
  name: string;
  request: () => { method: string; path: string; body?: unknown; csv?: boolean };
  /** Clients sending it at once (CLIENTS_PER_OPERATION unless one must wait for the other). */
  clients?: number;
  /** What follows each request, sent and charged with it (a start's cancel), given its answer. */
  then?: (answer: unknown) => { method: string; path: string; body?: unknown } | null;
}

export interface PriceFigure {
  name: string;
  perSecond: number;
  unitsPerRequest: number;
  serverUsPerUnit: number;
  /** NaN when PostgreSQL is not the bench's own (its processes cannot be read). */
  postgresUsPerUnit: number;
  failures: number;
}

/**
 * CPU seconds of a process (utime + stime, USER_HZ 100), those of its children that ended
 * (cutime + cstime: a parallel query's workers, a backend that closed), and its parent's pid.
 */
async function stat(
  pid: string,
): Promise<{ cpu: number; endedChildren: number; ppid: string } | null> {
  const text = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  if (!text) return null;
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return {
    cpu: (Number(fields[11]) + Number(fields[12])) / 100,
    endedChildren: (Number(fields[13]) + Number(fields[14])) / 100,
    ppid: fields[1] ?? "",
  };
}

/**
 * CPU seconds used so far by an embedded PostgreSQL: its postmaster and every child of it, those
 * that ended included (a parallel query's workers end with their query).
 */
async function postgresCpu(dataDir: string | undefined): Promise<number> {
  if (!dataDir) return NaN;
  const postmaster = (await readFile(join(dataDir, "postmaster.pid"), "utf8")).split("\n")[0];
  if (!postmaster) return NaN;
  let total = 0;
  for (const pid of await readdir("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    const s = await stat(pid);
    if (s && pid === postmaster) total += s.cpu + s.endedChildren;
    else if (s && s.ppid === postmaster) total += s.cpu;
  }
  return total;
}

/**
 * Measures every priced operation on one account of `skuIds.length` SKUs (a stock take of all of
 * them open, movements written by the first operations) and prints nothing: the caller does.
 */
export async function priceFigures(spec: {
  db: PrismaClient;
  raw: pg.Client;
  url: string;
  dataDir: string | undefined;
  accountId: number;
  skuIds: number[];
  seconds: number;
}): Promise<PriceFigure[]> {
  const { db, raw, accountId, skuIds } = spec;
  const server = await startServer(db, spec.url, accountId);
  // A token per client, as devices have, whose bucket does not refill while an operation runs:
  // what the buckets lose is what was charged.
  const tokens: { id: number; token: string }[] = [];
  for (let i = 0; i < CLIENTS_PER_OPERATION; i++) {
    tokens.push(
      await createToken(db, {
        accountId,
        name: `prices ${i + 1}`,
        rateLimit: { perSecond: 0.000001, burst: 1_000_000_000 },
      }),
    );
  }
  const level = async () => {
    const { rows } = await raw.query<{ tokens: number; n: number }>(
      "SELECT sum(tokens) AS tokens, count(*)::int AS n FROM api_token_buckets WHERE account_id = $1 AND token_id = ANY($2)",
      [accountId, tokens.map((t) => t.id)],
    );
    const row = rows[0];
    // A token not used yet has no bucket row: it is full.
    return Number(row?.tokens ?? 0) + (CLIENTS_PER_OPERATION - (row?.n ?? 0)) * 1_000_000_000;
  };
  const call = async (
    token: string,
    { method, path, body }: { method: string; path: string; body?: unknown },
  ) => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { ok: res.ok, answer: text ? (JSON.parse(text) as unknown) : null };
  };
  const send = async (op: Operation, client: number) => {
    const token = tokens[client]!.token;
    const first = await call(token, op.request());
    const next = first.ok ? op.then?.(first.answer) : null;
    return first.ok && (!next || (await call(token, next)).ok);
  };
  const pick = () => skuIds[Math.floor(Math.random() * skuIds.length)]!;
  const some = (n: number) => Array.from({ length: n }, (_, i) => skuIds[i % skuIds.length]!);
  const start = await fetch(`${server.baseUrl}/api/v1/stock-takes/start`, {
    method: "POST",
    headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
    body: JSON.stringify({ reference: "prices" }),
  });
  const stockTakeId = ((await start.json()) as { id: number }).id;
  const today = new Date().toISOString().slice(0, 10);
  const graphql = (query: string) => ({ method: "POST", path: "/graphql", body: { query } });
  const operations: Operation[] = [
    {
      name: "PATCH /skus/{id} (1 unit)",
      request: () => ({
        method: "PATCH",
        path: `/api/v1/skus/${pick()}`,
        body: { on_hand: Math.floor(Math.random() * 1000), reason: "correction" },
      }),
    },
    {
      name: "POST /stock-adjustments/bulk, 1,000 lines",
      request: () => ({
        method: "POST",
        path: "/api/v1/stock-adjustments/bulk",
        body: {
          reason: "correction",
          lines: some(1000).map((id) => ({
            type: "sku",
            id,
            new_qty: Math.floor(Math.random() * 1000),
          })),
        },
      }),
    },
    {
      name: "POST /skus/bulk, 1,000 rows (updates)",
      request: () => ({
        method: "POST",
        path: "/api/v1/skus/bulk",
        body: {
          rows: some(1000).map((_, i) => ({ code: `B-${i + 1}`, name: `Bench ${Math.random()}` })),
        },
      }),
    },
    {
      name: "POST /stock-takes/{id}/input, 100 counts",
      request: () => ({
        method: "POST",
        path: `/api/v1/stock-takes/${stockTakeId}/input`,
        body: {
          counts: some(100).map((id) => ({
            type: "sku",
            id,
            counted_qty: Math.floor(Math.random() * 100),
          })),
        },
      }),
    },
    {
      name: "POST /stock-takes/{id}/input, 1 count",
      request: () => ({
        method: "POST",
        path: `/api/v1/stock-takes/${stockTakeId}/input`,
        body: { counts: [{ type: "sku", id: pick(), counted_qty: 1 }] },
      }),
    },
    {
      name: "GET /skus?limit=1000",
      request: () => ({ method: "GET", path: "/api/v1/skus?limit=1000" }),
    },
    {
      name: "GET /stock/movements?limit=1000, a day's window",
      request: () => ({
        method: "GET",
        path: `/api/v1/stock/movements?limit=1000&from=${today}&to=${today}`,
      }),
    },
    {
      name: "GET /events?limit=1000",
      request: () => ({ method: "GET", path: "/api/v1/events?limit=1000" }),
    },
    {
      name: "GET /stock-takes/{id}/lines?limit=1000",
      request: () => ({
        method: "GET",
        path: `/api/v1/stock-takes/${stockTakeId}/lines?limit=1000`,
      }),
    },
    {
      name: "GraphQL skus(first: 1000), 4 fields",
      request: () => graphql("{ skus(first: 1000) { edges { node { id code name onHand } } } }"),
    },
  ];
  // The walks (priced by the lines they walk, docs/guide/limits.md): every line of the stock take
  // counted first, most of them differing from what was expected; the review accepts them all
  // (then walks them again, finding none left), and the reconcile's dry run previews every change.
  const lines = skuIds.length;
  const thousands = `${(lines / 1000).toFixed(0)},000 lines`;
  for (let i = 0; i < lines; i += 10_000) {
    const counted = await call(server.token, {
      method: "POST",
      path: `/api/v1/stock-takes/${stockTakeId}/input`,
      body: {
        counts: skuIds.slice(i, i + 10_000).map((id) => ({ type: "sku", id, counted_qty: id % 7 })),
      },
    });
    if (!counted.ok) throw new Error(`counting the stock take failed: ${JSON.stringify(counted)}`);
  }
  const stockTakePath = `/api/v1/stock-takes/${stockTakeId}`;
  operations.push(
    {
      name: `POST …/accept-lines, safe, ${thousands}`,
      clients: 2,
      request: () => ({
        method: "POST",
        path: `${stockTakePath}/accept-lines`,
        body: { safe: true },
      }),
    },
    {
      name: `POST …/reconcile, dry run, ${thousands}`,
      clients: 2,
      request: () => ({
        method: "POST",
        path: `${stockTakePath}/reconcile`,
        body: { dry_run: true },
      }),
    },
    {
      // One client: a second start over the same SKUs would wait for the first's cancel.
      name: `POST /stock-takes/start, ${thousands}, + cancel`,
      clients: 1,
      request: () => ({ method: "POST", path: "/api/v1/stock-takes/start", body: {} }),
      then: (answer) => ({
        method: "POST",
        path: `/api/v1/stock-takes/${(answer as { id: number }).id}/cancel`,
      }),
    },
  );
  const figures: PriceFigure[] = [];
  try {
    for (const op of operations) {
      if (op.then) {
        // The starts count every SKU: the stock take the other operations used makes way.
        await call(server.token, { method: "POST", path: `${stockTakePath}/cancel` });
      }
      const clients = op.clients ?? CLIENTS_PER_OPERATION;
      // Warm-up: connections, prepared statements, JIT (none for a walk: the first accept of a
      // review is the one that accepts, and the connections are warm by then).
      const warmUps = op.clients === undefined ? clients : 0;
      for (let client = 0; client < warmUps; client++) await send(op, client);
      const unitsBefore = await level();
      const serverBefore = await server.cpuSeconds();
      const postgresBefore = await postgresCpu(spec.dataDir);
      const until = Date.now() + spec.seconds * 1000;
      let done = 0;
      let failures = 0;
      await Promise.all(
        Array.from({ length: clients }, async (_, client) => {
          while (Date.now() < until) {
            if (await send(op, client)) done++;
            else failures++;
          }
        }),
      );
      const units = unitsBefore - (await level());
      const serverUs = ((await server.cpuSeconds()) - serverBefore) * 1e6;
      const postgresUs = ((await postgresCpu(spec.dataDir)) - postgresBefore) * 1e6;
      const requests = Math.max(1, done + failures);
      figures.push({
        name: op.name,
        perSecond: done / spec.seconds,
        unitsPerRequest: units / requests,
        serverUsPerUnit: serverUs / Math.max(1, units),
        postgresUsPerUnit: postgresUs / Math.max(1, units),
        failures,
      });
    }
  } finally {
    await server.stop();
  }
  return figures;
}
