import { and, eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { payments } from '~/db/schema'
import { advanceSubscriptions } from '~/server/billing/engine/advance-subscriptions.server'
import { runBilling } from '~/server/billing/engine/run-billing.server'
import type { PaymentProviders } from '~/server/providers/payments/payment-provider'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'

/** Midnight UTC on a calendar day (noon or 1 pm in Auckland): the time billing tests "are" on that day. */
export const atDay = (day: string) => new Date(`${day}T00:00:00Z`)

/**
 * The engine's daily run on each of `days` in turn, at `atDay`: periods advanced, then the payments
 * due charged, through `providers` (the payment sandboxes unless given). Answers the last day's run.
 */
export async function runEngineOn(options: { db: Db; days: string[]; providers?: PaymentProviders }) {
  const { db, providers = createSandboxProviders({ db }) } = options
  let result: Awaited<ReturnType<typeof runBilling>> | undefined
  for (const day of options.days) {
    await advanceSubscriptions({ db, now: atDay(day) })
    result = await runBilling({ db, providers, now: atDay(day) })
  }
  return result
}

/** The subscription's failed payments. */
export function failedPaymentsOf(db: Db, subscriptionId: number) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.subscriptionId, subscriptionId), eq(payments.status, 'failed')))
}

/** The subscription's payments, oldest first. */
export function paymentsOf(db: Db, subscriptionId: number) {
  return db.select().from(payments).where(eq(payments.subscriptionId, subscriptionId)).orderBy(payments.id)
}
