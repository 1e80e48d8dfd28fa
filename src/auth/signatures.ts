// Made-up tokens told from issued ones without a statement: every token the service issues
// carries its signature (src/auth/tokens.ts), so a token without it, of an
// account that holds no token issued before signatures, was never issued and is refused 401 here,
// as cheaply as /healthz, whatever new token a flood makes up each time. The key and the accounts
// still holding unsigned tokens are read as the process starts and again every REFRESH_MS (one
// statement, off every request's path); until the first read answers, every token is looked up,
// as before.
import type { FastifyBaseLogger } from "fastify";
import type { PrismaClient } from "../db/client.js";
import { signedWith, signingState } from "./tokens.js";

const REFRESH_MS = 60_000;

export class TokenSignatures {
  private key: Buffer | null = null;
  private unsigned: Set<number> | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: PrismaClient,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Reads the key and the accounts with unsigned tokens now, then every REFRESH_MS. */
  start(): void {
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Reads them again (also what a test calls after writing an unsigned token itself). */
  async refresh(): Promise<void> {
    try {
      const { key, unsigned } = await signingState(this.db);
      this.key = key;
      this.unsigned = unsigned;
    } catch (error) {
      this.log.warn({ err: error }, "token signatures not read: every token is looked up");
    }
  }

  /** Whether the token of `accountId` was never issued: unsigned, its account holding none so. */
  madeUp(token: string, accountId: number): boolean {
    if (!this.key || !this.unsigned || this.unsigned.has(accountId)) return false;
    return !signedWith(this.key, token);
  }
}
