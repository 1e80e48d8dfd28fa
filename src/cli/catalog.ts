// countpoint import skus: a CSV file of any size into the catalog, in batches.
import { options, positiveInt, UsageError, type Command } from "./options.js";
import { print } from "./output.js";
import { withDatabase } from "./with-database.js";

/** An import's progress on stderr: a bar redrawn in place on a terminal, else a line a batch. */
function showProgress(p: { rows: number; bytes: number; size: number }): void {
  const share = p.size > 0 ? p.bytes / p.size : 1;
  const width = 30;
  const filled = Math.round(share * width);
  const bar = `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${(share * 100).toFixed(0)}%`;
  const line = `${bar} ${p.rows.toLocaleString("en")} rows`;
  process.stderr.write(process.stderr.isTTY ? `\r${line}` : `${line}\n`);
}

/** Creates or updates the account's SKUs from the file; progress on stderr, a summary on stdout. */
const importSkus: Command = async (args) => {
  const [file, ...flags] = args;
  if (!file || file.startsWith("--")) throw new UsageError("give the CSV file to import");
  const o = options(flags, { account: { required: true }, batch: { required: false } });
  const accountId = positiveInt(o.account, "--account");
  const batchSize = o.batch === undefined ? undefined : positiveInt(o.batch, "--batch");
  const { MAX_IMPORT_ROWS } = await import("../limits.js");
  if (batchSize !== undefined && batchSize > MAX_IMPORT_ROWS) {
    throw new UsageError(`--batch must be at most ${MAX_IMPORT_ROWS}`);
  }
  const { systemPrincipal } = await import("../modules/account/index.js");
  const { importSkuFile } = await import("../modules/catalog/index.js");
  const summary = await withDatabase(async (db) => {
    const principal = await systemPrincipal(db, accountId, "countpoint import");
    return importSkuFile({ db, principal }, file, { batchSize, onBatch: showProgress });
  });
  if (process.stderr.isTTY) process.stderr.write("\n");
  const { created, updated, unchanged, rows, batches, openingBalances, onHandKept } = summary;
  print({
    rows,
    created,
    updated,
    unchanged,
    opening_balances: openingBalances,
    on_hand_kept: onHandKept,
    batches,
  });
};

/** The catalog commands, by name. */
export const catalogCommands: Record<string, Command> = { "import skus": importSkus };
