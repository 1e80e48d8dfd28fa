// Who is signed in, as the screens see it: provided by the app's frame (App.tsx), read by a screen
// with useSession.
import { createContext, useContext } from "react";

export interface Session {
  /** The signed-in token's mark (not the token): which counts on the device it sends. */
  owner: string;
}

export const SessionContext = createContext<Session>({ owner: "" });

export const useSession = (): Session => useContext(SessionContext);
