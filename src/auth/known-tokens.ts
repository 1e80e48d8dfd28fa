// Tokens this process authenticated lately, by digest, with who they were and their bucket: a
// request of such a token that its account's budget refuses is answered 429 from here, without
// the statement that would check the token only to refuse it (an account flooding past its budget
// with its many tokens cost a statement per refusal). The memory never lets a request in: a token
// revoked since is told 429 rather than 401 while its account is over budget, and 401 after.
// An entry lasts KNOWN_MS; at most KNOWN_TOKENS are kept.
import { ExpiringMemory } from "../expiring-memory.js";
import type { Authentication } from "./tokens.js";

const KNOWN_TOKENS = 10_000;
const KNOWN_MS = 60_000;

type Known = Extract<Authentication, { bucket: unknown }>;

export class KnownTokens {
  private readonly known: ExpiringMemory<Known>;

  constructor(now?: () => number) {
    this.known = new ExpiringMemory(KNOWN_TOKENS, now);
  }

  /** Who the token of `digest` was when this process last authenticated it, within KNOWN_MS. */
  get(digest: string): Known | undefined {
    return this.known.get(digest)?.value;
  }

  /** Notes a token that authenticated, with a bucket of its own (an unlimited one needs none). */
  remember(digest: string, auth: Authentication): void {
    if (auth.principal && auth.bucket) this.known.set(digest, auth, KNOWN_MS);
  }
}
