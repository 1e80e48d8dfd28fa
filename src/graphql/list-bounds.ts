// The most entries each list of the GraphQL schema's arguments and input types may hold: one
// declaration, read by the input classes' descriptions, by the schema (every list's description
// states its maximum) and by the pre-check that refuses an oversize list before it is coerced.
import {
  getNullableType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLInputField,
  type GraphQLSchema,
} from "graphql";
import { SCOPES } from "../auth/principal.js";
import type { ErrorCode } from "../errors.js";
import {
  MAX_BARCODES,
  MAX_COUNTS,
  MAX_FOLLOWED_SITES,
  MAX_FOLLOWED_SKUS,
  MAX_IMPORT_ROWS,
  MAX_LINES,
  MAX_REFS,
  MAX_SCOPE_IDS,
  MAX_SCOPE_CODES,
  MAX_SCOPE_LOCATIONS,
  MAX_WEBHOOK_EVENT_TYPES,
  MAX_LEVEL_SITES,
  MAX_TOKEN_SITES,
  MAX_WEBHOOK_SITES,
} from "../limits.js";

/** A list's maximum and the code an oversize one is refused with (REST's for the same list). */
export interface ListBound {
  max: number;
  code: Extract<ErrorCode, "TOO_MANY_LINES" | "INVALID_PARAMETER" | "INVALID_BARCODE">;
}

const lines = (max: number): ListBound => ({ max, code: "TOO_MANY_LINES" });
// More than MAX_BARCODES is INVALID_BARCODE from the service today, whatever the transport.
const barcodes: ListBound = { max: MAX_BARCODES, code: "INVALID_BARCODE" };
const eventTypes: ListBound = { max: MAX_WEBHOOK_EVENT_TYPES, code: "INVALID_PARAMETER" };

/** By schema coordinate: `Input.field` for an input field, `Type.field(arg:)` for an argument. */
export const LIST_BOUNDS = {
  "BulkAdjustStockInput.lines": lines(MAX_LINES),
  "CreateTransferInput.lines": lines(MAX_LINES),
  "ReceiveTransferInput.lines": lines(MAX_LINES),
  "SubmitStockTakeCountsInput.counts": lines(MAX_COUNTS),
  "AcceptStockTakeLinesInput.lines": lines(MAX_REFS),
  "AcceptStockTakeLinesInput.recount": lines(MAX_REFS),
  "StockTakeScopeInput.skuIds": lines(MAX_SCOPE_IDS),
  "StockTakeScopeInput.supplierItemIds": lines(MAX_SCOPE_IDS),
  "StockTakeScopeInput.locations": { max: MAX_SCOPE_LOCATIONS, code: "INVALID_PARAMETER" },
  "StockTakeScopeInput.codes": lines(MAX_SCOPE_CODES),
  "ImportSkusInput.rows": lines(MAX_IMPORT_ROWS),
  "ImportSupplierItemsInput.rows": lines(MAX_IMPORT_ROWS),
  "CreateSkuInput.barcodes": barcodes,
  "UpdateSkuInput.barcodes": barcodes,
  "CreateSupplierItemInput.barcodes": barcodes,
  "UpdateSupplierItemInput.barcodes": barcodes,
  "SkuImportRowInput.barcodes": barcodes,
  "SupplierItemImportRowInput.barcodes": barcodes,
  "CreateWebhookInput.eventTypes": eventTypes,
  "UpdateWebhookInput.eventTypes": eventTypes,
  "CreateWebhookInput.siteIds": { max: MAX_WEBHOOK_SITES, code: "INVALID_PARAMETER" },
  "UpdateWebhookInput.siteIds": { max: MAX_WEBHOOK_SITES, code: "INVALID_PARAMETER" },
  "Query.events(types:)": eventTypes,
  "CreateApiTokenInput.scopes": { max: SCOPES.length, code: "INVALID_PARAMETER" },
  "CreateApiTokenInput.siteIds": { max: MAX_TOKEN_SITES, code: "INVALID_PARAMETER" },
  "Subscription.stockChanged(skuIds:)": { max: MAX_FOLLOWED_SKUS, code: "INVALID_PARAMETER" },
  "Subscription.stockChanged(siteIds:)": { max: MAX_FOLLOWED_SITES, code: "INVALID_PARAMETER" },
  "Sku.levels(siteIds:)": { max: MAX_LEVEL_SITES, code: "INVALID_PARAMETER" },
  "SupplierItem.levels(siteIds:)": { max: MAX_LEVEL_SITES, code: "INVALID_PARAMETER" },
} as const satisfies Record<string, ListBound>;

export type ListCoordinate = keyof typeof LIST_BOUNDS;

/** The bound of the list at a schema coordinate, if it has one. */
export const listBound = (coordinate: string): ListBound | undefined =>
  (LIST_BOUNDS as Record<string, ListBound>)[coordinate];

/** What a list's description says of its maximum: "At most 10,000." */
export const atMost = (coordinate: ListCoordinate): string =>
  `At most ${LIST_BOUNDS[coordinate].max.toLocaleString("en-US")}.`;

/** Whether a description already states `max` (as 10,000 or 10000, any letter case). */
const states = (description: string, max: number): boolean => {
  const text = description.toLowerCase();
  return [max.toLocaleString("en-US"), String(max)].some((n) => text.includes(`at most ${n}`));
};

/** Every list argument and input field of the schema, by coordinate. */
export function listsOf(schema: GraphQLSchema): Map<string, GraphQLArgument | GraphQLInputField> {
  const found = new Map<string, GraphQLArgument | GraphQLInputField>();
  const isList = (value: GraphQLArgument | GraphQLInputField) =>
    isListType(getNullableType(value.type));
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith("__")) continue;
    if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (isList(field)) found.set(`${type.name}.${field.name}`, field);
      }
    } else if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        for (const arg of field.args) {
          if (isList(arg)) found.set(`${type.name}.${field.name}(${arg.name}:)`, arg);
        }
      }
    }
  }
  return found;
}

/**
 * Makes every bounded list's description state its maximum (those whose classes do not say it
 * already), so what Sandbox shows is what the pre-check enforces.
 */
export function describeListBounds(schema: GraphQLSchema): GraphQLSchema {
  for (const [coordinate, value] of listsOf(schema)) {
    const bound = listBound(coordinate);
    if (!bound || states(value.description ?? "", bound.max)) continue;
    const said = value.description?.trim();
    const rule = `At most ${bound.max.toLocaleString("en-US")}.`;
    value.description = said ? `${said}${/[.!?)]$/.test(said) ? "" : "."} ${rule}` : rule;
  }
  return schema;
}
