// countpoint tokens create, update, list and revoke.
import type { TokenSettings, TokenView } from "../modules/token/index.js";
import { options, positiveInt, UsageError, type Command } from "./options.js";
import { iso, print, rateLimitJson } from "./output.js";
import { withDatabase } from "./with-database.js";

const tokensModule = () => import("../modules/token/index.js");

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

const tokenJson = (t: TokenView) => ({
  id: t.id,
  name: t.name,
  scopes: t.scopes,
  site_ids: t.siteIds,
  created_at: iso(t.createdAt),
  revoked_at: iso(t.revokedAt),
  expires_at: iso(t.expiresAt),
  last_used_at: iso(t.lastUsedAt),
  ...rateLimitJson(t.rateLimit),
});

/**
 * A new token of `--account`, printed once with its secret: every scope by default, or with
 * `--sites` limited to those sites, with the scopes of stock (read, adjust, count, approve).
 */
const create: Command = async (args) => {
  const o = options(args, {
    account: { required: true },
    name: { required: true },
    scopes: { required: false },
    sites: { required: false },
    ...TOKEN_SETTINGS,
  });
  const accountId = positiveInt(o.account, "--account");
  const siteIds = o.sites?.split(",").map((s) => positiveInt(s.trim(), "--sites"));
  const scopes = o.scopes
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const { createToken, parseScopes } = await tokensModule();
  if (scopes) parseScopes(scopes);
  const settings = await tokenSettings(o);
  if (settings.expiresAt === null) throw new UsageError("--expires-at never: leave it out");
  const created = await withDatabase((db) =>
    createToken(db, { accountId, name: o.name ?? "", scopes, siteIds, ...settings }),
  );
  print({
    id: created.id,
    token: created.token,
    scopes: created.scopes,
    site_ids: created.siteIds,
    expires_at: iso(created.expiresAt),
    ...rateLimitJson(created.rateLimit),
  });
};

/** A token's expiry or its own rate limit, changed. */
const update: Command = async (args) => {
  const o = options(args, {
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
  const { updateToken } = await tokensModule();
  const updated = await withDatabase((db) => updateToken(db, { accountId, tokenId, ...settings }));
  print(tokenJson(updated));
};

/** The account's tokens, one JSON line each, never the token itself. */
const list: Command = async (args) => {
  const o = options(args, { account: { required: true } });
  const accountId = positiveInt(o.account, "--account");
  const { listTokens } = await tokensModule();
  for (const t of await withDatabase((db) => listTokens(db, accountId))) {
    print(tokenJson(t));
  }
};

/** A token revoked. */
const revoke: Command = async (args) => {
  const o = options(args, { account: { required: true }, id: { required: true } });
  const accountId = positiveInt(o.account, "--account");
  const tokenId = positiveInt(o.id, "--id");
  const { revokeToken } = await tokensModule();
  print(await withDatabase((db) => revokeToken(db, { accountId, tokenId })));
};

/** The token commands, by name. */
export const tokenCommands: Record<string, Command> = {
  "tokens create": create,
  "tokens update": update,
  "tokens list": list,
  "tokens revoke": revoke,
};
