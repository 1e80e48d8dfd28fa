#!/usr/bin/env -S node --max-semi-space-size=8
import "reflect-metadata";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "./config.js";
import { createPrismaClient } from "./db/client.js";
import { openDatabase } from "./db/database.js";
import { migrate } from "./db/migrate.js";
import { AppError, listedErrors } from "./errors.js";
import type { TokenSettings, TokenView } from "./modules/token/index.js";
import { formatRate, type RateLimit } from "./rate-limit/bucket.js";

const USAGE = `usage:
  countpoint serve [--workers N]      run the service (what npm start runs); N processes on one
                                      port (default WEB_CONCURRENCY, else 1)
  countpoint worker                   deliver webhooks, prune old events and create partitions
                                      ahead, without the API (for serve with WEBHOOK_WORKER=false
                                      elsewhere)
  countpoint migrate                  apply pending migrations, print a JSON report
  countpoint accounts create --name NAME [--timezone IANA]
  countpoint accounts list            one JSON line per account, with its rate budget
  countpoint accounts update --id ID --rate-limit N/s|off|default [--burst N]
                                      the budget all the account's tokens draw from together
                                      (default: ACCOUNT_RATE_LIMIT_PER_SECOND and
                                      ACCOUNT_RATE_LIMIT_BURST; N/s alone allows bursts of 2N)
  countpoint tokens create --account ID --name NAME
                                      [--scopes read,adjust,count,approve,webhooks,tokens]
                                      [--expires-at ISO | --expires-in 90d|12h|30m]
                                      [--rate-limit N/s|off [--burst N]]
                                      every scope by default: an admin token, which may issue
                                      tokens through the API (the tokens scope)
  countpoint tokens update --account ID --id TOKEN_ID [--expires-at ISO|never | --expires-in D]
                                      [--rate-limit N/s|off|default [--burst N]]
                                      a token's expiry or own rate limit (default: the service's
                                      RATE_LIMIT_PER_SECOND and RATE_LIMIT_BURST; N/s alone
                                      allows bursts of 2N)
  countpoint tokens list --account ID one JSON line per token (never the token itself), with
                                      its expiry, last use and rate limit
  countpoint tokens revoke --account ID --id TOKEN_ID
  countpoint import skus FILE.csv --account ID [--batch ROWS]
                                      create or update SKUs from a CSV file of any size, in
                                      batches of up to 10,000 rows; progress on stderr, a JSON
                                      summary on stdout
  countpoint classify --account ID [--window-days N] [--share-a PCT] [--share-b PCT] [--dry-run]
                                      give the account's active SKUs count classes A, B and C
                                      by how much they moved over the window (default 90 days,
                                      80% / 15% / 5%); --dry-run prints what it would do and
                                      writes nothing; prints the classes as JSON
  countpoint cycle-counts intervals --account ID [--a DAYS] [--b DAYS] [--c DAYS]
                                      set the days between counts of each class given (1 to
                                      3650), then print all three as JSON
  countpoint verify [--account ID]    check the ledger (every movement chain, on hand quantity,
                                      adjustment and reconciled stock take) in one snapshot while
                                      writes go on; prints a JSON report; exit 0 when sound, 1 on
                                      any break, 2 when it could not check
  countpoint schema                   print the GraphQL schema
  countpoint openapi                  print the REST API's OpenAPI document (as served at
                                      /api/v1/openapi.json)
  countpoint help | --help | -h       print this help

The database is DATABASE_URL, or the embedded one under COUNTPOINT_DATA_DIR (default .data).`;

class UsageError extends Error {}

/** A failure that ends the command with its own exit code. */
class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

function options(
  args: string[],
  spec: Record<string, { required: boolean; flag?: boolean }>,
): Record<string, string | undefined> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      // A flag takes no value: present, it reads as "true".
      options: Object.fromEntries(
        Object.entries(spec).map(([k, o]) => [k, { type: o.flag ? "boolean" : "string" } as const]),
      ),
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message.split("\n")[0]);
  }
  for (const [name, { required }] of Object.entries(spec)) {
    if (required && !values[name]) throw new UsageError(`--${name} is required`);
  }
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, v === true ? "true" : v === false ? undefined : v]),
  );
}

/** Runs a command that needs the database (migrated first unless told not to), then releases it. */
async function withDatabase<T>(
  work: (db: ReturnType<typeof createPrismaClient>) => Promise<T>,
  { migrated = true }: { migrated?: boolean } = {},
): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    if (migrated) await migrate(database.url);
    const db = createPrismaClient(database.url, 2);
    try {
      return await work(db);
    } finally {
      await db.$disconnect();
    }
  } finally {
    await database.release();
  }
}

function positiveInt(value: string | undefined, flag: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value ?? "") || !Number.isSafeInteger(n) || n < 1)
    throw new UsageError(`${flag} must be a positive integer`);
  return n;
}

const print = (value: unknown) => process.stdout.write(JSON.stringify(value) + "\n");

/** An import's progress on stderr: a bar redrawn in place on a terminal, else a line a batch. */
function showProgress(p: { rows: number; bytes: number; size: number }): void {
  const share = p.size > 0 ? p.bytes / p.size : 1;
  const width = 30;
  const filled = Math.round(share * width);
  const bar = `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${(share * 100).toFixed(0)}%`;
  const line = `${bar} ${p.rows.toLocaleString("en")} rows`;
  process.stderr.write(process.stderr.isTTY ? `\r${line}` : `${line}\n`);
}
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Options of tokens create and tokens update that set a token's expiry and rate limit. */
const TOKEN_SETTINGS = {
  "expires-at": { required: false },
  "expires-in": { required: false },
  "rate-limit": { required: false },
  burst: { required: false },
} as const;

/** A token's settings from the command line; a setting not given is left out. */
async function tokenSettings(o: Record<string, string | undefined>): Promise<TokenSettings> {
  const { parseExpiresAt, parseExpiresIn, parseRateLimit } = await tokensModule();
  if (o["expires-at"] !== undefined && o["expires-in"] !== undefined) {
    throw new UsageError("give --expires-at or --expires-in, not both");
  }
  if (o.burst !== undefined && o["rate-limit"] === undefined) {
    throw new UsageError("--burst goes with --rate-limit N/s");
  }
  const burst = o.burst === undefined ? undefined : positiveInt(o.burst, "--burst");
  const settings: TokenSettings = {};
  if (o["expires-at"] !== undefined) settings.expiresAt = parseExpiresAt(o["expires-at"]);
  if (o["expires-in"] !== undefined) settings.expiresAt = parseExpiresIn(o["expires-in"]);
  if (o["rate-limit"] !== undefined) settings.rateLimit = parseRateLimit(o["rate-limit"], burst);
  return settings;
}

/** A token's rate limit as tokens list prints it: "default", "off", or "N/s" with its burst. */
const rateLimitJson = (limit: RateLimit | null) => ({
  rate_limit:
    limit === null ? "default" : limit.perSecond === 0 ? "off" : formatRate(limit.perSecond),
  rate_limit_burst: limit && limit.perSecond > 0 ? limit.burst : null,
});

const tokensModule = () => import("./modules/token/index.js");
const accountJson = (a: {
  id: number;
  name: string;
  timezone: string;
  createdAt: Date;
  rateLimit: RateLimit | null;
}) => ({
  id: a.id,
  name: a.name,
  timezone: a.timezone,
  created_at: iso(a.createdAt),
  ...rateLimitJson(a.rateLimit),
});
const tokenJson = (t: TokenView) => ({
  id: t.id,
  name: t.name,
  scopes: t.scopes,
  created_at: iso(t.createdAt),
  revoked_at: iso(t.revokedAt),
  expires_at: iso(t.expiresAt),
  last_used_at: iso(t.lastUsedAt),
  ...rateLimitJson(t.rateLimit),
});

async function main(argv: string[]): Promise<void> {
  const [command, sub, ...rest] = argv;
  const grouped =
    command === "accounts" ||
    command === "tokens" ||
    command === "import" ||
    command === "cycle-counts";
  switch (`${command ?? ""} ${grouped ? (sub ?? "") : ""}`.trim()) {
    case "serve": {
      const o = options(argv.slice(1), { workers: { required: false } });
      const config = loadConfig();
      const workers =
        o.workers === undefined ? config.webConcurrency : positiveInt(o.workers, "--workers");
      const { serve, serveCluster } = await import("./main.js");
      if (workers > 1) await serveCluster(config, workers);
      else await serve(config);
      return;
    }
    case "worker": {
      const { runWorker } = await import("./main.js");
      await runWorker(loadConfig());
      return;
    }
    case "migrate": {
      const config = loadConfig();
      const database = await openDatabase(config);
      try {
        print(await migrate(database.url));
      } finally {
        await database.release();
      }
      return;
    }
    case "verify": {
      const o = options(argv.slice(1), { account: { required: false } });
      const accountId = o.account === undefined ? undefined : positiveInt(o.account, "--account");
      const { verifyLedger } = await import("./modules/verify/index.js");
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
      return;
    }
    case "schema": {
      const { schemaSdl } = await import("./graphql/schema.js");
      process.stdout.write(await schemaSdl());
      return;
    }
    case "openapi": {
      options(argv.slice(1), {});
      const { openApiDocument } = await import("./server/openapi-document.js");
      process.stdout.write(JSON.stringify(await openApiDocument(), null, 2) + "\n");
      return;
    }
    case "help":
    case "--help":
    case "-h":
      process.stdout.write(USAGE + "\n");
      return;
    case "accounts list": {
      options(rest, {});
      const { listAccounts } = await import("./modules/account/index.js");
      for (const a of await withDatabase(listAccounts)) print(accountJson(a));
      return;
    }
    case "accounts update": {
      const o = options(rest, {
        id: { required: true },
        "rate-limit": { required: true },
        burst: { required: false },
      });
      const accountId = positiveInt(o.id, "--id");
      const burst = o.burst === undefined ? undefined : positiveInt(o.burst, "--burst");
      const { parseRateLimit } = await tokensModule();
      const rateLimit = parseRateLimit(o["rate-limit"] ?? "", burst);
      const { updateAccountRateLimit } = await import("./modules/account/index.js");
      print(
        accountJson(await withDatabase((db) => updateAccountRateLimit(db, accountId, rateLimit))),
      );
      return;
    }
    case "tokens list": {
      const o = options(rest, { account: { required: true } });
      const accountId = positiveInt(o.account, "--account");
      const { listTokens } = await import("./modules/token/index.js");
      for (const t of await withDatabase((db) => listTokens(db, accountId))) {
        print(tokenJson(t));
      }
      return;
    }
    case "accounts create": {
      const o = options(rest, { name: { required: true }, timezone: { required: false } });
      const { createAccount, isValidTimezone } = await import("./modules/account/index.js");
      // Arguments are checked before the database is even opened.
      if (o.timezone !== undefined && !isValidTimezone(o.timezone)) {
        throw new UsageError(`--timezone: unknown time zone "${o.timezone}"`);
      }
      print(
        await withDatabase((db) => createAccount(db, { name: o.name ?? "", timezone: o.timezone })),
      );
      return;
    }
    case "tokens create": {
      const o = options(rest, {
        account: { required: true },
        name: { required: true },
        scopes: { required: false },
        ...TOKEN_SETTINGS,
      });
      const accountId = positiveInt(o.account, "--account");
      const scopes = o.scopes
        ?.split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      const { createToken, parseScopes } = await import("./modules/token/index.js");
      if (scopes) parseScopes(scopes);
      const settings = await tokenSettings(o);
      if (settings.expiresAt === null) throw new UsageError("--expires-at never: leave it out");
      const created = await withDatabase((db) =>
        createToken(db, { accountId, name: o.name ?? "", scopes, ...settings }),
      );
      print({
        id: created.id,
        token: created.token,
        scopes: created.scopes,
        expires_at: iso(created.expiresAt),
        ...rateLimitJson(created.rateLimit),
      });
      return;
    }
    case "tokens update": {
      const o = options(rest, {
        account: { required: true },
        id: { required: true },
        ...TOKEN_SETTINGS,
      });
      const accountId = positiveInt(o.account, "--account");
      const tokenId = positiveInt(o.id, "--id");
      const settings = await tokenSettings(o);
      if (Object.keys(settings).length === 0) {
        throw new UsageError("give --rate-limit, --expires-at or --expires-in");
      }
      const { updateToken } = await import("./modules/token/index.js");
      const updated = await withDatabase((db) =>
        updateToken(db, { accountId, tokenId, ...settings }),
      );
      print(tokenJson(updated));
      return;
    }
    case "tokens revoke": {
      const o = options(rest, { account: { required: true }, id: { required: true } });
      const accountId = positiveInt(o.account, "--account");
      const tokenId = positiveInt(o.id, "--id");
      const { revokeToken } = await import("./modules/token/index.js");
      print(await withDatabase((db) => revokeToken(db, { accountId, tokenId })));
      return;
    }
    case "import skus": {
      const [file, ...flags] = rest;
      if (!file || file.startsWith("--")) throw new UsageError("give the CSV file to import");
      const o = options(flags, { account: { required: true }, batch: { required: false } });
      const accountId = positiveInt(o.account, "--account");
      const batchSize = o.batch === undefined ? undefined : positiveInt(o.batch, "--batch");
      const { MAX_IMPORT_ROWS } = await import("./limits.js");
      if (batchSize !== undefined && batchSize > MAX_IMPORT_ROWS) {
        throw new UsageError(`--batch must be at most ${MAX_IMPORT_ROWS}`);
      }
      const { systemPrincipal } = await import("./modules/account/index.js");
      const { importSkuFile } = await import("./modules/catalog/index.js");
      const summary = await withDatabase(async (db) => {
        const principal = await systemPrincipal(db, accountId, "countpoint import");
        return importSkuFile({ db, principal }, file, { batchSize, onBatch: showProgress });
      });
      if (process.stderr.isTTY) process.stderr.write("\n");
      const { created, updated, unchanged, rows, batches } = summary;
      print({ rows, created, updated, unchanged, batches });
      return;
    }
    case "classify": {
      const o = options(
        [sub, ...rest].filter((a) => a !== undefined),
        {
          account: { required: true },
          "window-days": { required: false },
          "share-a": { required: false },
          "share-b": { required: false },
          "dry-run": { required: false, flag: true },
        },
      );
      const accountId = positiveInt(o.account, "--account");
      const whole = (flag: string) => {
        const value = o[flag];
        if (value === undefined) return undefined;
        if (!/^\d+$/.test(value)) throw new UsageError(`--${flag} must be a whole number`);
        return Number(value);
      };
      const input = {
        windowDays: whole("window-days"),
        shareA: whole("share-a"),
        shareB: whole("share-b"),
        dryRun: o["dry-run"] === "true",
      };
      const { systemPrincipal } = await import("./modules/account/index.js");
      const { classify } = await import("./modules/cycle-count/index.js");
      const { value } = await withDatabase(async (db) =>
        classify(
          { db, principal: await systemPrincipal(db, accountId, "countpoint classify") },
          input,
        ),
      );
      print({
        window_days: value.windowDays,
        share_a: value.shareA,
        share_b: value.shareB,
        dry_run: value.dryRun,
        classes: value.classes.map((c) => ({
          count_class: c.countClass,
          skus: c.skus,
          changed: c.changed,
        })),
      });
      return;
    }
    case "cycle-counts intervals": {
      const o = options(rest, {
        account: { required: true },
        a: { required: false },
        b: { required: false },
        c: { required: false },
      });
      const accountId = positiveInt(o.account, "--account");
      const days = (flag: "a" | "b" | "c") =>
        o[flag] === undefined ? undefined : positiveInt(o[flag], `--${flag}`);
      const input = {
        intervalDaysA: days("a"),
        intervalDaysB: days("b"),
        intervalDaysC: days("c"),
      };
      const { systemPrincipal } = await import("./modules/account/index.js");
      const { cycleSettings, updateCycleSettings } = await import("./modules/cycle-count/index.js");
      const settings = await withDatabase(async (db) => {
        const ctx = { db, principal: await systemPrincipal(db, accountId, "countpoint") };
        return Object.values(input).some((v) => v !== undefined)
          ? updateCycleSettings(ctx, input)
          : cycleSettings(ctx);
      });
      print({
        interval_days_a: settings.intervalDaysA,
        interval_days_b: settings.intervalDaysB,
        interval_days_c: settings.intervalDaysC,
      });
      return;
    }
    default:
      throw new UsageError(
        command ? `unknown command "${argv.slice(0, 2).join(" ")}"` : "no command given",
      );
  }
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
