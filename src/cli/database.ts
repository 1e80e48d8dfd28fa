// countpoint migrate and verify: the schema brought up to date, and the ledger checked.
import { loadConfig } from "../config.js";
import { openDatabase } from "../db/database.js";
import { migrate } from "../db/migrate.js";
import { CommandError, options, positiveInt, UsageError, type Command } from "./options.js";
import { print } from "./output.js";
import { withDatabase } from "./with-database.js";

/** Applies the pending migrations and prints the report. */
const migrateCommand: Command = async () => {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    print(await migrate(database.url));
  } finally {
    await database.release();
  }
};

/** Checks the ledger, of every account or of `--account`; exit 1 on a break, 2 if it could not. */
const verify: Command = async (args) => {
  const o = options(args, { account: { required: false } });
  const accountId = o.account === undefined ? undefined : positiveInt(o.account, "--account");
  const { verifyLedger } = await import("../modules/verify/index.js");
  // A check only reads: it leaves the schema as it finds it. Exit 1 means a break was found,
  // so a check that could not run (no database, say) is 2.
  const report = await withDatabase((db) => verifyLedger(db, { accountId }), {
    migrated: false,
  }).catch((error: unknown) => {
    const message = (error as Error)?.message ?? String(error);
    throw new CommandError(`verify failed: ${message.trim().split("\n").at(-1)}`, 2);
  });
  if (accountId !== undefined && report.checked.accounts === 0) {
    throw new UsageError(`--account: there is no account ${accountId}`);
  }
  print(report);
  if (!report.ok) process.exitCode = 1;
};

/** The commands that look after the database, by name. */
export const databaseCommands: Record<string, Command> = { migrate: migrateCommand, verify };
