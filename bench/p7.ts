// P7: P4's queries on a partitioned ledger of two years: 20,000,000 movements spread over the
// 24 monthly partitions before now (half of them one SKU's, so its history is as deep as the
// ledger). Keyset pages must stay as fast deep in the history as at its start, and a SKU's first
// page fast whatever the number of months, with raw SQL doing the same reads beside them.
import type pg from "pg";
import type { ServiceContext } from "../src/context.js";
import { queryMovements, type MovementQuery } from "../src/modules/movement/movement.service.js";
import { median, time } from "./measure.js";

/** Months of history, each a partition. */
export const P7_MONTHS = 24;
/** Movements written per statement. */
const CHUNK = 1_000_000;

export interface Paging {
  /** Pages of 100 before the deep one. */
  depth: number;
  first: number;
  deep: number;
  rawFirst: number;
  rawDeep: number;
}

export interface P7Result {
  writeMs: number;
  windowRows: number;
  wide: Paging;
  oneSku: Paging;
  /** First pages of 200 other SKUs, sorted (ms). */
  perSku: number[];
}

/**
 * Makes the P7_MONTHS months before this one (the months ahead exist already) and writes
 * `count` movements of `account` over them with set-based statements, oldest first: the even
 * ones of `skus[0]`, the others spread over the rest.
 */
async function seed(raw: pg.Client, account: number, skus: number[], count: number) {
  await raw.query(
    `SELECT countpoint_create_partition('stock_movements',
       (date_trunc('month', now() AT TIME ZONE 'UTC') - make_interval(months => m))::date)
     FROM generate_series(1, $1::int) AS m`,
    [P7_MONTHS],
  );
  const { rows } = await raw.query<{ start: Date }>(
    `SELECT (date_trunc('month', now() AT TIME ZONE 'UTC') - make_interval(months => $1::int))
       AT TIME ZONE 'UTC' AS start`,
    [P7_MONTHS],
  );
  const start = rows[0]!.start;
  const spanMs = Date.now() - 60_000 - start.getTime();
  for (let low = 1; low <= count; low += CHUNK) {
    const high = Math.min(count, low + CHUNK - 1);
    process.stderr.write(`P7: writing movements ${low}…${high} of ${count}\n`);
    await raw.query(
      `INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id, quantity_before,
         quantity_after, change, reason, source, actor_name, site_id)
       SELECT $1, $2::timestamptz + g * ($3::float8 / $4) * interval '1 millisecond', 'sku',
         CASE WHEN g % 2 = 0 THEN ($5::int[])[1] ELSE ($5::int[])[2 + g % (cardinality($5) - 1)] END,
         1, 2, 1, 'correction', 'adjustment', 'bench',
       (SELECT id FROM sites WHERE account_id = $1 AND is_default)
       FROM generate_series($6::int, $7::int) AS g`,
      [account, start.toISOString(), spanMs, count, skus, low, high],
    );
  }
  await raw.query("ANALYZE stock_movements");
}

/**
 * The service's first page and page `depth` (pages of 100) of `query`, newest first, medians of
 * 20 after a warm-up; beside them raw SQL reading the same pages with a row-comparison keyset.
 */
async function paging(
  reader: ServiceContext,
  raw: pg.Client,
  query: MovementQuery,
  rawQuery: { where: string; params: unknown[] },
  depth: number,
): Promise<Paging> {
  // Walk once with big pages to the cursor before page `depth`, exactly.
  let cursor: string | undefined;
  let at: Date | undefined;
  let id = 0;
  for (let seen = 0, limit = 0; seen < (depth - 1) * 100; seen += limit) {
    limit = Math.min(1000, (depth - 1) * 100 - seen);
    const page = await queryMovements(reader, { ...query, limit, cursor });
    cursor = page.nextCursor ?? undefined;
    const last = page.items.at(-1)!.node;
    at = last.occurredAt;
    id = last.id;
  }
  const n = rawQuery.params.length;
  const rawPage = (after: boolean) =>
    raw.query(
      `SELECT * FROM stock_movements WHERE ${rawQuery.where}
       ${after ? `AND occurred_at <= $${n + 1} AND (occurred_at, id) < ($${n + 1}, $${n + 2})` : ""}
       ORDER BY occurred_at DESC, id DESC LIMIT 101`,
      after ? [...rawQuery.params, at!.toISOString(), id] : rawQuery.params,
    );
  const runs = { first: [] as number[], deep: [] as number[], rawFirst: [] as number[] };
  const rawDeep: number[] = [];
  for (let run = 0; run < 21; run++) {
    runs.first.push(await time(() => queryMovements(reader, { ...query, limit: 100 })));
    runs.deep.push(
      await time(async () => {
        const page = await queryMovements(reader, { ...query, limit: 100, cursor });
        if (page.items.length !== 100) throw new Error("the deep page must be full");
      }),
    );
    runs.rawFirst.push(await time(() => rawPage(false)));
    rawDeep.push(await time(() => rawPage(true)));
  }
  return {
    depth,
    first: median(runs.first.slice(1)),
    deep: median(runs.deep.slice(1)),
    rawFirst: median(runs.rawFirst.slice(1)),
    rawDeep: median(rawDeep.slice(1)),
  };
}

/** Writes P7's ledger for the reader's account over `skus` and times its pages. */
export async function runP7(
  raw: pg.Client,
  reader: ServiceContext,
  skus: number[],
  { movements, depth }: { movements: number; depth: number },
): Promise<P7Result> {
  const account = reader.principal.accountId;
  const writeMs = await time(() => seed(raw, account, skus, movements));
  // The last 31 days (today included), as an account-wide window may span.
  const today = new Date();
  const from = new Date(today.getTime() - 30 * 86_400_000);
  const window = { from: from.toISOString().slice(0, 10), to: today.toISOString().slice(0, 10) };
  const windowStart = `${window.from}T00:00:00Z`;
  const { rows } = await raw.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM stock_movements WHERE account_id = $1 AND occurred_at >= $2`,
    [account, windowStart],
  );
  const windowRows = rows[0]!.n;
  // As deep as the window allows (at 20,000,000 it holds about 850,000 movements).
  const wide = await paging(
    reader,
    raw,
    window,
    { where: "account_id = $1 AND occurred_at >= $2", params: [account, windowStart] },
    Math.min(depth, Math.floor(windowRows / 100) - 1),
  );
  const hot = skus[0]!;
  const oneSku = await paging(
    reader,
    raw,
    { skuId: hot },
    { where: "account_id = $1 AND sku_id = $2", params: [account, hot] },
    depth,
  );
  const perSku: number[] = [];
  for (let i = 0; i < 200; i++) {
    const skuId = skus[1 + Math.floor(Math.random() * (skus.length - 1))]!;
    perSku.push(await time(() => queryMovements(reader, { skuId, limit: 100 })));
  }
  perSku.sort((x, y) => x - y);
  return { writeMs, windowRows, wide, oneSku, perSku };
}
