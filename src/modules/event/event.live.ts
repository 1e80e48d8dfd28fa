// What a live subscriber follows, checked as a request is: its ids must be the account's, and
// the events it gets are the ones that concern them (the transports only map each event).
import type { ServiceContext } from "../../context.js";
import { AppError } from "../../errors.js";
import { MAX_FOLLOWED_SITES, MAX_FOLLOWED_SKUS } from "../../limits.js";
import { readDb } from "../../context.js";
import { requireSkus } from "../catalog/catalog.service.js";
import { requireSites } from "../site/site.service.js";
import { findStockTake } from "../stock-take/stock-take.service.js";
import type { EventHub } from "./event.hub.js";
import type { Event } from "./event.types.js";

/** Most SKUs and sites one subscriber may name. */
export { MAX_FOLLOWED_SITES, MAX_FOLLOWED_SKUS };

/** The account's SKU stock changes from now on: of these SKUs and at these sites only, when given. */
export async function followStockChanges(
  ctx: ServiceContext,
  hub: EventHub,
  skuIds: number[] | null | undefined,
  siteIds: number[] | null | undefined = null,
): Promise<AsyncIterable<Event>> {
  // Checked before the ids are looked up (a subscription's arguments come unvalidated).
  if ((skuIds?.length ?? 0) > MAX_FOLLOWED_SKUS) {
    throw new AppError("INVALID_PARAMETER", `at most ${MAX_FOLLOWED_SKUS} SKUs`, [
      { path: ["skuIds"], code: "INVALID_PARAMETER", message: `at most ${MAX_FOLLOWED_SKUS}` },
    ]);
  }
  if ((siteIds?.length ?? 0) > MAX_FOLLOWED_SITES) {
    throw new AppError("INVALID_PARAMETER", `at most ${MAX_FOLLOWED_SITES} sites`, [
      { path: ["siteIds"], code: "INVALID_PARAMETER", message: `at most ${MAX_FOLLOWED_SITES}` },
    ]);
  }
  const ids = skuIds ? [...new Set(skuIds)] : null;
  const sites = siteIds ? [...new Set(siteIds)] : null;
  // Another account's ids answer as unknown ones: nothing tells them apart.
  if (ids) await requireSkus(ctx, ids, ["skuIds"]);
  if (sites) await requireSites(readDb(ctx), ctx.principal, sites, ["siteIds"]);
  const wanted = ids ? new Set(ids) : null;
  // A token limited to sites follows its sites only, named or not.
  const followed = sites ?? ctx.principal.sites ?? null;
  const atSites = followed ? new Set(followed) : null;
  return hub.subscribe(
    ctx.principal.accountId,
    (e) =>
      e.type === "stock.changed" &&
      e.data.type === "sku" &&
      (wanted === null || wanted.has(e.data.id as number)) &&
      (atSites === null || atSites.has(e.data.site_id as number)),
  );
}

/**
 * A stock take's own events from now on (STOCK_TAKE_NOT_FOUND for another account's): one per
 * request, however many lines it touched. Each is sent with the stock take read afresh, so a
 * subscriber still busy with one event gets only the latest of those that came meanwhile.
 */
export async function followStockTake(
  ctx: ServiceContext,
  hub: EventHub,
  id: number,
): Promise<AsyncIterable<Event>> {
  await findStockTake(ctx, id);
  return hub.subscribe(
    ctx.principal.accountId,
    (e) => e.type.startsWith("stock_take.") && e.data.id === id,
    { coalesce: true },
  );
}
