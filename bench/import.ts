// P6: a catalog of 100,000 SKUs imported through POST /skus/bulk in requests of 10,000 rows (each
// with a barcode and an opening on hand), beside raw SQL doing the same writes: the SKUs upserted
// by code (INSERT … ON CONFLICT), their barcodes, their levels at the default site and the
// opening movements.
import { performance } from "node:perf_hooks";
import type pg from "pg";
import type { ServerUnderTest } from "./stock-take.js";

/** SKUs per import request: the most one request may carry. */
export const IMPORT_BATCH = 10_000;

/** Batches of rows as an import sends them: code, name, one barcode, an opening on hand. */
function* batches(total: number, prefix: string) {
  for (let start = 0; start < total; start += IMPORT_BATCH) {
    const size = Math.min(IMPORT_BATCH, total - start);
    yield Array.from({ length: size }, (_, i) => {
      const n = start + i;
      return {
        code: `${prefix}-${n}`,
        name: `Imported SKU ${n}`,
        barcode: `${prefix}-BC-${n}`,
        qty: (n % 50) + 1,
      };
    });
  }
}

export interface ImportRun {
  ms: number;
  created: number;
  peakRss: number;
}

/** The service: every batch over HTTP, one after another, as a client or the CLI sends them. */
export async function serviceImport(server: ServerUnderTest, total: number): Promise<ImportRun> {
  let created = 0;
  const start = performance.now();
  for (const batch of batches(total, "SVC")) {
    const rows = batch.map((r) => ({
      code: r.code,
      name: r.name,
      barcodes: [r.barcode],
      opening_on_hand: r.qty,
    }));
    const res = await fetch(`${server.baseUrl}/api/v1/skus/bulk`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
      body: JSON.stringify({ rows }),
    });
    if (res.status !== 200) throw new Error(`import failed: ${res.status} ${await res.text()}`);
    created += ((await res.json()) as { created: number }).created;
  }
  return { ms: performance.now() - start, created, peakRss: await server.peakRss() };
}

/** Raw SQL doing the same writes per batch, in one transaction each. */
export async function rawImport(raw: pg.Client, accountId: number, total: number): Promise<number> {
  const start = performance.now();
  for (const batch of batches(total, "RAW")) {
    await raw.query("BEGIN");
    const { rows } = await raw.query<{ id: number; on_hand: string }>(
      `WITH v AS (
         SELECT * FROM unnest($2::text[], $3::text[], $4::text[], $5::numeric[])
           AS v(code, name, barcode, qty)
       ), s AS (
         INSERT INTO skus (account_id, code, name, barcodes)
         SELECT $1, v.code, v.name, ARRAY[v.barcode] FROM v
         ON CONFLICT (account_id, code) DO UPDATE SET name = EXCLUDED.name
         RETURNING id, code
       )
       SELECT s.id, v.qty::text AS on_hand FROM s JOIN v ON v.code = s.code`,
      [
        accountId,
        batch.map((r) => r.code),
        batch.map((r) => r.name),
        batch.map((r) => r.barcode),
        batch.map((r) => r.qty),
      ],
    );
    await raw.query(
      `INSERT INTO barcodes (account_id, key, code, sku_id)
       SELECT $1, lower(v.code), v.code, v.id FROM unnest($2::text[], $3::int[]) AS v(code, id)`,
      [accountId, batch.map((r) => r.barcode), rows.map((r) => r.id)],
    );
    await raw.query(
      `INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand)
       SELECT $1, (SELECT id FROM sites WHERE account_id = $1 AND is_default), v.id, v.qty
       FROM unnest($2::int[], $3::numeric[]) AS v(id, qty) ORDER BY v.id
       ON CONFLICT (account_id, site_id, sku_id) DO NOTHING`,
      [accountId, rows.map((r) => r.id), rows.map((r) => r.on_hand)],
    );
    await raw.query(
      `INSERT INTO stock_movements (account_id, entity_type, sku_id, quantity_before,
         quantity_after, change, reason, source, actor_name, site_id)
       SELECT $1, 'sku', v.id, 0, v.qty, v.qty, 'opening_balance', 'opening_balance', 'bench',
       (SELECT id FROM sites WHERE account_id = $1 AND is_default)
       FROM unnest($2::int[], $3::numeric[]) AS v(id, qty)`,
      [accountId, rows.map((r) => r.id), rows.map((r) => r.on_hand)],
    );
    await raw.query("COMMIT");
  }
  return performance.now() - start;
}
