// The cycle count module's surface for the composition root and the transports (which reach a module's
// services only through here; its routes, resolvers and schemas they mount directly).
export {
  classify,
  cycleCountsAt,
  cycleSettings,
  updateCycleSettings,
  type SkuCycleCount,
} from "./cycle-count.service.js";
