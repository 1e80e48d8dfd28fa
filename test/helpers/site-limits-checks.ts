// What the site-limits sweep compares: D's and X's rows as one value (siteFingerprint), what of
// theirs an answer shows by id (shownOfOtherSites), and a REST call whose answer the OpenAPI
// document does not allow, made again without that check so the sweep goes on (restUnchecked).
import type { PrismaClient } from "../../src/db/client.js";
import type { TestApp } from "./app.js";
import type { Answer, RestCall } from "./isolation.js";
import type { SiteWorld } from "./site-limits-world.js";

/**
 * What D and X hold, as one comparable value: their stock levels (but zeros), cycle counts,
 * stock takes (lines and counts), adjustments (and lines at them), transfers from or to them
 * (but those left out) and their lines, their movements and events (append-only: count and last
 * id), and their own rows. Equal values: nothing of D or X was written in between.
 */
export async function siteFingerprint(
  db: PrismaClient,
  accountId: number,
  sites: number[],
  { leaveOutTransfers = [] }: { leaveOutTransfers?: number[] } = {},
): Promise<Record<string, string>> {
  const digest = (name: string, from: string) =>
    `SELECT '${name}' AS name, count(*)::text || ':' ||
       md5(coalesce(string_agg(r.row, E'\\n' ORDER BY r.row), '')) AS hash
     FROM (SELECT to_jsonb(t)::text AS row FROM ${from}) AS r`;
  const own = `t.account_id = $1 AND t.site_id = ANY($2::int[])`;
  const takes = `SELECT id FROM stock_takes x WHERE x.account_id = $1 AND x.site_id = ANY($2::int[])`;
  const transfers = `SELECT id FROM transfers x WHERE x.account_id = $1
    AND (x.from_site_id = ANY($2::int[]) OR x.to_site_id = ANY($2::int[]))
    AND NOT x.id = ANY($3::int[])`;
  const parts = [
    // A level of 0 reads as a missing one (a new item's, opened at the default site).
    digest("sku_stock", `sku_stock t WHERE ${own} AND t.on_hand <> 0`),
    digest("supplier_item_stock", `supplier_item_stock t WHERE ${own} AND t.on_hand <> 0`),
    digest("sku_cycle_counts", `sku_cycle_counts t WHERE ${own}`),
    digest("stock_takes", `stock_takes t WHERE ${own}`),
    digest(
      "stock_take_lines",
      `stock_take_lines t WHERE t.account_id = $1 AND t.stock_take_id IN (${takes})`,
    ),
    digest(
      "stock_take_counts",
      `stock_take_counts t WHERE t.account_id = $1 AND t.stock_take_id IN (${takes})`,
    ),
    digest("stock_adjustments", `stock_adjustments t WHERE ${own}`),
    digest(
      "stock_adjustment_lines",
      `stock_adjustment_lines t WHERE ${own} OR t.account_id = $1 AND t.adjustment_id IN (
        SELECT id FROM stock_adjustments x WHERE x.account_id = $1 AND x.site_id = ANY($2::int[]))`,
    ),
    digest("transfers", `transfers t WHERE t.account_id = $1 AND t.id IN (${transfers})`),
    digest(
      "transfer_lines",
      `transfer_lines t WHERE t.account_id = $1 AND t.transfer_id IN (${transfers})`,
    ),
    digest("sites", `sites t WHERE t.account_id = $1 AND t.id = ANY($2::int[])`),
    `SELECT 'stock_movements', count(*)::text || ':' || coalesce(max(id)::text, '')
       FROM stock_movements t WHERE ${own}`,
    `SELECT 'events', count(*)::text || ':' || coalesce(max(id)::text, '')
       FROM events t WHERE t.account_id = $1 AND (t.data->>'site_id')::int = ANY($2::int[])`,
  ];
  const rows = await db.$queryRawUnsafe<{ name: string; hash: string }[]>(
    parts.join(" UNION ALL "),
    accountId,
    sites,
    leaveOutTransfers,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.hash]));
}

const SITE_KEYS = new Set(["site_id", "siteId"]);
const TAKE_KEYS = new Set(["stock_take_id", "stockTakeId"]);
const ADJUSTMENT_KEYS = new Set(["adjustment_id", "adjustmentId"]);
const TRANSFER_KEYS = new Set(["transfer_id", "transferId"]);
const MOVEMENT_KEYS = new Set(["movement_id", "movementId"]);

/**
 * What of D and X an answer shows by id: a site id, stock take, adjustment, transfer or
 * movement named by its field, a transfer whose ends are both elsewhere, a stock take's event
 * of theirs, an event of theirs. Empty: nothing.
 */
export function shownOfOtherSites(body: unknown, w: SiteWorld): string[] {
  const found = new Set<string>();
  const h = w.hidden;
  const walk = (v: unknown, key: string, path: string): void => {
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, key, `${path}/${i}`));
    if (v !== null && typeof v === "object") {
      const o = v as Record<string, unknown>;
      const from = o.from_site_id ?? o.fromSiteId;
      const to = o.to_site_id ?? o.toSiteId;
      if (typeof from === "number" && typeof to === "number" && from !== w.s && to !== w.s) {
        found.add(`${path || "/"}: a transfer from ${from} to ${to}`);
      }
      if (typeof o.type === "string" && o.type.startsWith("stock_take.")) {
        const data = o.data as { id?: number } | undefined;
        if (data?.id !== undefined && h.takes.includes(data.id)) {
          found.add(`${path}: ${o.type} of stock take ${data.id}`);
        }
      }
      if (typeof o.id === "string" && h.events.includes(o.id)) found.add(`${path}: event ${o.id}`);
      for (const [k, x] of Object.entries(o)) walk(x, k, `${path}/${k}`);
      return;
    }
    const is = (keys: Set<string>, values: (number | string)[]) =>
      keys.has(key) && (typeof v === "number" || typeof v === "string") && values.includes(v);
    if (is(SITE_KEYS, h.sites)) found.add(`${path}: site ${String(v)}`);
    if (is(TAKE_KEYS, h.takes)) found.add(`${path}: stock take ${String(v)}`);
    if (is(ADJUSTMENT_KEYS, h.adjustments)) found.add(`${path}: adjustment ${String(v)}`);
    if (is(TRANSFER_KEYS, h.transfers)) found.add(`${path}: transfer ${String(v)}`);
    if (MOVEMENT_KEYS.has(key) && v !== null && h.movements.includes(String(v))) {
      found.add(`${path}: movement ${String(v)}`);
    }
  };
  walk(body, "", "");
  return [...found];
}

/** Headers that differ between any two requests (as isolation.ts's callRest leaves them out). */
const PER_REQUEST = /^(date|x-request-id|content-length|connection|keep-alive|ratelimit.*)$/;

/** A REST call as callRest makes it, without checking the answer against the OpenAPI document. */
export async function restUnchecked(t: TestApp, token: string, call: RestCall): Promise<Answer> {
  const query = call.query ? `?${new URLSearchParams(call.query)}` : "";
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...call.headers };
  const body = call.body !== undefined ? JSON.stringify(call.body) : call.raw;
  if (body !== undefined) headers["content-type"] ??= "application/json";
  const res = await fetch(`${t.baseUrl}/api/v1${call.path}${query}`, {
    method: call.method,
    headers,
    body,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  const kept: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!PER_REQUEST.test(name)) kept[name] = value;
  });
  return { status: res.status, headers: kept, body: parsed, sent: JSON.stringify(call) };
}
