// Which sites a caller may use. A token limited to sites (api_tokens.site_ids) sees and changes
// the stock, stock takes, transfers and movements of those sites only: any other site it names is
// as unknown to it as another account's (SITE_NOT_FOUND), and a request naming no site means its
// first site (its home). Every check here comes before the work it guards, from the principal
// alone: no read.
import { mayUseSite, type Principal } from "../../auth/principal.js";
import { notFound } from "../../errors.js";

export { mayUseSite };

export const siteNotFound = (id: number, path?: (string | number)[]) =>
  notFound("SITE_NOT_FOUND", id, path);

/** Refuses (SITE_NOT_FOUND at `path`) a site the caller may not use, before any read. */
export function checkSiteAllowed(
  principal: Pick<Principal, "sites">,
  id: number | null | undefined,
  path: (string | number)[],
): void {
  if (id !== null && id !== undefined && !mayUseSite(principal, id)) throw siteNotFound(id, path);
}

/**
 * The site a request naming `siteId` (or none) is at for this caller, known without a read: the
 * one named (checked as checkSiteAllowed does); for a token limited to sites naming none, its
 * first site (the first of its site_ids as issued: its home); or null, the account's default, for
 * a caller that may use every site (read where the work reads it).
 */
export function siteFor(
  principal: Pick<Principal, "sites">,
  siteId: number | null | undefined,
  path: (string | number)[],
): number | null {
  if (siteId !== null && siteId !== undefined) {
    checkSiteAllowed(principal, siteId, path);
    return siteId;
  }
  return principal.sites?.[0] ?? null;
}

/** The sites a caller's lists are narrowed to (null: every site of its account). */
export const sitesOf = (principal: Principal): readonly number[] | null => principal.sites ?? null;
