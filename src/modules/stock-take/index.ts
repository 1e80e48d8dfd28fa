// The stock take module's surface for the composition root and the transports (which reach a module's
// services only through here; its routes, resolvers and schemas they mount directly).
export { lineCounts, stockTakesByIds } from "./stock-take.service.js";
export { type LineOrderValue } from "./stock-take.parse.js";
