import { and, eq, inArray } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { PaymentType } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import { destinationAccounts, paymentMethods, payments, subscriptions, users } from '~/db/schema'
import { z } from '~/lib/validation'
import { chooseMemberPaymentMethod } from '~/server/billing/member-payment-method.server'
import {
  calendarDateSchema,
  centsSchema,
  idSchema,
  notFound,
  parseInput,
  validationError,
} from '../service-input.server'

export type Payment = typeof payments.$inferSelect

/** Rows per INSERT: ~20 parameters a row stays far below PostgreSQL's 65 535-parameter limit. */
const BATCH_SIZE = 500

const paymentSchema = z
  .object({
    subscriptionId: idSchema,
    amount: centsSchema,
    surcharge: centsSchema.default(0),
    creditUsed: centsSchema.default(0),
    periodStart: calendarDateSchema.nullish(),
    periodEnd: calendarDateSchema.nullish(),
    dueOn: calendarDateSchema,
    status: z.enum(['sent', 'upcoming', 'pending_request', 'failed']),
    /** Defaults to the member's payment method (`chooseMemberPaymentMethod`); the type follows it. */
    paymentMethodId: idSchema.nullish(),
    /** Money taken at the desk: recorded as type `manual`, without a payment method. */
    manual: z.boolean().default(false),
    /** A new charge of a period whose earlier payment failed. */
    isRetry: z.boolean().default(false),
    isProRata: z.boolean().default(false),
    /** Charge attempts made on this payment; 0 while it is upcoming. */
    attempt: z.int().min(0).max(100).optional(),
    /** Times the bank was asked for the outcome of a pending payment. */
    pollCount: z.int().min(0).max(10_000).default(0),
    errorStatus: z.string().trim().min(1).max(100).nullish(),
    errorDescription: z.string().trim().min(1).max(1000).nullish(),
    paidAt: z.date().nullish(),
    akahuPaymentId: z.string().min(1).nullish(),
    stripeId: z.string().min(1).nullish(),
    processedByUserId: idSchema.nullish(),
    idempotencyKey: z.string().min(1).max(200).nullish(),
    meta: z.record(z.string(), z.unknown()).default({}),
    /** When the payment row came to exist (an upcoming payment is created ahead of its due date). */
    createdAt: z.date().optional(),
  })
  .superRefine((payment, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message })
    if ((payment.periodStart == null) !== (payment.periodEnd == null)) {
      issue('periodEnd', 'A period needs both its start and its end.')
    }
    if (payment.periodStart && payment.periodEnd && payment.periodEnd <= payment.periodStart) {
      issue('periodEnd', 'The period must end after it starts.')
    }
    if (payment.status === 'failed' && !payment.errorStatus) {
      issue('errorStatus', 'A failed payment needs its error.')
    }
    if (payment.status !== 'failed' && (payment.errorStatus || payment.errorDescription)) {
      issue('errorStatus', 'Only a failed payment has an error.')
    }
    if (payment.status === 'upcoming' && ((payment.attempt ?? 0) > 0 || payment.pollCount > 0)) {
      issue('attempt', 'An upcoming payment has not been requested yet.')
    }
    if (payment.status !== 'sent' && payment.paidAt) issue('paidAt', 'Only a sent payment is paid.')
  })

export type RecordPaymentInput = z.input<typeof paymentSchema>

const inputSchema = z.object({ organisationId: idSchema, payments: z.array(paymentSchema) })

export type RecordPaymentsInput = z.input<typeof inputSchema>

/**
 * Checks each payment and fills in member, gym, method and destination account from its subscription,
 * with one query per table whatever the number of payments.
 */
async function preparePaymentRows(
  options: RecordPaymentsInput & { db: Db; now: Date },
): Promise<(typeof payments.$inferInsert)[]> {
  const { db, now, ...rest } = options
  const input = parseInput(inputSchema, rest)
  const { organisationId } = input
  if (input.payments.length === 0) return []

  const subscriptionIds = [...new Set(input.payments.map((payment) => payment.subscriptionId))]
  const subscriptionRows = await db
    .select({
      id: subscriptions.id,
      userId: subscriptions.userId,
      gymId: subscriptions.gymId,
      defaultPaymentMethodId: users.defaultPaymentMethodId,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(and(ownedBy(subscriptions, organisationId), inArray(subscriptions.id, subscriptionIds)))
  if (subscriptionRows.length !== subscriptionIds.length) throw notFound('Subscription')
  const subscriptionById = new Map(subscriptionRows.map((row) => [row.id, row]))

  const userIds = [...new Set(subscriptionRows.map((row) => row.userId))]
  const methodRows = await db
    .select({
      id: paymentMethods.id,
      userId: paymentMethods.userId,
      type: paymentMethods.type,
      deletedAt: paymentMethods.deletedAt,
    })
    .from(paymentMethods)
    .where(and(ownedBy(paymentMethods, organisationId), inArray(paymentMethods.userId, userIds)))
  const methodById = new Map(methodRows.map((row) => [row.id, row]))
  // A payment recorded without a method takes the member's payment method, the one their next charge
  // would use; a method named explicitly may since have been removed (history is recorded as it was).
  const savedByUser = new Map<number, typeof methodRows>()
  for (const row of methodRows)
    if (row.deletedAt === null) savedByUser.set(row.userId, [...(savedByUser.get(row.userId) ?? []), row])
  const memberMethodOf = (subscription: (typeof subscriptionRows)[number]) =>
    chooseMemberPaymentMethod({
      methods: savedByUser.get(subscription.userId) ?? [],
      defaultPaymentMethodId: subscription.defaultPaymentMethodId,
    })

  const gymIds = [...new Set(subscriptionRows.map((row) => row.gymId))]
  const accountRows = await db
    .select({ id: destinationAccounts.id, gymId: destinationAccounts.gymId })
    .from(destinationAccounts)
    .where(and(ownedBy(destinationAccounts, organisationId), inArray(destinationAccounts.gymId, gymIds)))
  const accountByGym = new Map(accountRows.map((row) => [row.gymId, row.id]))

  const processorIds = [
    ...new Set(
      input.payments.flatMap((payment) => (payment.processedByUserId ? [payment.processedByUserId] : [])),
    ),
  ]
  if (processorIds.length > 0) {
    const processors = await db
      .select({ id: users.id })
      .from(users)
      .where(and(ownedBy(users, organisationId), inArray(users.id, processorIds)))
    if (processors.length !== processorIds.length) throw notFound('User')
  }

  const rows = input.payments.map((payment, index) => {
    const subscription = subscriptionById.get(payment.subscriptionId)
    if (!subscription) throw notFound('Subscription')
    const methodId = payment.manual ? null : (payment.paymentMethodId ?? memberMethodOf(subscription)?.id)
    const method = methodId == null ? undefined : methodById.get(methodId)
    if (!payment.manual && (!method || method.userId !== subscription.userId)) {
      // The member's own method only: charging someone else's card is the one mistake never to make.
      throw validationError(`payments.${index}.paymentMethodId`, "The payment method is not the member's.")
    }
    if ((payment.paidAt && payment.paidAt > now) || (payment.createdAt && payment.createdAt > now)) {
      throw validationError(`payments.${index}.paidAt`, 'A payment cannot be recorded ahead of time.')
    }
    const type: PaymentType = method?.type ?? 'manual'
    const createdAt = payment.createdAt ?? now
    return {
      organisationId,
      subscriptionId: payment.subscriptionId,
      userId: subscription.userId,
      gymId: subscription.gymId,
      paymentMethodId: method?.id ?? null,
      // Bank payments are paid into the gym's destination account; card payments into its card account.
      destinationAccountId: type === 'bank_account' ? (accountByGym.get(subscription.gymId) ?? null) : null,
      amount: payment.amount,
      surcharge: payment.surcharge,
      creditUsed: payment.creditUsed,
      periodStartAt: payment.periodStart ?? null,
      periodEndAt: payment.periodEnd ?? null,
      dueOn: payment.dueOn,
      status: payment.status,
      type,
      isRetry: payment.isRetry,
      isProRata: payment.isProRata,
      attempt: payment.attempt ?? (payment.status === 'upcoming' ? 0 : 1),
      pollCount: payment.pollCount,
      errorStatus: payment.errorStatus ?? null,
      errorDescription: payment.errorDescription ?? null,
      paidAt: payment.status === 'sent' ? (payment.paidAt ?? now) : null,
      akahuPaymentId: payment.akahuPaymentId ?? null,
      stripeId: payment.stripeId ?? null,
      processedByUserId: payment.processedByUserId ?? null,
      idempotencyKey: payment.idempotencyKey ?? null,
      meta: payment.meta,
      createdAt,
      updatedAt: payment.paidAt ?? createdAt,
    }
  })
  return rows
}

/**
 * Records one payment as it stands (SPEC §3 Payment). Charging is the billing engine's job; this checks
 * that the payment is consistent and belongs to the organisation. Keep `recalculateBalanceOwing` in
 * step afterwards when the payment failed or settles a failed one.
 */
export async function recordPayment(
  options: RecordPaymentInput & { db: Db; now: Date; organisationId: number },
): Promise<Payment> {
  const { db, now, organisationId, ...payment } = options
  const rows = await preparePaymentRows({ db, now, organisationId, payments: [payment] })
  const [row] = await db.insert(payments).values(rows).returning()
  if (!row) throw new Error('Inserting the payment returned no row')
  return row
}

/**
 * Records many payments in batched inserts: the demo seed and imports write a year of history this way.
 * Returns how many were written; the rows themselves are not read back, to keep large batches cheap.
 */
export async function recordPayments(options: RecordPaymentsInput & { db: Db; now: Date }): Promise<number> {
  const rows = await preparePaymentRows(options)
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    await options.db.insert(payments).values(rows.slice(start, start + BATCH_SIZE))
  }
  return rows.length
}
