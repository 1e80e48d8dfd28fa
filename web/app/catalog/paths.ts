// Where the catalog's screens are: the list keeps its search and site in the address.

/** The catalog's address for a search and a site: what a SKU's page leads back to. */
export const catalogPath = (q: string, siteId: number | null, id?: number) => {
  const query = new URLSearchParams({
    ...(q ? { q } : {}),
    ...(siteId === null ? {} : { site: String(siteId) }),
  }).toString();
  return `/catalog${id === undefined ? "" : `/${id}`}${query ? `?${query}` : ""}`;
};
