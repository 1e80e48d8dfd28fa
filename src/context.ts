import type { PrismaClient } from "./db/client.js";

export const SCOPES = ["read", "adjust", "count", "approve", "webhooks"] as const;
export type Scope = (typeof SCOPES)[number];

/** Who is acting: written on every movement, adjustment and stock take. */
export interface Actor {
  name: string;
  tokenId: number | null;
}

/** An authenticated caller: every query is scoped by its account. */
export interface Principal {
  accountId: number;
  timezone: string;
  actor: Actor;
  scopes: ReadonlySet<Scope>;
}

/** What every service method takes first. */
export interface ServiceContext {
  db: PrismaClient;
  principal: Principal;
}

/** The actor for work the service does itself (demo data, command line). */
export const SYSTEM_ACTOR: Actor = { name: "system", tokenId: null };
