import { isFailedPaymentStatus } from '~/server/billing/payment-statuses'

/** A payment as the ledger check reads it: what it asked for, and for which period. */
export interface LedgerPayment {
  id: number
  subscriptionId: number
  /**
   * Null for a payment outside the period schedule (one-off, manual): it is a period of its own,
   * together with its retries.
   */
  periodStart: string | null
  /** `meta.retry_of` of a retry: the first payment of its chain (null for a first charge). */
  retryOf: number | null
  status: string
  /** Amount plus surcharge less credit used: what the charge asked for. */
  total: number
}

export interface Owing {
  balanceOwing: number
  periodsOwing: number
}

/**
 * What each subscription owes, worked out from its payments alone, period by period: a period is due
 * what its latest failed charge asked for (a retry replaces the charge it retries, it doesn't add to it)
 * and is paid by any sent payment (staff may settle it by hand for another amount); it owes the
 * difference, all or nothing. A payment without a period is a period of its own with its retries: a
 * one-off that failed and was retried twice is one charge owed, not three (ADR 056). Plain TypeScript
 * over the rows, on purpose: the simulation's ledger check compares the balances
 * `recalculateBalanceOwing` stored with this, so a mistake in that SQL shows up instead of being
 * repeated; it shares no helper with that code. Subscriptions that owe nothing are left out.
 */
export function owingFromPayments(payments: readonly LedgerPayment[]): Map<number, Owing> {
  const periods = new Map<string, { subscriptionId: number; paid: boolean; due: LedgerPayment | null }>()
  for (const payment of payments) {
    // A retry names the first payment of its chain; the first payment names itself.
    const period = payment.periodStart ?? `one-off ${payment.retryOf ?? payment.id}`
    const key = `${payment.subscriptionId}:${period}`
    const owed = periods.get(key) ?? { subscriptionId: payment.subscriptionId, paid: false, due: null }
    if (payment.status === 'sent') owed.paid = true
    else if (isFailedPaymentStatus(payment.status) && (owed.due === null || payment.id > owed.due.id))
      owed.due = payment
    periods.set(key, owed)
  }
  const owing = new Map<number, Owing>()
  for (const period of periods.values()) {
    if (period.paid || period.due === null) continue
    const sum = owing.get(period.subscriptionId) ?? { balanceOwing: 0, periodsOwing: 0 }
    owing.set(period.subscriptionId, {
      balanceOwing: sum.balanceOwing + period.due.total,
      periodsOwing: sum.periodsOwing + 1,
    })
  }
  return owing
}
