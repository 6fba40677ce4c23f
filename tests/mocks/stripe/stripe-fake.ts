import { randomBytes } from 'node:crypto'
import { delay, HttpResponse, http } from 'msw'

/**
 * Stripe's API as it documents itself (PROVIDERS.md §1.2–§1.4, §1.8), held in memory for MSW: form-encoded
 * requests with bracket keys, `Authorization: Bearer sk_…`, `Stripe-Account` for a connected account's
 * objects, `Idempotency-Key` replays of the first answer (errors included) and a 400 `idempotency_error`
 * for a key reused with other parameters, 402 card errors carrying the PaymentIntent, 429 rate limits,
 * and a charge Stripe records but whose answer never arrives. Test payment methods are Stripe's own
 * (`pm_card_visa`, `pm_card_chargeDeclined…`, `pm_card_authenticationRequired`).
 */
export const STRIPE_API = 'https://api.stripe.com'

type Json = Record<string, unknown>
type Answer = { status: number; body: Json }

interface StoredIntent {
  account: string
  body: Json
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`

/** Stripe's test payment methods and what charging them off-session does. */
const testMethods: Record<
  string,
  { brand: string; last4: string; decline?: { code: string; decline_code?: string; message: string } }
> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    decline: {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  pm_card_chargeDeclinedExpiredCard: {
    brand: 'visa',
    last4: '0069',
    decline: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
  },
  pm_card_chargeDeclinedIncorrectCvc: {
    brand: 'visa',
    last4: '0127',
    decline: {
      code: 'incorrect_cvc',
      decline_code: 'incorrect_cvc',
      message: "Your card's security code is incorrect.",
    },
  },
  pm_card_chargeDeclinedProcessingError: {
    brand: 'visa',
    last4: '0119',
    decline: {
      code: 'processing_error',
      message: 'An error occurred while processing your card. Try again in a little bit.',
    },
  },
  pm_card_authenticationRequired: {
    brand: 'visa',
    last4: '3184',
    decline: {
      code: 'authentication_required',
      decline_code: 'authentication_required',
      message: 'Your card was declined. This transaction requires authentication.',
    },
  },
}

export class StripeFake {
  readonly accounts = new Map<string, Json>()
  readonly links = new Map<
    string,
    { account: string; expiresAt: number; used: boolean; returnUrl: string; refreshUrl: string }
  >()
  readonly customers = new Map<string, { account: string; body: Json }>()
  readonly setupIntents = new Map<string, { account: string; body: Json }>()
  readonly paymentMethods = new Map<string, { account: string; body: Json }>()
  readonly paymentIntents = new Map<string, StoredIntent>()
  /** Every request: method, path, the connected account and the idempotency key it carried. */
  readonly requests: {
    method: string
    path: string
    account: string | null
    idempotencyKey: string | null
  }[] = []
  private readonly idempotency = new Map<string, { fingerprint: string; answer: Answer }>()
  private rateLimited = 0
  /** While set, a PaymentIntent is recorded but its answer comes only after this many milliseconds. */
  answerChargesAfterMs: number | null = null
  /** Stripe's clock, in seconds. */
  now = () => Math.floor(Date.now() / 1000)

  /** The next `count` requests are refused with 429, as Stripe's rate limiter refuses them. */
  rateLimitNext(count: number) {
    this.rateLimited = count
  }

  /** The owner filled Stripe's onboarding in: the account may take charges and payouts. */
  completeOnboarding(accountId: string) {
    const account = this.accounts.get(accountId)
    if (!account) throw new Error(`No account ${accountId}`)
    Object.assign(account, { details_submitted: true, charges_enabled: true, payouts_enabled: true })
  }

  /** Opening an Account Link in a browser: it works once and for five minutes. */
  visitLink(url: string): 'onboarding' | 'refresh' {
    const link = this.links.get(url)
    if (!link || link.used || link.expiresAt < this.now()) return 'refresh'
    link.used = true
    return 'onboarding'
  }

  /** What Stripe.js `confirmSetup` does in the browser: the card becomes a payment method on the customer. */
  confirmSetup(setupIntentId: string, testMethod: keyof typeof testMethods) {
    const setup = this.setupIntents.get(setupIntentId)
    const card = testMethods[testMethod]
    if (!setup || !card) throw new Error('No such setup or test card')
    const methodId = id('pm')
    this.paymentMethods.set(methodId, {
      account: setup.account,
      body: {
        id: methodId,
        object: 'payment_method',
        type: 'card',
        customer: setup.body.customer,
        card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034, country: 'NZ' },
        metadata: { test_method: testMethod },
      },
    })
    Object.assign(setup.body, { status: 'succeeded', payment_method: methodId })
    return methodId
  }

  /**
   * What Stripe.js `handleNextAction` and the member's bank do with an on-session PaymentIntent waiting in
   * `requires_action`: approved, it succeeds; refused, it goes back to `requires_payment_method` with
   * Stripe's `payment_intent_authentication_failure`.
   */
  completeAction(intentId: string, approved: boolean) {
    const intent = this.paymentIntents.get(intentId)
    if (intent?.body.status !== 'requires_action') throw new Error(`No intent ${intentId} waits`)
    Object.assign(
      intent.body,
      approved
        ? { status: 'succeeded', next_action: null }
        : {
            status: 'requires_payment_method',
            next_action: null,
            last_payment_error: {
              type: 'card_error',
              code: 'payment_intent_authentication_failure',
              message:
                'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
            },
          },
    )
  }

  intentsOn(account: string) {
    return [...this.paymentIntents.values()].filter((intent) => intent.account === account)
  }

  handlers() {
    return [
      http.all(`${STRIPE_API}/v1/*`, async ({ request }) => {
        const url = new URL(request.url)
        const path = url.pathname
        const account = request.headers.get('stripe-account')
        const key = request.headers.get('idempotency-key')
        this.requests.push({ method: request.method, path, account, idempotencyKey: key })
        if (!/^Bearer sk_(test|live)_\w+$/.test(request.headers.get('authorization') ?? '')) {
          return respond(error(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' }))
        }
        if (this.rateLimited > 0) {
          this.rateLimited -= 1
          return respond(
            error(429, {
              type: 'invalid_request_error',
              code: 'rate_limit',
              message:
                'Too many requests hit the API too quickly. We recommend an exponential backoff of your requests.',
            }),
          )
        }
        const form = request.method === 'POST' ? new URLSearchParams(await request.text()) : url.searchParams
        if (request.method === 'POST' && key) {
          const fingerprint = `${path}?${[...form.entries()].sort().join('&')}`
          const earlier = this.idempotency.get(`${account ?? ''}:${key}`)
          // The answer is lost on the way back (a timeout), for the first request and its replays alike.
          const lost = this.answerChargesAfterMs !== null && path === '/v1/payment_intents'
          if (earlier) {
            if (lost && this.answerChargesAfterMs !== null) await delay(this.answerChargesAfterMs)
            if (earlier.fingerprint !== fingerprint) {
              return respond(
                error(400, {
                  type: 'idempotency_error',
                  message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
                }),
              )
            }
            return HttpResponse.json(earlier.answer.body, {
              status: earlier.answer.status,
              headers: { 'Idempotent-Replayed': 'true' },
            })
          }
          const answer = this.route(request.method, path, form, account)
          this.idempotency.set(`${account ?? ''}:${key}`, { fingerprint, answer })
          if (lost && this.answerChargesAfterMs !== null) await delay(this.answerChargesAfterMs)
          return respond(answer)
        }
        return respond(this.route(request.method, path, form, account))
      }),
    ]
  }

  private route(method: string, path: string, form: URLSearchParams, account: string | null): Answer {
    const metadata = bracketed(form, 'metadata')
    const on = account ?? 'platform'
    if (method === 'POST' && path === '/v1/accounts') {
      const body = {
        id: `acct_${randomBytes(8).toString('hex')}`,
        object: 'account',
        type: form.get('type'),
        country: form.get('country'),
        business_profile: { name: form.get('business_profile[name]') },
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        metadata,
      }
      this.accounts.set(body.id, body)
      return ok(body)
    }
    const accountPath = /^\/v1\/accounts\/(acct_\w+)$/.exec(path)
    if (method === 'GET' && accountPath) {
      const found = this.accounts.get(accountPath[1] ?? '')
      return found ? ok(found) : missing('account', accountPath[1] ?? '')
    }
    if (method === 'POST' && path === '/v1/account_links') {
      const linked = form.get('account') ?? ''
      if (!this.accounts.has(linked)) return missing('account', linked)
      const created = this.now()
      const url = `https://connect.stripe.com/setup/s/${linked}/${randomBytes(12).toString('hex')}`
      this.links.set(url, {
        account: linked,
        expiresAt: created + 300,
        used: false,
        returnUrl: form.get('return_url') ?? '',
        refreshUrl: form.get('refresh_url') ?? '',
      })
      return ok({ object: 'account_link', created, expires_at: created + 300, url })
    }
    if (method === 'POST' && path === '/v1/customers') {
      const body = { id: id('cus'), object: 'customer', metadata }
      this.customers.set(body.id, { account: on, body })
      return ok(body)
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const customer = form.get('customer')
      if (customer && this.customers.get(customer)?.account !== on)
        return missing('customer', customer, 'customer')
      const setupId = id('seti')
      const body: Json = {
        id: setupId,
        object: 'setup_intent',
        client_secret: `${setupId}_secret_${randomBytes(12).toString('hex')}`,
        customer,
        usage: form.get('usage') ?? 'off_session',
        status: 'requires_payment_method',
        payment_method: null,
        last_setup_error: null,
        metadata,
      }
      this.setupIntents.set(setupId, { account: on, body })
      return ok(body)
    }
    const setupPath = /^\/v1\/setup_intents\/(seti_\w+)$/.exec(path)
    if (method === 'GET' && setupPath) {
      const setup = this.setupIntents.get(setupPath[1] ?? '')
      if (!setup || setup.account !== on) return missing('setup_intent', setupPath[1] ?? '')
      const expand =
        form.getAll('expand[]').includes('payment_method') ||
        form.getAll('expand[0]').includes('payment_method')
      const methodId = setup.body.payment_method
      const pm = typeof methodId === 'string' ? this.paymentMethods.get(methodId)?.body : null
      return ok({ ...setup.body, payment_method: expand && pm ? pm : methodId })
    }
    // A card the member removed: it leaves its customer and can't be charged again (Stripe's detach). One
    // that is on no customer is refused, in Stripe's words.
    const detachPath = /^\/v1\/payment_methods\/(pm_\w+)\/detach$/.exec(path)
    if (method === 'POST' && detachPath) {
      const found = this.paymentMethods.get(detachPath[1] ?? '')
      if (!found || found.account !== on) return missing('payment_method', detachPath[1] ?? '')
      if (!found.body.customer) {
        return error(400, {
          type: 'invalid_request_error',
          message:
            'The payment method you provided is not attached to a customer so detachment is impossible.',
        })
      }
      found.body.customer = null
      return ok(found.body)
    }
    if (method === 'POST' && path === '/v1/payment_intents') return this.createIntent(form, on, metadata)
    const intentPath = /^\/v1\/payment_intents\/(pi_\w+?)(\/cancel)?$/.exec(path)
    if (intentPath) {
      const intentId = intentPath[1] ?? ''
      const intent = this.paymentIntents.get(intentId)
      if (!intent || intent.account !== on) return missing('payment_intent', intentId)
      if (method === 'GET' && !intentPath[2]) return ok(intent.body)
      if (method === 'POST' && intentPath[2]) {
        const status = String(intent.body.status)
        if (
          !['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing'].includes(
            status,
          )
        ) {
          return error(400, {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
          })
        }
        Object.assign(intent.body, {
          status: 'canceled',
          next_action: null,
          cancellation_reason: form.get('cancellation_reason'),
          canceled_at: this.now(),
        })
        return ok(intent.body)
      }
    }
    if (method === 'GET' && path === '/v1/payment_intents') {
      const customer = form.get('customer')
      const limit = Number(form.get('limit') ?? 10)
      let list = this.intentsOn(on)
        .map((intent) => intent.body)
        .filter((intent) => !customer || intent.customer === customer)
        .reverse()
      const after = form.get('starting_after')
      if (after) list = list.slice(list.findIndex((intent) => intent.id === after) + 1)
      return ok({
        object: 'list',
        url: '/v1/payment_intents',
        has_more: list.length > limit,
        data: list.slice(0, limit),
      })
    }
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` },
      },
    }
  }

  private createIntent(form: URLSearchParams, on: string, metadata: Record<string, string>): Answer {
    const amount = Number(form.get('amount'))
    if (!Number.isInteger(amount) || amount < 50) {
      return error(400, {
        type: 'invalid_request_error',
        code: 'amount_too_small',
        param: 'amount',
        message: 'Amount must be at least $0.50 nzd',
      })
    }
    if (form.get('off_session') === 'true' && form.get('confirm') !== 'true') {
      return error(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_empty',
        param: 'confirm',
        message: 'off_session can only be used with confirm=true.',
      })
    }
    const methodId = form.get('payment_method') ?? ''
    const saved = this.paymentMethods.get(methodId)
    const testName = saved ? String((saved.body.metadata as Json).test_method) : methodId
    const card = testMethods[testName]
    if (!card || (saved && saved.account !== on)) {
      return missing('payment_method', methodId, 'payment_method')
    }
    const intentId = id('pi')
    const intent: Json = {
      id: intentId,
      object: 'payment_intent',
      client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
      amount,
      currency: form.get('currency'),
      customer: form.get('customer'),
      payment_method: methodId,
      description: form.get('description'),
      metadata,
      created: this.now(),
      livemode: false,
      status: 'succeeded',
      latest_charge: id('ch'),
      last_payment_error: null,
    }
    this.paymentIntents.set(String(intent.id), { account: on, body: intent })
    if (!card.decline) return ok(intent)
    // On-session, the bank's check is the member's to do: the intent waits for Stripe.js.
    if (card.decline.code === 'authentication_required' && form.get('off_session') !== 'true') {
      Object.assign(intent, {
        status: 'requires_action',
        latest_charge: null,
        next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } },
      })
      return ok(intent)
    }
    const stripeError = { type: 'card_error', ...card.decline, charge: intent.latest_charge }
    Object.assign(intent, { status: 'requires_payment_method', last_payment_error: stripeError })
    return error(402, { ...stripeError, payment_intent: intent })
  }
}

function ok(body: Json): Answer {
  return { status: 200, body }
}

function error(status: number, body: Json): Answer {
  return { status, body: { error: { ...body, request_log_url: 'https://dashboard.stripe.com/test/logs' } } }
}

function respond(answer: Answer) {
  return HttpResponse.json(answer.body, { status: answer.status })
}

function missing(kind: string, value: string, param?: string) {
  return error(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    ...(param ? { param } : {}),
    message: `No such ${kind}: '${value}'`,
  })
}

/** `metadata[foo]=bar` form fields as `{ foo: 'bar' }`. */
function bracketed(form: URLSearchParams, name: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of form.entries()) {
    const match = new RegExp(`^${name}\\[(\\w+)\\]$`).exec(key)
    if (match?.[1]) out[match[1]] = value
  }
  return out
}
