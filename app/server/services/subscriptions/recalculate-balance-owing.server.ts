import { and, eq, inArray, sql } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { organisations, payments, subscriptions } from '~/db/schema'
import { z } from '~/lib/validation'
import type { CalendarDateString } from '~/server/billing/calendar'
import { sameOwedPeriodSql } from '~/server/billing/engine/owed-periods.server'
import { gracePeriodEnd } from '~/server/billing/grace-periods'
import { notFailedPaymentStatuses } from '~/server/billing/payment-statuses'
import { idSchema, notFound, parseInput } from '../service-input.server'

const inputSchema = z.object({
  organisationId: idSchema,
  subscriptionIds: z.array(idSchema).min(1),
})

export type RecalculateBalanceOwingInput = z.input<typeof inputSchema>

export interface BalanceOwing {
  subscriptionId: number
  balanceOwing: number
  periodsOwing: number
  gracePeriodEndsAt: CalendarDateString | null
}

/**
 * Sets `balance_owing` and `periods_owing` from the payments (DESIGN §5: they always equal what the
 * payments say) and opens or closes the failed-payment grace period to match.
 *
 * A period is owed when it has a failed payment and no sent one; it owes the amount of its latest failed
 * payment (a failed retry replaces, not adds to, the original). The grace period runs from the first
 * failure of the oldest owed period for the organisation's failed-payment grace period; an existing end is kept,
 * so a second failure does not extend it.
 */
export async function recalculateBalanceOwing(
  options: RecalculateBalanceOwingInput & { db: Db; now: Date },
): Promise<BalanceOwing[]> {
  const { db, now, ...rest } = options
  const input = parseInput(inputSchema, rest)
  const subscriptionIds = [...new Set(input.subscriptionIds)]

  const [organisation] = await db
    .select({
      gracePeriod: organisations.failedPaymentGracePeriod,
      graceUnit: organisations.failedPaymentGracePeriodUnit,
    })
    .from(organisations)
    .where(eq(organisations.id, input.organisationId))
  if (!organisation) throw notFound('Organisation')

  const current = await db
    .select({ id: subscriptions.id, gracePeriodEndsAt: subscriptions.gracePeriodEndsAt })
    .from(subscriptions)
    .where(and(ownedBy(subscriptions, input.organisationId), inArray(subscriptions.id, subscriptionIds)))
  if (current.length !== subscriptionIds.length) throw notFound('Subscription')

  // Payments without a period (one-off, manual) are each their own "period" with their retries, keyed
  // by the first payment of the retry chain.
  const owed = await db.execute<{
    subscription_id: number
    balance_owing: number
    periods_owing: number
    oldest_due_on: string
  }>(sql`
    with failed as (
      select p.id, p.subscription_id, p.due_on, p.amount + p.surcharge - p.credit_used as owed,
        coalesce(p.period_start_at::text, 'payment:' || coalesce((p.meta->>'retry_of')::int, p.id)) as period_key
      from ${payments} p
      where p.organisation_id = ${input.organisationId}
        and p.subscription_id in ${subscriptionIds}
        and p.status not in ${notFailedPaymentStatuses}
        and not exists (select 1 from ${payments} s where ${sameOwedPeriodSql} and s.status = 'sent')
    ), owed_periods as (
      select distinct on (subscription_id, period_key) subscription_id, owed,
        min(due_on) over (partition by subscription_id, period_key) as first_due_on
      from failed
      order by subscription_id, period_key, id desc
    )
    select subscription_id, sum(owed)::int as balance_owing, count(*)::int as periods_owing,
      min(first_due_on)::text as oldest_due_on
    from owed_periods
    group by subscription_id
  `)
  const owedBySubscription = new Map(owed.rows.map((row) => [row.subscription_id, row]))

  const results: BalanceOwing[] = current.map((subscription) => {
    const row = owedBySubscription.get(subscription.id)
    return row
      ? {
          subscriptionId: subscription.id,
          balanceOwing: row.balance_owing,
          periodsOwing: row.periods_owing,
          gracePeriodEndsAt:
            subscription.gracePeriodEndsAt ??
            gracePeriodEnd({
              from: row.oldest_due_on,
              amount: organisation.gracePeriod,
              unit: organisation.graceUnit,
            }),
        }
      : { subscriptionId: subscription.id, balanceOwing: 0, periodsOwing: 0, gracePeriodEndsAt: null }
  })
  // One statement for them all, the values as arrays: a billing batch recalculates thousands at once.
  const column = <T>(pick: (result: BalanceOwing) => T) => sql.param(results.map(pick))
  await db.execute(sql`
    update ${subscriptions} as s
    set balance_owing = v.balance_owing, periods_owing = v.periods_owing,
      grace_period_ends_at = v.grace_period_ends_at, version = s.version + 1,
      updated_at = ${now.toISOString()}::timestamptz
    from unnest(${column((r) => r.subscriptionId)}::int[], ${column((r) => r.balanceOwing)}::int[],
      ${column((r) => r.periodsOwing)}::int[], ${column((r) => r.gracePeriodEndsAt)}::date[])
      as v(id, balance_owing, periods_owing, grace_period_ends_at)
    where s.id = v.id`)
  return results
}
