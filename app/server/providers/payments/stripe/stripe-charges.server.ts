import Stripe from 'stripe'
import {
  AUTHENTICATION_FAILED,
  type ChargeMethod,
  ChargeNotFoundError,
  type ChargeRequest,
  type ChargeResult,
  IdempotencyKeyReusedError,
  type PaymentProvider,
  PaymentProviderUnavailableError,
} from '../payment-provider'
import {
  defaultRateLimitPolicy,
  isUnknownOutcome,
  type RateLimitPolicy,
  withRateLimitRetry,
} from './stripe-client.server'
import { declineDescription, declineStatus } from './stripe-declines'

/** How far back `findCharge` reads a customer's PaymentIntents for a key (Stripe prunes keys after 24 h). */
const LOOKUP_PAGES = 10

/**
 * The card side of the billing engine on Stripe (PROVIDERS.md §1.2–§1.4, ADR 036): each charge is an
 * off-session PaymentIntent confirmed at once, a direct charge on the gym's connected account
 * (`Stripe-Account`), sent with the engine's idempotency key as Stripe's `Idempotency-Key`, so a retry
 * of the same attempt is Stripe's replay of the first answer, never a second charge.
 *
 * On-session (the member on the payment link's page, `request.onSession`) the PaymentIntent is confirmed
 * without `off_session` and with a `return_url`: when the bank wants 3-D Secure it stays
 * `requires_action` and its client secret goes to the member's browser for Stripe.js
 * `handleNextAction` (PROVIDERS.md §1.2: bring the member back on-session); `pollCharge` reads the
 * outcome after, `cancelCharge` ends one the member left.
 */
export function createStripeCharges(options: {
  stripe: Stripe
  rateLimit?: RateLimitPolicy
}): PaymentProvider {
  const { stripe } = options
  const rateLimit = options.rateLimit ?? defaultRateLimitPolicy

  async function retrieve(reference: string, account: string): Promise<Stripe.PaymentIntent> {
    try {
      return await withRateLimitRetry(rateLimit, () =>
        stripe.paymentIntents.retrieve(reference, {}, { stripeAccount: account }),
      )
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
        throw new ChargeNotFoundError(reference)
      if (isUnknownOutcome(error)) throw new PaymentProviderUnavailableError(messageOf(error))
      throw error
    }
  }

  return {
    kind: 'card',
    name: 'stripe',

    async charge(request) {
      const where = placeOf(request.method)
      if (!where) return notOnFile
      if (request.amount <= 0 || !Number.isInteger(request.amount)) {
        throw new RangeError('A charge is a whole number of cents greater than zero')
      }
      try {
        const intent = await withRateLimitRetry(rateLimit, () =>
          stripe.paymentIntents.create(
            {
              amount: request.amount,
              currency: request.currency,
              customer: where.customer,
              payment_method: request.method.reference,
              confirm: true,
              ...(request.onSession
                ? { return_url: request.onSession.returnUrl, use_stripe_sdk: true }
                : { off_session: true }),
              description: request.description,
              metadata: {
                payment_id: String(request.metadata.paymentId),
                subscription_id: String(request.metadata.subscriptionId),
                organisation_id: String(request.metadata.organisationId),
                // What `findCharge` looks the attempt up by.
                idempotency_key: request.idempotencyKey,
                ...(request.onSession ? { on_session: 'true' } : {}),
              },
            },
            { idempotencyKey: request.idempotencyKey, stripeAccount: where.account },
          ),
        )
        return fromIntent(intent)
      } catch (error) {
        return chargeError(error, request)
      }
    },

    /**
     * Settles an attempt whose answer never came. Stripe's idempotency replay would answer too, but a key
     * Stripe never saw would then be charged, and `findCharge` must only read; and Stripe's Search API
     * is eventually consistent ("don't use search for read-after-write flows"). So we list the customer's
     * PaymentIntents on the gym's account (a list is consistent) and find the one carrying the key in
     * its metadata. None: Stripe never made a PaymentIntent for the key (a declined confirm still makes
     * one), and charging again with the same key is safe.
     */
    async findCharge({ idempotencyKey, method }) {
      const where = method ? placeOf(method) : null
      if (!where) {
        throw new PaymentProviderUnavailableError(
          'A Stripe charge can only be looked up with its saved card (customer and connected account)',
        )
      }
      try {
        let startingAfter: string | undefined
        for (let page = 0; page < LOOKUP_PAGES; page += 1) {
          const list = await withRateLimitRetry(rateLimit, () =>
            stripe.paymentIntents.list(
              {
                customer: where.customer,
                limit: 100,
                ...(startingAfter ? { starting_after: startingAfter } : {}),
              },
              { stripeAccount: where.account },
            ),
          )
          const found = list.data.find((intent) => intent.metadata?.idempotency_key === idempotencyKey)
          if (found) return fromIntent(found)
          if (!list.has_more || list.data.length === 0) return null
          startingAfter = list.data[list.data.length - 1]?.id
        }
        return null
      } catch (error) {
        if (isUnknownOutcome(error)) throw new PaymentProviderUnavailableError(messageOf(error))
        throw error
      }
    },

    /**
     * A charge's state now, read from the gym's account (a direct charge lives there, so the payment
     * method saying which account is needed): a `processing` one settled, an on-session one the member
     * has approved or not. Without the method the charge cannot be found from here.
     */
    async pollCharge({ reference, method }) {
      const where = method ? placeOf(method) : null
      if (!where || !reference.startsWith('pi_')) throw new ChargeNotFoundError(reference)
      return fromIntent(await retrieve(reference, where.account))
    },

    /**
     * Ends an on-session charge the member left waiting (`requires_action`): cancelled at Stripe, so it can
     * never complete later. One that completed meanwhile answers as it stands; a cancel refused because
     * the intent moved on is answered by reading it again.
     */
    async cancelCharge({ reference, method }) {
      const where = method ? placeOf(method) : null
      if (!where || !reference.startsWith('pi_')) throw new ChargeNotFoundError(reference)
      const intent = await retrieve(reference, where.account)
      if (!cancellable.has(intent.status)) return fromIntent(intent)
      try {
        const cancelled = await withRateLimitRetry(rateLimit, () =>
          stripe.paymentIntents.cancel(
            reference,
            { cancellation_reason: 'abandoned' },
            { stripeAccount: where.account },
          ),
        )
        return fromIntent(cancelled)
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          return fromIntent(await retrieve(reference, where.account))
        if (isUnknownOutcome(error)) throw new PaymentProviderUnavailableError(messageOf(error))
        throw error
      }
    },
  }
}

const notOnFile: ChargeResult = {
  status: 'failed',
  reference: null,
  errorStatus: 'payment_method_not_found',
  errorDescription: declineDescription('payment_method_not_found'),
}

/** The gym's connected account and the customer there: a card saved before Stripe has neither. */
function placeOf(method: ChargeMethod): { account: string; customer: string } | null {
  if (!method.accountReference?.startsWith('acct_') || !method.customerReference?.startsWith('cus_'))
    return null
  if (!method.reference.startsWith('pm_')) return null
  return { account: method.accountReference, customer: method.customerReference }
}

/** The statuses of an intent that has not taken money and can still be cancelled. */
const cancellable = new Set<Stripe.PaymentIntent.Status>([
  'requires_action',
  'requires_payment_method',
  'requires_confirmation',
])

/**
 * A PaymentIntent as the engine records it. On-session (`metadata.on_session`), `requires_action` is the
 * member's 3-D Secure still to do (pending, with the client secret for their browser), and one that ends
 * cancelled or declined by the check is `AUTHENTICATION_FAILED`; off-session, `requires_action` is
 * `authentication_required` (the member must be brought back to pay).
 */
export function fromIntent(intent: Stripe.PaymentIntent): ChargeResult {
  const onSession = intent.metadata?.on_session === 'true'
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', reference: intent.id }
    case 'processing':
      return { status: 'pending', reference: intent.id }
    case 'requires_action':
      if (onSession && intent.client_secret)
        return { status: 'pending', reference: intent.id, action: { clientSecret: intent.client_secret } }
      return failedWith(intent.id, 'authentication_required')
    default: {
      // requires_payment_method after a decline (or a failed 3-D Secure), canceled.
      const error = intent.last_payment_error
      if (onSession && (intent.status === 'canceled' || error?.code === AUTHENTICATION_FAILED))
        return failedWith(intent.id, AUTHENTICATION_FAILED)
      const errorStatus = declineStatus(error ?? {})
      return {
        status: 'failed',
        reference: intent.id,
        errorStatus,
        errorDescription: declineDescription(errorStatus, error?.message),
      }
    }
  }
}

function failedWith(reference: string, errorStatus: string): ChargeResult {
  return { status: 'failed', reference, errorStatus, errorDescription: declineDescription(errorStatus) }
}

function chargeError(error: unknown, request: ChargeRequest): ChargeResult {
  if (error instanceof Stripe.errors.StripeCardError) {
    const raw = error.raw as {
      code?: string
      decline_code?: string
      message?: string
      payment_intent?: { id?: string }
    }
    const errorStatus = declineStatus({
      code: error.code ?? raw.code,
      decline_code: error.decline_code ?? raw.decline_code,
    })
    return {
      status: 'failed',
      reference: error.payment_intent?.id ?? raw.payment_intent?.id ?? null,
      errorStatus,
      errorDescription: declineDescription(errorStatus, error.message),
    }
  }
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    throw new IdempotencyKeyReusedError(request.idempotencyKey)
  }
  if (isUnknownOutcome(error)) throw new PaymentProviderUnavailableError(messageOf(error))
  if (
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
  ) {
    // Our key, or the gym's grant to the platform, refused before anything was made.
    return failedBeforeCharge('card_account_unavailable')
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    if (error.code === 'resource_missing') return failedBeforeCharge('payment_method_not_found')
    if (error.code === 'amount_too_small') return failedBeforeCharge('amount_too_small')
    const status = error.code ?? 'invalid_request'
    return {
      status: 'failed',
      reference: error.payment_intent?.id ?? null,
      errorStatus: status,
      errorDescription: declineDescription(status, error.message),
    }
  }
  throw error
}

function failedBeforeCharge(errorStatus: string): ChargeResult {
  return { status: 'failed', reference: null, errorStatus, errorDescription: declineDescription(errorStatus) }
}

/** Stripe's own words, which hold no key or card data. */
function messageOf(error: unknown): string {
  return error instanceof Error ? `Stripe did not answer: ${error.message}` : 'Stripe did not answer'
}
