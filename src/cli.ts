#!/usr/bin/env -S node --max-semi-space-size=8
// The countpoint command: finds the command its arguments name and runs it; each command group's
// file (src/cli/) loads what its commands need only when one runs, so help starts fast.
import "reflect-metadata";
import { accountCommands } from "./cli/accounts.js";
import { catalogCommands } from "./cli/catalog.js";
import { cycleCountCommands } from "./cli/cycle-counts.js";
import { databaseCommands } from "./cli/database.js";
import { documentCommands } from "./cli/documents.js";
import { CommandError, UsageError, type Command } from "./cli/options.js";
import { serveCommands } from "./cli/serve.js";
import { tokenCommands } from "./cli/tokens.js";
import { USAGE } from "./cli/usage.js";
import { ConfigError } from "./config.js";
import { AppError, listedErrors } from "./errors.js";

const help: Command = async () => {
  process.stdout.write(USAGE + "\n");
};

/** Every command by its name: one word, or a group's and its own ("accounts create"). */
const COMMANDS = new Map<string, Command>(
  Object.entries({
    ...serveCommands,
    ...databaseCommands,
    ...documentCommands,
    help,
    "--help": help,
    "-h": help,
    ...accountCommands,
    ...tokenCommands,
    ...catalogCommands,
    ...cycleCountCommands,
  }),
);

/** The first words of the two-word commands. */
const GROUPS = new Set(
  [...COMMANDS.keys()].filter((n) => n.includes(" ")).map((n) => n.split(" ")[0]),
);

/** Runs the command the arguments name, with the arguments that follow its name. */
async function main(argv: string[]): Promise<void> {
  const [command, sub] = argv;
  const grouped = command !== undefined && GROUPS.has(command);
  const name = `${command ?? ""} ${grouped ? (sub ?? "") : ""}`.trim();
  const run = COMMANDS.get(name);
  if (!run) {
    throw new UsageError(
      command ? `unknown command "${argv.slice(0, 2).join(" ")}"` : "no command given",
    );
  }
  // A command's arguments are what follows its words.
  await run(argv.slice(name.split(" ").length));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof CommandError) {
    process.stderr.write(`countpoint: ${error.message}\n`);
    process.exit(error.exitCode);
  }
  if (error instanceof UsageError) {
    process.stderr.write(`countpoint: ${error.message} (see: countpoint help)\n`);
    process.exit(2);
  }
  if (error instanceof AppError || error instanceof ConfigError) {
    process.stderr.write(`countpoint: ${error.message}\n`);
    // Every problem found, each with where it is (an import's rows by their line in the file).
    const problems = error instanceof AppError ? listedErrors(error.fieldErrors) : [];
    for (const p of problems) {
      process.stderr.write(`  ${p.path.join(" ")}: ${p.code}: ${p.message}\n`);
    }
    process.exit(1);
  }
  process.stderr.write(`countpoint: ${(error as Error)?.message ?? String(error)}\n`);
  process.exit(1);
});
