// Who is calling: the token a request carries (what it may do, where, until when) and its
// account. Any token holding a scope may ask, whichever: the app reads it at sign-in to offer
// only the screens the token can use, and an integration to check a token before it relies on it.
import type { ServiceContext } from "../../context.js";
import { AppError } from "../../errors.js";
import { sitesOfCaller } from "../site/site.service.js";
import type { Site } from "../site/site.types.js";
import { toApiToken } from "../token/token.service.js";
import { TOKEN_VIEW, tokenView } from "../token/token.store.js";
import type { ApiToken } from "../token/token.types.js";
import { readAccount, type AccountSettings } from "./account.settings.js";

/** The calling token and its account, as the API shows them. */
export interface Viewer {
  token: ApiToken;
  account: AccountSettings;
  /** The site its requests mean when they name none. */
  site: Site;
  /** The sites it is limited to, in its order; null: every site of the account. */
  sites: Site[] | null;
}

/** The caller's token, account and sites. */
export async function getViewer(ctx: ServiceContext): Promise<Viewer> {
  const { accountId, actor } = ctx.principal;
  if (actor.tokenId === null) {
    throw new AppError("UNAUTHENTICATED", "the caller is the service itself, not a token");
  }
  // From the primary, not a replica: a token issued a moment ago (a device signing in from its QR
  // code) is there already. One after another: a request holds one pool connection at a time.
  const db = ctx.db;
  const row = await db.apiToken.findUniqueOrThrow({
    where: { accountId_id: { accountId, id: actor.tokenId } },
    select: TOKEN_VIEW,
  });
  const account = await readAccount(db, accountId);
  const sites = await sitesOfCaller(ctx);
  return { token: toApiToken(tokenView(row)), account, ...sites };
}
