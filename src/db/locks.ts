// Every advisory lock the service takes, named once. A two-key lock (class, key) never meets a
// one-key (bigint) lock, so the classes below only have to differ from each other; each is two
// ASCII letters, and SQL written in a migration takes it by number (a migration is never edited,
// so a class it uses keeps its value for good). Idempotency keys lock a hash of the key instead
// (one key, idempotency.ts).
import type { Tx } from "./client.js";

/**
 * The ledger ("LD", 19524): (class, account id), held shared by every write from its stamp to its
 * commit. Taken by number in migrations 20261124000002_catalog_search (catalog_stamp) and
 * 20261126000000_change_events (append_event).
 *
 * A movement is stamped when written but seen by others only at commit, so a later stamp can
 * commit first. Writers do not wait for each other for that: each holds its account's ledger
 * lock (this class, the account id) in shared mode from its stamp to its commit, and an
 * oldest-first reader reads only below ledgerHorizon(), under which no write still in flight can
 * stamp. Catalog edits hold it too (the catalog_stamp trigger takes it before stamping a row).
 * Nobody takes it exclusively, and shared holders never wait for each other, so it cannot be
 * part of a deadlock.
 */
export const LEDGER_LOCK_CLASS = 0x4c44;

/** Stock take starts ("ST", 21332): (class, account id); one start of an account at a time. */
export const STOCK_TAKE_START_LOCK_CLASS = 0x5354;

/** Webhook creation ("WH", 22344): (class, account id); one create of an account at a time. */
export const WEBHOOK_LOCK_CLASS = 0x5748;

/**
 * Site changes ("SI", 21321): (class, account id); one create or change of an account's sites at
 * a time (the cap on sites, the one default). A stock take's start and a change of stock at a
 * named site hold it shared (holdSite; in one statement, hold_stock_site of migration
 * 20261220000000_adjustment_sites, by number), so a change waits for them and sees what they
 * wrote, and they see a deactivation that committed while they waited. Order: a start takes it
 * after STOCK_TAKE_START_LOCK_CLASS, a change of stock before its items' row locks; a site change
 * takes no other lock of this file while holding it.
 */
export const SITE_LOCK_CLASS = 0x5349;

/** Token issuing ("TK", 21579): (class, account id); one issue of an account at a time. */
export const TOKEN_LOCK_CLASS = 0x544b;

/**
 * The account's currency ("CU", 17237): (class, account id). Held shared, to commit, by every
 * write that sets or judges money in the currency (a unit cost, a money tolerance: requireCurrency),
 * and exclusively by a change of the currency, which so waits for them and they for it; nothing
 * else about the account (its row, its settings) waits for either. Taken before the writer's row
 * locks; a change of currency takes the account's row after it.
 */
export const CURRENCY_LOCK_CLASS = 0x4355;

/**
 * Partition creation ("PT", 20564): (class, 1); one creator at a time. Taken only by
 * countpoint_create_partition, from migration 20261128000000_partitioned_ledger.
 */
export const PARTITION_LOCK_CLASS = 0x5054;

/**
 * Prisma Migrate's session lock (one key): the applier takes Prisma's own key, so it and
 * `prisma migrate deploy` never apply migrations at the same time.
 */
export const PRISMA_MIGRATE_LOCK_KEY = 72707369;

/**
 * Waits for a start of the account in progress, and holds new ones off until this transaction
 * ends: for a change that brings an entity into a start's scope (a SKU made active, a supplier
 * item unlinked, an entity given another location). A start reads its default scope twice (rows it locks, then the lines it
 * inserts), so such a change committed in between would give a line whose expected quantity was
 * read without the row's lock. Take it before the entity's row lock, as a start does.
 */
export async function holdOffStarts(tx: Tx, accountId: number): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(${STOCK_TAKE_START_LOCK_CLASS}::int, ${accountId}::int)`;
}
