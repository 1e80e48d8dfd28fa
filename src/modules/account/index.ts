// The account module's surface for the composition root and the transports (which reach a module's
// services only through here; its routes, resolvers and schemas they mount directly).
export { ensureDemoAccount, type DemoAccess } from "./demo.service.js";
export {
  createAccount,
  listAccounts,
  systemPrincipal,
  updateAccountRateLimit,
} from "./account.service.js";
