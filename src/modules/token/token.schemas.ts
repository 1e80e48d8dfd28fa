// The REST contract of API tokens: the named schemas (registered by the OpenAPI registry,
// src/server/openapi-schemas.ts) and each route's schemas, declared once with TypeBox where a
// handler takes its types from them.
import { Type, type Static } from "typebox";
import { SCOPES, SITE_LIMITED_SCOPES } from "../../auth/principal.js";
import { MAX_DATE_PARAM_LENGTH, MAX_TOKEN_SITES } from "../../limits.js";
import {
  integerId,
  nullable,
  page,
  refOf,
  requiredLine,
  timestamp,
} from "../../http/openapi-primitives.js";
import {
  BODY_PROBLEMS,
  ok,
  problemResponses,
  READ_PROBLEMS,
} from "../../http/openapi-responses.js";
import { idParams, pageQuery } from "../../http/validation.js";
import {
  GRANTABLE_SCOPES,
  MAX_LIVE_TOKENS,
  MAX_TOKEN_DAYS,
  MAX_TOKEN_NAME,
} from "./token.service.js";

const nullableTimestamp = { ...nullable("string"), format: "date-time" } as const;

const scope = Type.Unsafe<string>({ type: "string", enum: [...SCOPES] });

/**
 * The request example's expiry, from the clock when the document is built: a fixed date passes
 * and the documented request is then refused. The first day of the third month on is always two
 * to three months ahead (well within MAX_TOKEN_DAYS) and the same for every process that month.
 */
const exampleExpiry = (now = new Date()): string =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 1)).toISOString();

/** POST /tokens's body (named: CreateToken). */
export const CreateToken = Type.Object(
  {
    name: requiredLine(
      MAX_TOKEN_NAME,
      `What to call it (the device or the person): trimmed, 1 to ${MAX_TOKEN_NAME} characters, no control characters. Written as the actor on everything the token does.`,
    ),
    scopes: Type.Array(scope, {
      minItems: 1,
      maxItems: SCOPES.length,
      description: `What it may do: one or more of ${GRANTABLE_SCOPES.join(", ")}, each a scope the calling token holds itself (else 403 FORBIDDEN naming it). tokens is never granted through the API (403 FORBIDDEN). At most ${SCOPES.length} entries.`,
    }),
    site_ids: Type.Optional(
      Type.Unsafe<number[] | null>({
        type: ["array", "null"],
        items: { type: "integer", minimum: 1, maximum: 2147483647 },
        minItems: 1,
        maxItems: MAX_TOKEN_SITES,
        uniqueItems: true,
        description: `Limits the token to these sites (1 to ${MAX_TOKEN_SITES} site ids, each once): it sees and changes only their stock, stock takes, transfers (from or to them), movements and events, and a request naming no site means its first site (the first of site_ids). 404 SITE_NOT_FOUND for a site the account does not have; 400 INVALID_PARAMETER with a scope other than ${SITE_LIMITED_SCOPES.join(", ")} (webhooks, sites and tokens concern the whole account). null or absent: every site.`,
      }),
    ),
    expires_at: Type.String({
      format: "date-time",
      maxLength: MAX_DATE_PARAM_LENGTH,
      description: `When it stops working: RFC 3339 with its offset, in the future and at most ${MAX_TOKEN_DAYS} days ahead (else 400 INVALID_PARAMETER).`,
    }),
  },
  {
    $id: "CreateToken",
    examples: [
      {
        name: "Scanner 3, aisle A",
        scopes: ["read", "count"],
        expires_at: exampleExpiry(),
      },
    ],
    additionalProperties: false,
  },
);
export type CreateToken = Static<typeof CreateToken>;

const tokenProperties = {
  id: integerId,
  name: { type: "string", description: "What it is called: the actor on everything it does." },
  scopes: {
    type: "array",
    items: { type: "string", enum: [...SCOPES] },
    description: "What it may do.",
  },
  site_ids: {
    ...nullable("array"),
    items: { type: "integer" },
    description:
      "The sites whose stock, stock takes, transfers, movements and events it sees and changes; null: every site of the account.",
  },
  created_at: timestamp,
  expires_at: {
    ...nullableTimestamp,
    description:
      "When it stops authenticating; null: never (only a token made by the command line).",
  },
} as const;

const listedProperties = {
  ...tokenProperties,
  revoked_at: { ...nullableTimestamp, description: "When it was revoked; null while it is not." },
  last_used_at: {
    ...nullableTimestamp,
    description: "When it last authenticated, to the minute; null if never.",
  },
} as const;

export const tokenSchemas = {
  Token: {
    $id: "Token",
    type: "object",
    description:
      "An API token of the account, never the token itself nor its hash (only the hash is stored).",
    required: Object.keys(listedProperties),
    properties: listedProperties,
  },
  TokenWithSecret: {
    $id: "TokenWithSecret",
    type: "object",
    description: "A token just issued, with the token itself: keep it, it is not shown again.",
    required: [...Object.keys(tokenProperties), "token"],
    properties: {
      ...tokenProperties,
      token: {
        type: "string",
        description: "The token (cp_…), for Authorization: Bearer.",
      },
    },
  },
  TokenPage: page("TokenPage", "Token", "The account's tokens, newest first."),
  CreateToken,
} as const;

const example = {
  id: 12,
  name: "Scanner 3, aisle A",
  scopes: ["read", "count"],
  site_ids: null,
  created_at: "2026-11-24T09:00:00.000Z",
  expires_at: "2026-11-24T21:00:00.000Z",
};
const listed = { ...example, revoked_at: null, last_used_at: "2026-11-24T09:14:00.000Z" };

const MANAGE =
  "Needs the tokens scope, which only the account's admin tokens hold (made by the command line); a token issued through the API never holds it.";

export const createToken = {
  operationId: "createToken",
  tags: ["tokens"],
  summary: "Issue an API token (a counting device's, say)",
  description: `${MANAGE} The new token holds the scopes asked for, each one the calling token holds itself, expires at expires_at and has its issuer's own rate limit when the issuer has one (else the service's default), and draws from the account's budget with every other token of the account; the token itself is in this answer, shown only here (only its hash is stored). No Idempotency-Key: a replay could not show the token again, so a retried request issues a second token, which DELETE /tokens/{id} revokes. An account holds at most ${MAX_LIVE_TOKENS.toLocaleString("en-US")} live (unrevoked, unexpired) tokens: 422 TOO_MANY_TOKENS past that.`,
  body: refOf(CreateToken),
  response: {
    201: ok("TokenWithSecret", "The token issued, and the token itself", {
      ...example,
      token: "cp_1_Xq2v9sKp0aLr7TnYw4BcJd8eFg1hMi3o",
    }),
    ...problemResponses(...READ_PROBLEMS, ...BODY_PROBLEMS, "TOO_MANY_TOKENS", "SITE_NOT_FOUND"),
  },
};

export const listTokens = {
  operationId: "listTokens",
  tags: ["tokens"],
  summary: "List API tokens",
  description: `${MANAGE} Newest first, revoked and expired ones too; never a token itself or its hash.`,
  querystring: pageQuery,
  response: {
    200: ok("TokenPage", "The account's tokens", { data: [listed], next_cursor: null }),
    ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR"),
  },
};

export const revokeToken = {
  operationId: "revokeToken",
  tags: ["tokens"],
  summary: "Revoke an API token",
  description: `${MANAGE} Its next request is refused (401), and its subscriptions end at their next token check. A token may revoke only a token whose scopes it holds all of itself (else 403 FORBIDDEN). Revoking a revoked token changes nothing (204).`,
  params: idParams,
  response: {
    204: { description: "Revoked", type: "null" },
    ...problemResponses(...READ_PROBLEMS, ...BODY_PROBLEMS, "TOKEN_NOT_FOUND"),
  },
};
