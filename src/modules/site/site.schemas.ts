// The REST contract of sites: the named schemas (registered by the OpenAPI registry,
// src/server/openapi-schemas.ts) and each route's schemas, declared once with TypeBox where a
// handler takes its types from them.
import { Type, type Static } from "typebox";
import { TEXT_LIMITS } from "../../limits.js";
import {
  integerId,
  nullable,
  page,
  pageLimit,
  cursorParam,
  refOf,
  requiredLine,
  timestamp,
} from "../../http/openapi-primitives.js";
import {
  BODY_PROBLEMS,
  ok,
  problemResponses,
  READ_PROBLEMS,
  replayHeaders,
  WRITE_PROBLEMS,
} from "../../http/openapi-responses.js";
import { idempotencyHeaders, idParams } from "../../http/validation.js";
import { MAX_SITES, MAX_TIMEZONE_LENGTH } from "./site.service.js";

const CODE_RULE = `Unique in the account regardless of case (else 409 DUPLICATE_CODE): trimmed, 1 to ${TEXT_LIMITS.code} characters, one line.`;
const NAME_RULE = `Trimmed, 1 to ${TEXT_LIMITS.name} characters, one line.`;

const timezone = Type.Union([Type.String({ maxLength: MAX_TIMEZONE_LENGTH }), Type.Null()], {
  description:
    "An IANA time zone (e.g. Europe/Berlin; an unknown one is 400 INVALID_PARAMETER); null or blank: the account's.",
});

/** POST /sites's body (named: CreateSite). */
export const CreateSite = Type.Object(
  {
    code: requiredLine(TEXT_LIMITS.code, `Its code. ${CODE_RULE}`),
    name: requiredLine(TEXT_LIMITS.name, `What it is called. ${NAME_RULE}`),
    timezone: Type.Optional(timezone),
    active: Type.Optional(
      Type.Boolean({ description: "false: deactivated from the start; true when absent." }),
    ),
    is_default: Type.Optional(
      Type.Boolean({
        description:
          "true makes it the account's default (the default before stops being it); it must then be active. false when absent.",
      }),
    ),
  },
  {
    $id: "CreateSite",
    examples: [{ code: "STORE-12", name: "Berlin Mitte", timezone: "Europe/Berlin" }],
    additionalProperties: false,
  },
);
export type CreateSite = Static<typeof CreateSite>;

/** PATCH /sites/{id}'s body (named: UpdateSite). */
export const UpdateSite = Type.Object(
  {
    code: Type.Optional(requiredLine(TEXT_LIMITS.code, `A new code. ${CODE_RULE}`)),
    name: Type.Optional(requiredLine(TEXT_LIMITS.name, `A new name. ${NAME_RULE}`)),
    timezone: Type.Optional(timezone),
    active: Type.Optional(
      Type.Boolean({
        description:
          "false deactivates it (never the default: 409 DEFAULT_SITE; nor while a stock take there is open or counting or it holds stock: 409 SITE_IN_USE); true activates it again.",
      }),
    ),
    is_default: Type.Optional(
      Type.Boolean({
        description:
          "true makes it the account's default (the default before stops being it). The default cannot be given up with false (409 DEFAULT_SITE): make another site the default instead.",
      }),
    ),
  },
  {
    $id: "UpdateSite",
    description: "What to change; a field left out stays as it is.",
    examples: [{ name: "Berlin Mitte (flagship)" }],
    additionalProperties: false,
  },
);
export type UpdateSite = Static<typeof UpdateSite>;

const siteProperties = {
  id: integerId,
  code: { type: "string", description: "Unique in the account regardless of case." },
  name: { type: "string", description: "What it is called." },
  timezone: { ...nullable("string"), description: "Its IANA time zone; null: the account's." },
  active: { type: "boolean", description: "false: deactivated (kept, with its history)." },
  is_default: {
    type: "boolean",
    description:
      "Whether it is the account's default: the site a request naming none means. Always active.",
  },
  created_at: timestamp,
  updated_at: timestamp,
} as const;

export const siteSchemas = {
  Site: {
    $id: "Site",
    type: "object",
    description:
      "A store, warehouse or van of the account: where its stock is. Exactly one is the account's default.",
    required: Object.keys(siteProperties),
    properties: siteProperties,
  },
  SitePage: page("SitePage", "Site", "The account's sites in id order."),
  CreateSite,
  UpdateSite,
} as const;

/** A site as the examples show it (a store, not the default). */
export const siteExample = {
  id: 2,
  code: "STORE-12",
  name: "Berlin Mitte",
  timezone: "Europe/Berlin",
  active: true,
  is_default: false,
  created_at: "2026-11-24T09:00:00.000Z",
  updated_at: "2026-11-24T09:00:00.000Z",
};
const main = {
  ...siteExample,
  id: 1,
  code: "MAIN",
  name: "Main",
  timezone: null,
  is_default: true,
};

const MANAGE = "Needs the sites scope (the account's admin tokens hold it).";

export const listSites = {
  operationId: "listSites",
  tags: ["sites"],
  summary: "List sites",
  description: `Needs the read scope. The account's sites in id order, the default among them; at most ${MAX_SITES.toLocaleString("en-US")} in all.`,
  querystring: Type.Object(
    {
      limit: Type.Optional({ ...pageLimit, default: 100 }),
      cursor: Type.Optional(cursorParam),
      active: Type.Optional(
        Type.Boolean({ description: "true: active sites only; false: deactivated ones only." }),
      ),
    },
    { additionalProperties: false },
  ),
  response: {
    200: ok("SitePage", "The account's sites", { data: [main, siteExample], next_cursor: null }),
    ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR"),
  },
};

export const getSite = {
  operationId: "getSite",
  tags: ["sites"],
  summary: "Get a site",
  description: "Needs the read scope.",
  params: idParams,
  response: {
    200: ok("Site", "The site", siteExample),
    ...problemResponses(...READ_PROBLEMS, "SITE_NOT_FOUND"),
  },
};

export const createSite = {
  operationId: "createSite",
  tags: ["sites"],
  summary: "Create a site (a store, a warehouse, a van)",
  description: `${MANAGE} An account has at most ${MAX_SITES.toLocaleString("en-US")} sites, active or not (422 TOO_MANY_SITES past that). With an Idempotency-Key a retry replays the first answer.`,
  headers: idempotencyHeaders,
  body: refOf(CreateSite),
  response: {
    201: ok("Site", "The site created", siteExample, replayHeaders),
    ...problemResponses(...WRITE_PROBLEMS, "DUPLICATE_CODE", "TOO_MANY_SITES"),
  },
};

export const updateSite = {
  operationId: "updateSite",
  tags: ["sites"],
  summary: "Change a site, deactivate it or make it the default",
  description: `${MANAGE} The default site is always active and stops being the default only when another site becomes it (409 DEFAULT_SITE otherwise); a site is deactivated only when no stock take there is open or counting and it holds no stock (409 SITE_IN_USE).`,
  params: idParams,
  body: refOf(UpdateSite),
  response: {
    200: ok("Site", "The site as changed", { ...siteExample, name: "Berlin Mitte (flagship)" }),
    ...problemResponses(
      ...READ_PROBLEMS,
      ...BODY_PROBLEMS,
      "SITE_NOT_FOUND",
      "DUPLICATE_CODE",
      "DEFAULT_SITE",
      "SITE_IN_USE",
    ),
  },
};
