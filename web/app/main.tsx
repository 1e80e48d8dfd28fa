// The counting app: sign in with a token (pasted, or from a link's fragment), then count and
// review stock takes through the GraphQL API.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.js";
import { takeTokenFromLink } from "./session.js";

// Before anything renders: the token leaves the address bar and the history at once.
const linked = takeTokenFromLink();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App linked={linked} />
  </StrictMode>,
);
