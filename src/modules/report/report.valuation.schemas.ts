// The REST contract of the valuation: GET /reports/valuation (JSON, or text/csv item by item),
// declared once with TypeBox.
import { Type } from "typebox";
import { filterDate, integerId, nullable } from "../../http/openapi-primitives.js";
import { ok, orCsv, problemResponses, READ_PROBLEMS } from "../../http/openapi-responses.js";

const MONEY_PATTERN = "^-?[0-9]+(\\.[0-9]{1,4})?$";

const valuationProperties = {
  items: {
    type: "integer",
    minimum: 0,
    description: "Items with stock there (an item held at two sites counts twice account-wide).",
  },
  units: { type: "number", minimum: 0, description: "Their units, added up." },
  value: {
    type: "string",
    pattern: MONEY_PATTERN,
    description:
      "What they were worth: each item's stock times its unit cost then, rounded half away from zero to the currency's minor digits, added up (an exact decimal string).",
  },
  unvalued_items: {
    type: "integer",
    minimum: 0,
    description: "Items with stock but no unit cost then: in items and units, not in value.",
  },
} as const;
const valuationRequired = ["items", "units", "value", "unvalued_items"];

const totals = { items: 2, units: 45, value: "13185.00", unvalued_items: 0 };
const example = {
  as_of: "2026-10-31T23:00:00.000Z",
  currency: "EUR",
  site_id: null,
  overall: totals,
  sites: [{ site_id: 1, code: "MAIN", name: "Main", ...totals }],
};
const csvExample =
  "site,type,code,name,on_hand,unit_cost,value\r\nMAIN,sku,LAPTOP-14,Laptop 14 inch,13,999.0000,12987.00\r\nMAIN,sku,MUG-01,Mug,32,6.1875,198.00\r\n";

export const valuationSchemas = {
  ValuationReport: {
    $id: "ValuationReport",
    type: "object",
    description:
      "What the stock was worth at an instant, per site and over every site read: each item's stock then (what the ledger's movements before it add up to) times its unit cost then (its cost now, unless the cost history shows it changed since).",
    required: ["as_of", "currency", "site_id", "overall", "sites"],
    properties: {
      as_of: {
        type: "string",
        format: "date-time",
        description: "The instant valued (excluded: movements before it count).",
      },
      currency: {
        type: "string",
        pattern: "^[A-Z]{3}$",
        description: "The account's currency (ISO 4217).",
      },
      site_id: { ...nullable("integer"), description: "The site asked for; null: every site." },
      overall: {
        type: "object",
        required: valuationRequired,
        description: "Every site read, together.",
        properties: valuationProperties,
      },
      sites: {
        type: "array",
        description: "The sites holding stock then, by code.",
        items: {
          type: "object",
          description: "What one site's stock was worth.",
          required: ["site_id", "code", "name", ...valuationRequired],
          properties: {
            site_id: integerId,
            code: { type: "string", description: "The site's code." },
            name: { type: "string", description: "The site's name." },
            ...valuationProperties,
          },
        },
      },
    },
  },
  ValuationCsv: {
    $id: "ValuationCsv",
    type: "string",
    description:
      "The valuation item by item, text/csv (RFC 4180): site,type,code,name,on_hand,unit_cost,value; sites by code, items by type and id; unit_cost and value empty for an item without a cost then. Streamed: any number of items.",
  },
};

/** GET /reports/valuation. */
export const getValuationReport = {
  operationId: "getValuationReport",
  tags: ["reports"],
  summary: "Valuation: what the stock was worth per site, now or as of a date",
  description:
    "Needs the read and costs scopes (403 FORBIDDEN) and the account's currency (409 CURRENCY_NOT_SET). Each item's stock at the instant (from the ledger) times its unit cost then (from the cost history), rounded per item to the currency's minor digits and added up, per site and over every site (or at one site). With Accept: text/csv, the same item by item, streamed. Any instant from the account's creation to now; it reads the stock from the nearest monthly snapshot (or the stock now) and the movements between, and is priced by them (a unit per started 500 rows).",
  querystring: Type.Object(
    {
      as_of: Type.Optional(
        filterDate(
          "YYYY-MM-DD (the end of that day in the account's time zone; today: now) or RFC 3339 (that instant included); default now. Not in the future, not before the account was created (422 INVALID_DATE_RANGE).",
        ),
      ),
      site_id: Type.Optional({
        ...integerId,
        description: "Only this site's stock (404 SITE_NOT_FOUND).",
      }),
    },
    { additionalProperties: false },
  ),
  response: {
    200: orCsv(ok("ValuationReport", "The valuation", example), "ValuationCsv", csvExample),
    ...problemResponses(
      ...READ_PROBLEMS,
      "INVALID_DATE_RANGE",
      "SITE_NOT_FOUND",
      "CURRENCY_NOT_SET",
    ),
  },
};
