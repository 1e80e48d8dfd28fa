// The event module's surface for the composition root and the transports (which reach a module's
// services only through here; its routes, resolvers and schemas they mount directly).
export { EventHub } from "./event.hub.js";
export { keepEventsPruned } from "./event.retention.js";
