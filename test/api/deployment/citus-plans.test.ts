// Ready for Citus, the queries' half: every statement the service sends while a user works
// through the API (catalog, adjustments, movements, stock takes, the feed, webhooks) reads each
// tenant table only under a condition on account_id, so Citus can route it to the account's
// node. Each statement is explained with the parameters it was sent with.
import pg from "pg";
import { rest } from "../../helpers/app.js";
import { databaseUrl, newAccount } from "../../helpers/db.js";
import { explain, type PlanNode } from "../../helpers/explain.js";
import { startLoggedApp, type LoggedApp } from "../../helpers/movements.js";

let t: LoggedApp;
let sql: pg.Client;
beforeAll(async () => {
  t = await startLoggedApp();
  sql = new pg.Client({ connectionString: databaseUrl() });
  await sql.connect();
  const tables = await sql.query<{ relname: string }>(`
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      AND c.relname NOT IN ('accounts', 'token_keys', '_prisma_migrations')`);
  tenantTables = new Set(tables.rows.map((r) => r.relname));
});
afterAll(async () => {
  await sql.end();
  await t.close();
});

/**
 * The schema's tables holding rows of one account each (all but accounts, the tokens' signing
 * key and Prisma's). A scan
 * of a partition counts as one of its table (explain() names the table).
 */
let tenantTables: Set<string>;

/** Where a scan's own condition on its rows is written in the plan. */
const conditionsOf = (node: PlanNode & Record<string, unknown>): string =>
  [node["Index Cond"], node["Recheck Cond"], node.Filter, node["TID Cond"]]
    .filter((c): c is string => typeof c === "string")
    .join(" AND ");

/** A scan of a tenant table whose rows are not narrowed by account_id, with its statement. */
function unscoped(nodes: PlanNode[], statement: string): string[] {
  return nodes.flatMap((node) => {
    const table = node["Relation Name"];
    if (!table || !tenantTables.has(table) || node["Node Type"] === "ModifyTable") return [];
    // A bitmap heap scan's condition sits on the bitmap index scans beneath it.
    const own = conditionsOf(node as PlanNode & Record<string, unknown>);
    const beneath = (node.Plans ?? []).map((p) =>
      conditionsOf(p as PlanNode & Record<string, unknown>),
    );
    return /account_id/.test([own, ...beneath].join(" "))
      ? []
      : [`${node["Node Type"]} on ${table} in: ${statement.replace(/\s+/g, " ").slice(0, 240)}`];
  });
}

describe("the service's statements, for Citus", () => {
  it("narrow every tenant table they read by account", async () => {
    const acct = await newAccount(t.db);
    const as = { token: acct.token };
    const sku = await rest(t, "POST", "/skus", {
      ...as,
      body: { code: "CIT-1", name: "Citus bolt", opening_on_hand: 5, barcodes: ["4006381333931"] },
    });
    const id = sku.body.id as number;
    const item = await rest(t, "POST", "/supplier-items", {
      ...as,
      body: { supplier: "ACME", code: "I-1", name: "Item", opening_on_hand: 2 },
    });
    await rest(t, "PATCH", `/skus/${id}`, { ...as, body: { on_hand: 7, reason: "correction" } });
    await rest(t, "PATCH", `/skus/${id}`, { ...as, body: { name: "Renamed", barcodes: [] } });
    await rest(t, "POST", "/stock-adjustments/bulk", {
      ...as,
      body: { reason: "received", lines: [{ type: "sku", id, new_qty: 9 }] },
    });
    await rest(t, "POST", `/supplier-items/${item.body.id}/link`, {
      ...as,
      body: { sku_id: id, transfer: true },
    });
    await rest(t, "POST", "/skus/bulk", {
      ...as,
      body: { rows: [{ code: "CIT-2", name: "Two" }] },
    });
    for (const path of [
      "/skus?q=bolt",
      "/skus?updated_since=2026-01-01T00:00:00Z",
      "/supplier-items?updated_since=2026-01-01T00:00:00Z",
      `/skus/${id}`,
      "/barcodes/CIT-none",
      `/stock/movements?sku_id=${id}`,
      `/stock/movements?sku_id=${id}&order=asc`,
      "/stock-adjustments?from=2026-01-01",
      "/events",
    ]) {
      await rest(t, "GET", path, as);
    }
    const start = await rest(t, "POST", "/stock-takes/start", {
      ...as,
      body: { scope: { sku_ids: [id] } },
    });
    const st = start.body.id as number;
    await rest(t, "POST", `/stock-takes/${st}/input`, {
      ...as,
      body: { counts: [{ type: "sku", id, counted_qty: 8 }] },
    });
    await rest(t, "POST", `/stock-takes/${st}/accept-lines`, {
      ...as,
      body: { lines: [{ type: "sku", id }] },
    });
    await rest(t, "POST", `/stock-takes/${st}/reconcile`, { ...as, body: {} });
    await rest(t, "GET", `/stock-takes/${st}`, as);
    await rest(t, "GET", `/stock-takes/${st}/lines`, as);
    const hook = await rest(t, "POST", "/webhooks", {
      ...as,
      body: { url: "http://127.0.0.1:9/hooks", event_types: ["stock.changed"], active: false },
    });
    await rest(t, "GET", `/webhooks/${hook.body.id}/deliveries`, as);

    const statements = new Map<string, { sql: string; params: unknown[] }>();
    for (const q of t.queries) {
      if (/^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i.test(q.sql)) statements.set(q.sql, q);
    }
    expect(statements.size).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const statement of statements.values()) {
      problems.push(...unscoped(await explain(sql, statement), statement.sql));
    }
    expect(problems).toEqual([]);
  });
});
