import type DataLoader from "dataloader";
import type { PrismaClient } from "../db/client.js";
import type { Principal } from "../auth/principal.js";
import type { EventHub } from "../modules/event/index.js";
import type { TokenBucket } from "../rate-limit/bucket.js";
import type { DeferredToken } from "./deferred-token.js";
import type { Loaders } from "./loaders.js";

export interface GraphQLContext {
  db: PrismaClient;
  /** null when no valid token came with the request; the auth checker then refuses. */
  principal: Principal | null;
  /** Why principal is null, for the UNAUTHENTICATED message. */
  authProblem: string | null;
  /** The caller's rate-limit bucket, for charging a mutation's lines (null: unlimited). */
  rateBucket: TokenBucket | null;
  /** Units the authentication took from it (0: the operation pays its whole cost later). */
  rateTaken: number;
  /**
   * Charges the bucket for work the operation's estimate cannot know, once its price is paid (a
   * stock take's summary, by its lines; on a subscription, at each event); absent for an
   * unlimited token. A refusal is noted against `walk`, when one is named (refused-walks.ts).
   */
  chargeMore?: (units: number, walk?: string) => Promise<void>;
  /** Refuses a walk (src/operations.ts walkKey) still refused for its price, before it is counted. */
  refuseWalkAgain?: (walk: string) => void;
  /** The summaries' charges of this request, batched (line-charges.ts). */
  lineCharges?: DataLoader<number, void>;
  /** Batch loaders of this request, scoped to the caller's account (made on first use). */
  loaders: Loaders | null;
  /** Where a query's plain reads go (set once the operation is known to be a query). */
  read?: PrismaClient;
  /**
   * A token left to be checked with the operation's work (a single adjustment, deferred.ts):
   * `principal` is then who it was when this process last let it adjust.
   */
  deferred?: DeferredToken;
  /** Live events, for subscriptions (set on WebSocket connections only). */
  events?: EventHub;
}

/** The context of one GraphQL request. */
export function createContext(
  db: PrismaClient,
  principal: Principal | null,
  authProblem: string | null,
  rateBucket: TokenBucket | null = null,
  rateTaken = 0,
): GraphQLContext {
  return {
    db,
    principal,
    authProblem,
    rateBucket,
    rateTaken,
    loaders: null,
  };
}
