import { failureReasonWords } from '~/contracts/payment-filters'
import type { Db } from '~/db/client.server'
import { formatCents } from '~/lib/money'
import type { ClaimedCharge } from '~/server/billing/engine/claim-due-payments.server'
import { claimOwedPeriodCharge, lockOwedPeriod } from '~/server/billing/engine/owed-periods.server'
import { recordChargeResult } from '~/server/billing/engine/record-charge-result.server'
import { chargeOnce } from '~/server/billing/engine/run-billing.server'
import type {
  ChargeRequest,
  ChargeResult,
  PaymentProviders,
} from '~/server/providers/payments/payment-provider'
import { recordAudit } from '../audit/record-audit.server'

export type ChargeNowOutcome =
  | {
      status: 'sent'
      paymentId: number
      amount: number
      /** Its receipt has already gone (an approval the provider's webhook recorded first). */
      receipted?: boolean
    }
  | {
      status: 'pending'
      paymentId: number
      amount: number
      /** On-session: the member's bank wants them to approve it; their browser completes it with this. */
      approval?: PaymentApproval | undefined
    }
  | { status: 'failed'; paymentId: number; amount: number; reason: string }

/** A charge waiting for the member's approval: its client secret, and the card account it is on. */
export interface PaymentApproval {
  clientSecret: string
  accountReference: string | null
}

/**
 * Charges one claimed charge and records the answer as the engine does (`recordChargeResult`): a
 * failure schedules the period's next retry (none after a hard decline), a success clears what is owed
 * and the grace period. An unknown outcome (the provider did not answer) leaves the attempt `started`
 * for the poll to settle by asking the provider with the same key: it is reported as pending.
 */
export async function chargeClaimedNow(options: {
  db: Db
  now: Date
  providers: PaymentProviders
  charge: ClaimedCharge
  /** The member is here (the payment link's page): their bank may ask them to approve it. */
  onSession?: ChargeRequest['onSession']
}): Promise<ChargeNowOutcome> {
  const { db, now, providers, charge } = options
  const result = await chargeOnce({ providers, now, charge, onSession: options.onSession })
  if (!result) return { status: 'pending', paymentId: charge.paymentId, amount: charge.amount }
  await recordChargeResult({ db, now, paymentId: charge.paymentId, attempt: charge.attempt, result })
  return chargeNowOutcome(charge, result)
}

/** A recorded charge's answer as the screens say it. */
export function chargeNowOutcome(
  charge: Pick<ClaimedCharge, 'paymentId' | 'amount' | 'method'>,
  result: ChargeResult,
): ChargeNowOutcome {
  const base = { paymentId: charge.paymentId, amount: charge.amount }
  if (result.status === 'succeeded') return { status: 'sent', ...base }
  if (result.status === 'pending') {
    const approval = result.action
      ? {
          clientSecret: result.action.clientSecret,
          accountReference: charge.method?.accountReference ?? null,
        }
      : undefined
    return { status: 'pending', ...base, approval }
  }
  return {
    status: 'failed',
    ...base,
    reason: failureReasonWords(result.errorStatus, result.errorDescription),
  }
}

/**
 * Staff's "Retry now" on a failed payment (issue 16): the period's charge is claimed through the
 * engine's path (`claimOwedPeriodCharge`: key stored before the provider is called) and made at once
 * with the member's current method. Refused while the period has a charge in flight, so two people
 * pressing at once make one charge. The attempt and its outcome are in the audit log; staff are told
 * the outcome in words.
 */
export async function retryPaymentNow(options: {
  db: Db
  now: Date
  providers: PaymentProviders
  paymentId: number
  actorId: number
}): Promise<ChargeNowOutcome & { message: string }> {
  const { db, now, providers } = options
  const claimed = await db.transaction(async (tx) => {
    const period = await lockOwedPeriod(tx, options.paymentId)
    const charge = await claimOwedPeriodCharge(tx, { now, providers, period })
    return { charge, failed: period.failed }
  })
  const outcome = await chargeClaimedNow({ db, now, providers, charge: claimed.charge })
  await recordAudit(db, {
    organisationId: claimed.failed.organisationId,
    actorUserId: options.actorId,
    action: 'payment.retried',
    subjectType: 'member',
    subjectId: claimed.failed.userId,
    changes: {
      subscription_id: claimed.failed.subscriptionId,
      payment_id: claimed.failed.id,
      retry_payment_id: outcome.paymentId,
      description: retryWords(outcome),
    },
  })
  return { ...outcome, message: retryMessage(outcome) }
}

/** What staff are told after "Retry now". */
function retryMessage(outcome: ChargeNowOutcome): string {
  const amount = formatCents(outcome.amount)
  if (outcome.status === 'sent') return `${amount} paid. The member owes nothing for this period now.`
  if (outcome.status === 'pending')
    return `${amount} is being processed. Bank payments usually clear within a day.`
  return `The payment of ${amount} failed again: ${outcome.reason}.`
}

function retryWords(outcome: ChargeNowOutcome): string {
  const dollars = formatCents(outcome.amount)
  if (outcome.status === 'sent') return `Retried a failed payment now: ${dollars} paid.`
  if (outcome.status === 'pending') return `Retried a failed payment now: ${dollars} is being processed.`
  return `Retried a failed payment now: ${dollars} failed again (${outcome.reason}).`
}
