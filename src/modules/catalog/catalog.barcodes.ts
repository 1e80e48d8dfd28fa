// Barcodes in the database: an entity's set replaced in one statement, a scan looked up by key.
import { Prisma, type Tx } from "../../db/client.js";
import { AppError, type FieldError } from "../../errors.js";
import type { EntityRef } from "../../ledger/ledger.js";
import type { Barcode } from "./barcode.js";

const OWNER = {
  sku: { table: Prisma.raw("skus"), column: Prisma.raw("sku_id") },
  supplier_item: { table: Prisma.raw("supplier_items"), column: Prisma.raw("supplier_item_id") },
} as const;

/** Who holds a barcode, as the API names an entity. */
const describeOwner = (owner: EntityRef): string =>
  owner.entityType === "sku" ? `SKU ${owner.id}` : `supplier item ${owner.id}`;

interface OwnerRow {
  sku_id: number | null;
  supplier_item_id: number | null;
}

/**
 * Makes `barcodes` the entity's whole set, in order, in one statement: the keys it no longer has
 * are freed, the new ones claimed, its list rewritten. A barcode another entity holds is
 * DUPLICATE_BARCODE at `path` (its position), naming the holder; the caller's transaction then
 * rolls back. The entity must be locked by the caller.
 */
export async function replaceBarcodes(
  tx: Tx,
  accountId: number,
  owner: EntityRef,
  barcodes: Barcode[],
  path: (string | number)[] = ["barcodes"],
): Promise<void> {
  const { table, column } = OWNER[owner.entityType];
  const keys = barcodes.map((b) => b.key);
  const codes = barcodes.map((b) => b.code);
  // A barcode claimed by a transaction that committed after this statement began is not in its
  // snapshot: the row comes back without a holder.
  const taken = await tx.$queryRaw<(OwnerRow & { ord: number })[]>`
    WITH given AS (
      SELECT g.key, g.code, (g.ord - 1)::int AS ord
      FROM unnest(${keys}::text[], ${codes}::text[]) WITH ORDINALITY AS g(key, code, ord)
    ), freed AS (
      DELETE FROM barcodes WHERE account_id = ${accountId} AND ${column} = ${owner.id}
        AND key <> ALL (${keys}::text[])
    ), claimed AS (
      INSERT INTO barcodes (account_id, key, code, ${column})
      -- In key order, so two entities claiming the same keys wait rather than deadlock.
      SELECT ${accountId}, key, code, ${owner.id} FROM given ORDER BY key
      ON CONFLICT (account_id, key) DO UPDATE SET code = EXCLUDED.code
        WHERE barcodes.${column} IS NOT DISTINCT FROM EXCLUDED.${column}
      RETURNING key
    ), listed AS (
      UPDATE ${table} SET barcodes = ${codes}::text[]
      WHERE account_id = ${accountId} AND id = ${owner.id}
    )
    SELECT g.ord, b.sku_id, b.supplier_item_id
    FROM given AS g LEFT JOIN barcodes AS b ON b.account_id = ${accountId} AND b.key = g.key
    WHERE g.key NOT IN (SELECT key FROM claimed)
    ORDER BY g.ord`;
  if (taken.length === 0) return;
  const errors: FieldError[] = taken.map((row) => {
    const holder = ownerOf(row);
    const message = holder
      ? `barcode "${codes[row.ord]}" already belongs to ${describeOwner(holder)}`
      : `barcode "${codes[row.ord]}" was just given to another SKU or supplier item`;
    return { path: [...path, row.ord], code: "DUPLICATE_BARCODE", message };
  });
  throw AppError.fromFields(errors);
}

const ownerOf = (row: OwnerRow): EntityRef | null =>
  row.sku_id !== null
    ? { entityType: "sku", id: row.sku_id }
    : row.supplier_item_id !== null
      ? { entityType: "supplier_item", id: row.supplier_item_id }
      : null;

/**
 * The entities holding these barcode keys (keys nobody holds are absent). With `hold`, in a
 * transaction, the barcodes stay with them until it ends (a write that acts on what it found).
 */
export async function barcodeOwners(
  db: Pick<Tx, "$queryRaw">,
  accountId: number,
  keys: readonly string[],
  { hold = false }: { hold?: boolean } = {},
): Promise<Map<string, EntityRef>> {
  if (keys.length === 0) return new Map();
  const rows = await db.$queryRaw<(OwnerRow & { key: string })[]>`
    SELECT key, sku_id, supplier_item_id FROM barcodes
    WHERE account_id = ${accountId} AND key = ANY (${[...keys]}::text[])
    ${hold ? Prisma.sql`ORDER BY key FOR KEY SHARE` : Prisma.empty}`;
  return new Map(rows.flatMap((row) => [[row.key, ownerOf(row)!] as const]));
}
