// Who is signed in, as the screens see it: provided by the app's frame (App.tsx), read by a screen
// with useSession.
import { createContext, useContext } from "react";
import type { TokenScope } from "./gql/graphql.js";
import type { Viewer } from "./viewer.js";

export interface Session {
  /** The signed-in token's mark (not the token): which counts on the device it sends. */
  owner: string;
  /** What the token is, once the API said (or as it said when last asked); null until then. */
  viewer: Viewer | null;
  /** Whether the token may do what the scope allows (every screen while the viewer is unknown). */
  can(scope: Lowercase<TokenScope>): boolean;
}

export const SessionContext = createContext<Session>({
  owner: "",
  viewer: null,
  can: () => true,
});

export const useSession = (): Session => useContext(SessionContext);

/** Whether the session may start a stock take: a manager's, with the count and approve scopes. */
export const mayStart = ({ can }: Pick<Session, "can">): boolean => can("count") && can("approve");
