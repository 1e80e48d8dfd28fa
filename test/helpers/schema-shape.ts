// The shape of a PostgreSQL schema (tables, columns, enums, indexes, foreign keys) in one
// canonical form, derived either from prisma/schema.prisma (through Prisma's own DMMF, computed
// by its WebAssembly schema module, so no native engine is needed) or from a live database's
// catalog. Comparing the two proves the hand-written migrations build what the schema declares.
import wasm from "@prisma/prisma-schema-wasm";
import pg from "pg";

export interface ColumnShape {
  type: string;
  nullable: boolean;
  default: string | null;
}

export interface SchemaShape {
  /** table → column → shape */
  tables: Record<string, Record<string, ColumnShape>>;
  /** enum type → labels in order */
  enums: Record<string, string[]>;
  /** table → sorted index descriptions, e.g. `skus_pkey PRIMARY KEY btree (account_id, id)` */
  indexes: Record<string, string[]>;
  /** table → sorted foreign key descriptions */
  foreignKeys: Record<string, string[]>;
}

// The parts of Prisma's DMMF this file reads.
interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: "scalar" | "enum" | "object" | "unsupported";
  type: string;
  nativeType?: [string, string[]] | null;
  isRequired: boolean;
  isList: boolean;
  isId: boolean;
  isUnique: boolean;
  default?: unknown;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
  relationOnUpdate?: string;
}
interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
  primaryKey: { name: string | null; fields: string[] } | null;
  uniqueIndexes: { name: string | null; fields: string[] }[];
}
interface DmmfIndex {
  model: string;
  type: "id" | "unique" | "normal" | "fulltext";
  dbName?: string | null;
  algorithm?: string;
  fields: { name: string; sortOrder?: "asc" | "desc" }[];
}
interface DmmfEnum {
  name: string;
  dbName?: string | null;
  values: { name: string; dbName: string | null }[];
}
interface Dmmf {
  datamodel: { models: DmmfModel[]; enums: DmmfEnum[]; indexes?: DmmfIndex[] };
}

/** Prisma's DMMF of a schema, computed by @prisma/prisma-schema-wasm. */
export function getDmmf(schemaText: string): Dmmf {
  return JSON.parse(
    wasm.get_dmmf(JSON.stringify({ prismaSchema: [["schema.prisma", schemaText]] })),
  ) as Dmmf;
}

const PG_IDENTIFIER_MAX = 63;

/** Prisma's default constraint name: `{table}_{columns}_{suffix}`, shortened to fit PostgreSQL. */
function prismaName(table: string, columns: string[], suffix: string): string {
  const base = [table, ...columns].join("_");
  return `${base.slice(0, PG_IDENTIFIER_MAX - suffix.length - 1)}_${suffix}`;
}

const quoteLiteral = (s: string) => `'${s.replace(/'/g, "''")}'`;

function columnType(field: DmmfField, enumDbName: (name: string) => string): string {
  const base = (() => {
    if (field.kind === "enum") return enumDbName(field.type);
    if (field.kind !== "scalar") throw new Error(`unexpected field kind ${field.kind}`);
    const native = field.nativeType;
    if (native) {
      const [name, args] = native;
      switch (name) {
        case "Decimal":
          return `numeric(${args.join(",")})`;
        case "Timestamptz":
          return `timestamp(${args[0] ?? 6}) with time zone`;
        case "Timestamp":
          return `timestamp(${args[0] ?? 6}) without time zone`;
        case "VarChar":
          return args.length ? `character varying(${args[0]})` : "character varying";
        case "Char":
          return `character(${args[0] ?? 1})`;
        case "Time":
          return `time(${args[0] ?? 6}) without time zone`;
        case "Timetz":
          return `time(${args[0] ?? 6}) with time zone`;
        default: {
          const plain: Record<string, string> = {
            Text: "text",
            Uuid: "uuid",
            Date: "date",
            Json: "json",
            JsonB: "jsonb",
            Integer: "integer",
            SmallInt: "smallint",
            BigInt: "bigint",
            Boolean: "boolean",
            Real: "real",
            DoublePrecision: "double precision",
            ByteA: "bytea",
            Inet: "inet",
            Citext: "citext",
            Xml: "xml",
            Money: "money",
            Oid: "oid",
          };
          const type = plain[name];
          if (type && args.length === 0) return type;
          throw new Error(`native type @db.${name} is not mapped by this test yet`);
        }
      }
    }
    const defaults: Record<string, string> = {
      String: "text",
      Int: "integer",
      BigInt: "bigint",
      Boolean: "boolean",
      DateTime: "timestamp(3) without time zone",
      Decimal: "numeric(65,30)",
      Float: "double precision",
      Json: "jsonb",
      Bytes: "bytea",
    };
    const type = defaults[field.type];
    if (!type) throw new Error(`scalar type ${field.type} is not mapped by this test yet`);
    return type;
  })();
  return field.isList ? `${base}[]` : base;
}

function columnDefault(
  field: DmmfField,
  table: string,
  column: string,
  enumDbName: (name: string) => string,
): string | null {
  const d = field.default;
  if (d === undefined || d === null) return null;
  if (typeof d === "object" && !Array.isArray(d)) {
    const fn = d as { name: string; args: unknown[] };
    if (fn.name === "autoincrement") return `nextval('${table}_${column}_seq'::regclass)`;
    if (fn.name === "now") return "CURRENT_TIMESTAMP";
    if (fn.name === "dbgenerated") return String(fn.args[0]);
    // cuid(), uuid() and friends are filled in by the client: no database default.
    return null;
  }
  if (field.kind === "enum") return `${quoteLiteral(String(d))}::${enumDbName(field.type)}`;
  if (typeof d === "string") {
    if (field.type === "String") return `${quoteLiteral(d)}::text`;
    if (field.type === "Decimal" || field.type === "BigInt") return d;
    if (field.type === "Json") return `${quoteLiteral(d)}::jsonb`;
  }
  if (typeof d === "number" || typeof d === "boolean") return String(d);
  // An empty list, as PostgreSQL prints an empty array literal of the column's type.
  if (Array.isArray(d) && d.length === 0 && field.type === "String") return "'{}'::text[]";
  if (Array.isArray(d) && d.length === 0 && field.type === "Int") return "'{}'::integer[]";
  throw new Error(
    `default ${JSON.stringify(d)} of ${table}.${column} is not mapped by this test yet`,
  );
}

const ACTIONS: Record<string, string> = {
  Cascade: "CASCADE",
  Restrict: "RESTRICT",
  NoAction: "NO ACTION",
  SetNull: "SET NULL",
  SetDefault: "SET DEFAULT",
};

const describeIndex = (name: string, kind: string, method: string, columns: string[]) =>
  `${name} ${kind} ${method} (${columns.join(", ")})`;

const describeForeignKey = (
  name: string,
  columns: string[],
  refTable: string,
  refColumns: string[],
  onDelete: string,
  onUpdate: string,
) =>
  `${name} (${columns.join(", ")}) REFERENCES ${refTable} (${refColumns.join(", ")}) ON DELETE ${onDelete} ON UPDATE ${onUpdate}`;

const sortValues = (record: Record<string, string[]>) => {
  for (const list of Object.values(record)) list.sort();
  return record;
};

/** The database schema that Prisma Migrate would create for this Prisma schema. */
/**
 * Indexes the migrations create that schema.prisma cannot declare (on expressions, or partial),
 * as the catalog shows them: the trigram search indexes of the catalog, which lead with the
 * account, the levels' location prefix indexes (lower(location) in byte order, per site), the unrevoked tokens
 * by expiry (the live tokens counted before one is issued), the stock take lines' supplier
 * item and state indexes (a big start writes no entry in either for a SKU's uncounted line), the
 * one default site per account, the barcodes by owner (each of its own kind of owner only, so a
 * look-up by key can take no other index), and the transfers in transit by destination.
 */
const MIGRATION_ONLY_INDEXES: Record<string, string[]> = {
  api_tokens: [
    "api_tokens_live_idx INDEX WHERE (revoked_at IS NULL) btree (account_id, expires_at)",
  ],
  barcodes: [
    "barcodes_account_id_sku_id_idx INDEX WHERE (sku_id IS NOT NULL) btree (account_id, sku_id)",
    "barcodes_account_id_supplier_item_id_idx INDEX WHERE (supplier_item_id IS NOT NULL) btree (account_id, supplier_item_id)",
  ],
  sites: ["sites_default_key UNIQUE WHERE is_default btree (account_id)"],
  skus: ["skus_search_idx INDEX ON EXPRESSIONS gin (account_id)"],
  sku_stock: [
    "sku_stock_location_idx INDEX ON EXPRESSIONS WHERE (location IS NOT NULL) btree (account_id, site_id, sku_id)",
  ],
  stock_movements: [
    "stock_movements_transfer_idx INDEX WHERE (transfer_id IS NOT NULL) btree (account_id, transfer_id, occurred_at, id)",
  ],
  stock_take_lines: [
    "stock_take_lines_recount_idx INDEX WHERE recount_requested btree (account_id, stock_take_id, id)",
    "stock_take_lines_state_idx INDEX WHERE (state <> 'uncounted'::stock_take_line_state) btree (account_id, stock_take_id, state, id)",
    "stock_take_lines_supplier_item_key UNIQUE WHERE (supplier_item_id IS NOT NULL) btree (account_id, supplier_item_id, stock_take_id)",
  ],
  transfers: [
    "transfers_in_transit_idx INDEX WHERE (status = 'in_transit'::transfer_status) btree (account_id, to_site_id, id)",
  ],
  supplier_items: ["supplier_items_search_idx INDEX ON EXPRESSIONS gin (account_id)"],
  supplier_item_stock: [
    "supplier_item_stock_location_idx INDEX ON EXPRESSIONS WHERE (location IS NOT NULL) btree (account_id, site_id, supplier_item_id)",
  ],
};

export function expectedShape(schemaText: string): SchemaShape {
  const { datamodel } = getDmmf(schemaText);
  const enumDbNames = new Map(datamodel.enums.map((e) => [e.name, e.dbName ?? e.name]));
  const enumDbName = (name: string) => {
    const found = enumDbNames.get(name);
    if (!found) throw new Error(`unknown enum ${name}`);
    return found;
  };
  const models = new Map(datamodel.models.map((m) => [m.name, m]));
  const tableOf = (m: DmmfModel) => m.dbName ?? m.name;
  const columnOf = (m: DmmfModel, fieldName: string) => {
    const f = m.fields.find((x) => x.name === fieldName);
    if (!f) throw new Error(`unknown field ${m.name}.${fieldName}`);
    return f.dbName ?? f.name;
  };

  const shape: SchemaShape = { tables: {}, enums: {}, indexes: {}, foreignKeys: {} };
  for (const e of datamodel.enums)
    shape.enums[e.dbName ?? e.name] = e.values.map((v) => v.dbName ?? v.name);

  if (!datamodel.indexes)
    throw new Error("this DMMF has no datamodel.indexes: plain indexes cannot be derived");
  for (const m of datamodel.models) {
    const table = tableOf(m);
    const columns: Record<string, ColumnShape> = {};
    for (const f of m.fields) {
      if (f.kind === "object") continue;
      const column = f.dbName ?? f.name;
      columns[column] = {
        type: columnType(f, enumDbName),
        // Prisma Migrate creates scalar lists without NOT NULL.
        nullable: !f.isRequired || f.isList,
        default: columnDefault(f, table, column, enumDbName),
      };
    }
    shape.tables[table] = columns;

    shape.indexes[table] = datamodel.indexes
      .filter((ix) => ix.model === m.name)
      .map((ix) => {
        const cols = ix.fields.map((f) => columnOf(m, f.name));
        const rendered = ix.fields.map(
          (f, i) => `${cols[i]}${f.sortOrder === "desc" ? " DESC" : ""}`,
        );
        const method = (ix.algorithm ?? "BTree").toLowerCase();
        if (ix.type === "id")
          return describeIndex(ix.dbName ?? `${table}_pkey`, "PRIMARY KEY", "btree", rendered);
        if (ix.type === "unique") {
          return describeIndex(
            ix.dbName ?? prismaName(table, cols, "key"),
            "UNIQUE",
            "btree",
            rendered,
          );
        }
        if (ix.type === "normal") {
          return describeIndex(
            ix.dbName ?? prismaName(table, cols, "idx"),
            "INDEX",
            method,
            rendered,
          );
        }
        throw new Error(`index type ${ix.type} is not mapped by this test yet`);
      })
      .concat(MIGRATION_ONLY_INDEXES[table] ?? []);

    shape.foreignKeys[table] = m.fields
      .filter((f) => f.kind === "object" && (f.relationFromFields?.length ?? 0) > 0)
      .map((f) => {
        const from = f.relationFromFields ?? [];
        const target = models.get(f.type);
        if (!target) throw new Error(`unknown model ${f.type}`);
        const cols = from.map((name) => columnOf(m, name));
        const required = from.every((name) => m.fields.find((x) => x.name === name)?.isRequired);
        return describeForeignKey(
          prismaName(table, cols, "fkey"),
          cols,
          tableOf(target),
          (f.relationToFields ?? []).map((name) => columnOf(target, name)),
          ACTIONS[f.relationOnDelete ?? (required ? "Restrict" : "SetNull")] ?? "?",
          ACTIONS[f.relationOnUpdate ?? "Cascade"] ?? "?",
        );
      });
  }
  sortValues(shape.indexes);
  sortValues(shape.foreignKeys);
  return shape;
}

const ACTION_CODES: Record<string, string> = {
  a: "NO ACTION",
  r: "RESTRICT",
  c: "CASCADE",
  n: "SET NULL",
  d: "SET DEFAULT",
};

/** Tables Prisma's schema does not describe but a migrated database legitimately holds. */
const BOOKKEEPING_TABLES = ["_prisma_migrations"];

/** The schema of a live database's `public` namespace, read from pg_catalog. */
export async function actualShape(databaseUrl: string): Promise<SchemaShape> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const shape: SchemaShape = { tables: {}, enums: {}, indexes: {}, foreignKeys: {} };

    // A partition is part of its table (relkind 'p'), not a table of the schema.
    const tables = await client.query<{ table: string }>(
      `SELECT c.relname AS table FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
         AND NOT (c.relname = ANY($1))`,
      [BOOKKEEPING_TABLES],
    );
    for (const { table } of tables.rows) {
      shape.tables[table] = {};
      shape.indexes[table] = [];
      shape.foreignKeys[table] = [];
    }

    const columns = await client.query<{
      table: string;
      column: string;
      type: string;
      not_null: boolean;
      default: string | null;
      identity: string;
      generated: string;
    }>(
      `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
              a.attnotnull AS not_null, pg_get_expr(d.adbin, d.adrelid) AS default,
              a.attidentity AS identity, a.attgenerated AS generated
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
         AND a.attnum > 0 AND NOT a.attisdropped AND NOT (c.relname = ANY($1))`,
      [BOOKKEEPING_TABLES],
    );
    for (const r of columns.rows) {
      const table = shape.tables[r.table];
      if (!table) continue;
      // Identity and generated columns are not what Prisma creates; make them visible as such.
      const extra =
        (r.identity ? ` IDENTITY ${r.identity}` : "") +
        (r.generated ? ` GENERATED ${r.generated}` : "");
      table[r.column] = { type: r.type + extra, nullable: !r.not_null, default: r.default };
    }

    const enums = await client.query<{ name: string; labels: string[] }>(
      `SELECT t.typname AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels
       FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
       WHERE n.nspname = 'public' GROUP BY t.typname`,
    );
    for (const r of enums.rows) shape.enums[r.name] = r.labels;

    const indexes = await client.query<{
      table: string;
      name: string;
      is_unique: boolean;
      is_primary: boolean;
      method: string;
      predicate: string | null;
      has_expressions: boolean;
      key_count: number;
      all_count: number;
      columns: string[];
      options: number[];
    }>(
      `SELECT t.relname AS table, i.relname AS name, ix.indisunique AS is_unique,
              ix.indisprimary AS is_primary, am.amname AS method,
              pg_get_expr(ix.indpred, ix.indrelid) AS predicate,
              ix.indexprs IS NOT NULL AS has_expressions,
              ix.indnkeyatts AS key_count, ix.indnatts AS all_count,
              ARRAY(SELECT a.attname::text FROM unnest(ix.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.attnum
                    ORDER BY k.ord) AS columns,
              ix.indoption::int2[] AS options
       FROM pg_index ix
       JOIN pg_class i ON i.oid = ix.indexrelid
       JOIN pg_class t ON t.oid = ix.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       JOIN pg_am am ON am.oid = i.relam
       WHERE n.nspname = 'public' AND NOT (t.relname = ANY($1))`,
      [BOOKKEEPING_TABLES],
    );
    for (const r of indexes.rows) {
      const list = shape.indexes[r.table];
      if (!list) continue;
      const rendered = r.columns.map((c, i) => {
        const option = r.options[i] ?? 0;
        const desc = (option & 1) === 1;
        const nullsFirst = (option & 2) === 2;
        const nulls =
          desc && !nullsFirst ? " NULLS LAST" : !desc && nullsFirst ? " NULLS FIRST" : "";
        return `${c}${desc ? " DESC" : ""}${nulls}`;
      });
      let kind = r.is_primary ? "PRIMARY KEY" : r.is_unique ? "UNIQUE" : "INDEX";
      if (r.has_expressions) kind += " ON EXPRESSIONS";
      if (r.predicate) kind += ` WHERE ${r.predicate}`;
      if (r.all_count !== r.key_count) kind += " WITH INCLUDE";
      list.push(describeIndex(r.name, kind, r.method, rendered));
    }

    const fks = await client.query<{
      name: string;
      table: string;
      ref_table: string;
      columns: string[];
      ref_columns: string[];
      on_delete: string;
      on_update: string;
    }>(
      `SELECT c.conname AS name, t.relname AS table, ft.relname AS ref_table,
              ARRAY(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
              ARRAY(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.ord) AS ref_columns,
              c.confdeltype AS on_delete, c.confupdtype AS on_update
       FROM pg_constraint c
       JOIN pg_class t ON t.oid = c.conrelid
       JOIN pg_class ft ON ft.oid = c.confrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       WHERE c.contype = 'f' AND n.nspname = 'public'`,
    );
    for (const r of fks.rows) {
      const list = shape.foreignKeys[r.table];
      if (!list) continue;
      list.push(
        describeForeignKey(
          r.name,
          r.columns,
          r.ref_table,
          r.ref_columns,
          ACTION_CODES[r.on_delete] ?? r.on_delete,
          ACTION_CODES[r.on_update] ?? r.on_update,
        ),
      );
    }

    sortValues(shape.indexes);
    sortValues(shape.foreignKeys);
    return shape;
  } finally {
    await client.end();
  }
}
