// npm run bench: the ledger against raw SQL doing the same writes, and keyset paging depth.
// Runs the built service (npm run bench compiles first) on embedded PostgreSQL, or DATABASE_URL.
import "reflect-metadata";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { availableParallelism, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { createPrismaClient } from "../src/db/client.js";
import { startEmbeddedPostgres } from "../src/db/embedded.js";
import { describePgSide, describeStatement, enablePgSide, withPgSide } from "./pg-side.js";
import { median, time } from "./measure.js";
import { migrate } from "../src/db/migrate.js";
import type { ServiceContext } from "../src/context.js";
import { SCOPES } from "../src/auth/principal.js";
import { createAccount } from "../src/modules/account/account.service.js";
import { createToken } from "../src/modules/token/token.store.js";
import { bulkAdjust } from "../src/modules/adjustment/adjustment.service.js";
import { queryMovements } from "../src/modules/movement/movement.service.js";
import { CLIENTS, rawLoad, serviceLoad } from "./concurrency.js";
import type { LoadResult } from "./load.js";
import { startServer } from "./server.js";
import { areaFigures, L1_PREFIXES, seedAisles } from "./areas.js";
import { seedValued, V2_MOVEMENTS, V2_SKUS, valueFigures } from "./value.js";
import {
  seedValuation,
  snapshotsTaken,
  V3_MOVEMENTS,
  V3_SITES,
  V3_SKUS,
  valuationFigures,
} from "./valuation.js";
import { cycleFigures, seedCycle } from "./cycle.js";
import { APP_COUNTERS, TRANSFER_LINES, appFigures, chromiumAvailable } from "./app.js";
import { P5_SKUS, p5Steps, rawStockTake, serviceStockTake } from "./stock-take.js";
import { IMPORT_BATCH, rawImport, serviceImport } from "./import.js";
import { replicaFigures } from "./replicas.js";
import { P7_MONTHS, runP7 } from "./p7.js";
import { verifyFigures } from "./verify.js";
import { limiterFigures } from "./rate-limit.js";
import { fairnessFigures, HOSTILE_LIMIT } from "./fairness.js";
import { PRICE_SKUS, priceFigures, type PriceFigure } from "./prices.js";
import { HOSTILE_NAMES, REFERENCE_NAMES, type ClassStats, type HostileName } from "./hostile.js";
import { budget, target, within, type Bound } from "./budget.js";
import { lockLevels, writeLevels } from "./raw-levels.js";
import { benchSite, transferFigures } from "./transfers.js";
import { withoutTriggers } from "./seeding.js";
import {
  S1_PAGE_SITES,
  S1_PAGE_SKUS,
  S1_QUICK_SIZE,
  S1_SIZE,
  seedSites,
  siteFigures,
  type SiteLoad,
} from "./sites.js";
import { MAX_PAGE_SIZE } from "../src/limits.js";

// `npm run bench -- p5` runs only the named scenarios (bulk, p4, p2, p5, p6, p7, verify,
// replicas, fairness, prices, areas, cycle, value, valuation, transfers, sites, app); none named runs all. `--only=csv,webhooks` limits fairness's hostile
// classes to those named (bench/hostile.ts).
// `--quick` runs them at a tenth of the size, in a minute or two: it proves the bench still runs
// (CI does that) and says nothing about speed.
const args = process.argv.slice(2).map((a) => a.toLowerCase());
const quick = args.includes("--quick");
const named = args.filter((a) => !a.startsWith("--"));
const wants = (scenario: string) => named.length === 0 || named.includes(scenario);

const LINES = quick ? 1000 : 10_000;
const RUNS = quick ? 3 : 5;
/** T1's transfer: a line per SKU. */
const T1_LINES = quick ? 100 : 1000;
/** P4's ledger, and how deep its deep page is (pages of 100). */
const P4_MOVEMENTS = quick ? 200_000 : 5_000_000;
/** C1's catalog: the issue's million SKUs. */
const C1_SKUS = 1_000_000;
const P4_DEPTH = quick ? 500 : 10_000;
const P2_SECONDS = Number(process.env.BENCH_SECONDS ?? (quick ? 2 : 8));
const P5_SIZE = quick ? P5_SKUS / 10 : P5_SKUS;
const P6_SKUS = quick ? 10_000 : 100_000;
/** L1's SKUs in the aisles counted (a fifth as many stand elsewhere). */
const L1_SKUS = 100_000;
/** P7's ledger over P7_MONTHS monthly partitions. */
const P7_MOVEMENTS = quick ? 400_000 : 20_000_000;
/** The verifier's ledger: movements over SKUs of one account. */
const VERIFY_MOVEMENTS = quick ? 200_000 : 5_000_000;
const VERIFY_SKUS = quick ? 2000 : 20_000;
/** N1's phases, alone and beside the hostile account, and the hostile classes' head start. */
const N1_SECONDS = Number(process.env.BENCH_SECONDS ?? (quick ? 3 : 15));
const N1_RAMP_SECONDS = quick ? 1 : 5;
const only = (args
  .find((a) => a.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",") ?? []) as HostileName[];
for (const name of only) {
  const known: readonly string[] = [...HOSTILE_NAMES, ...REFERENCE_NAMES];
  if (!known.includes(name)) {
    throw new Error(`--only: no hostile class ${name} (${known.join(", ")})`);
  }
}

const ms = (x: number) => `${x.toFixed(1)} ms`;
const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
const MIB = 1024 * 1024;
const mib = (bytes: number) => `${(bytes / MIB).toFixed(0)} MiB`;
const times = (x: number) => `${x}x`;
const inSeconds = (msValue: number) => `${msValue / 1000} s`;

let embedded: { url: string; clusterDir: string; stop: () => Promise<void> } | undefined;
let url = process.env.DATABASE_URL;
let dataDir: string | undefined;
if (!url) {
  dataDir = await mkdtemp(join(tmpdir(), "countpoint-bench-"));
  // pg_stat_statements loaded: P2 prints PostgreSQL's side of each run (bench/pg-side.ts).
  embedded = await startEmbeddedPostgres({
    dataDir,
    settings: { shared_preload_libraries: "pg_stat_statements" },
  });
  url = embedded.url;
}
await migrate(url);
const db = createPrismaClient(url, 4);
const raw = new pg.Client({ connectionString: url });
await raw.connect();
/** The client that reads pg_stat_statements, when the cluster loads it. */
const pgStats = (await enablePgSide(raw)) ? raw : null;

async function newContext(name: string): Promise<ServiceContext> {
  const account = await createAccount(db, { name });
  return {
    db,
    principal: {
      accountId: account.id,
      timezone: "UTC",
      actor: { name: "bench", tokenId: null },
      scopes: new Set(SCOPES),
    },
  };
}

/**
 * Each movement of the SKU starts where the one before ended, and the last ends at its on hand
 * at the default site (where all of them are).
 */
async function chainIntact(accountId: number, skuId: number): Promise<boolean> {
  const { rows } = await raw.query<{ broken: number }>(
    `SELECT count(*)::int AS broken FROM (
       SELECT quantity_before, lag(quantity_after) OVER (ORDER BY id) AS previous
       FROM stock_movements WHERE account_id = $1 AND sku_id = $2) m
     WHERE previous IS NOT NULL AND quantity_before <> previous`,
    [accountId, skuId],
  );
  const { rows: last } = await raw.query<{ same: boolean }>(
    `SELECT (SELECT quantity_after FROM stock_movements WHERE account_id = $1 AND sku_id = $2
       ORDER BY id DESC LIMIT 1) = COALESCE(l.on_hand, 0) AS same
     FROM skus AS s
     LEFT JOIN sku_stock AS l ON l.account_id = s.account_id AND l.sku_id = s.id
       AND l.site_id = (SELECT id FROM sites WHERE account_id = $1 AND is_default)
     WHERE s.account_id = $1 AND s.id = $2`,
    [accountId, skuId],
  );
  return rows[0]?.broken === 0 && last[0]?.same === true;
}

/** `count` SKUs of the account, 5 on hand each at its default site. */
async function seedSkus(accountId: number, count: number): Promise<number[]> {
  const { rows } = await raw.query<{ id: number }>(
    `WITH s AS (
       INSERT INTO skus (account_id, code, name)
       SELECT $1, 'B-' || g, 'Bench ' || g FROM generate_series(1, $2) g RETURNING account_id, id
     ), l AS (
       INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand)
       SELECT s.account_id, d.id, s.id, 5 FROM s
       JOIN sites AS d ON d.account_id = s.account_id AND d.is_default
     )
     SELECT id FROM s`,
    [accountId, count],
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** A site of the account besides its default, each of its SKUs holding 5 there too; its id. */
async function namedSiteWithStock(accountId: number): Promise<number> {
  const { rows } = await raw.query<{ id: number }>(
    `WITH site AS (
       INSERT INTO sites (account_id, code, name) VALUES ($1, 'BENCH-STORE', 'Bench store')
       RETURNING account_id, id
     ), l AS (
       INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand)
       SELECT site.account_id, site.id, s.id, 5 FROM site
       JOIN skus AS s ON s.account_id = site.account_id
     )
     SELECT id FROM site`,
    [accountId],
  );
  return rows[0]!.id;
}

/** Every figure printed, by scenario, for bench/results.json. */
const results: { scenario: string; figure: string; value: string }[] = [];
let scenario = "";
const heading = (title: string) => {
  scenario = title;
  console.log(title);
};
const row = (label: string, value: string) => {
  results.push({ scenario, figure: label, value });
  console.log(`  ${label.padEnd(52)}${value}`);
};
/** A figure against its budget (bench/budget.json), judged on this run; printed together at the end. */
interface Verdict {
  id: string;
  what: string;
  figure: string;
  baseline: string;
  ratio: string;
  target: string;
  met: boolean;
}
const verdicts: Verdict[] = [];
const judge = (v: Verdict) => verdicts.push(v);
/** A figure's target as printed and whether `value` meets its budget `b`. */
const against = (b: Bound, value: number, format?: (x: number) => string) => ({
  target: target(b, format),
  met: within(b, value),
});
/** The same, as the "(target …)" a row ends with. */
const note = (b: Bound, format?: (x: number) => string) => `(target ${target(b, format)})`;
/** Peak server RSS against its scenario's budget (M1's for P1, P2 and P3). */
const judgeRss = (id: string, what: string, peak: number, b: Bound = budget.M1.peakRssMiB) =>
  judge({
    id,
    what,
    figure: mib(peak),
    baseline: "",
    ratio: "",
    ...against(b, peak / MIB, (x) => `${x} MiB`),
  });

const version = (await raw.query("SHOW server_version")).rows[0].server_version;
console.log(
  `Countpoint benchmark: ${availableParallelism()} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB memory, PostgreSQL ${version}, Node ${process.version}${quick ? "; --quick: small sizes, figures not comparable" : ""}`,
);

if (wants("replicas")) {
  // Read replicas: what routing reads to a streaming replica costs writes and gives reads. First,
  // while the cluster it copies for the replica holds no other scenario's data.
  heading(`Read replicas, ${CLIENTS} clients, 1000 SKUs of one account, ${P2_SECONDS} s each:`);
  if (!embedded) {
    row("skipped", "needs the embedded cluster (unset DATABASE_URL) to make a replica of it");
  } else {
    const context = await newContext("bench-replicas");
    await replicaFigures({
      db,
      primaryUrl: url,
      primaryDir: embedded.clusterDir,
      accountId: context.principal.accountId,
      skuIds: await seedSkus(context.principal.accountId, 1000),
      seconds: P2_SECONDS,
      row,
    });
  }
}

if (wants("bulk")) {
  // 1. A 10,000-line bulk adjustment through the service vs the same writes in hand-written SQL.
  const service = await newContext("bench-service");
  const serviceSkus = await seedSkus(service.principal.accountId, LINES);
  const rawCtx = await newContext("bench-raw");
  const rawSkus = await seedSkus(rawCtx.principal.accountId, LINES);

  // P1 end to end: the same request over REST to `countpoint serve` in a process of its own.
  const overHttp = await newContext("bench-service-http");
  const httpSkus = await seedSkus(overHttp.principal.accountId, LINES);
  const server = await startServer(db, url, overHttp.principal.accountId);

  const serviceTimes: number[] = [];
  const httpTimes: number[] = [];
  const rawTimes: number[] = [];
  let rssGrowth = 0;
  for (let run = 1; run <= RUNS; run++) {
    const lines = serviceSkus.map((id, i) => ({ type: "sku", id, newQty: 10 + run + (i % 7) / 8 }));
    const rssBefore = process.memoryUsage().rss;
    serviceTimes.push(await time(() => bulkAdjust(service, { reason: "correction", lines })));
    rssGrowth = Math.max(rssGrowth, process.memoryUsage().rss - rssBefore);

    const body = JSON.stringify({
      reason: "correction",
      lines: httpSkus.map((id, i) => ({ type: "sku", id, new_qty: 10 + run + (i % 7) / 8 })),
    });
    httpTimes.push(
      await time(async () => {
        const res = await fetch(`${server.baseUrl}/api/v1/stock-adjustments/bulk`, {
          method: "POST",
          headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
          body,
        });
        await res.arrayBuffer();
        if (res.status !== 201) throw new Error(`bulk over REST answered ${res.status}`);
      }),
    );

    const ids = rawSkus;
    const qtys = rawSkus.map((_, i) => String(10 + run + (i % 7) / 8));
    const account = rawCtx.principal.accountId;
    rawTimes.push(
      await time(async () => {
        await raw.query("BEGIN");
        const levels = await lockLevels(raw, account, ids);
        const adj = await raw.query(
          "INSERT INTO stock_adjustments (account_id, reason, actor_name, site_id) SELECT $1, 'correction', 'bench', id FROM sites WHERE account_id = $1 AND is_default RETURNING id",
          [account],
        );
        const before = ids.map((id) => levels.get(id) ?? "0");
        await writeLevels(raw, account, ids, qtys);
        const moved = await raw.query(
          `INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id, quantity_before,
             quantity_after, change, reason, source, adjustment_id, actor_name, site_id)
           SELECT $1, clock_timestamp(), 'sku', v.id, v.b, v.a, v.a - v.b, 'correction', 'adjustment', $5, 'bench',
       (SELECT id FROM sites WHERE account_id = $1 AND is_default)
           FROM unnest($2::int[], $3::numeric[], $4::numeric[]) WITH ORDINALITY v(id, b, a, ord) ORDER BY v.ord
           RETURNING id`,
          [account, ids, before, qtys, adj.rows[0].id],
        );
        await raw.query(
          `INSERT INTO stock_adjustment_lines (account_id, adjustment_id, line_no, entity_type, sku_id,
             previous_qty, new_qty, change, status, movement_id)
           SELECT $1, $2, v.ord - 1, 'sku', v.id, v.b, v.a, v.a - v.b, 'changed', v.m
           FROM unnest($3::int[], $4::numeric[], $5::numeric[], $6::bigint[]) WITH ORDINALITY v(id, b, a, m, ord)`,
          [account, adj.rows[0].id, ids, before, qtys, moved.rows.map((r) => r.id)],
        );
        await raw.query("COMMIT");
      }),
    );
  }
  const serverPeak = await server.peakRss();
  await server.stop();
  const bulkMedian = median(serviceTimes.slice(1));
  const httpMedian = median(httpTimes.slice(1));
  const rawMedian = median(rawTimes.slice(1));
  heading(`P1 bulk adjustment, ${LINES} lines (median of ${RUNS - 1} after a warm-up):`);
  row("POST /stock-adjustments/bulk, end to end", ms(httpMedian));
  row("the service call alone, in process", ms(bulkMedian));
  row("raw SQL doing the same writes", ms(rawMedian));
  row(
    "ratio REST / raw SQL",
    `${(httpMedian / rawMedian).toFixed(2)}x ${note(budget.P1.restOverRaw, times)}, ${note(budget.P1.restMs, inSeconds)}`,
  );
  row("ratio service call / raw SQL", `${(bulkMedian / rawMedian).toFixed(2)}x`);
  row("memory growth of one service call", mib(rssGrowth));
  row("peak server RSS during P1", `${mib(serverPeak)} ${note(budget.M1.peakRssMiB)}`);
  judge({
    id: "P1",
    what: `bulk adjustment of ${LINES} lines over REST / raw SQL`,
    figure: ms(httpMedian),
    baseline: ms(rawMedian),
    ratio: `${(httpMedian / rawMedian).toFixed(2)}x`,
    ...against(budget.P1.restOverRaw, httpMedian / rawMedian, times),
  });
  judge({
    id: "P1",
    what: `bulk adjustment of ${LINES} lines over REST, time`,
    figure: ms(httpMedian),
    baseline: "",
    ratio: "",
    ...against(budget.P1.restMs, httpMedian, inSeconds),
  });
  judgeRss("M1", "peak server RSS during P1", serverPeak);
}

if (wants("p4")) {
  // P4: keyset pages stay as fast deep in the ledger as at its start, account-wide (a 30-day
  // window) and per SKU. Half the movements belong to one SKU, so its history is as deep.
  const reader = await newContext("bench-p4");
  const account = reader.principal.accountId;
  const skus = await seedSkus(account, 1000);
  const hot = skus[0]!;
  process.stderr.write(`P4: writing ${P4_MOVEMENTS} movements…\n`);
  // The month they are stamped in has its partition, as it would have had when they were written.
  await raw.query(`SELECT countpoint_create_partition('stock_movements', '2026-01-01')`);
  await raw.query(
    `INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id, quantity_before,
       quantity_after, change, reason, source, actor_name, site_id)
     SELECT $1, timestamp '2026-01-01' + g * ($4::float8 / $3) * interval '1 day', 'sku',
       CASE WHEN g % 2 = 0 THEN $2 ELSE ($5::int[])[1 + g % 999 + 1] END,
       1, 2, 1, 'correction', 'adjustment', 'bench',
       (SELECT id FROM sites WHERE account_id = $1 AND is_default)
     FROM generate_series(1, $3) g`,
    [account, hot, P4_MOVEMENTS, 30, skus],
  );
  await raw.query("ANALYZE stock_movements");
  const windowed = { from: "2026-01-01", to: "2026-01-31" };
  const pageDeep = async (query: Parameters<typeof queryMovements>[1]) => {
    // Walk once with big pages to the cursor before page P4_DEPTH (pages of 100).
    let cursor: string | undefined;
    for (let seen = 0; seen < (P4_DEPTH - 1) * 100; seen += 1000) {
      const page = await queryMovements(reader, { ...query, limit: 1000, cursor });
      cursor = page.nextCursor ?? undefined;
    }
    const first: number[] = [];
    const deep: number[] = [];
    for (let run = 0; run < 21; run++) {
      first.push(await time(() => queryMovements(reader, { ...query, limit: 100 })));
      deep.push(
        await time(async () => {
          const page = await queryMovements(reader, { ...query, limit: 100, cursor });
          if (page.items.length !== 100) throw new Error("the deep page must be full");
        }),
      );
    }
    return { first: median(first.slice(1)), deep: median(deep.slice(1)) };
  };
  const wide = await pageDeep(windowed);
  const oneSku = await pageDeep({ skuId: hot });
  const perSku: number[] = [];
  for (let i = 0; i < 200; i++) {
    const skuId = skus[1 + Math.floor(Math.random() * (skus.length - 1))]!;
    perSku.push(await time(() => queryMovements(reader, { skuId, limit: 100 })));
  }
  perSku.sort((x, y) => x - y);
  heading(
    `P4 movement history, ${P4_MOVEMENTS} movements, pages of 100, page ${P4_DEPTH} deep (medians of 20):`,
  );
  row("account-wide 30-day window: first page", ms(wide.first));
  row(`account-wide 30-day window: page ${P4_DEPTH}`, ms(wide.deep));
  row(
    "ratio deep / first",
    `${(wide.deep / wide.first).toFixed(2)}x ${note(budget.P4.deepOverFirst)}`,
  );
  row(`one SKU (${P4_MOVEMENTS / 2} movements): first page`, ms(oneSku.first));
  row(`one SKU: page ${P4_DEPTH}`, ms(oneSku.deep));
  row(
    "ratio deep / first",
    `${(oneSku.deep / oneSku.first).toFixed(2)}x ${note(budget.P4.deepOverFirst)}`,
  );
  row(
    "first page of 200 other SKUs: p50, p99",
    `${ms(perSku[100]!)}, ${ms(perSku[198]!)} (target p99 ${target(budget.P4.otherSkusP99Ms)} ms)`,
  );
  for (const [what, r] of [
    ["account-wide window", wide],
    ["one SKU", oneSku],
  ] as const) {
    judge({
      id: "P4",
      what: `${what}: page ${P4_DEPTH} / first page`,
      figure: ms(r.deep),
      baseline: ms(r.first),
      ratio: `${(r.deep / r.first).toFixed(2)}x`,
      ...against(budget.P4.deepOverFirst, r.deep / r.first, times),
    });
  }
  judge({
    id: "P4",
    what: "first page of other SKUs, p99",
    figure: ms(perSku[198]!),
    baseline: "",
    ratio: "",
    ...against(budget.P4.otherSkusP99Ms, perSku[198]!, ms),
  });
}

if (wants("p7")) {
  // P7: P4's queries on a ledger of two years in monthly partitions.
  const reader = await newContext("bench-p7");
  const skus = await seedSkus(reader.principal.accountId, 1000);
  const r = await runP7(raw, reader, skus, { movements: P7_MOVEMENTS, depth: P4_DEPTH });
  heading(
    `P7 movement history, ${P7_MOVEMENTS} movements over ${P7_MONTHS} monthly partitions, pages of 100 (medians of 20; service / raw SQL):`,
  );
  row("written by INSERT … SELECT, 1,000,000 a statement", `${(r.writeMs / 1000).toFixed(1)} s`);
  row("movements of the account in the last 31 days", String(r.windowRows));
  row(`movements of one SKU`, String(P7_MOVEMENTS / 2));
  for (const [what, p] of [
    ["account-wide, last 31 days", r.wide],
    ["one SKU", r.oneSku],
  ] as const) {
    row(`${what}: first page`, `${ms(p.first)} / ${ms(p.rawFirst)}`);
    row(`${what}: page ${p.depth}`, `${ms(p.deep)} / ${ms(p.rawDeep)}`);
    row("ratio deep / first", `${(p.deep / p.first).toFixed(2)}x ${note(budget.P7.deepOverFirst)}`);
    judge({
      id: "P7",
      what: `${what}: page ${p.depth} / first page`,
      figure: ms(p.deep),
      baseline: ms(p.first),
      ratio: `${(p.deep / p.first).toFixed(2)}x`,
      ...against(budget.P7.deepOverFirst, p.deep / p.first, times),
    });
  }
  row(
    "first page of 200 other SKUs: p50, p99",
    `${ms(r.perSku[100]!)}, ${ms(r.perSku[198]!)} (target p99 ${target(budget.P7.otherSkusP99Ms)} ms)`,
  );
  judge({
    id: "P7",
    what: "first page of other SKUs, p99",
    figure: ms(r.perSku[198]!),
    baseline: "",
    ratio: "",
    ...against(budget.P7.otherSkusP99Ms, r.perSku[198]!, ms),
  });
}

if (wants("p2")) {
  // P2 and P3: single adjustments from 32 concurrent clients of one account, over HTTP.
  const seconds = P2_SECONDS;
  const service = await newContext("bench-p2-service");
  const serviceSkus = await seedSkus(service.principal.accountId, 1000);
  const rawAccount = (await newContext("bench-p2-raw")).principal.accountId;
  const rawSkus = await seedSkus(rawAccount, 1000);
  // BENCH_P2_COSTS=1: the service's account has a currency and every SKU a unit cost, so each
  // change is valued by the ledger's statement (to compare with P2 without, alternating).
  if (process.env.BENCH_P2_COSTS === "1") {
    const id = service.principal.accountId;
    await raw.query(
      "UPDATE accounts SET currency = 'EUR', currency_minor_units = 2 WHERE id = $1",
      [id],
    );
    await raw.query("UPDATE skus SET unit_cost = 1.25 + id % 100 WHERE account_id = $1", [id]);
  }
  const server = await startServer(db, url, service.principal.accountId);
  // BENCH_P2_SITE=named: the service's adjustments name a site of the account other than its
  // default (each SKU holding its stock there too), to compare with P2 at the default site.
  const siteId =
    process.env.BENCH_P2_SITE === "named"
      ? await namedSiteWithStock(service.principal.accountId)
      : undefined;
  // Each client is a counting device with a token of its own, as the service's default limit
  // (100/s a token) has it; 32 clients of one token are the rate limiter's scenario below.
  const tokens: string[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const made = await createToken(db, {
      accountId: service.principal.accountId,
      name: `device ${i + 1}`,
      rateLimit: { perSecond: 1_000_000_000, burst: 1_000_000_000 },
    });
    tokens.push(made.token);
  }
  /** A load run, with the server's CPU time and its statements to PostgreSQL per request answered. */
  const load = async (skuIds: number[], transport: "rest" | "graphql", s = seconds) => {
    const before = await server.counters();
    const cpuBefore = await server.cpuSeconds();
    const result = await serviceLoad({
      ...server,
      tokens,
      skuIds,
      transport,
      connections: CLIENTS,
      seconds: s,
      siteId,
    });
    const cpu = (await server.cpuSeconds()) - cpuBefore;
    const changes = Math.max(1, result.perSecond * s);
    // Requests the load left in flight end on the server: their statements are counted once it is quiet.
    let after = await server.counters();
    for (let tries = 0; tries < 20; tries++) {
      await new Promise((r) => setTimeout(r, 100));
      const next = await server.counters();
      if (next.requests === after.requests) break;
      after = next;
    }
    return {
      ...result,
      cpuPerChangeUs: (cpu * 1e6) / changes,
      // Over the requests sent: those cut off as the run ended sent their statements too.
      statementsPerRequest:
        (after.statements - before.statements) /
        Math.max(1, result.sent ?? after.requests - before.requests),
    };
  };
  /** Two runs of half the time as one: rates, CPU and statements averaged, the worse p99 kept. */
  const bothHalves = (a: Awaited<ReturnType<typeof load>>, b: typeof a): typeof a => ({
    perSecond: (a.perSecond + b.perSecond) / 2,
    p50Ms: (a.p50Ms + b.p50Ms) / 2,
    p99Ms: Math.max(a.p99Ms, b.p99Ms),
    failures: a.failures + b.failures,
    cpuPerChangeUs:
      (a.cpuPerChangeUs * a.perSecond + b.cpuPerChangeUs * b.perSecond) /
      Math.max(1, a.perSecond + b.perSecond),
    statementsPerRequest:
      (a.statementsPerRequest * a.perSecond + b.statementsPerRequest * b.perSecond) /
      Math.max(1, a.perSecond + b.perSecond),
  });
  const rate = (r: LoadResult) =>
    `${r.perSecond.toFixed(0)}/s, p50 ${ms(r.p50Ms)}, p99 ${ms(r.p99Ms)}${r.failures ? `, ${r.failures} failed` : ""}`;
  // To a tenth, judged as printed: a request sent as a run ends may never reach the server.
  const perRequest = (r: { statementsPerRequest: number }) => r.statementsPerRequest.toFixed(1);
  try {
    // Warm-up, both transports: connections, prepared statements, JIT.
    await load(serviceSkus, "rest", quick ? 1 : 2);
    await load(serviceSkus, "graphql", quick ? 1 : 2);
    const changesIn = (s: number) => (r: LoadResult) => r.perSecond * s;
    const { result: raw2, pg: rawPg } = await withPgSide(
      pgStats,
      () => rawLoad(url, rawAccount, rawSkus, seconds),
      changesIn(seconds),
    );
    // REST's run is split around GraphQL's (A B A), so neither transport always meets the table
    // and its indexes later in their life (dead rows, more movements) than the other.
    const restBefore = await load(serviceSkus, "rest", seconds / 2);
    const { result: graphql2, pg: graphqlPg } = await withPgSide(
      pgStats,
      () => load(serviceSkus, "graphql"),
      changesIn(seconds),
    );
    // PostgreSQL's side of REST from its second half.
    const { result: restAfter, pg: restPg } = await withPgSide(
      pgStats,
      () => load(serviceSkus, "rest", seconds / 2),
      changesIn(seconds / 2),
    );
    const rest2 = bothHalves(restBefore, restAfter);
    heading(
      `P2 single adjustments, ${CLIENTS} clients with a token each, 1000 SKUs of one account, ${seconds} s each:`,
    );
    row("raw SQL (BEGIN, lock, level, stamp, insert, COMMIT)", rate(raw2));
    row("REST PATCH /skus/{id}", rate(rest2));
    row("GraphQL adjustSkuStock", rate(graphql2));
    const p2 = budget.P2;
    row(
      "REST / raw changes per second",
      `${pct(rest2.perSecond / raw2.perSecond)} ${note(p2.restOverRaw, pct)}`,
    );
    row(
      "REST / raw p99",
      `${(rest2.p99Ms / raw2.p99Ms).toFixed(2)}x ${note(p2.restP99OverRaw, times)}`,
    );
    row(
      "GraphQL / REST changes per second",
      `${pct(graphql2.perSecond / rest2.perSecond)} ${note(p2.graphqlOverRest, pct)}`,
    );
    // The server is one Node.js thread: its CPU per change decides its rate once a core is busy.
    row(
      "server CPU per change, REST / GraphQL",
      `${rest2.cpuPerChangeUs.toFixed(0)} µs / ${graphql2.cpuPerChangeUs.toFixed(0)} µs (REST's is ${pct(rest2.cpuPerChangeUs / graphql2.cpuPerChangeUs)} of GraphQL's)`,
    );
    // From /metrics: REST checks the token in its adjustment's statement, GraphQL in one of its
    // own; raw SQL sends 6 a change.
    row(
      "statements per request, REST / GraphQL",
      `${perRequest(rest2)} / ${perRequest(graphql2)} (raw SQL: 6)`,
    );
    // PostgreSQL's execution time per change (pg_stat_statements), beside raw SQL's.
    row("PostgreSQL per change, raw SQL", describePgSide(rawPg));
    row("PostgreSQL per change, REST", describePgSide(restPg));
    row("PostgreSQL per change, GraphQL", describePgSide(graphqlPg));
    const perSecond = (r: LoadResult) => `${r.perSecond.toFixed(0)}/s`;
    judge({
      id: "P2",
      what: "single adjustments, REST / raw changes per second",
      figure: perSecond(rest2),
      baseline: perSecond(raw2),
      ratio: pct(rest2.perSecond / raw2.perSecond),
      ...against(p2.restOverRaw, rest2.perSecond / raw2.perSecond, pct),
    });
    judge({
      id: "P2",
      what: "single adjustments, REST / raw p99",
      figure: ms(rest2.p99Ms),
      baseline: ms(raw2.p99Ms),
      ratio: `${(rest2.p99Ms / raw2.p99Ms).toFixed(2)}x`,
      ...against(p2.restP99OverRaw, rest2.p99Ms / raw2.p99Ms, times),
    });
    judge({
      id: "P2",
      what: "single adjustments, GraphQL / REST",
      figure: perSecond(graphql2),
      baseline: perSecond(rest2),
      ratio: pct(graphql2.perSecond / rest2.perSecond),
      ...against(p2.graphqlOverRest, graphql2.perSecond / rest2.perSecond, pct),
    });
    for (const [transport, r, cpu, statements] of [
      ["REST", rest2, p2.restCpuPerChangeMs, p2.restStatementsPerRequest],
      ["GraphQL", graphql2, p2.graphqlCpuPerChangeMs, p2.graphqlStatementsPerRequest],
    ] as const) {
      judge({
        id: "P2",
        what: `${transport} server CPU per change`,
        figure: `${(r.cpuPerChangeUs / 1000).toFixed(2)} ms`,
        baseline: "",
        ratio: "",
        ...against(cpu, r.cpuPerChangeUs / 1000, (x) => `${x} ms`),
      });
      judge({
        id: "P2",
        what: `${transport} statements to PostgreSQL per request`,
        figure: perRequest(r),
        baseline: "5 (raw SQL)",
        ratio: "",
        ...against(statements, Number(perRequest(r))),
      });
    }

    const [hot] = serviceSkus;
    const [rawHot] = rawSkus;
    const raw3 = await rawLoad(url, rawAccount, [rawHot!], seconds);
    const rest3 = await load([hot!], "rest");
    heading(`P3 one SKU, ${CLIENTS} clients, ${seconds} s each:`);
    row("raw SQL", rate(raw3));
    row("REST PATCH /skus/{id}", rate(rest3));
    row(
      "REST / raw changes per second",
      `${pct(rest3.perSecond / raw3.perSecond)} ${note(budget.P3.restOverRaw, pct)}`,
    );
    const chained = await chainIntact(service.principal.accountId, hot!);
    row(
      "errors; the SKU's movements chained to on hand",
      `${rest3.failures}; ${chained ? "yes" : "NO"}`,
    );
    const peak = await server.peakRss();
    row("peak server RSS during P2 and P3", `${mib(peak)} ${note(budget.M1.peakRssMiB)}`);
    judge({
      id: "P3",
      what: "one SKU, REST / raw changes per second",
      figure: `${rest3.perSecond.toFixed(0)}/s`,
      baseline: `${raw3.perSecond.toFixed(0)}/s`,
      ratio: pct(rest3.perSecond / raw3.perSecond),
      ...against(budget.P3.restOverRaw, rest3.perSecond / raw3.perSecond, pct),
    });
    judge({
      id: "P3",
      what: "one SKU, errors",
      figure: String(rest3.failures),
      baseline: "",
      ratio: "",
      ...against(budget.P3.errors, rest3.failures),
    });
    // Not a budget: the ledger's promise, which no speed may buy.
    judge({
      id: "P3",
      what: "one SKU, its movements chained to on hand",
      figure: chained ? "intact" : "broken",
      baseline: "",
      ratio: "",
      target: "intact",
      met: chained,
    });
    judgeRss("M1", "peak server RSS during P2 and P3", peak);
  } finally {
    await server.stop();
  }
  // The rate limiter's cost: P2's REST writes with the buckets in PostgreSQL (the default, as
  // above), with no limit, and in Redis; each server of its own, one after the other.
  const figures = await limiterFigures(db, url, service.principal.accountId, serviceSkus, seconds);
  heading(
    `P2 REST PATCH /skus/{id} and the rate limiter, ${CLIENTS} clients of one token, ${seconds} s each:`,
  );
  for (const [label, r] of figures.runs)
    row(label, `${rate(r)}, ${r.cpuPerChangeUs.toFixed(0)} µs CPU`);
  if (!figures.redis) row("buckets in Redis", `not run: no Redis at ${figures.redisUrl}`);
  const [, off] = figures.runs[0]!;
  for (const [label, r] of figures.runs.slice(1)) {
    row(`${label.replace(/ \(.*/, "")} / no limit`, pct(r.perSecond / off.perSecond));
  }
}

if (wants("p5")) {
  // 3. P5: a stock take of 100,000 SKUs over HTTP, the service as users run it (its settings'
  // defaults), beside raw SQL doing the same writes.
  const rawMs = await rawStockTake(
    raw,
    (await newContext("bench-p5-raw")).principal.accountId,
    seedSkus,
    P5_SIZE,
  );
  const steps = p5Steps(P5_SIZE);
  const context = await newContext("bench-p5-service");
  const server = await startServer(db, url, context.principal.accountId);
  const run = await serviceStockTake(server, seedSkus, P5_SIZE).finally(() => server.stop());
  // The same stock take accepting counts within the default tolerance as they arrive: what
  // judging each count in its statement costs the counts (the same counts, nine in ten accepted).
  const autoContext = await newContext("bench-p5-auto-accept");
  const autoServer = await startServer(db, url, autoContext.principal.accountId);
  const auto = await serviceStockTake(autoServer, seedSkus, P5_SIZE, {
    auto_accept: { abs: 1, pct: 2 },
  }).finally(() => autoServer.stop());
  heading(
    `P5 stock take of ${P5_SIZE} SKUs over HTTP (the service / raw SQL doing the same writes):`,
  );
  steps.forEach(({ step, bound }, i) => {
    row(step, `${ms(run.ms[i]!)} / ${ms(rawMs[i]!)}${bound ? ` ${note(bound, inSeconds)}` : ""}`);
  });
  row(
    "the same counts, auto-accepting",
    `${ms(auto.ms[1]!)} (${(auto.ms[1]! / run.ms[1]!).toFixed(2)}x without)`,
  );
  row("server RSS started, idle", mib(run.idleRss));
  steps.forEach(({ step }, i) => {
    const last = i === steps.length - 1 ? ` ${note(budget.P5.peakRssMiB)}` : "";
    row(`peak server RSS after ${step}`, `${mib(run.peakAfter[i]!)}${last}`);
  });
  steps.forEach(({ step, bound }, i) => {
    if (!bound) return;
    judge({
      id: "P5",
      what: step,
      figure: ms(run.ms[i]!),
      baseline: ms(rawMs[i]!),
      ratio: `${(run.ms[i]! / rawMs[i]!).toFixed(2)}x`,
      ...against(bound, run.ms[i]!, inSeconds),
    });
  });
  const peak = Math.max(...run.peakAfter);
  judgeRss("P5", "peak server RSS", peak, budget.P5.peakRssMiB);
}

if (wants("p6")) {
  // 4. P6: a catalog of 100,000 SKUs imported over HTTP in requests of 10,000 rows.
  const rawMs = await rawImport(
    raw,
    (await newContext("bench-p6-raw")).principal.accountId,
    P6_SKUS,
  );
  const context = await newContext("bench-p6-service");
  const server = await startServer(db, url, context.principal.accountId);
  const run = await serviceImport(server, P6_SKUS).finally(() => server.stop());
  heading(
    `P6 catalog import of ${P6_SKUS} SKUs (a barcode and an opening on hand each), ${IMPORT_BATCH} rows a request:`,
  );
  row("raw SQL (upserts, barcodes, levels, movements)", ms(rawMs));
  row(
    "POST /skus/bulk",
    `${ms(run.ms)}, ${run.created} created ${note(budget.P6.importMs, inSeconds)}`,
  );
  row("service / raw", `${(run.ms / rawMs).toFixed(2)}x`);
  row("peak server RSS", mib(run.peakRss));
  judge({
    id: "P6",
    what: `import of ${P6_SKUS} SKUs over REST`,
    figure: ms(run.ms),
    baseline: ms(rawMs),
    ratio: `${(run.ms / rawMs).toFixed(2)}x`,
    // Every SKU created, or the time says nothing.
    ...against(budget.P6.importMs, run.created === P6_SKUS ? run.ms : Infinity, inSeconds),
  });
  judgeRss("P6", "peak server RSS", run.peakRss, budget.P6.peakRssMiB);
}

if (wants("verify")) {
  // The ledger verifier (countpoint verify) over one account of millions of movements.
  const context = await newContext("bench-verify");
  process.stderr.write(`verify: writing ${VERIFY_MOVEMENTS} movements…\n`);
  const v = await verifyFigures(raw, context, {
    movements: VERIFY_MOVEMENTS,
    skus: VERIFY_SKUS,
    runs: RUNS,
  });
  const verifyMedian = median(v.runsMs.slice(1));
  heading(
    `Ledger verifier, one account of ${v.movements} movements over ${v.skus} SKUs (median of ${RUNS - 1} after a warm-up):`,
  );
  row("verifyLedger (countpoint verify --account)", ms(verifyMedian));
  row("movements checked per second", `${((v.movements / verifyMedian) * 1000).toFixed(0)}/s`);
  row("problems found (a sound ledger: 0)", String(v.problems));
  judge({
    id: "V1",
    what: `verify ${v.movements} movements`,
    figure: ms(verifyMedian),
    baseline: "",
    ratio: "",
    ...against(budget.V1.verifyMs, verifyMedian, inSeconds),
  });
  judge({
    id: "V1",
    what: "problems found in a sound ledger",
    figure: String(v.problems),
    baseline: "",
    ratio: "",
    ...against(budget.V1.problems, v.problems),
  });
}

// PR: what a unit of each priced operation costs, beside a single adjustment's. Not part of a
// --quick run of everything (its figures are only worth reading at full size).
if (wants("prices") && !(quick && named.length === 0)) {
  const context = await newContext("bench-prices");
  const seconds = quick ? 1 : 4;
  const figures = await priceFigures({
    db,
    raw,
    url,
    dataDir: embedded?.clusterDir,
    accountId: context.principal.accountId,
    skuIds: await seedSkus(context.principal.accountId, quick ? PRICE_SKUS / 10 : PRICE_SKUS),
    seconds,
  });
  heading(
    `PR prices: server and PostgreSQL CPU per rate-limit unit, each operation alone, ${seconds} s, 8 clients (2 for a review's or a dry run's walk, 1 for a start), a stock take of every SKU:`,
  );
  const us = (x: number) => (Number.isNaN(x) ? "n/a" : `${x.toFixed(0)} µs`);
  const total = (f: PriceFigure) =>
    f.serverUsPerUnit + (Number.isNaN(f.postgresUsPerUnit) ? 0 : f.postgresUsPerUnit);
  const unit = figures[0] ? total(figures[0]) : NaN;
  for (const f of figures) {
    row(
      f.name,
      `${f.perSecond.toFixed(0)}/s, ${f.unitsPerRequest.toFixed(1)} units each; a unit: server ${us(f.serverUsPerUnit)}, PostgreSQL ${us(f.postgresUsPerUnit)}, ${(total(f) / unit).toFixed(1)}x a single adjustment's${f.failures ? `; ${f.failures} failed` : ""}`,
    );
  }
}

// L1: a stock take started on five aisles of a catalog, and its progress by area. Not part of a
// --quick run of everything (a tenth of its size says nothing).
if (wants("areas") && !(quick && named.length === 0)) {
  const size = quick ? L1_SKUS / 10 : L1_SKUS;
  const rawAccount = (await newContext("bench-l1-raw")).principal.accountId;
  await seedAisles(raw, rawAccount, size);
  const context = await newContext("bench-l1-service");
  await seedAisles(raw, context.principal.accountId, size);
  const server = await startServer(db, url, context.principal.accountId);
  const l1 = await areaFigures(server, raw, rawAccount).finally(() => server.stop());
  heading(
    `L1 counting by area: ${size} SKUs in aisles ${L1_PREFIXES.join(", ")} and ${size / 5} elsewhere (the service / raw SQL doing the same):`,
  );
  row(
    `start scoped by ${L1_PREFIXES.length} location prefixes (${l1.lines} lines)`,
    `${ms(l1.startMs)} / ${ms(l1.rawStartMs)} (target <= 1 s)`,
  );
  row(
    `GET /stock-takes/{id}: summary by area (${l1.areas} areas)`,
    `${ms(l1.summaryMs)} / ${ms(l1.rawSummaryMs)}`,
  );
}

// C1: cycle counts over a catalog of 1,000,000 SKUs. Not part of a --quick run of everything
// (seeding takes a minute; a tenth of it says little about an index-served list).
if (wants("cycle") && !(quick && named.length === 0)) {
  const size = quick ? C1_SKUS / 10 : C1_SKUS;
  const context = await newContext("bench-c1");
  const accountId = context.principal.accountId;
  await seedCycle(raw, accountId, size);
  const server = await startServer(db, url, accountId);
  const c1 = await cycleFigures(server, raw, accountId, RUNS).finally(() => server.stop());
  heading(
    `C1 cycle counts: ${size} SKUs with classes and a movement each (the service over HTTP / raw SQL doing the same the plain way):`,
  );
  for (const d of c1.due) {
    row(
      `GET /stock-takes/due?limit=${d.limit} (${d.rows} rows)`,
      `${ms(d.ms)} / ${ms(d.rawMs)}${d.limit === 100 ? ` ${note(budget.C1.dueMs, (x) => `${x} ms`)}` : ""}`,
    );
  }
  row("POST /skus/classify, dry run", `${ms(c1.classifyMs)} / ${ms(c1.rawClassifyMs)}`);
  row(
    `GET /reports/accuracy, 30 days (${c1.accuracyLines} lines counted)`,
    `${ms(c1.accuracyMs)} / ${ms(c1.rawAccuracyMs)} ${note(budget.C1.accuracyMs, (x) => `${x} ms`)}`,
  );
  row("a year of it: 12 windows, one after the other", ms(c1.accuracyYearMs));
  judge({
    id: "C1",
    what: "accuracy report, 30 days of daily counts, over HTTP / raw SQL",
    figure: ms(c1.accuracyMs),
    baseline: ms(c1.rawAccuracyMs),
    ratio: `${(c1.accuracyMs / c1.rawAccuracyMs).toFixed(2)}x`,
    ...against(budget.C1.accuracyMs, c1.accuracyMs, (x) => `${x} ms`),
  });
  const first = c1.due[0]!;
  judge({
    id: "C1",
    what: `due over ${size} SKUs, limit 100, over HTTP / raw SQL`,
    figure: ms(first.ms),
    baseline: ms(first.rawMs),
    ratio: `${(first.ms / first.rawMs).toFixed(2)}x`,
    ...against(budget.C1.dueMs, first.ms, (x) => `${x} ms`),
  });
}

// V2: money: a valued review of a whole-catalog stock take, and the variance report over 31 days.
if (wants("value")) {
  const skus = quick ? V2_SKUS / 10 : V2_SKUS;
  const movements = quick ? V2_MOVEMENTS / 10 : V2_MOVEMENTS;
  const context = await newContext("bench-v2");
  await seedValued(raw, context.principal.accountId, skus, movements);
  const server = await startServer(db, url, context.principal.accountId);
  const v2 = await valueFigures(server, raw, RUNS).finally(() => server.stop());
  heading(
    `V2 money: ${skus} costed SKUs, a stock take of ${v2.lines} counted lines, ${movements} movements over 31 days (median of ${RUNS - 1} after a warm-up; the service over HTTP / raw SQL computing the same):`,
  );
  row(
    "GET /stock-takes/{id}: summary with values by area",
    `${ms(v2.summaryMs)} / ${ms(v2.rawSummaryMs)}`,
  );
  row("GET …/lines?order=value: the first 100", `${ms(v2.firstPageMs)} / ${ms(v2.rawFirstPageMs)}`);
  const review = v2.summaryMs + v2.firstPageMs;
  row("the valued review: both", `${ms(review)} ${note(budget.V2.reviewMs, (x) => `${x} ms`)}`);
  row(
    `GET /reports/variance, 31 days (${v2.movements} differences)`,
    `${ms(v2.varianceMs)} / ${ms(v2.rawVarianceMs)} ${note(budget.V2.varianceMs, (x) => `${x} ms`)}`,
  );
  judge({
    id: "V2",
    what: "valued review: summary with values, first page by value, over HTTP / raw SQL",
    figure: ms(review),
    baseline: ms(v2.rawSummaryMs + v2.rawFirstPageMs),
    ratio: `${(review / (v2.rawSummaryMs + v2.rawFirstPageMs)).toFixed(2)}x`,
    ...against(budget.V2.reviewMs, review, (x) => `${x} ms`),
  });
  judge({
    id: "V2",
    what: "variance report, 31 days, over HTTP / raw SQL",
    figure: ms(v2.varianceMs),
    baseline: ms(v2.rawVarianceMs),
    ratio: `${(v2.varianceMs / v2.rawVarianceMs).toFixed(2)}x`,
    ...against(budget.V2.varianceMs, v2.varianceMs, (x) => `${x} ms`),
  });
}

// V3: the valuation as of dates across two years of a large ledger, one site and account-wide.
if (wants("valuation")) {
  const shape = {
    sites: quick ? V3_SITES / 10 : V3_SITES,
    skus: quick ? V3_SKUS / 10 : V3_SKUS,
    movements: quick ? V3_MOVEMENTS / 100 : V3_MOVEMENTS,
  };
  const context = await newContext("bench-v3");
  const seeding = await time(() => seedValuation(raw, context.principal.accountId, shape));
  const taken = await snapshotsTaken(db, raw, context.principal.accountId);
  const server = await startServer(db, url, context.principal.accountId);
  const v3 = {
    ...taken,
    ...(await valuationFigures(server, raw, RUNS).finally(() => server.stop())),
  };
  heading(
    `V3 valuation: ${shape.sites} sites, ${v3.levels} stock levels, ${v3.movements} movements over two years (seeded in ${ms(seeding)}); as of the 15th of ${RUNS} months across them, medians (the service over HTTP / raw SQL adding up every movement before the date):`,
  );
  row(`monthly snapshots taken by the upkeep (${v3.snapshots})`, ms(v3.snapshotMs));
  row(
    "GET /reports/valuation?as_of=…&site_id=…",
    `${ms(v3.siteMs)} / ${ms(v3.rawSiteMs)} ${note(budget.V3.siteMs, (x) => `${x} ms`)}`,
  );
  row(
    "GET /reports/valuation?as_of=… (every site)",
    `${ms(v3.accountMs)} / ${ms(v3.rawAccountMs)} ${note(budget.V3.accountMs, (x) => `${x} ms`)}`,
  );
  judge({
    id: "V3",
    what: "valuation as of a date, one site, over HTTP / raw SQL",
    figure: ms(v3.siteMs),
    baseline: ms(v3.rawSiteMs),
    ratio: `${(v3.siteMs / v3.rawSiteMs).toFixed(2)}x`,
    ...against(budget.V3.siteMs, v3.siteMs, (x) => `${x} ms`),
  });
  judge({
    id: "V3",
    what: "valuation as of a date, every site, over HTTP / raw SQL",
    figure: ms(v3.accountMs),
    baseline: ms(v3.rawAccountMs),
    ratio: `${(v3.accountMs / v3.rawAccountMs).toFixed(2)}x`,
    ...against(budget.V3.accountMs, v3.accountMs, (x) => `${x} ms`),
  });
}

// T1: a transfer of T1_LINES lines between two sites, dispatched and received over REST.
if (wants("transfers")) {
  const side = async (name: string) => {
    const id = (await newContext(name)).principal.accountId;
    return { id, skus: await seedSkus(id, T1_LINES), store: await benchSite(raw, id) };
  };
  const service = await side("bench-t1-service");
  const rawSide = await side("bench-t1-raw");
  const server = await startServer(db, url, service.id);
  const t1 = await transferFigures(server, raw, service, rawSide, RUNS).finally(() =>
    server.stop(),
  );
  heading(
    `T1 a transfer of ${t1.lines} lines between two sites (median of ${RUNS - 1} after a warm-up; the service over HTTP / raw SQL doing the same writes):`,
  );
  row(
    "POST /transfers: dispatched",
    `${ms(t1.dispatchMs)} / ${ms(t1.rawDispatchMs)} ${note(budget.T1.dispatchMs, (x) => `${x} ms`)}`,
  );
  row(
    "POST /transfers/{id}/receive: all of it received",
    `${ms(t1.receiveMs)} / ${ms(t1.rawReceiveMs)} ${note(budget.T1.receiveMs, (x) => `${x} ms`)}`,
  );
  for (const [what, figure, baseline, bound] of [
    ["dispatched", t1.dispatchMs, t1.rawDispatchMs, budget.T1.dispatchMs],
    ["received", t1.receiveMs, t1.rawReceiveMs, budget.T1.receiveMs],
  ] as const) {
    judge({
      id: "T1",
      what: `a transfer of ${t1.lines} lines ${what}, over HTTP / raw SQL`,
      figure: ms(figure),
      baseline: ms(baseline),
      ratio: `${(figure / baseline).toFixed(2)}x`,
      ...against(bound, figure, (x) => `${x} ms`),
    });
  }
}

// S1: sites at scale, one account of S1_SIZE's sites × SKUs, every SKU stocked at every site.
if (wants("sites")) {
  const size = quick ? S1_QUICK_SIZE : S1_SIZE;
  const accountId = (await newContext("bench-s1")).principal.accountId;
  process.stderr.write(
    `S1: seeding ${size.sites} sites × ${size.skus} SKUs = ${(size.sites * size.skus).toLocaleString("en")} stock levels…\n`,
  );
  const account = await seedSites(raw, accountId, size);
  const server = await startServer(db, url, accountId);
  const s1 = await siteFigures({
    db,
    server,
    raw,
    url,
    pgStats,
    account,
    runs: RUNS,
    seconds: P2_SECONDS,
  }).finally(() => server.stop());
  const levels = size.sites * size.skus;
  heading(
    `S1 sites at scale: ${size.sites} sites × ${size.skus} SKUs, ${levels.toLocaleString("en")} stock levels (the service over HTTP / raw SQL doing the same; medians of ${RUNS - 1} stock takes and of ${s1.levelsPage.pages - 1} reads of each kind, after a warm-up):`,
  );
  const msTarget = (b: Bound) => note(b, (x) => `${x} ms`);
  row(
    `stock take start at site ${s1.takeSite}: ${s1.lines} lines`,
    `${ms(s1.start.ms)} / ${ms(s1.start.rawMs)} ${msTarget(budget.S1.startMs)}`,
  );
  row(
    `its reconcile: ${s1.changedLines} lines differ`,
    `${ms(s1.reconcile.ms)} / ${ms(s1.reconcile.rawMs)} ${msTarget(budget.S1.reconcileMs)}`,
  );
  row(
    `GET /skus/{id}/levels: ${s1.levelsAllSites.levels} sites, ${s1.levelsAllSites.pages} page${s1.levelsAllSites.pages === 1 ? "" : "s"} of ${MAX_PAGE_SIZE}`,
    `${ms(s1.levelsAllSites.ms)} / ${ms(s1.levelsAllSites.rawMs)} ${msTarget(budget.S1.levelsAllSitesMs)}`,
  );
  row(
    `GraphQL page: ${S1_PAGE_SKUS} SKUs, levels at ${S1_PAGE_SITES} sites`,
    `${ms(s1.levelsPage.ms)} / ${ms(s1.levelsPage.rawMs)} ${msTarget(budget.S1.levelsPageMs)}`,
  );
  row(
    "  statements a page (the server's count)",
    `${s1.levelsPage.statementsPerPage.toFixed(1)} (raw SQL: 1)`,
  );
  for (const t of s1.levelsPage.statements ?? []) {
    row(
      `  ${(t.calls / s1.levelsPage.pages).toFixed(1)} a page, mean ${t.meanUs.toFixed(0)} µs`,
      t.statement,
    );
  }
  const { load } = s1;
  const rate = (r: LoadResult) =>
    `${r.perSecond.toFixed(0)}/s, p50 ${ms(r.p50Ms)}, p99 ${ms(r.p99Ms)}${r.failures ? `, ${r.failures} failed` : ""}`;
  const serverSide = (r: SiteLoad) =>
    `; ${r.cpuPerChangeUs.toFixed(0)} µs server CPU a change, ${r.statementsPerRequest.toFixed(1)} statements a request`;
  row(
    `P2's load at site ${load.site}, ${CLIENTS} clients, ${load.seconds} s: raw SQL`,
    rate(load.rawAtSite),
  );
  row("  REST PATCH /skus/{id} with site_id", rate(load.restAtSite) + serverSide(load.restAtSite));
  row("the same at the default site: raw SQL", rate(load.rawAtDefault));
  row(
    "  REST PATCH /skus/{id} without site_id",
    rate(load.restAtDefault) + serverSide(load.restAtDefault),
  );
  const overRaw = load.restAtSite.perSecond / load.rawAtSite.perSecond;
  const p99OverRaw = load.restAtSite.p99Ms / load.rawAtSite.p99Ms;
  row(
    "at the site: REST / raw changes per second; p99",
    `${pct(overRaw)} ${note(budget.S1.p2RestOverRaw, pct)}; ${p99OverRaw.toFixed(2)}x ${note(budget.S1.p2RestP99OverRaw, times)}`,
  );
  row(
    "REST at the site / at the default site",
    `${pct(load.restAtSite.perSecond / load.restAtDefault.perSecond)} (default: REST / raw ${pct(load.restAtDefault.perSecond / load.rawAtDefault.perSecond)})`,
  );
  for (const [what, pair, bound] of [
    [`stock take start at a site, ${s1.lines} lines`, s1.start, budget.S1.startMs],
    [`its reconcile, ${s1.changedLines} lines differing`, s1.reconcile, budget.S1.reconcileMs],
    [
      `one SKU's levels at ${s1.levelsAllSites.levels} sites`,
      s1.levelsAllSites,
      budget.S1.levelsAllSitesMs,
    ],
    [
      `${S1_PAGE_SKUS} SKUs with levels at ${S1_PAGE_SITES} sites (GraphQL)`,
      s1.levelsPage,
      budget.S1.levelsPageMs,
    ],
  ] as const) {
    judge({
      id: "S1",
      what: `${what}, over HTTP / raw SQL`,
      figure: ms(pair.ms),
      baseline: ms(pair.rawMs),
      ratio: `${(pair.ms / pair.rawMs).toFixed(2)}x`,
      ...against(bound, pair.ms, (x) => `${x} ms`),
    });
  }
  judge({
    id: "S1",
    what: "single adjustments at a named site, REST / raw changes per second",
    figure: `${load.restAtSite.perSecond.toFixed(0)}/s`,
    baseline: `${load.rawAtSite.perSecond.toFixed(0)}/s`,
    ratio: pct(overRaw),
    ...against(budget.S1.p2RestOverRaw, overRaw, pct),
  });
  judge({
    id: "S1",
    what: "single adjustments at a named site, REST / raw p99",
    figure: ms(load.restAtSite.p99Ms),
    baseline: ms(load.rawAtSite.p99Ms),
    ratio: `${p99OverRaw.toFixed(2)}x`,
    ...against(budget.S1.p2RestP99OverRaw, p99OverRaw, times),
  });
}

// N1 holds the server for minutes on a build that does not bound its inputs: not part of a
// --quick run of everything (CI's); `npm run bench -- fairness --quick` runs its short version.
if (wants("fairness") && !(quick && named.length === 0)) {
  // N1: P2's REST writes of one account alone, then beside a hostile account at its rate limit.
  const n1 = await fairnessFigures({
    db,
    url,
    neighbour: await newContext("bench-n1-neighbour"),
    hostile: await newContext("bench-n1-hostile"),
    seedSkus,
    seconds: N1_SECONDS,
    rampSeconds: N1_RAMP_SECONDS,
    only,
    pgStats,
  });
  const rate = (r: LoadResult) =>
    `${r.perSecond.toFixed(0)}/s, p50 ${latency(r.p50Ms)}, p99 ${latency(r.p99Ms)}${r.failures ? `, ${r.failures} not 2xx` : ""}`;
  // The max of the scrapes answered; one still unanswered when the phase ended says for how
  // long the server (its thread, or its pool: /metrics reads the database) could not answer.
  const delay = ({ max, unansweredMs }: { max: number; unansweredMs: number }) =>
    `${Number.isNaN(max) ? "n/a" : ms(max * 1000)}${unansweredMs > 0 ? ` (a scrape unanswered after ${(unansweredMs / 1000).toFixed(1)} s)` : ""}`;
  const latency = (x: number) => (Number.isFinite(x) ? ms(x) : "none answered");
  const hostileRow = (c: ClassStats) => {
    const outcomes = Object.entries(c.outcomes)
      .map(([outcome, n]) => `${outcome}×${n}`)
      .join(" ");
    const times = c.ms.length ? `, median ${ms(median(c.ms))}, max ${ms(Math.max(...c.ms))}` : "";
    return `${c.sent} sent: ${outcomes || "no answer"}${times}${c.notes.map((n) => `; ${n}`).join("")}`;
  };
  const throughput = n1.beside.perSecond / n1.alone.perSecond;
  const p99 = n1.beside.p99Ms / n1.alone.p99Ms;
  heading(
    `N1 fairness: P2's REST PATCH /skus/{id}, ${CLIENTS} clients of one account, ${N1_SECONDS} s alone, then beside a hostile account (${only.length ? only.join(", ") : "every class"}) at ${HOSTILE_LIMIT.perSecond}/s, burst ${HOSTILE_LIMIT.burst}:`,
  );
  row("alone", rate(n1.alone));
  row("beside the hostile account", rate(n1.beside));
  row(
    "throughput beside / alone",
    `${pct(throughput)} ${note(budget.N1.throughputBesideOverAlone, pct)}`,
  );
  const p99Ratio = Number.isFinite(p99) ? `${p99.toFixed(2)}x` : "none answered beside";
  row("p99 beside / alone", `${p99Ratio} ${note(budget.N1.p99BesideOverAlone, times)}`);
  row(
    "server event-loop delay max, alone / beside",
    `${delay(n1.delayAlone)} / ${delay(n1.delayBeside)}`,
  );
  for (const c of n1.hostile) row(`hostile ${c.name}`, hostileRow(c));
  // PostgreSQL's side: beside, the hostile account's statements are in it too.
  row("PostgreSQL per neighbour change, alone", describePgSide(n1.pgAlone));
  row("PostgreSQL per neighbour change, beside", describePgSide(n1.pgBeside));
  for (const t of n1.pgBeside?.top ?? []) row("  beside, by time", describeStatement(t));
  // The hostile client shares the machine's cores (at the lowest priority): what it used itself.
  row("hostile client's own CPU, cores", n1.hostileCpu.toFixed(2));
  judge({
    id: "N1",
    what: "one account's writes beside a hostile one, throughput",
    figure: `${n1.beside.perSecond.toFixed(0)}/s`,
    baseline: `${n1.alone.perSecond.toFixed(0)}/s`,
    ratio: pct(throughput),
    ...against(budget.N1.throughputBesideOverAlone, throughput, pct),
  });
  judge({
    id: "N1",
    what: "one account's writes beside a hostile one, p99",
    figure: latency(n1.beside.p99Ms),
    baseline: ms(n1.alone.p99Ms),
    ratio: p99Ratio,
    ...against(budget.N1.p99BesideOverAlone, p99, times),
  });
}

// A1: the counting app in Debian's Chromium on a stock take of 100,000 lines, 8 counters at once.
// Not part of a --quick run of everything (it needs Chromium, and a tenth of it says little).
if (wants("app") && !(quick && named.length === 0)) {
  if (!chromiumAvailable()) {
    heading("A1 the counting app: skipped, no Chromium (apt-get install chromium)");
  } else {
    const size = quick ? L1_SKUS / 10 : L1_SKUS;
    const context = await newContext("bench-a1");
    const accountId = context.principal.accountId;
    await seedAisles(raw, accountId, size);
    // The items in other aisles (B…) hold plenty at the default site, and a store takes transfers
    // of them while the aisles A… are counted.
    await withoutTriggers(raw, () =>
      raw.query(
        "UPDATE sku_stock SET on_hand = 1000000 WHERE account_id = $1 AND location LIKE 'B%'",
        [accountId],
      ),
    );
    const elsewhere = {
      fromSiteId: (
        await raw.query<{ id: number }>(
          "SELECT id FROM sites WHERE account_id = $1 AND is_default",
          [accountId],
        )
      ).rows[0]!.id,
      toSiteId: await benchSite(raw, accountId),
      skuIds: (
        await raw.query<{ sku_id: number }>(
          "SELECT sku_id FROM sku_stock WHERE account_id = $1 AND location LIKE 'B%' ORDER BY sku_id",
          [accountId],
        )
      ).rows.map((r) => r.sku_id),
    };
    const server = await startServer(db, url, accountId);
    const a1 = await (async () => {
      const started = await fetch(`${server.baseUrl}/api/v1/stock-takes/start`, {
        method: "POST",
        headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
        body: JSON.stringify({ scope: { locations: L1_PREFIXES } }),
      }).then((r) => r.json() as Promise<{ id: number }>);
      const codeOf = (i: number) => `L-${i}`;
      const figures = await appFigures(server, started.id, size, codeOf, {
        loads: RUNS,
        scans: quick ? 20 : 100,
        pgStats,
        elsewhere,
      });
      return figures;
    })().finally(() => server.stop());
    const percentile = (xs: number[], p: number) =>
      [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;
    const p95 = percentile(a1.scanToSavedMs, 0.95);
    heading(
      `A1 the counting app: a stock take of ${size} lines, ${APP_COUNTERS} counters at once (1 in Chromium, ${APP_COUNTERS - 1} through the app's operations at a scan a second, each following its progress):`,
    );
    row(
      "JavaScript of the count screen, gzipped",
      `${a1.countJsKb.toFixed(0)} kB ${note(budget.A1.countJsKb, (x) => `${x} kB`)}`,
    );
    row(
      "first load of the count screen, median",
      `${ms(median(a1.firstLoadMs))} ${note(budget.A1.firstLoadMs, (x) => `${x} ms`)}`,
    );
    row(
      `scan-to-saved in the browser (${a1.scanToSavedMs.length}), p50 / p95`,
      `${ms(percentile(a1.scanToSavedMs, 0.5))} / ${ms(p95)} ${note(budget.A1.scanToSavedP95Ms, (x) => `${x} ms`)}`,
    );
    row(
      `the other counters' find + save (${a1.protocolMs.length}), p50 / p95`,
      `${ms(percentile(a1.protocolMs, 0.5))} / ${ms(percentile(a1.protocolMs, 0.95))}; ${a1.progressMessages} progress messages received`,
    );
    row(
      "console, while counting: status / breakdowns",
      `${ms(a1.consoleFirstLoadMs)} ${note(budget.A1.consoleFirstLoadMs, (x) => `${x} ms`)} / ${ms(a1.consoleBreakdownsMs)}`,
    );
    row(
      `transfers elsewhere (${a1.transferMs.length}), p50 / p95`,
      `${ms(percentile(a1.transferMs, 0.5))} / ${ms(percentile(a1.transferMs, 0.95))}`,
    );
    row("", `(each ${TRANSFER_LINES} lines dispatched to another site and received there)`);
    row("PostgreSQL while counting, per count saved", describePgSide(a1.pg));
    for (const statement of a1.pg?.top ?? []) row("", describeStatement(statement));
    row(
      "review table: first rows / rows in the page",
      `${ms(a1.reviewFirstRowsMs)} / ${a1.reviewDomRows}`,
    );
    judge({
      id: "A1",
      what: "count screen JavaScript, gzipped",
      figure: `${a1.countJsKb.toFixed(0)} kB`,
      baseline: "-",
      ratio: "-",
      ...against(budget.A1.countJsKb, a1.countJsKb, (x) => `${x} kB`),
    });
    judge({
      id: "A1",
      what: "count screen first load, median",
      figure: ms(median(a1.firstLoadMs)),
      baseline: "-",
      ratio: "-",
      ...against(budget.A1.firstLoadMs, median(a1.firstLoadMs), (x) => `${x} ms`),
    });
    judge({
      id: "A1",
      what: "console first load while counting",
      figure: ms(a1.consoleFirstLoadMs),
      baseline: "-",
      ratio: "-",
      ...against(budget.A1.consoleFirstLoadMs, a1.consoleFirstLoadMs, (x) => `${x} ms`),
    });
    judge({
      id: "A1",
      what: `scan-to-saved p95, ${APP_COUNTERS} counters, ${size} lines`,
      figure: ms(p95),
      baseline: "-",
      ratio: "-",
      ...against(budget.A1.scanToSavedP95Ms, p95, (x) => `${x} ms`),
    });
  }
}

// One table of every target: what was measured, beside what, and whether the target was met.
const columns = ["id", "what", "figure", "baseline", "ratio", "target", "verdict"] as const;
const table = verdicts.map((v) => ({
  ...v,
  verdict: quick ? "quick: not judged" : v.met ? "met" : "MISSED",
}));
const widths = columns.map((c) => Math.max(c.length, ...table.map((v) => String(v[c]).length)));
const line = (cells: string[]) =>
  cells
    .map((c, i) => c.padEnd(widths[i]!))
    .join("  ")
    .trimEnd();
console.log(`\nSummary${quick ? " (--quick: small sizes, nothing judged)" : ""}:`);
console.log(line([...columns]));
for (const v of table) console.log(line(columns.map((c) => String(v[c]))));

await writeFile(
  fileURLToPath(new URL("../../bench/results.json", import.meta.url)),
  JSON.stringify(
    { quick, postgres: version, node: process.version, verdicts: table, results },
    null,
    2,
  ) + "\n",
);
await raw.end();
await db.$disconnect();
if (embedded) await embedded.stop();
if (dataDir) await rm(dataDir, { recursive: true, force: true });
