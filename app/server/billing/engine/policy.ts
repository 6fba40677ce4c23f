/**
 * The billing engine's numbers (ADR 012). Days are calendar days in Pacific/Auckland.
 */
export const billingPolicy = {
  /** A failed charge is tried again after these many days, one entry per retry: 3 retries in all. */
  retryDelaysDays: [3, 4, 7] as const,
  /**
   * Claimed per transaction: each batch commits its idempotency keys before any provider is called.
   * 1,000 (was 200): a fifth of the round trips and commits per payment (ADR 051); a batch's rows
   * are locked for its provider calls, a second or so with a batch API.
   */
  batchSize: 1000,
  /** Charges sent to providers at once within a batch. */
  concurrency: 8,
  /** Batches one run works on at once (claim, charge, record each), so database work overlaps charging. */
  lanes: 2,
  /** Subscriptions the schedule step locks, plans and writes per transaction (a few statements each). */
  advanceBatchSize: 1000,
  /** Schedule-step batches worked on at once. */
  advanceLanes: 2,
  /** A pending bank payment is first asked about this long after it was sent. */
  pollAfterMs: 5 * 60_000,
  /**
   * An attempt still `started` this long after it began is in doubt (its worker died between storing
   * the key and recording the answer) and is settled by asking the provider.
   */
  inDoubtAfterMs: 2 * 60_000,
  /**
   * An on-session card charge still waiting for the member's approval this long after it began was left
   * (the page closed mid-check): the poll cancels it at the provider and records it failed.
   */
  actionAbandonedAfterMs: 60 * 60_000,
} as const

/**
 * Declines no retry can fix (ADR 027): the card is lost, stolen or expired, the account closed or not
 * valid, or there is nothing to charge. The engine schedules no retry after one; the period waits for a
 * new method (the member's payment link, or a method made the default, which schedules the retry).
 */
export const hardDeclineCodes: readonly string[] = [
  'lost_card',
  'stolen_card',
  'expired_card',
  'pickup_card',
  'invalid_account',
  'account_not_found',
  'account_closed',
  'payment_method_not_found',
  'no_payment_method',
]

export const isHardDecline = (code: string | null | undefined) =>
  code != null && hardDeclineCodes.includes(code)

/**
 * Declines only the member can clear, on-session (issue 26): the card's bank wants the member to approve
 * the payment themselves (3-D Secure, Stripe's `authentication_required`), which an off-session charge
 * cannot ask for. A retry off-session would be refused the same way, so none is scheduled; the member is
 * sent a payment link at once, whatever their reminder preference, to approve it (ADR 036).
 */
export const needsMemberAction = (code: string | null | undefined) => code === 'authentication_required'

/** The idempotency key of one charge attempt: the same payment and attempt always give the same key. */
export function attemptIdempotencyKey(paymentId: number, attempt: number): string {
  return `gymbase-payment-${paymentId}-attempt-${attempt}`
}
