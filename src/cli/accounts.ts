// countpoint accounts create, list and update.
import { isValidTimezone } from "../dates.js";
import type { RateLimit } from "../rate-limit/bucket.js";
import { options, positiveInt, UsageError, type Command } from "./options.js";
import { iso, print, rateLimitJson } from "./output.js";
import { withDatabase } from "./with-database.js";

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

/** A new account, `--name` in `--timezone` (UTC by default). */
const create: Command = async (args) => {
  const o = options(args, { name: { required: true }, timezone: { required: false } });
  const { createAccount } = await import("../modules/account/index.js");
  // Arguments are checked before the database is even opened.
  if (o.timezone !== undefined && !isValidTimezone(o.timezone)) {
    throw new UsageError(`--timezone: unknown time zone "${o.timezone}"`);
  }
  print(
    await withDatabase((db) => createAccount(db, { name: o.name ?? "", timezone: o.timezone })),
  );
};

/** Every account, one JSON line each, with its rate budget. */
const list: Command = async (args) => {
  options(args, {});
  const { listAccounts } = await import("../modules/account/index.js");
  for (const a of await withDatabase(listAccounts)) print(accountJson(a));
};

/** The rate budget all the account's tokens draw from together. */
const update: Command = async (args) => {
  const o = options(args, {
    id: { required: true },
    "rate-limit": { required: true },
    burst: { required: false },
  });
  const accountId = positiveInt(o.id, "--id");
  const burst = o.burst === undefined ? undefined : positiveInt(o.burst, "--burst");
  const { parseRateLimit } = await import("../modules/token/index.js");
  const rateLimit = parseRateLimit(o["rate-limit"] ?? "", burst);
  const { updateAccountRateLimit } = await import("../modules/account/index.js");
  print(accountJson(await withDatabase((db) => updateAccountRateLimit(db, accountId, rateLimit))));
};

/** The account commands, by name. */
export const accountCommands: Record<string, Command> = {
  "accounts create": create,
  "accounts list": list,
  "accounts update": update,
};
