// The app's frame: who is signed in, the client for their token, and one screen per route.
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { Provider } from "urql";
import { Link, Route, Router, Switch } from "wouter";
import { makeClient } from "./client.js";
import { forgetToken, storeToken, storedToken } from "./session.js";
import { Count } from "./screens/Count.js";
import { Lookup } from "./screens/Lookup.js";
import { SignIn } from "./screens/SignIn.js";
import { StockTakes } from "./screens/StockTakes.js";

// The approver's screens (and their charts, the QR code) load only when opened: a counter's phone
// never fetches them.
const Review = lazy(() => import("./screens/Review.js").then((m) => ({ default: m.Review })));
const Devices = lazy(() => import("./screens/Devices.js").then((m) => ({ default: m.Devices })));

interface Session {
  /** Forget the token, showing why on the sign-in screen when given. */
  signOut(reason?: string): void;
}

const SessionContext = createContext<Session>({ signOut: () => {} });

export const useSession = (): Session => useContext(SessionContext);

export function App() {
  const [token, setToken] = useState<string | null>(storedToken);
  const [notice, setNotice] = useState<string | null>(null);
  const session = useMemo<Session>(
    () => ({
      signOut(reason) {
        forgetToken();
        setNotice(reason ?? null);
        setToken(null);
      },
    }),
    [],
  );
  const signedIn = useCallback((value: string) => {
    storeToken(value);
    setNotice(null);
    setToken(value);
  }, []);
  const connection = useMemo(() => (token ? makeClient(token) : null), [token]);
  useEffect(() => () => connection?.close(), [connection]);

  return (
    <Router base="/app">
      {connection ? (
        <SessionContext.Provider value={session}>
          <Provider value={connection.client}>
            <header className="bar">
              <Link href="/" className="brand">
                Countpoint
              </Link>
              <nav aria-label="Main">
                <Link href="/lookup">Look up</Link>
                <Link href="/devices">Devices</Link>
                <button type="button" className="quiet" onClick={() => session.signOut()}>
                  Sign out
                </button>
              </nav>
            </header>
            <main>
              <Switch>
                <Route path="/stock-takes/:id/count">
                  {(params) => <Count id={Number(params.id)} />}
                </Route>
                <Route path="/stock-takes/:id/review">
                  {(params) => (
                    <Suspense fallback={<p role="status">Loading…</p>}>
                      <Review id={Number(params.id)} />
                    </Suspense>
                  )}
                </Route>
                <Route path="/devices">
                  <Suspense fallback={<p role="status">Loading…</p>}>
                    <Devices />
                  </Suspense>
                </Route>
                <Route path="/lookup">
                  <Lookup />
                </Route>
                <Route path="/">
                  <StockTakes />
                </Route>
                <Route>
                  <p role="alert">There is no such page.</p>
                  <Link href="/">Back to the stock takes</Link>
                </Route>
              </Switch>
            </main>
          </Provider>
        </SessionContext.Provider>
      ) : (
        <main>
          <SignIn notice={notice} onSignedIn={signedIn} />
        </main>
      )}
    </Router>
  );
}
