// Sites made and found through the API, for the tests of stock at several sites.
import { rest, type TestApp } from "./app.js";
import type { TestAccount } from "./db.js";

/** A site as the REST API answers it. */
export interface SiteBody {
  id: number;
  code: string;
  name: string;
  timezone: string | null;
  active: boolean;
  is_default: boolean;
}

/** A new site of the account (not the default), deactivated when asked. */
export async function newSite(
  t: TestApp,
  acct: TestAccount,
  code: string,
  { active = true }: { active?: boolean } = {},
): Promise<number> {
  const res = await rest(t, "POST", "/sites", {
    token: acct.token,
    body: { code, name: `Site ${code}`, ...(active ? {} : { active: false }) },
  });
  if (res.status !== 201)
    throw new Error(`site ${code}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

/** The account's default site, as the API lists it. */
export async function defaultSiteOf(t: TestApp, acct: TestAccount): Promise<number> {
  const res = await rest(t, "GET", "/sites", { token: acct.token });
  return res.body.data.find((s: { is_default: boolean }) => s.is_default).id;
}
