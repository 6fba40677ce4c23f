import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { paymentMethods, users } from '~/db/schema'
import { REAUTHENTICATE_AKAHU } from '~/server/providers/payments/payment-provider'

/**
 * Bank payments failed with `reauthenticate_akahu`: each member is asked to connect their bank again
 * (SPEC §3 `reauthenticate_akahu`, shown on their welcome page and the connect-akahu step) and the
 * method that failed is marked so (`status`), until a new consent shares it again (`syncBankAccounts`).
 * Runs in the caller's transaction, with the payments' own rows.
 */
export async function markBankReconnectNeeded(
  tx: Db,
  options: { now: Date; userIds: readonly number[]; paymentMethodIds: readonly number[] },
) {
  const { now } = options
  if (options.userIds.length > 0) {
    await tx
      .update(users)
      .set({ reauthenticateAkahu: true, updatedAt: now })
      .where(and(inArray(users.id, [...new Set(options.userIds)]), eq(users.reauthenticateAkahu, false)))
  }
  if (options.paymentMethodIds.length > 0) {
    await tx
      .update(paymentMethods)
      .set({ status: REAUTHENTICATE_AKAHU, updatedAt: now })
      .where(
        and(
          inArray(paymentMethods.id, [...new Set(options.paymentMethodIds)]),
          eq(paymentMethods.type, 'bank_account'),
          or(isNull(paymentMethods.status), ne(paymentMethods.status, REAUTHENTICATE_AKAHU)),
        ),
      )
  }
}
