import { stringify } from 'csv-stringify/sync'
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import { readTogether } from '~/db/read-together.server'
import {
  accountClosureRequests,
  auditLog,
  gyms,
  mailOutbox,
  membershipAgreements,
  offerings,
  paymentMethods,
  payments,
  priceChangeHistory,
  prices,
  subscriptionPauses,
  subscriptions,
  users,
  visits,
} from '~/db/schema'
import { maskNzBankAccount } from '~/lib/nz-bank-account'
import { recordAudit } from '../audit/record-audit.server'
import { notFound } from '../service-input.server'
import type { MemberSelf } from './find-account-details.server'

type Value = string | number | boolean | null | readonly string[]
type Item = Record<string, Value>

/** A row's chosen columns in snake_case, instants as ISO strings. */
function pick<Row extends Record<string, unknown>, Key extends keyof Row & string>(
  row: Row,
  keys: readonly Key[],
) {
  const item: Item = {}
  for (const key of keys) {
    const value = row[key]
    const name = key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
    item[name] = value instanceof Date ? value.toISOString() : (value as Value)
  }
  return item
}

/**
 * Everything Gymbase holds about a member (issue 28; Privacy Act 2020, principle 6), each section a list
 * of records: who they are, their memberships and pauses, payments, the ways they pay (masked as
 * stored: a card's last four, a bank account's ends), visits, the agreements they signed in full, the
 * lines of their history and the e-mails sent to them (subjects and days). Nothing of another member:
 * every read is by the member's own id (or their memberships', which are theirs). Audited as asked.
 */
export async function collectMemberData(options: MemberSelf) {
  const { db, now, userId, organisationId } = options
  const [user] = await db.select().from(users).where(eq(users.id, userId))
  if (!user || user.organisationId !== organisationId) throw notFound('Member')
  const [
    memberships,
    pauses,
    paymentRows,
    methods,
    visitRows,
    agreements,
    priceChanges,
    history,
    emails,
    closures,
  ] = await readTogether(db, [
    () =>
      db
        .select({ subscription: subscriptions, gym: gyms.name, offering: offerings.name, price: prices })
        .from(subscriptions)
        .innerJoin(gyms, eq(gyms.id, subscriptions.gymId))
        .innerJoin(prices, eq(prices.id, subscriptions.priceId))
        .innerJoin(offerings, eq(offerings.id, prices.offeringId))
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.isStaging, false)))
        .orderBy(asc(subscriptions.id)),
    () =>
      db
        .select({ pause: subscriptionPauses })
        .from(subscriptionPauses)
        .innerJoin(subscriptions, eq(subscriptions.id, subscriptionPauses.subscriptionId))
        .where(eq(subscriptions.userId, userId))
        .orderBy(asc(subscriptionPauses.startDate)),
    () => db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.id)),
    () =>
      db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.userId, userId))
        .orderBy(asc(paymentMethods.id)),
    () =>
      db
        .select({ visit: visits, gym: gyms.name })
        .from(visits)
        .innerJoin(gyms, eq(gyms.id, visits.gymId))
        .where(eq(visits.userId, userId))
        .orderBy(asc(visits.visitedAt)),
    () =>
      db
        .select()
        .from(membershipAgreements)
        .where(eq(membershipAgreements.userId, userId))
        .orderBy(asc(membershipAgreements.acceptedAt)),
    () =>
      db
        .select()
        .from(priceChangeHistory)
        .where(eq(priceChangeHistory.userId, userId))
        .orderBy(asc(priceChangeHistory.id)),
    () =>
      db
        .select({ line: auditLog, actorIsMember: sql<boolean>`${auditLog.actorUserId} = ${userId}` })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.organisationId, organisationId),
            eq(auditLog.subjectType, 'member'),
            eq(auditLog.subjectId, userId),
          ),
        )
        .orderBy(asc(auditLog.createdAt), asc(auditLog.id)),
    () =>
      db
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.organisationId, organisationId),
            or(
              eq(mailOutbox.memberId, userId),
              inArray(sql`lower(${mailOutbox.to})`, [
                user.email.toLowerCase(),
                (user.pendingEmail ?? user.email).toLowerCase(),
              ]),
            ),
          ),
        )
        .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id)),
    () =>
      db
        .select()
        .from(accountClosureRequests)
        .where(eq(accountClosureRequests.userId, userId))
        .orderBy(asc(accountClosureRequests.id)),
  ])

  const data = {
    generated_at: now.toISOString(),
    profile: [
      pick(user, [
        'id',
        'name',
        'email',
        'pendingEmail',
        'emailVerifiedAt',
        'mobileNumber',
        'dob',
        'address',
        'suburb',
        'city',
        'postCode',
        'emergencyContactName',
        'emergencyContactRelationship',
        'emergencyContactMobileNumber',
        'emergencyContactEmail',
        'confidenceAndExperience',
        'hearAboutUs',
        'hearAboutUsOther',
        'emailNotificationsEnabled',
        'pushNotificationsEnabled',
        'paymentReminders',
        'tags',
        'notes',
        'profilePicture',
        'createdAt',
        'updatedAt',
      ]),
    ],
    memberships: memberships.map(({ subscription, gym, offering, price }) => ({
      ...pick(subscription, [
        'id',
        'startDate',
        'currentPeriodStart',
        'currentPeriodEnd',
        'termEndsAt',
        'coolingPeriodEndsAt',
        'pauseStartAt',
        'pauseEndAt',
        'pauseDaysRemaining',
        'cancelledAt',
        'cancellationReasons',
        'cancellationComments',
        'gracePeriodEndsAt',
        'balanceOwing',
        'creditBalance',
        'createdAt',
      ]),
      gym,
      offering,
      price_amount: price.amount,
      billing_frequency: price.billingFrequency,
    })),
    pauses: pauses.map(({ pause }) =>
      pick(pause, [
        'id',
        'subscriptionId',
        'startDate',
        'endDate',
        'creditDaysUsed',
        'cancelledAt',
        'createdAt',
      ]),
    ),
    payments: paymentRows.map((payment) =>
      pick(payment, [
        'id',
        'subscriptionId',
        'paymentMethodId',
        'amount',
        'surcharge',
        'status',
        'type',
        'deskMethod',
        'dueOn',
        'periodStartAt',
        'periodEndAt',
        'paidAt',
        'errorDescription',
        'createdAt',
      ]),
    ),
    payment_methods: methods.map((method) => ({
      ...pick(method, [
        'id',
        'type',
        'brand',
        'lastFour',
        'expMonth',
        'expYear',
        'name',
        'status',
        'createdAt',
        'deletedAt',
      ]),
      bank_account_number: method.bankAccountNumber ? maskNzBankAccount(method.bankAccountNumber) : null,
      is_default: user.defaultPaymentMethodId === method.id,
    })),
    visits: visitRows.map(({ visit, gym }) => ({
      ...pick(visit, ['id', 'visitedAt', 'successful', 'refusedReason']),
      gym,
    })),
    agreements: agreements.map((agreement) =>
      pick(agreement, [
        'id',
        'subscriptionId',
        'acceptedAt',
        'typedName',
        'offSessionConsent',
        'ipAddress',
        'text',
      ]),
    ),
    price_changes: priceChanges.map((change) =>
      pick(change, [
        'id',
        'subscriptionId',
        'fromAmount',
        'toAmount',
        'takesEffectOn',
        'appliedAt',
        'createdAt',
      ]),
    ),
    history: history.map(({ line, actorIsMember }) => ({
      at: line.createdAt.toISOString(),
      action: line.action,
      description: typeof line.changes.description === 'string' ? line.changes.description : line.action,
      by: actorIsMember ? 'you' : line.actorUserId === null ? 'Gymbase' : 'the gym’s staff',
    })),
    emails: emails.map((mail) => ({
      ...pick(mail, ['id', 'to', 'subject', 'status', 'sentAt', 'createdAt']),
    })),
    closure_requests: closures.map((closure) =>
      pick(closure, ['id', 'reason', 'owingWhenRequested', 'requestedAt', 'withdrawnAt', 'handledAt']),
    ),
  }
  await recordAudit(db, {
    organisationId,
    actorUserId: userId,
    action: 'member.data_exported',
    subjectType: 'member',
    subjectId: userId,
    changes: { description: 'Downloaded everything Gymbase holds about them' },
  })
  return data
}

export type MemberData = Awaited<ReturnType<typeof collectMemberData>>

/**
 * The same as one CSV file a spreadsheet opens: one row per field of each record (`section`, `record`,
 * `field`, `value`), since the sections have different columns; lists in a cell joined by `; `. A
 * byte-order mark first (names with macrons); `escape_formulas` so no cell runs as a formula.
 */
export function memberDataCsv(data: MemberData): string {
  const rows: string[][] = [['generated', '', 'generated_at', data.generated_at]]
  for (const [section, items] of Object.entries(data)) {
    if (!Array.isArray(items)) continue
    items.forEach((item: Item, index) => {
      for (const [field, value] of Object.entries(item)) {
        const cell = value === null ? '' : Array.isArray(value) ? value.join('; ') : String(value)
        rows.push([section, String(index + 1), field, cell])
      }
    })
  }
  return `\uFEFF${stringify([['section', 'record', 'field', 'value'], ...rows], { escape_formulas: true })}`
}
