import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm'
import type { GymScope } from '~/access/scope.server'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { gyms, payments, users } from '~/db/schema'
import type { PaymentType } from '~/db/schema/enums'
import type { ParsedPaymentFilters, PaymentFilterType, PaymentSort } from '~/features/payments/contract'
import { notFailedPaymentStatuses } from '~/server/billing/payment-statuses'
import {
  afterKeyset,
  forEachKeysetBatch,
  type Keyset,
  memberTextCondition,
} from '~/server/services/lists/list-queries.server'

/**
 * The payments list (issue 16): the payments of the gyms in scope (a withdrawn payment, `cancelled`,
 * was never owed and is not listed), filtered and sorted in SQL, with the filtered set's totals; the
 * export reads the same rows in keyset batches. `scope` is the caller's (`gymScope`, the gym filter
 * applied).
 */
export interface PaymentListOptions {
  db: Db
  organisationId: number
  scope: GymScope
  filters: Omit<ParsedPaymentFilters, 'gym_id'>
}

const typeOf: Record<PaymentFilterType, PaymentType> = {
  bank: 'bank_account',
  card: 'stripe_card',
  manual: 'manual',
}

function listConditions(options: PaymentListOptions) {
  const { organisationId, scope, filters } = options
  const conditions: Array<SQL | undefined> = [
    ownedBy(payments, organisationId),
    sql`${payments.status} <> 'cancelled'`,
  ]
  if (!scope.wholeOrganisation) {
    conditions.push(scope.gymIds.length === 0 ? sql`false` : inArray(payments.gymId, scope.gymIds))
  }
  switch (filters.status) {
    case 'sent':
      conditions.push(eq(payments.status, 'sent'))
      break
    case 'upcoming':
      conditions.push(eq(payments.status, 'upcoming'))
      break
    case 'pending':
      conditions.push(eq(payments.status, 'pending_request'))
      break
    case 'failed':
      conditions.push(sql`${payments.status} not in ${notFailedPaymentStatuses}`)
      break
    case 'waived':
      conditions.push(eq(payments.status, 'waived'))
      break
  }
  if (filters.type) conditions.push(eq(payments.type, typeOf[filters.type]))
  if (filters.due_from) conditions.push(gte(payments.dueOn, filters.due_from))
  if (filters.due_to) conditions.push(lte(payments.dueOn, filters.due_to))
  if (filters.retries !== undefined) conditions.push(eq(payments.isRetry, filters.retries))
  if (filters.amount_min !== undefined) conditions.push(gte(payments.amount, filters.amount_min))
  if (filters.amount_max !== undefined) conditions.push(lte(payments.amount, filters.amount_max))
  if (filters.search) {
    conditions.push(
      memberTextCondition({
        db: options.db,
        organisationId,
        userColumn: payments.userId,
        search: filters.search,
      }),
    )
  }
  return and(...conditions)
}

/** Each sort as its column and the tie-break by id, in one direction (so a keyset can follow it). */
function sortOf(sort: PaymentSort) {
  const descending = sort.startsWith('-')
  switch (sort.replace('-', '') as 'due_on' | 'amount' | 'member') {
    case 'due_on':
      return { column: payments.dueOn, descending }
    case 'amount':
      return { column: payments.amount, descending }
    case 'member':
      return { column: users.name, descending }
  }
}

function selectRows(options: PaymentListOptions & { after?: Keyset }) {
  const { column, descending } = sortOf(options.filters.sort)
  const direction = descending ? desc : asc
  const after = afterKeyset(column, payments.id, descending, options.after)
  return options.db
    .select({
      payment: payments,
      member: { id: users.id, name: users.name },
      gym: { id: gyms.id, name: gyms.name },
      // The sort column as text, for the next batch's keyset (PostgreSQL reads it back as the column's type).
      sortValue: sql<string>`${column}::text`,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(gyms, eq(gyms.id, payments.gymId))
    .where(and(listConditions(options), after))
    .orderBy(direction(column), direction(payments.id))
    .$dynamic()
}

export type PaymentListRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number]

/** The filtered set's count and totals in cents (amount plus surcharge) by how they stand. */
function totalsQuery(options: PaymentListOptions) {
  const money = sql`${payments.amount} + ${payments.surcharge}`
  return options.db
    .select({
      count: count(),
      collected: sql<number>`coalesce(sum(${money}) filter (where ${payments.status} = 'sent'), 0)`.mapWith(
        Number,
      ),
      pending:
        sql<number>`coalesce(sum(${money}) filter (where ${payments.status} in ('upcoming', 'pending_request')), 0)`.mapWith(
          Number,
        ),
      failed:
        sql<number>`coalesce(sum(${money}) filter (where ${payments.status} not in ${notFailedPaymentStatuses}), 0)`.mapWith(
          Number,
        ),
    })
    .from(payments)
    .where(listConditions(options))
}

/** One page of the list, and the filtered set's totals. */
export async function findPaymentPage(options: PaymentListOptions & { page: number; perPage: number }) {
  const { page, perPage } = options
  const [rows, [totals]] = await Promise.all([
    selectRows(options)
      .limit(perPage)
      .offset((page - 1) * perPage),
    totalsQuery(options),
  ])
  return { rows, totals: totals ?? { count: 0, collected: 0, pending: 0, failed: 0 } }
}

/** Every payment the filters match, in the list's order, in keyset batches (`forEachKeysetBatch`). */
export async function forEachPaymentBatch(
  options: PaymentListOptions & { batchSize?: number; snapshot: boolean },
  write: (rows: PaymentListRow[]) => Promise<void>,
): Promise<void> {
  return forEachKeysetBatch(
    {
      db: options.db,
      snapshot: options.snapshot,
      batchSize: options.batchSize ?? 2000,
      read: (db, after, limit) => selectRows({ ...options, db, after }).limit(limit),
      keyOf: (row) => ({ value: row.sortValue, id: row.payment.id }),
    },
    write,
  )
}
