import {
  Arg,
  Args,
  Authorized,
  Ctx,
  FieldResolver,
  Int,
  Query,
  Resolver,
  Root,
} from "type-graphql";
import { ScopedMutation } from "../../../graphql/auth.js";
import type { GraphQLContext } from "../../../graphql/context.js";
import { keyedValue, serviceContext } from "../../../graphql/service-context.js";
import { chargeWalk } from "../../../graphql/rate-limit.js";
import { OPERATIONS } from "../../../operations.js";
import { toConnection } from "../../../graphql/connection.js";
import { withoutNulls } from "../../../filters.js";
import * as catalog from "../catalog.service.js";
import * as search from "../catalog.search.js";
import * as imports from "../catalog.import.js";
import * as itemImports from "../catalog.import-items.js";
import * as catalogUpdates from "../catalog.update.js";
import * as links from "../catalog.link.js";
import {
  ON_HAND_SITE,
  CreateSkuInput,
  CreateSupplierItemInput,
  ImportSkusInput,
  ImportSupplierItemsInput,
  LinkSupplierItemInput,
  SkusArgs,
  SupplierItemsArgs,
  UnlinkSupplierItemInput,
  UpdateSkuInput,
  UpdateSupplierItemInput,
} from "./catalog.inputs.js";
import { BARCODES_DESCRIPTION } from "../barcode.js";
import {
  CatalogEntity,
  CreateSkuPayload,
  CreateSupplierItemPayload,
  ImportSkusPayload,
  ImportSupplierItemsPayload,
  Sku,
  SkuConnection,
  SupplierItem,
  SupplierItemConnection,
  LinkSupplierItemPayload,
  UnlinkSupplierItemPayload,
  UpdateSkuPayload,
  UpdateSupplierItemPayload,
} from "../catalog.types.js";

@Resolver()
export class CatalogResolver {
  @Authorized("read")
  @Query(() => Sku, { description: "A SKU by id (SKU_NOT_FOUND if the account has none)." })
  sku(
    @Ctx() ctx: GraphQLContext,
    @Arg("id", () => Int, { description: "The SKU's id." }) id: number,
    @Arg("siteId", () => Int, { nullable: true, description: ON_HAND_SITE })
    siteId?: number | null,
  ) {
    return catalog.getSku(serviceContext(ctx), id, siteId);
  }

  @Authorized("read")
  @Query(() => SkuConnection, {
    description:
      "SKUs matching the filter, in id order; with filter.updatedSince in the order they changed (for syncing the catalog).",
  })
  async skus(
    @Ctx() ctx: GraphQLContext,
    @Args(() => SkusArgs) { filter, first, after, siteId }: SkusArgs,
  ) {
    return toConnection(
      await search.listSkus(serviceContext(ctx), {
        ...withoutNulls(filter ?? {}),
        limit: first,
        cursor: after,
        siteId,
      }),
      after,
    );
  }

  @Authorized("read")
  @Query(() => SupplierItem, {
    description: "A supplier item by id (SUPPLIER_ITEM_NOT_FOUND if the account has none).",
  })
  supplierItem(
    @Ctx() ctx: GraphQLContext,
    @Arg("id", () => Int, { description: "The supplier item's id." }) id: number,
    @Arg("siteId", () => Int, { nullable: true, description: ON_HAND_SITE })
    siteId?: number | null,
  ) {
    return catalog.getSupplierItem(serviceContext(ctx), id, siteId);
  }

  @Authorized("read")
  @Query(() => SupplierItemConnection, {
    description:
      "Supplier items matching the filter, in id order; with filter.updatedSince in the order they changed (a linked item also when its SKU did).",
  })
  async supplierItems(
    @Ctx() ctx: GraphQLContext,
    @Args(() => SupplierItemsArgs) { filter, first, after, siteId }: SupplierItemsArgs,
  ) {
    return toConnection(
      await search.listSupplierItems(serviceContext(ctx), {
        ...withoutNulls(filter ?? {}),
        limit: first,
        cursor: after,
        siteId,
      }),
      after,
    );
  }

  @Authorized("read")
  @Query(() => CatalogEntity, {
    description:
      "The SKU or supplier item with this barcode, as a scanner reads it: any spelling of one GTIN finds it (UPC-A, EAN-13 with a leading 0, GTIN-14), in-house labels regardless of case. BARCODE_NOT_FOUND if nothing in the account has it; INVALID_BARCODE for a GTIN with a wrong check digit.",
  })
  async lookupBarcode(
    @Ctx() ctx: GraphQLContext,
    @Arg("code", { description: "The barcode as scanned." }) code: string,
    @Arg("siteId", () => Int, { nullable: true, description: ON_HAND_SITE })
    siteId?: number | null,
  ) {
    const match = await catalog.findByBarcode(serviceContext(ctx), code, siteId);
    return match.type === "sku" ? match.sku : match.supplierItem;
  }

  @ScopedMutation(
    "adjust",
    () => CreateSkuPayload,
    "Creates a SKU; openingOnHand becomes an OPENING_BALANCE movement.",
  )
  async createSku(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => CreateSkuInput, { description: "The SKU to create." })
    input: CreateSkuInput,
  ) {
    const { idempotencyKey, ...data } = input;
    const value = await keyedValue(ctx, idempotencyKey, (service, key) =>
      catalog.createSku(service, data, key),
    );
    return { sku: value };
  }

  @ScopedMutation(
    "adjust",
    () => ImportSkusPayload,
    "Creates or updates up to 10,000 SKUs by code, all or none; every bad row is a userError (field [rows, i, …]). New SKUs' openingOnHand becomes OPENING_BALANCE movements; existing SKUs' stock never changes.",
  )
  async importSkus(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => ImportSkusInput, { description: "The rows." }) input: ImportSkusInput,
  ) {
    const value = await keyedValue(ctx, input.idempotencyKey, async (service, key) => {
      const rows = { rows: input.rows };
      await chargeWalk(ctx, OPERATIONS.importSkus, imports.importWalk(service, "sku", rows));
      return imports.importSkus(service, rows, key);
    });
    return { result: value };
  }

  @ScopedMutation(
    "adjust",
    () => ImportSupplierItemsPayload,
    "Creates or updates up to 10,000 supplier items by supplier and code, all or none; every bad row is a userError. A new item with skuId is linked to that SKU; an existing item's stock and link never change through an import.",
  )
  async importSupplierItems(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => ImportSupplierItemsInput, { description: "The rows." })
    input: ImportSupplierItemsInput,
  ) {
    const value = await keyedValue(ctx, input.idempotencyKey, async (service, key) => {
      const rows = { rows: input.rows };
      const walk = imports.importWalk(service, "supplier_item", rows);
      await chargeWalk(ctx, OPERATIONS.importSupplierItems, walk);
      return itemImports.importSupplierItems(service, rows, key);
    });
    return { result: value };
  }

  @ScopedMutation(
    "adjust",
    () => CreateSupplierItemPayload,
    "Creates a supplier item, optionally linked to a SKU.",
  )
  async createSupplierItem(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => CreateSupplierItemInput, { description: "The supplier item to create." })
    input: CreateSupplierItemInput,
  ) {
    const { idempotencyKey, ...data } = input;
    const value = await keyedValue(ctx, idempotencyKey, (service, key) =>
      catalog.createSupplierItem(service, data, key),
    );
    return { supplierItem: value };
  }

  @ScopedMutation(
    "adjust",
    () => UpdateSkuPayload,
    "Changes a SKU's code, name, active flag, barcodes or location; writes no movement.",
  )
  async updateSku(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => UpdateSkuInput, { description: "The SKU and what to change." })
    input: UpdateSkuInput,
  ) {
    const { idempotencyKey, id, ...changes } = input;
    const value = await keyedValue(ctx, idempotencyKey, (service, key) =>
      catalogUpdates.updateSku(service, id, changes, key),
    );
    return { sku: value };
  }

  @ScopedMutation(
    "adjust",
    () => UpdateSupplierItemPayload,
    "Changes a supplier item's supplier, code, name, active flag, barcodes or location; writes no movement.",
  )
  async updateSupplierItem(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => UpdateSupplierItemInput, {
      description: "The supplier item and what to change.",
    })
    input: UpdateSupplierItemInput,
  ) {
    const { idempotencyKey, id, ...changes } = input;
    const value = await keyedValue(ctx, idempotencyKey, (service, key) =>
      catalogUpdates.updateSupplierItem(service, id, changes, key),
    );
    return { supplierItem: value };
  }

  @ScopedMutation(
    "adjust",
    () => LinkSupplierItemPayload,
    "Links an unlinked supplier item to a SKU; with transfer, its own stock moves into the SKU. Not for a token limited to sites (FORBIDDEN): a link concerns the item's stock at every site.",
  )
  async linkSupplierItem(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => LinkSupplierItemInput, { description: "The item and its SKU." })
    input: LinkSupplierItemInput,
  ) {
    const { idempotencyKey, id, skuId, transfer } = input;
    const value = await keyedValue(ctx, idempotencyKey, (service, key) =>
      links.linkSupplierItem(service, id, { skuId, transfer }, key),
    );
    return { ...value };
  }

  @ScopedMutation(
    "adjust",
    () => UnlinkSupplierItemPayload,
    "Unlinks a supplier item from its SKU; it starts with 0 of its own. Not for a token limited to sites (FORBIDDEN): a link concerns the item's stock at every site.",
  )
  async unlinkSupplierItem(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => UnlinkSupplierItemInput, { description: "The item to unlink." })
    input: UnlinkSupplierItemInput,
  ) {
    const value = await keyedValue(ctx, input.idempotencyKey, (service, key) =>
      links.unlinkSupplierItem(service, input.id, key),
    );
    return { supplierItem: value };
  }
}

// An answer stored for an idempotent replay before barcodes existed has none: it shows [].
@Resolver(() => Sku)
export class SkuBarcodesResolver {
  @FieldResolver(() => [String], { description: BARCODES_DESCRIPTION })
  barcodes(@Root() sku: Sku): string[] {
    return sku.barcodes ?? [];
  }
}

@Resolver(() => SupplierItem)
export class SupplierItemBarcodesResolver {
  @FieldResolver(() => [String], { description: BARCODES_DESCRIPTION })
  barcodes(@Root() item: SupplierItem): string[] {
    return item.barcodes ?? [];
  }
}
