// What the signed-in token is (its name, scopes, sites, expiry and account), read from the API's
// `viewer` at sign-in and kept beside the token, so a device opened without a network still
// offers the screens its token can use. Screens ask `can(scope)`.
import type { Client } from "urql";
import { graphql } from "./gql/index.js";
import type { TokenScope, ViewerQuery } from "./gql/graphql.js";

export const ViewerDocument = graphql(`
  query Viewer {
    viewer {
      token {
        id
        name
        scopes
        expiresAt
      }
      account {
        id
        name
        currency
      }
      site {
        id
        code
        name
      }
      sites {
        id
        name
      }
    }
  }
`);

export type Viewer = ViewerQuery["viewer"];

const KEY = "countpoint.viewer";

/** The viewer kept for `owner` (a token's mark); null when none was kept for that token. */
export function storedViewer(owner: string): Viewer | null {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? "null") as {
      owner: string;
      viewer: Viewer;
    } | null;
    return kept?.owner === owner ? kept.viewer : null;
  } catch {
    return null;
  }
}

export const storeViewer = (owner: string, viewer: Viewer): void =>
  localStorage.setItem(KEY, JSON.stringify({ owner, viewer }));

export const forgetViewer = (): void => localStorage.removeItem(KEY);

/** The API's viewer for the client's token, or its error. */
export async function fetchViewer(client: Client) {
  return client.query(ViewerDocument, {}, { requestPolicy: "network-only" });
}

/**
 * Whether the token may do what `scope` allows. Until the viewer is known (an older sign-in, no
 * network yet) every screen is offered, and the API still refuses what the token may not do.
 */
export const viewerCan = (viewer: Viewer | null, scope: Lowercase<TokenScope>): boolean =>
  viewer === null || viewer.token.scopes.includes(scope.toUpperCase() as TokenScope);
