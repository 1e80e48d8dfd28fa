// The app's frame: who is signed in, the client for their token, and one screen per route.
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { Provider } from "urql";
import { Link, Route, Router, Switch } from "wouter";
import { makeClient } from "./client.js";
import { LinkOffer } from "./components/LinkOffer.js";
import { mayStart, SessionContext, type Session } from "./session-context.js";
import { Denied, type Needed } from "./components/Denied.js";
import { forgetToken, storeToken, storedToken, takeTokenFromLink, tokenMark } from "./session.js";
import { Count } from "./screens/Count.js";
import { Lookup } from "./screens/Lookup.js";
import { SignIn } from "./screens/SignIn.js";
import { StockTakes } from "./screens/StockTakes.js";
import {
  fetchViewer,
  forgetViewer,
  storeViewer,
  storedViewer,
  viewerCan,
  type Viewer,
} from "./viewer.js";

// The approver's screens (and their charts, the QR code) load only when opened: a counter's phone
// never fetches them.
const Review = lazy(() => import("./screens/Review.js").then((m) => ({ default: m.Review })));
const Devices = lazy(() => import("./screens/Devices.js").then((m) => ({ default: m.Devices })));
const CycleCounts = lazy(() =>
  import("./screens/CycleCounts.js").then((m) => ({ default: m.CycleCounts })),
);
const Reports = lazy(() => import("./screens/Reports.js").then((m) => ({ default: m.Reports })));
const StartStockTake = lazy(() =>
  import("./screens/StartStockTake.js").then((m) => ({ default: m.StartStockTake })),
);

const Catalog = lazy(() => import("./screens/Catalog.js").then((m) => ({ default: m.Catalog })));
const CatalogItem = lazy(() =>
  import("./screens/CatalogItem.js").then((m) => ({ default: m.CatalogItem })),
);
const Transfers = lazy(() =>
  import("./screens/Transfers.js").then((m) => ({ default: m.Transfers })),
);
const SendTransfer = lazy(() =>
  import("./screens/SendTransfer.js").then((m) => ({ default: m.SendTransfer })),
);
const ReceiveTransfer = lazy(() =>
  import("./screens/ReceiveTransfer.js").then((m) => ({ default: m.ReceiveTransfer })),
);
const Sites = lazy(() => import("./screens/Sites.js").then((m) => ({ default: m.Sites })));
const SiteEdit = lazy(() => import("./screens/SiteEdit.js").then((m) => ({ default: m.SiteEdit })));

/** A screen loaded when first opened, for a token that may use it; else what the token lacks. */
const loaded = (allowed: boolean, what: Needed, screen: ReactNode) =>
  allowed ? (
    <Suspense fallback={<p role="status">Loading…</p>}>{screen}</Suspense>
  ) : (
    <Denied what={what} />
  );

/** `linked`: the token of the sign-in link that opened the app, already out of the address. */
export function App({ linked }: { linked: string | null }) {
  const [token, setToken] = useState<string | null>(() => {
    if (linked !== null && storedToken() === null) storeToken(linked);
    return storedToken();
  });
  const [notice, setNotice] = useState<string | null>(null);
  /** A link's token while another is signed in: used only once the person says so. */
  const [offered, setOffered] = useState<string | null>(() =>
    linked !== null && linked !== storedToken() ? linked : null,
  );
  // The token signed in now, changed as signing in and out happen (not at the next render): the
  // client of an earlier token may still be sending the counts it made, and its refusal is no
  // reason to sign out whoever signed in since.
  const current = useRef(token);
  const owner = token ? tokenMark(token) : "";
  const [viewer, setViewer] = useState<Viewer | null>(() => storedViewer(owner));
  const signOut = useCallback((reason?: string) => {
    forgetToken();
    forgetViewer();
    setViewer(null);
    current.current = null;
    setNotice(reason ?? null);
    setToken(null);
  }, []);
  const session = useMemo<Session>(
    () => ({ owner, viewer, can: (scope) => viewerCan(viewer, scope) }),
    [owner, viewer],
  );
  /** `known`: what the token is, when signing in has asked already. */
  const signedIn = useCallback((value: string, known?: Viewer) => {
    storeToken(value);
    if (known) storeViewer(tokenMark(value), known);
    else forgetViewer();
    current.current = value;
    setNotice(null);
    setViewer(known ?? null);
    setToken(value);
  }, []);
  // A link signs in where nobody is; over another sign-in it asks first. Links that arrive while
  // the app is open (the same page, another route) come as hash changes.
  const arrived = useCallback(
    (link: string) => {
      const current = storedToken();
      if (current === null) signedIn(link);
      else setOffered(current === link ? null : link);
    },
    [signedIn],
  );
  useEffect(() => {
    const onHashChange = () => {
      const link = takeTokenFromLink();
      if (link !== null) arrived(link);
    };
    window.addEventListener("hashchange", onHashChange);
    return () => window.removeEventListener("hashchange", onHashChange);
  }, [arrived]);
  const offer = offered && (
    <LinkOffer
      onAccept={() => {
        signedIn(offered);
        setOffered(null);
      }}
      onDecline={() => setOffered(null)}
    />
  );
  // A refused token signs out from any screen, told why: the client notices it (client.ts).
  const connection = useMemo(
    () =>
      token
        ? makeClient(token, (reason) => {
            if (current.current === token) signOut(reason);
          })
        : null,
    [signOut, token],
  );
  useEffect(() => () => connection?.close(), [connection]);
  // What the token is, asked afresh at every start (scopes do not change, but a link's token may
  // be new here); without a network, the one kept from the last time stands.
  useEffect(() => {
    if (!connection || !token) return;
    let live = true;
    void fetchViewer(connection.client).then(({ data }) => {
      if (!live || !data || current.current !== token) return;
      storeViewer(tokenMark(token), data.viewer);
      setViewer(data.viewer);
    });
    return () => {
      live = false;
    };
  }, [connection, token]);
  const can = session.can;
  /** The catalog is a manager's or a back office's screen; a counting device has Look up. */
  const mayBrowseCatalog = can("read") && (can("approve") || can("adjust"));
  const mayManageSites = can("read") && can("sites");

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
                {can("read") && <Link href="/lookup">Look up</Link>}
                {mayBrowseCatalog && <Link href="/catalog">Catalog</Link>}
                {can("read") && can("approve") && <Link href="/cycle-counts">Cycle counts</Link>}
                {can("read") && can("approve") && <Link href="/reports">Reports</Link>}
                {can("read") && can("adjust") && <Link href="/transfers">Deliveries</Link>}
                {mayManageSites && <Link href="/sites">Sites</Link>}
                {can("tokens") && <Link href="/devices">Devices</Link>}
                <button type="button" className="quiet" onClick={() => signOut()}>
                  Sign out
                </button>
              </nav>
            </header>
            <main>
              {offer}
              <Switch>
                <Route path="/stock-takes/:id/count">
                  {(params) =>
                    can("count") ? <Count id={Number(params.id)} /> : <Denied what="count" />
                  }
                </Route>
                <Route path="/stock-takes/:id/review">
                  {(params) => loaded(can("approve"), "review", <Review id={Number(params.id)} />)}
                </Route>
                <Route path="/start">
                  {loaded(mayStart({ can }), "start", <StartStockTake />)}
                </Route>
                <Route path="/cycle-counts">
                  {loaded(can("read") && can("approve"), "cycleCounts", <CycleCounts />)}
                </Route>
                <Route path="/reports">
                  {loaded(can("read") && can("approve"), "reports", <Reports />)}
                </Route>
                <Route path="/catalog/:id">
                  {(params) =>
                    loaded(mayBrowseCatalog, "catalog", <CatalogItem id={Number(params.id)} />)
                  }
                </Route>
                <Route path="/catalog">{loaded(mayBrowseCatalog, "catalog", <Catalog />)}</Route>
                <Route path="/transfers/new">
                  {loaded(can("read") && can("adjust"), "transfers", <SendTransfer />)}
                </Route>
                <Route path="/transfers/:id/receive">
                  {(params) =>
                    loaded(
                      can("read") && can("adjust"),
                      "transfers",
                      <ReceiveTransfer id={Number(params.id)} />,
                    )
                  }
                </Route>
                <Route path="/transfers">
                  {loaded(can("read") && can("adjust"), "transfers", <Transfers />)}
                </Route>
                <Route path="/sites/:id">
                  {(params) => loaded(mayManageSites, "sites", <SiteEdit id={Number(params.id)} />)}
                </Route>
                <Route path="/sites">{loaded(mayManageSites, "sites", <Sites />)}</Route>
                <Route path="/devices">{loaded(can("tokens"), "devices", <Devices />)}</Route>
                <Route path="/lookup">{can("read") ? <Lookup /> : <Denied what="lookup" />}</Route>
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
          {offer}
          <SignIn notice={notice} onSignedIn={signedIn} />
        </main>
      )}
    </Router>
  );
}
