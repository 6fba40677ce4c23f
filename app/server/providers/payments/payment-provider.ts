import type { PaymentMethodType, PaymentProvider as PaymentProviderName } from '~/contracts/enums'
import type { ProviderPace } from './provider-pace'

/**
 * What the billing engine calls to take money (DESIGN §5–§6). The sandboxes in this folder implement it
 * today; the Stripe (card) and Akahu (bank) adapters will implement it later, and nothing above this
 * interface may tell them apart.
 *
 * Rules every implementation keeps:
 * - Money is integer cents, currency `nzd`.
 * - `charge` with an idempotency key the provider has already seen never charges again: it answers
 *   with the first call's result (as Stripe replays the first response for an `Idempotency-Key`).
 *   Reusing a key with a different amount or payment method throws `IdempotencyKeyReusedError`.
 * - `charge` throwing means the outcome is unknown: the provider may or may not have recorded the
 *   charge. Settle it with `findCharge` (same key), never by charging with a new key.
 * - `findCharge` reports the charge's current state for a key, or null when the provider never saw the
 *   key, in which case charging again with the same key is safe.
 * - Card charges end `succeeded` or `failed` at once; bank charges start `pending` and are settled by
 *   `pollCharge` (Akahu's lifecycle), with the caller's clock passed in.
 * - An on-session card charge (`onSession`, the member on the payment page) whose bank wants the member
 *   to approve it (3-D Secure) answers `pending` with an `action`: the browser completes it with the
 *   action's client secret (Stripe.js `handleNextAction`, or the sandbox's approval), then `pollCharge`
 *   reads the outcome; `cancelCharge` ends one the member walked away from. Off-session the same card
 *   fails `authentication_required`.
 */
export interface PaymentProvider {
  /** Which payment methods it takes: `card` for `stripe_card`, `bank` for `bank_account`. */
  readonly kind: PaymentProviderKind
  /** Stored in `payment_attempts.provider`. */
  readonly name: PaymentProviderName
  /**
   * A provider called once per charge: its documented rate limit, held by its limiter
   * (`pacedProvider`), and the calls kept in flight. None for a provider with a batch call.
   */
  readonly pace?: ProviderPace
  charge(request: ChargeRequest): Promise<ChargeResult>
  /** `method`: the payment method charged, where the provider keeps charges per account (Stripe Connect). */
  findCharge(query: { idempotencyKey: string; method?: ChargeMethod | null }): Promise<ChargeResult | null>
  /**
   * Throws `ChargeNotFoundError` when the reference is not one of this provider's charges. `method`: the
   * payment method charged, where the provider keeps charges per account (Stripe Connect).
   */
  pollCharge(query: { reference: string; now: Date; method?: ChargeMethod | null }): Promise<ChargeResult>
  /**
   * Optional (card providers): ends a charge still waiting for the member's approval (`pending` with an
   * `action`), answering its final state: `failed` `AUTHENTICATION_FAILED` when it was cancelled, or
   * what it became if the member finished meanwhile (a completed charge is never undone).
   */
  cancelCharge?(query: { reference: string; now: Date; method?: ChargeMethod | null }): Promise<ChargeResult>
  /**
   * Optional: many charges in one call (a provider's batch API; the sandboxes' one statement). Answers
   * in request order, each exactly what `charge` would have done for that request: fulfilled with its
   * result, or rejected with what `charge` would have thrown (so a rejected item's outcome is unknown).
   * Without it, `chargeAll` calls `charge` once per request.
   */
  chargeMany?(requests: readonly ChargeRequest[]): Promise<PromiseSettledResult<ChargeResult>[]>
  /** Optional: `pollCharge` for many references at once, answered in order, as `chargeMany`. */
  pollCharges?(query: {
    references: readonly string[]
    now: Date
  }): Promise<PromiseSettledResult<ChargeResult>[]>
}

export type PaymentProviderKind = 'card' | 'bank'

export interface ChargeRequest {
  /** Up to 255 characters; derived from payment id and attempt number and stored before the call. */
  idempotencyKey: string
  /** Integer cents, greater than zero. */
  amount: number
  currency: 'nzd'
  method: ChargeMethod
  /** Shown on the member's statement or card provider dashboard. */
  description: string
  metadata: ChargeMetadata
  /** The caller's clock: when the charge is made. Bank charges settle relative to it. */
  now: Date
  /**
   * The member is here, paying (the payment link's page): their bank may ask them to approve it. Where a
   * redirect-based approval brings them back to.
   */
  onSession?: { returnUrl: string } | undefined
}

export interface ChargeMethod {
  type: PaymentMethodType
  /** `payment_methods.provider_reference`: a card `pm_…`, or a bank account reference (`acc_…`). */
  reference: string
  /** `payment_methods.provider_customer_reference`: the card provider's customer `cus_…`. */
  customerReference?: string | null
  /** `payment_methods.provider_account_reference`: the gym's connected card account `acct_…`. */
  accountReference?: string | null
}

export interface ChargeMetadata {
  paymentId: number
  subscriptionId: number
  organisationId: number
}

export type ChargeResult =
  | { status: 'succeeded'; reference: string }
  | {
      status: 'pending'
      reference: string
      /** An on-session charge waiting for the member to approve it with their bank (3-D Secure). */
      action?: ChargeAction | undefined
    }
  | {
      status: 'failed'
      /** Null when the provider refused the charge before creating anything. */
      reference: string | null
      /** Machine-readable reason, e.g. `card_declined`, `insufficient_funds`, `expired_card`. */
      errorStatus: string
      /** The reason in words a gym owner understands, fit to show in the app. */
      errorDescription: string
    }

export type ChargeStatus = ChargeResult['status']

/** What the member's browser completes: the charge's client secret, for that page only, never stored by us. */
export interface ChargeAction {
  clientSecret: string
}

/**
 * An on-session charge the member did not approve: their bank refused the check, or they left it
 * (Stripe's code for a failed 3-D Secure). Not `authentication_required`, which asks for a new link.
 */
export const AUTHENTICATION_FAILED = 'payment_intent_authentication_failure'

/**
 * The error status of a bank payment whose member must connect their bank again (SPEC §3's
 * `reauthenticate_akahu`): their consent was revoked, their token refused, or the consent does not cover
 * the payment. Recording a failure with it marks the member and their method (`recordChargeResults`).
 */
export const REAUTHENTICATE_AKAHU = 'reauthenticate_akahu'

/** One provider per kind of payment method. */
export interface PaymentProviders {
  card: PaymentProvider
  bank: PaymentProvider
}

export function providerKindFor(methodType: PaymentMethodType): PaymentProviderKind {
  switch (methodType) {
    case 'stripe_card':
      return 'card'
    case 'bank_account':
      return 'bank'
  }
}

/** The provider that charges a payment method of this type. */
export function providerFor(providers: PaymentProviders, methodType: PaymentMethodType): PaymentProvider {
  return providers[providerKindFor(methodType)]
}

/**
 * Charges each request, through the provider's `chargeMany` when it has one, else `charge` per request
 * with at most `concurrency` calls at once (the provider's own `pace.concurrency` when it has one). Never rejects: a batch call that throws leaves every request
 * of it unknown (rejected), as a single `charge` that throws does.
 */
export async function chargeAll(
  provider: PaymentProvider,
  requests: readonly ChargeRequest[],
  concurrency: number,
): Promise<PromiseSettledResult<ChargeResult>[]> {
  if (requests.length === 0) return []
  if (provider.chargeMany) {
    try {
      return await provider.chargeMany(requests)
    } catch (reason) {
      return requests.map(() => ({ status: 'rejected', reason }))
    }
  }
  return settleEach(requests, provider.pace?.concurrency ?? concurrency, (request) =>
    provider.charge(request),
  )
}

/** Polls each reference, through `pollCharges` when the provider has it, else `pollCharge` per reference. */
export async function pollAll(
  provider: PaymentProvider,
  query: { references: readonly string[]; now: Date },
  concurrency: number,
): Promise<PromiseSettledResult<ChargeResult>[]> {
  if (query.references.length === 0) return []
  if (provider.pollCharges) {
    try {
      return await provider.pollCharges(query)
    } catch (reason) {
      return query.references.map(() => ({ status: 'rejected', reason }))
    }
  }
  return settleEach(query.references, provider.pace?.concurrency ?? concurrency, (reference) =>
    provider.pollCharge({ reference, now: query.now }),
  )
}

/** `Promise.allSettled` over `items`, at most `limit` at once, answers in the items' order. */
async function settleEach<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const answers: PromiseSettledResult<R>[] = new Array(items.length)
  let next = 0
  const lanes = Array.from({ length: Math.min(Math.max(limit, 1), items.length) }, async () => {
    while (next < items.length) {
      const index = next
      next += 1
      try {
        answers[index] = { status: 'fulfilled', value: await work(items[index] as T) }
      } catch (reason) {
        answers[index] = { status: 'rejected', reason }
      }
    }
  })
  await Promise.all(lanes)
  return answers
}

/** A charge repeated with a known idempotency key but a different amount, currency or payment method. */
export class IdempotencyKeyReusedError extends Error {
  override readonly name = 'IdempotencyKeyReusedError'
  constructor(readonly idempotencyKey: string) {
    super(`Idempotency key ${idempotencyKey} was already used for a charge with different parameters`)
  }
}

/** `pollCharge` for a reference the provider does not know. */
export class ChargeNotFoundError extends Error {
  override readonly name = 'ChargeNotFoundError'
  constructor(readonly reference: string) {
    super(`No charge ${reference} at this payment provider`)
  }
}

/**
 * The provider's answer never arrived (timeout, connection lost): the charge may or may not exist.
 * Settle it with `findCharge`.
 */
export class PaymentProviderUnavailableError extends Error {
  override readonly name = 'PaymentProviderUnavailableError'
}
