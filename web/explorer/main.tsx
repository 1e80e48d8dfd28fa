// GraphiQL from the npm package, bundled at build time: an explorer that needs no internet, for
// sites whose browsers cannot reach Apollo's CDN (GRAPHQL_EXPLORER=graphiql).
import { GraphiQL } from "graphiql";
import "graphiql/setup-workers/vite";
import "graphiql/style.css";
import { createRoot } from "react-dom/client";
import { fetcher } from "./fetcher.js";

const WELCOME = `# Countpoint's GraphQL API. Put your token in the Headers tab below
#   { "Authorization": "Bearer cp_…" }
# (or open this page as /graphql#token=cp_…),
# then run this query (Ctrl-Enter). The Docs pane lists every type and field.
query FirstSkus {
  skus(first: 5) {
    edges {
      node {
        code
        name
        onHand
      }
    }
  }
}
`;

// A link may carry the token in its fragment (/graphql#token=cp_…): the fragment never reaches a
// server or its logs, and it is taken out of the address bar (and history) at once.
const token = new URLSearchParams(window.location.hash.slice(1)).get("token");
if (token !== null)
  history.replaceState(null, "", window.location.pathname + window.location.search);
const headers = JSON.stringify({ Authorization: `Bearer ${token ?? ""}` }, null, 2);

createRoot(document.getElementById("explorer")!).render(
  <GraphiQL
    fetcher={fetcher}
    defaultQuery={WELCOME}
    defaultHeaders={headers}
    defaultEditorToolsVisibility="headers"
  />,
);
