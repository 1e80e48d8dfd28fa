// Tokens this process authenticated lately, by digest, with who they were and their bucket: a
// request of such a token that its account's budget refuses is answered 429 from here, without
// the statement that would check the token only to refuse it (an account flooding past its budget
// with its many tokens cost a statement per refusal). The memory never lets a request in: a token
// revoked since is told 429 rather than 401 while its account is over budget, and 401 after.
// An entry lasts KNOWN_MS; bounded: past KNOWN_TOKENS the oldest goes first.
import type { Authentication } from "../modules/account/account.auth.js";

const KNOWN_TOKENS = 10_000;
const KNOWN_MS = 60_000;

type Known = Extract<Authentication, { bucket: unknown }>;

export class KnownTokens {
  private readonly known = new Map<string, { auth: Known; until: number }>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Who the token of `digest` was when this process last authenticated it, within KNOWN_MS. */
  get(digest: string): Known | undefined {
    const entry = this.known.get(digest);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.auth;
    this.known.delete(digest);
    return undefined;
  }

  /** Notes a token that authenticated, with a bucket of its own (an unlimited one needs none). */
  remember(digest: string, auth: Authentication): void {
    if (!auth.principal || !auth.bucket) return;
    this.known.delete(digest);
    this.known.set(digest, { auth, until: this.now() + KNOWN_MS });
    if (this.known.size > KNOWN_TOKENS) {
      this.known.delete(this.known.keys().next().value as string);
    }
  }
}
