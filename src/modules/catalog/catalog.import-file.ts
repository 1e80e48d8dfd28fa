// A CSV file of any size imported through importSkus, read as a stream and sent in batches: the
// memory it takes is a batch's, whatever the file's size. Each batch is one import, all or none;
// a bad batch stops the run with its rows named by their line in the file, and the batches
// before it stay imported (importing the file again changes nothing for them).
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { once } from "node:events";
import { parse, type Parser } from "csv-parse";
import type { ServiceContext } from "../../context.js";
import { csvCells, csvHeader } from "../../csv.js";
import { AppError, type FieldError } from "../../errors.js";
import {
  importSkus,
  MAX_IMPORT_ROWS,
  SKU_COLUMNS,
  skuRow,
  type SkuImportRow,
} from "./catalog.import.js";

export interface FileImportProgress {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Opening balances written, and rows whose on_hand was kept out (see ImportResult). */
  openingBalances: number;
  onHandKept: number;
  batches: number;
  /** Bytes of the file read so far, and its size. */
  bytes: number;
  size: number;
}

/** Imports every row of the CSV file, `batchSize` rows a transaction; reports after each batch. */
export async function importSkuFile(
  ctx: ServiceContext,
  file: string,
  {
    batchSize = MAX_IMPORT_ROWS,
    onBatch,
  }: {
    batchSize?: number;
    onBatch?: (progress: FileImportProgress) => void;
  } = {},
): Promise<FileImportProgress> {
  const size = (await stat(file)).size;
  const progress: FileImportProgress = {
    rows: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    openingBalances: 0,
    onHandKept: 0,
    batches: 0,
    bytes: 0,
    size,
  };
  const records = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
  });
  // The file feeds the parser as it is read; a file that is not UTF-8 fails the parser, and so
  // the loop below.
  const feeding = feed(records, utf8Chunks(file));
  let header: string[] | null = null;
  let batch: (SkuImportRow | null)[] = [];
  let errors: FieldError[] = [];
  /** The file row (the header is row 1) of the batch's first row. */
  let firstRow = 2;
  const send = async () => {
    const at = firstRow;
    const result = await importSkus(ctx, { rows: batch, errors }, undefined, (i, f) => [
      "rows",
      at + i,
      f,
    ]);
    progress.rows += batch.length;
    progress.created += result.value.created;
    progress.updated += result.value.updated;
    progress.unchanged += result.value.unchanged;
    progress.openingBalances += result.value.openingBalances;
    progress.onHandKept += result.value.onHandKept;
    progress.batches += 1;
    onBatch?.({ ...progress });
    firstRow += batch.length;
    batch = [];
    errors = [];
  };
  for await (const { record, info } of records as AsyncIterable<{
    record: string[];
    info: { bytes: number };
  }>) {
    progress.bytes = info.bytes;
    if (!header) {
      header = csvHeader(record, SKU_COLUMNS);
      continue;
    }
    const cells = csvCells(header, record, firstRow + batch.length, errors);
    batch.push(cells && skuRow(cells, header));
    if (batch.length === batchSize) await send();
  }
  await feeding;
  if (!header) throw new AppError("INVALID_PARAMETER", "the file is empty: it has no header");
  if (batch.length > 0 || progress.batches === 0) await send();
  progress.bytes = size;
  return progress;
}

/** Writes the texts into the parser, waiting while it is full; an error fails the parser. */
async function feed(parser: Parser, texts: AsyncIterable<string>): Promise<void> {
  try {
    for await (const text of texts) {
      if (!parser.write(text)) await once(parser, "drain");
    }
    parser.end();
  } catch (error) {
    parser.destroy(error as Error);
  }
}

/** The file's text, refusing bytes that are not UTF-8 (never silently mended). */
async function* utf8Chunks(file: string): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  try {
    for await (const chunk of createReadStream(file)) {
      yield decoder.decode(chunk as Buffer, { stream: true });
    }
    yield decoder.decode();
  } catch (error) {
    if (error instanceof TypeError) {
      throw new AppError("MALFORMED_REQUEST", "the file is not UTF-8 text");
    }
    throw error;
  }
}
