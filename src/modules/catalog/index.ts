// The catalog module's surface for the composition root and the transports (which reach a module's
// services only through here; its routes, resolvers and schemas they mount directly).
export { BARCODES_DESCRIPTION, MAX_BARCODE_LENGTH } from "./barcode.js";
export { LOCATION_DESCRIPTION } from "./location.js";
export { skusAtSites, supplierItemsAtSites } from "./catalog.service.js";
export { itemAtSiteKey, type ItemAtSite } from "./catalog.search.js";
export { importSkuFile } from "./catalog.import-file.js";
export { firstLevelPages, type LevelOwner } from "./catalog.levels.js";
export { readCosts } from "./catalog.costs.js";
