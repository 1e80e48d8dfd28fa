// Barcodes in the database: entities' sets replaced set-based, a scan looked up by key.
import { Prisma, type Tx } from "../../db/client.js";
import { ITEMS } from "./location.js";
import { intArray, jsonRows } from "../../db/sql.js";
import { AppError, type FieldError } from "../../errors.js";
import type { EntityRef } from "../../ledger/ledger.js";
import type { Barcode } from "./barcode.js";

/** Who holds a barcode, as the API names an entity. */
/** A barcode's holder as a person finds it: its id and its code (a supplier item's supplier too). */
const describeOwner = (owner: EntityRef, code: string | null): string =>
  `${owner.entityType === "sku" ? "SKU" : "supplier item"} ${owner.id}${code ? ` (${code})` : ""}`;

interface OwnerRow {
  sku_id: number | null;
  supplier_item_id: number | null;
}

/** An entity's whole new set of barcodes, and where the request sent it (for errors). */
export interface BarcodeSet {
  id: number;
  barcodes: Barcode[];
  path: (string | number)[];
}

/**
 * Makes `barcodes` the entity's whole set, in order: the keys it no longer has are freed, the new
 * ones claimed, its list rewritten. A barcode another entity holds is DUPLICATE_BARCODE at
 * `path` (its position), naming the holder; the caller's transaction then rolls back. The entity
 * must be locked by the caller.
 */
export function replaceBarcodes(
  tx: Tx,
  accountId: number,
  owner: EntityRef,
  barcodes: Barcode[],
  path: (string | number)[] = ["barcodes"],
): Promise<void> {
  return replaceBarcodeSets(tx, accountId, owner.entityType, [{ id: owner.id, barcodes, path }]);
}

/**
 * replaceBarcodes for many entities of one type in two statements, however many there are: first
 * every key they no longer have is freed (one may pass to another entity of the same request),
 * then the new ones are claimed and the lists rewritten. A key must not be in two sets.
 */
export async function replaceBarcodeSets(
  tx: Tx,
  accountId: number,
  entityType: EntityRef["entityType"],
  sets: BarcodeSet[],
): Promise<void> {
  if (sets.length === 0) return;
  const { table, column } = ITEMS[entityType];
  const ids = intArray(sets.map((s) => s.id));
  const emptied = sets.filter((s) => s.barcodes.length === 0).map((s) => s.id);
  const given = jsonRows(
    sets.flatMap((s, set) => s.barcodes.map((b, pos) => [s.id, b.key, b.code, set, pos])),
    "g",
    "owner int, key text, code text, set int, pos int",
  );
  await tx.$executeRaw`
    DELETE FROM barcodes AS b
    WHERE b.account_id = ${accountId} AND b.${column} = ANY (${ids})
      AND (b.${column}, b.key) NOT IN (SELECT owner, key FROM ${given})`;
  // A barcode claimed by a transaction that committed after this statement began is not in its
  // snapshot: the row comes back without a holder. No step joins two of the statement's own
  // relations except through a key or a hashed IN: their sizes are not known when it is planned.
  const taken = await tx.$queryRaw<
    (OwnerRow & { set: number; pos: number; holder_code: string | null })[]
  >`
    WITH given AS MATERIALIZED (SELECT * FROM ${given}), claimed AS (
      INSERT INTO barcodes (account_id, key, code, ${column})
      -- In key order, so two requests claiming the same keys wait rather than deadlock.
      SELECT ${accountId}, key, code, owner FROM given ORDER BY key
      ON CONFLICT (account_id, key) DO UPDATE SET code = EXCLUDED.code
        WHERE barcodes.${column} IS NOT DISTINCT FROM EXCLUDED.${column}
      RETURNING key
    ), lists AS (
      SELECT owner, array_agg(code ORDER BY pos) AS codes FROM given GROUP BY owner
    ), listed AS (
      -- Each entity found by its key from its list: never a scan of the lists per entity.
      -- A list already as given (a row just created with it) is left alone: no second event.
      UPDATE ${table} AS t SET barcodes = l.codes FROM lists AS l
      WHERE t.account_id = ${accountId} AND t.id = l.owner AND t.barcodes IS DISTINCT FROM l.codes
    ), emptied AS (
      UPDATE ${table} AS t SET barcodes = '{}'
      WHERE t.account_id = ${accountId} AND t.id = ANY (${intArray(emptied)}) AND t.barcodes <> '{}'
    )
    SELECT g.set, g.pos, b.sku_id, b.supplier_item_id,
      coalesce(s.code, si.supplier || ' ' || si.code)::text AS holder_code
    FROM given AS g LEFT JOIN barcodes AS b ON b.account_id = ${accountId} AND b.key = g.key
      LEFT JOIN skus AS s ON s.account_id = ${accountId} AND s.id = b.sku_id
      LEFT JOIN supplier_items AS si ON si.account_id = ${accountId} AND si.id = b.supplier_item_id
    WHERE g.key NOT IN (SELECT key FROM claimed)
    ORDER BY g.set, g.pos`;
  if (taken.length === 0) return;
  const errors: FieldError[] = taken.map((row) => {
    const { code } = sets[row.set]!.barcodes[row.pos]!;
    const holder = ownerOf(row);
    const message = holder
      ? `barcode "${code}" already belongs to ${describeOwner(holder, row.holder_code)}`
      : `barcode "${code}" was just given to another SKU or supplier item`;
    return { path: [...sets[row.set]!.path, row.pos], code: "DUPLICATE_BARCODE", message };
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
