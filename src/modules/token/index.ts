// The token module's surface for the composition root and the transports (which reach a module's
// services only through here; its routes, resolvers and schemas they mount directly).
export {
  parseExpiresAt,
  parseExpiresIn,
  parseRateLimit,
  createToken,
  listTokens,
  parseScopes,
  revokeToken,
  updateToken,
  type TokenSettings,
  type TokenView,
} from "./token.store.js";
