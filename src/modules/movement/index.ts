// The movement module's surface for the composition root and the transports (which reach a module's
// services only through here; its routes, resolvers and schemas they mount directly).
export {
  firstMovementPages,
  movementMoney,
  type MovementMoney,
  type MovementOwner,
} from "./movement.service.js";
