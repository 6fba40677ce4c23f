import { and, eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { payments } from '~/db/schema'
import { instantAt } from '~/server/billing/calendar'
import { advanceSubscriptions } from '~/server/billing/engine/advance-subscriptions.server'
import { runBilling } from '~/server/billing/engine/run-billing.server'
import type { PaymentProviders } from '~/server/providers/payments/payment-provider'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import { createTestPriceFor } from '../../factories/member-factory'
import { createTestOrganisation } from '../../factories/organisation-factory'
import type { TestDatabaseContext } from './database'
import { signInStaff, type TestApi } from './sign-in'

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

/**
 * The frame of the price-change tests: an organisation made on 1 Nov 2026 (`organisation` options) with
 * a monthly $79.00 price and a monthly `otherAmount` price at its gym, and its owner signed in at `clock`.
 */
export async function monthlyPricesWithOwner(options: {
  database: TestDatabaseContext
  api: TestApi
  clock: Date
  otherAmount: number
  organisation: Omit<Parameters<typeof createTestOrganisation>[0], 'db' | 'now'>
}) {
  const { database, clock } = options
  const db = database.db
  const now = instantAt('2026-11-01')
  const org = await createTestOrganisation({ db, now, ...options.organisation })
  const monthlyAt = async (amount: number) =>
    (await createTestPriceFor({ db, organisation: org, billingFrequency: 'monthly', amount, now })).price.id
  const monthly = await monthlyAt(7900)
  const other = await monthlyAt(options.otherAmount)
  const staff = await signInStaff({ database, api: options.api, now: clock, organisation: org, admin: true })
  return { org, monthly, other, staff }
}
