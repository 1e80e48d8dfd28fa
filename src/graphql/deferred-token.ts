import type { GraphQLError } from "graphql";
import type { HeaderMap } from "@apollo/server";
import type { RateLimiter } from "../auth/limiter.js";
import type { TokenCheck } from "../auth/tokens.js";

/** A request's token left unchecked by the context (see src/graphql/deferred.ts). */
export interface DeferredToken {
  token: string;
  digest: string;
  limiter: RateLimiter;
  /** The check the adjustment's statement makes, once admission has kept the token unchecked. */
  check: TokenCheck | null;
  /** Where the RateLimit-* headers of the check go (the operation's response). */
  headers: HeaderMap | null;
  /** Whether its check has begun. */
  settled: boolean;
  /** How the adjustment's statement refused the token (401 or 429): the operation's answer. */
  refusal?: GraphQLError;
  /** Whether it counts among its token's deferred requests in flight here (`alone`). */
  inFlight: boolean;
}
