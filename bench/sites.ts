// Scenario S1: sites at scale. One account of many sites, every SKU stocked at every one (the
// issue's 500 sites × 20,000 SKUs: 10,000,000 stock levels), and what its sites' users do there,
// each beside raw SQL doing the same reads or writes by hand in the same account (at a site of
// its own where it writes):
// 1. a stock take of the whole catalog at a site other than the default: its start, and its
//    reconcile once every line is counted and accepted (counts and review not timed);
// 2. one SKU's stock at every site (GET /skus/{id}/levels, one page);
// 3. pages of 100 SKUs with their levels at 10 named sites (GraphQL), and the statements a page
//    sends;
// 4. single adjustments (P2's load, REST PATCH /skus/{id}) at a named site and at the default,
//    beside raw SQL's at each.
import { performance } from "node:perf_hooks";
import type pg from "pg";
import type { PrismaClient } from "../src/db/client.js";
import { median, time } from "./measure.js";
import { MAX_PAGE_SIZE } from "../src/limits.js";
import { createToken } from "../src/modules/token/token.store.js";
import { apiCaller } from "./api-call.js";
import { CLIENTS, rawLoad, serviceLoad } from "./concurrency.js";
import type { LoadResult } from "./load.js";
import type { TopStatement } from "./pg-side.js";
import { lockLevels, writeLevels } from "./raw-levels.js";
import type { startServer } from "./server.js";

/** The account's size: sites (its default among them) and SKUs, every SKU stocked at every site. */
export const S1_SIZE = { sites: 500, skus: 20_000 };
/** `--quick`: a tenth of each, a hundredth of the levels. */
export const S1_QUICK_SIZE = { sites: 50, skus: 2000 };
/** Sites the GraphQL page names, and SKUs a page holds. */
export const S1_PAGE_SITES = 10;
export const S1_PAGE_SKUS = 100;
/** SKUs P2's load at a site spreads its changes over, as P2 does. */
const LOAD_SKUS = 1000;
/** Reads timed (the first of them a warm-up). */
const READS = 21;
/** Sites' levels written by one statement while seeding. */
const SEED_SITES_A_STATEMENT = 25;

type Server = Awaited<ReturnType<typeof startServer>>;

/** The account S1 seeded: its sites in id order (its default first) and its SKUs in id order. */
export interface SitesAccount {
  accountId: number;
  sites: number[];
  skus: number[];
}

/**
 * Seeds the account (new, its default site made with it): `skus` SKUs, sites besides the default
 * up to `sites`, and a level of every SKU at every site (1 to 50 on hand), set-based, a few sites
 * a statement with progress on stderr; then vacuumed and analysed, as a table that has stood a
 * while would be.
 */
export async function seedSites(
  raw: pg.Client,
  accountId: number,
  size: { sites: number; skus: number },
): Promise<SitesAccount> {
  const started = performance.now();
  const skus = await raw.query<{ id: number }>(
    `INSERT INTO skus (account_id, code, name)
     SELECT $1, 'S1-' || lpad(g::text, 6, '0'), 'Site bench ' || g FROM generate_series(1, $2) g
     RETURNING id`,
    [accountId, size.skus],
  );
  await raw.query(
    `INSERT INTO sites (account_id, code, name)
     SELECT $1, 'STORE-' || lpad(g::text, 4, '0'), 'Store ' || g FROM generate_series(2, $2) g`,
    [accountId, size.sites],
  );
  const sites = (
    await raw.query<{ id: number }>(
      "SELECT id FROM sites WHERE account_id = $1 ORDER BY is_default DESC, id",
      [accountId],
    )
  ).rows.map((r) => r.id);
  const total = sites.length * size.skus;
  for (let at = 0; at < sites.length; at += SEED_SITES_A_STATEMENT) {
    const batch = sites.slice(at, at + SEED_SITES_A_STATEMENT);
    await raw.query(
      `INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand)
       SELECT $1, s.id, k.id, 1 + (k.id + s.id) % 50
       FROM unnest($2::int[]) AS s(id) CROSS JOIN skus AS k
       WHERE k.account_id = $1
       ORDER BY s.id, k.id`,
      [accountId, batch],
    );
    const done = (at + batch.length) * size.skus;
    process.stderr.write(
      `S1: ${done.toLocaleString("en")} of ${total.toLocaleString("en")} stock levels written (${((performance.now() - started) / 1000).toFixed(0)} s)\n`,
    );
  }
  process.stderr.write("S1: vacuuming and analysing…\n");
  await raw.query("VACUUM (ANALYZE) skus, sites, sku_stock");
  process.stderr.write(`S1: seeded in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  return { accountId, sites, skus: skus.rows.map((r) => r.id).sort((a, b) => a - b) };
}

/** A figure of the service beside raw SQL's, in ms. */
export interface Pair {
  ms: number;
  rawMs: number;
}

/** A load run of single adjustments, with the server's CPU per change and statements a request. */
export type SiteLoad = LoadResult & { cpuPerChangeUs: number; statementsPerRequest: number };

export interface SiteFigures {
  /** The stock take's lines, and its site (the raw SQL one is at another). */
  lines: number;
  takeSite: number;
  start: Pair;
  reconcile: Pair;
  /** Lines whose count differed, each a movement at reconcile. */
  changedLines: number;
  /** One SKU's levels at every site in one page (levels answered). */
  levelsAllSites: Pair & { levels: number; pages: number };
  /** A page of SKUs with their levels at the named sites. */
  levelsPage: Pair & {
    pages: number;
    /** From the server's statement counter: every statement of a request, its token's too. */
    statementsPerPage: number;
    /** From pg_stat_statements (null: not loaded): each statement of the walk. */
    statements: TopStatement[] | null;
  };
  /** Single adjustments at a named site and at the default: the service over REST, raw SQL. */
  load: {
    seconds: number;
    site: number;
    restAtSite: SiteLoad;
    restAtDefault: SiteLoad;
    rawAtSite: LoadResult;
    rawAtDefault: LoadResult;
  };
}

/** A line's count: one in ten 3 over, one 1 over, one 1 under, the rest as expected. */
const countOffset = (i: number) => [3, 1, -1][i % 10] ?? 0;

/**
 * Every figure of S1 on `account` (which `server` serves): `runs` stock takes each way (the first
 * a warm-up), READS reads each way, and P2's load for `seconds` each. Reads come first, then the
 * stock takes, then the load (which changes levels).
 */
export async function siteFigures(options: {
  db: PrismaClient;
  server: Server;
  raw: pg.Client;
  url: string;
  pgStats: pg.Client | null;
  account: SitesAccount;
  runs: number;
  seconds: number;
}): Promise<SiteFigures> {
  const { server, raw, account } = options;
  const { accountId, sites, skus } = account;
  // The service's stock takes at the second site, raw SQL's at the third; the load at the middle
  // one; the GraphQL page names ten sites spread over the account.
  const takeSite = sites[1]!;
  const rawTakeSite = sites[2]!;
  const loadSite = sites[Math.floor(sites.length / 2)]!;
  const step = Math.floor(sites.length / S1_PAGE_SITES);
  const pageSites = Array.from({ length: S1_PAGE_SITES }, (_, i) => sites[i * step + 1]!);
  const call = apiCaller(server);

  // 2. One SKU's levels at every site: a page as large as a page may be (MAX_PAGE_SIZE), so one
  // page holds them all while the account has no more sites than that.
  const picks = Array.from({ length: READS }, (_, i) => skus[(i * 7919) % skus.length]!);
  const levels: number[] = [];
  let levelCount = 0;
  let levelPages = 0;
  for (const sku of picks) {
    levels.push(
      await time(async () => {
        let cursor: string | null = null;
        levelCount = 0;
        levelPages = 0;
        do {
          const query: string = `limit=${MAX_PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
          const page = (await call("GET", `/skus/${sku}/levels?${query}`)) as {
            data: unknown[];
            next_cursor: string | null;
          };
          levelCount += page.data.length;
          levelPages++;
          cursor = page.next_cursor;
        } while (cursor);
      }),
    );
  }
  if (levelCount !== sites.length) {
    throw new Error(`S1: a SKU's levels answered ${levelCount} sites of ${sites.length}`);
  }
  const rawLevels: number[] = [];
  for (const sku of picks) {
    rawLevels.push(
      await time(async () => {
        const { rows } = await raw.query(
          `SELECT l.site_id, l.on_hand::text, COALESCE(c.in_transit, 0)::text AS in_transit
           FROM skus AS k
           JOIN sku_stock AS l ON l.account_id = k.account_id AND l.sku_id = k.id
           LEFT JOIN (
             SELECT t.to_site_id, sum(tl.qty - tl.received_qty - tl.lost_qty) AS in_transit
             FROM transfers AS t
             JOIN transfer_lines AS tl ON tl.account_id = t.account_id AND tl.transfer_id = t.id
               AND tl.sku_id = $2
             WHERE t.account_id = $1 AND t.status = 'in_transit'
             GROUP BY t.to_site_id) AS c ON c.to_site_id = l.site_id
           WHERE k.account_id = $1 AND k.id = $2
           ORDER BY l.site_id`,
          [accountId, sku],
        );
        if (rows.length !== sites.length) throw new Error("S1: raw levels missed a site");
      }),
    );
  }

  // 3. Pages of SKUs with their levels at ten sites, walked from the first: the service's over
  // GraphQL (its statements counted), then raw SQL's, one statement a page.
  const pages = Math.min(READS, Math.floor(skus.length / S1_PAGE_SKUS));
  const document = `query SkuLevels($after: String, $sites: [Int!]) {
    skus(first: ${S1_PAGE_SKUS}, after: $after) {
      edges { node { id code levels(siteIds: $sites, first: ${S1_PAGE_SITES}) {
        edges { node { siteId onHand inTransit } } } } }
      pageInfo { endCursor hasNextPage }
    }
  }`;
  const pageTimes: number[] = [];
  const walk = async () => {
    let after: string | null = null;
    for (let p = 0; p < pages; p++) {
      pageTimes.push(
        await time(async () => {
          const res = await fetch(`${server.baseUrl}/graphql`, {
            method: "POST",
            headers: {
              authorization: `Bearer ${server.token}`,
              "content-type": "application/json",
            },
            body: JSON.stringify({ query: document, variables: { after, sites: pageSites } }),
          });
          const answer = (await res.json()) as {
            data?: {
              skus: {
                edges: { node: { levels: { edges: unknown[] } } }[];
                pageInfo: { endCursor: string | null };
              };
            };
            errors?: unknown;
          };
          const page = answer.data?.skus;
          if (!res.ok || answer.errors || !page) {
            throw new Error(`S1: the GraphQL page answered ${JSON.stringify(answer)}`);
          }
          const held = page.edges.reduce((n, e) => n + e.node.levels.edges.length, 0);
          if (page.edges.length !== S1_PAGE_SKUS || held !== S1_PAGE_SKUS * S1_PAGE_SITES) {
            throw new Error(`S1: a GraphQL page held ${page.edges.length} SKUs, ${held} levels`);
          }
          after = page.pageInfo.endCursor;
        }),
      );
    }
  };
  await walk(); // warm-up: connections, plans, the pages' rows
  pageTimes.length = 0;
  const before = await server.counters();
  const statements = await statementsOf(options.pgStats, walk);
  const after = await server.counters();
  const rawPageTimes: number[] = [];
  let rawAfter = 0;
  for (let p = 0; p < pages; p++) {
    rawPageTimes.push(
      await time(async () => {
        const { rows } = await raw.query<{ id: number }>(
          `SELECT k.id, k.code::text, l.site_id, l.on_hand::text, 0 AS in_transit
           FROM (SELECT id, code FROM skus WHERE account_id = $1 AND id > $2
             ORDER BY id LIMIT ${S1_PAGE_SKUS}) AS k
           LEFT JOIN sku_stock AS l ON l.account_id = $1 AND l.sku_id = k.id
             AND l.site_id = ANY($3::int[])
           ORDER BY k.id, l.site_id`,
          [accountId, rawAfter, pageSites],
        );
        rawAfter = rows.at(-1)!.id;
      }),
    );
  }

  // 1. Stock takes of the whole catalog at a site, started, counted, accepted and reconciled.
  const lineCounts = async (take: number) =>
    (
      await raw.query<{ sku_id: number; counted: string }>(
        `SELECT sku_id, (expected_qty + (ARRAY[3, 1, -1, 0, 0, 0, 0, 0, 0, 0])[
             1 + (row_number() OVER (ORDER BY id) - 1) % 10])::text AS counted
         FROM stock_take_lines WHERE account_id = $1 AND stock_take_id = $2 ORDER BY id`,
        [accountId, take],
      )
    ).rows;
  const starts: number[] = [];
  const reconciles: number[] = [];
  const rawStarts: number[] = [];
  const rawReconciles: number[] = [];
  let lines = 0;
  let changedLines = 0;
  for (let run = 1; run <= options.runs; run++) {
    let take = 0;
    starts.push(
      await time(async () => {
        take = (await call("POST", "/stock-takes/start", { site_id: takeSite })).id as number;
      }),
    );
    const counts = await lineCounts(take);
    lines = counts.length;
    changedLines = counts.filter((_, i) => countOffset(i) !== 0).length;
    for (let at = 0; at < counts.length; at += 10_000) {
      await call("POST", `/stock-takes/${take}/input`, {
        counts: counts.slice(at, at + 10_000).map((c) => ({
          type: "sku",
          id: c.sku_id,
          counted_qty: Number(c.counted),
        })),
      });
    }
    const review = await call("POST", `/stock-takes/${take}/accept-lines`, {
      safe: true,
      tolerance: { abs: 100, pct: 100 },
    });
    if (review.needs_review_count !== 0) {
      throw new Error(`S1: ${String(review.needs_review_count)} lines left to review`);
    }
    reconciles.push(await time(() => call("POST", `/stock-takes/${take}/reconcile`, {})));

    const rawTake = { id: 0 };
    rawStarts.push(await time(() => rawStart(raw, accountId, rawTakeSite, rawTake)));
    await rawCount(raw, accountId, rawTake.id);
    rawReconciles.push(await time(() => rawReconcile(raw, accountId, rawTakeSite, rawTake.id)));
  }

  // 4. P2's load in this account: a token per client, the changes spread over LOAD_SKUS SKUs.
  const tokens: string[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const made = await createToken(options.db, {
      accountId,
      name: `S1 device ${i + 1}`,
      rateLimit: { perSecond: 1_000_000_000, burst: 1_000_000_000 },
    });
    tokens.push(made.token);
  }
  const loadSkus = skus.slice(0, LOAD_SKUS);
  const load = async (siteId: number | undefined, seconds: number): Promise<SiteLoad> => {
    const counted = await server.counters();
    const cpuBefore = await server.cpuSeconds();
    const result = await serviceLoad({
      ...server,
      tokens,
      skuIds: loadSkus,
      transport: "rest",
      connections: CLIENTS,
      seconds,
      siteId,
    });
    const cpu = (await server.cpuSeconds()) - cpuBefore;
    // Requests left in flight end on the server: their statements are counted once it is quiet.
    let done = await server.counters();
    for (let tries = 0; tries < 20; tries++) {
      await new Promise((r) => setTimeout(r, 100));
      const next = await server.counters();
      if (next.requests === done.requests) break;
      done = next;
    }
    return {
      ...result,
      cpuPerChangeUs: (cpu * 1e6) / Math.max(1, result.perSecond * seconds),
      statementsPerRequest:
        (done.statements - counted.statements) /
        Math.max(1, result.sent ?? done.requests - counted.requests),
    };
  };
  const { seconds } = options;
  await load(loadSite, Math.max(1, seconds / 4)); // warm-up
  const rawAtSite = await rawLoad(options.url, accountId, loadSkus, seconds, loadSite);
  // The run at the site split around the default's (A B A), as P2 splits REST around GraphQL,
  // so neither meets the tables later in their life than the other.
  const siteBefore = await load(loadSite, seconds / 2);
  const restAtDefault = await load(undefined, seconds);
  const restAtSite = bothHalves(siteBefore, await load(loadSite, seconds / 2));
  const rawAtDefault = await rawLoad(options.url, accountId, loadSkus, seconds);

  return {
    lines,
    takeSite,
    start: { ms: median(starts.slice(1)), rawMs: median(rawStarts.slice(1)) },
    reconcile: { ms: median(reconciles.slice(1)), rawMs: median(rawReconciles.slice(1)) },
    changedLines,
    levelsAllSites: {
      ms: median(levels.slice(1)),
      rawMs: median(rawLevels.slice(1)),
      levels: levelCount,
      pages: levelPages,
    },
    levelsPage: {
      ms: median(pageTimes.slice(1)),
      rawMs: median(rawPageTimes.slice(1)),
      pages,
      statementsPerPage: (after.statements - before.statements) / pages,
      statements,
    },
    load: { seconds, site: loadSite, restAtSite, restAtDefault, rawAtSite, rawAtDefault },
  };
}

/** Two runs of half the time as one: rates, CPU and statements averaged, the worse p99 kept. */
function bothHalves(a: SiteLoad, b: SiteLoad): SiteLoad {
  const weighed = (x: number, y: number) =>
    (x * a.perSecond + y * b.perSecond) / Math.max(1, a.perSecond + b.perSecond);
  return {
    perSecond: (a.perSecond + b.perSecond) / 2,
    p50Ms: (a.p50Ms + b.p50Ms) / 2,
    p99Ms: Math.max(a.p99Ms, b.p99Ms),
    failures: a.failures + b.failures,
    cpuPerChangeUs: weighed(a.cpuPerChangeUs, b.cpuPerChangeUs),
    statementsPerRequest: weighed(a.statementsPerRequest, b.statementsPerRequest),
  };
}

/** Each statement `run` sent, from pg_stat_statements (null: not loaded), costliest first. */
async function statementsOf(
  pgStats: pg.Client | null,
  run: () => Promise<void>,
): Promise<TopStatement[] | null> {
  if (!pgStats) {
    await run();
    return null;
  }
  await pgStats.query("SELECT pg_stat_statements_reset()");
  await run();
  const { rows } = await pgStats.query<{ query: string; calls: string; total: number }>(
    `SELECT query, calls, total_exec_time AS total FROM pg_stat_statements
     WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
       AND query NOT LIKE '%pg_stat_statements%'
     ORDER BY total_exec_time DESC`,
  );
  const total = rows.reduce((sum, r) => sum + Number(r.total), 0);
  return rows.map((r) => ({
    statement: r.query.trim().split(/\s+/).slice(0, 10).join(" "),
    calls: Number(r.calls),
    meanUs: (Number(r.total) * 1000) / Math.max(1, Number(r.calls)),
    share: total > 0 ? Number(r.total) / total : 0,
  }));
}

/** The start by hand: the stock take, every active SKU locked and its level at `site` frozen. */
async function rawStart(
  raw: pg.Client,
  account: number,
  site: number,
  take: { id: number },
): Promise<void> {
  await raw.query("BEGIN");
  const created = await raw.query<{ id: number }>(
    `INSERT INTO stock_takes (account_id, scope, actor_name, site_id)
     VALUES ($1, '{"all": true}', 'bench', $2) RETURNING id`,
    [account, site],
  );
  take.id = created.rows[0]!.id;
  await raw.query(
    `INSERT INTO stock_take_lines (account_id, stock_take_id, entity_type, sku_id, expected_qty)
     SELECT account_id, $2, 'sku', id, on_hand FROM (
       SELECT k.account_id, k.id, COALESCE((SELECT l.on_hand FROM sku_stock l
           WHERE l.account_id = k.account_id AND l.site_id = $3 AND l.sku_id = k.id), 0) AS on_hand
       FROM skus k WHERE k.account_id = $1 AND k.active ORDER BY k.id FOR SHARE) s`,
    [account, take.id, site],
  );
  await raw.query("COMMIT");
}

/** Counts by hand (not timed): every line counted as countOffset has it, logged, and accepted. */
async function rawCount(raw: pg.Client, account: number, take: number): Promise<void> {
  await raw.query("BEGIN");
  await raw.query(
    `UPDATE stock_take_lines l SET counted_qty = l.expected_qty + v.offset_qty, counted_at = now(),
       counted_by = 'bench', state = 'accepted'
     FROM (SELECT id, (ARRAY[3, 1, -1, 0, 0, 0, 0, 0, 0, 0])[
         1 + (row_number() OVER (ORDER BY id) - 1) % 10] AS offset_qty
       FROM stock_take_lines WHERE account_id = $1 AND stock_take_id = $2) v
     WHERE l.account_id = $1 AND l.id = v.id`,
    [account, take],
  );
  await raw.query(
    `INSERT INTO stock_take_counts (account_id, stock_take_id, line_id, entity_type, sku_id,
       mode, quantity, counted_qty, counter, counted_at)
     SELECT account_id, stock_take_id, id, 'sku', sku_id, 'set', counted_qty, counted_qty,
       'bench', counted_at
     FROM stock_take_lines WHERE account_id = $1 AND stock_take_id = $2`,
    [account, take],
  );
  await raw.query("COMMIT");
}

/** The reconcile by hand: the differing lines' SKUs locked, their levels at `site` written. */
async function rawReconcile(
  raw: pg.Client,
  account: number,
  site: number,
  take: number,
): Promise<void> {
  await raw.query("BEGIN");
  const lines = await raw.query<{ sku_id: number; diff: string }>(
    `SELECT sku_id, (counted_qty - expected_qty)::text AS diff FROM stock_take_lines
     WHERE account_id = $1 AND stock_take_id = $2 AND state = 'accepted'
       AND counted_qty <> expected_qty ORDER BY sku_id`,
    [account, take],
  );
  const ids = lines.rows.map((l) => l.sku_id);
  const onHand = await lockLevels(raw, account, ids, site);
  const before = ids.map((id) => onHand.get(id) ?? "0");
  const after = lines.rows.map((l, i) => String(Math.max(0, Number(before[i]) + Number(l.diff))));
  await writeLevels(raw, account, ids, after, site);
  await raw.query(
    `INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id, quantity_before,
       quantity_after, change, reason, source, stock_take_id, actor_name, site_id)
     SELECT $1, clock_timestamp(), 'sku', v.id, v.b, v.a, v.a - v.b, 'stock_take', 'stock_take',
       $5, 'bench', $6
     FROM unnest($2::int[], $3::numeric[], $4::numeric[]) v(id, b, a)`,
    [account, ids, before, after, take, site],
  );
  await raw.query(
    `UPDATE stock_take_lines SET state = 'applied'
     WHERE account_id = $1 AND stock_take_id = $2 AND state = 'accepted'`,
    [account, take],
  );
  await raw.query(
    `UPDATE stock_takes SET status = 'reconciled', reconciled_at = now()
     WHERE account_id = $1 AND id = $2`,
    [account, take],
  );
  await raw.query("COMMIT");
}
