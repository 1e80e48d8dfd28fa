// The REST contract of the account: its settings as its tokens see them, and its currency.
import { Type, type Static } from "typebox";
import { $ref, nullable, refOf } from "../../http/openapi-primitives.js";
import { MAX_TOKEN_SITES } from "../../limits.js";
import { siteExample } from "../site/site.schemas.js";
import {
  BODY_PROBLEMS,
  ok,
  problemResponses,
  READ_PROBLEMS,
} from "../../http/openapi-responses.js";

/** PATCH /account's body (named: UpdateAccount). */
export const UpdateAccount = Type.Object(
  {
    currency: Type.String({
      maxLength: 8,
      description:
        "The account's currency: an ISO 4217 code in upper case (USD, EUR, JPY; another is 422 INVALID_CURRENCY). Costs and values are in it, rounded to its minor units. It can change only while no cost has ever been set (else 409 CURRENCY_IN_USE); the same code again changes nothing.",
    }),
  },
  {
    $id: "UpdateAccount",
    examples: [{ currency: "EUR" }],
    additionalProperties: false,
  },
);
export type UpdateAccount = Static<typeof UpdateAccount>;

const accountProperties = {
  id: { type: "integer", description: "The account's id." },
  name: { type: "string", description: "The account's name." },
  timezone: {
    type: "string",
    description: "Its IANA time zone: what a date-only from or to means.",
  },
  currency: {
    ...nullable("string"),
    pattern: "^[A-Z]{3}$",
    description: "ISO 4217 code of its costs and values; null until set.",
  },
  currency_minor_units: {
    ...nullable("integer"),
    minimum: 0,
    maximum: 4,
    description:
      "How many decimals an amount in the currency has (ISO 4217: USD 2, JPY 0, KWD 3); null with currency.",
  },
} as const;

export const accountSchemas = {
  Account: {
    $id: "Account",
    type: "object",
    description: "The account (the tenant) the token belongs to.",
    required: Object.keys(accountProperties),
    properties: accountProperties,
  },
  UpdateAccount,
  Viewer: {
    $id: "Viewer",
    type: "object",
    description:
      "The token a request carries: what it may do, at which sites, until when, and its account.",
    required: ["token", "account", "site", "sites"],
    properties: {
      token: {
        ...$ref("Token"),
        description: "The token as GET /tokens lists it (never its secret).",
      },
      account: { ...$ref("Account"), description: "The account it belongs to." },
      site: {
        ...$ref("Site"),
        description:
          "The site its requests mean when they name none: the first of its sites, or the account's default.",
      },
      sites: {
        ...nullable("array"),
        items: $ref("Site"),
        maxItems: MAX_TOKEN_SITES,
        description: "The sites it is limited to, in its order; null: every site of the account.",
      },
    },
  },
} as const;

const example = {
  id: 1,
  name: "Acme Retail",
  timezone: "Europe/Berlin",
  currency: "EUR",
  currency_minor_units: 2,
};

export const getAccount = {
  operationId: "getAccount",
  tags: ["account"],
  summary: "Get the account",
  description: "Needs the read scope. The token's account: its name, time zone and currency.",
  response: {
    200: ok("Account", "The account", example),
    ...problemResponses(...READ_PROBLEMS),
  },
};

const viewerExample = {
  token: {
    id: 12,
    name: "Scanner 3, aisle A",
    scopes: ["read", "count"],
    site_ids: [2],
    created_at: "2026-11-24T09:00:00.000Z",
    expires_at: "2026-11-24T21:00:00.000Z",
    revoked_at: null,
    last_used_at: "2026-11-24T09:14:00.000Z",
  },
  account: example,
  site: siteExample,
  sites: [siteExample],
};

export const getViewer = {
  operationId: "getViewer",
  tags: ["account"],
  summary: "Get the calling token",
  description:
    "Needs any one scope, whichever. The token the request carries (its scopes, the sites it is limited to, when it expires), its account and the site its requests mean when they name none: what an app reads at sign-in to offer only what the token can do.",
  response: {
    200: ok("Viewer", "The calling token", viewerExample),
    ...problemResponses(...READ_PROBLEMS),
  },
};

export const updateAccount = {
  operationId: "updateAccount",
  tags: ["account"],
  summary: "Set the account's currency",
  description:
    "Needs the costs scope (the account's admin tokens hold it). Sets the currency costs and values are in; it must be set before any cost (409 CURRENCY_NOT_SET), and can change only while no cost has ever been set (409 CURRENCY_IN_USE).",
  body: refOf(UpdateAccount),
  response: {
    200: ok("Account", "The account as changed", example),
    ...problemResponses(...READ_PROBLEMS, ...BODY_PROBLEMS, "INVALID_CURRENCY", "CURRENCY_IN_USE"),
  },
};
