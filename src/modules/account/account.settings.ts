// The account as its tokens see it, and its currency (DESIGN §9): set by a token with the costs
// scope, changeable only while no cost has ever been set (a cost and every value written from it
// are in that currency). Costs are written under the account row's share lock
// (catalog.costs.ts#requireCurrency), so a currency cannot change under a cost being set.
import { readDb, type ServiceContext } from "../../context.js";
import type { Tx } from "../../db/client.js";
import { CURRENCY_LOCK_CLASS } from "../../db/locks.js";
import { inTransaction } from "../../db/transaction.js";
import { AppError, type FieldError } from "../../errors.js";
import { parseCurrency } from "../../money.js";

/** The account as the API shows it. */
export interface AccountSettings {
  id: number;
  name: string;
  timezone: string;
  /** ISO 4217; null until set. */
  currency: string | null;
  /** Decimal places of an amount in the currency; null with it. */
  currencyMinorUnits: number | null;
}

export interface AccountChanges {
  currency?: string | null;
}

/** The caller's account. */
export async function getAccount(ctx: ServiceContext): Promise<AccountSettings> {
  return readAccount(readDb(ctx), ctx.principal.accountId);
}

/**
 * Sets the account's currency (the costs scope's, checked by the transports). The same currency
 * again changes nothing; another one once a cost has been set is CURRENCY_IN_USE.
 */
export async function updateAccount(
  ctx: ServiceContext,
  changes: AccountChanges,
): Promise<AccountSettings> {
  const errors: FieldError[] = [];
  if (changes.currency === undefined || changes.currency === null) {
    errors.push({ path: [], code: "INVALID_PARAMETER", message: "send currency" });
  }
  const currency =
    errors.length === 0 ? parseCurrency(changes.currency, ["currency"], errors) : null;
  if (errors.length > 0 || !currency) throw AppError.fromFields(errors);
  const { accountId } = ctx.principal;
  return inTransaction(ctx.db, async (tx) => {
    // Waits for the writes of money in flight (requireCurrency), then holds new ones off.
    await tx.$queryRaw`
      SELECT pg_advisory_xact_lock(${CURRENCY_LOCK_CLASS}::int, ${accountId}::int)::text`;
    const [row] = await tx.$queryRaw<{ currency: string | null; costed: boolean }[]>`
      SELECT currency, EXISTS (SELECT 1 FROM item_cost_changes WHERE account_id = ${accountId})
        AS costed
      FROM accounts WHERE id = ${accountId} FOR UPDATE`;
    if (row && row.currency !== currency.code) {
      if (row.costed) {
        throw new AppError(
          "CURRENCY_IN_USE",
          `costs have been set in ${row.currency}: the currency can no longer change`,
          [
            {
              path: ["currency"],
              code: "CURRENCY_IN_USE",
              message: `costs are in ${row.currency}`,
            },
          ],
        );
      }
      await tx.$executeRaw`UPDATE accounts
        SET currency = ${currency.code}, currency_minor_units = ${currency.minorUnits}::smallint
        WHERE id = ${accountId}`;
    }
    return readAccount(tx, accountId);
  });
}

export async function readAccount(db: Tx | ServiceContext["db"], accountId: number) {
  const account = await db.account.findUniqueOrThrow({
    where: { id: accountId },
    select: { id: true, name: true, timezone: true, currency: true, currencyMinorUnits: true },
  });
  return account;
}
