import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { GymScope } from '~/access/scope.server'
import { inGymScope, ownedBy } from '~/access/scope.server'
import type { PaymentType } from '~/contracts/enums'
import type { ParsedPaymentFilters, PaymentFilterType, PaymentSort } from '~/contracts/payments'
import type { Db } from '~/db/client.server'
import { readTogether } from '~/db/read-together.server'
import { paymentAmountTotals, paymentDayTotals, paymentMemberTotals, payments, users } from '~/db/schema'
import { findFixablePaymentIds } from '~/server/billing/engine/owed-periods.server'
import { notFailedPaymentStatuses } from '~/server/billing/payment-statuses'
import {
  forEachListBatch,
  memberIdsCondition,
  memberJoin,
  pageIdsOf,
  type RecordList,
  resolveMemberSearch,
  selectListRows,
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

/** The columns the payments and their totals share, which every filter but the member's, the due days and the amount reads. */
type KeyColumns = Record<'organisationId' | 'status' | 'type' | 'gymId' | 'isRetry', AnyPgColumn>

/** The filters a total answers as well as a payment: scope, status, type and retries. */
function keyConditions(table: KeyColumns, options: PaymentListOptions): SQL[] {
  const { organisationId, scope, filters } = options
  const conditions: SQL[] = [ownedBy(table, organisationId), sql`${table.status} <> 'cancelled'`]
  const inScope = inGymScope(table.gymId, scope)
  if (inScope) conditions.push(inScope)
  switch (filters.status) {
    case 'sent':
      conditions.push(eq(table.status, 'sent'))
      break
    case 'upcoming':
      conditions.push(eq(table.status, 'upcoming'))
      break
    case 'pending':
      conditions.push(eq(table.status, 'pending_request'))
      break
    case 'failed':
      conditions.push(sql`${table.status} not in ${notFailedPaymentStatuses}`)
      break
    case 'waived':
      conditions.push(eq(table.status, 'waived'))
      break
  }
  if (filters.type) conditions.push(eq(table.type, typeOf[filters.type]))
  if (filters.retries !== undefined) conditions.push(eq(table.isRetry, filters.retries))
  return conditions
}

function dueConditions(dueOn: AnyPgColumn, filters: PaymentListOptions['filters']): SQL[] {
  const conditions: SQL[] = []
  if (filters.due_from) conditions.push(gte(dueOn, filters.due_from))
  if (filters.due_to) conditions.push(lte(dueOn, filters.due_to))
  return conditions
}

/** The amount range, on the payments' amount or the amount totals' (both without the surcharge). */
function amountConditions(amount: AnyPgColumn, filters: PaymentListOptions['filters']): SQL[] {
  const conditions: SQL[] = []
  if (filters.amount_min !== undefined) conditions.push(gte(amount, filters.amount_min))
  if (filters.amount_max !== undefined) conditions.push(lte(amount, filters.amount_max))
  return conditions
}

/** The list's options with the member search already turned into the matching people's ids. */
type Resolved = PaymentListOptions & { memberIds?: readonly number[] }

function listConditions(options: Resolved) {
  const { filters } = options
  const conditions = [
    ...keyConditions(payments, options),
    ...dueConditions(payments.dueOn, filters),
    ...amountConditions(payments.amount, filters),
  ]
  if (options.memberIds) conditions.push(memberIdsCondition(payments.userId, options.memberIds))
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

/** The payments as a record list, in the order the options ask for. */
const paymentList = (options: PaymentListOptions): RecordList => ({
  table: payments,
  organisationId: options.organisationId,
  sort: sortOf(options.filters.sort),
})

/** The list's rows with their member and gym, `where` says which, in the list's order. */
const selectRows = (options: PaymentListOptions, where: SQL | undefined) =>
  selectListRows(options.db, paymentList(options), { payment: payments }, where)

export type PaymentListRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number]

/**
 * At most this many payments matching an amount range are read whole and sorted (~1 ms a thousand)
 * rather than found by walking the sort's index (ADR 028).
 */
const fewMatching = 10_000

/**
 * The ids of one page (`pageIdsOf`).
 *
 * `fewMatch`: the amount totals say the range matches few payments. Walking the due day's or the
 * name's index until a page of them turns up could then read every payment (a range of pro-rata
 * amounts, all charged when their memberships began), so they are read through the amount index
 * instead and sorted; `offset 0` keeps the planner from folding the sort back into the walk.
 */
function pageIds(options: Resolved & { page: number; perPage: number; fewMatch?: boolean }) {
  const list = paymentList(options)
  const { column, descending } = list.sort
  if (options.fewMatch && column !== payments.amount) {
    // The member's name looked up per payment (a hash join would read every member to sort a few); a
    // payment with no member in the organisation has none and is left out, as the join leaves it out.
    const value =
      column === users.name
        ? sql`(select ${users.name} from ${users} where ${memberJoin(list)})`
        : sql`${column}`
    const order = sql.raw(descending ? 'desc' : 'asc')
    return sql`(select id from (select ${payments.id} as id, ${value} as sort_value from ${payments}
      where ${listConditions(options)} offset 0) matching where sort_value is not null
      order by sort_value ${order}, id ${order} limit ${options.perPage} offset ${(options.page - 1) * options.perPage})`
  }
  return pageIdsOf(options.db, list, listConditions(options), options)
}

/** The count and the money by how it stands (SPEC §4), summed over `money` by `status`. */
const sums = (status: AnyPgColumn, money: SQL, count: SQL) => ({
  count: sql<number>`${count}`.mapWith(Number),
  collected: sql<number>`coalesce(sum(${money}) filter (where ${status} = 'sent'), 0)`.mapWith(Number),
  // One status filter each (keyConditions), so a figure is what its filter lists (issue 25).
  upcoming: sql<number>`coalesce(sum(${money}) filter (where ${status} = 'upcoming'), 0)`.mapWith(Number),
  pending: sql<number>`coalesce(sum(${money}) filter (where ${status} = 'pending_request'), 0)`.mapWith(
    Number,
  ),
  failed:
    sql<number>`coalesce(sum(${money}) filter (where ${status} not in ${notFailedPaymentStatuses}), 0)`.mapWith(
      Number,
    ),
})

/**
 * The filtered set's count and totals in cents (amount plus surcharge) by how they stand (ADR 028): a
 * sum of the day totals, of the amount totals for an amount range without due days or a member search,
 * or of the matching members' totals for a member search without due days or an amount range; the
 * payments themselves only for an amount range or a member search with due days, or both together.
 */
function totalsQuery(options: Resolved) {
  const { filters } = options
  const amount = hasAmountRange(filters)
  const days = filters.due_from !== undefined || filters.due_to !== undefined
  if (!amount && !options.memberIds) {
    return options.db
      .select(
        sums(
          paymentDayTotals.status,
          sql`${paymentDayTotals.money}`,
          sql`coalesce(sum(${paymentDayTotals.payments}), 0)`,
        ),
      )
      .from(paymentDayTotals)
      .where(
        and(...keyConditions(paymentDayTotals, options), ...dueConditions(paymentDayTotals.dueOn, filters)),
      )
  }
  if (readsAmountTotals(options)) {
    return options.db
      .select(
        sums(
          paymentAmountTotals.status,
          sql`${paymentAmountTotals.money}`,
          sql`coalesce(sum(${paymentAmountTotals.payments}), 0)`,
        ),
      )
      .from(paymentAmountTotals)
      .where(
        and(
          ...keyConditions(paymentAmountTotals, options),
          ...amountConditions(paymentAmountTotals.amount, filters),
        ),
      )
  }
  if (!amount && !days && options.memberIds) {
    return options.db
      .select(
        sums(
          paymentMemberTotals.status,
          sql`${paymentMemberTotals.money}`,
          sql`coalesce(sum(${paymentMemberTotals.payments}), 0)`,
        ),
      )
      .from(paymentMemberTotals)
      .where(
        and(
          ...keyConditions(paymentMemberTotals, options),
          memberIdsCondition(paymentMemberTotals.userId, options.memberIds),
        ),
      )
  }
  return options.db
    .select(sums(payments.status, sql`${payments.amount} + ${payments.surcharge}`, sql`count(*)`))
    .from(payments)
    .where(listConditions(options))
}

const hasAmountRange = (filters: PaymentListOptions['filters']) =>
  filters.amount_min !== undefined || filters.amount_max !== undefined

/** An amount range without due days or a member search: its totals are the amount totals'. */
const readsAmountTotals = (options: Resolved) =>
  hasAmountRange(options.filters) &&
  options.filters.due_from === undefined &&
  options.filters.due_to === undefined &&
  !options.memberIds

/**
 * One page of the list, and the filtered set's totals. For an amount range the totals (a fraction of a
 * millisecond from the amount totals) come first, so the page knows whether few payments match. With
 * the rows, which of them can still be fixed by hand (`findFixablePaymentIds`).
 */
export async function findPaymentPage(options: PaymentListOptions & { page: number; perPage: number }) {
  const resolved = await resolveMemberSearch(options)
  const none = { count: 0, collected: 0, upcoming: 0, pending: 0, failed: 0 }
  const totals = totalsQuery(resolved).then(([row]) => row ?? none)
  const fewMatch = readsAmountTotals(resolved) && (await totals).count <= fewMatching
  const [rows, found] = await readTogether(options.db, [
    () => selectRows(resolved, inArray(payments.id, pageIds({ ...resolved, fewMatch }))),
    () => totals,
  ])
  const fixable = await findFixablePaymentIds(
    options.db,
    rows.map((row) => row.payment.id),
  )
  return { rows, totals: found, fixable }
}

/** Every payment the filters match, in the list's order, in keyset batches (`forEachListBatch`). */
export async function forEachPaymentBatch(
  options: PaymentListOptions & { batchSize?: number; snapshot: boolean },
  write: (rows: PaymentListRow[]) => Promise<void>,
): Promise<void> {
  const resolved = await resolveMemberSearch(options)
  const list = { sort: sortOf(options.filters.sort), idColumn: payments.id, where: listConditions(resolved) }
  const select = (db: Db, where: SQL | undefined) => selectRows({ ...options, db }, where)
  return forEachListBatch(options, { ...list, select, idOf: (row) => row.payment.id }, write)
}
